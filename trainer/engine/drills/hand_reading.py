"""Hand reading drills: the category of five cards, the best five of seven.

The expected category is the evaluator's (`evaluate_five`, `best_five`).

>>> from trainer.engine.house import DEFAULT_CONFIG
>>> q = HandSeven().generate(1, 3, DEFAULT_CONFIG)
>>> q.request["cards"], q.expected, q.situation
('9d 6s 3c 6h 9c 3s Qc', {'category': 'two pair'}, 'three pair: the best two count')
>>> CATEGORY_KEYS
('0', '9', '8', '7', '6', '5', '4', '3', '2', '1')
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import ACE, ALL_CARDS, Card, Deck, format_cards
from ..hands import Category, HandValue, arrange, best_five, evaluate_five
from ..house import HouseConfig
from ..kit.dealing import RANKS, cards_of_ranks, hand_of, remaining
from ..kit.fields import AnswerKind
from ..kit.kinds import Answer, AnswerField, Dealt, DrillKind, Level
from ..kit.stakes import TRIES, high_to_low, pick, sample_fitting
from ..kit.stored import cards_at
from ..messages import say
from ..words import cap

CATEGORIES = tuple((c.value, cap(c.label)) for c in Category)
CATEGORY_KEYS = tuple(str(c.order % 10) for c in Category)


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


#: the near misses a hand is read past: one card short of a flush, of a straight
FOUR_FLUSH = "four to a flush"
FOUR_STRAIGHT = "four to a straight"
NEAR_MISSES = (FOUR_FLUSH, FOUR_STRAIGHT)
#: the categories whose near misses are told apart (a near miss of anything better is moot)
MISSABLE = (Category.HIGH_CARD, Category.ONE_PAIR)
WHEEL = "five-high straight (wheel)"
#: the categories as the drills' situations list them: plain cases first
ASCENDING = tuple(sorted(Category))


def near_miss(cards: Sequence[Card]) -> str | None:
    """'four to a flush' or 'four to a straight' when five cards make neither."""
    if max(Counter(c.suit for c in cards).values()) == 4:
        return FOUR_FLUSH
    ranks = {c.rank for c in cards} | ({1} if any(c.rank == ACE for c in cards) else set())
    for low in range(1, 11):
        if len(ranks & set(range(low, low + 5))) == 4:
            return FOUR_STRAIGHT
    return None


def missed(read: str, miss: str) -> str:
    """A situation with its near miss: "high card, four to a flush"."""
    return f"{read}, {miss}"


def _five_situation(cards: Sequence[Card], value: HandValue) -> str:
    if value.category is Category.STRAIGHT and value.ranks == (5,):
        return WHEEL
    if value.category in MISSABLE:
        miss = near_miss(cards)
        if miss is not None:
            return missed(value.category.label, miss)
    return value.category.label


def _hand_fields() -> tuple[AnswerField, ...]:
    return (AnswerField("category", say("Category"), AnswerKind.CHOICE, CATEGORIES, CATEGORY_KEYS),)


class HandFive(DrillKind):
    # a dealer reads a five-card hand at a glance at showdown (2-3 s); a trainee target a little
    # looser, more for cards as dealt and for near misses
    pace = (4.0, 5.0, 6.0)
    slug = "hand-five"
    game = "any"
    title = say("Hand reading: five cards")
    description = say("Name the category of five cards.")
    mix = say(
        "Every category about equally often, royal flushes included; from level 3, wheel "
        "straights and hands one card short of a flush or a straight."
    )
    levels = (
        Level(1, say("Cards sorted high to low")),
        Level(2, say("Cards in the order dealt")),
        Level(3, say("Near misses: four-flushes, four-straights, wheels")),
    )

    def deal(self, rng: random.Random, level: int, config: HouseConfig, natural: bool) -> Dealt:
        if natural:
            cards = Deck(rng=rng).deal(5)
        else:
            cards = self._mixed(rng, level)
        return self._dealt(cards, level)

    def _dealt(self, cards: Sequence[Card], level: int) -> Dealt:
        if level == 1:
            cards = high_to_low(cards)
        value = evaluate_five(cards)
        return Dealt(
            request={"cards": format_cards(cards)},
            table={"cards": format_cards(cards)},
            prompt=say("Read the hand."),
            situation=_five_situation(cards, value),
            category=value.category.label,
        )

    def aims(self, config: HouseConfig) -> dict[str, Any]:
        """Every category (a straight: not the wheel), then the wheel and the near misses: a
        hand of the category, its near miss left to chance (`deal_for` keeps the one asked).

        >>> from trainer.engine.house import DEFAULT_CONFIG
        >>> tags = HandFive().situations(DEFAULT_CONFIG)
        >>> tags[:2], tags[-1], len(tags)
        (('high card', 'one pair'), 'one pair, four to a straight', 15)
        """
        aims: dict[str, Any] = {c.label: (c, range(6, ACE + 1)) for c in ASCENDING}
        aims[WHEEL] = (Category.STRAIGHT, (5,))
        for category in MISSABLE:
            for miss in NEAR_MISSES:
                aims[missed(category.label, miss)] = (category, None)
        return aims

    def deal_aimed(self, rng: random.Random, level: int, config: HouseConfig, aim: Any) -> Dealt:
        category, ranks = aim
        if category is not Category.STRAIGHT:
            ranks = None
        return self._dealt(hand_of(category, rng, ranks=ranks), level)

    def _mixed(self, rng: random.Random, level: int) -> tuple[Card, ...]:
        category = pick(rng, _FIVE_MIX)
        if level < 3:
            return hand_of(category, rng)
        if category is Category.STRAIGHT and rng.random() < 0.5:
            return hand_of(category, rng, ranks=[5])
        cards = hand_of(category, rng)
        if category in (Category.HIGH_CARD, Category.ONE_PAIR):
            for _ in range(TRIES):
                if near_miss(cards):
                    break
                cards = hand_of(category, rng)
        return cards

    def answer_for(self, request: Mapping[str, Any], level: int, config: HouseConfig) -> Answer:
        cards = cards_at(request, "cards")
        value = evaluate_five(cards)
        steps = (
            say(
                "%(cards)s: %(hand)s.",
                cards=format_cards(arrange(cards, value)),
                hand=value.description,
            ),
            say("Category: %(category)s.", category=value.category.label),
        )
        return _hand_fields(), {"category": value.category.label}, steps


#: the sevens that tempt a misread, by the level 3 mix's name for each: their situations
SEVEN_TRAPS = {
    "three pair": "three pair: the best two count",
    "two triples": "two triples make a full house",
    "six suited": "six or seven suited: the best five count",
    "six to a straight": "six to a straight: the top five count",
}
FLUSH_OVER_STRAIGHT = f"{Category.FLUSH.label} over a straight"


def _seven_situation(seven: Sequence[Card], value: HandValue) -> str:
    counts = sorted(Counter(c.rank for c in seven).values(), reverse=True)
    suits = max(Counter(c.suit for c in seven).values())
    category = value.category
    if category is Category.TWO_PAIR and counts[:3] == [2, 2, 2]:
        return SEVEN_TRAPS["three pair"]
    if category is Category.FULL_HOUSE and counts[:2] == [3, 3]:
        return SEVEN_TRAPS["two triples"]
    if category is Category.FLUSH and suits >= 6:
        return SEVEN_TRAPS["six suited"]
    if category is Category.STRAIGHT:
        ranks = {c.rank for c in seven}
        if any(set(range(low, low + 6)) <= ranks for low in range(2, 10)):
            return SEVEN_TRAPS["six to a straight"]
    if category is Category.FLUSH and _holds_straight(seven):
        return FLUSH_OVER_STRAIGHT
    return category.label


def _holds_straight(cards: Sequence[Card]) -> bool:
    ranks = {c.rank for c in cards} | ({1} if any(c.rank == ACE for c in cards) else set())
    return any(set(range(low, low + 5)) <= ranks for low in range(1, 11))


_SEVEN_TRAPS = tuple(SEVEN_TRAPS)


class HandSeven(DrillKind):
    # seven cards: the best five found first, then named; traps need a second look
    pace = (6.0, 8.0, 10.0)
    slug = "hand-seven"
    game = "any"
    title = say("Hand reading: best five of seven")
    description = say("Name the category of the best five-card hand among seven cards.")
    mix = say(
        "Every category about equally often; from level 3, sevens that tempt a misread: three "
        "pairs, two triples, six suited cards, six to a straight."
    )
    levels = (
        Level(1, say("Seven cards sorted high to low")),
        Level(2, say("Seven cards in the order dealt")),
        Level(3, say("Traps: three pair, two triples, six suited, six to a straight")),
    )

    def deal(self, rng: random.Random, level: int, config: HouseConfig, natural: bool) -> Dealt:
        if natural:
            cards = Deck(rng=rng).deal(7)
        elif level == 3 and rng.random() < 0.5:
            cards = self._trap(rng, rng.choice(_SEVEN_TRAPS))
        else:
            cards = seven_of(pick(rng, _FIVE_MIX), rng)
        return self._dealt(cards, level)

    def _dealt(self, cards: Sequence[Card], level: int) -> Dealt:
        if level == 1:
            cards = high_to_low(cards)
        value = best_five(cards)[0]
        return Dealt(
            request={"cards": format_cards(cards)},
            table={"cards": format_cards(cards)},
            prompt=say("Read the best five of seven."),
            situation=_seven_situation(cards, value),
            category=value.category.label,
        )

    def aims(self, config: HouseConfig) -> dict[str, Any]:
        """Every category plainly made, then the traps: seven of the category, or the trap.

        >>> from trainer.engine.house import DEFAULT_CONFIG
        >>> tags = HandSeven().situations(DEFAULT_CONFIG)
        >>> tags[0], tags[-1], len(tags)
        ('high card', 'flush over a straight', 15)
        """
        aims: dict[str, Any] = {c.label: c for c in ASCENDING}
        aims.update({tag: trap for trap, tag in SEVEN_TRAPS.items()})
        aims[FLUSH_OVER_STRAIGHT] = None
        return aims

    def deal_aimed(self, rng: random.Random, level: int, config: HouseConfig, aim: Any) -> Dealt:
        if isinstance(aim, Category):
            cards = seven_of(aim, rng)
        elif aim is None:
            cards = _flush_over_straight(rng)
        else:
            cards = self._trap(rng, aim)
        return self._dealt(cards, level)

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
        cards = cards_at(request, "cards")
        value, five = best_five(cards)
        steps = (
            say(
                "The best five of %(seven)s: %(five)s, %(hand)s.",
                seven=format_cards(cards),
                five=format_cards(five),
                hand=value.description,
            ),
            say("Category: %(category)s.", category=value.category.label),
        )
        return _hand_fields(), {"category": value.category.label}, steps


def _flush_over_straight(rng: random.Random) -> tuple[Card, ...]:
    """The ranks of a straight, three of them and two more cards in one suit: a flush over a
    straight (unless the suited five run, which `deal_for` turns away)."""
    ranks = [c.rank for c in hand_of(Category.STRAIGHT, rng)]
    suit = rng.randrange(4)
    suited = set(rng.sample(ranks, 3))
    cards = [
        rng.choice([c for c in ALL_CARDS if c.rank == r and (c.suit == suit) == (r in suited)])
        for r in ranks
    ]
    cards += rng.sample([c for c in ALL_CARDS if c.suit == suit and c.rank not in ranks], 2)
    rng.shuffle(cards)
    return tuple(cards)


def seven_of(
    category: Category, rng: random.Random, *, exclude: Sequence[Card] = ()
) -> tuple[Card, ...]:
    """Seven cards whose best five is `category`: five built to order and two more that do
    not lift it (within TRIES attempts)."""
    five = hand_of(category, rng, exclude=exclude)
    deck = remaining((*exclude, *five))

    def keeps(extra: tuple[Card, ...]) -> bool:
        return best_five((*five, *extra))[0].category is category

    cards = [*five, *sample_fitting(rng, deck, 2, keeps)]
    rng.shuffle(cards)
    return tuple(cards)
