"""Sections the apps above this one add to a supervisor's class page (the shift audit's
re-audits and floor mispays, `trainer.audits`): each source, registered from its app's
`ready`, gets the class and its trainees and gives a template and its data, or None."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Section:
    #: the template drawing it, included with `data` set to the dict below
    template: str
    data: dict[str, Any] = field(default_factory=dict)


Source = Callable[[Any, list], "Section | None"]
_SOURCES: list[Source] = []


def register(source: Source) -> None:
    """Add `source`'s section to every class page (once per source)."""
    if source not in _SOURCES:
        _SOURCES.append(source)


def sections_for(cohort, trainees: list) -> list[Section]:
    """The registered sections for `cohort`, whose trainees are `trainees`."""
    return [s for s in (source(cohort, trainees) for source in _SOURCES) if s is not None]
