"""Practise my mistakes: the exact hands the trainee missed, dealt again as new questions
until each is answered right.  (Dealing to be written: issue 16.)"""

from __future__ import annotations

from datetime import timedelta

from django.db.models import Exists, OuterRef
from django.utils import timezone

from trainer.drills.models import Attempt, Question

#: how far back a missed hand still waits to be dealt again
WINDOW = timedelta(days=30)


def waiting(trainee):
    """The trainee's missed practice hands still waiting: questions first dealt in practice
    (not replays, not a test's) answered wrong in the last `WINDOW`, that no replay of has
    been answered right since.  Oldest first."""
    cleared = Attempt.objects.filter(
        question__replay_of=OuterRef("pk"), is_correct=True, trainee=trainee
    )
    return (
        Question.objects.filter(
            trainee=trainee,
            replay_of__isnull=True,
            sitting_item__isnull=True,
            attempt__is_correct=False,
            attempt__answered_at__gte=timezone.now() - WINDOW,
        )
        .exclude(Exists(cleared))
        .order_by("attempt__answered_at", "pk")
    )


def next_deal(session):
    raise NotImplementedError


def nothing_to_deal(trainee) -> str | None:
    raise NotImplementedError
