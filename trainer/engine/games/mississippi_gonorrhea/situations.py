"""Mississippi Gonorrhea's mispays, in a dealer's words: what a pot pushed wrong was, the
situations a house's rules allow, and how a dealer makes each; the vocabulary is
`kit.situations`."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ...chips import divide
from ...hands import two_card_high, two_card_low
from ...house import HouseConfig
from ...kit.situations import (
    HOG_MISSED,
    ODD_CHIP_HALF,
    ODD_CHIP_SEAT,
    POT_OVERPAID,
    POT_UNDERPAID,
    UNEVEN,
    WRONG_SEAT,
    _astray,
    _plant_shares,
    _shares,
)
from . import rules as gonorrhea


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
