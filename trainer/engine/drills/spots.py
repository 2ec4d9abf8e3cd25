"""Where each answer goes on the felt, what an amount means, and the steps sorted by spot.

A question's fields are the engine's (`answer_for`, stored with the question and never
changed here); this module only sorts them for the page: the table's own fields first (the
dealer's, the pot's, the match's), then seat by seat in the order the house settles a layout
(the house rule `settle_order`).  A field belongs to a seat when its name says so: "p3.…"
(a position against the house) or "share.3" (a seat's share of a pot).

>>> from ..kit.kinds import AnswerField, AnswerKind
>>> fields = (AnswerField("p1.amount", "Seat 1: amount", "amount"),
...           AnswerField("p4.amount", "Seat 4: amount", "amount"))
>>> [(s.seat, [f.name for f in s.fields]) for s in spots(fields, ["1", "4"], "right")]
[('4', ['p4.amount']), ('1', ['p1.amount'])]
>>> split_steps(["Seat 1: The dealer shows Kh.", "Seat 1: Ante wins 5.",
...              "Seat 4: The dealer shows Kh.", "Seat 4: Ante loses 5."])
(['The dealer shows Kh.'], {'1': ['Ante wins 5.'], '4': ['Ante loses 5.']})
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..house import HouseRules
from ..kit.kinds import AnswerField, AnswerKind
from ..kit.registry import GAMES
from ..messages import Message
from ..seats import settle_order

#: seat order as a settle order: clockwise from the dealer's left, seat 1 first
SEAT_ORDER = "left"

_SEAT_NAME = re.compile(r"p(?P<a>[0-9]+)\.|share\.(?P<b>[0-9]+)$", re.ASCII)
_SEAT_STEP = re.compile(r"Seat (?P<seat>[0-9]+): (?P<line>.*)", re.ASCII | re.DOTALL)
#: the result choices that settle a bet without moving chips
_EVEN = ("push",)
_LOST = ("lose", "fold")


def field_seat(name: str) -> str | None:
    """The seat a field of this name belongs to, or None for the table's own fields.

    >>> field_seat("p3.ante.amount"), field_seat("share.5"), field_seat("net")
    ('3', '5', None)
    """
    m = _SEAT_NAME.match(name)
    return (m.group("a") or m.group("b")) if m else None


def asking_order(game: str, rules: HouseRules) -> str:
    """The order a question of `game` asks its seats in: the house rule `settle_order` where
    the game settles positions against the house (the rule is one of its `table_rules`); else
    seat order, clockwise from the dealer's left (a pot's shares, a stud table's seats).

    >>> asking_order("caribbean-stud", HouseRules()), asking_order("english-stud", HouseRules())
    ('right', 'left')
    """
    entry = GAMES.get(game)
    if entry is None or "settle_order" not in entry.table_rules:
        return SEAT_ORDER
    return rules.settle_order


@dataclass(frozen=True)
class Spot:
    """The answers of one place on the felt: `seat` None for the table's own (the dealer's
    qualification, a pot's winners, a match's total)."""

    seat: str | None
    fields: tuple[AnswerField, ...]


def spots(fields: Sequence[AnswerField], table_seats: Iterable[str], order: str) -> list[Spot]:
    """The fields by spot: the table's own first, then each seat in the settle `order`.  A
    table with one position and no field naming a seat puts every field at that position."""
    table_seats = list(table_seats)
    seats_of = {f.name: field_seat(f.name) for f in fields}
    if len(table_seats) == 1 and not any(seats_of.values()):
        seats_of = dict.fromkeys(seats_of, table_seats[0])
    own = tuple(f for f in fields if seats_of[f.name] is None)
    named = {s for s in seats_of.values() if s is not None}
    out = [Spot(None, own)] if own else []
    for seat in settle_order(named | set(table_seats), order):
        mine = tuple(f for f in fields if seats_of[f.name] == seat)
        if mine:
            out.append(Spot(seat, mine))
    return out


@dataclass(frozen=True)
class Meaning:
    """What an amount field means, said beside it, and whether it offers the push's 0."""

    text: str
    zero: str = ""  # the label of a button that answers 0 ("" for none)


def meaning(f: AnswerField, fields: Sequence[AnswerField]) -> Meaning | None:
    """What `f` asks for in a dealer's words, or None for a choice (its labels say it).

    >>> from ..kit.kinds import AnswerField, AnswerKind
    >>> result = AnswerField("ante.result", "Ante result", "choice",
    ...                      (("win", "Win"), ("push", "Push"), ("lose", "Lose")))
    >>> meaning(AnswerField("ante.amount", "Ante amount", "amount"), [result])
    Meaning(text='paid on a win · taken (the stake) on a loss · 0 on a push', zero='0 push')
    """
    if f.kind is AnswerKind.SIGNED:
        if f.name.rsplit(".", 1)[-1] == "net":
            return Meaning("the player's net: + up, − down, 0 even")
        return Meaning("+ the player ahead, − the bank ahead, 0 even")
    if f.kind not in (AnswerKind.AMOUNT, AnswerKind.CHIPS):
        return None
    stem = f.name.rsplit(".", 1)[0] if "." in f.name else ""
    paired = next(
        (
            g
            for g in fields
            if g.kind is AnswerKind.CHOICE
            and stem
            and g.name in (f"{stem}.result", f"{stem}.outcome")
        ),
        None,
    )
    if paired is not None and f.kind is AnswerKind.CHIPS:
        # a lost bet is taken, not built: in chips there is nothing to put out for it
        values = [v for v, _ in paired.choices]
        lost = " or a ".join(v if v != "lose" else "loss" for v in values if v in _LOST)
        parts = ["paid on a win", f"no chips on a {lost} (the dealer takes the bet)"]
        if any(v in _EVEN for v in values):
            parts.append("none on a push (the bet stays)")
        return Meaning(" · ".join(parts))
    if f.kind is AnswerKind.CHIPS:
        return None
    if paired is not None:
        values = [v for v, _ in paired.choices]
        lost = " or a ".join(v if v != "lose" else "loss" for v in values if v in _LOST)
        parts = ["paid on a win", f"taken (the stake) on a {lost}"]
        if any(v in _EVEN for v in values):
            parts.append("0 on a push")
        return Meaning(" · ".join(parts), "0 push")
    if field_seat(f.name) is not None and f.name.startswith("share."):
        return Meaning("chips from the pot · 0 for none", "0")
    if ".spot." in f.name:
        return Meaning("the spot's winnings · 0 if it wins nothing", "0")
    return Meaning("a whole number of chips")


def _about_the_dealer(line: str) -> bool:
    """A line whose subject is the dealer ("The dealer shows 3s."), not one about the player
    that mentions the dealer ("The player folds: ... the dealer's hand is not needed.")."""
    return line.lower().startswith(("the dealer", "dealer"))


def split_steps(steps: Sequence[str]) -> tuple[list[str], dict[str, list[str]]]:
    """The steps of a question of several seats, the dealer's lines once: (the table's
    lines, seat -> that seat's own lines).  A line about the dealer that two seats share is
    said once; a question of one position keeps all its lines as the table's."""
    table: list[str] = []
    by_seat: dict[str, list[str]] = {}
    for step in steps:
        m = _SEAT_STEP.fullmatch(step)
        if m is None:
            table.append(step)
        else:
            line = m.group("line")
            # a seat's line made by joining ("Seat 3: " + step) keeps its message
            by_seat.setdefault(m.group("seat"), []).append(
                step.ending(line) if isinstance(step, Message) else line
            )
    if len(by_seat) < 2:
        return list(steps) if by_seat else table, {}
    counts: dict[str, int] = {}
    for lines in by_seat.values():
        for line in set(lines):
            counts[line] = counts.get(line, 0) + 1
    shared = [
        line
        for line in dict.fromkeys(line for lines in by_seat.values() for line in lines)
        if counts[line] > 1 and _about_the_dealer(line)
    ]
    table += shared
    return table, {
        seat: [line for line in lines if line not in shared] for seat, lines in by_seat.items()
    }
