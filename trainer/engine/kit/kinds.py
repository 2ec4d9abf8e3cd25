"""Question types: the answer fields, levels, questions, the drill kinds' base and registry.

A kind deals a `Dealt` from a seeded random source, and `answer_for` turns its stored request
into the fields, the expected answer and the steps; `generate` joins the two into a `Question`.

>>> class Coin(DrillKind):
...     slug, game, title, levels = "coin", "any", "Coin", (Level(1, "One coin"),)
...     def deal(self, rng, level, config, natural):
...         side = rng.choice(("heads", "tails"))
...         return Dealt({"side": side}, {"side": side}, "Call it.", side)
...     def answer_for(self, request, level, config):
...         field_ = AnswerField("side", "Side", "choice", (("heads", "Heads"), ("tails", "Tails")))
...         return (field_,), {"side": request["side"]}, (f"It shows {request['side']}.",)
>>> from trainer.engine.house import DEFAULT_CONFIG
>>> q = Coin().generate(1, 1, DEFAULT_CONFIG)
>>> q.kind, q.expected == {"side": q.request["side"]}
('coin', True)
>>> Coin().generate(1, 2, DEFAULT_CONFIG)
Traceback (most recent call last):
...
trainer.engine.errors.EngineError: The Coin drill has levels 1; 2 is not one.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ..cards import Card, parse_cards
from ..errors import CardError, EngineError
from ..house import HouseConfig
from .asked_in_chips import in_chips as asked_in_chips
from .fields import AnswerField as AnswerField
from .fields import AnswerKind as AnswerKind

#: stakes are multiples of this many chips (a $5 table's smallest bet) and of the house unit
TABLE_CHIP = 5


def stake_base(unit: int) -> int:
    """The smallest stake a table deals: its chip and the house's unit both divide it."""
    return math.lcm(TABLE_CHIP, unit)


@dataclass(frozen=True)
class Level:
    """A step of difficulty: bigger tables, more seats, harder cards.

    `name` is said at the source texts' stakes ("$5 table, ante 5, one position"); a level
    whose stakes scale with the house has `words`, its name for a table whose smallest stake
    is the given number of chips (`DrillKind.levels_for` names it for a house)."""

    number: int
    name: str  # "$5 table, one position"
    words: Callable[[int], str] | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Question:
    """One question as dealt and answered by the engine: what the Django side stores."""

    kind: str
    game: str
    seed: int
    level: int
    natural: bool
    prompt: str
    #: what the page lays out, JSON-able: seats, cards, board, dealer, bets, pot, street
    table: dict[str, Any]
    #: the request that rules it (RULING_API.md shape where one exists)
    request: dict[str, Any]
    fields: tuple[AnswerField, ...]
    #: field name -> the correct answer (str, int, or sorted list of seats)
    expected: dict[str, Any]
    steps: tuple[str, ...]
    #: a short tag for error analysis, e.g. "pair of 6-10 pushes", "dealer A-K high"
    situation: str
    #: the hand category that matters most here (its label), or None
    category: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    #: its amounts asked in the house's chips (`chip_drills.in_chips`)
    in_chips: bool = False


@dataclass(frozen=True)
class Dealt:
    """What a kind's deal produces; `generate` adds the fields, answer and steps."""

    request: dict[str, Any]
    table: dict[str, Any]
    prompt: str
    situation: str
    category: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


Answer = tuple[tuple[AnswerField, ...], dict[str, Any], tuple[str, ...]]

#: the stakes a deal can be asked to keep (`DrillKind.generate`'s `stakes`): a table's Ante
#: (one for every position at it) or its pot
STAKES = ("ante", "pot")


class StakedRandom(random.Random):
    """A deal's seeded source that also carries the stakes the deal is to keep: the stake
    pickers (`stakes.pick_ante`, `stakes.pick_pot`) draw as usual, so the rest of the deal is
    the seed's own, and then answer with the stake asked wherever the level deals it at the
    house."""

    def __init__(self, seed: int, stakes: Mapping[str, int]) -> None:
        super().__init__(seed)
        self.stakes = dict(stakes)


def cards_in(request: Any) -> tuple[Card, ...]:
    """Every card a stored request deals, wherever it sits, sorted (a card written at several
    positions, such as a shared board, counts each time).

    >>> cards_in({"player": "Ks Ah", "dealer": "2c 3c", "ante": 5, "action": "call"})
    (Card('2c'), Card('3c'), Card('Ks'), Card('Ah'))
    >>> cards_in({"pile": {"5": 18, "1": 15}})
    ()
    """
    if isinstance(request, str):
        try:
            return tuple(sorted(parse_cards(request)))
        except CardError:
            return ()
    if isinstance(request, Mapping):
        values = list(request.values())
    elif isinstance(request, (list, tuple)):
        values = list(request)
    else:
        return ()
    found: list[Card] = []
    for value in values:
        found += cards_in(value)
    return tuple(sorted(found))


class DrillKind:
    """Base of every drill kind; subclasses set the class attributes and implement `deal`
    (the cards and stakes, from the seeded `rng`) and `answer_for`."""

    slug: str = ""
    game: str = ""
    title: str = ""
    description: str = ""
    #: the situations the default mix brings up, in words, shown to trainees
    mix: str = ""
    levels: tuple[Level, ...] = ()
    #: it asks an amount paid, so it can be taken "in chips" (`answer`'s `in_chips`)
    pays: bool = False
    #: its request (or each of its `positions`) is a ruling request of its game whose ruling
    #: settles chips: hands the audit could check, which the watch drill deals from
    deals_hands: bool = False
    #: a drill for those who watch the game (supervisors, games managers and the trainees a
    #: house promotes), not for dealers: the site offers it only to them (`watch`)
    watches: bool = False
    #: the default speed standard, seconds for each of `levels` in turn (per position settled
    #: where the answer settles positions: `pace.target_ms`), with its reasoning beside it; a
    #: house may set its own (`pace` module).  Every registered kind has one a level.
    pace: tuple[float, ...] = ()

    def target_seconds(self, level: int) -> float:
        """The default target for a question at `level`, in seconds (per position)."""
        number = self.level(level).number
        return self.pace[[lv.number for lv in self.levels].index(number)]

    def situations(self, config: HouseConfig) -> tuple[str, ...]:
        """Every situation this kind deals under the house `config`, in teaching order (plain
        cases first), each dealable on demand at every level (`generate(..., situation=...)`):
        the skills a trainee is scheduled on.  Empty for a kind that lists none."""
        return tuple(self.aims_at(config))

    def aims_at(self, config: HouseConfig) -> Mapping[str, Any]:
        """`aims(config)`, worked out once per house configuration (`remembered`), read-only."""
        key = ("aims", id(self), type(self).aims)
        return config.remembered(key, lambda: MappingProxyType(self.aims(config)))

    def aims(self, config: HouseConfig) -> dict[str, Any]:
        """Each situation of `situations`, in its order, with what `deal_aimed` needs to deal
        toward it (a scenario of the kind's mix, a hand category, ...)."""
        return {}

    def deal_aimed(self, rng: random.Random, level: int, config: HouseConfig, aim: Any) -> Dealt:
        """A deal of the level leaning toward `aim` (a value of `aims`), drawn from `rng` only;
        `deal_for` keeps the first whose situation is the one asked.  This default deals the
        kind's mix."""
        return self.deal(rng, level, config, False)

    def deal_for(
        self, rng: random.Random, level: int, config: HouseConfig, situation: str
    ) -> Dealt:
        """A deal whose situation is `situation`, drawn from `rng` only: aimed deals
        (`deal_aimed`) until one shows it.  EngineError for a situation the kind does not
        list, or one that does not come up."""
        aims = self.aims_at(config)
        if situation not in aims:
            known = "; ".join(aims) or "none"
            raise EngineError(
                f"The {self.title} drill has no situation {situation!r}. Its situations: {known}."
            )
        for _ in range(SITUATION_TRIES):
            dealt = self.deal_aimed(rng, level, config, aims[situation])
            if dealt.situation == situation:
                return dealt
        raise EngineError(f"The {self.title} drill could not deal the situation {situation!r}.")

    def stakes_of(self, table: Mapping[str, Any]) -> dict[str, int]:
        """The stakes the `table` shown was dealt at, as `generate` can keep them (`STAKES`):
        its Ante (the table's, or its positions': one ante a table) or its pot; none for a
        drill that stakes nothing.

        >>> DrillKind().stakes_of({"positions": [{"seat": "2", "ante": 35}], "dealer": "2c"})
        {'ante': 35}
        >>> DrillKind().stakes_of({"cards": "As Ks Qs Js Ts"})
        {}
        """
        positions = table.get("positions")
        places = [table, *(positions if isinstance(positions, list) else ())]
        found: dict[str, int] = {}
        for place in places:
            for name in STAKES:
                stake = place.get(name) if isinstance(place, Mapping) else None
                if isinstance(stake, int) and not isinstance(stake, bool):
                    found.setdefault(name, stake)
        return found

    def same_hand(self, request: Mapping[str, Any], other: Mapping[str, Any]) -> bool:
        """Whether two stored requests deal the same hand: the same cards, however laid out
        (a level that sorts them shows them alike); for a drill dealing no cards (chips), the
        same request.

        >>> kind = DrillKind()
        >>> kind.same_hand({"cards": "As Ks Qs Js Ts"}, {"cards": "Ts Js Qs Ks As"})
        True
        >>> kind.same_hand({"pile": {"5": 18}}, {"pile": {"5": 17}})
        False
        """
        mine, theirs = cards_in(request), cards_in(other)
        if mine or theirs:
            return mine == theirs
        return request == other

    def situation_of(self, request: Mapping[str, Any], level: int, config: HouseConfig) -> str:
        """The situation of one hand given as this kind's request (one position, the dealer's
        hand, one pot): the skill a round's step of this drill is an attempt of
        (`trainer.engine.rounds`).  EngineError for a kind that cannot say."""
        raise EngineError(f"The {self.title} drill cannot tell the situation of a hand given it.")

    def situation_now(self, situation: str, request: Mapping[str, Any], config: HouseConfig) -> str:
        """The situation a stored question (its `request`) tagged `situation` by an earlier
        version of this kind is now: a tag that named what only some levels deal was made
        level-free."""
        return situation

    def steps_shown(self, steps: Sequence[str], table: Mapping[str, Any]) -> list[str]:
        """A question's steps as its feedback shows them beside its `table`: the steps as
        graded, unless the kind numbers what the table shows otherwise (the stored steps
        stay as they were graded)."""
        return list(steps)

    def level(self, number: int) -> Level:
        """The level numbered `number`, or EngineError listing the levels there are."""
        for level in self.levels:
            if level.number == number and not isinstance(number, bool):
                return level
        known = ", ".join(str(lv.number) for lv in self.levels)
        raise EngineError(f"The {self.title} drill has levels {known}; {number!r} is not one.")

    def generate(
        self,
        seed: int,
        level: int,
        config: HouseConfig,
        *,
        natural: bool = False,
        in_chips: bool = False,
        situation: str | None = None,
        stakes: Mapping[str, int] | None = None,
    ) -> Question:
        """The question `seed` deals at `level` in the house `config`: always the same one.
        `natural` deals plain shuffled cards instead of the kind's mix; `in_chips` asks its
        amounts in the house's chips; `situation` deals one of that situation (`deal_for`);
        `stakes` (as `stakes_of` reads them) keeps the table's Ante or pot where the level
        deals that stake at the house (else the seed's own stands).

        >>> from trainer.engine.house import DEFAULT_CONFIG
        >>> ms = REGISTRY["ms-pay"]
        >>> ms.generate(3, 2, DEFAULT_CONFIG, stakes={"ante": 55}).table["ante"]
        55
        >>> ms.generate(3, 2, DEFAULT_CONFIG, stakes={"ante": 5}).table["ante"]  # not at level 2
        25
        >>> ms.generate(3, 2, DEFAULT_CONFIG).table["ante"]
        25
        """
        self.level(level)
        rng = StakedRandom(seed, stakes) if stakes else random.Random(seed)
        if situation is not None:
            dealt = self.deal_for(rng, level, config, situation)
        else:
            dealt = self.deal(rng, level, config, natural)
        fields, expected, steps = self.answer(
            dealt.request, level, config, table=dealt.table, in_chips=in_chips
        )
        return Question(
            kind=self.slug,
            game=self.game,
            seed=seed,
            level=level,
            natural=natural,
            prompt=dealt.prompt,
            table=dealt.table,
            request=dealt.request,
            fields=fields,
            expected=expected,
            steps=steps,
            situation=dealt.situation,
            category=dealt.category,
            extra=dealt.extra,
            in_chips=in_chips,
        )

    def answer(
        self,
        request: Mapping[str, Any],
        level: int,
        config: HouseConfig,
        *,
        table: Mapping[str, Any] | None = None,
        in_chips: bool = False,
    ) -> Answer:
        """`answer_for`, its amounts asked in chips when `in_chips` (each paid on the stake
        `bet_for` reads from the `table` shown): dealing and re-grading both come here."""
        fields, expected, steps = self.answer_for(request, level, config)
        if in_chips:
            shown = table or {}
            bets = {
                f.name: self.bet_for(shown, f.name) for f in fields if f.kind is AnswerKind.AMOUNT
            }
            pot = shown.get("pot")
            pot = pot if isinstance(pot, int) and not isinstance(pot, bool) else None
            fields, expected = asked_in_chips(fields, expected, level, config, bets, pot)
        return fields, expected, steps

    def bet_for(self, table: Mapping[str, Any], name: str) -> int | None:
        """The stake the amount field `name` is paid on, read from the `table` shown, one way
        at every table: the field's position (the seat its name starts with, "p3.", else the
        table's lone position), then in that position's bets the one the name names ("call",
        "ante", "3rd"), else, for a field of the whole position ("p1.amount"), its largest
        bet.  None where no position holds the field (a pot's share).

        >>> lone = {"positions": [{"seat": "1", "bets": {"ante": 5, "call": 25}}]}
        >>> DrillKind().bet_for(lone, "call.amount"), DrillKind().bet_for(lone, "ante.amount")
        (25, 5)
        >>> ms = {"positions": [{"seat": "3", "bets": {"ante": 35, "3rd": 105, "4th": 35}}]}
        >>> DrillKind().bet_for(ms, "p3.spot.4th"), DrillKind().bet_for(ms, "p3.amount")
        (35, 105)
        >>> DrillKind().bet_for({"pot": 20, "seats": {}}, "share.3") is None
        True
        """
        parts = name.split(".")
        head = parts[0]
        seat = head[1:] if head[:1] == "p" and head[1:].isascii() and head[1:].isdecimal() else None
        raw = table.get("positions")
        # a table dealt without a list of positions is one position itself
        positions = [p for p in raw if isinstance(p, Mapping)] if isinstance(raw, list) else [table]
        if seat is not None:
            position = next((p for p in positions if str(p.get("seat")) == seat), None)
        else:
            position = positions[0] if len(positions) == 1 else None
        if position is None:
            return None
        found = position.get("bets")
        placed = {
            k: v
            for k, v in (found.items() if isinstance(found, Mapping) else ())
            if isinstance(v, int) and not isinstance(v, bool)
        }
        for part in reversed(parts[1 if seat is not None else 0 :]):
            if part in placed:
                return placed[part]
        return max(placed.values(), default=None)

    def stake_base(self, config: HouseConfig) -> int:
        """The smallest stake this drill deals at the house `config` (its levels' stakes are
        multiples of it): the chip unit's, unless a kind staking Antes says otherwise."""
        return stake_base(config.rules.chip_unit)

    def levels_for(self, config: HouseConfig) -> tuple[Level, ...]:
        """The levels named for the house `config`'s own stakes (a house whose tables take
        10-chip bets has no "$5 table, ante 5")."""
        base = self.stake_base(config)
        return tuple(
            Level(lv.number, lv.words(base), lv.words) if lv.words else lv for lv in self.levels
        )

    def deal(self, rng: random.Random, level: int, config: HouseConfig, natural: bool) -> Dealt:
        """The cards and stakes of one question, drawn from `rng` only."""
        raise NotImplementedError

    def answer_for(self, request: Mapping[str, Any], level: int, config: HouseConfig) -> Answer:
        """Fields, expected answer and steps for a stored request: the re-grading path."""
        raise NotImplementedError


#: how many aimed deals `DrillKind.deal_for` tries before giving up on a situation (the
#: rarest, a pair with four to a flush among pairs, shows about once in thirty aimed deals)
SITUATION_TRIES = 2000

REGISTRY: dict[str, DrillKind] = {}


def register(kind: DrillKind) -> DrillKind:
    """Add `kind` to `REGISTRY` under its slug."""
    REGISTRY[kind.slug] = kind
    return kind
