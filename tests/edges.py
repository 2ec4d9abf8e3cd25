"""A house edge as the pages show it, for the tests that look for one: the percentage, with
the exact fraction in its tooltip (the `edge` tag of trainer.houses.templatetags.parsheets)."""

from __future__ import annotations

from django.template.loader import render_to_string

from trainer.houses.templatetags.parsheets import edge


def shown_edge(value, points: bool = False) -> str:
    """The markup a page holds for the house edge `value` (a Fraction or its exact text), or,
    with `points`, for a change of edge.

    >>> shown_edge("53223/1082900")
    '<span class="exact-figure" title="Exactly 53223/1082900">4.9149%</span>'
    """
    return render_to_string("houses/_edge.html", edge(value, points))
