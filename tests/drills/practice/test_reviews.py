"""A stored answer that is a review of its skill (drill kind + situation) is written in the
attempt's own transaction (trainer.drills.services._store calls
trainer.drills.practice.services.store_and_review).  The scheduler state after a replayed or
concurrent double answer is exactly what one answer gives: the same idempotency as attempts.

"Exactly" is checked against the engine's own scheduler: the state a card holds is compared
with `scheduling.review` applied to the stored attempts' grades at their answered times
(tests/drills/practice/test_schedule.py replays whole cards, answers that were no review
included).
"""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from tests.factories import right_answer, wrong_answer
from trainer.drills import dealing, services
from trainer.drills.models import Attempt, Question
from trainer.drills.practice.models import SkillCard
from trainer.drills.practice.services import question_target_ms
from trainer.engine import scheduling
from trainer.engine.drills import AnswerError

KIND = "ms-pay"


def on_the_table(trainee) -> Question:
    """A question of a practice session, on the table (the usual answer's path)."""
    session = services.start_session(trainee=trainee, kind=KIND, level=1)
    return services.current_question(session)


def same_skill(trainee, question: Question) -> Question:
    """Another question of `question`'s skill, dealt for its situation."""
    assert question.situation, "the drill tags its questions with their situation"
    return dealing.create_question(
        trainee=trainee, kind=question.kind, level=question.level, situation=question.situation
    )


def answer(trainee, question, raw=None) -> services.Result:
    raw = right_answer(question) if raw is None else raw
    return services.answer_question(trainee=trainee, question_id=question.pk, raw=raw)


def card_of(question) -> SkillCard:
    return SkillCard.objects.get(
        trainee=question.trainee, kind=question.kind, situation=question.situation
    )


def one_review(attempt: Attempt) -> dict:
    """The state one review of a new skill gives: the scheduler's own answer."""
    return scheduling.review(None, attempt.rating, attempt.answered_at)


def test_one_answer_makes_the_card_the_scheduler_gives(trainee):
    question = on_the_table(trainee)
    attempt = answer(trainee, question).attempt
    attempt.refresh_from_db()
    card = card_of(question)
    assert card.reviews == 1 and card.last_attempt == attempt
    assert card.state == one_review(attempt)
    assert card.due == scheduling.due(card.state)
    assert card.stability == scheduling.stability(card.state)


def test_a_replayed_post_leaves_the_card_as_one_answer_left_it(trainee):
    question = on_the_table(trainee)
    first = answer(trainee, question).attempt
    card = card_of(question)
    before = (card.state, card.due, card.stability, card.reviews, card.last_attempt_id)
    # the same question posted again, this time with a wrong answer: nothing moves
    again = answer(trainee, question, wrong_answer(question))
    assert again.replayed and again.attempt.pk == first.pk
    card.refresh_from_db()
    assert (card.state, card.due, card.stability, card.reviews, card.last_attempt_id) == before
    assert card.reviews == 1 and card.state == one_review(Attempt.objects.get())


def test_a_replayed_post_through_the_page_reviews_nothing_twice(client, trainee):
    question = on_the_table(trainee)
    client.force_login(trainee)
    url = f"/drills/q/{question.pk}/answer"
    for _ in range(2):
        client.post(url, right_answer(question))
    assert Attempt.objects.count() == 1
    assert card_of(question).reviews == 1


def test_two_answers_of_one_skill_are_two_reviews_in_order(trainee):
    first_q = on_the_table(trainee)
    second_q = same_skill(trainee, first_q)
    assert second_q.situation == first_q.situation and second_q.pk != first_q.pk
    first = answer(trainee, first_q, wrong_answer(first_q)).attempt
    second = answer(trainee, second_q).attempt
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.answered_at <= second.answered_at
    card = card_of(second_q)
    assert card.reviews == 2 and card.last_attempt == second
    expected = scheduling.review(one_review(first), second.rating, second.answered_at)
    assert card.state == expected
    assert card.state["reps"] == 2


def test_a_wrong_answer_is_rated_again(trainee):
    question = on_the_table(trainee)
    attempt = answer(trainee, question, wrong_answer(question)).attempt
    assert attempt.rating == "again" and not attempt.is_correct
    assert card_of(question).state == scheduling.review(None, "again", attempt.answered_at)


def test_a_right_answer_to_a_new_skill_slower_than_the_target_is_rated_good(trainee):
    """Slow is not forgetting: a first meeting right is a learning step, whatever the pace
    (docs/rulebook.md, *Practice schedule*; Hard would hold it on its step)."""
    question = on_the_table(trainee)
    target = question_target_ms(question)
    # shown twice the target ago: whatever the test's own running adds, it is over the target
    Question.objects.filter(pk=question.pk).update(
        shown_at=timezone.now() - timedelta(milliseconds=2 * target)
    )
    attempt = answer(trainee, question).attempt
    assert attempt.is_correct and attempt.target_ms == target
    assert attempt.response_ms > attempt.target_ms
    assert attempt.rating == "good" and attempt.grade == scheduling.GRADES["good"]
    assert card_of(question).state == scheduling.review(None, "good", attempt.answered_at)


def test_an_answer_that_cannot_be_read_stores_no_review(trainee):
    question = on_the_table(trainee)
    raw = right_answer(question)
    amount = next(f["name"] for f in question.fields if f["kind"] == "amount")
    raw[amount] = "abc"
    with pytest.raises(AnswerError):
        answer(trainee, question, raw)
    assert not Attempt.objects.exists()
    assert not SkillCard.objects.exists()
    # and the question still takes its answer, reviewed once
    answer(trainee, question)
    assert card_of(question).reviews == 1


#: enough posts at once to overlap on any machine
POSTS = 4


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    connection.vendor == "sqlite",
    reason="SQLite allows one writer at a time by locking the whole database: nothing "
    "can run at once; the test runs on PostgreSQL",
)
def test_a_concurrent_double_answer_is_one_review(roles, demo, trainee):
    question = on_the_table(trainee)
    raw = right_answer(question)
    barrier = threading.Barrier(POSTS)
    results, errors = [], []

    def post():
        try:
            barrier.wait()
            results.append(
                services.answer_question(trainee=trainee, question_id=question.pk, raw=raw)
            )
        except Exception as exc:  # noqa: BLE001 -- reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=post) for _ in range(POSTS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert sorted(r.replayed for r in results) == [False] + [True] * (POSTS - 1)
    attempt = Attempt.objects.get()
    card = card_of(question)
    assert card.reviews == 1 and card.last_attempt == attempt
    assert card.state == one_review(attempt)


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    connection.vendor == "sqlite",
    reason="SQLite allows one writer at a time by locking the whole database: nothing "
    "can run at once; the test runs on PostgreSQL",
)
def test_concurrent_answers_to_two_questions_of_a_new_skill_are_two_reviews(roles, demo, trainee):
    # both find no card and make one: one insert wins, the other reviews the card it made
    first_q = on_the_table(trainee)
    second_q = same_skill(trainee, first_q)
    barrier = threading.Barrier(2)
    errors = []

    def post(question):
        try:
            barrier.wait()
            services.answer_question(
                trainee=trainee, question_id=question.pk, raw=right_answer(question)
            )
        except Exception as exc:  # noqa: BLE001 -- reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=post, args=(q,)) for q in (first_q, second_q)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert Attempt.objects.count() == 2
    card = card_of(first_q)
    assert card.reviews == 2 and card.state["reps"] == 2
    # the review last applied is the card's last attempt, applied to the other one's state
    last = card.last_attempt
    other = Attempt.objects.exclude(pk=last.pk).get()
    assert card.state == scheduling.review(one_review(other), last.rating, last.answered_at)
