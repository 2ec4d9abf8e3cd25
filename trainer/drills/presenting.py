"""How an answered question reads on a page: per field, what was said and what was right."""

from __future__ import annotations

from trainer.engine.drills import AnswerField

from .models import Attempt, Question
from .services import fields_of


def shown(field: AnswerField, value) -> str:
    """An answer value in words: choice labels, "seat 3", "seat 1, seat 4"."""
    if value is None or value == "":
        return "—"
    if isinstance(value, list):
        return ", ".join(f"seat {v}" for v in value) if value else "—"
    if field.kind == "seat":
        return f"seat {value}"
    return str(dict(field.choices).get(value, value))


def review(question: Question, attempt: Attempt) -> list[dict]:
    """Per field: the label, the answer given, the correct answer, right or wrong."""
    return [
        {
            "label": field.label,
            "given": shown(field, attempt.answer.get(field.name)),
            "expected": shown(field, question.expected.get(field.name)),
            "right": attempt.marks.get(field.name, False),
        }
        for field in fields_of(question)
    ]
