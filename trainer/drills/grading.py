"""Grading an answer: read from the post, graded through the engine and timed."""

from __future__ import annotations

from django.utils import timezone

from trainer.core.numbers import ungrouped
from trainer.drills.practice.services import question_target_ms
from trainer.engine.drills import REGISTRY, AnswerField, grade, parse_answer

from .models import Attempt, Question


def fields_of(question: Question) -> tuple[AnswerField, ...]:
    return question.answer_fields()


def raw_answer(fields: tuple[AnswerField, ...], data) -> dict:
    """What was sent for each field, from a form post (a QueryDict: several seats come as a
    list); a plain dict is taken as it is."""
    if not hasattr(data, "getlist"):
        return data
    return {f.name: _raw_value(f, data) for f in fields}


def _raw_value(f: AnswerField, data):
    """What was sent for `f`, an amount typed in the reader's grouping ("1.250" in Spanish)
    as its digits: the engine reads plain digits only, in every language."""
    if f.kind == "seats":
        return data.getlist(f.name)
    if f.kind == "chips":
        # one count a chip, posted as "<field>.<chip value>" (the chip builder's inputs)
        return {v: data.get(f"{f.name}.{v}", "") for v, _ in f.choices}
    if f.kind == "watch":
        # the mark, what went wrong and the right settlement, posted as "<field>.call",
        # "<field>.situation" and "<field>.amount" (a pot's: "<field>.share.<seat>")
        amount = (
            {seat: ungrouped(data.get(f"{f.name}.share.{seat}", "")) for seat in f.seats}
            if f.seats
            else ungrouped(data.get(f"{f.name}.amount", ""))
        )
        return {
            "call": data.get(f"{f.name}.call", ""),
            "situation": data.get(f"{f.name}.situation", ""),
            "amount": amount,
        }
    if f.kind in ("amount", "signed"):
        return ungrouped(data.get(f.name, ""))
    return data.get(f.name, "")


#: the most a browser's time may say, in ms (a year): a larger number is not a time
MAX_BROWSER_MS = 365 * 24 * 3600 * 1000


def browser_time(value) -> int | None:
    """The time a browser says it measured, from the answer form's `took_ms`: whole
    milliseconds in ASCII digits, or None (missing, or anything else: the server's own time
    stands)."""
    if not isinstance(value, str) or not value.isascii() or not value.isdigit():
        return None
    if len(value.lstrip("0")) > len(str(MAX_BROWSER_MS)):
        # no time, and int() of thousands of digits raises (Python's integer-string limit)
        return None
    ms = int(value)
    return ms if ms <= MAX_BROWSER_MS else None


def response_ms(question: Question, now, *, browser_ms: int | None = None, network_ms: int = 0):
    """The time an answer to `question` arriving `now` is stored with (the rulebook's *Speed
    standards*).  The server's own time runs from when it sent the question: when a page first
    showed it (`sent_at`), or, shown by none, when it was dealt (practice's next question is
    dealt as the response carrying it is made), less `network_ms` (a test's allowance for its
    connection), never below 0.  The browser's time, from the question appearing to the
    answer being sent, is taken instead when it is at least 0 and at most the server's.

    >>> from datetime import datetime, timedelta, timezone as tz
    >>> sent = datetime(2026, 1, 1, tzinfo=tz.utc)
    >>> question = Question(shown_at=sent - timedelta(seconds=9), sent_at=sent)
    >>> response_ms(question, sent + timedelta(seconds=3))
    3000
    >>> response_ms(question, sent + timedelta(seconds=3), browser_ms=2150)
    2150
    >>> response_ms(question, sent + timedelta(seconds=3), browser_ms=3001)  # over: the server's
    3000
    >>> response_ms(question, sent + timedelta(seconds=3), network_ms=120)
    2880
    """
    since = question.sent_at or question.shown_at
    server = max(0, int((now - since).total_seconds() * 1000) - network_ms)
    if browser_ms is not None and 0 <= browser_ms <= server:
        return browser_ms
    return server


def out_of_time(question: Question, now) -> bool:
    """Whether the clock of a watch drill's question (its pace target) has run out
    by `now`, on the server's time since the question was sent (never the browser's): then a
    position left unmarked counts as missed instead of being refused."""
    drill = REGISTRY.get(question.kind)
    if drill is None or not drill.watches:
        return False
    clock = question_target_ms(question)
    return clock is not None and response_ms(question, now) >= clock


def grade_answer(question: Question, raw: dict, timing: dict) -> Attempt:
    """The attempt an answer makes, graded and timed, not yet stored; AnswerError when the
    answer cannot be read."""
    fields = fields_of(question)
    now = timezone.now()
    late = out_of_time(question, now)
    answer = parse_answer(fields, raw_answer(fields, raw), out_of_time=late)
    marks = grade(fields, question.expected, answer)
    # the question by its id: an attempt holding the question object would be held by it in
    # turn (the ORM caches an attempt on its question), a reference cycle that keeps both,
    # with the question's table and steps, alive until Python's cycle collector runs; the
    # caller keeps the question (`services.Result.question`)
    return Attempt(
        question_id=question.pk,
        kind=question.kind,
        game=question.game,
        answer=answer,
        marks=marks,
        is_correct=all(marks.values()),
        response_ms=response_ms(question, now, **timing),
        target_ms=question_target_ms(question),
        answered_at=now,
    )
