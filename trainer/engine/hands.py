"""Poker hand values: five-card hands, best five of six or seven, exposed stud hands of one to
four cards, and the two-card high and low hands of Mississippi Gonorrhea.

Five-card hands are looked up, not computed: every one of the 7,462 distinct five-card
strengths is built once at import as a `HandValue`, and `evaluate_five` finds it with integer
operations on the cards' packed bits (a flush table keyed by the rank bits, and a table keyed
by the product of the rank primes for everything else).

>>> evaluate_five(parse_cards("Qh Qs 9d 6c 2h")).description
'pair of queens, nine-six-two kickers'
>>> evaluate_five(parse_cards("As 2d 3c 4h 5s")) < evaluate_five(parse_cards("2s 3d 4c 5h 6s"))
True
"""

from __future__ import annotations

import enum
import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

from .cards import ACE, PRIMES, RANK_NAMES, RANK_PLURALS, Card, parse_cards  # noqa: F401
from .errors import CardError, quoted
from .messages import Message, join, say, say_n


class Category(enum.Enum):
    """Five-card categories, listed strongest first.  The value is the name used in rulings."""

    ROYAL_FLUSH = "royal flush"
    STRAIGHT_FLUSH = "straight flush"
    FOUR_OF_A_KIND = "four of a kind"
    FULL_HOUSE = "full house"
    FLUSH = "flush"
    STRAIGHT = "straight"
    THREE_OF_A_KIND = "three of a kind"
    TWO_PAIR = "two pair"
    ONE_PAIR = "one pair"
    HIGH_CARD = "high card"

    @property
    def label(self) -> str:
        """The category's name in a sentence: a `Message` whose English is the value."""
        return _CATEGORY_LABELS[self]

    @property
    def order(self) -> int:
        """1 for high card up to 10 for a royal flush."""
        return _CATEGORY_ORDER[self]

    @classmethod
    def from_label(cls, label: str) -> Category:
        try:
            return cls(label.strip().lower())
        except ValueError:
            names = ", ".join(c.value for c in cls)
            raise CardError(
                f"{quoted(label)} is not a hand category; use one of: {names}."
            ) from None

    def __lt__(self, other: Category) -> bool:
        if not isinstance(other, Category):
            return NotImplemented
        return self.order < other.order

    def __le__(self, other: Category) -> bool:
        if not isinstance(other, Category):
            return NotImplemented
        return self.order <= other.order

    def __gt__(self, other: Category) -> bool:
        if not isinstance(other, Category):
            return NotImplemented
        return self.order > other.order

    def __ge__(self, other: Category) -> bool:
        if not isinstance(other, Category):
            return NotImplemented
        return self.order >= other.order

    def __str__(self) -> str:
        return self.value


_CATEGORY_ORDER = {c: 10 - i for i, c in enumerate(Category)}
# each name written out, so the catalogue's extraction finds it
_CATEGORY_LABELS = {
    Category.ROYAL_FLUSH: say("royal flush"),
    Category.STRAIGHT_FLUSH: say("straight flush"),
    Category.FOUR_OF_A_KIND: say("four of a kind"),
    Category.FULL_HOUSE: say("full house"),
    Category.FLUSH: say("flush"),
    Category.STRAIGHT: say("straight"),
    Category.THREE_OF_A_KIND: say("three of a kind"),
    Category.TWO_PAIR: say("two pair"),
    Category.ONE_PAIR: say("one pair"),
    Category.HIGH_CARD: say("high card"),
}
assert all(label == c.value for c, label in _CATEGORY_LABELS.items())

#: the ranks' names in a hand's description, two to ace (RANK_NAMES, as messages)
_RANK_WORDS = (
    say("two"),
    say("three"),
    say("four"),
    say("five"),
    say("six"),
    say("seven"),
    say("eight"),
    say("nine"),
    say("ten"),
    say("jack"),
    say("queen"),
    say("king"),
    say("ace"),
)
_RANK_PLURAL_WORDS = (
    say("twos"),
    say("threes"),
    say("fours"),
    say("fives"),
    say("sixes"),
    say("sevens"),
    say("eights"),
    say("nines"),
    say("tens"),
    say("jacks"),
    say("queens"),
    say("kings"),
    say("aces"),
)
assert _RANK_WORDS == RANK_NAMES and _RANK_PLURAL_WORDS == RANK_PLURALS


def rank_name(rank: int) -> Message:
    return _RANK_WORDS[rank - 2]


def rank_plural(rank: int) -> Message:
    return _RANK_PLURAL_WORDS[rank - 2]


def _ranks_words(ranks: Iterable[int]) -> Message:
    return join([rank_name(r) for r in ranks], sep="-")


def _kickers(hand: Message, ranks: Sequence[int]) -> Message:
    """The hand with its kickers named after it, if it has any."""
    if not ranks:
        return hand
    return say_n(
        "%(hand)s, %(ranks)s kicker",
        "%(hand)s, %(ranks)s kickers",
        len(ranks),
        hand=hand,
        ranks=_ranks_words(ranks),
    )


class HandValue:
    """The value of a five-card poker hand.

    Values are totally ordered by `strength` (1 = 7-5-4-3-2 high card, 7462 = royal flush);
    equal strength is an exact tie.  There is one `HandValue` object per strength.
    """

    __slots__ = ("strength", "category", "ranks", "description")

    def __init__(self, strength: int, category: Category, ranks: tuple[int, ...], text: str):
        self.strength = strength
        self.category = category
        #: the ranks that decide ties, most significant first (a wheel's top card is 5)
        self.ranks = ranks
        self.description = text

    def __lt__(self, other: HandValue) -> bool:
        return self.strength < other.strength

    def __le__(self, other: HandValue) -> bool:
        return self.strength <= other.strength

    def __gt__(self, other: HandValue) -> bool:
        return self.strength > other.strength

    def __ge__(self, other: HandValue) -> bool:
        return self.strength >= other.strength

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.strength == other.strength

    def __hash__(self) -> int:
        return self.strength

    def __repr__(self) -> str:
        return f"<HandValue {self.strength}: {self.description}>"

    def __str__(self) -> str:
        return self.description

    def __reduce__(self) -> tuple[Callable[[int], HandValue], tuple[int]]:
        return (hand_value, (self.strength,))


def _straight_top(distinct_desc: tuple[int, ...]) -> int | None:
    """The top card of a straight made by five distinct ranks (5 for the wheel), else None."""
    if distinct_desc[0] - distinct_desc[4] == 4:
        return distinct_desc[0]
    if distinct_desc == (ACE, 5, 4, 3, 2):
        return 5
    return None


def _pair(rank: int) -> Message:
    return say("pair of %(ranks)s", ranks=rank_plural(rank))


def _two_pair(order: Sequence[int]) -> Message:
    return say(
        "two pair, %(high)s and %(low)s", high=rank_plural(order[0]), low=rank_plural(order[1])
    )


def _classify(ranks: tuple[int, ...], flush: bool) -> tuple[Category, tuple[int, ...], str]:
    """Category, tie-break ranks and description of five ranks (the slow, readable way; used
    only to build the tables)."""
    counts = Counter(ranks)
    # groups: biggest group first, then higher rank first
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(n for _, n in groups)
    order = tuple(r for r, _ in groups)
    if shape == (1, 1, 1, 1, 1):
        top = _straight_top(order)
        if top is not None:
            if flush:
                if top == ACE:
                    return Category.ROYAL_FLUSH, (top,), say("royal flush")
                return (
                    Category.STRAIGHT_FLUSH,
                    (top,),
                    say("%(rank)s-high straight flush", rank=rank_name(top)),
                )
            return Category.STRAIGHT, (top,), say("%(rank)s-high straight", rank=rank_name(top))
        if flush:
            return (
                Category.FLUSH,
                order,
                _kickers(say("%(rank)s-high flush", rank=rank_name(order[0])), order[1:]),
            )
        return (
            Category.HIGH_CARD,
            order,
            _kickers(say("%(rank)s high", rank=rank_name(order[0])), order[1:]),
        )
    if shape == (4, 1):
        return (
            Category.FOUR_OF_A_KIND,
            order,
            _kickers(say("four %(ranks)s", ranks=rank_plural(order[0])), order[1:]),
        )
    if shape == (3, 2):
        return (
            Category.FULL_HOUSE,
            order,
            say(
                "%(ranks)s full of %(over)s",
                ranks=rank_plural(order[0]),
                over=rank_plural(order[1]),
            ),
        )
    if shape == (3, 1, 1):
        return (
            Category.THREE_OF_A_KIND,
            order,
            _kickers(say("three %(ranks)s", ranks=rank_plural(order[0])), order[1:]),
        )
    if shape == (2, 2, 1):
        return (
            Category.TWO_PAIR,
            order,
            _kickers(_two_pair(order), order[2:]),
        )
    if shape == (2, 1, 1, 1):
        return (
            Category.ONE_PAIR,
            order,
            _kickers(_pair(order[0]), order[1:]),
        )
    raise AssertionError(f"impossible five-card rank pattern {ranks}")  # pragma: no cover


def _build_tables() -> tuple[dict[int, HandValue], dict[int, HandValue], tuple[HandValue, ...]]:
    patterns: list[tuple[Category, tuple[int, ...], str, bool, tuple[int, ...]]] = []
    for combo in itertools.combinations_with_replacement(range(2, ACE + 1), 5):
        if max(Counter(combo).values()) > 4:
            continue
        ranks = tuple(sorted(combo, reverse=True))
        patterns.append((*_classify(ranks, False), False, ranks))
        if len(set(ranks)) == 5:
            patterns.append((*_classify(ranks, True), True, ranks))

    def sort_key(
        p: tuple[Category, tuple[int, ...], str, bool, tuple[int, ...]],
    ) -> tuple[int, tuple[int, ...]]:
        category, tiebreak = p[0], p[1]
        # a royal flush compares as the best straight flush
        order = (
            Category.STRAIGHT_FLUSH.order if category is Category.ROYAL_FLUSH else category.order
        )
        return (order, tiebreak)

    patterns.sort(key=sort_key)
    flush_table: dict[int, HandValue] = {}
    unsuited_table: dict[int, HandValue] = {}
    values: list[HandValue] = []
    strength = 0
    previous = None
    for p in patterns:
        key = sort_key(p)
        if key != previous:
            strength += 1
            values.append(HandValue(strength, p[0], p[1], p[2]))
            previous = key
        value = values[-1]
        ranks = p[4]
        if p[3]:
            bits = 0
            for r in ranks:
                bits |= 1 << (r - 2)
            flush_table[bits] = value
        else:
            product = 1
            for r in ranks:
                product *= PRIMES[r - 2]
            unsuited_table[product] = value
    return flush_table, unsuited_table, tuple(values)


_FLUSH, _UNSUITED, ALL_VALUES = _build_tables()
# unpaired hands (high card, straight) apart from paired ones: see evaluate_five
_DISTINCT = {
    k: v for k, v in _UNSUITED.items() if v.category in (Category.HIGH_CARD, Category.STRAIGHT)
}
_PAIRED = {k: v for k, v in _UNSUITED.items() if k not in _DISTINCT}
#: the number of distinct five-card strengths
DISTINCT_STRENGTHS = len(ALL_VALUES)


def hand_value(strength: int) -> HandValue:
    """The `HandValue` of a given strength (1..7462)."""
    if not 1 <= strength <= DISTINCT_STRENGTHS:
        raise CardError(f"there is no five-card hand of strength {strength}.")
    return ALL_VALUES[strength - 1]


def evaluate_five(cards: Sequence[Card]) -> HandValue:
    """The value of exactly five distinct cards.

    >>> evaluate_five(parse_cards("Ah Kh Qh Jh Th")).category
    <Category.ROYAL_FLUSH: 'royal flush'>
    """
    try:
        a, b, c, d, e = cards
        if a & b & c & d & e & 0xF000:
            # a repeated card cannot hide here: five suited cards need five distinct rank bits
            return _FLUSH[(a | b | c | d | e) >> 16]
        key = (a & 0xFF) * (b & 0xFF) * (c & 0xFF) * (d & 0xFF) * (e & 0xFF)
        value = _DISTINCT.get(key)
        if value is not None:
            return value
        # only a hand with a repeated rank can hide a repeated card
        if len({a, b, c, d, e}) == 5:
            return _PAIRED[key]
    except (ValueError, TypeError, KeyError):
        pass
    return _refuse(cards, 5)


def _refuse(cards: Any, wanted: int) -> NoReturn:
    """Raise the CardError that explains why `cards` is not a hand of `wanted` cards."""
    try:
        items = list(cards)
    except TypeError:
        raise CardError(f"{cards!r} is not a group of cards.") from None
    for item in items:
        if not isinstance(item, Card):
            raise CardError(f"{item!r} is not a card; read cards with parse_cards first.")
    seen: set[Card] = set()
    for item in items:
        if item in seen:
            raise CardError(f"{item} is given twice: a deck has one of each card.")
        seen.add(item)
    raise CardError(f"a hand here needs {wanted} cards; {len(items)} were given.")


def arrange(cards: Sequence[Card], value: HandValue) -> tuple[Card, ...]:
    """The five cards in the order a dealer reads them: the deciding ranks first (the pair
    before its kickers, a wheel's ace last), higher suits first within a rank."""
    straight = (Category.STRAIGHT, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH)
    if value.category in straight:
        wheel = value.ranks == (5,)
        return tuple(
            sorted(cards, key=lambda c: (-(1 if wheel and c.rank == ACE else c.rank), -c.suit))
        )
    # every other category lists all its distinct ranks in `ranks`, most significant first
    position = {r: i for i, r in enumerate(value.ranks)}
    return tuple(sorted(cards, key=lambda c: (position[c.rank], -c.suit)))


def best_five(cards: Sequence[Card]) -> tuple[HandValue, tuple[Card, ...]]:
    """The best five-card hand of five, six or seven cards, and those five cards (arranged).

    >>> value, five = best_five(parse_cards("As Ks Qs Js Ts 2c 3d"))
    >>> value.category.label, " ".join(map(str, five))
    ('royal flush', 'As Ks Qs Js Ts')
    """
    cards = tuple(cards)
    if not 5 <= len(cards) <= 7 or len(set(cards)) != len(cards):
        if 5 <= len(cards) <= 7:
            _refuse(cards, len(cards))
        raise CardError(f"a best-five hand needs 5 to 7 cards; {len(cards)} were given.")
    best: HandValue | None = None
    best_combo: tuple[Card, ...] = ()
    for combo in itertools.combinations(cards, 5):
        value = evaluate_five(combo)
        if best is None or value.strength > best.strength:
            best, best_combo = value, combo
    assert best is not None
    return best, arrange(best_combo, best)


# --- exposed (partial) stud hands ------------------------------------------------------------

_EXPOSED_SHAPES = {
    (4,): Category.FOUR_OF_A_KIND,
    (3,): Category.THREE_OF_A_KIND,
    (3, 1): Category.THREE_OF_A_KIND,
    (2, 2): Category.TWO_PAIR,
    (2,): Category.ONE_PAIR,
    (2, 1): Category.ONE_PAIR,
    (2, 1, 1): Category.ONE_PAIR,
}


@dataclass(frozen=True, order=True)
class ExposedValue:
    """The value of one to four up cards in stud: quads > trips > two pair > pair > high card,
    then the remaining cards high to low; no straights or flushes.  Suits never count here."""

    key: tuple[int, tuple[int, ...]]
    category: Category
    description: str

    def __str__(self) -> str:
        return self.description


def evaluate_exposed(cards: Sequence[Card]) -> ExposedValue:
    """Rank up cards as a partial poker hand (English Stud action order on 4th-7th Street).

    >>> evaluate_exposed(parse_cards("9c 9d Kh")).description
    'pair of nines, king kicker'
    """
    cards = tuple(cards)
    if not 1 <= len(cards) <= 4:
        raise CardError(f"an exposed hand here has 1 to 4 cards; {len(cards)} were given.")
    if len(set(cards)) != len(cards):
        _refuse(cards, len(cards))
    counts = Counter(c.rank for c in cards)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(n for _, n in groups)
    order = tuple(r for r, _ in groups)
    category = _EXPOSED_SHAPES.get(shape, Category.HIGH_CARD)
    text: Message
    if category is Category.FOUR_OF_A_KIND:
        text = say("four %(ranks)s", ranks=rank_plural(order[0]))
    elif category is Category.THREE_OF_A_KIND:
        text = _kickers(say("three %(ranks)s", ranks=rank_plural(order[0])), order[1:])
    elif category is Category.TWO_PAIR:
        text = _two_pair(order)
    elif category is Category.ONE_PAIR:
        text = _kickers(_pair(order[0]), order[1:])
    elif len(order) == 1:
        text = rank_name(order[0])
    else:
        text = _kickers(say("%(rank)s high", rank=rank_name(order[0])), order[1:])
    return ExposedValue((category.order, order), category, text)


# --- two-card hands (Mississippi Gonorrhea) --------------------------------------------------


@dataclass(frozen=True, order=True)
class TwoCardValue:
    """A two-card high or low hand; a greater value is the better hand for that half.
    Aces are always high."""

    key: tuple[int, ...]
    description: str

    def __str__(self) -> str:
        return self.description


def _two_ranks(cards: Sequence[Card]) -> tuple[int, int]:
    cards = tuple(cards)
    if len(cards) != 2:
        raise CardError(f"a two-card hand needs 2 cards; {len(cards)} were given.")
    if cards[0] == cards[1]:
        _refuse(cards, 2)
    hi, lo = sorted((cards[0].rank, cards[1].rank), reverse=True)
    return hi, lo


def two_card_high(cards: Sequence[Card]) -> TwoCardValue:
    """High: any pair beats any unpaired hand; higher pair wins; unpaired hands compare the
    higher card, then the lower.

    >>> two_card_high(parse_cards("Ah Ad")) > two_card_high(parse_cards("Kh Qd"))
    True
    """
    hi, lo = _two_ranks(cards)
    if hi == lo:
        return TwoCardValue((1, hi, lo), _pair(hi))
    return TwoCardValue((0, hi, lo), _ranks_words((hi, lo)))


def two_card_low(cards: Sequence[Card]) -> TwoCardValue:
    """Low: unpaired hands compare the higher card first, then the lower, lower winning (3-2
    is the best low); every pair is worse than every unpaired hand, a lower pair is better.

    >>> two_card_low(parse_cards("3h 2d")) > two_card_low(parse_cards("4h 2d"))
    True
    """
    hi, lo = _two_ranks(cards)
    if hi == lo:
        return TwoCardValue((0, -hi, -lo), _pair(hi))
    return TwoCardValue((1, -hi, -lo), _ranks_words((hi, lo)))
