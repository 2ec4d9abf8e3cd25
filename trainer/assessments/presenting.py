"""How a test's parts and a sitting's sections read on a page."""

from __future__ import annotations

import math

from django.utils.translation import gettext

from trainer.core.i18n import render
from trainer.engine.catalog import title_of
from trainer.engine.drills import REGISTRY
from trainer.engine.pace import seconds_words

from .models import Sitting


def kind_title(kind: str) -> str:
    drill = REGISTRY.get(kind)
    return render(drill.title) if drill else kind


def game_of(kind: str) -> str:
    drill = REGISTRY.get(kind)
    return render(title_of(drill.game)) if drill else ""


def section_rows(sitting: Sitting) -> list[dict]:
    """The sections of a finished sitting as scored, each with its drill's title and its
    percentage; empty for a sitting still running."""
    rows = []
    for section in sitting.sections or []:
        total = section.get("total") or 0
        rows.append(
            {
                **section,
                "title": kind_title(section.get("kind", "")),
                "game": game_of(section.get("kind", "")),
                "percent": round(100 * section["right"] / total) if total else None,
                "pace_words": pace_words(
                    section.get("median_ms"), section.get("target_ms"), section.get("pace")
                ),
            }
        )
    return rows


def pace_words(median_ms: int | None, target_ms: int | None, ratio: float | None) -> str:
    """ "median 4.2 s against 6 s target: at pace", as scored.

    >>> pace_words(4200, 6000, 0.7)
    'median 4.2 s against 6 s target: at pace'
    >>> pace_words(7000, 6000, 7000 / 6000)
    'median 7 s against 6 s target: not at pace'
    >>> pace_words(None, None, None)
    'no answer timed'
    """
    if ratio is None or median_ms is None or target_ms is None:
        return gettext("no answer timed")
    said = (
        gettext("median %(median)s against %(target)s target: at pace")
        if ratio <= 1
        else gettext("median %(median)s against %(target)s target: not at pace")
    )
    return said % {"median": seconds_words(median_ms), "target": seconds_words(target_ms)}


def sitting_pace_words(sitting: Sitting, sections: list[dict]) -> str:
    """The pace of a whole finished sitting in words: its one section's, or, across sections
    of different drills, the median answer's share of its own target."""
    if sitting.pace is None:
        return gettext("no answer timed")
    timed = [s for s in sections if s.get("pace") is not None]
    if len(timed) == 1:
        return timed[0]["pace_words"]
    # rounded towards the verdict: "at pace" never reads over 100%, "not at pace" never 100%
    share = math.floor(100 * sitting.pace) if sitting.at_pace else math.ceil(100 * sitting.pace)
    said = (
        gettext("the median answer took %(share)s%% of its target: at pace")
        if sitting.at_pace
        else gettext("the median answer took %(share)s%% of its target: not at pace")
    )
    return said % {"share": share}


def scored(sitting: Sitting) -> dict:
    """A finished sitting's sections and its pace in words, for a page's context."""
    sections = section_rows(sitting)
    return {"sections": sections, "pace_words": sitting_pace_words(sitting, sections)}
