"""The answer field: one thing a question asks the trainee, and its kind, beneath the drill
kinds that ask it and the answers that read and grade it.

A field's kind is stored with its question as the kind's text ("amount"); an `AnswerKind` is
equal to that text, so a stored question reads back as it was written.

>>> AnswerField("p1.amount", "Amount", "amount").kind is AnswerKind.AMOUNT
True
>>> AnswerKind.SIGNED == "signed", AnswerKind.SIGNED.typed_as_number
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..errors import EngineError


class AnswerKind(StrEnum):
    """What a field asks for: how it is read and graded is each kind's own
    (`trainer.engine.kit.answers`)."""

    #: one of the field's `choices`
    CHOICE = "choice"
    #: a whole number of chips, 0 or more
    AMOUNT = "amount"
    #: a whole number of chips that may be negative: a net, a match total
    SIGNED = "signed"
    #: one seat among those at the table, listed in `choices`
    SEAT = "seat"
    #: one or more of those seats
    SEATS = "seats"
    #: counts of the house's chips, listed in `choices` as (value, name); its expected answer
    #: is a `chips.Payout` as JSON
    CHIPS = "chips"
    #: a settlement watched: right or wrong and, when wrong, which of `choices` went wrong and
    #: the right settlement (the net or, where `seats` lists a pot's seats, each seat's chips)
    WATCH = "watch"

    @property
    def typed_as_number(self) -> bool:
        """Whether the answer is one number of chips, typed."""
        return self in (AnswerKind.AMOUNT, AnswerKind.SIGNED)

    @property
    def may_be_negative(self) -> bool:
        return self is AnswerKind.SIGNED

    @property
    def picks_several(self) -> bool:
        """Whether the answer is a set of the field's choices rather than one of them."""
        return self is AnswerKind.SEATS

    def blind_answers(self, choices: int) -> int:
        """How many answers, equally likely, a blind guess picks among for a field of this kind
        with `choices` choices; 0 where a guess never answers (an amount, chips).  One of its
        choices for a choice or a seat, any non-empty set of them for seats, and two for a
        watched settlement (marked right or wrong).

        >>> AnswerKind.CHOICE.blind_answers(2), AnswerKind.SEATS.blind_answers(2)
        (2, 3)
        >>> AnswerKind.WATCH.blind_answers(9), AnswerKind.CHIPS.blind_answers(6)
        (2, 0)
        """
        if self is AnswerKind.WATCH:
            return 2  # "right", said blind, is right wherever the dealer was
        if self in (AnswerKind.CHOICE, AnswerKind.SEAT):
            return max(1, choices)
        if self is AnswerKind.SEATS:
            return max(1, (1 << choices) - 1)
        return 0


#: labels that questions stored earlier hold and the engine has since reworded: a stored
#: question is shown in today's words (labels are words for the page; grading reads names)
REWORDED_LABELS: dict[str, str] = {"Winning seat(s)": "Winning seats"}


@dataclass(frozen=True)
class AnswerField:
    """One thing the trainee must answer: its `kind` (an `AnswerKind`, or its text, as a
    stored question holds it).  `keys`: a keyboard key for each choice, in the same order
    (e.g. "w", "p", "l", "f").  A label the engine has reworded reads in today's words:

    >>> AnswerField("winners", "Winning seat(s)", "seats").label
    'Winning seats'
    """

    name: str
    label: str
    kind: AnswerKind
    choices: tuple[tuple[str, str], ...] = ()
    keys: tuple[str, ...] = ()
    #: the seats a "watch" field's pot is shared among (empty: a position's net)
    seats: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        try:
            kind = AnswerKind(self.kind)
        except ValueError:
            raise EngineError(
                f"{self.name}: {self.kind!r} is not a kind of answer field."
            ) from None
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "label", REWORDED_LABELS.get(self.label, self.label))
