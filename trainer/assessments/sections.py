"""Sections a test may hold besides a drill's questions, registered by the apps above this one
(trainer.rounds: "deal N rounds of a game"), so that this app never imports them.

A section kind deals, for a sitting, `count` units of questions: each unit a list asked in its
own order and never mixed with another's (a round's steps), the units mixed with the drills'
questions as those are.  Its questions are ordinary questions, scored as every other: the
section's right answers over its questions, its pace from each answer's time over its target.
They are answered on the kind's own page (`page`), where the sitting page sends the trainee.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from trainer.core.i18n import render
from trainer.engine.drills import REGISTRY


@dataclass(frozen=True)
class SectionKind:
    #: what a test's section stores as its `kind` (at most 30 characters)
    slug: str
    title: str
    levels: tuple[int, ...]
    #: what its count counts ("rounds"), and the most a section may ask
    unit: str
    most: int
    #: (trainee, level, count, sitting, part) -> the units of questions dealt, each in order
    deal: Callable[..., list[list[Any]]]
    #: (sitting, sitting question) -> the address where that question is answered
    page: Callable[[Any, Any], str]


KINDS: dict[str, SectionKind] = {}


def register(kind: SectionKind) -> SectionKind:
    KINDS[kind.slug] = kind
    return kind


def known(slug: str) -> bool:
    """Whether a section of `slug` can be built and dealt: a drill, or a registered kind."""
    return slug in REGISTRY or slug in KINDS


def title_of(slug: str) -> str:
    drill = REGISTRY.get(slug)
    if drill is not None:
        return render(drill.title)
    kind = KINDS.get(slug)
    return kind.title if kind is not None else slug


def levels_of(slug: str) -> list[int]:
    drill = REGISTRY.get(slug)
    if drill is not None:
        return [lv.number for lv in drill.levels]
    kind = KINDS.get(slug)
    return list(kind.levels) if kind is not None else []
