"""How a par sheet's figures read on every page: the house edge in one form (the engine's
`edge_words`, which the par-sheet command prints too) and the house rules a sheet assumes."""

from __future__ import annotations

from django import template

from trainer.engine import HouseRules
from trainer.engine.catalog import GAMES
from trainer.engine.figures import edge_words, rules_note

from ..config import house_rules_of

register = template.Library()


@register.filter
def house_edge(figures) -> str:
    """A stored sheet's house edge (`ParSheetResult.figures`), e.g. "4.9149% (53223/1082900)"."""
    return edge_words(figures["house_edge_exact"])


@register.simple_tag
def sheet_rules(result, version=None) -> dict[str, list[str]]:
    """What the sheet `result` assumes of the house rules and what it does not model: the
    rules it was computed under (recorded on the row), else the house's of `version`."""
    if result.rules:
        rules = HouseRules(**result.rules)
    else:
        rules = house_rules_of(getattr(getattr(version, "house", None), "rules", None))
    assumed, unmodelled = rules_note(GAMES[result.game], rules)
    return {"assumed": assumed, "unmodelled": unmodelled}
