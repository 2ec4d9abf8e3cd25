"""Finishing a sitting: scoring it once, at its pace, section by section, and issuing the
certificate a passed certification test earns.  A sitting whose time ran out is finished as
"time up" by the task worker's sweep or the next post that needs it (`finish_overdue`);
until then a page shows it as it will be recorded (`shown_finished`), without writing."""

from __future__ import annotations

import statistics
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count, Q, QuerySet, prefetch_related_objects
from django.utils import timezone

from trainer.core.signals import sitting_finished
from trainer.core.times import add_months
from trainer.drills.models import Attempt

from .models import Assessment, Certificate, Sitting


def finish(*, sitting: Sitting, ending: str) -> Sitting:
    """Score a sitting once: unanswered questions are wrong; passed means at least the pass
    mark, as a percentage of all the questions, or, for a test passed section by section,
    every section at least its own.  A test that requires pace also needs the answers at pace
    (`pace_of`), over the whole test or in every section.  A passed certification test issues
    its certificate in the same transaction.  Finishing a finished sitting changes nothing."""
    with transaction.atomic():
        locked = (
            Sitting.objects.select_for_update()
            .select_related("assignment__test")
            .get(pk=sitting.pk)
        )
        if locked.is_finished:
            return locked
        test = locked.assignment.test
        result = _result(locked, test, ending, timezone.now())
        # written once: the filter on finished_at is the guard, whatever else runs
        Sitting.objects.filter(pk=locked.pk, finished_at__isnull=True).update(**result)
        locked.refresh_from_db()
        if result["passed"] and test.certification:
            issue_certificate(locked)
    sitting_finished.send(sender=Sitting, sitting=locked)
    return locked


def _result(sitting: Sitting, test: Assessment, ending: str, now) -> dict:
    """What finishing `sitting` at `now` records, field by field (reads only): a sitting past
    its deadline ends "time up", at its deadline."""
    finished_at = now
    if sitting.is_past_deadline(now):
        ending, finished_at = Sitting.Ending.TIME_UP, sitting.deadline
    total = sitting.items.count()
    right = Attempt.objects.filter(question__sitting_item__sitting=sitting, is_correct=True).count()
    timed = _timed(sitting)
    overall = pace_of((ms, target) for _, ms, target in timed)
    sections = section_scores(sitting, test, timed)
    if test.pass_by_section:
        passed = all(s["passed"] for s in sections)
    else:
        passed = right * 100 >= test.pass_mark * total
        passed = passed and (overall.at_pace or not test.pace_required)
    return {
        "finished_at": finished_at,
        "ending": ending,
        "right": right,
        "total": total,
        "passed": passed,
        "pace": overall.ratio,
        "sections": sections,
    }


def shown_finished(sittings: Iterable[Sitting], now=None) -> None:
    """Each sitting of `sittings` whose time ran out and that nothing has finished yet, made to
    read as finished, in memory only: scored as `finish` will record it ("time up", at its
    deadline), so a page shows its result without writing.  The task worker's sweep, or the
    next post that touches it, records it (`finish_overdue`)."""
    now = now or timezone.now()
    for sitting in sittings:
        if not sitting.is_finished and sitting.is_past_deadline(now):
            result = _result(sitting, sitting.assignment.test, Sitting.Ending.TIME_UP, now)
            for name, value in result.items():
                setattr(sitting, name, value)


def shown_with_its_assignment(sitting: Sitting, now=None) -> Sitting:
    """`sitting` as `shown_finished` shows it, with its assignment's sittings prefetched and
    shown the same way, so that `sitting.assignment.next_attempt()` reads as once the overdue
    ones are recorded."""
    assignment = sitting.assignment
    prefetch_related_objects([assignment], "sittings")
    shown_finished(assignment.sittings.all(), now)
    return next(s for s in assignment.sittings.all() if s.pk == sitting.pk)


def shown_finished_assignments(assignments: Iterable, now=None) -> None:
    """`shown_finished` on the sittings prefetched with each assignment (`sittings`), so their
    results, `passed` and `next_attempt` read as once the overdue ones are finished."""
    now = now or timezone.now()
    for assignment in assignments:
        shown_finished(assignment.sittings.all(), now)


@dataclass(frozen=True)
class Pace:
    """How fast answers came against their targets: the median time, the median target
    (both in ms), and `ratio`, the median of each answer's time over its own target, which
    decides: at pace when it is at most 1.  All None when no answer was timed.

    >>> pace_of([(4200, 6000), (7000, 6000), (3000, 6000)])
    Pace(median_ms=4200, target_ms=6000, ratio=0.7)
    >>> pace_of([(4200, 6000), (7000, 6000), (3000, 6000)]).at_pace
    True
    >>> pace_of([(900, None)]).at_pace
    False
    """

    median_ms: int | None
    target_ms: int | None
    ratio: float | None

    @property
    def at_pace(self) -> bool:
        return self.ratio is not None and self.ratio <= 1


def pace_of(timed: Iterable[tuple[int, int | None]]) -> Pace:
    """The pace of answers given as (response ms, target ms), the target each answer stored
    when it was graded; an answer without a target (from before targets) is left out."""
    pairs = [(ms, target) for ms, target in timed if target]
    if not pairs:
        return Pace(None, None, None)
    return Pace(
        median_ms=round(statistics.median(ms for ms, _ in pairs)),
        target_ms=round(statistics.median(target for _, target in pairs)),
        ratio=statistics.median(ms / target for ms, target in pairs),
    )


def _timed(sitting: Sitting) -> list[tuple[int | None, int, int | None]]:
    """(section, response ms, target ms) of every answer of the sitting (one query)."""
    return list(
        Attempt.objects.filter(question__sitting_item__sitting=sitting).values_list(
            "question__sitting_item__part_id", "response_ms", "target_ms"
        )
    )


def section_scores(sitting: Sitting, test: Assessment, timed=None) -> list[dict]:
    """Right and total per section of the test, in its order, with its pace; passed means
    the section's pass mark reached, and, for a test that requires pace, at pace.  `timed`:
    the sitting's answers as `_timed` gives them (read here when not given)."""
    timed = _timed(sitting) if timed is None else timed
    rows = {
        row["part"]: row
        for row in sitting.items.values("part").annotate(
            total=Count("pk"),
            right=Count("pk", filter=Q(question__attempt__is_correct=True)),
        )
    }
    sections = []
    for part in test.parts.all():
        row = rows.get(part.pk, {"total": 0, "right": 0})
        mark = part.pass_mark or test.pass_mark
        pace = pace_of((ms, target) for p, ms, target in timed if p == part.pk)
        accurate = row["right"] * 100 >= mark * row["total"]
        sections.append(
            {
                "kind": part.kind,
                "level": part.level,
                "right": row["right"],
                "total": row["total"],
                "pass_mark": mark,
                "median_ms": pace.median_ms,
                "target_ms": pace.target_ms,
                "pace": pace.ratio,
                "at_pace": None if pace.ratio is None else pace.at_pace,
                "passed": accurate and (pace.at_pace or not test.pace_required),
            }
        )
    return sections


def issue_certificate(sitting: Sitting) -> Certificate:
    """The certificate of a passed sitting of a certification test: made once, whoever asks
    again (a sitting has one test certificate: its game is empty)."""
    months = sitting.assignment.test.house.certificate_months
    certificate, _ = Certificate.objects.get_or_create(
        sitting=sitting,
        game="",
        defaults={
            "trainee_id": sitting.trainee_id,
            "issued_at": sitting.finished_at,
            "signed_by_id": sitting.assignment.assigned_by_id,
            # the validity the house gives its certificates now, kept with this one
            "expires_at": add_months(sitting.finished_at, months) if months else None,
        },
    )
    return certificate


def finish_if_overdue(sitting: Sitting) -> Sitting:
    if not sitting.is_finished and sitting.is_past_deadline():
        return finish(sitting=sitting, ending=Sitting.Ending.TIME_UP)
    return sitting


def finish_overdue(sittings: QuerySet | None = None) -> int:
    """Finish every sitting of `sittings` whose time has run out; one query when none has.
    The task worker's sweep runs it over every sitting, and a post that depends on a sitting's
    end (starting a retake, allowing another attempt) over its own; a page only shows an
    overdue sitting finished (`shown_finished`)."""
    sittings = Sitting.objects.all() if sittings is None else sittings
    overdue = list(sittings.overdue().values_list("pk", flat=True))
    for sitting in Sitting.objects.filter(pk__in=overdue):
        finish(sitting=sitting, ending=Sitting.Ending.TIME_UP)
    return len(overdue)
