"""What went wrong on a mispaid hand, in a dealer's words: the audit's situations, each read
from a paid hand and planted in one.

Each game's registry entry points to its functions here: what it reads (`situation`), the
situations it can name under a house's rules (`mispays`, in teaching order) and how a dealer
makes each (`plant`).  A situation is a short phrase from a small, fixed vocabulary, so that a
supervisor can filter a shift's mispays by it: it is worked out from the engine's own ruling
and what was paid, never from the request's wording.  A planted payment is a mistake as a
dealer makes it (a push paid as a win, the odd chip pushed to the other half), and reads back
as the situation planted (tests/engine/test_mispays.py checks it on seeded hands of every
game).  `trainer.engine.mispays` is the one door to both.

>>> from ..house import DEFAULT_CONFIG
>>> push = {"outcome": "push", "category": "one pair", "net": 0, "returned": 4}
>>> mississippi_stud(None, push, 4, DEFAULT_CONFIG)
'pair of sixes to tens paid instead of pushed'
>>> fold = {"outcome": "fold", "category": None, "net": -1, "returned": 0}
>>> mississippi_stud(None, fold, 1, DEFAULT_CONFIG)
'fold paid'
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import combinations, product
from typing import Any

from ..chips import divide
from ..hands import Category, two_card_high, two_card_low
from ..house import HouseConfig
from .banked_stud import rules as banked
from .mississippi_gonorrhea import rules as gonorrhea
from .mississippi_stud import rules as mississippi

#: every phrase that does not name a hand category or a bet (those are listed in the README)
MORE_TAKEN = "more taken than was bet"
FOLD_PAID = "fold paid"
FOLD_RETURNED = "fold's bets returned"
LOSS_PAID = "losing hand paid"
LOSS_PUSHED = "losing hand pushed"
LOSS_RETURNED = "losing hand's bets partly returned"
WIN_NOT_PAID = "winning hand not paid"
CAP_NOT_APPLIED = "payout cap not applied"
TIE_PAID = "tie paid instead of pushed"
TIE_TAKEN = "tie taken instead of pushed"
POT_OVERPAID = "more paid out than the pot"
POT_UNDERPAID = "less paid out than the pot"
ODD_CHIP_HALF = "odd chip to the wrong half"
ODD_CHIP_SEAT = "odd chip to the wrong seat"
HOG_MISSED = "pot split though sevens hog"
WRONG_SEAT = "pot to the wrong seat"
UNEVEN = "pot divided unevenly"

#: one division of a pot, as the ruling makes it: (chips, the seats sharing them)
Division = tuple[int, Sequence[str]]


def _stake(ruling: Mapping[str, Any]) -> int:
    stake: int = ruling["returned"] - ruling["net"]
    return stake


def _common(ruling: Mapping[str, Any], paid: int) -> str | None:
    """What reads the same at every banked table: too much taken, and a fold not taken."""
    if paid < -_stake(ruling):
        return MORE_TAKEN
    if ruling["outcome"] == "fold":
        return FOLD_PAID if paid > 0 else FOLD_RETURNED
    return None


def _lost(paid: int) -> str:
    if paid > 0:
        return LOSS_PAID
    return LOSS_PUSHED if paid == 0 else LOSS_RETURNED


def _won(category: str, net: int, paid: int, uncapped: int) -> str:
    if paid > net:
        return CAP_NOT_APPLIED if paid == uncapped else f"{category} overpaid"
    return WIN_NOT_PAID if paid <= 0 else f"{category} underpaid"


def mississippi_stud(
    request: Any, ruling: Mapping[str, Any], paid: int, config: HouseConfig
) -> str:
    """A Mississippi Stud position settled for `paid` (the player's net) instead of the
    ruling's `net`."""
    found = _common(ruling, paid)
    if found:
        return found
    outcome, net = ruling["outcome"], ruling["net"]
    if outcome == "push":
        # only a pair of the paytable's push band pushes (mississippi-stud.txt §05)
        return _push_paid(config) if paid > 0 else _push_taken(config)
    if outcome == "lose":
        return _lost(paid)
    uncapped = net
    if config.rules.mississippi_payout_cap is not None and paid > net:
        free = HouseConfig(config.paytables, replace(config.rules, mississippi_payout_cap=None))
        uncapped = mississippi.ruling(request, free)["net"]
    return _won(ruling["category"], net, paid, uncapped)


def banked_stud(
    profile: banked.Profile,
    request: Any,
    ruling: Mapping[str, Any],
    paid: int,
    config: HouseConfig,
) -> str:
    """A Caribbean Stud or Casino Stud Poker hand settled for `paid` instead of `net`."""
    found = _common(ruling, paid)
    if found:
        return found
    outcome, net = ruling["outcome"], ruling["net"]
    if outcome == "no-qualify":
        # the Ante wins even money and the second bet stands off (RULES.md)
        if paid > net:
            return f"{profile.second_bet} paid when the dealer did not qualify"
        return "Ante not paid when the dealer did not qualify"
    if outcome == "push":
        return TIE_PAID if paid > 0 else TIE_TAKEN
    if outcome == "lose":
        return _lost(paid)
    uncapped = net
    if profile.cap(config.rules) is not None and paid > net:
        free = HouseConfig(config.paytables, replace(config.rules, call_payout_cap=None))
        uncapped = banked.ruling(profile, request, free)["net"]
    return _won(ruling["player_category"], net, paid, uncapped)


def _shares(
    pot: int,
    correct: Mapping[str, int],
    paid: Mapping[str, int],
    divisions: Sequence[Division],
    unit: int,
) -> str | None:
    """What reads the same for every split pot: the total, and odd chips astray."""
    total = sum(paid.values())
    if total != pot:
        return POT_OVERPAID if total > pot else POT_UNDERPAID
    if _odd_chips_moved(paid, divisions, unit):
        return ODD_CHIP_SEAT
    return None


def _odd_chips_moved(paid: Mapping[str, int], divisions: Sequence[Division], unit: int) -> bool:
    """Whether `paid` is the pot divided as the ruling divides it, save that a division's odd
    chips (those left when its chips do not divide evenly among its seats) went to others of
    the seats sharing it.  A division that divides evenly has no odd chip to misdirect: a
    whole pot to a seat that should have none, or a chip moved between equal shares, is not
    an odd chip astray, however small the pot.

    >>> _odd_chips_moved({"2": 16, "4": 15}, [(31, ("4", "2"))], 1)
    True
    >>> _odd_chips_moved({"2": 16, "4": 14}, [(30, ("2", "4"))], 1)
    False
    """
    ways = []
    for chips, seats in divisions:
        base, odd = divmod(chips // unit, len(seats))
        ways.append([(seats, base * unit, extra) for extra in combinations(seats, odd)])
    if all(len(each) == 1 for each in ways):
        return False  # no division has an odd chip
    for choice in product(*ways):
        shares = dict.fromkeys(paid, 0)
        for seats, base, extra in choice:
            for seat in seats:
                shares[seat] = shares.get(seat, 0) + base + (unit if seat in extra else 0)
        if shares == dict(paid):
            return True
    return False


def _astray(correct: Mapping[str, int], paid: Mapping[str, int]) -> str:
    """Chips that add up to the pot and are no odd chip astray: to a seat that should have
    none, or between the seats that share it, unevenly."""
    if any(chips and not correct.get(seat) for seat, chips in paid.items()):
        return WRONG_SEAT
    return UNEVEN


def mississippi_gonorrhea(
    request: Any, ruling: Mapping[str, Any], paid: Mapping[str, int], config: HouseConfig
) -> str:
    """A Mississippi Gonorrhea pot pushed as `paid` (seat -> chips) instead of `shares`."""
    rules = config.rules
    if sum(paid.values()) == request.pot:
        other = "low" if rules.split_pot_odd_chip == "high" else "high"
        swapped = gonorrhea.settle(
            request.pot, request.hands, rules=replace(rules, split_pot_odd_chip=other)
        )
        if dict(swapped.shares) == dict(paid):
            return ODD_CHIP_HALF
    showdown = gonorrhea.settle(request.pot, request.hands, rules=rules)
    divisions = [(d.amount, d.seats) for d in showdown.divisions]
    found = _shares(request.pot, ruling["shares"], paid, divisions, rules.chip_unit)
    if found:
        return found
    hog = ruling["hog"]
    if hog and any(chips and seat not in hog for seat, chips in paid.items()):
        # the sevens were passed over: a split as if no one held them, or the whole pot to
        # a seat without them
        split = sum(1 for chips in paid.values() if chips) > 1
        return HOG_MISSED if split else WRONG_SEAT
    return _astray(ruling["shares"], paid)


def english_stud(
    request: Any, ruling: Mapping[str, Any], paid: Mapping[str, int], config: HouseConfig
) -> str:
    """An English Stud showdown's pot pushed as `paid` instead of `shares`."""
    correct = ruling["shares"]
    divisions = [(request.pot, tuple(ruling["winners"]))]
    found = _shares(request.pot, correct, paid, divisions, config.rules.chip_unit)
    return found or _astray(correct, paid)


# --- the vocabulary, and how a dealer makes each mispay --------------------------------------


def _pushing_hand(config: HouseConfig) -> str:
    """ "pair of sixes to tens": the Mississippi Stud hand that pushes at the house."""
    band = config.paytable(mississippi.SLUG).push_band
    return str(band).removeprefix("a ") if band is not None else "push"


def _push_paid(config: HouseConfig) -> str:
    return f"{_pushing_hand(config)} paid instead of pushed"


def _push_taken(config: HouseConfig) -> str:
    return f"{_pushing_hand(config)} taken instead of pushed"


def _winning(categories: Sequence[Category]) -> tuple[str, ...]:
    """ "two pair overpaid", "two pair underpaid", ... weakest first."""
    ordered = sorted(set(categories), key=lambda c: c.order)
    return tuple(f"{c.label} {how}" for c in ordered for how in ("overpaid", "underpaid"))


#: what every banked table can get wrong on a lost, folded or won hand, plain cases first
_LOST_AND_FOLDED = (LOSS_PAID, LOSS_PUSHED, LOSS_RETURNED, FOLD_PAID, FOLD_RETURNED, WIN_NOT_PAID)


def mississippi_stud_mispays(config: HouseConfig) -> tuple[str, ...]:
    """Every situation `mississippi_stud` names under the house `config`, in teaching order.

    >>> from ..house import DEFAULT_CONFIG
    >>> words = mississippi_stud_mispays(DEFAULT_CONFIG)
    >>> words[0], words[2], words[-1], len(words)
    ('pair of sixes to tens paid instead of pushed', 'losing hand paid', 'more taken than was \
bet', 27)
    """
    table = config.paytable(mississippi.SLUG)
    pushes = (_push_paid(config), _push_taken(config)) if table.push_band is not None else ()
    cap = (CAP_NOT_APPLIED,) if config.rules.mississippi_payout_cap is not None else ()
    rows = _winning([category for category, _ in table.rows])
    return (*pushes, *_LOST_AND_FOLDED, *rows, *cap, MORE_TAKEN)


def banked_stud_mispays(profile: banked.Profile, config: HouseConfig) -> tuple[str, ...]:
    """Every situation `banked_stud` names at a Caribbean Stud or Casino Stud Poker table."""
    table = config.paytable(profile.game)
    no_qualify = (
        f"{profile.second_bet} paid when the dealer did not qualify",
        "Ante not paid when the dealer did not qualify",
    )
    cap = (CAP_NOT_APPLIED,) if profile.cap(config.rules) is not None else ()
    rows = _winning([category for category, _ in table.rows])
    return (*no_qualify, TIE_PAID, TIE_TAKEN, *_LOST_AND_FOLDED, *rows, *cap, MORE_TAKEN)


def mississippi_gonorrhea_mispays(config: HouseConfig) -> tuple[str, ...]:
    """Every situation `mississippi_gonorrhea` names."""
    return (
        ODD_CHIP_HALF,
        ODD_CHIP_SEAT,
        HOG_MISSED,
        WRONG_SEAT,
        UNEVEN,
        POT_OVERPAID,
        POT_UNDERPAID,
    )


def english_stud_mispays(config: HouseConfig) -> tuple[str, ...]:
    """Every situation `english_stud` names."""
    return (ODD_CHIP_SEAT, WRONG_SEAT, UNEVEN, POT_OVERPAID, POT_UNDERPAID)


def _plant_common(
    situation: str, ruling: Mapping[str, Any], first: int, rng: random.Random
) -> int | None:
    """A mispay every banked table reads alike, as a dealer makes it, for a position whose
    first bet (the Ante) is `first`; None when it is none of them or the hand cannot take
    it.  A lost bet is paid even money; a loss partly returned keeps only the Ante; a win
    is pushed or taken as a loss."""
    outcome, stake = ruling["outcome"], _stake(ruling)
    if situation == MORE_TAKEN:
        return -(stake + first)  # an Ante more than was bet, swept in with the bets
    plants: dict[str, dict[str, int | None]] = {
        "fold": {FOLD_PAID: first, FOLD_RETURNED: 0},
        "lose": {
            LOSS_PAID: stake,
            LOSS_PUSHED: 0,
            LOSS_RETURNED: -first if first < stake else None,
        },
        "win": {WIN_NOT_PAID: rng.choice((0, -stake))},
    }
    return plants.get(outcome, {}).get(situation)


def _plant_win(
    situation: str,
    category: str,
    net: int,
    first: int,
    unit: int,
    uncapped: int | None,
) -> int | None:
    """A winning position mispaid: an Ante too many (two, where one more is the uncapped
    payout), an Ante short (a chip short on a payout no bigger than the Ante), or the cap
    forgotten (`uncapped`: the payout without the house's cap, None when no cap is set)."""
    if situation == CAP_NOT_APPLIED:
        return uncapped if uncapped is not None and uncapped > net else None
    if situation == f"{category} overpaid":
        return next(paid for paid in (net + first, net + 2 * first) if paid != uncapped)
    if situation == f"{category} underpaid":
        return next((paid for paid in (net - first, net - unit) if paid > 0), None)
    return None


def plant_mississippi_stud(
    situation: str,
    request: Any,
    ruling: Mapping[str, Any],
    config: HouseConfig,
    rng: random.Random,
) -> int | None:
    """The net a dealer pays a Mississippi Stud position for `situation`, or None.

    >>> from ..house import DEFAULT_CONFIG
    >>> push = {"outcome": "push", "category": "one pair", "net": 0, "returned": 4}
    >>> plant_mississippi_stud(_push_paid(DEFAULT_CONFIG), None, push, DEFAULT_CONFIG, None)
    4
    """
    outcome, stake = ruling["outcome"], _stake(ruling)
    if outcome == "push" and situation != MORE_TAKEN:
        # the pushing pair paid as a paying pair (even money on every bet), or taken
        return {_push_paid(config): stake, _push_taken(config): -stake}.get(situation)
    first = request.bets[0]
    found = _plant_common(situation, ruling, first, rng)
    if found is not None or outcome != "win":
        return found
    uncapped = None
    if config.rules.mississippi_payout_cap is not None:
        free = HouseConfig(config.paytables, replace(config.rules, mississippi_payout_cap=None))
        uncapped = mississippi.ruling(request, free)["net"]
    unit = config.rules.chip_unit
    return _plant_win(situation, ruling["category"], ruling["net"], first, unit, uncapped)


def plant_banked_stud(
    profile: banked.Profile,
    situation: str,
    request: Any,
    ruling: Mapping[str, Any],
    config: HouseConfig,
    rng: random.Random,
) -> int | None:
    """The net a dealer pays a Caribbean Stud or Casino Stud Poker position for `situation`,
    or None: the second bet paid even money when the dealer did not qualify, everything
    returned instead of the Ante paid, a tie paid or taken as a win or a loss."""
    outcome, net, stake = ruling["outcome"], ruling["net"], _stake(ruling)
    if situation != MORE_TAKEN:
        if outcome == "no-qualify":
            second = stake - request.ante
            plants = {
                f"{profile.second_bet} paid when the dealer did not qualify": net + second,
                "Ante not paid when the dealer did not qualify": 0,
            }
            return plants.get(situation)
        if outcome == "push":
            return {TIE_PAID: stake, TIE_TAKEN: -stake}.get(situation)
    found = _plant_common(situation, ruling, request.ante, rng)
    if found is not None or outcome != "win":
        return found
    uncapped = None
    if profile.cap(config.rules) is not None:
        free = HouseConfig(config.paytables, replace(config.rules, call_payout_cap=None))
        uncapped = banked.ruling(profile, request, free)["net"]
    unit = config.rules.chip_unit
    return _plant_win(situation, ruling["player_category"], net, request.ante, unit, uncapped)


def _plant_shares(
    situation: str,
    pot: int,
    right: Mapping[str, int],
    divided: Sequence[Mapping[str, int]],
    unit: int,
    rng: random.Random,
    swapped: Mapping[str, int] | None = None,
) -> dict[str, int] | None:
    """A mispay every split pot reads alike, or None: a chip pushed too many or too few to a
    winner, the odd chip of a tie pushed to another of the tied seats, the whole pot to a
    seat that should have none, chips moved between the seats sharing it.  `divided`: each
    division of the pot as the ruling makes it (seat -> its chips of that division);
    `swapped`: the pot as the other half's odd chip would divide it (a mistake of its own,
    never planted as another)."""
    winners = [seat for seat, chips in right.items() if chips]
    paid = dict(right)
    if situation in (POT_OVERPAID, POT_UNDERPAID):
        seat = rng.choice(winners)
        paid[seat] += unit if situation == POT_OVERPAID else -unit
        return paid
    if situation == WRONG_SEAT:
        losers = [seat for seat, chips in right.items() if not chips]
        if not losers:
            return None
        return {**dict.fromkeys(right, 0), rng.choice(losers): pot}
    divisions: list[Division] = [(sum(d.values()), tuple(d)) for d in divided]
    candidates: list[dict[str, int]] = []
    if situation == ODD_CHIP_SEAT:
        for shares in divided:
            # a seat given an odd chip of this division gives it to one that got none
            least = min(shares.values())
            given = [seat for seat, chips in shares.items() if chips > least]
            passed = [seat for seat, chips in shares.items() if chips == least]
            if given and passed:
                a, b = rng.choice(given), rng.choice(passed)
                candidates.append({**paid, a: paid[a] - unit, b: paid[b] + unit})
    elif situation == UNEVEN and len(winners) > 1:
        top = max(winners, key=lambda seat: right[seat])
        other = rng.choice([seat for seat in winners if seat != top])
        for moved in range(1, right[top] // unit):
            candidates.append(
                {**paid, top: paid[top] - moved * unit, other: paid[other] + moved * unit}
            )
    for candidate in candidates:
        odd_chip = _odd_chips_moved(candidate, divisions, unit)
        if candidate != swapped and odd_chip == (situation == ODD_CHIP_SEAT):
            return candidate
    return None


def plant_mississippi_gonorrhea(
    situation: str,
    request: Any,
    ruling: Mapping[str, Any],
    config: HouseConfig,
    rng: random.Random,
) -> dict[str, int] | None:
    """The chips a dealer pushes to each seat of a Mississippi Gonorrhea pot for
    `situation`, or None: the odd chip to the half the house does not give it to, the pot
    split high and low as if no one held sevens, or a mistake of any split pot."""
    rules, pot, right = config.rules, request.pot, dict(ruling["shares"])
    other = "low" if rules.split_pot_odd_chip == "high" else "high"
    swapped = gonorrhea.settle(pot, request.hands, rules=replace(rules, split_pot_odd_chip=other))
    if situation == ODD_CHIP_HALF:
        return dict(swapped.shares) if dict(swapped.shares) != right else None
    if situation == HOG_MISSED:
        return _split_past_the_hog(request, ruling, config)
    showdown = gonorrhea.settle(pot, request.hands, rules=rules)
    divided = [d.shares for d in showdown.divisions]
    unit = rules.chip_unit
    return _plant_shares(situation, pot, right, divided, unit, rng, dict(swapped.shares))


def _split_past_the_hog(
    request: Any, ruling: Mapping[str, Any], config: HouseConfig
) -> dict[str, int] | None:
    """The pot split between the best high and the best low as if nobody held sevens; None
    without a hog, or where that split too leaves every chip to the sevens."""
    hog = ruling["hog"]
    if not hog:
        return None
    rules, hands = config.rules, request.hands
    unit = rules.chip_unit
    order = ("high", "low") if rules.split_pot_odd_chip == "high" else ("low", "high")
    halves = divide(request.pot, order, unit=unit)
    paid = dict.fromkeys(ruling["shares"], 0)
    for half, value in (("high", two_card_high), ("low", two_card_low)):
        values = {seat: value(hands[seat]) for seat in paid}
        best = max(values.values())
        tied = [seat for seat in paid if values[seat] == best]
        for seat, chips in divide(halves[half], tied, unit=unit).items():
            paid[seat] += chips
    if not any(chips for seat, chips in paid.items() if seat not in hog):
        return None
    return paid


def plant_english_stud(
    situation: str,
    request: Any,
    ruling: Mapping[str, Any],
    config: HouseConfig,
    rng: random.Random,
) -> dict[str, int] | None:
    """The chips a dealer pushes to each seat of an English Stud showdown for `situation`."""
    shares = ruling["shares"]
    divided = [{seat: shares[seat] for seat in ruling["winners"]}]
    unit = config.rules.chip_unit
    return _plant_shares(situation, request.pot, shares, divided, unit, rng)
