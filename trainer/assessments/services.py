"""Writes that matter for assigned tests: building one, assigning it, starting a sitting,
answering in it and finishing it.  Each is atomic; each says in the trainee's or the
supervisor's words why it refuses, and then has stored nothing.

Answers are stored by `trainer.drills.services.answer_question`, exactly as in practice; this
module only decides whether the sitting still takes them.  The server alone keeps the time:
a sitting past its deadline takes no answer and is finished on the next visit, whoever makes it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone

from trainer.core.times import when
from trainer.drills.models import Attempt
from trainer.drills.services import DrillError, NotFound, NotYours, Result, Stale, answer_question
from trainer.drills.services import create_question as deal
from trainer.engine.drills import REGISTRY
from trainer.houses.models import User

from .models import (
    MAX_QUESTIONS,
    Assessment,
    Assignment,
    Part,
    Sitting,
    SittingQuestion,
)


class AlreadyStarted(Stale):
    """A second sitting of an assignment: a test is taken in one sitting."""


class Closed(Stale):
    """The sitting or the test takes nothing more: finished, out of time, or past due."""


class TimeUp(Closed):
    """An answer that came after the deadline: not recorded; the sitting is now finished."""


NO_PARTS = "Add at least one drill kind with a number of questions: a test needs questions."
FINISHED = "This test is finished: no more answers are taken. Your result stands as recorded."


# -- building and assigning ------------------------------------------------------------------


def build_test(
    *,
    house,
    created_by,
    title: str,
    level: int,
    pass_mark: int,
    parts: Sequence[tuple[str, int]],
    time_limit_minutes: int | None = None,
    due_at: datetime | None = None,
) -> Assessment:
    """Store a test and its parts, all or nothing.  `parts` is (drill kind, questions) in the
    order the supervisor listed them."""
    problems: list[str] = []
    if not parts:
        problems.append(NO_PARTS)
    seen: set[str] = set()
    for kind, _count in parts:
        if kind not in REGISTRY:
            problems.append(f"There is no drill kind called “{kind}”.")
        elif kind in seen:
            problems.append(f"{REGISTRY[kind].title} is listed twice: give it once.")
        elif level not in [lv.number for lv in REGISTRY[kind].levels]:
            problems.append(f"{REGISTRY[kind].title} has no level {level}.")
        seen.add(kind)
    if sum(count for _kind, count in parts if isinstance(count, int)) > MAX_QUESTIONS:
        problems.append(f"A test has at most {MAX_QUESTIONS} questions in all.")
    if due_at is not None and due_at <= timezone.now():
        problems.append("The due date has already passed: give a date in the future, or none.")
    if problems:
        raise ValidationError(problems)
    with transaction.atomic():
        test = Assessment(
            house=house,
            created_by=created_by,
            title=title,
            level=level,
            pass_mark=pass_mark,
            time_limit_minutes=time_limit_minutes,
            due_at=due_at,
        )
        test.full_clean()
        test.save()
        for position, (kind, count) in enumerate(parts, start=1):
            part = Part(assessment=test, kind=kind, count=count, position=position)
            part.full_clean(exclude=["assessment"])
            part.save()
    return test


@dataclass(frozen=True)
class Assigned:
    new: int
    already: tuple[str, ...]  # usernames that had it already


def assign(*, test: Assessment, trainees: Iterable, assigned_by) -> Assigned:
    """Give `test` to each of `trainees`, who must all be trainees of the test's house;
    a trainee who has it already keeps the assignment (and any sitting) they have."""
    trainees = list(trainees)
    if not trainees:
        raise ValidationError("Choose at least one trainee, or all the trainees of the house.")
    if test.is_due_by(timezone.now()):
        raise ValidationError(
            f"This test was due on {when(test.due_at)}: it can no longer be assigned."
        )
    eligible = set(
        User.objects.trainees_of(test.house_id)
        .filter(pk__in=[t.pk for t in trainees])
        .values_list("pk", flat=True)
    )
    strangers = [t.get_username() for t in trainees if t.pk not in eligible]
    if strangers:
        raise ValidationError(
            f"Not a trainee of {test.house}: {', '.join(strangers)}. Nothing was assigned."
        )
    with transaction.atomic():
        had = set(
            Assignment.objects.filter(test=test, trainee__in=trainees).values_list(
                "trainee_id", flat=True
            )
        )
        new = [
            Assignment(test=test, trainee=t, assigned_by=assigned_by)
            for t in trainees
            if t.pk not in had
        ]
        # a concurrent assignment of the same trainee is the same fact: keep the first
        Assignment.objects.bulk_create(new, ignore_conflicts=True)
    return Assigned(new=len(new), already=tuple(t.get_username() for t in trainees if t.pk in had))


# -- taking a test ---------------------------------------------------------------------------


def start_sitting(*, trainee, assignment_id: int) -> Sitting:
    """Start the one sitting of an assignment: deal every question now, in one transaction."""
    try:
        with transaction.atomic():
            assignment = (
                Assignment.objects.select_for_update()
                .select_related("test")
                .filter(pk=assignment_id)
                .first()
            )
            if assignment is None:
                raise NotFound("There is no such test assignment.")
            if assignment.trainee_id != trainee.pk:
                raise NotYours("This test was assigned to another trainee.")
            if Sitting.objects.filter(assignment=assignment).exists():
                raise AlreadyStarted(ALREADY_STARTED)
            test = assignment.test
            now = timezone.now()
            if test.is_due_by(now):
                raise Closed(f"This test was due on {when(test.due_at)}: it can no longer start.")
            parts = list(test.parts.all())
            missing = [p.kind for p in parts if p.kind not in REGISTRY]
            if missing:
                raise Closed(
                    f"This test asks for drills that no longer exist ({', '.join(missing)}): "
                    "ask your supervisor for a new test."
                )
            kinds = [p.kind for p in parts for _ in range(p.count)]
            random.SystemRandom().shuffle(kinds)  # a mix, as at the table
            ends = [
                moment
                for moment in (test.due_at, test.time_limit and now + test.time_limit)
                if moment
            ]
            sitting = Sitting.objects.create(
                assignment=assignment,
                trainee=trainee,
                started_at=now,
                deadline=min(ends) if ends else None,
                total=len(kinds),
            )
            SittingQuestion.objects.bulk_create(
                SittingQuestion(
                    sitting=sitting,
                    question=deal(trainee=trainee, kind=kind, level=test.level),
                    position=position,
                )
                for position, kind in enumerate(kinds, start=1)
            )
    except IntegrityError:
        # the same start posted twice at once: the other one made the sitting
        raise AlreadyStarted(ALREADY_STARTED) from None
    return sitting


ALREADY_STARTED = (
    "You have already started this test, and a test is taken in one sitting: carry on with "
    "the sitting you started."
)


def own_sitting(trainee, sitting_id: int) -> Sitting:
    sitting = Sitting.objects.select_related("assignment__test").filter(pk=sitting_id).first()
    if sitting is None:
        raise NotFound("There is no such sitting.")
    if sitting.trainee_id != trainee.pk:
        raise NotYours("This sitting belongs to another trainee.")
    return sitting


def next_item(sitting: Sitting) -> SittingQuestion | None:
    """The first question of the sitting not answered yet, in the order they are asked."""
    return (
        sitting.items.filter(question__attempt__isnull=True)
        .select_related("question")
        .order_by("position")
        .first()
    )


def answer(*, trainee, sitting_id: int, question_id: int, raw: dict) -> Result:
    """Record the answer to a question of the trainee's open sitting, through the drills'
    own service.  After the deadline nothing is recorded: the sitting is finished and the
    question counts as wrong.  The last answer finishes the sitting."""
    sitting = own_sitting(trainee, sitting_id)
    if not SittingQuestion.objects.filter(sitting=sitting, question_id=question_id).exists():
        raise NotFound("This question is not part of this test.")
    with transaction.atomic():
        # the lock keeps a finish (the button, the clock) from scoring between check and store
        sitting = Sitting.objects.select_for_update().get(pk=sitting.pk)
        if sitting.is_finished:
            raise Closed(FINISHED)
        late = sitting.is_past_deadline()
        if not late:
            result = answer_question(trainee=trainee, question_id=question_id, raw=raw)
            if not result.replayed and next_item(sitting) is None:
                finish(sitting=sitting, ending=Sitting.Ending.ANSWERED)
            return result
    finish(sitting=sitting, ending=Sitting.Ending.TIME_UP)
    raise TimeUp(
        f"Time ran out at {when(sitting.deadline)}: this answer was not recorded, and it "
        "counts as wrong, as does every question left unanswered."
    )


def stop(*, trainee, sitting_id: int) -> Sitting:
    """The trainee's "finish now": what is unanswered counts as wrong."""
    sitting = own_sitting(trainee, sitting_id)
    return finish(sitting=sitting, ending=Sitting.Ending.STOPPED)


# -- finishing ---------------------------------------------------------------------------------


def finish(*, sitting: Sitting, ending: str) -> Sitting:
    """Score a sitting once: unanswered questions are wrong; passed means at least the pass
    mark, as a percentage of all the questions.  Finishing a finished sitting changes nothing."""
    with transaction.atomic():
        locked = (
            Sitting.objects.select_for_update()
            .select_related("assignment__test")
            .get(pk=sitting.pk)
        )
        if locked.is_finished:
            return locked
        now = timezone.now()
        finished_at = now
        if locked.is_past_deadline(now):
            ending, finished_at = Sitting.Ending.TIME_UP, locked.deadline
        total = locked.items.count()
        right = Attempt.objects.filter(
            question__sitting_item__sitting=locked, is_correct=True
        ).count()
        passed = right * 100 >= locked.assignment.test.pass_mark * total
        # written once: the filter on finished_at is the guard, whatever else runs
        Sitting.objects.filter(pk=locked.pk, finished_at__isnull=True).update(
            finished_at=finished_at, ending=ending, right=right, total=total, passed=passed
        )
        locked.refresh_from_db()
    return locked


def finish_if_overdue(sitting: Sitting) -> Sitting:
    if not sitting.is_finished and sitting.is_past_deadline():
        return finish(sitting=sitting, ending=Sitting.Ending.TIME_UP)
    return sitting


def finish_overdue(sittings: QuerySet | None = None) -> int:
    """Finish every sitting of `sittings` whose time has run out; one query when none has."""
    sittings = Sitting.objects.all() if sittings is None else sittings
    overdue = list(sittings.overdue().values_list("pk", flat=True))
    for sitting in Sitting.objects.filter(pk__in=overdue):
        finish(sitting=sitting, ending=Sitting.Ending.TIME_UP)
    return len(overdue)


__all__ = [
    "AlreadyStarted",
    "Closed",
    "DrillError",
    "NotFound",
    "NotYours",
    "TimeUp",
    "answer",
    "assign",
    "build_test",
    "finish",
    "finish_overdue",
    "start_sitting",
    "stop",
]


# -- what a trainee has to do ----------------------------------------------------------------


@dataclass(frozen=True)
class Due:
    """A test waiting for `trainee`: not started, or started and still taking answers."""

    assignment: Assignment
    sitting: Sitting | None

    @property
    def test(self) -> Assessment:
        return self.assignment.test

    @property
    def deadline(self) -> datetime | None:
        """When answers stop: the sitting's deadline once started, else the test's due date."""
        if self.sitting is not None and self.sitting.deadline is not None:
            return self.sitting.deadline
        return self.assignment.test.due_at


def tests_due(trainee) -> list[Due]:
    """The tests `trainee` can start or carry on now, soonest deadline first (none last): what
    the landing page and the Tests page put first."""
    now = timezone.now()
    finish_overdue(Sitting.objects.for_trainee(trainee))
    assignments = (
        Assignment.objects.for_trainee(trainee)
        .select_related("test")
        .prefetch_related("sittings", "test__parts")
    )
    due = []
    for assignment in assignments:
        sitting = assignment.sitting
        if sitting is not None and sitting.is_finished:
            continue
        if sitting is None and assignment.test.is_due_by(now):
            continue
        due.append(Due(assignment, sitting))
    far = datetime.max.replace(tzinfo=now.tzinfo)
    return sorted(due, key=lambda d: (d.deadline or far, d.assignment.pk))
