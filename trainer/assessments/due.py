"""What a trainee has to do: the tests they can start or carry on now."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone

from .finishing import shown_finished_assignments
from .models import Assessment, Assignment, Sitting


@dataclass(frozen=True)
class Due:
    """A test waiting for `trainee`: a sitting to start (the first or a retake), or one
    started and still taking answers."""

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

    @property
    def attempt(self) -> int:
        """The number of the attempt waiting: 1 for the first, 2 for a first retake..."""
        if self.sitting is not None:
            return self.sitting.number
        return len(self.assignment.attempts) + 1


def tests_due(trainee) -> list[Due]:
    """The tests `trainee` can start or carry on now, soonest deadline first (none last): what
    the landing page and the Tests page put first.  A failed test with attempts left is due
    again once its waiting time is over."""
    now = timezone.now()
    assignments = list(
        Assignment.objects.for_trainee(trainee)
        .select_related("test")
        .prefetch_related("sittings", "test__parts")
    )
    # a sitting whose time ran out reads as finished: not due, and counted as an attempt
    shown_finished_assignments(assignments, now)
    due = []
    for assignment in assignments:
        sitting = assignment.sitting
        if sitting is not None and not sitting.is_finished:
            due.append(Due(assignment, sitting))
        elif assignment.next_attempt(now).allowed:
            due.append(Due(assignment, None))
    far = datetime.max.replace(tzinfo=now.tzinfo)
    return sorted(due, key=lambda d: (d.deadline or far, d.assignment.pk))
