"""Every URL of assigned tests, walked by every role: the status each gets, nothing stored on a
refusal, and no other trainee's data (nor another house's tests) in any page.

A trainee sees only their own tests; a supervisor only their house; a games manager nothing
of trainees; a superuser everything (and, as a trainee, only their own sittings)."""

import pytest
from django.db import transaction
from django.urls import reverse

from tests.factories import AssessmentFactory, AssignmentFactory, right_answer
from trainer.assessments import services
from trainer.assessments.models import Assessment, Assignment, Sitting
from trainer.drills.models import Attempt, Question

ROLES = ["anonymous", "trainee", "other_trainee", "supervisor", "other_supervisor", "manager"]
ROLES += ["superuser"]
TRAINEES = {"trainee-tina", "trainee-otto", "trainee-uma"}
DEMO_TITLES = {"Demo house check", "Second demo check", "Third demo check"}
RIVER_TITLES = {"Riverboat check"}

#: what each role may not see anywhere: other trainees, and other houses' tests
HIDDEN = {
    "anonymous": TRAINEES | DEMO_TITLES | RIVER_TITLES,
    "trainee": {"trainee-otto", "trainee-uma"} | RIVER_TITLES,
    "other_trainee": {"trainee-tina", "trainee-uma"} | RIVER_TITLES,
    "supervisor": {"trainee-uma"} | RIVER_TITLES,
    "other_supervisor": {"trainee-tina", "trainee-otto"} | DEMO_TITLES,
    "manager": TRAINEES | DEMO_TITLES | RIVER_TITLES,
    "superuser": set(),
}

LOGIN = 302  # anonymous: off to the sign-in page, for every URL
#: url name -> (method, status per role in ROLES order after "anonymous")
EXPECTED = {
    "index": ("get", [200, 200, 403, 403, 403, 200]),
    "start": ("post", [302, 404, 403, 403, 403, 404]),
    "sitting": ("get", [200, 404, 403, 403, 403, 404]),
    "answer": ("post", [302, 404, 403, 403, 403, 404]),
    "finish": ("post", [302, 404, 403, 403, 403, 404]),
    "result": ("get", [200, 404, 403, 403, 403, 404]),
    "manage": ("get", [403, 403, 200, 200, 403, 200]),
    "build": ("get", [403, 403, 200, 200, 403, 200]),
    "build-post": ("post", [403, 403, 302, 302, 403, 302]),
    "test": ("get", [403, 403, 200, 404, 403, 200]),
    "assign": ("post", [403, 403, 302, 404, 403, 302]),
    "trainee": ("get", [403, 403, 200, 404, 403, 200]),
    "review": ("get", [403, 403, 200, 404, 403, 200]),
}


@pytest.fixture
def world(
    demo,
    riverboat,
    trainee,
    other_trainee,
    stranger,
    supervisor,
    other_supervisor,
    manager,
    superuser,
):
    """Tina has a sitting under way, a finished one and one not started; Otto and Uma (of
    the other house) have finished theirs."""
    check = AssessmentFactory(
        house=demo, title="Demo house check", parts=[("cs-qualify", 2)], time_limit_minutes=30
    )
    second = AssessmentFactory(house=demo, title="Second demo check", parts=[("hand-five", 1)])
    third = AssessmentFactory(house=demo, title="Third demo check", parts=[("hand-five", 1)])
    river = AssessmentFactory(house=riverboat, title="Riverboat check")

    def sat(test, who, *, finished):
        assignment = AssignmentFactory(test=test, trainee=who)
        sitting = services.start_sitting(trainee=who, assignment_id=assignment.pk)
        return services.stop(trainee=who, sitting_id=sitting.pk) if finished else sitting

    running = sat(check, trainee, finished=False)
    finished = sat(second, trainee, finished=True)
    sat(check, other_trainee, finished=True)
    sat(river, stranger, finished=True)
    return {
        "users": {
            "trainee": trainee,
            "other_trainee": other_trainee,
            "supervisor": supervisor,
            "other_supervisor": other_supervisor,
            "manager": manager,
            "superuser": superuser,
        },
        "running": running,
        "finished": finished,
        "not_started": AssignmentFactory(test=third, trainee=trainee),
        "check": check,
        "second": second,
        "trainee": trainee,
        "other_trainee": other_trainee,
        "demo": demo,
    }


def request_for(name, world):
    """(url, data) of each URL, pointing at Tina's things and her house's tests."""
    running, finished = world["running"], world["finished"]
    question = running.items.order_by("position").first().question
    return {
        "index": (reverse("assessments:index"), None),
        "start": (reverse("assessments:start", args=[world["not_started"].pk]), {}),
        "sitting": (reverse("assessments:sitting", args=[running.pk]), None),
        "answer": (
            reverse("assessments:answer", args=[running.pk, question.pk]),
            right_answer(question),
        ),
        "finish": (reverse("assessments:finish", args=[running.pk]), {"confirm": "finish"}),
        "result": (reverse("assessments:result", args=[finished.pk]), None),
        "manage": (reverse("assessments:manage"), None),
        "build": (reverse("assessments:build"), None),
        "build-post": (
            reverse("assessments:build"),
            {
                "house": world["demo"].pk,
                "title": "Walked",
                "level": "1",
                "pass_mark": "50",
                "count-hand-five": "2",
            },
        ),
        "test": (reverse("assessments:test", args=[world["check"].pk]), None),
        "assign": (
            reverse("assessments:assign", args=[world["second"].pk]),
            {"trainees": [world["other_trainee"].pk]},
        ),
        "trainee": (reverse("assessments:trainee", args=[world["trainee"].pk]), None),
        "review": (reverse("assessments:review", args=[finished.pk]), None),
    }[name]


def state():
    return (
        Assessment.objects.count(),
        Assignment.objects.count(),
        Sitting.objects.count(),
        Sitting.objects.finished().count(),
        Question.objects.count(),
        Attempt.objects.count(),
    )


@pytest.mark.slow  # 13 URLs, each walked by the 7 roles in one world
@pytest.mark.parametrize("name", list(EXPECTED))
def test_every_url_with_every_role(client, world, name):
    """Each role's request runs in a savepoint rolled back after it, so every role meets the
    world as it was built (a supervisor's successful POST is not what the next role finds),
    and the world is built once per URL rather than once per role and URL."""
    method, statuses = EXPECTED[name]
    url, data = request_for(name, world)
    for role in ROLES:
        expected = LOGIN if role == "anonymous" else statuses[ROLES.index(role) - 1]
        client.logout()
        with transaction.atomic():
            if role != "anonymous":
                client.force_login(world["users"][role])
            before = state()
            response = getattr(client, method)(url, data) if method == "post" else client.get(url)
            assert response.status_code == expected, (role, response.content.decode()[:500])
            if role == "anonymous":
                assert response["Location"].startswith(reverse("login"))
            page = response.content.decode()
            for secret in HIDDEN[role]:
                assert secret not in page, f"{secret} shown to {role} at {name}"
            if response.status_code >= 400 or role == "anonymous":
                assert state() == before, f"a refused request of {role} stored something"
            transaction.set_rollback(True)


def test_the_superuser_sees_every_house(client, world, superuser):
    client.force_login(superuser)
    page = client.get(reverse("assessments:manage")).content.decode()
    assert all(title in page for title in DEMO_TITLES | RIVER_TITLES)
    assert all(name in page for name in TRAINEES)


def test_a_supervisor_lists_their_house_only(client, world, supervisor):
    client.force_login(supervisor)
    page = client.get(reverse("assessments:manage")).content.decode()
    assert all(title in page for title in DEMO_TITLES)
    assert "trainee-tina" in page and "trainee-otto" in page


def test_a_trainee_sees_only_their_own_tests(client, world, other_trainee):
    client.force_login(other_trainee)
    page = client.get(reverse("assessments:index")).content.decode()
    assert "Demo house check" in page
    assert "Second demo check" not in page and "Third demo check" not in page
