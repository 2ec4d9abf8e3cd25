"""Synthetic history for benchmarks and tests: real questions from the engine's drills,
answered right or wrong at a chosen rate, spread over past days, written in bulk."""

from __future__ import annotations

import datetime as dt
import random

from django.db import transaction
from django.utils import timezone

from trainer.drills.dealing import question_row
from trainer.drills.models import Attempt, Question
from trainer.engine.drills import REGISTRY
from trainer.engine.house import DEFAULT_CONFIG

#: a handful of real questions per drill kind, generated once and reused (generation is the
#: slow part; the point here is many attempts, not many distinct deals)
_SAMPLES: dict[str, list] = {}


def _samples(kind: str, count: int = 8):
    if kind not in _SAMPLES:
        drill = REGISTRY[kind]
        _SAMPLES[kind] = [drill.generate(seed, 1, DEFAULT_CONFIG) for seed in range(count)]
    return _SAMPLES[kind]


@transaction.atomic
def seed_attempts(trainee, count: int, *, seed: int = 0, accuracy: float = 0.8, days: int = 60):
    """`count` answered questions for `trainee`, the newest now, the oldest `days` ago."""
    rng = random.Random(seed)
    kinds = sorted(REGISTRY)
    now = timezone.now()
    questions = []
    plan = []
    for i in range(count):
        q = rng.choice(_samples(kinds[i % len(kinds)]))
        shown = now - dt.timedelta(seconds=rng.randint(0, days * 86400))
        questions.append(question_row(q, trainee=trainee, rules=DEFAULT_CONFIG.rules))
        plan.append((q, shown, rng.random() < accuracy, rng.randint(800, 12000)))
    Question.objects.bulk_create(questions, batch_size=1000)
    attempts = []
    for question, (q, _shown, right, ms) in zip(questions, plan, strict=True):
        answer = dict(q.expected)
        marks = {f.name: True for f in q.fields}
        if not right:
            first = q.fields[0].name
            answer[first] = "wrong"
            marks[first] = False
        attempts.append(
            Attempt(
                question=question,
                trainee=trainee,
                kind=q.kind,
                game=q.game,
                answer=answer,
                marks=marks,
                is_correct=right,
                response_ms=ms,
            )
        )
    Attempt.objects.bulk_create(attempts, batch_size=1000)
    # auto_now_add stamped them all "now": spread them over the days they stand for
    for question, attempt, (_, shown, _, ms) in zip(questions, attempts, plan, strict=True):
        question.shown_at = shown
        attempt.answered_at = shown + dt.timedelta(milliseconds=ms)
    Question.objects.bulk_update(questions, ["shown_at"], batch_size=1000)
    Attempt.objects.bulk_update(attempts, ["answered_at"], batch_size=1000)
