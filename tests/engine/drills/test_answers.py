"""Answers are read the way a trainee types them, and refused in a trainee's words."""

from __future__ import annotations

import json

import pytest

from trainer.engine.drills import (
    AMOUNT_FORMAT,
    MAX_ANSWER,
    NEGATIVE,
    NO_SEAT,
    REGISTRY,
    SIGNED_FORMAT,
    TOO_LARGE,
    AnswerError,
    AnswerField,
    AnswerKind,
    parse_answer,
)
from trainer.engine.errors import EngineError
from trainer.engine.house import DEFAULT_CONFIG
from trainer.engine.kit.answers import JUDGES, READERS

# --- reading answers -------------------------------------------------------------------------

AMOUNT = AnswerField("amount", "Amount", "amount")
NET = AnswerField("net", "Net", "signed")
OUTCOME = REGISTRY["ms-pay"].generate(1, 1, DEFAULT_CONFIG).fields[0]
SEAT = AnswerField("seat", "Seat", "seat", (("1", "Seat 1"), ("3", "Seat 3")), ("1", "3"))
SEATS = AnswerField("winners", "Winners", "seats", SEAT.choices, SEAT.keys)


@pytest.mark.parametrize(
    ("field", "raw", "value"),
    [
        (AMOUNT, "35", 35),
        (AMOUNT, " 35 ", 35),
        (AMOUNT, "+35", 35),
        (AMOUNT, "0", 0),
        (AMOUNT, 35, 35),
        (AMOUNT, 35.0, 35),
        (NET, "-3", -3),
        (NET, " +12 ", 12),
        (NET, -15, -15),
        (OUTCOME, "win", "win"),
        (OUTCOME, " Push ", "push"),
        (OUTCOME, "f", "fold"),
        (OUTCOME, "L", "lose"),
        (SEAT, "3", "3"),
        (SEAT, "seat 3", "3"),
        (SEAT, 1, "1"),
        (SEATS, "3, 1", ["1", "3"]),
        (SEATS, "1 3", ["1", "3"]),
        (SEATS, ["3", "1", "3"], ["1", "3"]),
        (SEATS, [3], ["3"]),
    ],
)
def test_accepted_answers(field, raw, value):
    assert parse_answer((field,), {field.name: raw}) == {field.name: value}


@pytest.mark.parametrize(
    ("field", "raw", "message"),
    [
        (AMOUNT, "", AMOUNT_FORMAT),
        (AMOUNT, None, AMOUNT_FORMAT),
        (AMOUNT, "3.5", AMOUNT_FORMAT),
        (AMOUNT, 3.5, AMOUNT_FORMAT),
        (AMOUNT, "abc", AMOUNT_FORMAT),
        (AMOUNT, "1e3", AMOUNT_FORMAT),
        (AMOUNT, "٣", AMOUNT_FORMAT),
        (AMOUNT, "3 5", AMOUNT_FORMAT),
        (AMOUNT, True, AMOUNT_FORMAT),
        (AMOUNT, "-3", NEGATIVE),
        (AMOUNT, -3, NEGATIVE),
        (AMOUNT, str(MAX_ANSWER + 1), TOO_LARGE),
        (AMOUNT, "9" * 5000, TOO_LARGE),
        (NET, "--3", SIGNED_FORMAT),
        (NET, "", SIGNED_FORMAT),
        (NET, str(-MAX_ANSWER - 1), TOO_LARGE),
        (OUTCOME, "won", "Choose win, push, lose or fold."),
        (OUTCOME, "", "Choose win, push, lose or fold."),
        (SEAT, "7", "Seat 7 is not at this table."),
        (SEAT, "", "Choose a seat."),
        (SEAT, "left", "Choose a seat."),
        (SEATS, "", NO_SEAT),
        (SEATS, [], NO_SEAT),
        (SEATS, "1, 7", "Seat 7 is not at this table."),
    ],
)
def test_refused_answers(field, raw, message):
    with pytest.raises(AnswerError) as caught:
        parse_answer((field,), {field.name: raw})
    assert caught.value.problems == {field.name: message}


def test_every_bad_field_is_named_at_once():
    fields = (OUTCOME, AMOUNT, NET, SEAT)
    with pytest.raises(AnswerError) as caught:
        parse_answer(fields, {OUTCOME.name: "win", AMOUNT.name: "x", SEAT.name: "9"})
    assert set(caught.value.problems) == {AMOUNT.name, NET.name, SEAT.name}


def test_a_category_is_read_by_name_or_key():
    (f,) = REGISTRY["hand-five"].generate(1, 1, DEFAULT_CONFIG).fields
    assert parse_answer((f,), {"category": "Full House"}) == {"category": "full house"}
    assert parse_answer((f,), {"category": "0"}) == {"category": "royal flush"}
    with pytest.raises(AnswerError) as caught:
        parse_answer((f,), {"category": "boat"})
    assert "royal flush" in caught.value.problems["category"]


def test_every_answer_kind_is_read_and_judged():
    assert set(READERS) == set(AnswerKind) == set(JUDGES)


def test_a_stored_kind_reads_back_as_its_member():
    # questions store a field's kind as text; it reads back equal, as the member
    stored = AnswerField("p1.amount", "Amount", "amount")
    assert stored.kind is AnswerKind.AMOUNT and stored.kind == "amount"
    assert stored == AnswerField("p1.amount", "Amount", AnswerKind.AMOUNT)
    assert json.dumps({"kind": stored.kind}) == '{"kind": "amount"}'


def test_an_unknown_kind_is_refused_when_the_field_is_made():
    with pytest.raises(EngineError, match="'guess' is not a kind of answer field"):
        AnswerField("x", "X", "guess")  # type: ignore[arg-type]
