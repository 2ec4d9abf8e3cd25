"""Drills: what a trainee dealer is asked, generated from a seed and graded by the engine.

Each drill kind is registered in `REGISTRY` under its slug.  A kind generates a `Question`
from a seed, a level and the house's configuration: the cards and stakes shown (`table`), the
request that rules it (`request`, enough to re-grade it later with the same paytable and house
rules), the answer fields, the expected answer and the engine's steps.

The Django side stores questions and attempts; it never computes an answer itself.  Neither
does this module: every expected answer is read off the game modules' own rule functions
(`answer_for`), and `generate` goes through `answer_for` so the two paths cannot disagree.

Plain deals make payout drills dull (most Mississippi Stud hands lose or fold), so each kind
deals to a stated `mix` that brings every outcome up often enough to practise; `natural=True`
deals plain shuffled cards instead.

>>> from trainer.engine.house import DEFAULT_CONFIG
>>> q = REGISTRY["ms-pay"].generate(7, 1, DEFAULT_CONFIG)
>>> q == REGISTRY["ms-pay"].generate(7, 1, DEFAULT_CONFIG)
True
>>> grade(q.fields, q.expected, q.expected) == {f.name: True for f in q.fields}
True
>>> [f.name for f in q.fields]
['p1.outcome', 'p1.amount']
>>> parse_answer(q.fields, {"p1.outcome": "W", "p1.amount": " +35 "})
{'p1.outcome': 'win', 'p1.amount': 35}
"""

from __future__ import annotations

import math
import random
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .cards import ACE, KING, Card, Deck, format_cards, parse_cards
from .dealing import RANKS, cards_of_ranks, hand_of, high_card, remaining, tie_for
from .errors import EngineError
from .games import banked_stud, english_stud, mississippi_gonorrhea, mississippi_stud
from .hands import (
    Category,
    ExposedValue,
    HandValue,
    arrange,
    best_five,
    evaluate_exposed,
    evaluate_five,
    two_card_high,
    two_card_low,
)
from .house import HouseConfig
from .paytables import Paytable
from .requests import MAX_AMOUNT, SEATS
from .rulings import rule_game

T = TypeVar("T")
QUEEN, JACK = 12, 11


class AnswerError(EngineError):
    """An answer that cannot be graded as given: `problems` maps field name -> message."""

    def __init__(self, problems: Mapping[str, str]) -> None:
        super().__init__("; ".join(problems.values()))
        self.problems = dict(problems)


@dataclass(frozen=True)
class AnswerField:
    """One thing the trainee must answer.

    kind: "choice" (one of `choices`), "amount" (a whole number of chips, 0 or more),
    "signed" (a whole number of chips that may be negative: a net, a match total),
    "seat" (one seat "1".."6" among those at the table, listed in `choices`), "seats" (one or
    more of those seats).
    `keys`: a keyboard key for each choice, in the same order (e.g. "w", "p", "l", "f").
    """

    name: str
    label: str
    kind: str
    choices: tuple[tuple[str, str], ...] = ()
    keys: tuple[str, ...] = ()


@dataclass(frozen=True)
class Level:
    number: int
    name: str  # "$5 table, one position"


@dataclass(frozen=True)
class Question:
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

    def level(self, number: int) -> Level:
        for level in self.levels:
            if level.number == number and not isinstance(number, bool):
                return level
        known = ", ".join(str(lv.number) for lv in self.levels)
        raise EngineError(f"The {self.title} drill has levels {known}; {number!r} is not one.")

    def generate(
        self, seed: int, level: int, config: HouseConfig, *, natural: bool = False
    ) -> Question:
        self.level(level)
        dealt = self.deal(random.Random(seed), level, config, natural)
        fields, expected, steps = self.answer_for(dealt.request, level, config)
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
        )

    def deal(self, rng: random.Random, level: int, config: HouseConfig, natural: bool) -> Dealt:
        raise NotImplementedError

    def answer_for(self, request: Mapping[str, Any], level: int, config: HouseConfig) -> Answer:
        """Fields, expected answer and steps for a stored request: the re-grading path."""
        raise NotImplementedError


REGISTRY: dict[str, DrillKind] = {}


def register(kind: DrillKind) -> DrillKind:
    REGISTRY[kind.slug] = kind
    return kind


# --- reading answers -----------------------------------------------------------------------

_WHOLE = re.compile(r"\+?[0-9]+", re.ASCII)
_SIGNED = re.compile(r"[+-]?[0-9]+", re.ASCII)
_SEAT = re.compile(r"(?:seat\s*)?([0-9]+)", re.ASCII | re.IGNORECASE)
#: more digits than this is no table's amount (and keeps int() away from huge strings)
_MAX_DIGITS = len(str(MAX_AMOUNT)) + 1

AMOUNT_FORMAT = "Enter the amount as a whole number of chips, like 35."
SIGNED_FORMAT = "Enter the amount as a whole number of chips, like 35 or -15."
NEGATIVE = "The amount cannot be negative."
TOO_LARGE = "That amount is larger than any payout at this table."
NO_SEAT = "Choose at least one seat."


def _words(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"


def _choice_message(f: AnswerField) -> str:
    words = [label.lower() for _, label in f.choices]
    if len(words) <= 4:
        return f"Choose {_words(words)}."
    return f"Choose one of the {len(words)} answers, from {words[0]} to {words[-1]}."


def _read_number(raw: object, signed: bool) -> int | str:
    """The number, or the message saying what is wrong with it."""
    fmt = SIGNED_FORMAT if signed else AMOUNT_FORMAT
    if isinstance(raw, bool):
        return fmt
    if isinstance(raw, float):
        if not raw.is_integer():
            return fmt
        raw = int(raw)
    if isinstance(raw, int):
        value = raw
    elif isinstance(raw, str):
        text = raw.strip()
        if not (_SIGNED if signed else _WHOLE).fullmatch(text):
            if not signed and _SIGNED.fullmatch(text):
                return NEGATIVE
            return fmt
        if len(text.lstrip("+-").lstrip("0")) > _MAX_DIGITS:
            return TOO_LARGE
        value = int(text)
    else:
        return fmt
    if value < 0 and not signed:
        return NEGATIVE
    if abs(value) > MAX_AMOUNT:
        return TOO_LARGE
    return value


def _read_seat(raw: object) -> str | None:
    """The seat number as text ("3" from 3, "3", "seat 3"); None when it is no number."""
    if isinstance(raw, int) and not isinstance(raw, bool):
        return str(raw)
    if isinstance(raw, str):
        m = _SEAT.fullmatch(raw.strip())
        if m:
            return m.group(1).lstrip("0") or "0"
    return None


def _seat_problem(seat: str, f: AnswerField) -> str | None:
    if seat not in {value for value, _ in f.choices}:
        if len(seat) > 2:
            return "That is not a seat at this table."
        return f"Seat {seat} is not at this table."
    return None


def _blank(raw: object) -> bool:
    return raw is None or (isinstance(raw, str) and not raw.strip())


def parse_answer(fields: tuple[AnswerField, ...], raw: Mapping[str, Any]) -> dict[str, Any]:
    """The answer in canonical form, or AnswerError naming every field that is empty or
    malformed (in a trainee's words).

    >>> amount = AnswerField("p1.amount", "Amount", "amount")
    >>> parse_answer((amount,), {"p1.amount": " +35 "})
    {'p1.amount': 35}
    >>> parse_answer((amount,), {"p1.amount": "3.5"})
    Traceback (most recent call last):
    ...
    trainer.engine.drills.AnswerError: Enter the amount as a whole number of chips, like 35.
    """
    out: dict[str, Any] = {}
    problems: dict[str, str] = {}
    for f in fields:
        value = raw.get(f.name)
        if f.kind in ("amount", "signed"):
            number = _number_or_message(value, f.kind == "signed")
            (out if isinstance(number, int) else problems)[f.name] = number
        elif f.kind == "choice":
            found = _choice(value, f)
            if found is None:
                problems[f.name] = _choice_message(f)
            else:
                out[f.name] = found
        elif f.kind == "seat":
            seat = None if _blank(value) else _read_seat(value)
            if seat is None:
                problems[f.name] = "Choose a seat."
            elif (problem := _seat_problem(seat, f)) is not None:
                problems[f.name] = problem
            else:
                out[f.name] = seat
        elif f.kind == "seats":
            seats = _seats_or_message(value, f)
            (out if isinstance(seats, list) else problems)[f.name] = seats
        else:
            raise EngineError(f"{f.name}: {f.kind!r} is not a kind of answer field.")
    if problems:
        raise AnswerError(problems)
    return out


def _number_or_message(value: object, signed: bool) -> int | str:
    if _blank(value):
        return SIGNED_FORMAT if signed else AMOUNT_FORMAT
    return _read_number(value, signed)


def _choice(value: object, f: AnswerField) -> str | None:
    if not isinstance(value, str):
        return None
    text = " ".join(value.split()).lower()
    for i, (choice, label) in enumerate(f.choices):
        key = f.keys[i].lower() if i < len(f.keys) else None
        if text in (choice.lower(), label.lower(), key):
            return choice
    return None


def _seats_or_message(value: object, f: AnswerField) -> list[str] | str:
    if _blank(value):
        return NO_SEAT
    if isinstance(value, str):
        items: list[object] = [t for t in re.split(r"[\s,;]+", value.strip()) if t]
    elif isinstance(value, (list, tuple, set, frozenset)):
        items = list(value)
    else:
        return "Choose the seats, like 1, 3."
    if not items:
        return NO_SEAT
    seats: set[str] = set()
    for item in items:
        seat = _read_seat(item)
        if seat is None:
            return "Choose the seats by number, like 1, 3."
        if (problem := _seat_problem(seat, f)) is not None:
            return problem
        seats.add(seat)
    return sorted(seats, key=int)


def grade(
    fields: tuple[AnswerField, ...], expected: Mapping[str, Any], answer: Mapping[str, Any]
) -> dict[str, bool]:
    """Right or wrong per field."""
    return {f.name: answer.get(f.name) == expected.get(f.name) for f in fields}


# --- shared pieces -------------------------------------------------------------------------

OUTCOMES = (("win", "Win"), ("push", "Push"), ("lose", "Lose"), ("fold", "Fold"))
OUTCOME_KEYS = ("w", "p", "l", "f")
RESULTS = OUTCOMES[:3]
RESULT_KEYS = OUTCOME_KEYS[:3]
YES_NO = (("yes", "Yes"), ("no", "No"))
YES_NO_KEYS = ("y", "n")
VERDICTS = tuple((v.value, v.value.capitalize()) for v in banked_stud.Verdict)
VERDICT_KEYS = ("p", "b", "d")
#: the ten categories, strongest first; keys: 0 for a royal flush, 9 down to 1 for high card
CATEGORIES = tuple((c.label, c.label.capitalize()) for c in Category)
CATEGORY_KEYS = tuple(str(c.order % 10) for c in Category)

#: stakes are multiples of this many chips (a $5 table's smallest bet) and of the house unit
TABLE_CHIP = 5
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

STAKE_LEVELS = (
    Level(1, "$5 table, ante 5, one position"),
    Level(2, "$25 table, odd antes like 15 and 35, two or three positions"),
    Level(3, "$100 table, odd antes like 115, up to six positions"),
)
PLAYER_LEVELS = (
    Level(1, "$5 table, three players"),
    Level(2, "$25 table, four or five players, odd pots"),
    Level(3, "$100 table, six players, pots like 115"),
)


def _pick(rng: random.Random, weighted: Sequence[tuple[T, float]]) -> T:
    items = [item for item, _ in weighted]
    return rng.choices(items, [w for _, w in weighted])[0]


def _base(unit: int) -> int:
    return math.lcm(TABLE_CHIP, unit)


def _ante(rng: random.Random, level: int, paytable: Paytable, config: HouseConfig) -> int:
    return rng.choice(ANTE_STEPS[level]) * _base(paytable.stake_unit(config.rules.chip_unit))


def _pot(rng: random.Random, level: int, config: HouseConfig) -> int:
    low, high = POT_STEPS[level]
    return rng.randint(low, high) * _base(config.rules.chip_unit)


def _seats(rng: random.Random, count: int) -> list[str]:
    return sorted(rng.sample(SEATS, count), key=int)


def _count(rng: random.Random, ranges: Mapping[int, tuple[int, int]], level: int) -> int:
    low, high = ranges[level]
    return rng.randint(low, high)


def _cards(cards: Sequence[Card]) -> str:
    return format_cards(cards)


def _sorted(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: (-c.rank, -c.suit)))


def _positions(request: Mapping[str, Any]) -> tuple[list[Mapping[str, Any]], bool]:
    """The position requests of a stored request, and whether it holds several."""
    if "positions" in request:
        positions = request["positions"]
        if not isinstance(positions, list) or not positions:
            raise EngineError("'positions' must list one request for each position.")
        return positions, True
    return [request], False


def _seat_of(position: Mapping[str, Any]) -> str:
    return str(position.get("seat", "1"))


def _seat_field(name: str, label: str, seats: Sequence[str]) -> AnswerField:
    ordered = sorted(seats, key=int)
    return AnswerField(
        name, label, "seat", tuple((s, f"Seat {s}") for s in ordered), tuple(ordered)
    )


def _seats_field(name: str, label: str, seats: Sequence[str]) -> AnswerField:
    ordered = sorted(seats, key=int)
    return AnswerField(
        name, label, "seats", tuple((s, f"Seat {s}") for s in ordered), tuple(ordered)
    )


def _short(rank: int) -> str:
    return {14: "A", 13: "K", 12: "Q", 11: "J"}.get(rank, str(rank))


def _band(ranks: Sequence[int]) -> str:
    return f"{_short(min(ranks))}-{_short(max(ranks))}"


def _sample_fitting(
    rng: random.Random, deck: Sequence[Card], n: int, fits: Callable[[tuple[Card, ...]], bool]
) -> tuple[Card, ...]:
    """`n` random cards of `deck` that `fits` accepts, within TRIES attempts; else the last."""
    cards: tuple[Card, ...] = ()
    for _ in range(TRIES):
        cards = tuple(rng.sample(deck, n))
        if fits(cards):
            break
    return cards


# --- hand reading --------------------------------------------------------------------------

_FIVE_MIX: tuple[tuple[Category, float], ...] = (
    (Category.ROYAL_FLUSH, 4),
    (Category.STRAIGHT_FLUSH, 7),
    (Category.FOUR_OF_A_KIND, 9),
    (Category.FULL_HOUSE, 11),
    (Category.FLUSH, 12),
    (Category.STRAIGHT, 12),
    (Category.THREE_OF_A_KIND, 11),
    (Category.TWO_PAIR, 12),
    (Category.ONE_PAIR, 11),
    (Category.HIGH_CARD, 11),
)


def _near_miss(cards: Sequence[Card]) -> str | None:
    """'four to a flush' or 'four to a straight' when five cards make neither."""
    if max(Counter(c.suit for c in cards).values()) == 4:
        return "four to a flush"
    ranks = {c.rank for c in cards} | ({1} if any(c.rank == ACE for c in cards) else set())
    for low in range(1, 11):
        if len(ranks & set(range(low, low + 5))) == 4:
            return "four to a straight"
    return None


def _five_situation(cards: Sequence[Card], value: HandValue) -> str:
    if value.category is Category.STRAIGHT and value.ranks == (5,):
        return "five-high straight (wheel)"
    if value.category in (Category.HIGH_CARD, Category.ONE_PAIR):
        miss = _near_miss(cards)
        if miss is not None:
            return f"{value.category.label}, {miss}"
    return value.category.label


def _hand_fields() -> tuple[AnswerField, ...]:
    return (AnswerField("category", "Category", "choice", CATEGORIES, CATEGORY_KEYS),)


class HandFive(DrillKind):
    slug = "hand-five"
    game = "any"
    title = "Hand reading: five cards"
    description = "Name the category of five cards."
    mix = (
        "Every category about equally often, royal flushes included; from level 3, wheel "
        "straights and hands one card short of a flush or a straight."
    )
    levels = (
        Level(1, "Cards sorted high to low"),
        Level(2, "Cards in the order dealt"),
        Level(3, "Near misses: four-flushes, four-straights, wheels"),
    )

    def deal(self, rng: random.Random, level: int, config: HouseConfig, natural: bool) -> Dealt:
        if natural:
            cards = Deck(rng=rng).deal(5)
        else:
            cards = self._mixed(rng, level)
        if level == 1:
            cards = _sorted(cards)
        value = evaluate_five(cards)
        return Dealt(
            request={"cards": _cards(cards)},
            table={"cards": _cards(cards)},
            prompt="Read the hand.",
            situation=_five_situation(cards, value),
            category=value.category.label,
        )

    def _mixed(self, rng: random.Random, level: int) -> tuple[Card, ...]:
        category = _pick(rng, _FIVE_MIX)
        if level < 3:
            return hand_of(category, rng)
        if category is Category.STRAIGHT and rng.random() < 0.5:
            return hand_of(category, rng, ranks=[5])
        cards = hand_of(category, rng)
        if category in (Category.HIGH_CARD, Category.ONE_PAIR):
            for _ in range(TRIES):
                if _near_miss(cards):
                    break
                cards = hand_of(category, rng)
        return cards

    def answer_for(self, request: Mapping[str, Any], level: int, config: HouseConfig) -> Answer:
        cards = parse_cards(request["cards"])
        value = evaluate_five(cards)
        steps = (
            f"{_cards(arrange(cards, value))}: {value.description}.",
            f"Category: {value.category.label}.",
        )
        return _hand_fields(), {"category": value.category.label}, steps


def _seven_situation(seven: Sequence[Card], value: HandValue) -> str:
    counts = sorted(Counter(c.rank for c in seven).values(), reverse=True)
    suits = max(Counter(c.suit for c in seven).values())
    category = value.category
    if category is Category.TWO_PAIR and counts[:3] == [2, 2, 2]:
        return "three pair: the best two count"
    if category is Category.FULL_HOUSE and counts[:2] == [3, 3]:
        return "two triples make a full house"
    if category is Category.FLUSH and suits >= 6:
        return "six or seven suited: the best five count"
    if category is Category.STRAIGHT:
        ranks = {c.rank for c in seven}
        if any(set(range(low, low + 6)) <= ranks for low in range(2, 10)):
            return "six to a straight: the top five count"
    if category is Category.FLUSH and _holds_straight(seven):
        return f"{category.label} over a straight"
    return category.label


def _holds_straight(cards: Sequence[Card]) -> bool:
    ranks = {c.rank for c in cards} | ({1} if any(c.rank == ACE for c in cards) else set())
    return any(set(range(low, low + 5)) <= ranks for low in range(1, 11))


_SEVEN_TRAPS = ("three pair", "two triples", "six suited", "six to a straight")


class HandSeven(DrillKind):
    slug = "hand-seven"
    game = "any"
    title = "Hand reading: best five of seven"
    description = "Name the category of the best five-card hand among seven cards."
    mix = (
        "Every category about equally often; from level 3, sevens that tempt a misread: three "
        "pairs, two triples, six suited cards, six to a straight."
    )
    levels = (
        Level(1, "Seven cards sorted high to low"),
        Level(2, "Seven cards in the order dealt"),
        Level(3, "Traps: three pair, two triples, six suited, six to a straight"),
    )

    def deal(self, rng: random.Random, level: int, config: HouseConfig, natural: bool) -> Dealt:
        if natural:
            cards = Deck(rng=rng).deal(7)
        elif level == 3 and rng.random() < 0.5:
            cards = self._trap(rng, rng.choice(_SEVEN_TRAPS))
        else:
            cards = _seven_of(_pick(rng, _FIVE_MIX), rng)
        if level == 1:
            cards = _sorted(cards)
        value = best_five(cards)[0]
        return Dealt(
            request={"cards": _cards(cards)},
            table={"cards": _cards(cards)},
            prompt="Read the best five of seven.",
            situation=_seven_situation(cards, value),
            category=value.category.label,
        )

    def _trap(self, rng: random.Random, trap: str) -> tuple[Card, ...]:
        if trap == "three pair":
            a, b, c, d = rng.sample(RANKS, 4)
            cards = cards_of_ranks([a, a, b, b, c, c, d], rng)
        elif trap == "two triples":
            a, b, c = rng.sample(RANKS, 3)
            cards = cards_of_ranks([a, a, a, b, b, b, c], rng)
        elif trap == "six suited":
            five = hand_of(Category.FLUSH, rng)
            suit = five[0].suit
            extra = [c for c in remaining(five) if c.suit == suit]
            sixth = rng.choice(extra)
            cards = (*five, sixth, rng.choice(remaining((*five, sixth))))
        else:
            low = rng.randint(2, 9)
            cards = cards_of_ranks([*range(low, low + 6), rng.choice(RANKS)], rng)
        out = list(cards)
        rng.shuffle(out)
        return tuple(out)

    def answer_for(self, request: Mapping[str, Any], level: int, config: HouseConfig) -> Answer:
        cards = parse_cards(request["cards"])
        value, five = best_five(cards)
        steps = (
            f"The best five of {_cards(cards)}: {_cards(five)}, {value.description}.",
            f"Category: {value.category.label}.",
        )
        return _hand_fields(), {"category": value.category.label}, steps


def _seven_of(
    category: Category, rng: random.Random, *, exclude: Sequence[Card] = ()
) -> tuple[Card, ...]:
    """Seven cards whose best five is `category`: five built to order and two more that do
    not lift it (within TRIES attempts)."""
    five = hand_of(category, rng, exclude=exclude)
    deck = remaining((*exclude, *five))

    def keeps(extra: tuple[Card, ...]) -> bool:
        return best_five((*five, *extra))[0].category is category

    cards = [*five, *_sample_fitting(rng, deck, 2, keeps)]
    rng.shuffle(cards)
    return tuple(cards)


# --- Mississippi Stud ----------------------------------------------------------------------

_MS_MIX: tuple[tuple[str | Category, float], ...] = (
    ("fold", 12),
    ("high card", 7),
    ("low pair", 7),
    ("push", 14),
    ("paying pair", 12),
    (Category.TWO_PAIR, 10),
    (Category.THREE_OF_A_KIND, 9),
    (Category.STRAIGHT, 8),
    (Category.FLUSH, 7),
    (Category.FULL_HOUSE, 6),
    (Category.FOUR_OF_A_KIND, 4),
    (Category.STRAIGHT_FLUSH, 2.5),
    (Category.ROYAL_FLUSH, 1.5),
)
#: what the other positions at a table of several show, coarsely
_MS_OTHERS: tuple[tuple[str, float], ...] = (
    ("fold", 15),
    ("lose", 20),
    ("push", 20),
    ("paying pair", 20),
    ("better", 25),
)
_FOLD_STREETS = {1: "3rd Street", 2: "4th Street", 3: "5th Street"}
#: how the table shows a folded position (None: played to the end)
_FOLDED = {n: f"before {street}" for n, street in _FOLD_STREETS.items()}
_SPOT_TITLES = dict(mississippi_stud.BETS)


@dataclass(frozen=True)
class _PairBands:
    pay: tuple[int, ...]
    push: tuple[int, ...]
    lose: tuple[int, ...]

    @classmethod
    def of(cls, paytable: Paytable) -> _PairBands:
        pay = tuple(r for r in RANKS if paytable.pair_band is None or r in paytable.pair_band)
        band = paytable.push_band
        push = tuple(r for r in RANKS if r not in pay and band is not None and r in band)
        lose = tuple(r for r in RANKS if r not in pay and r not in push)
        return cls(pay, push, lose)

    def kind(self, value: HandValue) -> str:
        if value.category is Category.HIGH_CARD:
            return "lose"
        if value.category is Category.ONE_PAIR:
            r = value.ranks[0]
            return "paying pair" if r in self.pay else "push" if r in self.push else "lose"
        return "better"


def _ms_five(scenario: str | Category, rng: random.Random, bands: _PairBands) -> tuple[Card, ...]:
    if isinstance(scenario, Category):
        return hand_of(scenario, rng)
    ranks = {"low pair": bands.lose, "push": bands.push, "paying pair": bands.pay}.get(scenario)
    if not ranks:
        return hand_of(Category.HIGH_CARD, rng)
    return hand_of(Category.ONE_PAIR, rng, ranks=ranks)


def _ms_decision(cards: Sequence[Card], bands: _PairBands) -> int:
    """The natural deals' betting habit, a plain version of the usual guide (not a
    strategy): 3 × Ante on a paying hand already made; 1 × on any pair, on cards all of one
    suit, or on enough points (a jack or better 2, a six to a ten 1: at least one point a
    card seen); otherwise fold."""
    counts = Counter(c.rank for c in cards)
    pairs = [r for r, n in counts.items() if n >= 2]
    if any(n >= 3 for n in counts.values()) or len(pairs) >= 2:
        return 3
    if pairs and pairs[0] in bands.pay:
        return 3
    points = sum(2 if c.rank >= JACK else 1 if c.rank >= 6 else 0 for c in cards)
    if pairs or len({c.suit for c in cards}) == 1 or points >= len(cards):
        return 1
    return 0


@dataclass
class _MsPosition:
    seat: str
    hole: tuple[Card, ...]
    bets: list[int]

    @property
    def seen(self) -> int:
        """Community cards turned before this position's last decision."""
        return 3 if len(self.bets) == 4 else len(self.bets) - 1


class MississippiPay(DrillKind):
    slug = "ms-pay"
    game = "mississippi-stud"
    title = "Mississippi Stud: pay the position"
    description = (
        "Read each position's final five, then call win, push, lose or fold and the amount "
        "paid (profit) or collected (the stake lost); at level 3 pay every spot."
    )
    mix = (
        "About one hand in eight folds (on 3rd, 4th or 5th Street), one in seven pushes on a "
        "pair of 6-10, one in seven loses (high card or a pair of 2-5); the rest win, spread "
        "over every paying category from a pair of J-A to the royal flush."
    )
    levels = (
        Level(1, "$5 table, ante 5, one position"),
        Level(2, "$25 table, odd antes like 15 and 35, two or three positions"),
        Level(3, "$100 table, odd antes like 115, up to six positions, pay each spot"),
    )

    def deal(self, rng: random.Random, level: int, config: HouseConfig, natural: bool) -> Dealt:
        paytable = config.paytable("mississippi-stud")
        bands = _PairBands.of(paytable)
        ante = _ante(rng, level, paytable, config)
        seats = _seats(rng, _count(rng, POSITIONS, level)) if level > 1 else ["1"]
        if natural:
            positions, board, scenario = self._natural(rng, seats, ante, bands)
        else:
            positions, board, scenario = self._mixed(rng, seats, ante, bands)
        requests = [
            {
                "game": self.game,
                "seat": p.seat,
                "hole": _cards(p.hole),
                "board": _cards(board[: p.seen]),
                "bets": list(p.bets),
            }
            for p in positions
        ]
        request = requests[0] if len(requests) == 1 else {"game": self.game, "positions": requests}
        shown = max(p.seen for p in positions)
        table = {
            "ante": ante,
            "board": _cards(board[:shown]),
            "positions": [
                {
                    "seat": p.seat,
                    "hole": _cards(p.hole),
                    "bets": {
                        key: b for (key, _), b in zip(mississippi_stud.BETS, p.bets, strict=False)
                    },
                    "folded": _FOLDED.get(len(p.bets)),
                }
                for p in positions
            ],
        }
        featured = next(r for r in requests if r["seat"] == scenario[0])
        ruling = rule_game("mississippi-stud", featured, config)
        prompt = "Pay the position." if len(positions) == 1 else "Pay each position."
        if level >= 3:
            prompt = prompt[:-1] + ", spot by spot."
        return Dealt(
            request=request,
            table=table,
            prompt=prompt,
            situation=_ms_situation(ruling, featured["bets"], bands),
            category=ruling["category"],
            extra={"featured_seat": scenario[0], "mix": scenario[1]},
        )

    def _mixed(
        self, rng: random.Random, seats: list[str], ante: int, bands: _PairBands
    ) -> tuple[list[_MsPosition], tuple[Card, ...], tuple[str, str]]:
        featured = rng.choice(seats)
        scenario = _pick(rng, _MS_MIX)
        if scenario == "fold":
            hole = tuple(rng.sample(remaining(), 2))
            board = tuple(rng.sample(remaining(hole), 3))
            bets = _bets(rng, ante, rng.randint(1, 3))
        else:
            five = _ms_five(scenario, rng, bands)
            hole, board = five[:2], five[2:]
            bets = _bets(rng, ante, 4)
        used = {*hole, *board}
        positions = {featured: _MsPosition(featured, hole, bets)}
        for seat in seats:
            if seat == featured:
                continue
            kind = _pick(rng, _MS_OTHERS)
            deck = remaining(used)
            if kind == "fold":
                other = tuple(rng.sample(deck, 2))
                placed = rng.randint(1, 3)
            else:
                other = _sample_fitting(
                    rng,
                    deck,
                    2,
                    lambda h, kind=kind: bands.kind(evaluate_five((*h, *board))) == kind,
                )
                placed = 4
            used.update(other)
            positions[seat] = _MsPosition(seat, other, _bets(rng, ante, placed))
        label = scenario.label if isinstance(scenario, Category) else scenario
        return [positions[s] for s in seats], board, (featured, label)

    def _natural(
        self, rng: random.Random, seats: list[str], ante: int, bands: _PairBands
    ) -> tuple[list[_MsPosition], tuple[Card, ...], tuple[str, str]]:
        deck = Deck(rng=rng)
        holes = {s: deck.deal(2) for s in seats}
        board = deck.deal(3)
        positions = []
        for seat in seats:
            bets = [ante]
            for street in range(3):
                multiple = _ms_decision((*holes[seat], *board[:street]), bands)
                if not multiple:
                    break
                bets.append(multiple * ante)
            positions.append(_MsPosition(seat, holes[seat], bets))
        return positions, board, (seats[0], "natural")

    def answer_for(self, request: Mapping[str, Any], level: int, config: HouseConfig) -> Answer:
        positions, several = _positions(request)
        fields: list[AnswerField] = []
        expected: dict[str, Any] = {}
        steps: list[str] = []
        for position in positions:
            seat = _seat_of(position)
            ruling = rule_game("mississippi-stud", position, config)
            name, who = f"p{seat}", f"Seat {seat}: "
            outcome = ruling["outcome"]
            fields += [
                AnswerField(f"{name}.outcome", who + "outcome", "choice", OUTCOMES, OUTCOME_KEYS),
                AnswerField(f"{name}.amount", who + "amount paid or collected", "amount"),
            ]
            expected[f"{name}.outcome"] = outcome
            expected[f"{name}.amount"] = (
                ruling["profit"]
                if outcome == "win"
                else 0
                if outcome == "push"
                else ruling["stake"]
            )
            if level >= 3 and outcome != "fold":
                for spot in ruling["spots"]:
                    key = f"{name}.spot.{spot['bet']}"
                    title = _SPOT_TITLES[spot["bet"]]
                    fields.append(AnswerField(key, f"{who}pay on the {title}", "amount"))
                    expected[key] = spot["profit"]
            steps += [who + s if several else s for s in ruling["steps"]]
        return tuple(fields), expected, tuple(steps)


def _bets(rng: random.Random, ante: int, placed: int) -> list[int]:
    """Ante and `placed - 1` street bets of 1, 2 or 3 times the Ante."""
    return [ante] + [ante * rng.choice((1, 2, 3)) for _ in range(placed - 1)]


def _ms_situation(ruling: Mapping[str, Any], bets: Sequence[int], bands: _PairBands) -> str:
    outcome, category = ruling["outcome"], ruling["category"]
    if outcome == "fold":
        return f"fold on {_FOLD_STREETS[len(bets)]}"
    one_pair = category == Category.ONE_PAIR.label
    if outcome == "push":
        return f"pair of {_band(bands.push)} pushes" if one_pair and bands.push else "push"
    if outcome == "lose":
        if one_pair and bands.lose:
            return f"pair of {_band(bands.lose)} loses"
        return f"{category} loses"
    if one_pair:
        return f"pair of {_band(bands.pay)} wins"
    return f"{category} wins"


# --- Caribbean Stud and Casino Stud Poker --------------------------------------------------

_PROFILES = {"caribbean-stud": banked_stud.CARIBBEAN, "casino-stud": banked_stud.CASINO}

_SETTLE_MIX: tuple[tuple[str, float], ...] = (
    ("fold", 8),
    ("no-qualify", 25),
    ("win", 37),
    ("lose", 18),
    ("tie", 12),
)
_PLAYER_WINS: tuple[tuple[Category, float], ...] = (
    (Category.HIGH_CARD, 8),
    (Category.ONE_PAIR, 12),
    (Category.TWO_PAIR, 9),
    (Category.THREE_OF_A_KIND, 7),
    (Category.STRAIGHT, 6),
    (Category.FLUSH, 6),
    (Category.FULL_HOUSE, 5),
    (Category.FOUR_OF_A_KIND, 3),
    (Category.STRAIGHT_FLUSH, 2),
    (Category.ROYAL_FLUSH, 1),
)
_DEALER_QUALIFIES: tuple[tuple[Category, float], ...] = (
    (Category.HIGH_CARD, 25),
    (Category.ONE_PAIR, 35),
    (Category.TWO_PAIR, 18),
    (Category.THREE_OF_A_KIND, 9),
    (Category.STRAIGHT, 5),
    (Category.FLUSH, 4),
    (Category.FULL_HOUSE, 3),
    (Category.FOUR_OF_A_KIND, 1),
)
_PLAYER_LOSES: tuple[tuple[Category, float], ...] = (
    (Category.HIGH_CARD, 30),
    (Category.ONE_PAIR, 35),
    (Category.TWO_PAIR, 15),
    (Category.THREE_OF_A_KIND, 8),
    (Category.STRAIGHT, 5),
    (Category.FLUSH, 4),
    (Category.FULL_HOUSE, 3),
)
_TIES: tuple[tuple[Category, float], ...] = (
    (Category.HIGH_CARD, 30),
    (Category.ONE_PAIR, 35),
    (Category.TWO_PAIR, 15),
    (Category.STRAIGHT, 10),
    (Category.FLUSH, 10),
)
#: tops of the dealer's hand that fall short of A-K: A-Q, A-J or lower with an ace, K-x, Q-x
_SHORT_TOPS: tuple[tuple[tuple[int, ...], float], ...] = (
    ((ACE, QUEEN), 35),
    ((ACE, JACK), 8),
    ((ACE, 10), 4),
    ((ACE, 9), 3),
    ((KING, QUEEN), 15),
    ((KING, JACK), 6),
    ((KING,), 4),
    ((QUEEN,), 10),
    ((JACK,), 8),
    ((10,), 7),
)
_QUALIFY_MIX: tuple[tuple[str, float], ...] = (
    ("A-K high", 18),
    ("small pair", 12),
    ("pair", 8),
    ("two pair or better", 12),
    ("short", 50),
)


def _category_up_to(
    weighted: Sequence[tuple[Category, float]], ceiling: Category
) -> tuple[tuple[Category, float], ...]:
    return tuple((c, w) for c, w in weighted if c <= ceiling) or ((Category.HIGH_CARD, 1),)


def _qualifying(category: Category, rng: random.Random, exclude: Sequence[Card] = ()):
    """A dealer hand of `category` that qualifies (a high card hand is A-K high)."""
    if category is Category.HIGH_CARD:
        return high_card(rng, top=(ACE, KING), exclude=exclude)
    return hand_of(category, rng, exclude=exclude)


def _banked_hands(
    scenario: str, rng: random.Random
) -> tuple[tuple[Card, ...], tuple[Card, ...], str]:
    """(player, dealer, action word) for one round of the settle mix.  A few attempts can miss
    (an exact tie where a win was wanted, or the player's cards leave no A-K for the dealer);
    after TRIES of them a pair against A-K high stands in."""
    for _ in range(TRIES):
        try:
            found = _banked_attempt(scenario, rng)
        except EngineError:
            found = None
        if found is not None:
            return found
    player = hand_of(Category.ONE_PAIR, rng)
    return player, high_card(rng, top=(ACE, KING), exclude=player), "call"


def _banked_attempt(
    scenario: str, rng: random.Random
) -> tuple[tuple[Card, ...], tuple[Card, ...], str] | None:
    if scenario == "fold":
        player = high_card(rng, top=(rng.randint(7, KING),))
        return player, tuple(rng.sample(remaining(player), 5)), "fold"
    if scenario == "no-qualify":
        player = hand_of(_pick(rng, _PLAYER_WINS), rng)
        dealer = high_card(rng, top=_pick(rng, _SHORT_TOPS), exclude=player)
        return player, dealer, "call"
    if scenario == "tie":
        player = _qualifying(_pick(rng, _TIES), rng)
        dealer = tie_for(player, rng)
        return None if dealer is None else (player, dealer, "call")
    if scenario == "win":
        mine = _pick(rng, _PLAYER_WINS)
        theirs = _pick(rng, _category_up_to(_DEALER_QUALIFIES, mine))
        player = _qualifying(mine, rng)
    else:
        theirs = _pick(rng, _DEALER_QUALIFIES)
        player = hand_of(_pick(rng, _category_up_to(_PLAYER_LOSES, theirs)), rng)
    dealer = _qualifying(theirs, rng, exclude=player)
    a, b = evaluate_five(player), evaluate_five(dealer)
    if a == b:
        return None
    if (a > b) != (scenario == "win"):
        player, dealer = dealer, player
    if not banked_stud.dealer_qualifies(evaluate_five(dealer)):
        return None
    return player, dealer, "call"


def _banked_situation(ruling: Mapping[str, Any], dealer: Sequence[Card], second: str) -> str:
    outcome = ruling["outcome"]
    if outcome == "fold":
        return "player folds"
    if outcome == "no-qualify":
        return "dealer does not qualify"
    value = evaluate_five(dealer)
    if outcome == "push":
        return "stand off" if second == "Raise" else "exact tie"
    if value.category is Category.HIGH_CARD:
        return "dealer A-K high"
    if outcome == "lose":
        return "dealer wins"
    return f"{second.lower()} pays {ruling['player_category']}"


def _dealer_situation(dealer: Sequence[Card]) -> str:
    value = evaluate_five(dealer)
    if value.category is Category.HIGH_CARD:
        if value.ranks[:2] == (ACE, KING):
            return "dealer A-K high"
        if value.ranks[0] == ACE:
            return "dealer ace high without a king"
        if value.ranks[0] == KING:
            return "dealer king high"
        return "dealer below king high"
    if value.category is Category.ONE_PAIR:
        return "dealer small pair" if value.ranks[0] <= 6 else "dealer pair"
    return "dealer two pair or better"


class _Banked(DrillKind):
    """What the qualify and settle drills of both banked games share."""

    profile: banked_stud.Profile

    @property
    def second(self) -> str:
        return self.profile.second_bet

    def action_word(self, action: str) -> str:
        if action == "fold":
            return "fold"
        return "raise" if self.profile is banked_stud.CASINO else "call"

    def request_for(
        self, player: Sequence[Card], dealer: Sequence[Card], ante: int, action: str
    ) -> dict[str, Any]:
        return {
            "game": self.game,
            "player": _cards(player),
            "dealer": _cards(dealer),
            "ante": ante,
            "action": self.action_word(action),
        }

    def up_card(self, dealer: Sequence[Card]) -> str:
        return str(self.profile.up_card(dealer))

    def call_amount(self, ante: int, config: HouseConfig) -> int:
        return ante * self.profile.multiple(config.rules)


class BankedQualify(_Banked):
    mix = (
        "Half the dealer hands qualify, half do not.  Qualifying: A-K high exactly (often), "
        "small pairs, pairs, two pair or better.  Short: A-Q high (often), A-J or lower with an "
        "ace, K-Q, queen high and lower."
    )
    levels = (
        Level(1, "The dealer's cards sorted high to low"),
        Level(2, "The dealer's cards as dealt"),
        Level(3, "As dealt, with near misses: four to a flush or a straight"),
    )

    def deal(self, rng: random.Random, level: int, config: HouseConfig, natural: bool) -> Dealt:
        paytable = self.profile.paytable(config)
        ante = _ante(rng, level, paytable, config)
        if natural:
            deck = Deck(rng=rng)
            player, dealer = deck.deal(5), deck.deal(5)
            scenario = "natural"
        else:
            scenario = _pick(rng, _QUALIFY_MIX)
            dealer = self._dealer(scenario, rng, level)
            player = tuple(rng.sample(remaining(dealer), 5))
        if level == 1:
            dealer = _sorted(dealer)
        request = self.request_for(player, dealer, ante, "call")
        table = {
            "dealer": _cards(dealer),
            "up_card": self.up_card(dealer),
            "player": _cards(player),
            "ante": ante,
            "call": self.call_amount(ante, config),
            "call_name": self.second,
        }
        situation = _dealer_situation(dealer)
        miss = _near_miss(dealer) if evaluate_five(dealer).category is Category.HIGH_CARD else None
        if miss:
            situation += f", {miss}"
        return Dealt(
            request=request,
            table=table,
            prompt="Does the dealer qualify?",
            situation=situation,
            category=evaluate_five(dealer).category.label,
            extra={"mix": scenario},
        )

    def _dealer(self, scenario: str, rng: random.Random, level: int) -> tuple[Card, ...]:
        def build() -> tuple[Card, ...]:
            if scenario == "A-K high":
                return high_card(rng, top=(ACE, KING))
            if scenario == "small pair":
                return hand_of(Category.ONE_PAIR, rng, ranks=range(2, 7))
            if scenario == "pair":
                return hand_of(Category.ONE_PAIR, rng, ranks=range(7, ACE + 1))
            if scenario == "two pair or better":
                return hand_of(_pick(rng, _DEALER_QUALIFIES[2:]), rng)
            return high_card(rng, top=_pick(rng, _SHORT_TOPS))

        dealer = build()
        if level == 3 and scenario in ("A-K high", "short"):
            for _ in range(TRIES):
                if _near_miss(dealer):
                    break
                dealer = build()
        return dealer

    def answer_for(self, request: Mapping[str, Any], level: int, config: HouseConfig) -> Answer:
        ruling = rule_game(self.game, request, config)
        if ruling["dealer_qualifies"] is None:
            raise EngineError("A qualify question needs a hand the player called.")
        answer = "yes" if ruling["dealer_qualifies"] else "no"
        steps = tuple(
            s for s in ruling["steps"] if s.startswith("The dealer reveals") or "qualif" in s
        )
        field_ = AnswerField("qualifies", "Does the dealer qualify?", "choice", YES_NO, YES_NO_KEYS)
        return (field_,), {"qualifies": answer}, steps


class BankedSettle(_Banked):
    mix = (
        "About a quarter of the rounds the dealer does not qualify, a third the player wins "
        "(every paying category up to the royal flush), a fifth the dealer wins, one in eight "
        "is an exact tie, one in twelve the player folds.  A-K high dealers come up often."
    )
    levels = STAKE_LEVELS

    def deal(self, rng: random.Random, level: int, config: HouseConfig, natural: bool) -> Dealt:
        paytable = self.profile.paytable(config)
        ante = _ante(rng, level, paytable, config)
        seats = _seats(rng, _count(rng, POSITIONS, level)) if level > 1 else ["1"]
        if natural:
            deck = Deck(rng=rng)
            hands = {s: deck.deal(5) for s in seats}
            dealer = deck.deal(5)
            actions = {
                s: banked_stud.basic_action(evaluate_five(h)).value for s, h in hands.items()
            }
            featured, scenario = seats[0], "natural"
        else:
            featured = rng.choice(seats)
            scenario = _pick(rng, _SETTLE_MIX)
            player, dealer, action = _banked_hands(scenario, rng)
            hands, actions = {featured: player}, {featured: action}
            self._others(rng, seats, featured, dealer, hands, actions)
        if level == 1:
            hands = {s: _sorted(h) for s, h in hands.items()}
        requests = [
            {"seat": s, **self.request_for(hands[s], dealer, ante, actions[s])} for s in seats
        ]
        request = requests[0] if len(seats) == 1 else {"game": self.game, "positions": requests}
        call = self.call_amount(ante, config)
        layout = [
            {
                "seat": s,
                "player": _cards(hands[s]),
                "ante": ante,
                "action": self.action_word(actions[s]),
                "call": None if actions[s] == "fold" else call,
                "bets": {"ante": ante, **({} if actions[s] == "fold" else {"call": call})},
            }
            for s in seats
        ]
        table: dict[str, Any] = {
            "dealer": _cards(dealer),
            "up_card": self.up_card(dealer),
            "call_name": self.second,
            "positions": layout,
        }
        if len(seats) == 1:
            table.update({k: v for k, v in layout[0].items() if k != "seat"})
        featured_request = next(r for r in requests if r["seat"] == featured)
        ruling = rule_game(self.game, featured_request, config)
        prompt = "Settle the player." if len(seats) == 1 else "Settle each player."
        return Dealt(
            request=request,
            table=table,
            prompt=prompt,
            situation=_banked_situation(ruling, dealer, self.second),
            category=ruling["player_category"],
            extra={"featured_seat": featured, "mix": scenario},
        )

    def _others(
        self,
        rng: random.Random,
        seats: Sequence[str],
        featured: str,
        dealer: tuple[Card, ...],
        hands: dict[str, tuple[Card, ...]],
        actions: dict[str, str],
    ) -> None:
        theirs = evaluate_five(dealer)
        qualifies = banked_stud.dealer_qualifies(theirs)
        kinds = (
            (("win", 40), ("lose", 30), ("fold", 15), ("tie", 15))
            if qualifies
            else (("call", 80), ("fold", 20))
        )
        for seat in seats:
            if seat == featured:
                continue
            used = [*dealer, *(c for h in hands.values() for c in h)]
            kind = _pick(rng, kinds)
            hand = tie_for(dealer, rng, exclude=used) if kind == "tie" else None
            if hand is None:
                want = {"win": 1, "lose": -1}.get(kind)

                def fits(h: tuple[Card, ...], want=want) -> bool:
                    if want is None:
                        return True
                    diff = evaluate_five(h).strength - theirs.strength
                    return diff * want > 0

                hand = _sample_fitting(rng, remaining(used), 5, fits)
            hands[seat] = hand
            actions[seat] = "fold" if kind == "fold" else "call"

    def answer_for(self, request: Mapping[str, Any], level: int, config: HouseConfig) -> Answer:
        positions, several = _positions(request)
        fields: list[AnswerField] = []
        expected: dict[str, Any] = {}
        steps: list[str] = []
        for position in positions:
            seat = _seat_of(position)
            ruling = rule_game(self.game, position, config)
            name = f"p{seat}." if several else ""
            who = f"Seat {seat}: " if several else ""
            for bet, title in (("ante", "Ante"), ("call", self.second)):
                if bet not in ruling["bets"]:
                    continue
                b = ruling["bets"][bet]
                fields += [
                    AnswerField(
                        f"{name}{bet}.result",
                        f"{who}{title} result",
                        "choice",
                        RESULTS,
                        RESULT_KEYS,
                    ),
                    AnswerField(f"{name}{bet}.amount", f"{who}{title} amount", "amount"),
                ]
                expected[f"{name}{bet}.result"] = b["result"]
                expected[f"{name}{bet}.amount"] = (
                    b["profit"]
                    if b["result"] == "win"
                    else 0
                    if b["result"] == "push"
                    else b["stake"]
                )
            fields.append(AnswerField(f"{name}net", f"{who}net", "signed"))
            expected[f"{name}net"] = ruling["net"]
            steps += [who + s for s in ruling["steps"]]
        return tuple(fields), expected, tuple(steps)


class CaribbeanQualify(BankedQualify):
    slug = "cs-qualify"
    game = "caribbean-stud"
    profile = banked_stud.CARIBBEAN
    title = "Caribbean Stud: does the dealer qualify?"
    description = "Read the dealer's five cards: A-K high or better qualifies."


class CasinoQualify(BankedQualify):
    slug = "csp-qualify"
    game = "casino-stud"
    profile = banked_stud.CASINO
    title = "Casino Stud Poker: does the dealer qualify?"
    description = "Read the dealer's five cards (the last one was face up): A-K or better."


class CaribbeanSettle(BankedSettle):
    slug = "cs-settle"
    game = "caribbean-stud"
    profile = banked_stud.CARIBBEAN
    title = "Caribbean Stud: settle the player"
    description = (
        "Settle the Ante and the Call: win, push or lose and the amount of each, and the net."
    )


class CasinoSettle(BankedSettle):
    slug = "csp-settle"
    game = "casino-stud"
    profile = banked_stud.CASINO
    title = "Casino Stud Poker: settle the player"
    description = (
        "Settle the Ante and the Raise: win, push (stand off) or lose and the amount of each, "
        "and the net."
    )


# --- the Caribbean Stud match ledger -------------------------------------------------------

_VOIDS = {1: (1, 1), 2: (1, 2), 3: (2, 3)}
_VOID_REASONS = (
    "a card was exposed in the deal",
    "the dealer's hand held only four cards",
    "a player was dealt six cards",
    "the deck held a card twice",
)
_LEDGER_TARGETS = (("player win", 35), ("bank win", 35), ("draw", 30))
#: settle-mix weights leaning the match toward a verdict
_LEANS = {
    "player win": (("fold", 5), ("no-qualify", 30), ("win", 45), ("lose", 12), ("tie", 8)),
    "bank win": (("fold", 30), ("no-qualify", 10), ("win", 12), ("lose", 42), ("tie", 6)),
}
#: rounds that cancel each other on the source paytables: +A and -A, a 1:1 win and a loss
_CANCELLING = (("no-qualify", "fold"), ("win-even", "lose-even"), ("tie", "tie"))


class CaribbeanLedger(DrillKind):
    slug = "cs-ledger"
    game = "caribbean-stud"
    title = "Caribbean Stud: the match ledger"
    description = (
        "Total a 20-round match from each round's net, leaving out the void deals, and call "
        "the verdict: player win, bank win or draw."
    )
    mix = (
        "Every match has void deals to leave out; a third of the matches end in a draw, the "
        "rest lean to the player or to the bank.  Natural odds: plain deals, the player "
        "calling with A-K or better, about one deal in twenty void."
    )
    levels = (
        Level(1, "$5 table, ante 5, one void deal"),
        Level(2, "$25 table, odd antes like 15 and 35, one or two void deals"),
        Level(3, "$100 table, odd antes like 115, two or three void deals"),
    )

    def deal(self, rng: random.Random, level: int, config: HouseConfig, natural: bool) -> Dealt:
        profile = banked_stud.CARIBBEAN
        ante = _ante(rng, level, config.paytable("caribbean-stud"), config)
        if natural:
            rounds = self._natural(rng, ante)
            target = "natural"
        else:
            target = _pick(rng, _LEDGER_TARGETS)
            counted = self._mixed(rng, ante, target)
            voids = _count(rng, _VOIDS, level)
            rounds = list(counted)
            for _ in range(voids):
                # a void deal comes before the last counted round: the match ends on a count
                spot = rng.randint(0, len(rounds) - 1)
                rounds.insert(spot, {"void": True, "reason": rng.choice(_VOID_REASONS)})
        table_rounds = []
        for number, r in enumerate(rounds, start=1):
            if r.get("void"):
                table_rounds.append({"deal": number, "void": True, "reason": r["reason"]})
                continue
            ruling = rule_game("caribbean-stud", r, config)
            table_rounds.append(
                {
                    "deal": number,
                    "void": False,
                    "player": r["player"],
                    "dealer": r["dealer"],
                    "action": r["action"],
                    "outcome": ruling["outcome"],
                    "net": ruling["net"],
                }
            )
        voids = sum(1 for r in rounds if r.get("void"))
        ledger = banked_stud.settle_match(
            banked_stud.MatchRound(None if r["void"] else r["net"]) for r in table_rounds
        )
        return Dealt(
            request={"game": self.game, "rounds": rounds},
            table={
                "ante": ante,
                "call": ante * profile.multiple(config.rules),
                "rounds": table_rounds,
            },
            prompt="Total the match and call the verdict.",
            situation=f"{ledger.verdict.value}, {voids} void deal{'s' if voids != 1 else ''}",
            extra={"mix": target},
        )

    def _round(self, rng: random.Random, ante: int, scenario: str) -> dict[str, Any]:
        if scenario in ("win-even", "lose-even"):
            # a pair for the player against A-K high, or the other way round: 1:1 on the source
            # table, so the two nets cancel
            pair = hand_of(Category.ONE_PAIR, rng)
            ak = high_card(rng, top=(ACE, KING), exclude=pair)
            player, dealer = (pair, ak) if scenario == "win-even" else (ak, pair)
            action = "call"
        else:
            player, dealer, action = _banked_hands(scenario, rng)
        return {
            "player": _cards(player),
            "dealer": _cards(dealer),
            "ante": ante,
            "action": action,
        }

    def _mixed(self, rng: random.Random, ante: int, target: str) -> list[dict[str, Any]]:
        if target == "draw":
            scenarios = [
                s for _ in range(banked_stud.MATCH_ROUNDS // 2) for s in rng.choice(_CANCELLING)
            ]
            rng.shuffle(scenarios)
        else:
            scenarios = [_pick(rng, _LEANS[target]) for _ in range(banked_stud.MATCH_ROUNDS)]
        return [{"game": self.game, **self._round(rng, ante, s)} for s in scenarios]

    def _natural(self, rng: random.Random, ante: int) -> list[dict[str, Any]]:
        rounds: list[dict[str, Any]] = []
        counted = 0
        while counted < banked_stud.MATCH_ROUNDS:
            deck = Deck(rng=rng)
            player, dealer = deck.deal(5), deck.deal(5)
            if rng.random() < 0.05:
                rounds.append({"void": True, "reason": rng.choice(_VOID_REASONS)})
                continue
            action = banked_stud.basic_action(evaluate_five(player)).value
            rounds.append(
                {
                    "game": self.game,
                    "player": _cards(player),
                    "dealer": _cards(dealer),
                    "ante": ante,
                    "action": action,
                }
            )
            counted += 1
        return rounds

    def answer_for(self, request: Mapping[str, Any], level: int, config: HouseConfig) -> Answer:
        rounds = request.get("rounds")
        if not isinstance(rounds, list):
            raise EngineError("A ledger request lists its rounds under 'rounds'.")
        played = []
        for r in rounds:
            if isinstance(r, Mapping) and r.get("void"):
                played.append(banked_stud.MatchRound(None))
            else:
                net = rule_game("caribbean-stud", r, config)["net"]
                played.append(banked_stud.MatchRound(net))
        ledger = banked_stud.settle_match(played)
        fields = (
            AnswerField("total", "Match total", "signed"),
            AnswerField("verdict", "Verdict", "choice", VERDICTS, VERDICT_KEYS),
        )
        expected = {"total": ledger.total, "verdict": ledger.verdict.value}
        return fields, expected, ledger.steps


# --- Mississippi Gonorrhea -----------------------------------------------------------------

_SPLIT_MIX: tuple[tuple[str, float], ...] = (
    ("hog", 18),
    ("shared hog", 5),
    ("split", 32),
    ("tied high", 15),
    ("tied low", 15),
    ("all paired", 8),
    ("alone", 3),
)
SEVEN = 7


def _not_sevens(hand: Sequence[Card]) -> bool:
    return not (hand[0].rank == hand[1].rank == SEVEN)


class GonorrheaSplit(DrillKind):
    slug = "mg-split"
    game = "mississippi-gonorrhea"
    title = "Mississippi Gonorrhea: split the pot"
    description = (
        "Find the hog, or the best high and the best low, and give each seat its chips, odd "
        "chips included."
    )
    mix = (
        "About a quarter of the pots are hogged by sevens (two pairs of sevens now and then), "
        "three in ten are tied for high or for low, some have every hand paired, and about half "
        "the pots are odd, so an odd chip must go somewhere."
    )
    levels = PLAYER_LEVELS

    def deal(self, rng: random.Random, level: int, config: HouseConfig, natural: bool) -> Dealt:
        pot = _pot(rng, level, config)
        players = _count(rng, PLAYERS, level)
        if natural:
            played = mississippi_gonorrhea.deal_hand(
                rng.getrandbits(32), players, rules=config.rules, pot=pot
            )
            hands = dict(played.holdings)
            scenario = "natural"
        else:
            seats = _seats(rng, players)
            scenario = _pick(rng, _SPLIT_MIX)
            hands = self._hands(rng, scenario, seats)
        request = {
            "game": self.game,
            "pot": pot,
            "hands": {s: _cards(h) for s, h in hands.items()},
        }
        ruling = rule_game("mississippi-gonorrhea", request, config)
        return Dealt(
            request=request,
            table={"pot": pot, "seats": dict(request["hands"])},
            prompt=f"Split the pot of {pot}.",
            situation=_split_situation(ruling, request, config),
            extra={"mix": scenario},
        )

    def _hands(
        self, rng: random.Random, scenario: str, seats: list[str]
    ) -> dict[str, tuple[Card, ...]]:
        if scenario == "alone":
            seat = rng.choice(seats)
            return {seat: tuple(rng.sample(remaining(), 2))}
        order = list(seats)
        rng.shuffle(order)
        hands: dict[str, tuple[Card, ...]] = {}
        used: list[Card] = []

        def give(seat: str, cards: Sequence[Card]) -> None:
            hands[seat] = tuple(cards)
            used.extend(cards)

        beat: tuple[Callable[[Sequence[Card]], Any], Any] | None = None
        if scenario in ("hog", "shared hog"):
            sevens = [c for c in remaining() if c.rank == SEVEN]
            rng.shuffle(sevens)
            give(order.pop(), sevens[:2])
            if scenario == "shared hog":
                give(order.pop(), sevens[2:])
            elif order and rng.random() < 0.4:
                give(order.pop(), cards_of_ranks([ACE, ACE], rng, exclude=used))
        elif scenario in ("tied high", "tied low"):
            if scenario == "tied high":
                rank = rng.choice([r for r in RANKS if r != SEVEN and r >= 9])
                pattern = [rank, rank] if rng.random() < 0.4 else [rank, rng.randint(2, rank - 1)]
            else:
                high = rng.randint(3, 8)
                pattern = [high, rng.randint(2, high - 1)]
            first = cards_of_ranks(pattern, rng, exclude=used)
            give(order.pop(), first)
            give(order.pop(), cards_of_ranks(pattern, rng, exclude=used))
            judge = two_card_high if scenario == "tied high" else two_card_low
            beat = (judge, judge(first))
        elif scenario == "all paired":
            ranks = rng.sample([r for r in RANKS if r != SEVEN], len(order))
            for seat, rank in zip(order, ranks, strict=True):
                give(seat, cards_of_ranks([rank, rank], rng, exclude=used))
            order = []

        def fits(h: tuple[Card, ...]) -> bool:
            # nobody else hogs, nor beats the tied hands
            return _not_sevens(h) and (beat is None or beat[0](h) < beat[1])

        for seat in order:
            give(seat, _sample_fitting(rng, remaining(used), 2, fits))
        return {s: hands[s] for s in seats if s in hands}

    def answer_for(self, request: Mapping[str, Any], level: int, config: HouseConfig) -> Answer:
        ruling = rule_game("mississippi-gonorrhea", request, config)
        shares = ruling["shares"]
        fields = tuple(AnswerField(f"share.{s}", f"Seat {s}", "amount") for s in shares)
        expected = {f"share.{s}": n for s, n in shares.items()}
        return fields, expected, tuple(ruling["steps"])


def _split_situation(
    ruling: Mapping[str, Any], request: Mapping[str, Any], config: HouseConfig
) -> str:
    hands = request["hands"]
    if len(hands) == 1:
        return "alone: takes the pot without a showdown"
    if len(ruling["hog"]) > 1:
        return "sevens share the hog"
    if ruling["hog"]:
        return "hog"
    if len(ruling["high"]) > 1:
        return "tied high"
    if len(ruling["low"]) > 1:
        return "tied low"
    lows = parse_cards(hands[ruling["low"][0]])
    if lows[0].rank == lows[1].rank:
        return "a pair takes low"
    if (request["pot"] // config.rules.chip_unit) % 2:
        return "odd chip"
    return "even split"


# --- English Stud --------------------------------------------------------------------------

_BRING_IN_MIX = (("lowest card", 35), ("bring-in tie on rank", 45), ("ace is high", 20))
_FIRST_MIX_3 = (("highest card", 50), ("tied high card on 3rd Street", 50))
_FIRST_MIX = (
    ("pair beats high card", 20),
    ("kicker decides", 20),
    ("tied exposed hands", 20),
    ("no straights or flushes in up cards", 15),
    ("trips beat two pair", 10),
    ("plain", 15),
)
_STREETS = {1: (3, 4), 2: (3, 6), 3: (4, 7)}
_SHOWDOWN_MIX = (("tie", 35), ("best five", 40), ("kicker decides", 15), ("plain", 10))
_SHOWDOWN_WINNERS: tuple[tuple[Category, float], ...] = (
    (Category.ONE_PAIR, 10),
    (Category.TWO_PAIR, 14),
    (Category.THREE_OF_A_KIND, 12),
    (Category.STRAIGHT, 14),
    (Category.FLUSH, 14),
    (Category.FULL_HOUSE, 14),
    (Category.FOUR_OF_A_KIND, 8),
    (Category.STRAIGHT_FLUSH, 5),
    (Category.ROYAL_FLUSH, 2),
)


def _street_name(street: int) -> str:
    return f"{street}{'rd' if street == 3 else 'th'} Street"


def _assign(rng: random.Random, seats: list[str], hands: list[tuple[Card, ...]]) -> dict:
    """Hands (the leading ones first) to seats at random, listed in seat order."""
    order = list(seats)
    rng.shuffle(order)
    given = dict(zip(order, hands, strict=True))
    return {s: given[s] for s in seats}


class EnglishBringIn(DrillKind):
    slug = "es-bring-in"
    game = "english-stud"
    title = "English Stud: the bring-in"
    description = (
        "On 3rd Street the lowest up card brings it in: aces are high, and a tie on rank goes "
        "by suit, clubs lowest, then diamonds, hearts, spades."
    )
    mix = (
        "Nearly half the deals tie on the lowest rank, so the suits decide; one in five shows "
        "an ace beside the low card; the rest have one plainly lowest card."
    )
    levels = PLAYER_LEVELS

    def deal(self, rng: random.Random, level: int, config: HouseConfig, natural: bool) -> Dealt:
        players = _count(rng, PLAYERS, level)
        if natural:
            hand = english_stud.Hand(players, deck=Deck(rng=rng), rules=config.rules)
            up = dict(hand.third_street_up)
        else:
            up = self._mixed(rng, _seats(rng, players))
        request = {
            "game": self.game,
            "ask": "bring-in",
            "up": {s: str(c) for s, c in up.items()},
        }
        ranks = Counter(c.rank for c in up.values())
        low = min(ranks)
        if ranks[low] > 1:
            situation = "bring-in tie on rank"
        elif ACE in ranks:
            situation = "ace is high"
        else:
            situation = "lowest card"
        return Dealt(
            request=request,
            table={"street": 3, "up": dict(request["up"])},
            prompt="Who brings it in?",
            situation=situation,
        )

    def _mixed(self, rng: random.Random, seats: list[str]) -> dict[str, Card]:
        scenario = _pick(rng, _BRING_IN_MIX)
        low = _pick(rng, ((2, 30), (3, 22), (4, 16), (5, 12), (6, 10), (7, 6), (8, 4)))
        tied = rng.randint(2, min(3, len(seats))) if scenario == "bring-in tie on rank" else 1
        cards = list(cards_of_ranks([low] * tied, rng))
        if scenario == "ace is high" and len(seats) > tied:
            cards += cards_of_ranks([ACE], rng, exclude=cards)
        higher = [c for c in remaining(cards) if c.rank > low]
        cards += rng.sample(higher, len(seats) - len(cards))
        return {s: h[0] for s, h in _assign(rng, seats, [(c,) for c in cards]).items()}

    def answer_for(self, request: Mapping[str, Any], level: int, config: HouseConfig) -> Answer:
        ruling = rule_game("english-stud", request, config)
        seats = list(request["up"])
        return (
            (_seat_field("seat", "Bring-in", seats),),
            {"seat": ruling["seat"]},
            tuple(ruling["steps"]),
        )


def _exposed(cards: Sequence[Card]) -> ExposedValue:
    return evaluate_exposed(cards)


class EnglishFirstToAct(DrillKind):
    slug = "es-first-to-act"
    game = "english-stud"
    title = "English Stud: first to act"
    description = (
        "Who starts the betting: on 3rd Street the highest up card (suits do not count); on "
        "4th to 7th the highest exposed hand, no straights or flushes; ties go to the first "
        "seat clockwise from the dealer."
    )
    mix = (
        "Half the 3rd Streets tie on the highest rank; later streets bring up pairs against "
        "high cards, kickers, tied hands, up cards that look like a straight or a flush but "
        "count only as high cards, and trips against two pair."
    )
    levels = (
        Level(1, "$5 table, three players, 3rd and 4th Street"),
        Level(2, "$25 table, four or five players, 3rd to 6th Street"),
        Level(3, "$100 table, six players, 4th to 7th Street"),
    )

    def deal(self, rng: random.Random, level: int, config: HouseConfig, natural: bool) -> Dealt:
        players = _count(rng, PLAYERS, level)
        street = rng.randint(*_STREETS[level])
        up = self._natural(rng, players, street, config) if natural else None
        scenario = "natural"
        if up is None:
            seats = _seats(rng, players)
            scenario = _pick(rng, _FIRST_MIX_3 if street == 3 else _FIRST_MIX)
            up = self._mixed(rng, seats, street, scenario)
        request = {
            "game": self.game,
            "ask": "first-to-act",
            "street": street,
            "up": {s: _cards(c) for s, c in up.items()},
        }
        return Dealt(
            request=request,
            table={"street": street, "up": dict(request["up"])},
            prompt=f"Who acts first on {_street_name(street)}?",
            situation=_first_situation(street, up),
            category=None if street == 3 else max(map(_exposed, up.values())).category.label,
            extra={"mix": scenario},
        )

    def _natural(
        self, rng: random.Random, players: int, street: int, config: HouseConfig
    ) -> dict[str, tuple[Card, ...]] | None:
        """The up cards of a plain deal played to `street`; None when the stock runs out in
        a house that does not reshuffle (the mix deals instead)."""
        hand = english_stud.Hand(players, deck=Deck(rng=rng), rules=config.rules)
        try:
            while hand.street < street:
                while (seat := hand.to_act) is not None:
                    hand.exchange(
                        seat, english_stud.simple_policy(hand.hole(seat), hand.exposed(seat))
                    )
                hand.deal_street()
        except EngineError:
            return None
        return {s: hand.exposed(s) for s in hand.active}

    def _mixed(
        self, rng: random.Random, seats: list[str], street: int, scenario: str
    ) -> dict[str, tuple[Card, ...]]:
        n = english_stud.UP_CARDS[street]
        if n < 3 and scenario in ("no straights or flushes in up cards", "trips beat two pair"):
            scenario = "pair beats high card"
        if n == 1:
            top = rng.randint(8, ACE)
            count = 2 if scenario.startswith("tied") else 1
            lead = [(c,) for c in cards_of_ranks([top] * count, rng)]
            used = [c for h in lead for c in h]
            lower = [c for c in remaining(used) if c.rank < top]
            rest = [(c,) for c in rng.sample(lower, len(seats) - count)]
            return _assign(rng, seats, [*lead, *rest])
        lead = self._leaders(rng, n, scenario)
        used = [c for h in lead for c in h]
        mark = min(_exposed(h) for h in lead)
        hands = list(lead)
        for _ in range(len(seats) - len(lead)):
            other = _sample_fitting(
                rng, remaining(used), n, lambda h: scenario == "plain" or _exposed(h) < mark
            )
            hands.append(other)
            used.extend(other)
        return _assign(rng, seats, hands)

    def _leaders(self, rng: random.Random, n: int, scenario: str) -> list[tuple[Card, ...]]:
        """The hands that decide: the one that acts first, and its closest rival."""
        if scenario == "pair beats high card":
            pair = rng.randint(2, 8)
            kick = rng.sample([r for r in RANKS if r != pair and r < 11], n - 2)
            leader = cards_of_ranks([pair, pair, *kick], rng)
            rival = cards_of_ranks(rng.sample(range(9, ACE + 1), n), rng, exclude=leader)
            return [leader, rival]
        if scenario == "kicker decides":
            if n == 2:
                top = rng.randint(10, ACE)
                hi, lo = sorted(rng.sample(range(2, top), 2), reverse=True)
                shape_a, shape_b = [top, hi], [top, lo]
            else:
                pair = rng.choice(RANKS)
                others = [r for r in RANKS if r != pair]
                shared = rng.sample(others, n - 3)
                hi, lo = sorted(rng.sample([r for r in others if r not in shared], 2), reverse=True)
                shape_a, shape_b = [pair, pair, *shared, hi], [pair, pair, *shared, lo]
            leader = cards_of_ranks(shape_a, rng)
            return [leader, cards_of_ranks(shape_b, rng, exclude=leader)]
        if scenario == "tied exposed hands":
            if n >= 3 and rng.random() < 0.5:
                pair = rng.choice(RANKS)
                shape = [pair, pair, *rng.sample([r for r in RANKS if r != pair], n - 2)]
            else:
                shape = rng.sample(RANKS, n)
            leader = cards_of_ranks(shape, rng)
            return [leader, cards_of_ranks(shape, rng, exclude=leader)]
        if scenario == "no straights or flushes in up cards":
            low = rng.randint(6, ACE - n + 1)
            suit = rng.randrange(4)
            suit_cards = [c for c in remaining() if c.suit == suit]
            rival = tuple(c for c in suit_cards if low <= c.rank < low + n)
            pair = rng.randint(2, 5)
            kick = rng.sample([r for r in range(2, low) if r != pair], n - 2)
            leader = cards_of_ranks([pair, pair, *kick], rng, exclude=rival)
            return [leader, rival]
        if scenario == "trips beat two pair":
            trips = rng.randint(2, 9)
            others = [r for r in RANKS if r != trips]
            leader = cards_of_ranks([trips] * 3 + rng.sample(others, n - 3), rng)
            a, b = rng.sample([r for r in others if r > trips], 2)
            shape = [a, a, b, b] if n == 4 else [a, a, rng.choice([r for r in others if r != a])]
            return [leader, cards_of_ranks(shape, rng, exclude=leader)]
        hand = tuple(rng.sample(remaining(), n))
        return [hand]

    def answer_for(self, request: Mapping[str, Any], level: int, config: HouseConfig) -> Answer:
        ruling = rule_game("english-stud", request, config)
        field_ = _seat_field("seat", "First to act", list(request["up"]))
        return (field_,), {"seat": ruling["seat"]}, tuple(ruling["steps"])


def _first_situation(street: int, up: Mapping[str, Sequence[Card]]) -> str:
    if street == 3:
        ranks = sorted((c[0].rank for c in up.values()), reverse=True)
        return "tied high card on 3rd Street" if ranks[0] == ranks[1] else "highest card"
    values = sorted((_exposed(c) for c in up.values()), reverse=True)
    best, second = values[0], values[1]
    if best.key == second.key:
        return "tied exposed hands"
    looks = any(
        len(c) >= 3
        and (len({x.suit for x in c}) == 1 or _run(c))
        and _exposed(c).category is Category.HIGH_CARD
        for c in up.values()
    )
    if looks and best.category is not Category.HIGH_CARD:
        return "no straights or flushes in up cards"
    if best.category == second.category:
        return "kicker decides" if best.key[1][0] == second.key[1][0] else "higher rank"
    return f"{best.category.label} beats {second.category.label}"


def _run(cards: Sequence[Card]) -> bool:
    ranks = sorted({c.rank for c in cards})
    return len(ranks) == len(cards) and ranks[-1] - ranks[0] == len(ranks) - 1


class EnglishShowdown(DrillKind):
    slug = "es-showdown"
    game = "english-stud"
    title = "English Stud: the showdown"
    description = (
        "Find each seat's best five of seven, name the winner or the tied winners, and split "
        "the pot, odd chips by the highest card by suit."
    )
    mix = (
        "About a third of the showdowns are ties (so the pot splits, often with odd chips); "
        "the winning hands spread from one pair to the royal flush; some are decided by a "
        "kicker."
    )
    levels = PLAYER_LEVELS

    def deal(self, rng: random.Random, level: int, config: HouseConfig, natural: bool) -> Dealt:
        pot = _pot(rng, level, config)
        players = _count(rng, PLAYERS, level)
        hands: dict[str, tuple[Card, ...]] | None = None
        scenario = "natural"
        if natural:
            # a short stock may end in a community card (which the ruling request cannot
            # show) or, in a house that does not reshuffle, in no hand at all: deal again
            for _ in range(5):
                try:
                    played = english_stud.deal_hand(
                        rng.getrandbits(32), players, rules=config.rules, pot=pot
                    )
                except EngineError:
                    continue
                if played.community is None:
                    # holdings list the hole cards (7th Street's last) before the up cards
                    hands = {s: (*h[:2], *h[3:], h[2]) for s, h in played.holdings.items()}
                    break
        if hands is None:
            scenario = _pick(rng, _SHOWDOWN_MIX)
            hands = _assign(rng, _seats(rng, players), self._hands(rng, scenario, players))
        request = {
            "game": self.game,
            "ask": "showdown",
            "pot": pot,
            "hands": {s: _cards(h) for s, h in hands.items()},
        }
        ruling = rule_game("english-stud", request, config)
        winners = ruling["winners"]
        if len(winners) > 1:
            odd = (pot // config.rules.chip_unit) % len(winners)
            situation = "tie with odd chips" if odd else "tie"
        else:
            situation = _showdown_situation(hands, winners[0])
        return Dealt(
            request=request,
            table={
                "pot": pot,
                # stud order: two down, four up, the 7th Street card down
                "seats": {s: _cards(h) for s, h in hands.items()},
                "exposed": {s: _cards(h[2:6]) for s, h in hands.items()},
            },
            prompt=f"Read the hands and split the pot of {pot}.",
            situation=situation,
            category=ruling["categories"][winners[0]],
            extra={"mix": scenario},
        )

    def _hands(self, rng: random.Random, scenario: str, players: int) -> list[tuple[Card, ...]]:
        used: list[Card] = []
        lead: list[tuple[Card, ...]] = []
        top = _pick(rng, _SHOWDOWN_WINNERS)
        if scenario == "tie":
            for _ in range(TRIES):
                first = _seven_of(_pick(rng, _TIES), rng)
                second = tie_for(first, rng)
                if second is not None:
                    lead += [first, second]
                    break
            else:  # pragma: no cover - seven cards of pairs and singles always have a match
                lead.append(_seven_of(Category.ONE_PAIR, rng))
            top = best_five(lead[0])[0].category
            used.extend(c for h in lead for c in h)
        elif scenario == "kicker decides":
            pair = rng.choice(RANKS)
            top = Category.ONE_PAIR
            first = hand_of(Category.ONE_PAIR, rng, ranks=[pair])
            second = hand_of(Category.ONE_PAIR, rng, exclude=first, ranks=[pair])
            lead.append(_extend(first, rng, second))
            lead.append(_extend(second, rng, lead[0]))
            used.extend(c for h in lead for c in h)
        elif scenario == "best five":
            lead.append(_seven_of(top, rng))
            used.extend(lead[-1])
        hands = list(lead)
        mark = min(best_five(h)[0] for h in lead) if lead else None
        while len(hands) < players:
            if scenario == "plain":
                hand = tuple(rng.sample(remaining(used), 7))
            else:
                hand = _weaker_seven(rng, top, used, mark)
            hands.append(hand)
            used.extend(hand)
        return hands

    def answer_for(self, request: Mapping[str, Any], level: int, config: HouseConfig) -> Answer:
        ruling = rule_game("english-stud", request, config)
        seats = list(ruling["shares"])
        fields = (
            _seats_field("winners", "Winning seat(s)", seats),
            *(AnswerField(f"share.{s}", f"Seat {s}", "amount") for s in seats),
        )
        expected: dict[str, Any] = {"winners": sorted(ruling["winners"], key=int)}
        expected.update({f"share.{s}": n for s, n in ruling["shares"].items()})
        return fields, expected, tuple(ruling["steps"])


def _weaker_seven(
    rng: random.Random, top: Category, used: Sequence[Card], mark: HandValue | None
) -> tuple[Card, ...]:
    """Seven cards for a seat that should lose to `mark` (the leading hands): built to a
    category no better than `top` within a few attempts; when the cards left cannot make one
    (six seats use 42 cards), seven of the cards left."""
    below = _category_up_to(_PLAYER_LOSES, top)
    hand: tuple[Card, ...] = ()
    for _ in range(6):
        try:
            hand = _seven_of(_pick(rng, below), rng, exclude=used)
        except EngineError:
            continue
        if mark is None or best_five(hand)[0] < mark:
            return hand
    return hand or tuple(rng.sample(remaining(used), 7))


def _extend(five: Sequence[Card], rng: random.Random, used: Sequence[Card]) -> tuple[Card, ...]:
    """Five cards and two more that leave the best five as it is (within TRIES attempts)."""
    value = evaluate_five(five)
    deck = remaining((*used, *five))

    def keeps(extra: tuple[Card, ...]) -> bool:
        return best_five((*five, *extra))[0] == value

    cards = [*five, *_sample_fitting(rng, deck, 2, keeps)]
    rng.shuffle(cards)
    return tuple(cards)


def _showdown_situation(hands: Mapping[str, Sequence[Card]], winner: str) -> str:
    values = sorted((best_five(h)[0] for h in hands.values()), reverse=True)
    best, second = values[0], values[1]
    if best.category is second.category and best.ranks[0] == second.ranks[0]:
        return "kicker decides"
    return f"{best.category.label} wins"


for _kind in (
    HandFive(),
    HandSeven(),
    MississippiPay(),
    CaribbeanQualify(),
    CasinoQualify(),
    CaribbeanSettle(),
    CasinoSettle(),
    CaribbeanLedger(),
    GonorrheaSplit(),
    EnglishBringIn(),
    EnglishFirstToAct(),
    EnglishShowdown(),
):
    register(_kind)
del _kind
