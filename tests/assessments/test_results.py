"""What a supervisor reads: results per test and per trainee, at a cost that does not grow
with the number of sittings."""

import pytest
from django.urls import reverse

from tests.factories import AssessmentFactory, AssignmentFactory, TraineeFactory, right_answer
from trainer.assessments import services

MANY = 25


def take(test, who, *, right: int):
    """Start `who`'s sitting of `test`, answer the first `right` questions right, finish."""
    assignment = AssignmentFactory(test=test, trainee=who)
    sitting = services.start_sitting(trainee=who, assignment_id=assignment.pk)
    for item in sitting.items.select_related("question").order_by("position")[:right]:
        services.answer(
            trainee=who,
            sitting_id=sitting.pk,
            question_id=item.question.pk,
            raw=right_answer(item.question),
        )
    return services.stop(trainee=who, sitting_id=sitting.pk)


@pytest.fixture
def crowd(demo):
    """A two-question test sat by many trainees: every other one passes."""
    test = AssessmentFactory(house=demo, title="Crowd check", parts=[("hand-five", 2)])
    people = [TraineeFactory(house=demo, username=f"trainee-{n:02d}") for n in range(MANY)]
    for n, person in enumerate(people):
        take(test, person, right=2 if n % 2 else 1)
    return test, people


def test_results_per_test(client, supervisor, crowd):
    test, people = crowd
    client.force_login(supervisor)
    page = client.get(reverse("assessments:test", args=[test.pk])).content.decode()
    assert page.count('class="verdict">passed<') == MANY // 2
    assert page.count('class="verdict">not passed<') == MANY - MANY // 2
    assert "2 of 2 (100%)" in page and "1 of 2 (50%)" in page


def test_results_per_trainee(client, supervisor, crowd):
    test, people = crowd
    client.force_login(supervisor)
    page = client.get(reverse("assessments:trainee", args=[people[1].pk])).content.decode()
    assert "Crowd check" in page and "2 of 2 (100%)" in page and "trainee-02" not in page


def test_the_results_pages_cost_a_bounded_number_of_queries(
    client, supervisor, crowd, django_assert_max_num_queries
):
    test, people = crowd
    client.force_login(supervisor)
    sitting = people[0].test_sittings.get()
    # measured: 10, 4, 5 and 4 (the first fills the per-user caches); a query per sitting would
    # be 25 more.  No page finishes overdue sittings any more (a GET never writes), which took
    # a query off the test's and the trainee's pages
    with django_assert_max_num_queries(10):
        client.get(reverse("assessments:test", args=[test.pk]))
    with django_assert_max_num_queries(9):
        client.get(reverse("assessments:manage"))
    with django_assert_max_num_queries(8):
        client.get(reverse("assessments:trainee", args=[people[0].pk]))
    with django_assert_max_num_queries(8):
        client.get(reverse("assessments:review", args=[sitting.pk]))


def test_a_sitting_review_shows_each_answer(client, supervisor, crowd):
    test, people = crowd
    sitting = people[0].test_sittings.get()
    client.force_login(supervisor)
    page = client.get(reverse("assessments:review", args=[sitting.pk])).content.decode()
    assert "Not passed" in page and "trainee-00" in page
    assert page.count('class="reviewed right"') == 1
    assert page.count('class="reviewed wrong"') == 1 and "not answered" in page
