"""A par sheet with the figures a manager reads beside it, as `manage.py parsheet` and the par
sheet API give them: the sheet's own (`ParSheet.as_dict()`), and the theoretical win an hour
and a shift, the hold against a drop, the rounds after which the house is ahead, a shift's
range and what the house's payout cap does (`trainer.engine.parsheets.money`).

The pace (rounds an hour) is the house's for the game where it keeps one.  Paces are kept by
the rounds app, which stands above this one: it registers how to read them in `PACES` (its
AppConfig.ready), as the apps above register their hooks elsewhere; with nothing registered
the game's default pace applies.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from trainer.engine import EngineError
from trainer.engine.catalog import GAMES
from trainer.engine.house import HouseRules
from trainer.engine.parsheets import Counts, ParSheet
from trainer.engine.parsheets.money import SHIFT_HOURS, manager_figures
from trainer.engine.paytables import Paytable

#: how to read a house's pace for a game, in rounds an hour (None: it keeps none), registered
#: by the app that keeps paces (trainer.rounds)
PACES: list[Callable[[Any, str], int | None]] = []


def pace_of(house, game: str) -> tuple[int, str]:
    """Rounds an hour for `game` at `house` (or None), and where the figure comes from."""
    if house is not None:
        for read in PACES:
            own = read(house, game)
            if own is not None:
                return own, f"{house}'s pace for the game"
    entry = GAMES[game]
    if entry.deals_rounds:
        return entry.round_procedure().rounds_per_hour, "the game's default pace"
    raise EngineError(f"{entry.title} has no pace: give the rounds an hour.")


@dataclass(frozen=True)
class MoneyInputs:
    """What the manager's figures read besides the sheet; None: the default (the house's or
    the game's pace; one seat; an Ante of the table's bet unit; an eight-hour shift; no
    drop, so no hold)."""

    rounds_per_hour: int | None = None
    seats: int = 1
    ante: int | None = None
    drop: int | None = None
    shift_hours: int = SHIFT_HOURS


def sheet_figures(
    sheet: ParSheet,
    *,
    table: Paytable,
    rules: HouseRules,
    house=None,
    inputs: MoneyInputs | None = None,
    counts: Counts | None = None,
) -> dict[str, Any]:
    """`sheet.as_dict()` with the manager's figures (`money.manager_figures`) beside it;
    `cap_effect` needs the game's `counts` (None: not priced).  EngineError for an input
    out of bounds, in words."""
    inputs = inputs or MoneyInputs()
    entry = GAMES[sheet.game]
    if inputs.rounds_per_hour is not None:
        pace, source = inputs.rounds_per_hour, "given"
    else:
        pace, source = pace_of(house, sheet.game)
    caps = None
    if counts is not None and entry.payout_cap(rules) is not None:
        caps = entry.cap_effect(table, rules, counts, sheet=sheet)
    figures = manager_figures(
        sheet,
        rounds_per_hour=pace,
        rounds_per_hour_from=source,
        seats=inputs.seats,
        average_ante=inputs.ante if inputs.ante is not None else table.bet_unit,
        shift_hours=inputs.shift_hours,
        drop=inputs.drop,
        caps=caps,
    )
    return {**sheet.as_dict(), **figures}


def has_cap(game: str, rules: HouseRules) -> bool:
    """Whether the house caps a payout of `game` (so `cap_effect` is worth its counts)."""
    return GAMES[game].payout_cap(rules) is not None
