"""How a paytable pays a few fixed example hands, as the engine settles them (each game's
preview hands are the engine's data), so a games manager sees what the numbers mean before
activating a table."""

from __future__ import annotations

from trainer.engine.catalog import GAMES, PreviewRow
from trainer.engine.house import HouseConfig, HouseRules
from trainer.engine.paytables import Paytable

__all__ = ["PreviewRow", "preview"]


def preview(game: str, paytable: Paytable, rules: HouseRules | None = None) -> list[PreviewRow]:
    """The example hands ruled with this table, at the smallest stake it takes."""
    entry = GAMES[game]
    if entry.preview is None:
        return []
    return entry.preview(HouseConfig({game: paytable}, rules or HouseRules()))
