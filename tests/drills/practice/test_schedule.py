"""The practice schedule as docs/rulebook.md (*Practice schedule*) states it, through the real
services (create_question, answer_question, start_mode, next_question) with the clock moved
by hand: `django.utils.timezone.now` is replaced, so a question is shown, answered and its
skill reviewed at the moments a test sets.

- a right answer, however slow, takes a new skill through its learning steps, and Today's
  practice then says the day is done;
- a skill in review is reviewed once a house day: later right answers that day are stored
  and graded as no review (a wrong one is a lapse);
- a first meeting is at most a learning step, and a question a guess answers half the time is
  never Easy;
- a skill in review is due from the start of its due's house day (the house's zone and day
  start);
- any time between dealing and answering is stored;
- every card replays from its attempts' grades and times.
"""

from __future__ import annotations

import collections
import datetime as dt
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

from tests.drills.practice.skills import LISTED, SITUATIONS
from tests.factories import right_answer, wrong_answer
from trainer.drills import dealing, services
from trainer.drills.models import Attempt, Question
from trainer.drills.practice import today
from trainer.drills.practice.models import SkillCard
from trainer.drills.practice.services import question_target_ms
from trainer.engine import scheduling
from trainer.engine.drills import REGISTRY, guessable
from trainer.engine.house import DEFAULT_CONFIG

START = dt.datetime(2026, 1, 5, 18, 0, tzinfo=dt.UTC)
#: between one answer and the next question: reading the feedback
EVERY = dt.timedelta(seconds=15)
MS = ("ms-pay", SITUATIONS["ms-pay"][0])
CS = ("cs-qualify", SITUATIONS["cs-qualify"][0])


class Clock:
    """`django.utils.timezone.now`, moved by hand."""

    def __init__(self, moment: dt.datetime) -> None:
        self.moment = moment

    def __call__(self) -> dt.datetime:
        return self.moment

    def move(self, **kw) -> None:
        self.moment += dt.timedelta(**kw)


@pytest.fixture
def clock(monkeypatch):
    moving = Clock(START)
    monkeypatch.setattr(timezone, "now", moving)
    return moving


@pytest.fixture
def listed(monkeypatch):
    """Only the drills of `LISTED` have situations, those of `SITUATIONS`."""
    for kind in REGISTRY.values():
        monkeypatch.setattr(
            type(kind), "situations", lambda self, config: SITUATIONS.get(self.slug, ())
        )


def answer(trainee, clock, skill, *, right=True, pace=0.0) -> Attempt:
    """Deal a question of `skill` now and answer it `pace` times its target later."""
    kind, situation = skill
    question = dealing.create_question(trainee=trainee, kind=kind, level=1, situation=situation)
    clock.move(milliseconds=int(question_target_ms(question) * pace))
    raw = right_answer(question) if right else wrong_answer(question)
    return services.answer_question(trainee=trainee, question_id=question.pk, raw=raw).attempt


def card(trainee, skill) -> SkillCard:
    kind, situation = skill
    return SkillCard.objects.get(trainee=trainee, kind=kind, situation=situation)


def learnt(trainee, clock, skill) -> SkillCard:
    """The skill met and answered right at pace until it is in review."""
    answer(trainee, clock, skill, pace=0.75)
    clock.move(minutes=10)
    answer(trainee, clock, skill, pace=0.75)
    met = card(trainee, skill)
    assert scheduling.phase(met.state) == "review"
    return met


# --- P1: right but slow leaves learning -----------------------------------------------------


def test_right_but_slow_graduates_every_new_skill_and_the_day_is_done(trainee, listed, clock):
    """Every question right at 1.5 times its target: each new skill leaves learning within
    its learning steps (at most 3 answers), and Today's practice then has nothing left."""
    skills = today.skills_of(trainee)
    assert len(skills) == sum(LISTED.values())
    session = services.start_mode(trainee=trainee, mode="today")
    question = services.current_question(session)
    answers: collections.Counter = collections.Counter()
    for _ in range(3 * len(skills) + 1):
        clock.move(milliseconds=int(question_target_ms(question) * 1.5))
        services.answer_question(
            trainee=trainee, question_id=question.pk, raw=right_answer(question), practice=True
        )
        answers[question.kind, question.situation] += 1
        clock.move(seconds=EVERY.total_seconds())
        try:
            question = services.next_question(trainee=trainee, session_id=session.pk)
        except services.Finished as finished:
            assert finished.message == dealing.FINISHED["today"]
            break
    else:
        pytest.fail(f"still dealing after {sum(answers.values())} answers: {answers}")
    assert set(answers) == set(skills)
    assert max(answers.values()) <= 3, answers
    assert all(scheduling.phase(c.state) == "review" for c in SkillCard.objects.all())
    assert today.outlook(trainee).ready is False
    assert today.nothing_to_deal(trainee).startswith("Nothing is due now")


# --- P2: one review a house day for a skill in review ---------------------------------------


def test_answers_in_a_row_to_a_skill_in_review_move_it_no_further_than_the_first(trainee, clock):
    learnt(trainee, clock, MS)
    clock.moment = card(trainee, MS).due + dt.timedelta(hours=1)
    first = answer(trainee, clock, MS, pace=0.25)
    assert first.rating == "easy"
    after_first = card(trainee, MS)
    for _ in range(9):
        clock.move(seconds=10)
        later = answer(trainee, clock, MS, pace=0.25)
        later.refresh_from_db()
        assert later.is_correct and later.grade is None and later.rating == ""
    now = card(trainee, MS)
    assert (now.due, now.state, now.reviews) == (
        after_first.due,
        after_first.state,
        after_first.reviews,
    )
    assert Attempt.objects.filter(trainee=trainee).count() == 2 + 10


def test_a_wrong_later_answer_the_same_day_is_a_lapse(trainee, clock):
    learnt(trainee, clock, MS)
    clock.moment = card(trainee, MS).due
    answer(trainee, clock, MS, pace=0.75)
    clock.move(minutes=30)
    missed = answer(trainee, clock, MS, right=False)
    assert missed.rating == "again"
    lapsed = card(trainee, MS)
    assert scheduling.phase(lapsed.state) == "relearning" and lapsed.state["lapses"] == 1
    # relearning takes every answer: its step is minutes
    clock.move(minutes=10)
    assert answer(trainee, clock, MS, pace=0.75).rating == "good"
    assert scheduling.phase(card(trainee, MS).state) == "review"


def test_the_first_answer_of_the_next_house_day_is_a_review_again(trainee, clock):
    learnt(trainee, clock, MS)  # the demo house: UTC, its day starting at 04:00
    due = card(trainee, MS).due
    clock.moment = due.replace(hour=20, minute=0)
    assert answer(trainee, clock, MS, pace=0.75).rating == "good"
    # 03:59 the next morning is still that house day; 04:00 starts the next
    clock.moment = (due + dt.timedelta(days=1)).replace(hour=3, minute=59)
    assert answer(trainee, clock, MS, pace=0.75).rating == ""
    clock.moment = clock.moment.replace(hour=4, minute=0)
    assert answer(trainee, clock, MS, pace=0.75).rating == "good"


# --- P3: no big jump at first meeting, no Easy for a guess ----------------------------------


@pytest.mark.parametrize("skill", [MS, CS], ids=["payout", "qualify call"])
def test_a_first_meeting_schedules_a_skill_a_day_out_at_most_however_fast(trainee, clock, skill):
    attempt = answer(trainee, clock, skill, pace=0)
    assert attempt.rating == "good"
    assert card(trainee, skill).due <= attempt.answered_at + dt.timedelta(days=1)


def test_a_question_a_guess_answers_half_the_time_is_never_easy(trainee, clock):
    assert guessable(REGISTRY["cs-qualify"].generate(1, 1, DEFAULT_CONFIG).fields)
    assert not guessable(REGISTRY["ms-pay"].generate(1, 1, DEFAULT_CONFIG).fields)
    learnt(trainee, clock, CS)
    learnt(trainee, clock, MS)
    clock.moment = max(card(trainee, CS).due, card(trainee, MS).due) + dt.timedelta(hours=1)
    assert answer(trainee, clock, CS, pace=0.1).rating == "good"
    assert answer(trainee, clock, MS, pace=0.1).rating == "easy"


def test_a_right_answer_in_review_slower_than_the_target_is_hard(trainee, clock):
    learnt(trainee, clock, MS)
    clock.moment = card(trainee, MS).due
    assert answer(trainee, clock, MS, pace=1.5).rating == "hard"


# --- P4: due is a house day -------------------------------------------------------------------


@pytest.fixture
def los_angeles(trainee, demo):
    demo.time_zone = "America/Los_Angeles"
    demo.save(update_fields=["time_zone"])
    return ZoneInfo("America/Los_Angeles")


def test_a_skill_is_due_from_the_start_of_its_due_day_in_the_house_zone(
    client, trainee, listed, clock, los_angeles
):
    clock.moment = dt.datetime(2026, 1, 5, 18, 30, tzinfo=los_angeles)
    learnt(trainee, clock, MS)
    due = card(trainee, MS).due.astimezone(los_angeles)
    assert due.hour == 18  # reviewed at 18:40: due at that time some days later
    client.force_login(trainee)

    clock.moment = due.replace(hour=3, minute=59)  # still the house day before
    assert today.outlook(trainee).due == 0
    clock.moment = due.replace(hour=8, minute=0)
    assert today.outlook(trainee).due == 1
    assert "1 skill due now" in client.get("/").content.decode()
    session = services.start_mode(trainee=trainee, mode="today")
    question = services.current_question(session)
    assert (question.kind, question.situation) == MS


def test_the_house_sets_when_its_day_starts(trainee, clock, los_angeles, demo):
    clock.moment = dt.datetime(2026, 1, 5, 18, 30, tzinfo=los_angeles)
    learnt(trainee, clock, MS)
    due = card(trainee, MS).due.astimezone(los_angeles)
    clock.moment = due.replace(hour=0, minute=30)
    assert today.outlook(trainee).due == 0
    demo.day_starts = dt.time(0, 0)
    demo.save(update_fields=["day_starts"])
    assert today.outlook(trainee).due == 1


def test_a_skill_in_learning_stays_due_by_the_minute(trainee, clock):
    missed = answer(trainee, clock, MS, right=False)
    assert card(trainee, MS).due == missed.answered_at + dt.timedelta(minutes=1)
    clock.move(seconds=30)
    assert today.standing(trainee, clock.moment).cards[MS] > clock.moment


def test_the_games_manager_sets_the_day_start_and_retention_in_the_admin(client, manager, demo):
    client.force_login(manager)
    page = client.get(f"/admin/houses/house/{demo.pk}/change/").content.decode()
    assert 'name="day_starts"' in page and 'name="desired_retention"' in page
    form = {"name": demo.name, "time_zone": demo.time_zone, "day_starts": "05:30",
            "reaudit_days": demo.reaudit_days, "shifts": demo.shifts,
            "certificate_months": 24, "renewal_days": 60}  # fmt: skip
    refused = client.post(
        f"/admin/houses/house/{demo.pk}/change/", {**form, "desired_retention": "1.5"}
    )
    assert refused.status_code == 200 and "errornote" in refused.content.decode()
    demo.refresh_from_db()
    assert demo.desired_retention == Decimal("0.90")
    saved = client.post(
        f"/admin/houses/house/{demo.pk}/change/", {**form, "desired_retention": "0.85"}
    )
    assert saved.status_code == 302
    demo.refresh_from_db()
    assert (demo.day_starts, demo.desired_retention) == (dt.time(5, 30), Decimal("0.85"))


def test_the_house_retention_is_the_schedulers(trainee, clock, demo):
    demo.desired_retention = Decimal("0.80")
    demo.save(update_fields=["desired_retention"])
    first = answer(trainee, clock, MS, pace=0.75)
    clock.move(minutes=10)
    second = answer(trainee, clock, MS, pace=0.75)
    state = card(trainee, MS).state
    assert state["retention"] == 0.8
    at_default = scheduling.replay([("good", first.answered_at), ("good", second.answered_at)])
    assert scheduling.due(state) > scheduling.due(at_default)  # less retention, longer apart


# --- P6: any time between dealing and answering is stored ------------------------------------


def test_a_question_answered_weeks_after_it_was_dealt_is_stored(trainee, clock):
    column = Attempt._meta.get_field("response_ms")
    assert column.get_internal_type() == "PositiveBigIntegerField"
    kind, situation = MS
    question = dealing.create_question(trainee=trainee, kind=kind, level=1, situation=situation)
    clock.move(days=30)
    attempt = services.answer_question(
        trainee=trainee, question_id=question.pk, raw=right_answer(question)
    ).attempt
    attempt.refresh_from_db()
    assert attempt.response_ms == 30 * 24 * 3600 * 1000


# --- P7: every card replays from its attempts -------------------------------------------------


def test_every_card_replays_exactly_from_its_attempts(trainee, clock):
    script = [
        (MS, True, 0.2),
        (CS, False, 0.5),
        (MS, True, 1.5),
        (CS, True, 0.3),
        (CS, True, 2.0),
        (MS, True, 0.1),
        (MS, False, 0.5),
        (MS, True, 0.4),
    ]
    for day in range(4):
        clock.moment = START + dt.timedelta(days=day)
        for skill, right, pace in script:
            answer(trainee, clock, skill, right=right, pace=pace)
            clock.move(minutes=4)
    # the script gives later right answers the same day to skills in review: no reviews
    assert Attempt.objects.filter(grade__isnull=True).exists()
    cards = SkillCard.objects.filter(trainee=trainee)
    assert cards.count() == 2
    for stored in cards:
        log = Attempt.objects.filter(
            trainee=trainee, kind=stored.kind, question__situation=stored.situation
        ).order_by("answered_at", "pk")
        reviews = [(a.grade, a.answered_at) for a in log if a.grade is not None]
        assert len(reviews) == stored.reviews
        replayed = scheduling.replay(reviews, scheduling.retention_of(stored.state))
        assert replayed == stored.state
        assert scheduling.due(replayed) == stored.due


def test_an_answer_no_review_stores_no_grade_for_staff_trying_out(manager, clock):
    kind, situation = MS
    question = dealing.create_question(trainee=manager, kind=kind, level=1, situation=situation)
    attempt = services.answer_question(
        trainee=manager, question_id=question.pk, raw=right_answer(question)
    ).attempt
    assert attempt.grade is None and not SkillCard.objects.exists()
    assert Question.objects.count() == 1
