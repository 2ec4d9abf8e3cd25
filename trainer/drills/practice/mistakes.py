"""Practise my mistakes: the exact hands the trainee missed, dealt again as new questions
until each is answered right.

A missed hand is a practice question answered wrong (`waiting`).  Dealt again, it is a new
question whose `replay_of` is the question first missed (never another replay), with the
same cards, stakes, level and chips, graded under the house's rules of today
(`trainer.drills.services._replayed`).  Its answer is an ordinary attempt, and so an ordinary
review of its skill (`trainer.drills.practice.services.record_review`): once it is answered right
the scheduler takes the skill on as usual.

Nothing is stored for a session beyond its questions: the hands a session has are those
waiting when it started, and how often each was dealt in it is read from its questions.
"""

from __future__ import annotations

from collections import Counter

from django.db.models import Exists, OuterRef

from trainer.drills.models import Attempt, Question
from trainer.engine.drills import REGISTRY

from .planning import Deal

#: the hands a session works on at once, oldest first: one pass of them is a few minutes at
#: the table's pace; as hands are answered right the next waiting ones come in
SESSION_HANDS = 20

NOTHING_WAITING = (
    "You have no missed hands waiting: a hand you answer wrong in practice comes back here "
    "until you answer it right."
)


def waiting(trainee):
    """The trainee's missed practice hands still waiting: questions first dealt in practice
    (not replays, not a test's) and answered wrong, that no replay of has been answered right
    since: a hand waits until it is answered right, however long ago it was missed.  Oldest
    first, by the first miss.  Only drills the registry still deals."""
    cleared = Attempt.objects.filter(question__replay_of=OuterRef("pk"), is_correct=True)
    return (
        Question.objects.filter(
            trainee=trainee,
            replay_of__isnull=True,
            sitting_item__isnull=True,
            attempt__is_correct=False,
            kind__in=list(REGISTRY),
        )
        .exclude(Exists(cleared))
        .order_by("attempt__answered_at", "pk")
    )


def waiting_count(trainee) -> int:
    """How many missed hands wait for the trainee (the landing page's and drills' count)."""
    return waiting(trainee).count()


def session_hands(session) -> list[Question]:
    """The hands a session of Practise my mistakes has: those waiting when it started (a hand
    missed elsewhere meanwhile waits for the next session), oldest first, `SESSION_HANDS` at
    a time."""
    hands = waiting(session.trainee).filter(attempt__answered_at__lt=session.started_at)
    return list(hands[:SESSION_HANDS])


def next_deal(session) -> Deal | None:
    """The next missed hand to deal in `session`, or None when every hand it has is answered
    right.  Each waiting hand is dealt once a pass, oldest first: the hand dealt fewest times
    in this session goes next, so a hand missed again comes back after the others."""
    hands = session_hands(session)
    if not hands:
        return None
    dealt = Counter(
        Question.objects.filter(session=session, replay_of__in=hands).values_list(
            "replay_of", flat=True
        )
    )
    original = min(hands, key=lambda hand: dealt[hand.pk])  # the first of the fewest: oldest
    return Deal(
        kind=original.kind,
        level=original.level,
        replay_of=original,
        in_chips=original.in_chips,
    )


def nothing_to_deal(trainee) -> str | None:
    """Why a session of Practise my mistakes cannot start now, or None when hands wait."""
    return None if waiting(trainee).exists() else NOTHING_WAITING
