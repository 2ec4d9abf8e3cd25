"""How a par sheet's figures read on every page: the house edge in one form (the engine's
`edge_percent`, its exact fraction in the tooltip; `edge_words`, as the par-sheet command
prints it, where a page keeps the fraction in sight) and the house rules a sheet assumes."""

from __future__ import annotations

from fractions import Fraction

from django import template
from django.template.loader import render_to_string

from trainer.core.i18n import render_all
from trainer.core.numbers import localized
from trainer.engine import HouseRules
from trainer.engine.catalog import GAMES
from trainer.engine.figures import (
    change_fraction,
    change_points,
    edge_percent,
    edge_words,
    exact_fraction,
    rules_note,
)

from ..config import house_rules_of

register = template.Library()


@register.filter
def house_edge(figures) -> str:
    """A stored sheet's house edge (`ParSheetResult.figures`), e.g. "4.9149% (53223/1082900)"."""
    return localized(edge_words(figures["house_edge_exact"]))


@register.inclusion_tag("houses/_edge.html")
def edge(value, points: bool = False) -> dict[str, str]:
    """A house edge as a page shows it: the percentage, with the exact fraction in its tooltip
    (`value`: a `Fraction`, or its exact text as a stored sheet's `house_edge_exact` holds it).
    `points`: `value` is a change of edge, shown in percentage points and signed both ways."""
    if value is None or value == "":
        return {"shown": "—", "exact": ""}
    value = Fraction(value)
    if points:
        return {"shown": localized(change_points(value)), "exact": change_fraction(value)}
    return {"shown": localized(edge_percent(value)), "exact": exact_fraction(value)}


@register.simple_tag
def exact(figure) -> str:
    """A figure as a page shows it (anything with `text` and `exact`, as the desk's `Shown`):
    its text, with its exact fraction in the tooltip, as `edge` draws an edge.  With `as`, a
    sentence can hold it: `{% exact share as shown %}`."""
    return render_to_string("houses/_edge.html", {"shown": figure.text, "exact": figure.exact})


@register.simple_tag
def sheet_rules(result, version=None) -> dict[str, list[str]]:
    """What the sheet `result` assumes of the house rules and what it does not model: the
    rules it was computed under (recorded on the row), else the house's of `version`."""
    if result.rules:
        rules = HouseRules(**result.rules)
    else:
        rules = house_rules_of(getattr(getattr(version, "house", None), "rules", None))
    assumed, unmodelled = rules_note(GAMES[result.game], rules)
    return {"assumed": render_all(assumed), "unmodelled": render_all(unmodelled)}
