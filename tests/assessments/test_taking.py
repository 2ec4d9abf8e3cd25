"""A trainee takes an assigned test: one sitting, questions fixed at the start, the server's
clock, answers stored as in practice, a result written once."""

import threading
from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.assessments.conftest import items_of
from tests.factories import AssessmentFactory, AssignmentFactory, right_answer, wrong_answer
from trainer.assessments import finishing, services
from trainer.assessments.models import Sitting, SittingQuestion
from trainer.core.signals import worker_sweep
from trainer.drills.models import Attempt, Question


def overdue(sitting, seconds=1):
    """Move the deadline into the past instead of waiting for it."""
    Sitting.objects.filter(pk=sitting.pk).update(
        deadline=timezone.now() - timedelta(seconds=seconds)
    )
    sitting.refresh_from_db()
    return sitting


def answer_url(sitting, question):
    return reverse("assessments:answer", args=[sitting.pk, question.pk])


# -- starting ----------------------------------------------------------------------------------


def test_starting_deals_every_question_at_once(sitting, assessment, trainee):
    items = items_of(sitting)
    assert [i.position for i in items] == [1, 2, 3, 4, 5]
    kinds = sorted(i.question.kind for i in items)
    assert kinds == ["cs-qualify"] * 3 + ["hand-five"] * 2
    assert all(i.question.session_id is None for i in items)
    assert all(i.question.trainee_id == trainee.pk for i in items)
    assert all(i.question.level == i.part.level for i in items)
    assert all(i.question.kind == i.part.kind for i in items)
    assert sitting.total == 5 and sitting.right == 0 and sitting.passed is None
    assert sitting.started_at + timedelta(minutes=10) == sitting.deadline


def test_the_deadline_is_the_due_date_when_that_comes_first(demo, trainee):
    due = timezone.now() + timedelta(minutes=3)
    test = AssessmentFactory(house=demo, time_limit_minutes=60, due_at=due)
    assignment = AssignmentFactory(test=test, trainee=trainee)
    sitting = services.start_sitting(trainee=trainee, assignment_id=assignment.pk)
    assert sitting.deadline == due


def test_an_untimed_test_without_due_date_has_no_deadline(demo, trainee):
    assignment = AssignmentFactory(test=AssessmentFactory(house=demo), trainee=trainee)
    sitting = services.start_sitting(trainee=trainee, assignment_id=assignment.pk)
    assert sitting.deadline is None


def test_a_second_sitting_while_one_runs_is_refused(sitting, assignment, trainee):
    before = Question.objects.count()
    with pytest.raises(services.AlreadyStarted):
        services.start_sitting(trainee=trainee, assignment_id=assignment.pk)
    assert Sitting.objects.count() == 1
    assert Question.objects.count() == before


def test_a_second_start_posted_says_so_and_stores_nothing(client, sitting, assignment, trainee):
    client.force_login(trainee)
    before = Question.objects.count()
    response = client.post(reverse("assessments:start", args=[assignment.pk]))
    assert response.status_code == 409
    assert "in one sitting" in response.content.decode()
    assert reverse("assessments:sitting", args=[sitting.pk]) in response.content.decode()
    assert Sitting.objects.count() == 1 and Question.objects.count() == before


def test_another_trainees_assignment_cannot_be_started(client, assignment, other_trainee):
    client.force_login(other_trainee)
    response = client.post(reverse("assessments:start", args=[assignment.pk]))
    assert response.status_code == 404
    assert not Sitting.objects.exists() and not Question.objects.exists()


def test_a_test_past_its_due_date_cannot_be_started(demo, trainee):
    test = AssessmentFactory(house=demo)
    type(test).objects.filter(pk=test.pk).update(due_at=timezone.now() - timedelta(hours=1))
    assignment = AssignmentFactory(test=test, trainee=trainee)
    with pytest.raises(services.Closed, match="due on"):
        services.start_sitting(trainee=trainee, assignment_id=assignment.pk)
    assert not Question.objects.exists()


def test_a_failed_start_stores_nothing_half_way(demo, trainee, monkeypatch):
    assignment = AssignmentFactory(test=AssessmentFactory(house=demo), trainee=trainee)
    calls = []

    def flaky(**kwargs):
        calls.append(kwargs)
        if len(calls) == 3:
            raise RuntimeError("the dealing shoe jammed")
        return real(**kwargs)

    real = services.deal
    monkeypatch.setattr(services, "deal", flaky)
    with pytest.raises(RuntimeError):
        services.start_sitting(trainee=trainee, assignment_id=assignment.pk)
    assert not Sitting.objects.exists()
    assert not Question.objects.exists()
    assert not SittingQuestion.objects.exists()


# -- answering ---------------------------------------------------------------------------------


def test_answers_are_stored_as_in_practice_and_the_last_one_scores(client, sitting, trainee):
    client.force_login(trainee)
    items = items_of(sitting)
    for n, item in enumerate(items):
        page = client.get(reverse("assessments:sitting", args=[sitting.pk]))
        assert f'data-question="{item.question.pk}"' in page.content.decode()
        answer = wrong_answer(item.question) if n == 0 else right_answer(item.question)
        response = client.post(answer_url(sitting, item.question), answer)
        assert response.status_code == 302
    sitting.refresh_from_db()
    assert sitting.is_finished and sitting.ending == Sitting.Ending.ANSWERED
    assert (sitting.right, sitting.total, sitting.passed) == (4, 5, True)
    attempts = Attempt.objects.filter(question__sitting_item__sitting=sitting)
    assert attempts.count() == 5 and attempts.filter(is_correct=False).count() == 1
    assert response["Location"] == reverse("assessments:sitting", args=[sitting.pk])
    result = client.get(response["Location"], follow=True)
    assert "Passed" in result.content.decode() and "4 right of 5" in result.content.decode()


def test_the_pass_mark_is_a_share_of_all_the_questions(sitting, trainee):
    items = items_of(sitting)
    for item in items[:2]:  # 2 of 5 right is 40%, under the 60% pass mark
        services.answer(
            trainee=trainee,
            sitting_id=sitting.pk,
            question_id=item.question.pk,
            raw=right_answer(item.question),
        )
    sitting = services.stop(trainee=trainee, sitting_id=sitting.pk)
    assert (sitting.right, sitting.total, sitting.passed) == (2, 5, False)
    assert sitting.ending == Sitting.Ending.STOPPED


def test_exactly_the_pass_mark_passes(demo, trainee):
    test = AssessmentFactory(house=demo, pass_mark=60, parts=[("hand-five", 5)])
    assignment = AssignmentFactory(test=test, trainee=trainee)
    sitting = services.start_sitting(trainee=trainee, assignment_id=assignment.pk)
    for item in items_of(sitting)[:3]:
        services.answer(
            trainee=trainee,
            sitting_id=sitting.pk,
            question_id=item.question.pk,
            raw=right_answer(item.question),
        )
    assert services.stop(trainee=trainee, sitting_id=sitting.pk).passed is True


def test_a_bad_answer_says_what_is_wrong_and_stores_nothing(client, sitting, trainee):
    client.force_login(trainee)
    item = items_of(sitting)[0]
    response = client.post(answer_url(sitting, item.question), {})
    assert response.status_code == 200
    assert 'class="field-error"' in response.content.decode()
    assert not Attempt.objects.exists()


def test_leaving_and_coming_back_resumes_the_same_sitting(client, sitting, trainee):
    client.force_login(trainee)
    first, second = items_of(sitting)[:2]
    client.post(answer_url(sitting, first.question), right_answer(first.question))
    client.logout()
    client.force_login(trainee)
    index = client.get(reverse("assessments:index")).content.decode()
    assert "Carry on" in index
    page = client.get(reverse("assessments:sitting", args=[sitting.pk])).content.decode()
    assert f'data-question="{second.question.pk}"' in page
    assert "question 2 of 5" in page
    assert Sitting.objects.count() == 1


def test_answering_twice_keeps_the_first_answer(client, sitting, trainee):
    client.force_login(trainee)
    item = items_of(sitting)[0]
    client.post(answer_url(sitting, item.question), right_answer(item.question))
    response = client.post(
        answer_url(sitting, item.question), wrong_answer(item.question), follow=True
    )
    assert "first answer stands" in response.content.decode()
    assert Attempt.objects.get(question=item.question).is_correct


def test_a_question_of_another_trainees_sitting_is_refused(client, sitting, other_trainee):
    client.force_login(other_trainee)
    item = items_of(sitting)[0]
    response = client.post(answer_url(sitting, item.question), right_answer(item.question))
    assert response.status_code == 404  # as a missing sitting: no existence oracle
    assert not Attempt.objects.exists()


@pytest.mark.parametrize("whose", ["practice", "another sitting", "missing", "beyond 64 bits"])
def test_a_question_from_outside_the_sitting_is_refused(client, sitting, trainee, whose):
    from trainer.drills.dealing import create_question

    if whose == "practice":
        question = create_question(trainee=trainee, kind="hand-five", level=1)
    elif whose == "another sitting":  # the trainee's own, of another test, open too
        test = AssessmentFactory(house=sitting.assignment.test.house)
        other = AssignmentFactory(test=test, trainee=trainee)
        other = services.start_sitting(trainee=trainee, assignment_id=other.pk)
        question = items_of(other)[0].question
    else:  # an id no question has; one beyond 64 bits fails a foreign key's lookup
        question = Question(pk=2_000_000_000 if whose == "missing" else 10**25)
    client.force_login(trainee)
    response = client.post(answer_url(sitting, question), {"hand": "Ah Kh"})
    assert response.status_code == 404
    with pytest.raises(services.NotFound, match="not part of this test"):
        services.answer(trainee=trainee, sitting_id=sitting.pk, question_id=question.pk, raw={})
    assert not Attempt.objects.exists()


def test_test_questions_cannot_be_answered_on_the_drills_page(client, sitting, trainee):
    client.force_login(trainee)
    item = items_of(sitting)[0]
    response = client.post(
        reverse("drills:answer", args=[item.question.pk]), right_answer(item.question)
    )
    assert response.status_code == 403
    assert not Attempt.objects.exists()


# -- the clock -----------------------------------------------------------------------------------


def test_an_answer_after_the_deadline_is_refused_and_counts_as_wrong(client, sitting, trainee):
    client.force_login(trainee)
    first, second = items_of(sitting)[:2]
    client.post(answer_url(sitting, first.question), right_answer(first.question))
    overdue(sitting)
    response = client.post(answer_url(sitting, second.question), right_answer(second.question))
    assert response.status_code == 409
    assert "Time ran out" in response.content.decode()
    assert "not recorded" in response.content.decode()
    assert not Attempt.objects.filter(question=second.question).exists()
    sitting.refresh_from_db()
    assert sitting.ending == Sitting.Ending.TIME_UP
    assert (sitting.right, sitting.total, sitting.passed) == (1, 5, False)
    assert sitting.finished_at == sitting.deadline


def test_a_visit_after_the_deadline_shows_the_sitting_finished_without_writing(
    client, sitting, trainee
):
    # a GET never writes (tests/readonly.py): the page shows the result as it will be recorded
    client.force_login(trainee)
    overdue(sitting)
    response = client.get(reverse("assessments:sitting", args=[sitting.pk]))
    assert response.status_code == 302
    assert response["Location"] == reverse("assessments:result", args=[sitting.pk])
    page = client.get(response["Location"]).content.decode()
    assert "Not passed" in page and "0 right of 5" in page
    assert "time ran out" in page
    sitting.refresh_from_db()
    assert not sitting.is_finished


def test_the_supervisors_visit_shows_overdue_sittings_finished_too(client, sitting, supervisor):
    overdue(sitting)
    client.force_login(supervisor)
    page = client.get(reverse("assessments:test", args=[sitting.assignment.test_id]))
    assert "0 of 5" in page.content.decode()
    sitting.refresh_from_db()
    assert not sitting.is_finished


def test_the_workers_sweep_finishes_overdue_sittings(sitting):
    overdue(sitting)
    worker_sweep.send(sender=None)
    sitting.refresh_from_db()
    assert sitting.is_finished and sitting.ending == Sitting.Ending.TIME_UP
    assert (sitting.right, sitting.total, sitting.passed) == (0, 5, False)
    assert sitting.finished_at == sitting.deadline


def test_the_page_shows_the_time_left(client, sitting, trainee):
    client.force_login(trainee)
    page = client.get(reverse("assessments:sitting", args=[sitting.pk])).content.decode()
    assert 'class="timer"' in page and "data-seconds-left=" in page
    assert "trainer/timer.js" in page
    assert ">9:5" in page or ">10:00<" in page


def test_finish_now_counts_the_rest_as_wrong(client, sitting, trainee):
    client.force_login(trainee)
    first = items_of(sitting)[0]
    client.post(answer_url(sitting, first.question), right_answer(first.question))
    response = client.post(reverse("assessments:finish", args=[sitting.pk]), {"confirm": "finish"})
    assert response["Location"] == reverse("assessments:result", args=[sitting.pk])
    sitting.refresh_from_db()
    assert (sitting.right, sitting.total, sitting.passed) == (1, 5, False)
    page = client.get(response["Location"]).content.decode()
    assert page.count("not answered") >= 4


def test_finish_now_asks_first_and_finishes_nothing_until_confirmed(client, sitting, trainee):
    # "Finish now" sat under "Answer (Enter)" and ended the test at once:
    # it now opens a confirmation; a post without the confirmation's own field is only that
    client.force_login(trainee)
    first = items_of(sitting)[0]
    client.post(answer_url(sitting, first.question), right_answer(first.question))
    finish = reverse("assessments:finish", args=[sitting.pk])
    page = client.get(reverse("assessments:sitting", args=[sitting.pk])).content.decode()
    assert f'href="{finish}"' in page
    for response in (client.get(finish), client.post(finish)):
        assert response.status_code == 200
        # five questions dealt, one answered (the `sitting` fixture's test)
        assert "4 of 5 questions are not answered yet" in response.content.decode()
    sitting.refresh_from_db()
    assert not sitting.is_finished


# -- results are a matter of record ------------------------------------------------------------


def test_a_finished_sitting_takes_no_answer(client, sitting, trainee):
    client.force_login(trainee)
    services.stop(trainee=trainee, sitting_id=sitting.pk)
    item = items_of(sitting)[0]
    response = client.post(answer_url(sitting, item.question), right_answer(item.question))
    assert response.status_code == 409
    assert not Attempt.objects.exists()


def test_finishing_again_changes_nothing(sitting, trainee):
    first = services.stop(trainee=trainee, sitting_id=sitting.pk)
    item = items_of(sitting)[0]
    # an attempt stored behind the sitting's back cannot move its score
    from trainer.drills.services import answer_question

    answer_question(trainee=trainee, question_id=item.question.pk, raw=right_answer(item.question))
    again = finishing.finish(sitting=sitting, ending=Sitting.Ending.ANSWERED)
    assert (again.right, again.passed, again.finished_at, again.ending) == (
        first.right,
        first.passed,
        first.finished_at,
        first.ending,
    )


def test_a_finished_sitting_cannot_be_saved(sitting, trainee):
    sitting = services.stop(trainee=trainee, sitting_id=sitting.pk)
    sitting.passed = True
    with pytest.raises(ValidationError):
        sitting.save()
    sitting.refresh_from_db()
    assert sitting.passed is False


# -- two tabs of one sitting ---------------------------------------------------------------------


def test_two_tabs_posting_one_question_keep_the_first_answer(client, sitting, trainee):
    """In sequence (SQLite has one writer at a time): the second tab's post, of the same
    question with another answer, is a replay, and the sitting goes on."""
    client.force_login(trainee)
    other = Client()
    other.force_login(trainee)
    item = items_of(sitting)[0]
    url = answer_url(sitting, item.question)
    assert client.post(url, right_answer(item.question)).status_code == 302
    replayed = other.post(url, wrong_answer(item.question), follow=True)
    assert "first answer stands" in replayed.content.decode()
    assert Attempt.objects.get().is_correct
    sitting.refresh_from_db()
    assert not sitting.is_finished


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    connection.vendor == "sqlite",
    reason="SQLite allows one writer at a time by locking the whole database: two posts "
    "cannot overlap there (the test above replays them in sequence); the test runs on "
    "PostgreSQL",
)
@pytest.mark.parametrize("posts", ["the same question", "the last two questions"])
def test_two_tabs_posting_at_the_same_moment(roles, demo, trainee, monkeypatch, posts):
    """Two tabs of one sitting post at once, both past the view's checks before either
    writes (the barrier): one attempt a question, the sitting finished once when both were
    its last, and neither post fails."""
    test = AssessmentFactory(house=demo, parts=[("cs-qualify", 2)], time_limit_minutes=10)
    assignment = AssignmentFactory(test=test, trainee=trainee)
    sitting = services.start_sitting(trainee=trainee, assignment_id=assignment.pk)
    first, second = items_of(sitting)
    questions = [first.question] * 2 if posts == "the same question" else [first, second]
    questions = [getattr(q, "question", q) for q in questions]
    barrier = threading.Barrier(2, timeout=30)
    answer = services.answer

    def at_once(**kwargs):
        barrier.wait()  # both past the page's checks, neither written yet
        return answer(**kwargs)

    monkeypatch.setattr(services, "answer", at_once)
    responses, errors = [], []

    def post(question):
        try:
            client = Client()
            client.force_login(trainee)
            responses.append(client.post(answer_url(sitting, question), right_answer(question)))
        except Exception as exc:  # noqa: BLE001 -- reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=post, args=(q,)) for q in questions]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert [r.status_code for r in responses] == [302, 302]
    answered = {q.pk for q in questions}
    assert sorted(Attempt.objects.values_list("question_id", flat=True)) == sorted(answered)
    sitting.refresh_from_db()
    if posts == "the last two questions":
        assert sitting.ending == Sitting.Ending.ANSWERED
        assert sitting.right == sitting.total == 2
    else:
        assert not sitting.is_finished
