"""What went wrong on a mispaid hand, in a dealer's words: the vocabulary of the audit's
situations and what every game's reading and planting of them share.

Each game's registry entry points to its own functions (its package's `situations`): what it
reads (`situation`), the situations it can name under a house's rules (`mispays`, in teaching
order) and how a dealer makes each (`plant`).  A situation is a short phrase from a small,
fixed vocabulary, so that a supervisor can filter a shift's mispays by it: it is worked out
from the engine's own ruling and what was paid, never from the request's wording.  A planted
payment is a mistake as a dealer makes it (a push paid as a win, the odd chip pushed to the
other half), and reads back as the situation planted (tests/engine/test_mispays.py checks it
on seeded hands of every game).  `trainer.engine.mispays` is the one door to both.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from itertools import combinations, product
from typing import Any

from ..hands import Category, rank_plural
from ..messages import Message, say

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

#: each fixed phrase said in the reader's language (`situation_words`)
_FIXED: Mapping[str, Message] = {
    MORE_TAKEN: say("more taken than was bet"),
    FOLD_PAID: say("fold paid"),
    FOLD_RETURNED: say("fold's bets returned"),
    LOSS_PAID: say("losing hand paid"),
    LOSS_PUSHED: say("losing hand pushed"),
    LOSS_RETURNED: say("losing hand's bets partly returned"),
    WIN_NOT_PAID: say("winning hand not paid"),
    CAP_NOT_APPLIED: say("payout cap not applied"),
    TIE_PAID: say("tie paid instead of pushed"),
    TIE_TAKEN: say("tie taken instead of pushed"),
    POT_OVERPAID: say("more paid out than the pot"),
    POT_UNDERPAID: say("less paid out than the pot"),
    ODD_CHIP_HALF: say("odd chip to the wrong half"),
    ODD_CHIP_SEAT: say("odd chip to the wrong seat"),
    HOG_MISSED: say("pot split though sevens hog"),
    WRONG_SEAT: say("pot to the wrong seat"),
    UNEVEN: say("pot divided unevenly"),
    # the watch drill's word for a position settled right (`mispays.RIGHT`)
    "settled right": say("settled right"),
}
#: the drills' own skills (`DrillKind.situations`), each fixed phrase said in the reader's
#: language; those built around a hand are read by `_DRILL_PATTERNS`
_DRILL_FIXED: Mapping[str, Message] = {
    "Ante not paid when the dealer did not qualify": say(
        "Ante not paid when the dealer did not qualify"
    ),
    "a folded seat is passed": say("a folded seat is passed"),
    "a pair takes low": say("a pair takes low"),
    "ace is high": say("ace is high"),
    "alone: takes the pot without a showdown": say("alone: takes the pot without a showdown"),
    "bank win": say("bank win"),
    "player win": say("player win"),
    "draw": say("draw"),
    "bring-in tie on rank": say("bring-in tie on rank"),
    "change black": say("change black"),
    "change green": say("change green"),
    "change purple or larger": say("change purple or larger"),
    "colour up": say("colour up"),
    "dealer A-K high": say("dealer A-K high"),
    "dealer ace high without a king": say("dealer ace high without a king"),
    "dealer below king high": say("dealer below king high"),
    "dealer king high": say("dealer king high"),
    "dealer does not qualify": say("dealer does not qualify"),
    "dealer pair": say("dealer pair"),
    "dealer small pair": say("dealer small pair"),
    "dealer wins": say("dealer wins"),
    "even split": say("even split"),
    "exact tie": say("exact tie"),
    "first to the dealer's left": say("first to the dealer's left"),
    "five-high straight (wheel)": say("five-high straight (wheel)"),
    "fold on 3rd Street": say("fold on 3rd Street"),
    "fold on 4th Street": say("fold on 4th Street"),
    "fold on 5th Street": say("fold on 5th Street"),
    "higher category": say("higher category"),
    "higher rank": say("higher rank"),
    "hog": say("hog"),
    "kicker decides": say("kicker decides"),
    "lowest card": say("lowest card"),
    "next in seat order": say("next in seat order"),
    "odd chip": say("odd chip"),
    "player folds": say("player folds"),
    "sevens share the hog": say("sevens share the hog"),
    "six or seven suited: the best five count": say("six or seven suited: the best five count"),
    "six to a straight: the top five count": say("six to a straight: the top five count"),
    "stand off": say("stand off"),
    "three pair: the best two count": say("three pair: the best two count"),
    "tie": say("tie"),
    "tie with odd chips": say("tie with odd chips"),
    "tied exposed hands": say("tied exposed hands"),
    "tied high": say("tied high"),
    "tied low": say("tied low"),
    "two triples make a full house": say("two triples make a full house"),
}
#: a drill skill built around hands: its pattern, and its message given the hands said
_HAND = r"(?P<hand>.+?)"
_DRILL_PATTERNS: tuple[tuple[re.Pattern[str], Callable[..., Message]], ...] = (
    (re.compile(rf"^{_HAND} wins$"), lambda hand: say("%(hand)s wins", hand=hand)),
    (re.compile(rf"^{_HAND} loses$"), lambda hand: say("%(hand)s loses", hand=hand)),
    (re.compile(rf"^{_HAND} pushes$"), lambda hand: say("%(hand)s pushes", hand=hand)),
    (re.compile(rf"^call pays {_HAND}$"), lambda hand: say("call pays %(hand)s", hand=hand)),
    (re.compile(rf"^raise pays {_HAND}$"), lambda hand: say("raise pays %(hand)s", hand=hand)),
    (
        re.compile(rf"^dealer {_HAND} or better$"),
        lambda hand: say("dealer %(hand)s or better", hand=hand),
    ),
    (
        re.compile(r"^(?P<hand>.+?) over a (?P<other>.+)$"),
        lambda hand, other: say("%(hand)s over a %(other)s", hand=hand, other=other),
    ),
    (
        re.compile(r"^(?P<hand>.+?), four to a (?P<other>.+)$"),
        lambda hand, other: say("%(hand)s, four to a %(other)s", hand=hand, other=other),
    ),
)


def _hand_said(text: str) -> str:
    """A hand in a drill skill's name: a category, a pair band, a fixed phrase of the
    dealer's hand ("dealer king high"), "pair of 2-5"; else the text as it is."""
    hand = _hand_of(text) or _DRILL_FIXED.get(text)
    if hand is not None:
        return hand
    if text.startswith("pair of "):
        return say("pair of %(ranks)s", ranks=text.removeprefix("pair of "))
    return text


#: the second bets a banked game's phrase names ("Call paid when the dealer did not qualify")
_BETS: Mapping[str, Message] = {"Call": say("Call"), "Raise": say("Raise")}


def _hand_of(text: str) -> Message | None:
    """A phrase's hand: a category ("two pair") or a pushing band of pairs ("pair of sixes
    to tens", Mississippi Stud's), as a message; None when it is neither."""
    try:
        return Category(text).label  # type: ignore[return-value]
    except ValueError:
        pass
    return _pairs().get(text)


_PAIRS: dict[str, Message] = {}


def _pairs() -> Mapping[str, Message]:
    """Every band of pairs a paytable can push, by its words ("pair of sixes to tens")."""
    if not _PAIRS:
        for low in range(2, 15):
            one = say("pair of %(ranks)s", ranks=rank_plural(low))
            _PAIRS[str(one)] = one
            for high in range(low + 1, 15):
                band = say(
                    "pair of %(low)s to %(high)s", low=rank_plural(low), high=rank_plural(high)
                )
                _PAIRS[str(band)] = band
    return _PAIRS


@lru_cache(maxsize=1024)  # a watch question lists a game's whole vocabulary
def situation_words(situation: str) -> str:
    """A stored situation (the audit's and the watch drill's English key, which filters,
    groups and exports stay in) as a message to say in the reader's language; a phrase this
    vocabulary does not hold, as it is.  English is the key itself, byte for byte.

    >>> [situation_words(s).msgid for s in ("fold paid", "two pair overpaid")]
    ['fold paid', '%(hand)s overpaid']
    >>> situation_words("pair of sixes to tens paid instead of pushed").params["hand"]
    'pair of sixes to tens'
    >>> situation_words("Raise paid when the dealer did not qualify")
    'Raise paid when the dealer did not qualify'
    """
    fixed = _FIXED.get(situation)
    if fixed is not None:
        return fixed
    # a hand-reading skill is its category ("royal flush"), or a pair band
    hand = _hand_of(situation)
    if hand is not None:
        return hand
    head, _, how = situation.rpartition(" ")
    if how in ("overpaid", "underpaid"):
        hand = _hand_of(head)
        if hand is not None:
            if how == "overpaid":
                return say("%(hand)s overpaid", hand=hand)
            return say("%(hand)s underpaid", hand=hand)
    for tail in (" paid instead of pushed", " taken instead of pushed"):
        if situation.endswith(tail):
            hand = _hand_of(situation.removesuffix(tail))
            if hand is not None:
                if tail == " paid instead of pushed":
                    return say("%(hand)s paid instead of pushed", hand=hand)
                return say("%(hand)s taken instead of pushed", hand=hand)
    bet, _, rest = situation.partition(" ")
    if rest == "paid when the dealer did not qualify" and bet in _BETS:
        return say("%(bet)s paid when the dealer did not qualify", bet=_BETS[bet])
    # the drills' own skills
    fixed = _DRILL_FIXED.get(situation)
    if fixed is not None:
        return fixed
    for pattern, message in _DRILL_PATTERNS:
        match = pattern.match(situation)
        if match:
            return message(**{k: _hand_said(v) for k, v in match.groupdict().items()})
    return situation


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


def _winning(categories: Sequence[Category]) -> tuple[str, ...]:
    """ "two pair overpaid", "two pair underpaid", ... weakest first."""
    ordered = sorted(set(categories), key=lambda c: c.order)
    return tuple(f"{c.label} {how}" for c in ordered for how in ("overpaid", "underpaid"))


#: what every banked table can get wrong on a lost, folded or won hand, plain cases first


_LOST_AND_FOLDED = (LOSS_PAID, LOSS_PUSHED, LOSS_RETURNED, FOLD_PAID, FOLD_RETURNED, WIN_NOT_PAID)


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
