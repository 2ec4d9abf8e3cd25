"""Practice figures come from practice, test results from tests: a trainee who takes a test
does not see their practice figures move, and the supervisor sees both, labelled."""

import csv
import io
from datetime import timedelta

import pytest
from django.utils import timezone

from tests.factories import AssessmentFactory, AssignmentFactory, right_answer, wrong_answer
from tests.progress.test_progress import answer_some
from trainer.assessments import services as tests_services
from trainer.assessments.models import Sitting
from trainer.drills.models import Attempt
from trainer.progress.seeding import seed_attempts

#: the test every trainee here takes: three "does the dealer qualify?" questions (the same
#: drill as the practice below, so that test answers would show in its figures if counted)
TEST_QUESTIONS = 3


def sit(trainee, *, title="Qualifying check", right=True, finish=True):
    """`trainee` takes a test of TEST_QUESTIONS cs-qualify questions, every answer right (or
    every answer wrong); the last answer finishes the sitting (finish=False: one answer only,
    the sitting left open)."""
    test = AssessmentFactory(
        house=trainee.house, title=title, parts=[("cs-qualify", TEST_QUESTIONS)]
    )
    assignment = AssignmentFactory(test=test, trainee=trainee)
    sitting = tests_services.start_sitting(trainee=trainee, assignment_id=assignment.pk)
    items = sitting.items.select_related("question").order_by("position")
    for item in items if finish else items[:1]:
        question = item.question
        tests_services.answer(
            trainee=trainee,
            sitting_id=sitting.pk,
            question_id=question.pk,
            raw=right_answer(question) if right else wrong_answer(question),
        )
    sitting.refresh_from_db()
    return sitting


def figures(client) -> dict:
    """Everything My progress counts (the summary and its detail pages), comparable before
    and after."""
    summary = client.get("/progress/").context
    drills = client.get("/progress/drills/").context
    return {
        "overall": summary["overall"],
        "today": summary["today"],
        "kinds": drills["kinds"],
        "trend": [panel.points for panel in drills["panels"]],
        "by_category": drills["by_category"],
        "by_situation": drills["by_situation"],
        "mistakes": [
            m["attempt"].pk for m in client.get("/progress/mistakes/").context["mistakes"]
        ],
    }


def test_taking_a_test_leaves_my_practice_figures_as_they_were(client, trainee):
    answer_some(trainee, "cs-qualify", [True, False])
    client.force_login(trainee)
    before = figures(client)
    sitting = sit(trainee, right=False)  # three more wrong answers to the same drill
    assert sitting.is_finished and sitting.passed is False
    assert figures(client) == before
    assert before["overall"].attempts == 2 and before["overall"].right == 1
    # the test shows, on its own, near the top of the summary
    response = client.get("/progress/")
    assert list(response.context["sittings"]) == [sitting]
    page = response.content.decode()
    assert "Tests and certificates" in page and "Qualifying check" in page
    assert "not passed" in page
    assert page.index("Tests and certificates") < page.index('id="skills"')


def test_a_test_question_answered_mid_test_is_not_shown_with_its_answer(client, trainee):
    """Recent mistakes show the right answer: a test's question must not appear there while
    the test can still be answered (nor after: it is a test result, not practice)."""
    sitting = sit(trainee, right=False, finish=False)
    assert not sitting.is_finished
    client.force_login(trainee)
    response = client.get("/progress/mistakes/")
    assert response.context["mistakes"] == []
    assert '<article class="missed">' not in response.content.decode()


def test_the_supervisor_sees_practice_and_tests_labelled(client, trainee, supervisor):
    answer_some(trainee, "cs-qualify", [True, False])
    sitting = sit(trainee, title="Qualifying check")
    client.force_login(supervisor)

    (row,) = [
        r for r in client.get("/progress/trainees/").context["rows"] if r["trainee"] == trainee
    ]
    assert (row["attempts"], row["right"], row["tests_passed"], row["tests_taken"]) == (2, 1, 1, 1)

    summary = f"/progress/trainees/{trainee.pk}/"
    response = client.get(summary)
    context, page = response.context, response.content.decode()
    assert context["overall"].attempts == 2  # practice only
    assert list(context["sittings"]) == [sitting]
    assert ">Practice at a glance</h2>" in page and ">Tests and certificates</h2>" in page
    assert f'href="/tests/manage/sittings/{sitting.pk}/"' in page
    (test_line,) = client.get(summary + "drills/").context["test_kinds"]
    assert (test_line.attempts, test_line.right) == (TEST_QUESTIONS, TEST_QUESTIONS)
    # every answer listed, each saying where it was given
    url = summary + "answers/"
    assert f'href="{url}"' in page
    response = client.get(url)
    context, page = response.context, response.content.decode()
    assert len(context["page"].object_list) == 2 + TEST_QUESTIONS
    assert page.count("<td>practice</td>") == 2
    assert page.count("<td>test: <a") == TEST_QUESTIONS
    assert len(client.get(url + "?source=practice").context["page"].object_list) == 2
    tests_only = client.get(url + "?source=test").context["page"].object_list
    assert len(tests_only) == TEST_QUESTIONS and all(a.sitting_id == sitting.pk for a in tests_only)


def test_the_attempts_csv_says_which_answers_were_test_answers(client, trainee, supervisor):
    answer_some(trainee, "cs-qualify", [True, False])
    sit(trainee, title="Qualifying check")
    client.force_login(supervisor)
    url = f"/progress/trainees/{trainee.pk}/attempts.csv"
    header, *rows = csv.reader(io.StringIO(client.get(url).content.decode()))
    where = [(r[header.index("source")], r[header.index("test")]) for r in rows]
    assert sorted(where) == [("practice", "")] * 2 + [("test", "Qualifying check")] * 3
    header, *rows = csv.reader(io.StringIO(client.get(url + "?source=test").content.decode()))
    assert len(rows) == TEST_QUESTIONS


def test_the_error_analysis_counts_practice_only(client, trainee, supervisor):
    answer_some(trainee, "cs-qualify", [True])
    sit(trainee, right=False)
    client.force_login(supervisor)
    (line,) = client.get("/progress/analysis/").context["kinds"]
    assert (line.attempts, line.right) == (1, 1)


@pytest.mark.django_db
def test_practice_and_in_tests_split_every_answer(trainee):
    answer_some(trainee, "cs-qualify", [True, False])
    seed_attempts(trainee, 4, seed=3)  # history stored with no session: practice all the same
    sit(trainee)
    mine = Attempt.objects.for_trainee(trainee)
    practice, in_tests = set(mine.practice()), set(mine.in_tests())
    assert len(practice) == 2 + 4 and len(in_tests) == TEST_QUESTIONS
    assert practice | in_tests == set(mine) and not practice & in_tests


def test_a_sitting_whose_time_ran_out_shows_finished_before_anything_records_it(
    client, trainee, supervisor
):
    # a GET never writes (tests/readonly.py): the pages score it as the worker's sweep will
    sitting = sit(trainee, right=True, finish=False)  # one of three answered, then time up
    Sitting.objects.filter(pk=sitting.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    client.force_login(supervisor)
    (row,) = [
        r for r in client.get("/progress/trainees/").context["rows"] if r["trainee"] == trainee
    ]
    assert (row["tests_taken"], row["tests_passed"]) == (1, 0)
    page = client.get(f"/progress/trainees/{trainee.pk}/").content.decode()
    assert f"1 of {TEST_QUESTIONS}" in page and "not passed" in page
    assert "in progress" not in page
    sitting.refresh_from_db()
    assert not sitting.is_finished
