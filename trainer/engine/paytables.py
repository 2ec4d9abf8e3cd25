"""Paytables as data: one type for every game that pays by hand category.

A row is profit odds "a to b" (b defaults to 1): a winning stake S earns S × a / b and is
returned on top.  Mississippi Stud also carries its pair bands: the pairs that push and the
pairs that pay the one-pair row (RULES.md: 6-10 push, J-A pay, by default).

>>> MISSISSIPPI_STUD_BASE.odds_for(Category.FULL_HOUSE)
Odds(win=10, to=1)
>>> Odds(3, 2).profit(4)
6
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from .cards import ACE
from .errors import EngineError, quoted
from .hands import Category, rank_name, rank_plural


class PaytableError(EngineError):
    """A paytable that cannot be used as given; the message says which row and why."""


#: the longest odds a paytable row may pay (either part of "win to to"): a million to one is
#: beyond any progressive's top award in these games and keeps payouts within plain arithmetic
MAX_ODDS = 10**6


@dataclass(frozen=True, order=True)
class Odds:
    """Profit odds `win` to `to`."""

    win: int
    to: int = 1

    @classmethod
    def parse(cls, text: str | int) -> Odds:
        """'3 to 2', '3:2', '3-2', '10' (meaning 10 to 1).

        >>> Odds.parse("3 to 2")
        Odds(win=3, to=2)
        >>> Odds.parse("1000001 to 1")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        trainer.engine.paytables.PaytableError: odds 1000001 to 1: neither part may be above...
        """
        if isinstance(text, bool):
            raise PaytableError(f"{text!r} is not odds: write them like 3 to 2 or 10:1.")
        if isinstance(text, int):
            return cls(text, 1)._checked()
        raw = str(text).strip().lower().replace(" to ", ":").replace("-", ":").replace("/", ":")
        parts = [p.strip() for p in raw.split(":")]
        if len(parts) == 1:
            parts.append("1")
        if len(parts) != 2 or not all(re.fullmatch(r"[0-9]+", p) for p in parts):
            raise PaytableError(f"{quoted(str(text))} is not odds: write them like 3 to 2 or 10:1.")
        # a part longer than the bound is refused before int() reads it: int() refuses more
        # than 4,300 digits with a ValueError, and reads fewer only to find them too many
        if any(len(p.lstrip("0")) > len(str(MAX_ODDS)) for p in parts):
            raise PaytableError(
                f"odds {quoted(str(text))}: neither part may be above {MAX_ODDS:,}."
            )
        win, to = (int(p.lstrip("0") or "0") for p in parts)
        return cls(win, to)._checked()

    def _checked(self) -> Odds:
        if self.win <= 0 or self.to <= 0:
            raise PaytableError(f"odds {self.win} to {self.to}: both parts must be at least 1.")
        if self.win > MAX_ODDS or self.to > MAX_ODDS:
            raise PaytableError(
                f"odds {self.win} to {self.to}: neither part may be above {MAX_ODDS:,}."
            )
        return self

    def pays(self, stake: int) -> bool:
        """Whether `stake` wins a whole number of units at these odds."""
        return (stake * self.win) % self.to == 0

    def profit(self, stake: int) -> int:
        if (stake * self.win) % self.to:
            raise PaytableError(
                f"a stake of {stake} at {self} would pay a fraction of a chip; "
                f"stakes on this table must be multiples of {self.to}."
            )
        return stake * self.win // self.to

    @property
    def value(self) -> float:
        return self.win / self.to

    def __str__(self) -> str:
        return f"{self.win}:{self.to}"

    def words(self) -> str:
        return f"{self.win} to {self.to}"


@dataclass(frozen=True)
class Band:
    """A band of pair ranks, inclusive: Band(6, 10) is a pair of sixes up to a pair of tens."""

    low: int
    high: int

    def __contains__(self, rank: object) -> bool:
        return isinstance(rank, int) and self.low <= rank <= self.high

    def __str__(self) -> str:
        if self.low == self.high:
            return f"a pair of {rank_plural(self.low)}"
        return f"a pair of {rank_plural(self.low)} to {rank_plural(self.high)}"

    def short(self) -> str:
        return f"{_short(self.low)}-{_short(self.high)}"


def _short(rank: int) -> str:
    return {11: "J", 12: "Q", 13: "K", 14: "A"}.get(rank, str(rank))


@dataclass(frozen=True)
class Paytable:
    """What a game pays, row by row.

    `rows`: category to odds, strongest category first.  For Mississippi Stud `pair_band` is
    the pairs that win at the one-pair row and `push_band` the pairs that push; other pairs and
    high cards lose.  Where `pair_band` is None every pair wins at the one-pair row.
    """

    name: str
    rows: tuple[tuple[Category, Odds], ...]
    pair_band: Band | None = None
    push_band: Band | None = None
    #: every stake on this table is a whole multiple of this amount
    bet_unit: int = 1
    _index: Mapping[Category, Odds] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        ordered = tuple(sorted(self.rows, key=lambda row: row[0], reverse=True))
        object.__setattr__(self, "rows", ordered)
        object.__setattr__(self, "_index", dict(ordered))

    @classmethod
    def build(
        cls,
        name: str,
        rows: Mapping[Category | str, Odds | str | int],
        *,
        pair_band: Band | tuple[int, int] | None = None,
        push_band: Band | tuple[int, int] | None = None,
        bet_unit: int = 1,
    ) -> Paytable:
        parsed = []
        for category, odds in rows.items():
            cat = category if isinstance(category, Category) else Category.from_label(category)
            try:
                parsed.append((cat, odds if isinstance(odds, Odds) else Odds.parse(odds)))
            except PaytableError as exc:
                raise PaytableError(f"The {cat.label} row: {exc}") from None
        return cls(
            name,
            tuple(parsed),
            pair_band=Band(*pair_band) if isinstance(pair_band, tuple) else pair_band,
            push_band=Band(*push_band) if isinstance(push_band, tuple) else push_band,
            bet_unit=bet_unit,
        )

    def odds_for(self, category: Category) -> Odds | None:
        return self._index.get(category)

    @property
    def categories(self) -> tuple[Category, ...]:
        return tuple(c for c, _ in self.rows)

    def as_dict(self) -> dict[str, str]:
        return {c.label: str(o) for c, o in self.rows}

    def problems(self, required: Iterable[Category]) -> list[str]:
        """What is wrong with this table for a game that needs `required` rows, in words a
        games manager understands; empty when the table can be used."""
        out = []
        for category in required:
            if category not in self._index:
                out.append(f"The {category.label} row is missing.")
        bands = [b for b in (self.pair_band, self.push_band) if b is not None]
        for band in bands:
            if not 2 <= band.low <= band.high <= ACE:
                out.append(f"The band {band.short()} is not a range of pair ranks from 2 to A.")
        if self.pair_band and self.push_band and not out:
            if self.push_band.high >= self.pair_band.low:
                out.append(
                    f"The push band ({self.push_band.short()}) overlaps the paying pairs "
                    f"({self.pair_band.short()})."
                )
            elif self.push_band.high + 1 != self.pair_band.low:
                gap = Band(self.push_band.high + 1, self.pair_band.low - 1)
                out.append(
                    f"The bands leave a gap: {gap} would neither push nor pay. "
                    "Make the push band end just below the paying pairs."
                )
        if self.pair_band and self.pair_band.high != ACE and not out:
            out.append("The paying pairs must run up to aces.")
        return out

    def stake_unit(self, chip_unit: int = 1) -> int:
        """Every stake must be a multiple of this: the table's bet unit, in the house's chips."""
        return math.lcm(self.bet_unit, chip_unit)

    def fraction_problems(self, chip_unit: int = 1) -> list[str]:
        """Rows where a bet of one bet unit would pay a fraction of the smallest chip."""
        out = []
        if self.bet_unit < 1:
            return ["The bet unit must be at least 1."]
        if self.bet_unit % chip_unit:
            out.append(
                f"A bet unit of {self.bet_unit} is not a whole number of {chip_unit}-unit chips."
            )
        for category, odds in self.rows:
            if (self.bet_unit * odds.win) % (odds.to * chip_unit):
                out.append(
                    f"{category.label.capitalize()} at {odds.words()} would pay a fraction of a "
                    f"chip on a bet of {self.bet_unit}: make the bet unit a multiple of "
                    f"{odds.to * chip_unit}."
                )
        return out

    def inversions(self) -> list[tuple[Category, Category]]:
        """Pairs of rows where a stronger category pays less than a weaker one."""
        out = []
        for i, (stronger, hi_odds) in enumerate(self.rows):
            for weaker, lo_odds in self.rows[i + 1 :]:
                if hi_odds.value < lo_odds.value:
                    out.append((stronger, weaker))
        return out


C = Category

#: mississippi-stud.txt §05 / RULES.md: the base paytable, pairs J-A pay, 6-10 push.
MISSISSIPPI_STUD_BASE = Paytable.build(
    "Mississippi Stud base (source text)",
    {
        C.ROYAL_FLUSH: 500,
        C.STRAIGHT_FLUSH: 100,
        C.FOUR_OF_A_KIND: 40,
        C.FULL_HOUSE: 10,
        C.FLUSH: 6,
        C.STRAIGHT: 4,
        C.THREE_OF_A_KIND: 3,
        C.TWO_PAIR: 2,
        C.ONE_PAIR: 1,
    },
    pair_band=(11, ACE),
    push_band=(6, 10),
)

#: caribbean-stud.txt §05: the selected (BetMGM base) Call paytable.
CARIBBEAN_STUD_BASE = Paytable.build(
    "Caribbean Stud (source text)",
    {
        C.ROYAL_FLUSH: 100,
        C.STRAIGHT_FLUSH: 50,
        C.FOUR_OF_A_KIND: 25,
        C.FULL_HOUSE: 10,
        C.FLUSH: 7,
        C.STRAIGHT: 5,
        C.THREE_OF_A_KIND: 3,
        C.TWO_PAIR: 2,
        C.ONE_PAIR: 1,
        C.HIGH_CARD: 1,
    },
)

#: casino-stud-poker.txt: the raise paytable; a royal flush is a straight flush here.
CASINO_STUD_POKER = Paytable.build(
    "Casino Stud Poker (source text)",
    {
        C.ROYAL_FLUSH: 50,
        C.STRAIGHT_FLUSH: 50,
        C.FOUR_OF_A_KIND: 20,
        C.FULL_HOUSE: 8,
        C.FLUSH: 6,
        C.STRAIGHT: 4,
        C.THREE_OF_A_KIND: 3,
        C.TWO_PAIR: 2,
        C.ONE_PAIR: 1,
        C.HIGH_CARD: 1,
    },
)

#: rows each game's table must have
MISSISSIPPI_STUD_ROWS = tuple(c for c in Category if c is not Category.HIGH_CARD)
BANKED_STUD_ROWS = tuple(Category)

del C
__all__ = [
    "BANKED_STUD_ROWS",
    "CARIBBEAN_STUD_BASE",
    "CASINO_STUD_POKER",
    "MISSISSIPPI_STUD_BASE",
    "MISSISSIPPI_STUD_ROWS",
    "Band",
    "Odds",
    "Paytable",
    "PaytableError",
    "rank_name",
]
