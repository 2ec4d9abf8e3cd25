"""The speed standards in force at a house: for each drill and level, the house's own target
(the admin's *Pace targets*) or the drill's default (`DrillKind.target_seconds`).  Read by the
admin, where a games manager sees the defaults they override, and by the placard.

The target a question is timed against is `trainer.drills.practice.services.target_seconds`; this
module lays the same figures out for reading, all drills at once, in one query.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from trainer.core.i18n import render
from trainer.engine.drills import REGISTRY, DrillKind

from .models import PaceTarget


@dataclass(frozen=True)
class LevelTarget:
    level: int
    #: the level's name ("$5 table, one position")
    name: str
    default: float
    #: the house's own target, or None where it keeps the default
    house: Decimal | None

    @property
    def seconds(self) -> float:
        """The target in force."""
        return float(self.house) if self.house is not None else self.default

    @property
    def words(self) -> str:
        return seconds_words(self.seconds)

    @property
    def default_words(self) -> str:
        return seconds_words(self.default)


@dataclass(frozen=True)
class DrillTargets:
    slug: str
    title: str
    levels: tuple[LevelTarget, ...]


def seconds_words(seconds: float | Decimal) -> str:
    """A target in a dealer's words: "6 s", "7.5 s"."""
    value = Decimal(str(seconds)).normalize()
    return f"{value:f} s"


def kind_choices() -> list[tuple[str, str]]:
    """(slug, title) of every drill, in the registry's order."""
    return [(kind.slug, render(kind.title)) for kind in REGISTRY.values()]


def in_force(house_id: int | None, kinds: Iterable[DrillKind] | None = None) -> list[DrillTargets]:
    """Each drill of `kinds` (every registered drill by default) with its target per level at
    the house `house_id` (the defaults alone for None)."""
    kinds = list(REGISTRY.values()) if kinds is None else list(kinds)
    own: dict[tuple[str, int], Decimal] = {}
    if house_id is not None:
        rows = PaceTarget.objects.filter(house_id=house_id, kind__in=[k.slug for k in kinds])
        own = {
            (kind, level): seconds
            for kind, level, seconds in rows.values_list("kind", "level", "seconds")
        }
    return [
        DrillTargets(
            kind.slug,
            kind.title,
            tuple(
                LevelTarget(
                    level.number,
                    level.name,
                    kind.target_seconds(level.number),
                    own.get((kind.slug, level.number)),
                )
                for level in kind.levels
            ),
        )
        for kind in kinds
    ]
