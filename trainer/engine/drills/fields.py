"""The answer field: one thing a question asks the trainee, beneath the drill kinds that ask
it and the answers that read and grade it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class AnswerField:
    """One thing the trainee must answer.

    kind: "choice" (one of `choices`), "amount" (a whole number of chips, 0 or more),
    "signed" (a whole number of chips that may be negative: a net, a match total),
    "seat" (one seat "1".."6" among those at the table, listed in `choices`), "seats" (one or
    more of those seats), "chips" (counts of the house's chips, listed in `choices` as
    (value, name); its expected answer is a `chips.Payout` as JSON), "watch" (a settlement
    watched: right or wrong and, when wrong, which of `choices` went wrong and the right
    settlement, the net or, where `seats` lists a pot's seats, each seat's chips: `watch`).
    `keys`: a keyboard key for each choice, in the same order (e.g. "w", "p", "l", "f").
    """

    name: str
    label: str
    kind: str
    choices: tuple[tuple[str, str], ...] = ()
    keys: tuple[str, ...] = ()
    #: the seats a "watch" field's pot is shared among (empty: a position's net)
    seats: tuple[str, ...] = ()
