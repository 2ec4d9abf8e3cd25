"""What Today's practice says beside a question about where its skill's lapse came from, when
it came from outside the drills (a mispay the audit found: trainer.audits registers it when
its app is ready, since the drills sit below the audits and import none of them)."""

from __future__ import annotations

from collections.abc import Callable

#: (trainee, drill kind, situation) -> the note in the trainee's words, or None
Source = Callable[[object, str, str], str | None]

_SOURCES: list[Source] = []


def register(source: Source) -> None:
    """Say `source`'s note beside the questions of Today's practice (once per source)."""
    if source not in _SOURCES:
        _SOURCES.append(source)


def note_for(session, question) -> str:
    """The note beside `question` of `session`: only in Today's practice, for a question of
    a skill; empty when no source has one."""
    if session is None or session.mode != "today" or not question.situation:
        return ""
    for source in _SOURCES:
        said = source(question.trainee, question.kind, question.situation)
        if said:
            return said
    return ""
