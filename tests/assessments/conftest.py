import pytest
from django.core.management import call_command

from tests.assessments.factories import AssessmentFactory, AssignmentFactory
from tests.factories import (
    HouseFactory,
    HouseRulesFactory,
    ManagerFactory,
    SupervisorFactory,
    TraineeFactory,
    UserFactory,
)
from trainer.assessments import services
from trainer.houses.models import House


@pytest.fixture
def demo(db):
    call_command("loaddata", "demo_house", verbosity=0)
    return House.objects.get(slug="demo")


@pytest.fixture
def elsewhere(db):
    house = HouseFactory(name="Riverboat", slug="riverboat")
    HouseRulesFactory(house=house)
    return house


# Usernames nobody would write in a page by accident, so "not in the page" means something.
@pytest.fixture
def trainee(demo):
    return TraineeFactory(house=demo, username="trainee-tina")


@pytest.fixture
def other_trainee(demo):
    return TraineeFactory(house=demo, username="trainee-otto")


@pytest.fixture
def supervisor(demo):
    return SupervisorFactory(house=demo, username="super-sue")


@pytest.fixture
def stranger(elsewhere):
    """A trainee of another house."""
    return TraineeFactory(house=elsewhere, username="trainee-uma")


@pytest.fixture
def other_supervisor(elsewhere):
    return SupervisorFactory(house=elsewhere, username="super-olga")


@pytest.fixture
def manager(demo):
    return ManagerFactory(house=demo, username="manager-max")


@pytest.fixture
def superuser(db):
    return UserFactory(username="root-rita", house=None, is_superuser=True, is_staff=True)


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
