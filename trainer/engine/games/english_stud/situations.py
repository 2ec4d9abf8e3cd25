"""English Stud's mispays, in a dealer's words: what a showdown's pot pushed wrong was, the
situations it can name, and how a dealer makes each; the vocabulary is `kit.situations`."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...house import HouseConfig
from ...kit.situations import (
    ODD_CHIP_SEAT,
    POT_OVERPAID,
    POT_UNDERPAID,
    UNEVEN,
    WRONG_SEAT,
    _astray,
    _plant_shares,
    _shares,
)


def english_stud(
    request: Any, ruling: Mapping[str, Any], paid: Mapping[str, int], config: HouseConfig
) -> str:
    """An English Stud showdown's pot pushed as `paid` instead of `shares`."""
    correct = ruling["shares"]
    divisions = [(request.pot, tuple(ruling["winners"]))]
    found = _shares(request.pot, correct, paid, divisions, config.rules.chip_unit)
    return found or _astray(correct, paid)


def english_stud_mispays(config: HouseConfig) -> tuple[str, ...]:
    """Every situation `english_stud` names."""
    return (ODD_CHIP_SEAT, WRONG_SEAT, UNEVEN, POT_OVERPAID, POT_UNDERPAID)


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
