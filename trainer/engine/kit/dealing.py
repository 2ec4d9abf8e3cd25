"""Hands built to order, for drills: five cards of a chosen category, an A-K high hand, an
exact tie.  Plain deals rarely show a full house or a tie, so a drill that wants one builds it
here, constructively: pick the rank pattern, then the suits, and reject only the accidental
straight or flush.  Every builder draws from a `random.Random`, so a seed replays the hand.

>>> import random
>>> hand = hand_of(Category.FULL_HOUSE, random.Random(1))
>>> evaluate_five(hand).category.label
'full house'
>>> evaluate_five(high_card(random.Random(2), top=(ACE, KING))).description.startswith("ace high")
True
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import TypeVar

from ..cards import ACE, ALL_CARDS, KING, Card
from ..errors import EngineError
from ..hands import Category, best_five, evaluate_five  # noqa: F401 (doctests use it)

__all__ = [
    "RANKS",
    "cards_of_ranks",
    "hand_of",
    "high_card",
    "remaining",
    "tie_for",
]

T = TypeVar("T")
#: deals one category of hand from the free cards with a top rank among the allowed ones
Builder = Callable[[random.Random, set[Card], tuple[int, ...]], list[Card] | None]

RANKS: tuple[int, ...] = tuple(range(2, ACE + 1))
_BY_RANK: dict[int, tuple[Card, ...]] = {
    r: tuple(c for c in ALL_CARDS if c.rank == r) for r in RANKS
}
_BY_SUIT: dict[int, tuple[Card, ...]] = {
    s: tuple(c for c in ALL_CARDS if c.suit == s) for s in range(4)
}
#: the ranks of every straight, by its top card (5 is the wheel, A-2-3-4-5)
_STRAIGHTS: dict[int, tuple[int, ...]] = {
    top: ((ACE, 5, 4, 3, 2) if top == 5 else tuple(range(top, top - 5, -1)))
    for top in range(5, ACE + 1)
}
_STRAIGHT_SETS = frozenset(frozenset(r) for r in _STRAIGHTS.values())
#: random attempts before a builder turns to its exhaustive (always finishing) fallback
_TRIES = 24


def remaining(exclude: Iterable[Card] = ()) -> list[Card]:
    """The cards of a deck without `exclude`, in deck order (2c 2d ... As)."""
    gone = set(exclude)
    return [c for c in ALL_CARDS if c not in gone]


def _is_straight(ranks: Collection[int]) -> bool:
    return frozenset(ranks) in _STRAIGHT_SETS


def _of_rank(rank: int, n: int, rng: random.Random, free: set[Card]) -> list[Card] | None:
    options = [c for c in _BY_RANK[rank] if c in free]
    return rng.sample(options, n) if len(options) >= n else None


def _offsuit(ranks: Sequence[int], rng: random.Random, free: set[Card]) -> list[Card] | None:
    """One card of each of five distinct ranks, in suits that do not make a flush."""
    options = [[c for c in _BY_RANK[r] if c in free] for r in ranks]
    if not all(options):
        return None
    cards = [rng.choice(o) for o in options]
    if len({c.suit for c in cards}) == 1:
        # an accidental flush: move one card to another suit of its rank
        swaps = [(i, c) for i, o in enumerate(options) for c in o if c.suit != cards[0].suit]
        if not swaps:
            return None
        i, c = rng.choice(swaps)
        cards[i] = c
    return cards


def _ordered(candidates: Iterable[T], rng: random.Random) -> list[T]:
    out = list(candidates)
    rng.shuffle(out)
    return out


def _allowed(ranks: Iterable[int] | None) -> tuple[int, ...]:
    if ranks is None:
        return RANKS
    out = tuple(sorted(set(ranks)))
    if not out or not all(r in RANKS for r in out):
        raise EngineError(f"ranks must be among 2 to 14 (ace); {out!r} is not.")
    return out


def _kickers(
    n: int, avoid: Collection[int], rng: random.Random, free: set[Card]
) -> list[Card] | None:
    """`n` single cards of distinct ranks outside `avoid`."""
    ranks = [r for r in RANKS if r not in avoid and any(c in free for c in _BY_RANK[r])]
    if len(ranks) < n:
        return None
    out: list[Card] = []
    for r in rng.sample(ranks, n):
        picked = _of_rank(r, 1, rng, free)
        assert picked is not None
        out += picked
    return out


def _groups(
    counts: tuple[int, ...], deciding: tuple[int, ...], rng: random.Random, free: set[Card]
) -> list[Card] | None:
    """A hand of rank groups (e.g. (3, 2) for a full house): the first group's rank from
    `deciding`, the other groups' ranks any other ranks, then single kickers for the rest."""
    for first in _ordered(deciding, rng):
        cards = _of_rank(first, counts[0], rng, free)
        if cards is None:
            continue
        used = {first}
        ok = True
        for n in counts[1:]:
            if n == 1:
                break
            others = [r for r in RANKS if r not in used]
            if counts[0] == 2:
                # two pair: the deciding rank is the higher pair
                others = [r for r in others if r < first]
            for r in _ordered(others, rng):
                got = _of_rank(r, n, rng, free)
                if got is not None:
                    cards += got
                    used.add(r)
                    break
            else:
                ok = False
                break
        if not ok:
            continue
        singles = 5 - len(cards)
        if singles:
            more = _kickers(singles, used, rng, free)
            if more is None:
                continue
            cards += more
        return cards
    return None


def _five_ranks(
    rng: random.Random, allowed_top: tuple[int, ...], below: Callable[[int], Sequence[int]]
) -> Iterable[tuple[int, ...]]:
    """Sets of five distinct ranks that are not a straight, top card from `allowed_top`:
    a few random ones first, then every one in random order."""
    tops = [t for t in allowed_top if len(below(t)) >= 4]
    if not tops:
        return
    for _ in range(_TRIES):
        top = rng.choice(tops)
        ranks = (top, *rng.sample(list(below(top)), 4))
        if not _is_straight(ranks):
            yield ranks
    for top in _ordered(tops, rng):
        combos = [
            (top, *c) for c in itertools.combinations(below(top), 4) if not _is_straight((top, *c))
        ]
        yield from _ordered(combos, rng)


def _below(rank: int) -> tuple[int, ...]:
    return tuple(r for r in RANKS if r < rank)


def hand_of(
    category: Category,
    rng: random.Random,
    *,
    exclude: Iterable[Card] = (),
    ranks: Iterable[int] | None = None,
) -> tuple[Card, ...]:
    """Five cards of exactly `category`, none of them in `exclude`.

    `ranks` limits the deciding rank: a pair's rank (the higher pair of two pair), the rank of
    the triple or the four, a straight's or a flush's top card, a high card hand's top card.
    Raises EngineError only when the cards left cannot make such a hand.

    >>> hand = hand_of(Category.ONE_PAIR, random.Random(4), ranks=[6, 7, 8, 9, 10])
    >>> value = evaluate_five(hand)
    >>> value.category.label, 6 <= value.ranks[0] <= 10
    ('one pair', True)
    """
    free = set(remaining(exclude))
    allowed = _allowed(ranks)
    cards = _BUILDERS[category](rng, free, allowed)
    if cards is None:
        raise EngineError(
            f"The cards left cannot make a {category.label}"
            + (f" with a deciding rank among {list(allowed)}." if ranks is not None else ".")
        )
    rng.shuffle(cards)
    return tuple(cards)


def _royal(rng: random.Random, free: set[Card], allowed: tuple[int, ...]) -> list[Card] | None:
    if ACE not in allowed:
        return None
    return _straight_flush_of([ACE], rng, free)


def _straight_flush(
    rng: random.Random, free: set[Card], allowed: tuple[int, ...]
) -> list[Card] | None:
    return _straight_flush_of([t for t in allowed if 5 <= t <= KING], rng, free)


def _straight_flush_of(tops: list[int], rng: random.Random, free: set[Card]) -> list[Card] | None:
    for top, suit in _ordered(itertools.product(tops, range(4)), rng):
        cards = [c for c in _BY_SUIT[suit] if c.rank in _STRAIGHTS[top]]
        if all(c in free for c in cards):
            return cards
    return None


def _flush(rng: random.Random, free: set[Card], allowed: tuple[int, ...]) -> list[Card] | None:
    for suit in _ordered(range(4), rng):
        have = {c.rank: c for c in _BY_SUIT[suit] if c in free}
        ranks_here = tuple(sorted(have))

        def below(top: int, ranks_here: tuple[int, ...] = ranks_here) -> tuple[int, ...]:
            return tuple(r for r in ranks_here if r < top)

        tops = tuple(t for t in allowed if t in have)
        for chosen in _five_ranks(rng, tops, below):
            return [have[r] for r in chosen]
    return None


def _straight(rng: random.Random, free: set[Card], allowed: tuple[int, ...]) -> list[Card] | None:
    for top in _ordered([t for t in allowed if t >= 5], rng):
        cards = _offsuit(_STRAIGHTS[top], rng, free)
        if cards is not None:
            return cards
    return None


def _high(rng: random.Random, free: set[Card], allowed: tuple[int, ...]) -> list[Card] | None:
    present = tuple(r for r in RANKS if any(c in free for c in _BY_RANK[r]))

    def below(top: int) -> tuple[int, ...]:
        return tuple(r for r in present if r < top)

    tops = tuple(t for t in allowed if t in present)
    for chosen in _five_ranks(rng, tops, below):
        cards = _offsuit(chosen, rng, free)
        if cards is not None:
            return cards
    return None


def _grouped(counts: tuple[int, ...]) -> Builder:
    def build(rng: random.Random, free: set[Card], allowed: tuple[int, ...]) -> list[Card] | None:
        return _groups(counts, allowed, rng, free)

    return build


_BUILDERS: dict[Category, Builder] = {
    Category.ROYAL_FLUSH: _royal,
    Category.STRAIGHT_FLUSH: _straight_flush,
    Category.FOUR_OF_A_KIND: _grouped((4, 1)),
    Category.FULL_HOUSE: _grouped((3, 2)),
    Category.FLUSH: _flush,
    Category.STRAIGHT: _straight,
    Category.THREE_OF_A_KIND: _grouped((3, 1, 1)),
    Category.TWO_PAIR: _grouped((2, 2, 1)),
    Category.ONE_PAIR: _grouped((2, 1, 1, 1)),
    Category.HIGH_CARD: _high,
}


def high_card(
    rng: random.Random, *, top: Sequence[int], exclude: Iterable[Card] = ()
) -> tuple[Card, ...]:
    """A high card hand whose highest ranks are exactly `top` (highest first), the other cards
    below them: `top=(ACE, KING)` is A-K high, the weakest hand a banked-stud dealer
    qualifies with; `top=(ACE, QUEEN)` is A-Q high, holding no king.

    >>> value = evaluate_five(high_card(random.Random(3), top=(14, 12)))
    >>> value.category.label, value.ranks[:2]
    ('high card', (14, 12))
    """
    head = tuple(top)
    if not 1 <= len(head) <= 5 or list(head) != sorted(set(head), reverse=True):
        raise EngineError(f"top must be distinct ranks, highest first; {head!r} is not.")
    free = set(remaining(exclude))
    rest = [r for r in RANKS if r < head[-1] and any(c in free for c in _BY_RANK[r])]
    need = 5 - len(head)

    def candidates() -> Iterable[tuple[int, ...]]:
        if need == 0:
            yield head
            return
        if len(rest) < need:
            return
        for _ in range(_TRIES):
            yield (*head, *rng.sample(rest, need))
        combos = list(itertools.combinations(rest, need))
        rng.shuffle(combos)
        for c in combos:
            yield (*head, *c)

    for ranks in candidates():
        if _is_straight(ranks):
            continue
        cards = _offsuit(ranks, rng, free)
        if cards is not None:
            rng.shuffle(cards)
            return tuple(cards)
    raise EngineError(f"The cards left cannot make a high card hand topped by {list(head)}.")


def cards_of_ranks(
    ranks: Sequence[int], rng: random.Random, *, exclude: Iterable[Card] = ()
) -> tuple[Card, ...]:
    """One card of each listed rank (a rank listed twice gives two cards of it), in suits
    chosen at random among the cards left, in the order listed.  No check is made for a
    straight or a flush: this builds up cards and partial hands.

    >>> [c.rank for c in cards_of_ranks([9, 9, 13], random.Random(1))]
    [9, 9, 13]
    """
    free = set(remaining(exclude))
    wanted: dict[int, int] = {}
    for r in ranks:
        if r not in _BY_RANK:
            raise EngineError(f"{r!r} is not a rank: ranks run from 2 to 14 (ace).")
        wanted[r] = wanted.get(r, 0) + 1
    picked: dict[int, list[Card]] = {}
    for r, n in wanted.items():
        got = _of_rank(r, n, rng, free)
        if got is None:
            raise EngineError(f"The cards left hold fewer than {n} of rank {r}.")
        picked[r] = got
    return tuple(picked[r].pop() for r in ranks)


def tie_for(
    cards: Sequence[Card], rng: random.Random, *, exclude: Iterable[Card] = ()
) -> tuple[Card, ...] | None:
    """Other cards of the same ranks whose best five has the same value: an exact tie with
    `cards` (five to seven of them; suits never break a tie).  A flush is matched by the same
    ranks in another suit.  None when the deck cannot make one (a triple or a four cannot be
    matched; exclusions may leave no suits).

    >>> from ..cards import parse_cards
    >>> mine = parse_cards("Kh Kd 9c 6s 2h")
    >>> other = tie_for(mine, random.Random(5))
    >>> evaluate_five(other) == evaluate_five(mine), set(other) & set(mine)
    (True, set())
    """
    hand = tuple(cards)
    value, five = best_five(hand)
    free = set(remaining((*exclude, *hand)))
    flush = value.category in (Category.FLUSH, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH)
    suited_ranks = {c.rank for c in five}
    for _ in range(_TRIES):
        out: list[Card] = []
        counts: dict[int, int] = {}
        for c in hand:
            if flush and c in five:
                continue
            counts[c.rank] = counts.get(c.rank, 0) + 1
        pool = set(free)
        if flush:
            suit = rng.randrange(4)
            out = [c for c in _BY_SUIT[suit] if c.rank in suited_ranks]
            if not all(c in pool for c in out):
                continue
            pool -= set(out)
        for rank, n in counts.items():
            got = _of_rank(rank, n, rng, pool)
            if got is None:
                break
            out += got
        else:
            if best_five(out)[0] == value:
                rng.shuffle(out)
                return tuple(out)
    return None
