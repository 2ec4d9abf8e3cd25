"""What went wrong on a mispaid hand, in a dealer's words: the audit's situations.

Each game's registry entry points to its function here.  A situation is a short phrase from a
small, fixed vocabulary, so that a supervisor can filter a shift's mispays by it: it is worked
out from the engine's own ruling and what was paid, never from the request's wording.

>>> from ..house import DEFAULT_CONFIG
>>> push = {"outcome": "push", "category": "one pair", "net": 0, "returned": 4}
>>> mississippi_stud(None, push, 4, DEFAULT_CONFIG)
'pair of sixes to tens paid instead of pushed'
>>> fold = {"outcome": "fold", "category": None, "net": -1, "returned": 0}
>>> mississippi_stud(None, fold, 1, DEFAULT_CONFIG)
'fold paid'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import combinations, product
from typing import Any

from ..house import HouseConfig
from . import banked_stud as banked
from . import mississippi_gonorrhea as gonorrhea
from . import mississippi_stud as mississippi

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
        band = config.paytable(mississippi.SLUG).push_band
        hand = str(band).removeprefix("a ") if band is not None else "push"
        return f"{hand} {'paid' if paid > 0 else 'taken'} instead of pushed"
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
