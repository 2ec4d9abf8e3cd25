"""Stakes, levels and the mix helpers every game's drills share.

Every stake is a multiple of the table's chip (5) and of the house's unit, so a $5 table's
ante is 5 and a $100 table's is an odd amount like 115; the mixes pick by weight.

>>> import random
>>> from trainer.engine.house import DEFAULT_CONFIG
>>> rng = random.Random(3)
>>> pick_ante(rng, 1, DEFAULT_CONFIG.paytable("mississippi-stud"), DEFAULT_CONFIG)
5
>>> pick_pot(rng, 3, DEFAULT_CONFIG) % 5, pick_seats(rng, 3, ("1", "2", "3", "4", "5", "6"))
(0, ['2', '3', '5'])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

from ..cards import Card
from ..hands import Category
from ..house import HouseConfig
from ..messages import Message, join, say
from ..paytables import Paytable
from .kinds import TABLE_CHIP as TABLE_CHIP
from .kinds import Level, StakedRandom
from .kinds import stake_base as stake_base

T = TypeVar("T")

#: antes as multiples of the stake base: a $5 table, a $25 table, a $100 table
ANTE_STEPS = {1: (1,), 2: (3, 5, 7, 9, 11), 3: (21, 23, 25, 27, 29, 31, 35, 45)}
#: pots (split-pot and stud games) as a range of multiples of the stake base
POT_STEPS = {1: (3, 9), 2: (8, 30), 3: (21, 99)}
#: players dealt in at each level of the games where several play against each other
PLAYERS = {1: (3, 3), 2: (4, 5), 3: (6, 6)}
#: positions against the house at each level (Mississippi Stud, the banked games)
POSITIONS = {1: (1, 1), 2: (2, 3), 3: (3, 6)}
#: bounded attempts at a random hand that fits; after them the last one is kept
TRIES = 40

#: a level's table minimum, in stake bases: a $5, a $25 and a $100 table at 5-chip stakes
TABLE_MINIMUMS = {1: 1, 2: 5, 3: 20}
#: the pot a level's name gives as an example, in stake bases (115 at 5-chip stakes)
EXAMPLE_POT = 23


def table_words(level: int, base: int) -> Message:
    """A level's table, named by its minimum (`TABLE_MINIMUMS`): "$25 table"."""
    return say("$%(minimum)s table", minimum=TABLE_MINIMUMS[level] * base)


def _ante_words(level: int, base: int) -> Message:
    """A table staking Antes, named by its minimum and antes it deals (`ANTE_STEPS`)."""
    table = table_words(level, base)
    steps = ANTE_STEPS[level]
    if len(steps) == 1:
        return say("%(table)s, ante %(ante)s", table=table, ante=steps[0] * base)
    if level == 2:
        return say(
            "%(table)s, odd antes like %(ante)s and %(other)s",
            table=table,
            ante=steps[0] * base,
            other=steps[2] * base,
        )
    return say("%(table)s, odd antes like %(ante)s", table=table, ante=steps[1] * base)


def ante_level(level: int, rest: str) -> Level:
    """A level of a drill staking Antes: "$25 table, odd antes like 15 and 35, `rest`"."""

    def words(base: int) -> str:
        return join((w for w in (_ante_words(level, base), rest) if w), sep=", ")

    return Level(level, words(TABLE_CHIP), words)


def pot_level(level: int, rest: str, *, example: bool = False) -> Level:
    """A level of a drill dealing pots: "$100 table, `rest`", ", pots like 115" with
    `example`."""

    def words(base: int) -> str:
        table = table_words(level, base)
        if example:
            return say(
                "%(table)s, %(players)s, pots like %(pot)s",
                table=table,
                players=rest,
                pot=EXAMPLE_POT * base,
            )
        return say("%(table)s, %(players)s", table=table, players=rest)

    return Level(level, words(TABLE_CHIP), words)


STAKE_LEVELS = (
    ante_level(1, say("one position")),
    ante_level(2, say("two or three positions")),
    ante_level(3, say("up to six positions")),
)
PLAYER_LEVELS = (
    pot_level(1, say("three players")),
    pot_level(2, say("four or five players, odd pots")),
    pot_level(3, say("six players"), example=True),
)


class StakesAntes:
    """A drill kind mixin: its stakes are Antes of the game's paytable at the house, so its
    levels are named in those (`pick_ante`)."""

    game: str

    def stake_base(self, config: HouseConfig) -> int:
        return stake_base(config.paytable(self.game).stake_unit(config.rules.chip_unit))


def pick(rng: random.Random, weighted: Sequence[tuple[T, float]]) -> T:
    """One item of `(item, weight)` pairs, as likely as its weight."""
    items = [item for item, _ in weighted]
    return rng.choices(items, [w for _, w in weighted])[0]


def pick_ante(rng: random.Random, level: int, paytable: Paytable, config: HouseConfig) -> int:
    """An ante for a table of `level`, in the paytable's and the house's stake unit; the
    Ante a `StakedRandom` carries where it is one of those.

    >>> from trainer.engine.house import DEFAULT_CONFIG
    >>> table = DEFAULT_CONFIG.paytable("mississippi-stud")
    >>> [pick_ante(StakedRandom(1, {"ante": a}), 2, table, DEFAULT_CONFIG) for a in (35, 40)]
    [35, 25]
    >>> pick_ante(random.Random(1), 2, table, DEFAULT_CONFIG)  # 40 is no ante of level 2
    25
    """
    base = stake_base(paytable.stake_unit(config.rules.chip_unit))
    ante = rng.choice(ANTE_STEPS[level]) * base
    return _kept(rng, "ante", ante, lambda a: a % base == 0 and a // base in ANTE_STEPS[level])


def pick_pot(rng: random.Random, level: int, config: HouseConfig) -> int:
    """A pot for a table of `level`, in the house's chip unit; the pot a `StakedRandom`
    carries where a table of `level` deals it."""
    low, high = POT_STEPS[level]
    base = stake_base(config.rules.chip_unit)
    pot = rng.randint(low, high) * base
    return _kept(rng, "pot", pot, lambda p: p % base == 0 and low <= p // base <= high)


def _kept(rng: random.Random, name: str, drawn: int, deals: Callable[[int], bool]) -> int:
    """The stake `name` the deal is to keep (`StakedRandom`) where the table `deals` it, else
    the one `drawn`."""
    stake = rng.stakes.get(name) if isinstance(rng, StakedRandom) else None
    return stake if stake is not None and deals(stake) else drawn


def pick_seats(rng: random.Random, count: int, seats: Sequence[str]) -> list[str]:
    """`count` of the table's `seats`, in seat order."""
    return sorted(rng.sample(seats, count), key=int)


def pick_count(rng: random.Random, ranges: Mapping[int, tuple[int, int]], level: int) -> int:
    """How many players or positions a table of `level` deals (`PLAYERS`, `POSITIONS`)."""
    low, high = ranges[level]
    return rng.randint(low, high)


def high_to_low(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards sorted as an easy level shows them: by rank, then suit, highest first."""
    return tuple(sorted(cards, key=lambda c: (-c.rank, -c.suit)))


def sample_fitting(
    rng: random.Random, deck: Sequence[Card], n: int, fits: Callable[[tuple[Card, ...]], bool]
) -> tuple[Card, ...]:
    """`n` random cards of `deck` that `fits` accepts, within TRIES attempts; else the last."""
    cards: tuple[Card, ...] = ()
    for _ in range(TRIES):
        cards = tuple(rng.sample(deck, n))
        if fits(cards):
            break
    return cards


#: hands that lose (to a dealer or a rival) and hands that tie, as the mixes weigh them
LOSING_HANDS: tuple[tuple[Category, float], ...] = (
    (Category.HIGH_CARD, 30),
    (Category.ONE_PAIR, 35),
    (Category.TWO_PAIR, 15),
    (Category.THREE_OF_A_KIND, 8),
    (Category.STRAIGHT, 5),
    (Category.FLUSH, 4),
    (Category.FULL_HOUSE, 3),
)
TIED_HANDS: tuple[tuple[Category, float], ...] = (
    (Category.HIGH_CARD, 30),
    (Category.ONE_PAIR, 35),
    (Category.TWO_PAIR, 15),
    (Category.STRAIGHT, 10),
    (Category.FLUSH, 10),
)


def category_up_to(
    weighted: Sequence[tuple[Category, float]], ceiling: Category
) -> tuple[tuple[Category, float], ...]:
    """The weighted categories no better than `ceiling` (high card when none is)."""
    return tuple((c, w) for c, w in weighted if c <= ceiling) or ((Category.HIGH_CARD, 1),)
