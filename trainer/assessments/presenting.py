"""How a test's parts and a sitting's sections read on a page."""

from __future__ import annotations

from trainer.engine.drills import REGISTRY
from trainer.engine.games import title_of

from .models import Sitting


def kind_title(kind: str) -> str:
    drill = REGISTRY.get(kind)
    return drill.title if drill else kind


def game_of(kind: str) -> str:
    drill = REGISTRY.get(kind)
    return title_of(drill.game) if drill else ""


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
            }
        )
    return rows
