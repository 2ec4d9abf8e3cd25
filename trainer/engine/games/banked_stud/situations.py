"""Caribbean Stud's and Casino Stud Poker's mispays, in a dealer's words: what a paid
hand's mistake was, the situations a house's rules allow, and how a dealer makes each; the
vocabulary is `kit.situations`."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ...house import HouseConfig
from ...kit.situations import (
    _LOST_AND_FOLDED,
    CAP_NOT_APPLIED,
    MORE_TAKEN,
    TIE_PAID,
    TIE_TAKEN,
    _common,
    _lost,
    _plant_common,
    _plant_win,
    _stake,
    _winning,
    _won,
)
from . import rules as banked
from .ruling import ruling as rule_hand


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
        uncapped = rule_hand(profile, request, free)["net"]
    return _won(ruling["player_category"], net, paid, uncapped)


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
        uncapped = rule_hand(profile, request, free)["net"]
    unit = config.rules.chip_unit
    return _plant_win(situation, ruling["player_category"], net, request.ante, unit, uncapped)
