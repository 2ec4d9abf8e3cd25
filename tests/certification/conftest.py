import pytest

from tests.assessments.conftest import later  # noqa: F401  (the clock-moving fixture)
from tests.assessments.test_retakes_and_sections import build
from trainer.certification.models import Requirement


@pytest.fixture
def written(demo, supervisor):
    """The written test of Caribbean Stud's certification: qualifying and hands, 50%."""
    return build(demo, title="Caribbean Stud written", created_by=supervisor)


@pytest.fixture
def refresher(demo, supervisor):
    """The shorter test a renewal asks (a passed test is never sat again, so a renewal is a
    test of its own)."""
    return build(demo, title="Caribbean Stud refresher", created_by=supervisor)


@pytest.fixture
def requirement(demo, written, refresher, manager):
    """Caribbean Stud at the demo house: the written test, no practice hours (the hours have
    their own tests), a table test with one point of the house's own, a week's wait."""
    return Requirement.objects.create(
        house=demo,
        game="caribbean-stud",
        test=written,
        practice_hours=0,
        table_test=True,
        house_points="Announces “no action” for a non-qualifying dealer hand",
        retake_days=7,
        renewal_test=refresher,
        changed_by=manager,
    )
