"""Reading a trainee's answer and grading it."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ..chips import Payout, Verdict, judge
from ..errors import EngineError
from ..messages import say
from .answer_reading import (
    AMOUNT_FORMAT,
    NO_SEAT,
    SIGNED_FORMAT,
    _blank,
    _choice,
    _choice_message,
    _read_number,
    _read_seat,
    _seat_problem,
)
from .fields import AnswerKind
from .kinds import AnswerField
from .watched import read_watch, watched_right


class AnswerError(EngineError):
    """An answer that cannot be graded as given: `problems` maps field name -> message."""

    def __init__(self, problems: Mapping[str, str]) -> None:
        super().__init__("; ".join(problems.values()))
        self.problems = dict(problems)


def parse_answer(
    fields: tuple[AnswerField, ...], raw: Mapping[str, Any], *, out_of_time: bool = False
) -> dict[str, Any]:
    """The answer in canonical form, or AnswerError naming every field that is empty or
    malformed (in a trainee's words).  `out_of_time`: the question's clock has run out, so
    a watched settlement left unmarked (or half corrected) is taken as it is (`watch`).

    >>> amount = AnswerField("p1.amount", "Amount", "amount")
    >>> parse_answer((amount,), {"p1.amount": " +35 "})
    {'p1.amount': 35}
    >>> parse_answer((amount,), {"p1.amount": "3.5"})
    Traceback (most recent call last):
    ...
    trainer.engine.kit.answers.AnswerError: Enter the amount as a whole number of chips, like 35.
    """
    out: dict[str, Any] = {}
    problems: dict[str, str] = {}
    for f in fields:
        read = READERS[f.kind](f, raw.get(f.name), out_of_time)
        if isinstance(read, Problem):
            problems[f.name] = read.message
        else:
            out[f.name] = read
    if problems:
        raise AnswerError(problems)
    return out


@dataclass(frozen=True)
class Problem:
    """What is wrong with one field's answer, in a trainee's words."""

    message: str


#: reads what was sent for a field (`raw`), once the clock has run out or not, into the
#: field's canonical answer, or the Problem with it
Reader = Callable[[AnswerField, object, bool], Any]
#: whether a field's canonical answer is right, from the field, the question's expected
#: answer and the trainee's answer
Judge = Callable[[AnswerField, Mapping[str, Any], Mapping[str, Any]], bool]


def _read_amount(f: AnswerField, value: object, out_of_time: bool) -> Any:
    number = _number_or_message(value, f.kind.may_be_negative)
    return Problem(number) if isinstance(number, str) else number


def _read_choice(f: AnswerField, value: object, out_of_time: bool) -> Any:
    found = _choice(value, f)
    return Problem(_choice_message(f)) if found is None else found


def _read_one_seat(f: AnswerField, value: object, out_of_time: bool) -> Any:
    seat = None if _blank(value) else _read_seat(value)
    if seat is None:
        return Problem(say("Choose a seat."))
    problem = _seat_problem(seat, f)
    return seat if problem is None else Problem(problem)


def _read_seats(f: AnswerField, value: object, out_of_time: bool) -> Any:
    seats = _seats_or_message(value, f)
    return seats if isinstance(seats, list) else Problem(seats)


def _read_chips(f: AnswerField, value: object, out_of_time: bool) -> Any:
    chips = _chips_or_message(value, f)
    return chips if isinstance(chips, dict) else Problem(chips)


def _read_watched(f: AnswerField, value: object, out_of_time: bool) -> Any:
    watched = read_watch(f, value, out_of_time=out_of_time)
    return watched if isinstance(watched, dict) else Problem(watched)


def _number_or_message(value: object, signed: bool) -> int | str:
    if _blank(value):
        return SIGNED_FORMAT if signed else AMOUNT_FORMAT
    return _read_number(value, signed)


def _seats_or_message(value: object, f: AnswerField) -> list[str] | str:
    if _blank(value):
        return NO_SEAT
    if isinstance(value, str):
        items: list[object] = [t for t in re.split(r"[\s,;]+", value.strip()) if t]
    elif isinstance(value, (list, tuple, set, frozenset)):
        items = list(value)
    else:
        return say("Choose the seats, like 1, 3.")
    if not items:
        return NO_SEAT
    seats: set[str] = set()
    for item in items:
        seat = _read_seat(item)
        if seat is None:
            return say("Choose the seats by number, like 1, 3.")
        if (problem := _seat_problem(seat, f)) is not None:
            return problem
        seats.add(seat)
    return sorted(seats, key=int)


CHIP_COUNT = say("Give each chip's count as a whole number, like 2 (0 for none).")


def _chips_or_message(value: object, f: AnswerField) -> dict[str, int] | str:
    """Counts per chip (`f.choices` lists the chips by value) from a mapping of value ->
    count; a blank count is none.  The canonical answer keeps the chips given, largest first."""
    if not isinstance(value, Mapping):
        return CHIP_COUNT
    known = {v for v, _ in f.choices}
    if any(str(k) not in known for k in value):
        return say("Use the house's chips only.")
    counts: dict[str, int] = {}
    for v, _ in f.choices:
        raw = value.get(v, value.get(int(v)))
        if _blank(raw):
            continue
        n = _read_number(raw, False)
        if isinstance(n, str):
            return CHIP_COUNT if n == AMOUNT_FORMAT else n
        if n:
            counts[v] = n
    return dict(sorted(counts.items(), key=lambda kv: -int(kv[0])))


def chip_names(f: AnswerField) -> dict[int, str]:
    """The chips a chips field offers, value -> name."""
    return {int(v): name for v, name in f.choices}


def chip_verdict(
    f: AnswerField, expected: Mapping[str, Any], answer: Mapping[str, Any]
) -> Verdict | None:
    """The chips answer judged against the expected payout (`chips.judge`), or None when no
    chips were given for `f`."""
    given = answer.get(f.name)
    if not isinstance(given, Mapping):
        return None
    counts = {int(v): int(n) for v, n in given.items()}
    return judge(Payout.of_json(expected[f.name]), counts, chip_names(f))


def grade(
    fields: tuple[AnswerField, ...], expected: Mapping[str, Any], answer: Mapping[str, Any]
) -> dict[str, bool]:
    """Right or wrong per field; a chips field is right when its chips make the amount as the
    house's pay standard says (`chips.judge`), however many ways that allows."""
    return {f.name: JUDGES[f.kind](f, expected, answer) for f in fields}


def _same(f: AnswerField, expected: Mapping[str, Any], answer: Mapping[str, Any]) -> bool:
    return bool(answer.get(f.name) == expected.get(f.name))


def _chips_right(f: AnswerField, expected: Mapping[str, Any], answer: Mapping[str, Any]) -> bool:
    verdict = chip_verdict(f, expected, answer)
    return verdict is not None and verdict.right


def _watched_right(f: AnswerField, expected: Mapping[str, Any], answer: Mapping[str, Any]) -> bool:
    return watched_right(expected.get(f.name), answer.get(f.name))


#: each answer kind's reader and judge: a new kind is a member of `AnswerKind` and a line in
#: each table (a test checks that every member has both)
READERS: Mapping[AnswerKind, Reader] = MappingProxyType(
    {
        AnswerKind.CHOICE: _read_choice,
        AnswerKind.AMOUNT: _read_amount,
        AnswerKind.SIGNED: _read_amount,
        AnswerKind.SEAT: _read_one_seat,
        AnswerKind.SEATS: _read_seats,
        AnswerKind.CHIPS: _read_chips,
        AnswerKind.WATCH: _read_watched,
    }
)
JUDGES: Mapping[AnswerKind, Judge] = MappingProxyType(
    {
        AnswerKind.CHOICE: _same,
        AnswerKind.AMOUNT: _same,
        AnswerKind.SIGNED: _same,
        AnswerKind.SEAT: _same,
        AnswerKind.SEATS: _same,
        AnswerKind.CHIPS: _chips_right,
        AnswerKind.WATCH: _watched_right,
    }
)


#: a question whose answer a blind guess gets right this often or more is "guessable": a
#: quick right answer to it says little (a yes/no call is right half the time by luck), so the
#: scheduler never rates it Easy (`scheduling.rating`)
GUESSABLE_FROM = 0.5


def guess_chance(fields: Sequence[AnswerField]) -> float:
    """The chance that a blind guess answers every field right: one of its choices for a
    "choice" or a "seat", any non-empty set of its seats for "seats", half of a watched
    settlement (marked right blind, as most are); an amount, a net or chips are never
    guessed (0).

    >>> yes_no = AnswerField("qualifies", "Qualifies?", "choice", (("yes", "Yes"), ("no", "No")))
    >>> guess_chance([yes_no]), guess_chance([yes_no, yes_no])
    (0.5, 0.25)
    >>> guess_chance([seats_field("winners", "Winners", ["1", "2"])])
    0.3333333333333333
    >>> guess_chance([yes_no, AnswerField("p1.amount", "Amount", "amount")])
    0.0
    """
    chance = 1.0
    for f in fields:
        answers = f.kind.blind_answers(len(f.choices))
        if not answers:
            return 0.0
        chance /= answers
    return chance


def guessable(fields: Sequence[AnswerField]) -> bool:
    """Whether a blind guess answers the question right `GUESSABLE_FROM` of the time or more:
    the Caribbean qualify call (yes or no) is, a payout never is."""
    return guess_chance(fields) >= GUESSABLE_FROM


def seat_field(name: str, label: str, seats: Sequence[str]) -> AnswerField:
    """A field asking for one of `seats`, offered in seat order, each keyed by its number.

    >>> seat_field("seat", "Bring-in", ["4", "1"]).choices
    (('1', 'Seat 1'), ('4', 'Seat 4'))
    """
    ordered = sorted(seats, key=int)
    return AnswerField(
        name,
        label,
        AnswerKind.SEAT,
        tuple((s, say("Seat %(seat)s", seat=s)) for s in ordered),
        tuple(ordered),
    )


def seats_field(name: str, label: str, seats: Sequence[str]) -> AnswerField:
    """A field asking for one or more of `seats` (the winners of a pot)."""
    ordered = sorted(seats, key=int)
    return AnswerField(
        name,
        label,
        AnswerKind.SEATS,
        tuple((s, say("Seat %(seat)s", seat=s)) for s in ordered),
        tuple(ordered),
    )
