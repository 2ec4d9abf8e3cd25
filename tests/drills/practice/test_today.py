"""Today's practice (trainer.drills.practice.today over trainer.engine.practice.pick): what it
deals.

Each drill here lists a few situations of its own (`listed`): the first ones its ordinary
deal brings up, so each can be dealt on demand.  Cards are written as the scheduler writes
them (`scheduling.review`), then given the due time a test needs.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.drills.practice.skills import SITUATIONS
from tests.factories import TraineeFactory, right_answer, wrong_answer
from trainer.drills import dealing, services
from trainer.drills.models import Attempt, PracticeSession, Question
from trainer.drills.practice import today
from trainer.drills.practice.models import Enrolment, SkillCard
from trainer.engine import practice, scheduling
from trainer.engine.drills import REGISTRY

MS = [("ms-pay", s) for s in SITUATIONS["ms-pay"]]
CS = [("cs-qualify", s) for s in SITUATIONS["cs-qualify"]]


@pytest.fixture(autouse=True)
def listed(monkeypatch):
    """Only the drills of `LISTED` have situations, those of `SITUATIONS`."""
    for kind in REGISTRY.values():
        monkeypatch.setattr(
            type(kind), "situations", lambda self, config: SITUATIONS.get(self.slug, ())
        )


@pytest.fixture
def enrolled(trainee):
    """The trainee, enrolled in Mississippi Stud: the ms-pay skills are theirs."""
    Enrolment.objects.create(trainee=trainee, game="mississippi-stud")
    return trainee


def card(trainee, skill, due: dt.datetime) -> SkillCard:
    """A card as one "good" answer a day before `due` leaves it, due at `due`."""
    state = scheduling.review(None, "good", due - dt.timedelta(days=1))
    state["due"] = due.isoformat()
    kind, situation = skill
    return SkillCard.objects.create(
        trainee=trainee, kind=kind, situation=situation, state=state, due=due, reviews=1
    )


def session_of(trainee, *, dealt: int = 0) -> PracticeSession:
    """A session of Today's practice that has dealt `dealt` questions (none on the table)."""
    return PracticeSession.objects.create(
        trainee=trainee, kind="", mode="today", dealt=dealt, answered=dealt
    )


def deal(trainee, **kw) -> tuple[str, str]:
    got = today.next_deal(session_of(trainee, **kw))
    return got.kind, got.situation


def ago(**kw) -> dt.datetime:
    return timezone.now() - dt.timedelta(**kw)


def ahead(**kw) -> dt.datetime:
    return timezone.now() + dt.timedelta(**kw)


# --- what is dealt, in what order ------------------------------------------------------------


def test_a_due_skill_comes_before_a_new_one(enrolled):
    card(enrolled, MS[2], ago(minutes=5))
    assert deal(enrolled) == MS[2]


def test_the_most_overdue_skill_comes_first(enrolled):
    card(enrolled, MS[0], ago(hours=1))
    card(enrolled, MS[1], ago(days=2))
    card(enrolled, MS[2], ago(hours=5))
    assert deal(enrolled) == MS[1]


def test_with_nothing_due_only_new_skills_are_dealt_in_their_order(enrolled):
    card(enrolled, MS[0], ahead(days=3))
    assert deal(enrolled) == MS[1]


def test_every_fourth_question_is_a_new_skill_while_skills_are_due(enrolled):
    card(enrolled, MS[0], ago(hours=1))
    card(enrolled, MS[1], ago(hours=2))
    dealt = [deal(enrolled, dealt=n) for n in range(2 * practice.NEW_EVERY)]
    new = [n for n, skill in enumerate(dealt) if skill == MS[2]]
    # the 4th and 8th questions (counted from 0: 3 and 7), by NEW_EVERY = 4
    assert new == [practice.NEW_EVERY - 1, 2 * practice.NEW_EVERY - 1]
    assert dealt[0] == MS[1]  # the others: the most overdue


def test_the_same_skill_is_not_dealt_twice_in_a_row_while_there_is_another(enrolled):
    card(enrolled, MS[0], ago(days=2))
    card(enrolled, MS[1], ago(hours=1))
    session = services.start_mode(trainee=enrolled, mode="today")
    first = services.current_question(session)
    assert (first.kind, first.situation) == MS[0]
    # MS[0] is still the most overdue (its card moves when it is answered), yet not again
    following = today.next_deal(session)
    assert (following.kind, following.situation) == MS[1]


def test_the_last_skill_is_dealt_again_when_there_is_no_other(trainee):
    Enrolment.objects.create(trainee=trainee, game="caribbean-stud")
    card(trainee, CS[0], ago(minutes=1))
    card(trainee, CS[1], ahead(days=5))
    session = services.start_mode(trainee=trainee, mode="today")
    first = services.current_question(session)
    assert (first.kind, first.situation) == CS[0]
    services.answer_question(trainee=trainee, question_id=first.pk, raw=wrong_answer(first))
    # missed: due again in a minute (FSRS's first learning step), nothing else to deal
    second = services.next_question(trainee=trainee, session_id=session.pk)
    assert (second.kind, second.situation) == CS[0]


def test_a_skill_coming_due_within_the_learn_ahead_limit_is_dealt_early(enrolled):
    card(enrolled, MS[0], ahead(days=4))
    card(enrolled, MS[1], ahead(minutes=practice.LEARN_AHEAD.total_seconds() / 60 - 5))
    card(enrolled, MS[2], ahead(days=4))
    assert deal(enrolled) == MS[1]


# --- whose skills ----------------------------------------------------------------------------


def test_only_the_enrolled_games_skills_are_dealt(enrolled):
    assert set(today.skills_of(enrolled)) == set(MS)
    # a card of a game the trainee is not enrolled in, however overdue, is not dealt
    card(enrolled, CS[0], ago(days=30))
    assert {deal(enrolled, dealt=n) for n in range(6)} <= set(MS)
    assert today.outlook(enrolled).due == 0


def test_a_trainee_with_no_enrolment_practises_every_game(trainee):
    assert set(today.skills_of(trainee)) == set(MS) | set(CS)


def test_another_trainees_cards_are_never_read(enrolled, other_trainee):
    for skill in MS:
        card(other_trainee, skill, ago(days=3))
    figures = today.outlook(enrolled)
    assert (figures.due, figures.new) == (0, len(MS))
    assert deal(enrolled) == MS[0]  # new to this trainee, in order


# --- how many new a day ----------------------------------------------------------------------


def test_new_skills_stop_at_the_daily_limit():
    """Pure: with today's new skills all met, nothing new is dealt; one fewer, one is."""
    skills = tuple(("k", f"s{n}") for n in range(practice.NEW_PER_DAY + 5))
    now = dt.datetime(2026, 1, 5, 18, tzinfo=dt.UTC)
    full = practice.Standing(skills, {}, met_today=practice.NEW_PER_DAY)
    assert practice.pick(full, now, dealt=0, last=None) is None
    one_left = practice.Standing(skills, {}, met_today=practice.NEW_PER_DAY - 1)
    assert practice.outlook(one_left, now).new == 1
    fresh = practice.Standing(skills, {}, met_today=0)
    assert practice.outlook(fresh, now).new == practice.NEW_PER_DAY


def test_skills_met_today_count_against_the_daily_limit_whatever_dealt_them(enrolled):
    # each skill answered once today (as a test's question is: no session) ...
    for _, situation in MS:
        answer(enrolled, situation)
    assert today.standing(enrolled, timezone.now()).met_today == len(MS)
    # ... but the first was answered before today's midnight too: met before today
    Attempt.objects.filter(trainee=enrolled, question__situation=MS[0][1]).update(
        answered_at=today.start_of_day(enrolled, timezone.now()) - dt.timedelta(minutes=1)
    )
    answer(enrolled, MS[0][1])
    assert today.standing(enrolled, timezone.now()).met_today == len(MS) - 1


def answer(trainee, situation: str) -> None:
    question = dealing.create_question(trainee=trainee, kind="ms-pay", level=1, situation=situation)
    services.answer_question(trainee=trainee, question_id=question.pk, raw=right_answer(question))


# --- the level -------------------------------------------------------------------------------


def test_the_level_is_the_one_last_drilled(enrolled):
    PracticeSession.objects.create(trainee=enrolled, kind="ms-pay", level=3)
    PracticeSession.objects.create(trainee=enrolled, kind="ms-pay", level=2)
    PracticeSession.objects.create(trainee=enrolled, kind="cs-qualify", level=3)
    # a session of Today's practice has no level of its own to copy
    PracticeSession.objects.create(trainee=enrolled, kind="", mode="today", level=1)
    assert today.next_deal(session_of(enrolled)).level == 2


def test_a_drill_never_drilled_is_dealt_at_its_first_level(enrolled, other_trainee):
    PracticeSession.objects.create(trainee=other_trainee, kind="ms-pay", level=3)
    assert today.next_deal(session_of(enrolled)).level == REGISTRY["ms-pay"].levels[0].number


# --- nothing to deal -------------------------------------------------------------------------


def test_nothing_to_deal_says_why_and_when_and_stores_nothing(client, enrolled):
    for skill in MS:
        card(enrolled, skill, ahead(days=2))
    said = today.nothing_to_deal(enrolled)
    assert said.startswith("Nothing is due now and you have met every skill of your games.")
    assert "The next skill comes due" in said
    sessions, questions = PracticeSession.objects.count(), Question.objects.count()
    with pytest.raises(services.DrillError) as raised:
        services.start_mode(trainee=enrolled, mode="today")
    assert raised.value.message == said
    client.force_login(enrolled)
    response = client.post(reverse("practice:start", args=["today"]), follow=True)
    assert "Nothing is due now" in response.content.decode()
    assert (PracticeSession.objects.count(), Question.objects.count()) == (sessions, questions)


def test_nothing_to_deal_when_todays_new_skills_are_met(enrolled, monkeypatch):
    monkeypatch.setattr(practice, "NEW_PER_DAY", 1)
    card(enrolled, MS[0], ahead(days=2))
    assert today.nothing_to_deal(enrolled).startswith(
        "Nothing is due now and you have met today's 1 new skill."
    )


def test_a_trainee_whose_games_list_no_skills_is_told_so(trainee, monkeypatch):
    monkeypatch.setitem(SITUATIONS, "ms-pay", ())
    monkeypatch.setitem(SITUATIONS, "cs-qualify", ())
    assert today.nothing_to_deal(trainee) == "Your games have no skills to practise yet."


def test_a_session_with_nothing_left_is_finished(enrolled):
    card(enrolled, MS[0], ahead(days=2))
    card(enrolled, MS[1], ahead(days=2))
    card(enrolled, MS[2], ago(minutes=1))
    session = services.start_mode(trainee=enrolled, mode="today")
    question = services.current_question(session)
    assert (question.kind, question.situation) == MS[2]
    services.answer_question(trainee=enrolled, question_id=question.pk, raw=right_answer(question))
    # answered right at its last learning step ("good"): in review, due in days, nothing
    # left today
    assert SkillCard.objects.get(trainee=enrolled, situation=MS[2][1]).due > ahead(days=1)
    with pytest.raises(services.Finished):
        services.next_question(trainee=enrolled, session_id=session.pk)
    assert Question.objects.filter(session=session).count() == 1


def test_another_trainee_of_the_house_starts_with_every_skill_new(enrolled):
    someone = TraineeFactory(house=enrolled.house, username="trainee-nina")
    Enrolment.objects.create(trainee=someone, game="mississippi-stud")
    card(enrolled, MS[0], ago(days=1))
    assert today.outlook(someone).new == len(MS)


def test_the_next_question_is_picked_after_the_answer_is_reviewed(enrolled):
    """The answer deals the next question in its own request (views.answer), once its review
    is stored: the skill just answered right is no longer due, and with nothing else due
    nothing is dealt.  Picked before the review, the skill still due would come again (the
    last skill is dealt again when there is no other)."""
    card(enrolled, MS[0], ahead(days=2))
    card(enrolled, MS[1], ahead(days=2))
    card(enrolled, MS[2], ago(minutes=1))
    session = services.start_mode(trainee=enrolled, mode="today")
    question = services.current_question(session)
    result = services.answer_question(
        trainee=enrolled,
        question_id=question.pk,
        raw=right_answer(question),
        practice=True,
        deal_next=True,
    )
    assert result.next is None
    assert Question.objects.filter(session=session).count() == 1
