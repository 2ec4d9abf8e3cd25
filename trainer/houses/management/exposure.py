"""`manage.py parsheet GAME --exposure [--rounds N]`: a table's card-exposure figures for game
protection (`Game.exposures`), the site's stored ones when the task worker has computed them
for the same table and rules, otherwise computed here (minutes for the banked games)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from django.core.management.base import CommandError
from django.db import DatabaseError

from trainer.engine import EngineError
from trainer.engine.catalog import GAMES
from trainer.engine.figures import edge_words
from trainer.engine.house import HouseRules
from trainer.engine.paytables import Paytable
from trainer.houses.models import ExposureResult


def stored_exposures(game: str, table: Paytable, rules: HouseRules) -> list[dict] | None:
    """The figures the worker stored for this table and rules, or None (not computed, or no
    database to ask)."""
    try:
        key = GAMES[game].exposure_key(table, rules)
        row = ExposureResult.objects.filter(key=key, status=ExposureResult.Status.DONE).first()
    except DatabaseError:
        return None
    return row.figures if row is not None else None


def print_exposures(
    write: Callable[[str], Any],
    game: str,
    table: Paytable,
    rules: HouseRules,
    *,
    rounds: int | None,
    as_json: bool,
    progress: Callable[[int, int], None] | None = None,
) -> None:
    """Write the figures of `table` under `rules`: one JSON object, or words."""
    entry = GAMES[game]
    if not entry.has_exposure:
        raise CommandError(
            f"The engine computes no card-exposure figures for {entry.title}.", returncode=2
        )
    if rounds is not None and rounds < 2:
        raise CommandError("--rounds must be at least 2.", returncode=2)
    figures = stored_exposures(game, table, rules) if rounds is None else None
    if figures is None:
        try:
            found = entry.exposures(table, rules, progress, rounds=rounds)
        except EngineError as exc:
            raise CommandError(str(exc), returncode=2) from None
        figures = [e.as_dict() for e in found]
    if as_json:
        write(json.dumps({"game": game, "paytable": table.name, "exposures": figures}))
        return
    write(f"Card exposure: {entry.title}, {table.name}")
    for figure in figures:
        write(f"  {figure['description']}")
        write(f"    house edge       {edge_words(figure['house_edge_exact'])}")
        write(f"    without it       {edge_words(figure['normal_edge_exact'])}")
        write(f"    swing per Ante   {edge_words(figure['swing_exact'])} to the player")
        if figure["simulated"]:
            write(
                f"    simulated        {figure['rounds']:,} {figure['unit']} (seed "
                f"{figure['seed']}), standard error {figure['standard_error'] * 100:.4f}%"
            )
        else:
            write(f"    exact            every deal enumerated ({figure['rounds']:,})")
