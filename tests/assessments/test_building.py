"""A supervisor builds a test and assigns it; bad input is refused whole, with a reason."""

from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from tests.factories import AssessmentFactory, TraineeFactory
from trainer.assessments import services
from trainer.assessments.models import Assessment, Assignment, Part

BUILD = reverse("assessments:build")


def posted(**changes):
    data = {
        "title": "Friday check",
        "level": "2",
        "pass_mark": "75",
        "time_limit_minutes": "15",
        "due_at": "",
        "count-cs-qualify": "4",
        "count-ms-pay": "3",
    }
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


@pytest.fixture
def supervisor_client(client, supervisor):
    client.force_login(supervisor)
    return client


def test_a_supervisor_builds_a_test_of_their_house(supervisor_client, supervisor, demo):
    response = supervisor_client.post(BUILD, posted())
    test = Assessment.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("assessments:test", args=[test.pk])
    assert (test.house, test.created_by, test.pass_mark) == (demo, supervisor, 75)
    assert test.levels == [2]  # every section at the test's level
    assert test.time_limit == timedelta(minutes=15) and test.due_at is None
    assert [(p.kind, p.count, p.position) for p in test.parts.all()] == [
        ("ms-pay", 3, 1),
        ("cs-qualify", 4, 2),
    ]
    assert test.question_count == 7


def test_the_build_page_lists_every_drill_kind(supervisor_client):
    from trainer.engine.drills import REGISTRY

    page = supervisor_client.get(BUILD).content.decode()
    for slug, kind in REGISTRY.items():
        assert f'name="count-{slug}"' in page and kind.title in page
    assert 'name="house"' not in page  # a supervisor builds for their own house only


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"count-cs-qualify": None, "count-ms-pay": "0"}, "a test needs questions"),
        ({"pass_mark": "101"}, "less than or equal to 100"),
        ({"pass_mark": "0"}, "greater than or equal to 1"),
        ({"count-no-such-drill": "2"}, "There is no drill kind called “no-such-drill”"),
        ({"count-ms-pay": "51"}, "less than or equal to 50"),
        ({"time_limit_minutes": "0"}, "greater than or equal to 1"),
        ({"title": ""}, "This field is required"),
        ({"level": "7"}, "Select a valid choice"),
        ({"due_at": "2001-01-01T10:00"}, "due date has already passed"),
        ({f"count-{k}": "50" for k in ("hand-five", "hand-seven", "ms-pay")}, "at most 100"),
    ],
)
def test_bad_input_is_refused_with_a_reason(supervisor_client, changes, message):
    response = supervisor_client.post(BUILD, posted(**changes))
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Assessment.objects.exists() and not Part.objects.exists()


def test_the_service_refuses_a_kind_not_in_the_registry(demo, supervisor):
    with pytest.raises(ValidationError, match="no drill kind"):
        services.build_test(
            house=demo,
            created_by=supervisor,
            title="T",
            level=1,
            pass_mark=50,
            parts=[("hand-five", 2), ("baccarat", 3)],
        )
    assert not Assessment.objects.exists()


def test_the_service_refuses_a_pass_mark_over_100_and_stores_nothing(demo, supervisor):
    with pytest.raises(ValidationError, match="100"):
        services.build_test(
            house=demo,
            created_by=supervisor,
            title="T",
            level=1,
            pass_mark=120,
            parts=[("hand-five", 2)],
        )
    assert not Assessment.objects.exists() and not Part.objects.exists()


def test_a_superuser_builds_for_a_house_they_choose(client, superuser, riverboat):
    client.force_login(superuser)
    assert 'name="house"' in client.get(BUILD).content.decode()
    missing = client.post(BUILD, posted())
    assert missing.status_code == 400 and not Assessment.objects.exists()
    client.post(BUILD, posted(house=str(riverboat.pk)))
    assert Assessment.objects.get().house == riverboat


def test_a_supervisor_cannot_build_for_another_house(supervisor_client, riverboat, demo):
    supervisor_client.post(BUILD, posted(house=str(riverboat.pk)))
    assert Assessment.objects.get().house == demo


# -- assigning ---------------------------------------------------------------------------------


def assign_url(test):
    return reverse("assessments:assign", args=[test.pk])


def test_assigning_to_chosen_trainees(supervisor_client, assessment, trainee, other_trainee):
    response = supervisor_client.post(assign_url(assessment), {"trainees": [trainee.pk]})
    assert response.status_code == 302
    assert list(Assignment.objects.values_list("trainee__username", flat=True)) == ["trainee-tina"]


def test_assigning_to_all_trainees_of_the_house(
    supervisor_client, assessment, trainee, other_trainee, supervisor, manager, stranger
):
    supervisor_client.post(assign_url(assessment), {"everyone": "on"})
    assert sorted(Assignment.objects.values_list("trainee__username", flat=True)) == [
        "trainee-otto",
        "trainee-tina",
    ]


def test_assigning_again_keeps_the_first_assignment(supervisor_client, assignment, trainee):
    response = supervisor_client.post(
        assign_url(assignment.test), {"trainees": [trainee.pk]}, follow=True
    )
    assert "Already assigned to trainee-tina" in response.content.decode()
    assert Assignment.objects.get() == assignment


def test_a_forged_trainee_of_another_house_is_refused(
    supervisor_client, assessment, trainee, stranger
):
    response = supervisor_client.post(
        assign_url(assessment), {"trainees": [trainee.pk, stranger.pk]}
    )
    assert response.status_code == 400
    assert "is not a trainee of this house" in response.content.decode()
    assert not Assignment.objects.exists()


def test_the_service_refuses_a_trainee_of_another_house(assessment, trainee, stranger, supervisor):
    with pytest.raises(ValidationError, match="Not a trainee of Demo house: trainee-uma"):
        services.assign(test=assessment, trainees=[trainee, stranger], assigned_by=supervisor)
    assert not Assignment.objects.exists()


def test_assigning_nobody_is_refused(supervisor_client, assessment):
    response = supervisor_client.post(assign_url(assessment), {})
    assert response.status_code == 400
    assert "Choose at least one trainee" in response.content.decode()


def test_a_test_past_its_due_date_cannot_be_assigned(demo, trainee, supervisor):
    test = AssessmentFactory(house=demo)
    Assessment.objects.filter(pk=test.pk).update(due_at=timezone.now() - timedelta(days=1))
    test.refresh_from_db()
    with pytest.raises(ValidationError, match="no longer be assigned"):
        services.assign(test=test, trainees=[trainee], assigned_by=supervisor)


def test_only_trainees_are_offered(supervisor_client, assessment, trainee, supervisor, manager):
    TraineeFactory(house=assessment.house, username="trainee-gone", is_active=False)
    page = supervisor_client.get(reverse("assessments:test", args=[assessment.pk]))
    offered = page.context["form"].fields["trainees"].queryset
    assert [u.username for u in offered] == ["trainee-tina"]
