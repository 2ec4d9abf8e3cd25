"""Mississippi Stud's mispays, in a dealer's words: what a paid hand's mistake was
(`mississippi_stud`), the situations a house's rules allow (`mississippi_stud_mispays`), and
how a dealer makes each (`plant_mississippi_stud`); the vocabulary is `kit.situations`.

>>> from ...house import DEFAULT_CONFIG
>>> push = {"outcome": "push", "category": "one pair", "net": 0, "returned": 4}
>>> mississippi_stud(None, push, 4, DEFAULT_CONFIG)
'pair of sixes to tens paid instead of pushed'
>>> fold = {"outcome": "fold", "category": None, "net": -1, "returned": 0}
>>> mississippi_stud(None, fold, 1, DEFAULT_CONFIG)
'fold paid'
"""

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
    _common,
    _lost,
    _plant_common,
    _plant_win,
    _stake,
    _winning,
    _won,
)
from . import rules as mississippi


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


def _pushing_hand(config: HouseConfig) -> str:
    """ "pair of sixes to tens": the Mississippi Stud hand that pushes at the house."""
    band = config.paytable(mississippi.SLUG).push_band
    return str(band).removeprefix("a ") if band is not None else "push"


def _push_paid(config: HouseConfig) -> str:
    return f"{_pushing_hand(config)} paid instead of pushed"


def _push_taken(config: HouseConfig) -> str:
    return f"{_pushing_hand(config)} taken instead of pushed"


def mississippi_stud_mispays(config: HouseConfig) -> tuple[str, ...]:
    """Every situation `mississippi_stud` names under the house `config`, in teaching order.

    >>> from ...house import DEFAULT_CONFIG
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


def plant_mississippi_stud(
    situation: str,
    request: Any,
    ruling: Mapping[str, Any],
    config: HouseConfig,
    rng: random.Random,
) -> int | None:
    """The net a dealer pays a Mississippi Stud position for `situation`, or None.

    >>> from ...house import DEFAULT_CONFIG
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
