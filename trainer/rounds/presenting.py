"""How an answered step of a round reads: its verdict, its time, and the review of its
answers against the settlement of the place it acted on.

A step that asks where the dealer acts next grades an answer acting on another place still
pending against that place's own settlement (`trainer.engine.kit.rounds.judge`): its review
shows that place's right answers and reasons, and its verdict says "out of order; paid right"
where only the order was wrong.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from trainer.core.i18n import render
from trainer.drills.models import Attempt
from trainer.drills.presenting import card_text, graded_against, pace_line, review
from trainer.engine import pace
from trainer.engine.drills import REGISTRY
from trainer.engine.kit.rounds import WHERE, settled_right_out_of_order

from .models import RoundStep

#: a step's verdict, as the feedback and the summary say it
RIGHT, WRONG, PAID_RIGHT, NOT_ANSWERED = "right", "wrong", "out-of-order", "not-answered"


def verdict_of(attempt: Attempt | None) -> str:
    if attempt is None:
        return NOT_ANSWERED
    if attempt.is_correct:
        return RIGHT
    return PAID_RIGHT if settled_right_out_of_order(attempt.marks) else WRONG


def verdict_words(verdict: str) -> str:
    return {
        RIGHT: _("right"),
        WRONG: _("wrong"),
        PAID_RIGHT: _("out of order; paid right"),
        NOT_ANSWERED: _("not answered"),
    }[verdict]


def answered(row: RoundStep | None) -> dict | None:
    """A step answered, as its feedback and the summary show it."""
    if row is None:
        return None
    question = row.question
    attempt = getattr(question, "attempt", None)
    verdict = verdict_of(attempt)
    said = {
        "row": row,
        "question": question,
        "attempt": attempt,
        "kind": REGISTRY.get(question.kind),
        "verdict": verdict,
        "verdict_words": verdict_words(verdict),
    }
    if attempt is None:
        return said
    at = graded_against(question, attempt)
    place = None if at is None else at.where
    reasons = question.steps if at is None else at.reasons
    return {
        **said,
        "review": review(question, attempt),
        "slips": row.slips,
        "reasons": [card_text(r) for r in reasons],
        "pace_line": pace_line(attempt),
        "took": render(pace.pace_words(attempt.response_ms, attempt.target_ms)),
        "at_pace": pace.at_pace(attempt.response_ms, attempt.target_ms),
        "acted_on": place,
        "next_place": question.expected.get(WHERE),
    }
