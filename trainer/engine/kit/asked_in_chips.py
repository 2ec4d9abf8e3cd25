"""A question's amounts asked in chips: the house's chips as an answer field, and an amount
field turned into one, its expected answer the payout as the house pays it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..chips import ChipSet, payout, taken
from ..house import HouseConfig
from .fields import AnswerField, AnswerKind

#: the results that take the stake in rather than pay it (`spots`' reading of a result)
_COLLECTED = ("lose", "fold")


def chips_field(name: str, label: str, chips: ChipSet, up_to: int | None = None) -> AnswerField:
    """A field asking for counts of the house's chips, a key 1-9 each, smallest first: the
    chips worth at most `up_to` where it is given (a share of a pot of 15 is never paid in
    500s: a $5 table splitting it has none to offer), and always the smallest.

    >>> from ..chips import COMMON
    >>> [v for v, _ in chips_field("share.2", "Seat 2", COMMON, up_to=15).choices]
    ['1', '5']
    """
    offered = [c for c in chips.chips if up_to is None or c.value <= up_to] or [chips.chips[0]]
    return AnswerField(
        name,
        label,
        AnswerKind.CHIPS,
        tuple((str(c.value), c.name) for c in offered),
        tuple(str(n) for n in range(1, len(offered) + 1)),
    )


def in_chips(
    fields: tuple[AnswerField, ...],
    expected: Mapping[str, Any],
    level: int,
    config: HouseConfig,
    bets: Mapping[str, int | None],
    pot: int | None = None,
) -> tuple[tuple[AnswerField, ...], dict[str, Any]]:
    """The question's amounts asked in chips: each "amount" field becomes a chips field whose
    expected answer is the payout as the house pays it, on the stake `bets` names for that
    field (`DrillKind.bet_for`); a bet lost or folded is `taken`: nothing to build.  A field
    paid on no bet of its own shares the table's `pot`, and offers no chip above it."""
    chips, standard = config.rules.chip_set, config.rules.pay
    out_fields, out = [], dict(expected)
    for f in fields:
        if f.kind is not AnswerKind.AMOUNT:
            out_fields.append(f)
            continue
        amount = expected[f.name]
        stem = f.name.rsplit(".", 1)[0]
        result = expected.get(f"{stem}.outcome", expected.get(f"{stem}.result"))
        bet = bets.get(f.name)
        if result in _COLLECTED:
            pay = taken()
        else:
            pay = payout(amount, chips, standard, level=level, bet=bet)
        up_to = pot if bet is None else None
        out_fields.append(chips_field(f.name, f.label, chips, up_to))
        out[f.name] = pay.as_json()
    return tuple(out_fields), out
