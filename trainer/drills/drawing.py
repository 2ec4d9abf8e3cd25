"""The drill page's moving parts: the drill (its prompt, placard and answer area), the
answer area open for an answer or showing the feedback, and the running score, as typed values
drawn by their partials (templates/felt/drill.html, open.html, feedback_area.html, score.html).

The drill page is the site's hot path: each answer's response carries its feedback and the
next question whole (views.py).  The partials are Jinja2's (README, "Templates"): markup
passed in (the felt, the placard, the review) is drawn as it is, every other value escaped.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.safestring import SafeString

from trainer.core.templatetags.partials import drawn


@dataclass(frozen=True)
class Drill:
    """The whole drill of `question`, around its answer `area` (the htmx target #turn)."""

    session: Any
    question: Any
    kind: Any
    score: dict
    area: SafeString
    level_name: str = ""
    trying: bool = False
    placard_html: SafeString | str = ""
    #: where the skill's lapse came from, outside the drills (`practice.notes`)
    floor_note: str = ""


@dataclass(frozen=True)
class OpenArea:
    session: Any
    question: Any
    csrf: str
    felt_html: SafeString
    own_spots: tuple
    seated: bool
    order_words: str
    problems: Any = None
    target_ms: int | None = None
    target_words: str = ""
    clock: bool = False


@dataclass(frozen=True)
class FeedbackArea:
    session: Any
    question: Any
    attempt: Any
    csrf: str
    answered_felt: SafeString
    review: SafeString
    pace_line: str
    replayed: bool = False
    missed_hand: dict | None = None
    next_pk: int | None = None
    next_drill: SafeString | str = ""


def score(score: dict, *, oob: bool = False) -> SafeString:
    """The running score; `oob`: swapped out of band by htmx, beside the answer area."""
    return drawn("felt/score.html", "draw_score", score, oob)


def drill(d: dict, area: str) -> SafeString:
    """The whole drill of question `d["question"]`, around its answer `area`."""
    shown = Drill(
        session=d["session"],
        question=d["question"],
        kind=d["kind"],
        score=d["score"],
        area=area,
        level_name=d.get("level_name") or "",
        trying=bool(d.get("trying")),
        placard_html=d.get("placard_html", ""),
        floor_note=d.get("floor_note", ""),
    )
    return drawn("felt/drill.html", "draw_drill", shown)


def clock(target_ms: int, words: str) -> SafeString:
    """A watch drill's clock: the house's time for the table, which drills.js counts down and,
    when it runs out, sends the answer as it stands; without JavaScript the time is said, and
    an answer sent after it takes the positions not marked as missed."""
    return drawn("felt/clock.html", "draw_clock", target_ms, words)


def open_area(d: dict, csrf: str) -> SafeString:
    """The answer area of a question waiting for its answer."""
    area = OpenArea(
        session=d["session"],
        question=d["question"],
        csrf=csrf,
        felt_html=d["felt_html"],
        own_spots=tuple(d["own_spots"]),
        seated=bool(d["seated"]),
        order_words=d["order_words"],
        problems=d["form"].non_field_errors(),
        target_ms=d.get("target_ms"),
        target_words=d.get("target_words", ""),
        clock=bool(d.get("clock")),
    )
    return drawn("felt/open.html", "draw_open", area, csrf)


def feedback_area(d: dict, csrf: str, next_drill: str = "") -> SafeString:
    """The answer area once answered, and the question dealt with this answer (`next_drill`,
    whole) if any."""
    area = FeedbackArea(
        session=d["session"],
        question=d["question"],
        attempt=d["attempt"],
        csrf=csrf,
        answered_felt=d["answered_felt"],
        review=d["review"],
        pace_line=d["pace_line"],
        replayed=bool(d["replayed"]),
        missed_hand=d.get("missed_hand"),
        next_pk=d.get("next_pk"),
        next_drill=next_drill,
    )
    return drawn("felt/feedback_area.html", "draw_feedback_area", area, csrf)
