"""The watch drill: a settled table with mispays planted, graded position by
position as caught, cleared, missed, a false alarm or a wrong correction."""

from __future__ import annotations

import pytest

from trainer.engine import mispays
from trainer.engine.drills import REGISTRY, AnswerError, grade, parse_answer
from trainer.engine.errors import EngineError
from trainer.engine.house import DEFAULT_CONFIG
from trainer.engine.kit.watched import (
    CAUGHT,
    CLEARED,
    FALSE_ALARM,
    MISSED,
    UNMARKED,
    WRONG_CORRECTION,
    reason,
    tally,
    verdict,
)

WATCHES = [kind for kind in REGISTRY.values() if kind.watches]
MS = REGISTRY["watch-mississippi-stud"]
PUSH_PAID = "pair of sixes to tens paid instead of pushed"


def test_a_watch_drill_for_every_game_the_audit_checks():
    assert [k.game for k in WATCHES] == [g.slug for g in mispays.games()]
    for kind in WATCHES:
        assert kind.slug == f"watch-{kind.game}" and not kind.pays
        # the skills: a settlement left right, then the audit's own words
        listed = kind.situations(DEFAULT_CONFIG)
        assert listed[0] == mispays.RIGHT
        assert set(listed[1:]) <= set(mispays.vocabulary(kind.game, DEFAULT_CONFIG))


def _typed(q, name, **given):
    return {name: {"call": "", "situation": "", "amount": "", **given}}


def test_a_planted_push_paid_is_caught_only_with_its_situation_and_right_settlement():
    q = MS.generate(2, 1, DEFAULT_CONFIG, situation=PUSH_PAID)
    want = q.expected["p1.watch"]
    # the dealer paid the whole stake on a push: its right settlement is 0
    assert want["call"] == "wrong" and want["situation"] == PUSH_PAID
    assert want["amount"] == 0 and want["paid"] == sum(q.request["positions"][0]["bets"])
    field = q.fields[0]
    caught = parse_answer(
        q.fields, _typed(q, "p1.watch", call="w", situation=PUSH_PAID, amount="0")
    )
    assert grade(q.fields, q.expected, caught) == {"p1.watch": True}
    assert verdict(want, caught["p1.watch"]) == CAUGHT
    # marked wrong, but another situation or another settlement: a wrong correction
    other = next(c for c, _ in field.choices if c != PUSH_PAID)
    for said in ({"situation": other, "amount": "0"}, {"situation": PUSH_PAID, "amount": "5"}):
        answer = parse_answer(q.fields, _typed(q, "p1.watch", call="wrong", **said))
        assert verdict(want, answer["p1.watch"]) == WRONG_CORRECTION
        assert grade(q.fields, q.expected, answer) == {"p1.watch": False}
    # marked right: the mispay is missed, and the reason says what was paid and what is right
    missed = parse_answer(q.fields, _typed(q, "p1.watch", call="right"))
    assert verdict(want, missed["p1.watch"]) == MISSED
    said = reason(want, missed["p1.watch"])
    assert said.startswith("Missed mispay: the dealer paid ") and PUSH_PAID in said
    assert "the right settlement is moved no chips" in said and "you marked it right" in said


def test_a_right_settlement_marked_wrong_is_a_false_alarm():
    q = MS.generate(3, 1, DEFAULT_CONFIG, situation=mispays.RIGHT)
    want = q.expected["p1.watch"]
    assert want["call"] == "right" and want["paid"] == want["amount"]
    cleared = parse_answer(q.fields, _typed(q, "p1.watch", call="R"))
    assert verdict(want, cleared["p1.watch"]) == CLEARED
    alarm = {"call": "wrong", "situation": MS.situations(DEFAULT_CONFIG)[1], "amount": "0"}
    raised = parse_answer(q.fields, {"p1.watch": alarm})
    assert verdict(want, raised["p1.watch"]) == FALSE_ALARM
    assert reason(want, raised["p1.watch"]).startswith("False alarm: the dealer ")


def test_a_full_table_counts_each_mistake_apart():
    q = MS.generate(11, 2, DEFAULT_CONFIG)
    names = [f.name for f in q.fields]
    assert len(names) >= 2
    # every position answered "right": each mispay missed, each right one cleared
    answer = {name: {"call": "right"} for name in names}
    counts = tally(q.fields, q.expected, answer)
    wrong = sum(1 for e in q.expected.values() if e["call"] == "wrong")
    assert counts[MISSED] == wrong and counts["right"] == len(names) - wrong
    assert counts[FALSE_ALARM] == counts[WRONG_CORRECTION] == counts[UNMARKED] == 0


def test_a_position_left_unmarked_is_refused_until_the_clock_runs_out():
    q = MS.generate(5, 2, DEFAULT_CONFIG)
    with pytest.raises(AnswerError) as refused:
        parse_answer(q.fields, {})
    assert set(refused.value.problems) == {f.name for f in q.fields}
    assert "right or wrong" in next(iter(refused.value.problems.values()))
    # out of time: unmarked positions are taken as they are, and counted
    late = parse_answer(q.fields, {}, out_of_time=True)
    assert all(v == {"call": None} for v in late.values())
    counts = tally(q.fields, q.expected, late)
    wrong = sum(1 for e in q.expected.values() if e["call"] == "wrong")
    assert counts[MISSED] == wrong and counts[UNMARKED] == len(q.fields) - wrong


def test_a_wrong_mark_needs_the_situation_and_the_settlement_in_time():
    q = MS.generate(5, 1, DEFAULT_CONFIG)
    with pytest.raises(AnswerError) as refused:
        parse_answer(q.fields, _typed(q, "p1.watch", call="wrong", amount="x"))
    problem = refused.value.problems["p1.watch"]
    assert "Choose what went wrong." in problem and "whole number" in problem
    # once the clock has run out, half a correction stands as it was given
    late = parse_answer(q.fields, _typed(q, "p1.watch", call="wrong"), out_of_time=True)
    assert late["p1.watch"] == {"call": "wrong", "situation": None, "amount": None}


@pytest.mark.parametrize("kind", [k for k in WATCHES if k.shares], ids=lambda k: k.slug)
def test_a_split_pot_is_watched_whole_with_each_seats_chips(kind):
    q = kind.generate(
        4, 2, DEFAULT_CONFIG, situation=mispays.vocabulary(kind.game, DEFAULT_CONFIG)[0]
    )
    [field] = q.fields
    want = q.expected[field.name]
    assert field.name == "pot.watch" and list(field.seats) == list(want["amount"])
    typed = {s: str(n) for s, n in want["amount"].items()}
    said = {"call": "wrong", "situation": want["situation"], "amount": typed}
    answer = parse_answer(q.fields, {field.name: said})
    assert verdict(want, answer[field.name]) == CAUGHT
    short = {**typed, field.seats[0]: ""}
    with pytest.raises(AnswerError, match=f"Seat {field.seats[0]}'s chips"):
        parse_answer(q.fields, {field.name: {**said, "amount": short}})


def test_the_level_in_colour_shows_the_chips_not_their_sum():
    q = MS.generate(6, 3, DEFAULT_CONFIG)
    assert q.table["chips"]
    for position in q.table["positions"]:
        chips = {int(v): n for v, n in position["settled_chips"].items()}
        assert sum(v * n for v, n in chips.items()) == abs(position["settled"])


def test_real_hands_are_watched_as_dealt():
    """A real audit's mispaid hand, its dealer's name left out, watched at level 1."""
    line = {"game": "mississippi-stud", "hole": "6h 6s", "board": "Ac 9d Kc", "bets": [5] * 4}
    q = MS.question_of([{**line, "paid": 20}], DEFAULT_CONFIG)
    assert q.level == 1 and q.situation == PUSH_PAID
    assert q.expected["p1.watch"] == {
        "call": "wrong",
        "amount": 0,
        "situation": PUSH_PAID,
        "paid": 20,
    }
    assert q.table["positions"][0]["settled"] == 20
    # graded again from what is stored, to the same answer
    assert MS.answer_for(q.request, 1, DEFAULT_CONFIG) == (q.fields, q.expected, q.steps)
    with pytest.raises(EngineError):
        MS.answer_for({**q.request, "positions": [{**line, "paid": "lots"}]}, 1, DEFAULT_CONFIG)
