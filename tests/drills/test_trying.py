"""Supervisors and games managers may try any drill: practice that no figure, list
or test counts, said on the page, instead of a bare 403."""

import pytest

from tests.factories import UserFactory, right_answer
from trainer.drills import services
from trainer.drills.models import Attempt, PracticeSession
from trainer.engine.drills import REGISTRY
from trainer.houses.models import User

NOT_COUNTED = "Trying out: not counted."


@pytest.fixture(params=["supervisor", "manager"])
def staff(request, supervisor, manager):
    return {"supervisor": supervisor, "manager": manager}[request.param]


def test_staff_see_the_drills_and_start_any_of_them(client, staff):
    client.force_login(staff)
    assert client.get("/drills/").status_code == 200
    for slug in REGISTRY:
        response = client.post("/drills/start", {"kind": slug, "level": 3})
        assert response.status_code == 302, slug
    assert PracticeSession.objects.filter(trainee=staff).count() == len(REGISTRY)


def test_staff_answer_a_drill_and_the_page_says_it_is_not_counted(client, staff):
    client.force_login(staff)
    client.post("/drills/start", {"kind": "cs-settle", "level": 3})
    session = PracticeSession.objects.get(trainee=staff)
    page = client.get(f"/drills/s/{session.pk}/").content.decode()
    assert NOT_COUNTED in page
    question = services.current_question(session)
    answered = client.post(f"/drills/q/{question.pk}/answer", right_answer(question))
    assert answered.status_code == 200 and "Right" in answered.content.decode()
    assert Attempt.objects.get(question=question).is_correct
    summary = client.get(f"/drills/s/{session.pk}/summary")
    assert summary.status_code == 200


def test_a_trainee_is_not_told_they_are_trying_out(trainee_client, trainee):
    session = services.start_session(trainee=trainee, kind="ms-pay", level=1)
    assert NOT_COUNTED not in trainee_client.get(f"/drills/s/{session.pk}/").content.decode()


def test_staff_tries_count_in_no_trainee_list_figure_or_test(
    client, demo, trainee, supervisor, manager
):
    for person in (trainee, supervisor, manager):
        session = services.start_session(trainee=person, kind="ms-pay", level=1)
        question = services.current_question(session)
        services.answer_question(
            trainee=person, question_id=question.pk, raw=right_answer(question)
        )
    assert Attempt.objects.filter(trainee__in=[supervisor, manager]).count() == 2
    # the trainees of the house (the people tests are for and supervisors review): staff are
    # none of them, so no figure that reads them counts a try
    assert list(User.objects.trainees_of(demo)) == [trainee]
    client.force_login(supervisor)
    listing = client.get("/progress/trainees/").content.decode()
    listing = listing[listing.index("<main") :]
    assert trainee.username in listing
    assert supervisor.username not in listing and manager.username not in listing
    csv = client.get("/progress/trainees.csv").content.decode()
    assert trainee.username in csv
    assert supervisor.username not in csv and manager.username not in csv


def test_one_with_no_role_is_still_refused(client, demo):
    client.force_login(UserFactory(house=demo))
    assert client.get("/drills/").status_code == 403
    assert client.post("/drills/start", {"kind": "ms-pay", "level": 1}).status_code == 403


def test_staff_cannot_reach_a_trainees_session(client, trainee, supervisor):
    session = services.start_session(trainee=trainee, kind="ms-pay", level=1)
    client.force_login(supervisor)
    assert client.get(f"/drills/s/{session.pk}/").status_code == 404
