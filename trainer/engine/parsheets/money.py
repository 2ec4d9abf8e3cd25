"""A par sheet's figures in a manager's terms: what a table wins an hour or a shift, the hold
that implies against a drop, how many rounds the house needs to be ahead, how far one shift's
result may stray, and what a payout cap does to the edge at each Ante.

Money is exact (`Fraction`) wherever it is a product of exact figures: the theoretical win and
the hold.  What rests on the normal approximation (the rounds to be ahead, a shift's range)
takes a square root and is a float: it is an approximation, and is said to be one.

A hand-worked sheet: lose 1 Ante with probability 21/40, win 1 with 19/40 (edge 1/20):

>>> even = ((Fraction(-1), Fraction(21, 40)), (Fraction(1), Fraction(19, 40)))
>>> sheet = ParSheet("g", "t", Fraction(1, 20), Fraction(1), Fraction(1, 20), (), (), 40, "k",
...                  distribution=even)
>>> sheet.house_edge == -sheet.mean
True
>>> rounds_to_ahead(sheet)  # (1.6449 × sd / edge)² = (1.6449 × 0.99875 × 20)² = 1079.5
1080
>>> win = theoretical_win(sheet, rounds_per_hour=60, seats=5, average_ante=10)
>>> win.amount, win.rounds
(Fraction(150, 1), Fraction(300, 1))
>>> hold(win.amount, 1500)
Fraction(1, 10)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist
from typing import Any

from ..errors import EngineError
from ..house import HouseRules
from ..paytables import Paytable
from .counts import Counts
from .sheet import FastEnumeration, ParSheet, _exact

#: the confidence the manager's figures are stated at
CONFIDENCE = 0.95

Money = int | Fraction


def rounds_to_ahead(sheet: ParSheet, confidence: float = CONFIDENCE) -> int | None:
    """The fewest rounds after which the house is ahead with probability `confidence`, by the
    normal approximation: after n rounds the house's result has mean n × edge and standard
    deviation √n × sd, so it is ahead with probability Φ(√n × edge / sd), which reaches
    `confidence` from n = (z × sd / edge)².  None when the house has no edge (it never is)."""
    if not 0.5 < confidence < 1:
        raise EngineError("A confidence must be between one half and 1.")
    if sheet.house_edge <= 0:
        return None
    z = NormalDist().inv_cdf(confidence)
    return max(1, math.ceil((z * sheet.sd / float(sheet.house_edge)) ** 2))


def shift_range(
    sheet: ParSheet, rounds: int, *, ante: Money, confidence: float = CONFIDENCE
) -> tuple[float, float]:
    """The house's result over `rounds` rounds of one position at `ante` a round, as the range
    it falls in with probability `confidence` (two-sided), by the normal approximation: mean
    rounds × edge × ante, standard deviation √rounds × sd × ante."""
    if rounds < 1:
        raise EngineError("A shift has at least one round.")
    if not 0 < confidence < 1:
        raise EngineError("A confidence must be between 0 and 1.")
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    mean = rounds * float(sheet.house_edge) * float(ante)
    spread = z * math.sqrt(rounds) * sheet.sd * float(ante)
    return mean - spread, mean + spread


@dataclass(frozen=True)
class TheoreticalWin:
    """The house's expected win over `hours` at one table, with every input it is a product
    of: rounds an hour × seats filled × hours × average Ante × house edge (per Ante).  The same
    as average total bet × element of risk, per round."""

    rounds_per_hour: Fraction
    seats: int
    hours: Fraction
    average_ante: Fraction
    house_edge: Fraction

    @property
    def rounds(self) -> Fraction:
        """Positions played: rounds an hour × seats × hours."""
        return self.rounds_per_hour * self.seats * self.hours

    @property
    def amount(self) -> Fraction:
        return self.rounds * self.average_ante * self.house_edge

    def as_dict(self) -> dict[str, Any]:
        return {
            "rounds_per_hour": _plain(self.rounds_per_hour),
            "seats": self.seats,
            "hours": _plain(self.hours),
            "average_ante": _plain(self.average_ante),
            "house_edge": float(self.house_edge),
            "house_edge_exact": _exact(self.house_edge),
            "rounds": _plain(self.rounds),
            "amount": float(self.amount),
            "amount_exact": _exact(self.amount),
        }


def _plain(value: Fraction) -> int | float:
    """An input as it was given: a whole number as one, else its decimal."""
    return value.numerator if value.denominator == 1 else float(value)


def theoretical_win(
    sheet: ParSheet,
    *,
    rounds_per_hour: Money,
    seats: int,
    average_ante: Money,
    hours: Money = 1,
) -> TheoreticalWin:
    """The table's theoretical win (`TheoreticalWin`): the edge is per Ante, so it multiplies
    the average Ante, never the average total bet."""
    if isinstance(seats, bool) or not isinstance(seats, int) or seats < 1:
        raise EngineError(f"Seats filled must be a whole number from 1; {seats!r} is not.")
    for name, value in (
        ("Rounds an hour", rounds_per_hour),
        ("The average Ante", average_ante),
        ("Hours", hours),
    ):
        if Fraction(value) <= 0:
            raise EngineError(f"{name} must be above zero.")
    return TheoreticalWin(
        Fraction(rounds_per_hour), seats, Fraction(hours), Fraction(average_ante), sheet.house_edge
    )


def hold(win: Money | TheoreticalWin, drop: Money) -> Fraction:
    """The hold a theoretical win implies against `drop` (the cash and chips bought in at the
    table over the same time): win / drop."""
    amount = win.amount if isinstance(win, TheoreticalWin) else Fraction(win)
    if Fraction(drop) <= 0:
        raise EngineError("The drop must be above zero.")
    return amount / Fraction(drop)


# --- payout caps ------------------------------------------------------------------------------


@dataclass(frozen=True)
class CapPoint:
    """The sheet at one Ante under a payout cap: the edge, average bet and element of risk
    with every payout capped and play optimal for the capped pays."""

    ante: int
    house_edge: Fraction
    average_bet: Fraction
    element_of_risk: Fraction

    def as_dict(self) -> dict[str, Any]:
        return {
            "ante": self.ante,
            "house_edge": float(self.house_edge),
            "house_edge_exact": _exact(self.house_edge),
            "average_bet": float(self.average_bet),
            "average_bet_exact": _exact(self.average_bet),
            "element_of_risk": float(self.element_of_risk),
            "element_of_risk_exact": _exact(self.element_of_risk),
        }


@dataclass(frozen=True)
class CapEffect:
    """What a payout cap of `cap` (money) does to the edge: `points` at each Ante asked, and
    `bites_above`, the Ante above which some payout that happens under optimal play is
    capped (from there the edge changes); `from_ante` is the first Ante asked at which it
    has.  None for both when the cap never bites."""

    rule: str
    cap: int
    uncapped_edge: Fraction
    points: tuple[CapPoint, ...]
    bites_above: Fraction | None
    from_ante: int | None

    def as_dict(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "cap": self.cap,
            "uncapped_edge": float(self.uncapped_edge),
            "uncapped_edge_exact": _exact(self.uncapped_edge),
            "bites_above": None if self.bites_above is None else float(self.bites_above),
            "bites_above_exact": None if self.bites_above is None else _exact(self.bites_above),
            "from_ante": self.from_ante,
            "points": [p.as_dict() for p in self.points],
        }


#: the Antes a cap is priced at unless given, in bet units (and the first Ante it bites at)
CAP_LADDER = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000)


def cap_effect(
    enumeration: FastEnumeration,
    counts: Counts,
    paytable: Paytable,
    rules: HouseRules,
    antes: Iterable[int] | None = None,
    *,
    unit: int = 1,
    call_multiple: int | None = None,
    sheet: ParSheet | None = None,
) -> CapEffect | None:
    """The edge at each of `antes` (by default the `CAP_LADDER` in bet units `unit`, up to
    four times the Ante where the cap starts to bite) under the house's payout cap
    (`enumeration.cap_rule`), each recomputed from `counts` with the capped pays and the
    decisions chosen again for them; and the first Ante, a multiple of `unit`, above
    `bites_above` (always priced).  `sheet` is the table's uncapped sheet when the caller
    has it already.  None when the house caps no payout of this game."""
    rule = enumeration.cap_rule
    cap = None if rule is None else getattr(rules, rule)
    if rule is None or cap is None:
        return None
    if isinstance(unit, bool) or not isinstance(unit, int) or unit < 1:
        raise EngineError("The bet unit must be a whole amount from 1.")
    free = (
        sheet
        if sheet is not None
        else enumeration.fast(paytable, counts, call_multiple=call_multiple)
    )
    top = enumeration.capped_most(free)
    bites = None if top <= 0 else Fraction(cap) / top
    if antes is None:
        reach = max(4 * bites, Fraction(unit)) if bites is not None else Fraction(unit)
        asked = {unit * m for m in CAP_LADDER if unit * m <= reach}
    else:
        asked = set(antes)
    if not asked or any(isinstance(a, bool) or not isinstance(a, int) or a < 1 for a in asked):
        raise EngineError("The Antes a cap is priced at must be whole amounts from 1.")
    if bites is not None:
        asked.add((math.floor(bites / unit) + 1) * unit)  # the first Ante the cap takes from
    points = []
    for ante in sorted(asked):
        priced = free
        if bites is not None and ante > bites:
            priced = enumeration.fast(
                paytable, counts, call_multiple=call_multiple, payout_cap=Fraction(cap, ante)
            )
        points.append(CapPoint(ante, priced.house_edge, priced.average_bet, priced.element_of_risk))
    first = next((p.ante for p in points if p.house_edge != free.house_edge), None)
    return CapEffect(rule, cap, free.house_edge, tuple(points), bites, first)


# --- every figure of this module at once, as the command and the API give them ------------------

#: the hours of a shift unless one is given
SHIFT_HOURS = 8


def manager_figures(
    sheet: ParSheet,
    *,
    rounds_per_hour: Money,
    rounds_per_hour_from: str,
    seats: int = 1,
    average_ante: Money = 1,
    shift_hours: Money = SHIFT_HOURS,
    drop: Money | None = None,
    caps: CapEffect | None = None,
) -> dict[str, Any]:
    """The figures above for one sheet, JSON-ready: `win_per_hour` and `win_per_shift`
    (each input echoed; `rounds_per_hour_from` says where the pace comes from), `hold`
    against a shift's `drop` (None without one), `rounds_to_ahead_95`, `shift_range` (one
    shift at the table, normal approximation), `cap_effect` (None without a cap) and
    `exposure`, left None here for the card-exposure figures to fill."""
    hour = theoretical_win(
        sheet, rounds_per_hour=rounds_per_hour, seats=seats, average_ante=average_ante
    )
    shift = theoretical_win(
        sheet,
        rounds_per_hour=rounds_per_hour,
        seats=seats,
        average_ante=average_ante,
        hours=shift_hours,
    )
    rounds = math.floor(shift.rounds)
    low, high = shift_range(sheet, max(rounds, 1), ante=shift.average_ante)
    held = None
    if drop is not None:
        share = hold(shift, drop)
        held = {
            "drop": _plain(Fraction(drop)),
            "hours": _plain(shift.hours),
            "hold": float(share),
            "hold_exact": _exact(share),
        }
    return {
        "win_per_hour": {**hour.as_dict(), "rounds_per_hour_from": rounds_per_hour_from},
        "win_per_shift": {**shift.as_dict(), "rounds_per_hour_from": rounds_per_hour_from},
        "hold": held,
        "rounds_to_ahead_95": rounds_to_ahead(sheet),
        "shift_range": {
            "rounds": max(rounds, 1),
            "ante": _plain(shift.average_ante),
            "low": low,
            "high": high,
            "confidence": CONFIDENCE,
            "approximation": (
                "normal approximation, the positions taken as independent (at one table "
                "they share community cards or the dealer's hand)"
            ),
        },
        "cap_effect": None if caps is None else caps.as_dict(),
        "exposure": None,
    }
