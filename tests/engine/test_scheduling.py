"""The rating policy (trainer/engine/scheduling.py, `rating`), cell by cell as
docs/rulebook.md's *Practice schedule* table states it, and the house day."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest

from trainer.engine import scheduling
from trainer.engine.drills import REGISTRY, guess_chance, guessable
from trainer.engine.house import DEFAULT_CONFIG

T0 = datetime(2026, 1, 5, 18, 0, tzinfo=UTC)
TARGET = 6000
DAY = scheduling.HouseDay()

NEW = None
LEARNING = scheduling.review(None, "good", T0)
RELEARNING = scheduling.replay(
    [("good", T0), ("good", T0 + timedelta(minutes=10)), ("again", T0 + timedelta(days=3))]
)
IN_REVIEW = scheduling.replay([("good", T0), ("good", T0 + timedelta(minutes=10))])
LATER = T0 + timedelta(days=3)  # a house day after IN_REVIEW's last review

#: (name, right, ms): wrong, slow, at pace, fast
ANSWERS = {
    "wrong": (False, 1000),
    "slow": (True, 9000),
    "at pace": (True, 4200),
    "fast": (True, 1000),
}


def rate(state, answer: str, *, when=LATER, guess=False) -> str | None:
    correct, ms = ANSWERS[answer]
    return scheduling.rating(
        state, correct=correct, response_ms=ms, target=TARGET, guessable=guess, when=when, day=DAY
    )


def test_the_phases_are_what_the_table_names():
    assert [scheduling.phase(s) for s in (NEW, LEARNING, RELEARNING, IN_REVIEW)] == [
        "new",
        "learning",
        "relearning",
        "review",
    ]


@pytest.mark.parametrize("state", [NEW, LEARNING, RELEARNING, IN_REVIEW], ids=str)
def test_wrong_is_again_in_every_state_even_the_same_day(state):
    assert rate(state, "wrong") == "again"
    assert rate(state, "wrong", when=T0 + timedelta(minutes=20)) == "again"


@pytest.mark.parametrize("state", [NEW, LEARNING, RELEARNING], ids=["new", "learning", "relearn"])
@pytest.mark.parametrize("answer", ["slow", "at pace", "fast"])
def test_right_before_review_is_good_whatever_the_pace(state, answer):
    assert rate(state, answer) == "good"
    assert rate(state, answer, guess=True) == "good"


def test_right_in_review_goes_by_pace_and_never_easy_for_a_guess():
    assert [rate(IN_REVIEW, a) for a in ("slow", "at pace", "fast")] == ["hard", "good", "easy"]
    assert rate(IN_REVIEW, "fast", guess=True) == "good"


@pytest.mark.parametrize("answer", ["slow", "at pace", "fast"])
def test_a_later_right_answer_the_same_house_day_is_no_review(answer):
    same_day = T0 + timedelta(hours=9)  # 03:00 the next calendar day: still the house day
    assert rate(IN_REVIEW, answer, when=same_day) is None


def test_the_house_day_turns_at_its_start_in_its_zone():
    la = scheduling.HouseDay(ZoneInfo("America/Los_Angeles"), time(4))
    reviewed = datetime(2026, 1, 5, 18, 30, tzinfo=ZoneInfo("America/Los_Angeles"))
    assert la.start_of(reviewed) == datetime(
        2026, 1, 5, 4, 0, tzinfo=ZoneInfo("America/Los_Angeles")
    )
    assert la.of(reviewed + timedelta(hours=9, minutes=29)) == reviewed.date()
    assert la.of(reviewed + timedelta(hours=9, minutes=30)) > reviewed.date()


def test_a_new_skill_right_twice_is_in_review_within_its_steps():
    assert scheduling.phase(IN_REVIEW) == "review"
    assert scheduling.due(LEARNING) - T0 == timedelta(minutes=10)


def test_only_a_question_a_guess_answers_half_the_time_or_more_is_guessable():
    qualify = REGISTRY["cs-qualify"].generate(1, 1, DEFAULT_CONFIG)
    payout = REGISTRY["ms-pay"].generate(1, 1, DEFAULT_CONFIG)
    assert guess_chance(qualify.fields) == 0.5 and guessable(qualify.fields)
    assert guess_chance(payout.fields) == 0 and not guessable(payout.fields)


def test_a_card_replays_from_its_grades_with_the_retention_it_records():
    log = [(3, T0), (3, T0 + timedelta(minutes=10)), (2, LATER)]
    state = scheduling.replay(log, 0.8)
    assert state["retention"] == 0.8 and scheduling.retention_of(state) == 0.8
    assert state == scheduling.replay([("good", t) if g == 3 else ("hard", t) for g, t in log], 0.8)
    assert scheduling.due(state) > scheduling.due(scheduling.replay(log))
