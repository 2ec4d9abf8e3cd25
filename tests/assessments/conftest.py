from datetime import timedelta

import pytest
from django.utils import timezone

from tests.factories import AssessmentFactory, AssignmentFactory
from trainer.assessments import services


@pytest.fixture
def assessment(demo, supervisor):
    """Three "does the Caribbean dealer qualify?" questions and two five-card hands, pass at
    60%, ten minutes."""
    return AssessmentFactory(
        house=demo,
        title="Qualifying and hands",
        parts=[("cs-qualify", 3), ("hand-five", 2)],
        time_limit_minutes=10,
        created_by=supervisor,
    )


@pytest.fixture
def assignment(assessment, trainee, supervisor):
    return AssignmentFactory(test=assessment, trainee=trainee, assigned_by=supervisor)


@pytest.fixture
def sitting(assignment, trainee):
    return services.start_sitting(trainee=trainee, assignment_id=assignment.pk)


def items_of(sitting):
    return list(sitting.items.select_related("question").order_by("position"))


@pytest.fixture
def later(monkeypatch):
    """Moves the site's clock (Django's `timezone.now`) on by a given time from now; each call
    moves it from the real now, not from the last move."""
    now = timezone.now

    def move(delta: timedelta):
        monkeypatch.setattr(timezone, "now", lambda: now() + delta)

    return move
