"""Practise my mistakes: the hands a trainee missed come back, the same cards and stakes as a
new question, until each is answered right; then the scheduler takes them on as usual."""

import pytest
from django.utils import timezone

from tests.factories import AssessmentFactory, AssignmentFactory, right_answer, wrong_answer
from trainer.assessments import services as tests_services
from trainer.drills import services
from trainer.drills.models import Attempt, PracticeSession, Question
from trainer.drills.practice import mistakes
from trainer.drills.practice.models import SkillCard

pytestmark = pytest.mark.django_db


def drill(trainee, answers, kind="cs-qualify", level=1) -> list[Question]:
    """A drill session of `kind` answered right (True) or wrong (False) in turn; its
    questions, oldest first."""
    session = services.start_session(trainee=trainee, kind=kind, level=level)
    asked = []
    for n, right in enumerate(answers):
        question = (
            services.current_question(session)
            if n == 0
            else services.next_question(trainee=trainee, session_id=session.pk)
        )
        answer(trainee, question, right)
        asked.append(question)
    return asked


def answer(trainee, question, right: bool):
    raw = right_answer(question) if right else wrong_answer(question)
    return services.answer_question(trainee=trainee, question_id=question.pk, raw=raw).attempt


def start(trainee) -> tuple[PracticeSession, Question]:
    session = services.start_mode(trainee=trainee, mode="mistakes")
    return session, services.current_question(session)


def deal_next(trainee, session) -> Question:
    return services.next_question(trainee=trainee, session_id=session.pk)


def test_a_wrong_answer_waits_and_a_right_one_does_not(trainee):
    right, wrong = drill(trainee, [True, False])
    assert list(mistakes.waiting(trainee)) == [wrong]
    assert mistakes.waiting_count(trainee) == 1
    assert mistakes.nothing_to_deal(trainee) is None


def test_the_replay_is_the_same_hand_as_a_new_question_pointing_at_the_original(trainee):
    (missed,) = drill(trainee, [False], kind="ms-pay", level=2)
    session, replay = start(trainee)
    assert replay.pk != missed.pk and replay.session == session
    assert replay.replay_of == missed
    # the same cards and stakes, drill, level and chips
    assert (replay.kind, replay.level, replay.in_chips) == (missed.kind, 2, missed.in_chips)
    assert replay.table == missed.table and replay.request == missed.request
    # the house's rules have not changed: the same answer is right
    assert replay.expected == missed.expected
    assert not hasattr(replay, "attempt") or replay.attempt is None


def test_answered_right_it_clears_and_is_no_longer_dealt(trainee):
    (missed,) = drill(trainee, [False])
    session, replay = start(trainee)
    answer(trainee, replay, right=True)
    assert mistakes.waiting_count(trainee) == 0
    with pytest.raises(services.Finished, match="Every missed hand is answered right"):
        deal_next(trainee, session)
    assert Question.objects.filter(replay_of=missed).count() == 1
    # a new session has nothing to deal: it refuses to start
    with pytest.raises(services.DrillError):
        services.start_mode(trainee=trainee, mode="mistakes")


def test_each_hand_is_dealt_once_a_pass_oldest_first_and_a_miss_comes_back_after_the_others(
    trainee,
):
    a, b, c = drill(trainee, [False, False, False])
    session, first = start(trainee)
    assert first.replay_of == a  # the oldest first
    answer(trainee, first, right=False)  # A missed again: it waits, behind B and C
    second = deal_next(trainee, session)
    assert second.replay_of == b
    answer(trainee, second, right=True)
    third = deal_next(trainee, session)
    assert third.replay_of == c
    answer(trainee, third, right=True)
    fourth = deal_next(trainee, session)
    # A again, on the second pass; its replay points at the original, never at a replay
    assert fourth.replay_of == a and fourth.table == a.table
    answer(trainee, fourth, right=True)
    with pytest.raises(services.Finished):
        deal_next(trainee, session)
    assert mistakes.waiting_count(trainee) == 0


def test_two_hands_missed_again_come_back_in_their_order(trainee):
    a, b = drill(trainee, [False, False])
    session, first = start(trainee)
    answer(trainee, first, right=False)
    second = deal_next(trainee, session)
    answer(trainee, second, right=False)
    dealt = [deal_next(trainee, session)]
    answer(trainee, dealt[0], right=True)
    dealt.append(deal_next(trainee, session))
    assert [q.replay_of for q in (first, second, *dealt)] == [a, b, a, b]


def test_a_hand_missed_elsewhere_meanwhile_waits_for_the_next_session(trainee):
    (a,) = drill(trainee, [False])
    session, replay = start(trainee)
    (b,) = drill(trainee, [False], kind="hand-five")  # in another tab, during the session
    answer(trainee, replay, right=True)
    with pytest.raises(services.Finished):
        deal_next(trainee, session)
    assert list(mistakes.waiting(trainee)) == [b]
    _, next_session_first = start(trainee)
    assert next_session_first.replay_of == b


def test_a_tests_question_never_waits(trainee):
    test = AssessmentFactory(house=trainee.house, parts=[("cs-qualify", 1)])
    sitting = tests_services.start_sitting(
        trainee=trainee, assignment_id=AssignmentFactory(test=test, trainee=trainee).pk
    )
    question = tests_services.next_item(sitting).question
    tests_services.answer(
        trainee=trainee, sitting_id=sitting.pk, question_id=question.pk, raw=wrong_answer(question)
    )
    assert Attempt.objects.get(question=question).is_correct is False
    assert mistakes.waiting_count(trainee) == 0


def test_another_trainees_misses_never_appear(trainee, other_trainee):
    drill(other_trainee, [False, False])
    assert mistakes.waiting_count(other_trainee) == 2
    assert mistakes.waiting_count(trainee) == 0
    (mine,) = drill(trainee, [False])
    _, replay = start(trainee)
    assert replay.replay_of == mine and replay.trainee == trainee


def test_with_nothing_waiting_the_session_refuses_to_start_and_stores_nothing(trainee):
    drill(trainee, [True])
    sessions, questions = PracticeSession.objects.count(), Question.objects.count()
    with pytest.raises(services.DrillError) as refused:
        services.start_mode(trainee=trainee, mode="mistakes")
    assert refused.value.message == mistakes.NOTHING_WAITING
    assert "no missed hands waiting" in refused.value.message
    assert (PracticeSession.objects.count(), Question.objects.count()) == (sessions, questions)


def test_a_miss_waits_until_it_is_answered_right_however_old(trainee):
    """ "Until each is answered right": a hand missed a year ago still waits."""
    old, recent = drill(trainee, [False, False])
    Attempt.objects.filter(question=old).update(
        answered_at=timezone.now() - timezone.timedelta(days=365)
    )
    assert list(mistakes.waiting(trainee)) == [old, recent]  # oldest first


def test_a_session_works_on_the_oldest_hands_a_batch_at_a_time(trainee, monkeypatch):
    monkeypatch.setattr(mistakes, "SESSION_HANDS", 2)
    first, second, third = drill(trainee, [False, False, False])
    session, replay = start(trainee)
    assert mistakes.session_hands(session) == [first, second]
    assert replay.replay_of == first
    answer(trainee, replay, right=True)
    # the first is answered right: the third comes into the batch
    assert mistakes.session_hands(session) == [second, third]


def test_each_answer_to_a_replay_is_a_review_of_its_skill(trainee):
    """ "Then schedules them normally": a replay is an ordinary question of the original's
    drill and situation, and each answer to it moves that skill's FSRS card once."""
    (missed,) = drill(trainee, [False])
    skill = {"trainee": trainee, "kind": missed.kind, "situation": missed.situation}
    assert missed.situation  # cs-qualify tags every question with its situation
    assert SkillCard.objects.get(**skill).reviews == 1
    session, replay = start(trainee)
    assert replay.situation == missed.situation
    answer(trainee, replay, right=False)
    assert SkillCard.objects.get(**skill).reviews == 2
    again = deal_next(trainee, session)
    attempt = answer(trainee, again, right=True)
    card = SkillCard.objects.get(**skill)
    assert card.reviews == 3 and card.last_attempt == attempt
    assert attempt.rating in ("hard", "good", "easy")  # right: not "again"
    assert card.due > attempt.answered_at  # scheduled ahead, as any right answer is
