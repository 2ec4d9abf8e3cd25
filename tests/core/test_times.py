"""Times are shown in the house's own zone, with the zone named (House.time_zone)."""

from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from tests.factories import AssessmentFactory, AssignmentFactory
from trainer.assessments import due as assessments_due
from trainer.assessments import services


def test_a_house_zone_must_be_one_the_server_knows(demo):
    demo.time_zone = "Mars/Olympus_Mons"
    with pytest.raises(ValidationError, match="not a time zone"):
        demo.full_clean()


def test_the_tests_page_shows_the_due_date_in_the_house_zone(demo, trainee, trainee_client):
    demo.time_zone = "America/Chicago"
    demo.save()
    # 18:00 UTC on 1 December is 12:00 in Chicago (CST, UTC-6, no daylight saving in December)
    due = timezone.now().replace(year=2099, month=12, day=1, hour=18, minute=0, second=0)
    test = AssessmentFactory(house=demo, parts=[("hand-five", 1)], due_at=due)
    AssignmentFactory(test=test, trainee=trainee)
    page = trainee_client.get("/tests/").content.decode()
    assert "1 Dec 2099, 12:00 CST" in page
    assert "2099, 18:00" not in page  # only the machine-readable datetime attribute is in UTC


def test_tests_due_lists_open_work_soonest_first_and_leaves_out_finished_and_past_due(
    demo, trainee, supervisor
):
    now = timezone.now()
    later = AssessmentFactory(house=demo, parts=[("hand-five", 1)], due_at=now + timedelta(days=3))
    sooner = AssessmentFactory(house=demo, parts=[("hand-five", 1)], due_at=now + timedelta(days=1))
    open_ended = AssessmentFactory(house=demo, parts=[("hand-five", 1)], due_at=None)
    past = AssessmentFactory(house=demo, parts=[("hand-five", 1)], due_at=now + timedelta(days=2))
    done = AssessmentFactory(house=demo, parts=[("hand-five", 1)])
    for test in (later, sooner, open_ended, past, done):
        AssignmentFactory(test=test, trainee=trainee, assigned_by=supervisor)
    finished = services.start_sitting(trainee=trainee, assignment_id=done.assignments.get().pk)
    services.stop(trainee=trainee, sitting_id=finished.pk)
    past.due_at = now - timedelta(minutes=1)
    past.save()

    due = assessments_due.tests_due(trainee)

    assert [d.test for d in due] == [sooner, later, open_ended]
    assert due[0].deadline == sooner.due_at
