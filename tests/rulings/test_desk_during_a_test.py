"""The ruling desk is a study aid outside tests and closed during one: a trainee taking a test
could otherwise send its cards to the desk and read off the expected answer."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import AssessmentFactory, AssignmentFactory
from trainer.assessments import services
from trainer.assessments.models import Sitting

pytestmark = pytest.mark.django_db

# RULING_API.md's Caribbean Stud example, and the same hand as the Rule check form posts it
REQUEST = {
    "game": "caribbean-stud",
    "player": "Qh Qs 9d 6c 2h",
    "dealer": "Jh Jc As 8d 3c",
    "ante": 1,
    "action": "call",
}
FORM = {**REQUEST, "house": ""}
TITLE = "Qualifying, timed"


@pytest.fixture
def sitting(demo, trainee, supervisor):
    """The trainee's sitting of a ten-minute test, just started."""
    test = AssessmentFactory(house=demo, title=TITLE, time_limit_minutes=10, created_by=supervisor)
    assignment = AssignmentFactory(test=test, trainee=trainee, assigned_by=supervisor)
    return services.start_sitting(trainee=trainee, assignment_id=assignment.pk)


def ask_api(client):
    return client.post("/api/rulings", REQUEST, content_type="application/json")


def assert_desk_open(client):
    page = client.get("/rule-check/")
    assert page.status_code == 200 and b'class="ruling-form"' in page.content
    ruled = client.post("/rule-check/", FORM)
    assert ruled.status_code == 200 and b"<h2>Ruling</h2>" in ruled.content
    answer = ask_api(client)
    assert answer.status_code == 200 and answer.json()["outcome"] == "win"


def test_a_trainee_outside_a_test_gets_the_desk_as_a_study_aid(trainee_client):
    assert_desk_open(trainee_client)


def test_the_page_refuses_a_trainee_during_a_test_and_links_to_it(trainee_client, sitting):
    link = reverse("assessments:sitting", args=[sitting.pk])
    for response in (trainee_client.get("/rule-check/"), trainee_client.post("/rule-check/", FORM)):
        assert response.status_code == 403
        page = response.content.decode()
        assert "middle of a test" in page and TITLE in page
        assert f'href="{link}"' in page
        assert 'class="ruling-form"' not in page and "<h2>Ruling</h2>" not in page


def test_an_htmx_post_during_a_test_reloads_the_page_to_say_why(trainee_client, sitting):
    response = trainee_client.post("/rule-check/", FORM, headers={"HX-Request": "true"})
    assert response.headers.get("HX-Refresh") == "true"
    assert b"<h2>Ruling</h2>" not in response.content


def test_the_api_refuses_a_trainee_during_a_test(trainee_client, sitting):
    response = ask_api(trainee_client)
    assert response.status_code == 403
    error = response.json()["error"]
    assert error["field"] is None
    assert "middle of a test" in error["message"] and TITLE in error["message"]
    assert reverse("assessments:sitting", args=[sitting.pk]) in error["message"]
    assert "outcome" not in response.json()


def test_the_desk_opens_again_when_the_test_is_finished(trainee_client, trainee, sitting):
    services.stop(trainee=trainee, sitting_id=sitting.pk)
    assert_desk_open(trainee_client)


def test_the_desk_opens_again_when_the_time_is_up(trainee_client, sitting):
    # move the deadline into the past instead of waiting ten minutes for it
    Sitting.objects.filter(pk=sitting.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert_desk_open(trainee_client)


def test_an_untimed_test_keeps_the_desk_closed_until_it_is_finished(trainee_client, trainee, demo):
    assignment = AssignmentFactory(test=AssessmentFactory(house=demo), trainee=trainee)
    sitting = services.start_sitting(trainee=trainee, assignment_id=assignment.pk)
    assert sitting.deadline is None
    assert ask_api(trainee_client).status_code == 403
    services.stop(trainee=trainee, sitting_id=sitting.pk)
    assert ask_api(trainee_client).status_code == 200


def test_a_supervisor_is_unaffected_by_a_trainees_test(client, supervisor, sitting):
    client.force_login(supervisor)
    assert_desk_open(client)


def test_another_trainees_test_does_not_close_the_desk(client, other_trainee, sitting):
    client.force_login(other_trainee)
    assert_desk_open(client)


def test_an_assigned_test_not_yet_started_leaves_the_desk_open(trainee_client, trainee, demo):
    AssignmentFactory(test=AssessmentFactory(house=demo), trainee=trainee)
    assert_desk_open(trainee_client)
