"""Chips: the odd-chip division, a house's chip set and its pay standard.

The one odd-chip function divides an amount among players in whole chips:

>>> divide(25, ["1", "3"])
{'1': 13, '3': 12}
>>> divide(10, ["2", "4", "5"], unit=5)
{'2': 5, '4': 5, '5': 0}

A house's chips are written one a line, "value name colour" (the colour as #rrggbb, to draw
it; the name is what a dealer calls it):

>>> chips = chip_set(DEFAULT_CHIPS)
>>> [str(c) for c in chips.chips]
['1 white', '5 red', '25 green', '100 black', '500 purple', '1,000 orange']

The pay standard says which chips pay an amount.  Fewest chips pays 35 in one green and two
red; in the colours of a red bet it is seven red (nothing above the bet's largest chip), until
the payout takes more than `colour_up_at` chips and is coloured up:

>>> fewest = PayStandard(Standard.FEWEST)
>>> words(chips, expected_chips(35, chips, fewest))
'1 green + 2 red'
>>> colours = PayStandard(Standard.BET_COLOURS, colour_up_at=20)
>>> words(chips, expected_chips(35, chips, colours, bet=5))
'7 red'
>>> words(chips, expected_chips(875, chips, colours, bet=25))
'1 purple + 3 black + 3 green'

At a table whose payouts use nothing smaller than red, only the part red cannot make is paid
in white:

>>> words(chips, expected_chips(37, chips, PayStandard(Standard.FEWEST), floor=5))
'1 green + 2 red + 2 white'

Grading says whether the chips are right and, when the amount is right and the chips are not,
why, in a dealer's words:

>>> pay = payout(35, chips, fewest)
>>> judge(pay, {5: 7}, chips).reason
'right amount; the house standard pays 35 as 1 green + 2 red, you used 7 red'
>>> judge(pay, {5: 2, 25: 1}, chips).right
True
>>> judge(pay, {25: 1, 5: 1}, chips).reason
'the chips come to 30; the payout is 35'
"""

from __future__ import annotations

import math
import re
from array import array
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Any

from .errors import EngineError
from .messages import Message, join, say, say_n


def divide(amount: int, order: Sequence[str], *, unit: int = 1) -> dict[str, int]:
    """Split `amount` equally among `order`; chips that do not divide evenly go one each to
    the players in `order` (the odd-chip order the game's rule gives), so nobody receives more
    than one odd chip from one division.  `unit` is the smallest chip."""
    if not order:
        raise EngineError("There is nobody to divide the chips among.")
    if amount < 0 or amount % unit:
        raise EngineError(f"{amount} is not a whole number of {unit}-unit chips.")
    chips = amount // unit
    share, odd = divmod(chips, len(order))
    return {seat: (share + (1 if i < odd else 0)) * unit for i, seat in enumerate(order)}


# -- the chip set ---------------------------------------------------------------------------

#: a common casino set, the default of every house (its chip unit's part of it: see
#: `default_chips`)
DEFAULT_CHIPS = """\
1 white #f2f2f2
5 red #c62828
25 green #2e7d32
100 black #212121
500 purple #6a1b9a
1000 orange #ef6c00"""
#: the house rule's word for the common set from the chip unit up (`default_chips`)
COMMON_SET = "common"
#: the house rule's word for the floors being the set's three smallest chips
SMALLEST_FLOORS = "smallest"
#: the most denominations a set may have (a keyboard key each, 1 to 9)
MAX_CHIPS = 9
#: how far apart two chips' colours must be (distance in RGB, 0-441) to tell them apart
MIN_COLOUR_DISTANCE = 60
#: the work a set's awkwardness may cost: no amount below this many chip units needs to be
#: searched to pay any amount in the fewest chips (see `_search_bound`)
MAX_SEARCH = 200_000

_LINE = re.compile(r"([0-9][0-9,]*)\s+([A-Za-z][A-Za-z -]*?)\s+(#[0-9a-fA-F]{6})")


@dataclass(frozen=True)
class Chip:
    """One denomination: its value, its name ("green") and its colour (#rrggbb, to draw)."""

    value: int
    name: str
    colour: str

    def __str__(self) -> str:
        return f"{self.value:,} {self.name}"

    @property
    def label(self) -> str:
        """As a screen reader says it beside a count: "green 25"."""
        return f"{self.name} {self.value:,}"


@dataclass(frozen=True)
class ChipSet:
    """A house's denominations, smallest first, checked: positive values, no two alike, every
    value a multiple of the smallest (the chip unit), names and colours a person can tell
    apart."""

    chips: tuple[Chip, ...]

    def __post_init__(self) -> None:
        if len(self.chips) < 2:
            raise EngineError(
                "A chip set needs at least two chips: with one there is nothing to colour up "
                "or make change with."
            )
        if len(self.chips) > MAX_CHIPS:
            raise EngineError(f"A chip set has at most {MAX_CHIPS} denominations.")
        values = [c.value for c in self.chips]
        if any(v < 1 for v in values):
            raise EngineError("Every chip is worth at least 1.")
        if len(set(values)) != len(values):
            same = next(v for v in values if values.count(v) > 1)
            raise EngineError(f"Two chips are worth {same:,}: each value is one chip.")
        if values != sorted(values):
            object.__setattr__(self, "chips", tuple(sorted(self.chips, key=lambda c: c.value)))
        unit = self.unit
        odd = [c for c in self.chips if c.value % unit]
        if odd:
            raise EngineError(
                f"The {odd[0]} chip is not a whole number of the smallest chip ({unit:,}): "
                "every chip must be, or some amounts could not be paid."
            )
        names = [c.name.lower() for c in self.chips]
        if len(set(names)) != len(names):
            twice = next(n for n in names if names.count(n) > 1)
            raise EngineError(f"Two chips are called {twice}: give each its own name.")
        for i, a in enumerate(self.chips):
            for b in self.chips[i + 1 :]:
                if _distance(a.colour, b.colour) < MIN_COLOUR_DISTANCE:
                    raise EngineError(
                        f"The {a} and {b} chips are too alike in colour to tell apart: "
                        "choose colours further apart."
                    )
        if _search_bound(tuple(values)) // unit > MAX_SEARCH:
            raise EngineError(
                "These values are too far apart to pay in the fewest chips quickly: "
                "add a chip between the smallest and the largest."
            )

    @property
    def unit(self) -> int:
        """The chip unit: the smallest chip."""
        return self.chips[0].value

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(c.value for c in self.chips)

    def chip(self, value: int) -> Chip:
        for c in self.chips:
            if c.value == value:
                return c
        raise EngineError(f"The house has no {value:,} chip.")

    def text(self) -> str:
        """The set written as `chip_set` reads it."""
        return "\n".join(f"{c.value} {c.name} {c.colour}" for c in self.chips)


def _distance(a: str, b: str) -> float:
    ra, rb = (tuple(int(c[i : i + 2], 16) for i in (1, 3, 5)) for c in (a, b))
    return math.dist(ra, rb)


@lru_cache(maxsize=64)
def chip_set(text: str) -> ChipSet:
    """The chip set written one chip a line (or separated by ";"): "25 green #2e7d32".

    >>> chip_set("5 red #c62828; 1 white #f2f2f2").values
    (1, 5)
    >>> chip_set("5 red #c62828; 5 blue #1565c0")
    Traceback (most recent call last):
    ...
    trainer.engine.errors.EngineError: Two chips are worth 5: each value is one chip.
    >>> chip_set("1 white #ffffff; 5 grey #fafafa")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    trainer.engine.errors.EngineError: The 1 white and 5 grey chips are too alike in colour...
    """
    chips = []
    for n, line in enumerate((t.strip() for t in re.split(r"[\n;]", text)), start=1):
        if not line:
            continue
        m = _LINE.fullmatch(line)
        if m is None:
            raise EngineError(
                f'Chip {n} ("{line[:40]}"): write each chip as its value, name and colour, '
                'like "25 green #2e7d32".'
            )
        value = int(m.group(1).replace(",", ""))
        chips.append(Chip(value, " ".join(m.group(2).split()), m.group(3).lower()))
    return ChipSet(tuple(chips))


def default_chips(unit: int = 1) -> str:
    """The default set for a house whose chip unit is `unit`: the common set's chips that
    are multiples of it, with a white chip of the unit's value as the smallest; where that
    leaves fewer than three chips, the common set's four smallest scaled by the unit.

    >>> chip_set(default_chips(5)).values
    (5, 25, 100, 500, 1000)
    >>> [str(c) for c in chip_set(default_chips(2)).chips][:2]
    ['2 white', '100 black']
    >>> chip_set(default_chips(7)).values
    (7, 35, 175, 700)
    """
    common = chip_set(DEFAULT_CHIPS).chips
    kept = [c for c in common if c.value > unit and c.value % unit == 0]
    white = common[0]
    chips = (Chip(unit, white.name, white.colour), *kept)
    if len(chips) < 3:
        chips = tuple(Chip(c.value * unit, c.name, c.colour) for c in common[:4])
    return ChipSet(chips).text()


# -- the pay standard -----------------------------------------------------------------------


class Standard(StrEnum):
    """How a house has its dealers pay."""

    #: the fewest chips that make the amount
    FEWEST = "fewest"
    #: in the colours of the bet (no chip above the bet's largest), coloured up into the
    #: fewest chips when that would take more than `colour_up_at` chips
    BET_COLOURS = "bet-colours"


STANDARD_WORDS: Mapping[Standard, str] = {
    Standard.FEWEST: "the fewest chips",
    Standard.BET_COLOURS: "in the colours of the bet, coloured up above a number of chips",
}
#: a payout in the bet's colours of more chips than this is coloured up (the default)
COLOUR_UP_AT = 20
#: the table levels the drills deal ($5, $25 and $100 tables)
TABLE_LEVELS = (1, 2, 3)


@dataclass(frozen=True)
class PayStandard:
    """A house's pay standard: `standard`, the chip count above which a payout in the bet's
    colours is coloured up, and `floors`: the smallest chip a payout may use at each table
    level (smaller chips pay only the part the floor's chips cannot make); empty floors mean
    the set's three smallest chips at levels 1, 2 and 3."""

    standard: Standard = Standard.FEWEST
    colour_up_at: int = COLOUR_UP_AT
    floors: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "standard", Standard(self.standard))
        if self.colour_up_at < 1:
            raise EngineError("Colour up above at least 1 chip.")

    def floor(self, chips: ChipSet, level: int) -> int:
        """The smallest chip a payout uses at a table of `level`."""
        floors = self.floors or tuple(chips.values[min(i, len(chips.values) - 1)] for i in range(3))
        return floors[min(max(level, 1), len(floors)) - 1]

    def check(self, chips: ChipSet) -> None:
        """EngineError unless every floor is one of `chips`, none below the one before."""
        if not self.floors:
            return
        if len(self.floors) != len(TABLE_LEVELS):
            raise EngineError(
                f"Give the smallest payout chip for each of the {len(TABLE_LEVELS)} table "
                "levels, like 1, 5, 25."
            )
        for f in self.floors:
            if f not in chips.values:
                raise EngineError(
                    f"The smallest payout chip {f:,} is not one of the house's chips."
                )
        if list(self.floors) != sorted(self.floors):
            raise EngineError("A higher table level cannot pay in smaller chips than a lower one.")


def floors_of(text: str) -> tuple[int, ...]:
    """The floors written as "1, 5, 25" (empty for the default: "smallest" or nothing).

    >>> floors_of(" 1, 5 , 25"), floors_of("smallest")
    ((1, 5, 25), ())
    """
    if text.strip().lower() == SMALLEST_FLOORS:
        return ()
    items = [t for t in re.split(r"[\s,;]+", text.strip()) if t]
    if not all(re.fullmatch(r"[0-9]+", t) for t in items):  # not str.isdigit: "²" is a digit
        raise EngineError("Write the smallest payout chips as numbers, like 1, 5, 25.")
    return tuple(int(t) for t in items)


# -- the expected chips ---------------------------------------------------------------------

Counts = dict[int, int]


def _search_bound(values: tuple[int, ...]) -> int:
    """An amount below which every payout's chips other than the largest lie, in the fewest
    chips: a chip d below the largest D is never used lcm(d, D)/d times or more (as many D
    make the same with fewer chips), so the smaller chips come to at most this."""
    top = values[-1]
    return sum((math.lcm(d, top) // d - 1) * d for d in values[:-1])


#: how many search tables `last_chips` keeps: each is a byte an amount up to the search
#: bound (at most MAX_SEARCH plus the largest chip, in chip units), so at most a few MB in all
CACHED_TABLES = 16


@lru_cache(maxsize=CACHED_TABLES)
def last_chips(values: tuple[int, ...], floor: int) -> bytes:
    """For every amount up to the search bound (in chip units), the index in `values` of the
    chip its best payout ends with (the least paid below the floor, then the fewest chips;
    ties go to the larger chip): one byte an amount, as a set has at most 9 chips."""
    unit = values[0]
    size = _search_bound(values) // unit + values[-1] // unit
    units = [v // unit for v in values]
    low = [v < floor for v in values]
    never = 2**62  # above any value or count reached: "no way yet"
    lows = array("q", [never]) * (size + 1)
    counts = array("q", [never]) * (size + 1)
    last = bytearray(size + 1)
    lows[0] = counts[0] = 0
    for x in range(1, size + 1):
        here_low, here_count, chip = never, never, 0
        for i in range(len(units) - 1, -1, -1):
            u = units[i]
            if u > x or counts[x - u] == never:
                continue
            cand_low, cand_count = lows[x - u] + (u if low[i] else 0), counts[x - u] + 1
            if (cand_low, cand_count) < (here_low, here_count):
                here_low, here_count, chip = cand_low, cand_count, i
        lows[x], counts[x], last[x] = here_low, here_count, chip
    return bytes(last)


def _best(amount: int, values: tuple[int, ...], floor: int) -> Counts:
    """The chips of `values` making `amount` with the least paid below `floor`, then the
    fewest chips."""
    unit = values[0]
    if amount < 0 or amount % unit:
        raise EngineError(f"{amount:,} cannot be paid in chips of {unit:,}.")
    x = amount // unit
    top = values[-1] // unit
    bound = _search_bound(values) // unit + top
    # the smaller chips come to at most the bound: take the rest in the largest chip first
    big = max(0, -(-(x - bound) // top))
    last = last_chips(values, floor)
    rest = x - big * top
    counts: Counts = {values[-1]: big} if big else {}
    while rest:
        v = values[last[rest]]
        counts[v] = counts.get(v, 0) + 1
        rest -= v // unit
    return dict(sorted(counts.items(), reverse=True))


def cost(counts: Mapping[int, int], floor: int) -> tuple[int, int]:
    """What the standard weighs: the value paid below the floor, then the number of chips."""
    return (sum(v * n for v, n in counts.items() if v < floor), sum(counts.values()))


@dataclass(frozen=True)
class Payout:
    """An amount to pay and what the standard allows: `top` the largest chip it may use
    (None: any), `floor` the smallest chip it uses for more than the odd part, and `chips`
    the expected chips.  JSON-able through `as_json`, so a stored question grades alike."""

    amount: int
    chips: Counts
    floor: int
    top: int | None = None
    #: "bet colours" when the payout keeps to the bet's colours, else "fewest"
    rule: str = "fewest"
    bet: int | None = None

    def as_json(self) -> dict[str, Any]:
        return {
            "amount": self.amount,
            "chips": {str(v): n for v, n in self.chips.items()},
            "floor": self.floor,
            "top": self.top,
            "rule": self.rule,
            "bet": self.bet,
        }

    @classmethod
    def of_json(cls, data: Mapping[str, Any]) -> Payout:
        try:
            return cls(
                int(data["amount"]),
                # largest first, as dealt: a database's JSON (PostgreSQL's jsonb) may keep the
                # keys in another order
                dict(sorted(((int(v), int(n)) for v, n in data["chips"].items()), reverse=True)),
                int(data["floor"]),
                None if data.get("top") is None else int(data["top"]),
                str(data.get("rule", "fewest")),
                None if data.get("bet") is None else int(data["bet"]),
            )
        except (KeyError, TypeError, ValueError, AttributeError):
            raise EngineError("The stored payout cannot be read.") from None


def payout(
    amount: int,
    chips: ChipSet,
    standard: PayStandard,
    *,
    level: int = 1,
    floor: int | None = None,
    bet: int | None = None,
) -> Payout:
    """The payout of `amount` at a table of `level` under `standard` (`floor` overrides the
    level's); `bet`: the stake it is paid on, whose colours the bet-colours standard keeps to
    (without one it pays in the fewest chips).

    The bet's colours are those of the bet counted out in the fewest chips, whatever the
    table's floor; where several fewest ways count it, the one with the largest chip:

    >>> odd = chip_set("1 white #f2f2f2; 3 pink #f48fb1; 4 blue #1565c0; 12 gold #fdd835")
    >>> colours = PayStandard(Standard.BET_COLOURS)
    >>> pay = payout(18, odd, colours, bet=9)  # 9 is 4 + 4 + 1 or 3 + 3 + 3: blue counts
    >>> pay.top, words(odd, pay.chips)
    (4, '3 blue + 2 pink')
    """
    floor = standard.floor(chips, level) if floor is None else floor
    values = chips.values
    if standard.standard is Standard.BET_COLOURS and bet:
        top = bet_top(bet, chips)
        capped = tuple(v for v in values if v <= top)
        in_colours = _best(amount, capped, floor)
        if sum(in_colours.values()) <= standard.colour_up_at:
            return Payout(amount, in_colours, floor, top, "bet colours", bet)
        return Payout(amount, _best(amount, values, floor), floor, None, "coloured up", bet)
    return Payout(amount, _best(amount, values, floor), floor)


def bet_top(bet: int, chips: ChipSet) -> int:
    """The largest chip of a bet of `bet` counted out in the fewest chips of `chips` (the
    table's floor plays no part: a player bets with what chips he has); where several fewest
    ways count it, the largest chip any of them holds (`last_chips` ends an amount with the
    largest chip that can end a fewest way, so it is the first `_best` takes).

    >>> bet_top(105, chip_set("1 w #ffffff; 3 p #f48fb1; 4 b #1565c0; 15 g #2e7d32; 100 k #212121"))
    100
    """
    return max(_best(bet, chips.values, chips.unit))


def expected_chips(
    amount: int,
    chips: ChipSet,
    standard: PayStandard,
    *,
    level: int = 1,
    floor: int | None = None,
    bet: int | None = None,
) -> Counts:
    """The chips the house `standard` pays `amount` in (value -> count, largest first)."""
    return payout(amount, chips, standard, level=level, floor=floor, bet=bet).chips


Names = Mapping[int, str]


def names_of(chips: ChipSet | Names) -> Names:
    """Each chip's name by its value (a question's chips field lists them so)."""
    return {c.value: c.name for c in chips.chips} if isinstance(chips, ChipSet) else chips


def chip_counts(chips: ChipSet | Names, counts: Mapping[int, int]) -> list[Message]:
    """Each chip's count in a dealer's words, largest first: "1 green", "2 red" (the house's
    chip names are its own: a parameter, never translated)."""
    names = names_of(chips)
    return [
        say("%(count)s %(chip)s", count=str(n), chip=names[v])
        for v, n in sorted(counts.items(), reverse=True)
        if n
    ]


def words(chips: ChipSet | Names, counts: Mapping[int, int], *, values: bool = False) -> Message:
    """Chips in a dealer's words, largest first: "1 green + 2 red"; with `values` as a
    screen reader reads a stack: "1 green 25, 2 red 5"."""
    if values:
        names = names_of(chips)
        shown = [
            say("%(count)s %(chip)s %(value)s", count=str(n), chip=names[v], value=f"{v:,}")
            for v, n in sorted(counts.items(), reverse=True)
            if n
        ]
        return join(shown, sep=", ") if shown else say("no chips")
    shown = chip_counts(chips, counts)
    return join(shown, sep=" + ") if shown else say("no chips")


@dataclass(frozen=True)
class Verdict:
    right: bool
    amount_right: bool
    #: why not, in words (a `Message`); "" when right
    reason: str = ""


def judge(expected: Payout, answer: Mapping[int, int], chips: ChipSet | Names) -> Verdict:
    """Whether `answer` (value -> count) pays `expected` as the standard says; when not, why.

    Any chips that meet the standard as well as the expected ones are right: two ways of
    paying in equally few chips are both right.  Change gives back the chips the bet does not
    need untouched: with 1/3/4/12 chips, a bet of 2 made with three 4s is two 4s back and 2 as
    two 1s; three 3s and a 1 are as few chips and the same 10, and wrong:

    >>> odd = chip_set("1 white #f2f2f2; 3 pink #f48fb1; 4 blue #1565c0; 12 gold #fdd835")
    >>> judge(change(4, 3, 2, odd), {3: 3, 1: 1}, odd).reason  # doctest: +NORMALIZE_WHITESPACE
    'right amount; the change of 10 is 2 blue + 2 white (the 2 blue the bet does not need go
    back untouched), you used 3 pink + 1 white'
    """
    answer = {v: n for v, n in answer.items() if n}
    total = sum(v * n for v, n in answer.items())
    if expected.rule == "taken" and total:
        return Verdict(
            False,
            False,
            say(
                "the bet is lost: the dealer takes it and pays nothing, and you put out %(total)s",
                total=f"{total:,}",
            ),
        )
    if total != expected.amount:
        if expected.rule != "amount":
            wrong = say(
                "the chips come to %(total)s; the payout is %(amount)s",
                total=f"{total:,}",
                amount=f"{expected.amount:,}",
            )
        else:
            wrong = say(
                "the chips come to %(total)s; the amount is %(amount)s",
                total=f"{total:,}",
                amount=f"{expected.amount:,}",
            )
        return Verdict(False, False, wrong)
    # "amount": a lost stake taken in any chips, as questions dealt before lost bets were
    # `taken` stored it (they are graded as they were dealt)
    if expected.rule in ("amount", "taken"):
        return Verdict(True, True)
    # the reason is built only for a wrong answer: a right one (most) pays nothing for it
    if expected.top is not None and any(v > expected.top for v in answer):
        top = names_of(chips)[expected.top]
        where = (
            say("no chip above the %(chip)s handed in", chip=top)
            if expected.rule == "change"
            else say("in the colours of the bet: nothing above %(chip)s", chip=top)
        )
        return Verdict(False, True, _right_amount(expected, answer, chips, where))
    if expected.rule == "change" and expected.top is not None:
        # the chips the bet does not need go back untouched: as many of the chip handed in
        # as the expected change holds (never none: with none, the change is below that chip)
        back = expected.chips.get(expected.top, 0)
        if answer.get(expected.top, 0) != back:
            name = names_of(chips)[expected.top]
            where = say_n(
                "the %(count)s %(chip)s the bet does not need goes back untouched",
                "the %(count)s %(chip)s the bet does not need go back untouched",
                back,
                chip=name,
            )
            return Verdict(False, True, _right_amount(expected, answer, chips, where))
    if cost(answer, expected.floor) != cost(expected.chips, expected.floor):
        why = (
            say("coloured up: in the bet's colours it would take too many chips")
            if expected.rule == "coloured up"
            else None
        )
        return Verdict(False, True, _right_amount(expected, answer, chips, why))
    return Verdict(True, True)


def _right_amount(
    expected: Payout, answer: Mapping[int, int], chips: ChipSet | Names, where: Message | None
) -> Message:
    """The right amount in the wrong chips: what the house standard pays, why, what was used."""
    amount = f"{expected.amount:,}"
    right_chips = words(chips, expected.chips)
    if expected.rule == "change":
        house = say("the change of %(amount)s is %(chips)s", amount=amount, chips=right_chips)
    elif expected.rule == "colour up":
        house = say("%(amount)s colours up into %(chips)s", amount=amount, chips=right_chips)
    else:
        house = say(
            "the house standard pays %(amount)s as %(chips)s", amount=amount, chips=right_chips
        )
    used = words(chips, answer)
    if where is None:
        return say("right amount; %(house)s, you used %(chips)s", house=house, chips=used)
    return say(
        "right amount; %(house)s (%(why)s), you used %(chips)s", house=house, why=where, chips=used
    )


def change(value: int, count: int, bet: int, chips: ChipSet) -> Payout:
    """The change for a bet of `bet` made with `count` chips of `value`, as a dealer makes
    it: the chips the bet does not need go back untouched, and only the chips it breaks into
    are changed, into the fewest chips smaller than `value`.

    A bet of 5 with 3 green: one green covers it, two go back; 25 − 5 = 20 is 4 red.

    >>> words(COMMON, change(25, 3, 5, COMMON).chips)
    '2 green + 4 red'
    >>> words(COMMON, change(100, 1, 24, COMMON).chips)
    '3 green + 1 white'
    """
    total = value * count
    if not 0 < bet < total:
        raise EngineError("The bet must be below the chips handed in.")
    capped = tuple(v for v in chips.values if v < value)
    if not capped:
        raise EngineError(f"No chip of the house is smaller than {value:,}.")
    broken = -(-bet // value)  # the chips the bet takes, the last one broken into change
    counts = counts_of(
        [(value, count - broken), *_best(broken * value - bet, capped, chips.unit).items()]
    )
    return Payout(total - bet, counts, chips.unit, value, "change")


def colour_up(amount: int, chips: ChipSet) -> Payout:
    """A player's chips worth `amount` coloured up: the fewest chips of the house.

    >>> words(COMMON, colour_up(137, COMMON).chips)
    '1 black + 1 green + 2 red + 2 white'
    """
    return Payout(amount, _best(amount, chips.values, chips.unit), chips.unit, None, "colour up")


def taken() -> Payout:
    """A bet lost or folded: the dealer takes it, so in chips there is nothing to build.

    >>> judge(taken(), {}, COMMON).right
    True
    >>> judge(taken(), {5: 7}, COMMON).reason
    'the bet is lost: the dealer takes it and pays nothing, and you put out 35'
    """
    return Payout(0, {}, 0, None, "taken")


def counts_of(pairs: Iterable[tuple[int, int]]) -> Counts:
    """Counts with the empty ones dropped, largest chip first."""
    return {v: n for v, n in sorted(pairs, reverse=True) if n}


#: the common set, read once
COMMON = chip_set(DEFAULT_CHIPS)
