"""Writes that matter for assigned tests: building one, assigning it, starting a sitting,
answering in it and finishing it.  Each is atomic; each says in the trainee's or the
supervisor's words why it refuses, and then has stored nothing.

Answers are stored by `trainer.drills.services.answer_question`, exactly as in practice; this
module only decides whether the sitting still takes them.  The server alone keeps the time:
a sitting past its deadline takes no answer and is finished by the task worker's sweep or the
next post that needs it (pages show it finished meanwhile, without writing).
An answer's time is the server's too, never the browser's: from the page that showed the
question being sent to the answer arriving, less the connection's round trip as the server
measured it in the sitting, at most `NETWORK_ALLOWANCE_MS` (`showing`, `answer`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F, Value
from django.db.models.functions import Coalesce, Least
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy, ngettext

from trainer.core.times import when
from trainer.drills.access import may_take, may_watch
from trainer.drills.dealing import create_question as deal
from trainer.drills.services import (
    DrillError,
    NotFound,
    NotYours,
    Result,
    Stale,
    answer_question,
    mark_sent,
)
from trainer.engine.drills import REGISTRY
from trainer.houses.models import User
from trainer.roster.models import ClassTest, Cohort, PersonAction
from trainer.roster.services import class_trainees

from . import sections as sections_
from .finishing import finish, finish_overdue
from .models import (
    MAX_QUESTIONS,
    Assessment,
    Assignment,
    Certificate,
    Part,
    Sitting,
    SittingQuestion,
)


class AlreadyStarted(Stale):
    """A sitting started while another of the same assignment is still running."""


class Closed(Stale):
    """The sitting or the test takes nothing more: finished, out of time, or past due."""


class TimeUp(Closed):
    """An answer that came after the deadline: not recorded; the sitting is now finished."""


NO_PARTS = gettext_lazy(
    "Add at least one drill kind with a number of questions: a test needs questions."
)
FINISHED = gettext_lazy(
    "This test is finished: no more answers are taken. Your result stands as recorded."
)


# -- building and assigning ------------------------------------------------------------------


@dataclass(frozen=True)
class Section:
    """A section as the supervisor gives it: so many questions of a drill kind at a level,
    with its own pass mark or None for the test's."""

    kind: str
    count: int
    level: int = 1
    pass_mark: int | None = None


def _sections(parts: Sequence, level: int) -> list[Section]:
    """(kind, count), (kind, count, level) or Section, as given, into Sections."""
    out = []
    for part in parts:
        if isinstance(part, Section):
            out.append(part)
        else:
            kind, count, *rest = part
            out.append(Section(kind, count, rest[0] if rest else level))
    return out


def build_test(
    *,
    house,
    created_by,
    title: str,
    pass_mark: int,
    parts: Sequence,
    level: int = 1,
    time_limit_minutes: int | None = None,
    due_at: datetime | None = None,
    pass_by_section: bool = False,
    attempts_allowed: int = 1,
    retake_wait_hours: int = 0,
    certification: bool = False,
    pace_required: bool = False,
) -> Assessment:
    """Store a test and its sections, all or nothing.  `parts` lists the sections in the
    order the supervisor gave them: Section, or (kind, count[, level]) with `level` for the
    ones that name none."""
    sections = _sections(parts, level)
    problems: list[str] = []
    if not sections:
        problems.append(NO_PARTS)
    seen: set[tuple[str, int]] = set()
    for section in sections:
        kind, lv = section.kind, section.level
        if not sections_.known(kind):
            problems.append(gettext("There is no drill kind called “%(kind)s”.") % {"kind": kind})
        elif (kind, lv) in seen:
            title = sections_.title_of(kind)
            problems.append(
                gettext("%(section)s at level %(level)s is listed twice: give it once.")
                % {"section": title, "level": lv}
            )
        elif lv not in sections_.levels_of(kind):
            problems.append(
                gettext("%(section)s has no level %(level)s.")
                % {"section": sections_.title_of(kind), "level": lv}
            )
        elif kind in sections_.KINDS and section.count > sections_.KINDS[kind].most:
            most = sections_.KINDS[kind]
            problems.append(
                gettext("%(section)s takes at most %(most)s %(unit)s a section.")
                % {"section": most.title, "most": most.most, "unit": most.unit}
            )
        seen.add((kind, lv))
    if sum(s.count for s in sections if isinstance(s.count, int)) > MAX_QUESTIONS:
        problems.append(
            gettext("A test has at most %(most)s questions in all.") % {"most": MAX_QUESTIONS}
        )
    if due_at is not None and due_at <= timezone.now():
        problems.append("The due date has already passed: give a date in the future, or none.")
    if problems:
        raise ValidationError(problems)
    with transaction.atomic():
        test = Assessment(
            house=house,
            created_by=created_by,
            title=title,
            pass_mark=pass_mark,
            pass_by_section=pass_by_section,
            attempts_allowed=attempts_allowed,
            retake_wait_hours=retake_wait_hours,
            certification=certification,
            pace_required=pace_required,
            time_limit_minutes=time_limit_minutes,
            due_at=due_at,
        )
        test.full_clean()
        test.save()
        for position, section in enumerate(sections, start=1):
            part = Part(
                assessment=test,
                kind=section.kind,
                level=section.level,
                count=section.count,
                pass_mark=section.pass_mark,
                position=position,
            )
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
        raise ValidationError(
            gettext("Choose at least one trainee, or all the trainees of the house.")
        )
    if test.is_due_by(timezone.now()):
        raise ValidationError(
            gettext("This test was due on %(due)s: it can no longer be assigned.")
            % {"due": when(test.due_at)}
        )
    eligible = set(
        User.objects.trainees_of(test.house_id)
        .filter(pk__in=[t.pk for t in trainees])
        .values_list("pk", flat=True)
    )
    strangers = [t.get_username() for t in trainees if t.pk not in eligible]
    if strangers:
        raise ValidationError(
            gettext("Not a trainee of %(house)s: %(names)s. Nothing was assigned.")
            % {"house": test.house, "names": ", ".join(strangers)}
        )
    if watches(test):
        # a test with watch sections certifies the floor: only for promoted trainees
        grounded = [t.get_username() for t in trainees if not may_watch(t)]
        if grounded:
            raise ValidationError(
                ngettext(
                    "“%(test)s” has watch sections, for trainees promoted to watch the game: "
                    "%(names)s is not. Promote them on their page first. Nothing was assigned.",
                    "“%(test)s” has watch sections, for trainees promoted to watch the game: "
                    "%(names)s are not. Promote them on their page first. Nothing was assigned.",
                    len(grounded),
                )
                % {"test": test.title, "names": ", ".join(grounded)}
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


def watches(test: Assessment) -> bool:
    """Whether the test has a section of a watch drill."""
    return any(REGISTRY[p.kind].watches for p in test.parts.all() if p.kind in REGISTRY)


def assign_to_class(*, actor, cohort: Cohort, test) -> Assigned:
    """Give `test` to every member of the class who is still an active trainee of its house
    (trainer.roster.services.left_out says who is not, and why), each their own assignment, and
    remember that the
    class has it (trainer.roster.models.ClassTest)."""
    if test.house_id != cohort.house_id:
        raise ValidationError(gettext("That test belongs to another house."))
    if test.is_past_due:
        raise ValidationError(
            gettext("“%(test)s” is past its due date: it can no longer be given.")
            % {"test": test.title}
        )
    members = list(class_trainees(cohort))
    with transaction.atomic():
        ClassTest.objects.get_or_create(cohort=cohort, test=test, defaults={"assigned_by": actor})
        if not members:
            return Assigned(new=0, already=())
        return assign(test=test, trainees=members, assigned_by=actor)


def members_without(cohort: Cohort, test):
    """Members the class's tests go to who do not have `test` (joined after it was given)."""
    return class_trainees(cohort).exclude(test_assignments__test=test)


# -- taking a test ---------------------------------------------------------------------------


def start_sitting(*, trainee, assignment_id: int) -> Sitting:
    """Start the next sitting of an assignment, as the test's retake policy allows: deal
    every question now, in one transaction."""
    try:
        with transaction.atomic():
            assignment = (
                Assignment.objects.select_for_update()
                .select_related("test")
                .filter(pk=assignment_id)
                .first()
            )
            if assignment is None:
                raise NotFound(gettext("There is no such test assignment."))
            if assignment.trainee_id != trainee.pk:
                raise NotYours(gettext("This test was assigned to another trainee."))
            test = assignment.test
            now = timezone.now()
            # a sitting whose time ran out is scored first: it counts as an attempt
            finish_overdue(Sitting.objects.filter(assignment=assignment))
            nxt = assignment.next_attempt(now)
            if not nxt.allowed:
                raise _refusal(assignment, nxt)
            parts = list(test.parts.all())
            missing = [p.kind for p in parts if not sections_.known(p.kind)]
            if missing:
                raise Closed(
                    gettext(
                        "This test asks for drills that no longer exist (%(drills)s): ask your "
                        "supervisor for a new test."
                    )
                    % {"drills": ", ".join(missing)}
                )
            # a test's watch sections are for trainees promoted to watch the game;
            # a registered section (a round's) is not a drill and asks no promotion
            if not all(may_take(trainee, p.kind) for p in parts if p.kind in REGISTRY):
                raise Closed(
                    gettext(
                        "This test has watch sections, for trainees promoted to watch the game, "
                        "and you are not (any more): ask your supervisor."
                    )
                )
            # a drill's question is a unit of its own; a registered section's units (a
            # round's steps) are dealt below, each kept in its order
            dealt: list[tuple[Part, list | None]] = [
                (p, None) for p in parts if p.kind not in sections_.KINDS for _ in range(p.count)
            ]
            ends = [
                moment
                for moment in (test.due_at, test.time_limit and now + test.time_limit)
                if moment
            ]
            sitting = Sitting.objects.create(
                assignment=assignment,
                number=nxt.number,
                trainee=trainee,
                started_at=now,
                deadline=min(ends) if ends else None,
            )
            for part in parts:
                kind = sections_.KINDS.get(part.kind)
                if kind is not None:
                    units = kind.deal(
                        trainee=trainee, level=part.level, count=part.count, sitting=sitting
                    )
                    dealt += [(part, unit) for unit in units]
            random.SystemRandom().shuffle(dealt)  # a mix, as at the table
            items = [
                (part, question)
                for part, unit in dealt
                for question in (unit or [deal(trainee=trainee, kind=part.kind, level=part.level)])
            ]
            SittingQuestion.objects.bulk_create(
                SittingQuestion(sitting=sitting, part=part, question=question, position=position)
                for position, (part, question) in enumerate(items, start=1)
            )
            Sitting.objects.filter(pk=sitting.pk).update(total=len(items))
            sitting.total = len(items)
            redirecting(sitting)  # to the first question's page
    except IntegrityError:
        # the same start posted twice at once: the other one made the sitting
        raise AlreadyStarted(ALREADY_STARTED) from None
    return sitting


def _refusal(assignment: Assignment, nxt) -> Stale:
    test = assignment.test
    if nxt.why == "running":
        return AlreadyStarted(ALREADY_STARTED)
    if nxt.why == "passed":
        return Closed(gettext("You have passed this test already: your result stands."))
    if nxt.why == "past due":
        return Closed(
            gettext("This test was due on %(due)s: it can no longer start.")
            % {"due": when(test.due_at)}
        )
    if nxt.why == "waiting":
        return Closed(
            ngettext(
                "Your next attempt at this test may start from %(start)s: %(hours)s hour "
                "after the last one.",
                "Your next attempt at this test may start from %(start)s: %(hours)s hours "
                "after the last one.",
                test.retake_wait_hours,
            )
            % {"start": when(nxt.from_), "hours": test.retake_wait_hours}
        )
    allowed = assignment.attempts_allowed
    return Closed(
        ngettext(
            "This test may be sat %(allowed)s time, and you have used every attempt: your "
            "supervisor may allow you one more.",
            "This test may be sat %(allowed)s times, and you have used every attempt: your "
            "supervisor may allow you one more.",
            allowed,
        )
        % {"allowed": allowed}
    )


def allow_another_attempt(*, assignment: Assignment, by) -> Assignment:
    """One more attempt for a trainee who has used every attempt the test allows, logged on
    their page (who, when, which test).  Refused in words while they have an attempt to use,
    have passed, or the test is past due."""
    with transaction.atomic():
        locked = (
            Assignment.objects.select_for_update()
            .select_related("test", "trainee")
            .get(pk=assignment.pk)
        )
        finish_overdue(Sitting.objects.filter(assignment=locked))
        nxt = locked.next_attempt()
        if nxt.why != "no attempts left":
            raise ValidationError(NO_NEED.get(nxt.why, NO_NEED[""]))
        Assignment.objects.filter(pk=locked.pk).update(extra_attempts=F("extra_attempts") + 1)
        locked.refresh_from_db()
        PersonAction.objects.create(
            actor=by,
            subject=locked.trainee,
            kind=PersonAction.Kind.ATTEMPT_ALLOWED,
            detail=f"“{locked.test.title}”: attempt {len(locked.attempts) + 1} allowed"[:400],
        )
    return locked


NO_NEED = {
    "running": gettext_lazy("They are sitting it now: an attempt is still open."),
    "passed": gettext_lazy("They have passed it: there is nothing to retake."),
    "past due": gettext_lazy("The test is past its due date: no attempt can start."),
    "": gettext_lazy("They still have an attempt to use."),
}


ALREADY_STARTED = gettext_lazy(
    "You have already started this test, and an attempt is taken in one sitting: carry on "
    "with the sitting you started."
)


def own_sitting(trainee, sitting_id: int) -> Sitting:
    sitting = Sitting.objects.select_related("assignment__test").filter(pk=sitting_id).first()
    if sitting is None:
        raise NotFound(gettext("There is no such sitting."))
    if sitting.trainee_id != trainee.pk:
        raise NotYours(gettext("This sitting belongs to another trainee."))
    return sitting


def next_item(sitting: Sitting) -> SittingQuestion | None:
    """The first question of the sitting not answered yet, in the order they are asked."""
    return (
        sitting.items.filter(question__attempt__isnull=True)
        .select_related("question")
        .order_by("position")
        .first()
    )


#: the most of the connection's round trip taken off a test answer's time, in ms: a round trip
#: is measured by the server alone (`showing`), but a browser can make it look longer by
#: waiting before it follows a redirect, so it buys at most this much on any answer
NETWORK_ALLOWANCE_MS = 500


def redirecting(sitting: Sitting) -> None:
    """The response on its way is a redirect to the sitting's page: the browser asks for that
    page at once, and `showing` times the round trip."""
    Sitting.objects.filter(pk=sitting.pk).update(redirected_at=timezone.now())


def showing(sitting: Sitting, item: SittingQuestion) -> None:
    """The sitting's page is being sent with `item`'s question: its answer is timed from now,
    the first time a page shows it (a reload changes nothing).  A page asked for after a
    redirect measures the connection's round trip; the sitting keeps its smallest."""
    now = timezone.now()
    if sitting.redirected_at is not None:
        trip = max(0, int((now - sitting.redirected_at).total_seconds() * 1000))
        Sitting.objects.filter(pk=sitting.pk, redirected_at=sitting.redirected_at).update(
            redirected_at=None,
            round_trip_ms=Least(Coalesce("round_trip_ms", Value(trip)), Value(trip)),
        )
    mark_sent(item.question)


def network_allowance(sitting: Sitting) -> int:
    """What is taken off each answer's time for the connection: the smallest round trip the
    server measured in the sitting, at most `NETWORK_ALLOWANCE_MS` (none measured: 0)."""
    return min(sitting.round_trip_ms or 0, NETWORK_ALLOWANCE_MS)


NOT_IN_TEST = gettext_lazy("This question is not part of this test.")


def is_an_id(value) -> bool:
    """Whether `value` can be a row's id: a positive integer within 64 bits.  A lookup on a
    foreign key passes a larger one to the database unchecked, which fails (SQLite's
    OverflowError, PostgreSQL's out of range) where it should find nothing."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 < value < 2**63


def answer(*, trainee, sitting_id: int, question_id: int, raw: dict) -> Result:
    """Record the answer to a question of the trainee's open sitting, through the drills'
    own service, timed by the server alone (the browser's time is not asked for).  After the
    deadline nothing is recorded: the sitting is finished and the question counts as wrong.
    The last answer finishes the sitting."""
    sitting = own_sitting(trainee, sitting_id)
    if not is_an_id(question_id) or not (
        SittingQuestion.objects.filter(sitting=sitting, question_id=question_id).exists()
    ):
        raise NotFound(NOT_IN_TEST)
    with transaction.atomic():
        # the lock keeps a finish (the button, the clock) from scoring between check and store
        sitting = Sitting.objects.select_for_update().get(pk=sitting.pk)
        if sitting.is_finished:
            raise Closed(FINISHED)
        late = sitting.is_past_deadline()
        if not late:
            result = answer_question(
                trainee=trainee,
                question_id=question_id,
                raw=raw,
                network_ms=network_allowance(sitting),
            )
            if not result.replayed and next_item(sitting) is None:
                finish(sitting=sitting, ending=Sitting.Ending.ANSWERED)
            else:
                redirecting(sitting)  # to the next question's page
            return result
    finish(sitting=sitting, ending=Sitting.Ending.TIME_UP)
    raise TimeUp(
        gettext(
            "Time ran out at %(deadline)s: this answer was not recorded, and it counts as "
            "wrong, as does every question left unanswered."
        )
        % {"deadline": when(sitting.deadline)}
    )


def stop(*, trainee, sitting_id: int) -> Sitting:
    """The trainee's "finish now": what is unanswered counts as wrong."""
    sitting = own_sitting(trainee, sitting_id)
    return finish(sitting=sitting, ending=Sitting.Ending.STOPPED)


def revoke_certificate(*, certificate: Certificate, by, reason: str) -> Certificate:
    """Mark a certificate revoked, once; the first revocation (who, when, why) stands."""
    reason = reason.strip()
    if not reason:
        raise ValidationError(
            gettext("Say why the certificate is revoked: the reason is kept with it.")
        )
    with transaction.atomic():
        locked = Certificate.objects.select_for_update().get(pk=certificate.pk)
        if locked.is_revoked:
            raise ValidationError(
                gettext("This certificate was already revoked on %(day)s.")
                % {"day": when(locked.revoked_at)}
            )
        locked.revoked_at = timezone.now()
        locked.revoked_by = by
        locked.revoked_because = reason[:300]
        locked.save(update_fields=["revoked_at", "revoked_by", "revoked_because"])
    return locked


__all__ = [
    "AlreadyStarted",
    "Closed",
    "DrillError",
    "NotFound",
    "NotYours",
    "TimeUp",
    "allow_another_attempt",
    "answer",
    "assign",
    "build_test",
    "revoke_certificate",
    "start_sitting",
    "stop",
]
