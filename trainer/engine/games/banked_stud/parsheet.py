"""The par sheets of the banked stud games, Caribbean Stud and Casino Stud Poker: every player
hand, dealer up card and dealer hand, the player raising or folding by expected value knowing
the up card; and `BankedStudSheet`, the record of it each game's registry entry holds.

>>> from ...paytables import CARIBBEAN_STUD_BASE
>>> BankedStudSheet(CARIBBEAN).key_inputs(CARIBBEAN_STUD_BASE, None)
{'call_multiple': 2}
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from ...cards import Card
from ...errors import EngineError
from ...hands import DISTINCT_STRENGTHS, Category, hand_value
from ...house import HouseRules
from ...messages import say
from ...parsheets.arrays import _combos, _rank, _strengths, _sum_into
from ...parsheets.counts import Counts, check_bound, counts_key
from ...parsheets.sheet import (
    Contribution,
    ParSheet,
    Progress,
    _deck,
    paytable_key,
    sheet_words,
)
from ...paytables import BANKED_STUD_ROWS, Paytable, PaytableError
from .rules import CARIBBEAN, LOWEST_QUALIFIER, Profile  # noqa: F401 (CARIBBEAN: the doctest)

#: the sheet's outcomes beside the hand categories, and what they pay, in its words
NO_QUALIFY, PUSH, LOSS, FOLD = sheet_words(
    say("dealer does not qualify"), say("push"), say("loss"), say("fold")
)
PUSHES, LOSES, ANTE_LOST = sheet_words(say("pushes"), say("loses"), say("Ante lost"))

#: subsets of a five-card hand of at most four cards: (positions, sign for inclusion-exclusion)
_SUBSETS = tuple(
    (s, (-1) ** len(s)) for size in range(5) for s in itertools.combinations(range(5), size)
)


def _suit_classes(cards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Hands equal up to renaming suits, as (first member, class size): two hands are alike
    exactly when the multisets of their per-suit rank masks are."""
    ranks, suits = cards.astype(np.int64) >> 2, cards.astype(np.int64) & 3
    masks = np.zeros((len(cards), 4), dtype=np.int64)
    for suit in range(4):
        masks[:, suit] = ((suits == suit).astype(np.int64) << ranks).sum(axis=1)
    masks.sort(axis=1)
    key = masks[:, 0] | masks[:, 1] << 13 | masks[:, 2] << 26 | masks[:, 3] << 39
    _, first, size = np.unique(key, return_index=True, return_counts=True)
    return first, size


def _subset_rows(hands: np.ndarray, offsets: list[int]) -> np.ndarray:
    """The counter-table row of each subset in _SUBSETS of each hand: (len(hands), 31)."""
    return np.stack([offsets[len(s)] + _rank(hands, s) for s, _ in _SUBSETS], axis=1)


def _update_index(hands: np.ndarray, offsets: list[int], n: int) -> np.ndarray:
    """Flat counter-table cells one hand adds 1 to: (subset S, card u) for every S of at most
    four of its cards and every card u of the hand outside S, 80 a hand, by the size of S:
    5 cells for the empty set, then 20, 30, 20 and 5."""
    rows = _subset_rows(hands, offsets)
    cells = []
    for i, (subset, _) in enumerate(_SUBSETS):
        for position in range(5):
            if position not in subset:
                cells.append(rows[:, i] * n + hands[:, position])
    return np.stack(cells, axis=1)


@dataclass(frozen=True)
class _Players:
    """One player hand of each suit pattern, weakest first: cards (deck positions), strength,
    how many hands share the pattern, and the cards as a bit mask."""

    hands: np.ndarray
    strength: np.ndarray
    weight: np.ndarray

    @property
    def bits(self) -> np.ndarray:
        bits: np.ndarray = (np.int64(1) << self.hands).sum(axis=1)
        return bits


def _sweep(
    n: int,
    hands: np.ndarray,
    strength: np.ndarray,
    reps: _Players,
    rep_rows: np.ndarray,
    offsets: list[int],
    progress: Progress | None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For each player hand of `reps` and each card u: how many hands holding u and none of
    the player's cards are weaker (`less`), of equal strength (`ties`), and the table of
    weaker-than-qualifying counts by (set, card) the caller asks for non-qualifiers.  Only
    players who can beat a qualifying dealer are asked for `less` and `ties`."""
    n5 = len(hands)
    signs = np.array([sign for _, sign in _SUBSETS], dtype=np.int32)
    order = np.argsort(strength, kind="stable")
    sorted_strength = strength[order]
    table_rows = offsets[-1] + math.comb(n, 4)
    table = np.zeros(table_rows * n, dtype=np.int32)
    grid = table.reshape(table_rows, n)

    # hands that cannot qualify are never compared with: count them in one go
    below = int(np.searchsorted(sorted_strength, LOWEST_QUALIFIER.strength))
    for start in range(0, below, 200_000):
        part = hands[order[start : min(below, start + 200_000)]].astype(np.int64)
        cells = _update_index(part, offsets, n).ravel()
        table += np.bincount(cells, minlength=table.size).astype(np.int32)
    not_qualifying = grid.copy()
    done = below
    if progress is not None:
        progress(done, n5)

    less = np.zeros((len(reps.hands), n), dtype=np.int32)
    ties = np.zeros((len(reps.hands), n), dtype=np.int32)
    rep_bits = reps.bits
    starts = np.flatnonzero(np.diff(sorted_strength[below:].astype(np.int64))) + below + 1
    bounds = [below, *starts.tolist(), n5]
    rep_bounds = np.searchsorted(reps.strength, sorted_strength[bounds[:-1]]).tolist()
    rep_bounds.append(len(reps.hands))
    small = offsets[3] * n  # the cells of sets of at most two cards
    chunk_start = below
    cells = np.empty((0, 80), dtype=np.int64)
    for g in range(len(bounds) - 1):
        lo, hi = bounds[g], bounds[g + 1]
        if hi > chunk_start + len(cells):
            # the table cells of the next stretch of hands, cut at a group boundary
            end = bounds[min(len(bounds) - 1, int(np.searchsorted(bounds, lo + 50_000)))]
            chunk_start = lo
            cells = _update_index(hands[order[lo : max(end, hi)]].astype(np.int64), offsets, n)
        r0, r1 = rep_bounds[g], rep_bounds[g + 1]
        if r1 > r0:
            # before this strength joins the table: the weaker hands, by inclusion-exclusion
            less[r0:r1] = np.einsum("psu,s->pu", grid[rep_rows[r0:r1]], signs)
            # equal strength: the hands of this group sharing no card with the player
            group = hands[order[lo:hi]].astype(np.int64)
            group_bits = (np.int64(1) << group).sum(axis=1)
            apart = (rep_bits[r0:r1, None] & group_bits[None, :]) == 0
            holds = np.zeros((hi - lo, n), dtype=np.float32)
            np.put_along_axis(holds, group, 1.0, axis=1)
            ties[r0:r1] = np.rint(apart.astype(np.float32) @ holds).astype(np.int32)
        mine = cells[lo - chunk_start : hi - chunk_start]
        # sets of up to two cards: a small corner of the table, counted whole
        table[:small] += np.bincount(mine[:, :55].ravel(), minlength=small).astype(np.int32)
        # three cards and a card: repeats within a group are possible, so add one by one
        np.add.at(table, mine[:, 55:75].ravel(), 1)
        # four cards and a card: that is the hand itself, so no cell repeats
        table[mine[:, 75:].ravel()] += 1
        if progress is not None and (hi - done >= 100_000 or hi == n5):
            done = hi
            progress(done, n5)
    return less, ties, not_qualifying


def banked_stud_parsheet(
    profile: Profile,
    paytable: Paytable,
    *,
    call_multiple: int | None = None,
    progress: Progress | None = None,
    deck: Sequence[Card] | None = None,
    payout_cap: Fraction | None = None,
) -> ParSheet:
    """The exact par sheet of a banked stud game's `profile` (Caribbean Stud's `CARIBBEAN`,
    Casino Stud Poker's `CASINO`, or a registered variant's) under optimal play knowing the
    dealer's up card.  `call_multiple` defaults to the game's
    (the house-rule default 2 for Caribbean; Casino's Raise is always 2).  Payout caps are
    not modelled here, for they depend on the size of the Ante: `payout_cap` is such a cap
    in Antes (the money cap over the Ante), what the second bet's winnings are held to.

    For a player hand P and up card u the raise is worth, per dealer hand: +1 if the dealer
    does not qualify, 1 + multiple × odds if P beats a qualifying dealer, 0 on a tie and
    -(1 + multiple) on a loss; folding is worth -1.  So all it takes is, for each (P, u),
    how many dealer hands holding u and none of P's cards are weaker than P, equal, or do not
    qualify.  Hands are swept weakest first while a table counts, for every set S of at most
    four cards and every card u, the weaker hands holding S and u; inclusion-exclusion over
    the subsets of P then counts those that avoid P.  Ties come from the hands of P's own
    strength directly; only one player hand of each suit pattern is asked (134,459 of them).

    This is the reference: the sweep runs for each table.  `banked_stud_fast` finds the same
    sheet from `banked_stud_counts`, which keep what the sweep found.
    """
    _check_rows(paytable)
    enumeration = BankedStudSheet(profile)
    multiple = enumeration.multiple(call_multiple)
    cards = _banked_deck(deck)
    n = len(cards)
    scale, win = _wins(paytable, multiple, n, _cap(profile, payout_cap))
    dealer_hands = math.comb(n - 6, 4)
    totals = _Totals()
    for chunk in _situations(cards, progress):
        nq, wins, tie, category = chunk.nq, chunk.wins, chunk.tie, chunk.category
        losses = dealer_hands - nq - wins - tie
        raise_value = nq * scale + wins * win[category][:, None] - losses * (1 + multiple) * scale
        fold_value = -dealer_hands * scale
        raises = (raise_value >= fold_value) & chunk.live
        totals.ties += int(
            (chunk.weight[:, None] * ((raise_value == fold_value) & chunk.live)).sum()
        )
        folds = ~raises & chunk.live
        w = chunk.weight[:, None]
        # by player hand first: a row's sum stays within int64 (see _wins), the whole in Python
        totals.value += sum((w * np.where(raises, raise_value, 0)).sum(axis=1).tolist())
        totals.value += int((w * folds).sum()) * fold_value
        totals.raised += int((w * raises).sum())
        totals.fold += int((w * folds).sum()) * dealer_hands
        totals.nq += int((w * raises * nq).sum())
        totals.push += int((w * raises * tie).sum())
        totals.loss += int((w * raises * losses).sum())
        won = (w * raises * wins).sum(axis=1)
        for c in range(1, 11):
            totals.win[c] += int(won[category == c].sum())
    key = paytable_key(
        paytable, enumeration, call_multiple=multiple, deck=deck, payout_cap=payout_cap
    )
    return _sheet(profile, paytable, key, n, multiple, scale, win, totals, payout_cap)


def banked_stud_counts(
    *, progress: Progress | None = None, deck: Sequence[Card] | None = None
) -> Counts:
    """What `banked_stud_fast` needs of any table and call multiple: the (player hand, up
    card) situations by what the raise's value depends on, (the player's category, and how
    many dealer hands do not qualify, lose to the player, tie), with how many situations
    share each.  They depend on the deck and the qualifier, never on the profile: Caribbean
    Stud and Casino Stud Poker share them.  355,167 kinds of situation for the full deck,
    where the sweep finds 6,319,573 (one player hand of each suit pattern by up card)."""
    cards = _banked_deck(deck)
    n = len(cards)
    bits = math.comb(n - 6, 4).bit_length()
    keys, weights = [], []
    for chunk in _situations(cards, progress):
        packed = chunk.category[:, None] << bits | chunk.nq
        packed = (packed << bits | chunk.wins) << bits | chunk.tie
        keys.append(packed[chunk.live])
        weights.append(np.broadcast_to(chunk.weight[:, None], chunk.live.shape)[chunk.live])
    unique, inverse = np.unique(np.concatenate(keys), return_inverse=True)
    weight = _sum_into(inverse, np.concatenate(weights), len(unique))
    mask = (1 << bits) - 1
    return Counts(
        _KIND,
        banked_counts_key(deck),
        None if deck is None else cards,
        {"qualifier": LOWEST_QUALIFIER.strength},
        {
            "category": (unique >> 3 * bits).astype(np.uint8),
            "nq": (unique >> 2 * bits & mask).astype(np.int32),
            "wins": (unique >> bits & mask).astype(np.int32),
            "tie": (unique & mask).astype(np.int32),
            "weight": weight,
        },
    )


def banked_counts_key(deck: Sequence[Card] | None = None) -> str:
    """The key of `banked_stud_counts(deck=deck)`."""
    return counts_key(
        _KIND, None if deck is None else _deck(deck), qualifier=LOWEST_QUALIFIER.strength
    )


def banked_stud_fast(
    profile: Profile,
    paytable: Paytable,
    counts: Counts,
    *,
    call_multiple: int | None = None,
    payout_cap: Fraction | None = None,
) -> ParSheet:
    """`banked_stud_parsheet(profile, paytable, call_multiple=..., deck=counts.deck)`, the
    same sheet to the last Fraction, from `counts` (`banked_stud_counts`) in a fraction of the
    time: each kind of situation is valued under this table and multiple, raised or folded as
    the reference decides, and the totals summed with its weight."""
    counts.check(_KIND, banked_counts_key(counts.deck))
    _check_rows(paytable)
    enumeration = BankedStudSheet(profile)
    multiple = enumeration.multiple(call_multiple)
    n = len(counts.cards)
    scale, win = _wins(paytable, multiple, n, _cap(profile, payout_cap))
    dealer_hands = math.comb(n - 6, 4)
    arrays = counts.arrays
    category = arrays["category"].astype(np.int64)
    nq, wins, tie = (arrays[name].astype(np.int64) for name in ("nq", "wins", "tie"))
    weight = arrays["weight"]
    losses = dealer_hands - nq - wins - tie
    raise_value = nq * scale + wins * win[category] - losses * (1 + multiple) * scale
    raises = raise_value >= -dealer_hands * scale
    raised = np.where(raises, weight, 0)
    totals = _Totals()
    totals.ties = int(weight[raise_value == -dealer_hands * scale].sum())
    totals.raised = int(raised.sum())
    folded = int(weight.sum()) - totals.raised
    totals.fold = folded * dealer_hands
    totals.nq, totals.push, totals.loss = (int(raised @ x) for x in (nq, tie, losses))
    for c in range(1, 11):
        mine = category == c
        totals.win[c] = int(raised[mine] @ wins[mine])
    totals.value = (
        scale * totals.nq
        + sum(int(win[c]) * totals.win[c] for c in range(1, 11))
        - (1 + multiple) * scale * totals.loss
        - scale * totals.fold
    )
    key = paytable_key(
        paytable, enumeration, call_multiple=multiple, deck=counts.deck, payout_cap=payout_cap
    )
    return _sheet(profile, paytable, key, n, multiple, scale, win, totals, payout_cap)


_KIND = "banked-stud"


def _banked_deck(deck: Sequence[Card] | None) -> tuple[Card, ...]:
    cards = _deck(deck)
    ranks = {c.rank for c in cards}
    suits = {c.suit for c in cards}
    if len(cards) < 10 or len(cards) != len(ranks) * len(suits):
        raise EngineError(
            "A banked stud par sheet needs at least 10 cards, every suit of each rank."
        )
    return cards


def _check_rows(paytable: Paytable) -> None:
    problems = paytable.problems(BANKED_STUD_ROWS)
    if problems:
        raise PaytableError(" ".join(problems))


def _cap(profile: Profile, payout_cap: Fraction | None) -> Fraction | None:
    """`payout_cap` checked: a cap in Antes, for a profile the house rule caps."""
    if payout_cap is None:
        return None
    if not profile.capped:
        raise EngineError(f"{profile.title} has no payout cap.")
    if payout_cap < 0:
        raise EngineError("A payout cap cannot be below zero.")
    return Fraction(payout_cap)


def _wins(
    paytable: Paytable, multiple: int, n: int, payout_cap: Fraction | None = None
) -> tuple[int, np.ndarray]:
    """The table's `scale` (the lcm of its odds' denominators, and the cap's) and, per
    category order (1 high card .. 10 royal), what a winning raise pays per Ante × scale:
    the Ante even money and the second bet at its odds, held to `payout_cap` Antes;
    PaytableError for a table whose figures would not fit int64."""
    scale = math.lcm(
        *(o.to for _, o in paytable.rows), 1 if payout_cap is None else payout_cap.denominator
    )
    win = np.zeros(11, dtype=np.int64)
    most = (1 + multiple) * scale
    for category in Category:
        odds = paytable.odds_for(category)
        assert odds is not None
        call = Fraction(multiple * odds.win, odds.to)
        if payout_cap is not None:
            call = min(call, payout_cap)
        paid = scale + int(call * scale)
        most = max(most, paid)
        win[category.order] = paid
    # a situation's value is at most `most` per dealer hand, and int64 holds the sums of one
    # player hand's: over n up cards, weighted by at most 24 hands of its suit pattern
    check_bound(most * math.comb(n - 6, 4) * n * 24)
    return scale, win


@dataclass
class _Totals:
    """What a table's decisions add up to over every (player hand, up card, dealer hand):
    the raise's value × scale (`value`), situations raised, and deals by outcome."""

    value: int = 0
    raised: int = 0
    fold: int = 0
    nq: int = 0
    push: int = 0
    loss: int = 0
    win: list[int] = field(default_factory=lambda: [0] * 11)
    #: situations weighted, where raising and folding are worth the same
    ties: int = 0


@dataclass(frozen=True)
class _Chunk:
    """Some player hands of distinct suit patterns by up card (p, n): the player's category
    (p,), how many hands share the pattern (p,), whether the up card is not the player's,
    and the dealer hands holding it and none of the player's cards by result."""

    category: np.ndarray
    weight: np.ndarray
    live: np.ndarray
    nq: np.ndarray
    wins: np.ndarray
    tie: np.ndarray


def _situations(cards: tuple[Card, ...], progress: Progress | None) -> Iterator[_Chunk]:
    """Every (player hand, up card) of `cards` by what the dealer's hands do against it,
    one suit pattern of player hand each, in chunks: what no table changes."""
    n = len(cards)
    order_of = np.array(
        [0] + [hand_value(s).category.order for s in range(1, DISTINCT_STRENGTHS + 1)],
        dtype=np.int64,
    )
    qualify = LOWEST_QUALIFIER.strength

    hands = _combos(n, 5)
    dealt = np.array([c.index for c in cards], dtype=np.int64)[hands]
    strength = _strengths(dealt)
    first, weight = _suit_classes(dealt)
    del dealt
    by_strength = np.argsort(strength[first], kind="stable")
    first, weight = first[by_strength], weight[by_strength]
    reps = _Players(hands[first].astype(np.int64), strength[first].astype(np.int64), weight)
    offsets = [0]
    for size in range(4):
        offsets.append(offsets[-1] + math.comb(n, size))
    rep_rows = _subset_rows(reps.hands, offsets)
    signs = np.array([sign for _, sign in _SUBSETS], dtype=np.int32)
    less, ties, not_qualifying = _sweep(n, hands, strength, reps, rep_rows, offsets, progress)
    del hands, strength
    rep_strength, rep_bits = reps.strength, reps.bits

    for start in range(0, len(weight), 4096):
        stop = min(start + 4096, len(weight))
        rows = rep_rows[start:stop]
        nq = np.einsum("psu,s->pu", not_qualifying[rows], signs).astype(np.int64)
        can_win = (rep_strength[start:stop] >= qualify)[:, None]
        weaker = less[start:stop].astype(np.int64)
        yield _Chunk(
            category=order_of[rep_strength[start:stop]],
            weight=weight[start:stop].astype(np.int64),
            live=((rep_bits[start:stop, None] >> np.arange(n)) & 1) == 0,
            nq=nq,
            wins=np.where(can_win, weaker - nq, 0),
            tie=np.where(can_win, ties[start:stop], 0).astype(np.int64),
        )


def _sheet(
    profile: Profile,
    paytable: Paytable,
    key: str,
    n: int,
    multiple: int,
    scale: int,
    win: np.ndarray,
    totals: _Totals,
    payout_cap: Fraction | None = None,
) -> ParSheet:
    """The sheet from the totals over every deal of a deck of n cards."""
    situations = math.comb(n, 5) * (n - 5)
    combinations = situations * math.comb(n - 6, 4)
    ev = Fraction(totals.value, combinations * scale)
    outcomes = [(c.label, Fraction(totals.win[c.order], combinations)) for c in Category]
    outcomes += [
        (NO_QUALIFY, Fraction(totals.nq, combinations)),
        (PUSH, Fraction(totals.push, combinations)),
        (LOSS, Fraction(totals.loss, combinations)),
        (FOLD, Fraction(totals.fold, combinations)),
    ]
    # the outcome counts must account for every combination and the value found
    assert sum(p for _, p in outcomes) == 1
    paid = sum(totals.win[c] * int(win[c]) for c in range(1, 11)) + scale * (
        totals.nq - totals.loss * (1 + multiple) - totals.fold
    )
    assert Fraction(paid, combinations * scale) == ev
    raise_share = Fraction(totals.raised, situations)
    average = 1 + multiple * raise_share
    edge = -ev
    second = profile.second_bet.lower()
    # each outcome's net in Antes: what the return column and the distribution read
    rows = []
    for c in reversed(Category):
        odds = paytable.odds_for(c)
        pays = f"{odds}" if payout_cap is None else f"{odds}, {second} held to {payout_cap} Antes"
        rows.append((c.label, totals.win[c.order], pays, Fraction(int(win[c.order]), scale)))
    rows += [
        (NO_QUALIFY, totals.nq, f"Ante 1:1, {second} pushes", Fraction(1)),
        (PUSH, totals.push, PUSHES, Fraction(0)),
        (LOSS, totals.loss, LOSES, Fraction(-1 - multiple)),
        (FOLD, totals.fold, ANTE_LOST, Fraction(-1)),
    ]
    contributions = tuple(
        Contribution(
            name, count, Fraction(count, combinations), pays, Fraction(count, combinations) * net
        )
        for name, count, pays, net in rows
    )
    assert sum(r.contribution for r in contributions) == ev
    return ParSheet(
        game=profile.game,
        paytable=paytable.name,
        house_edge=edge,
        average_bet=average,
        element_of_risk=edge / average,
        outcomes=tuple(outcomes),
        decisions=(("after the deal", ((second, raise_share), ("fold", 1 - raise_share))),),
        combinations=combinations,
        key=key,
        distribution=_distribution((net, count) for _, count, _, net in rows),
        contributions=contributions,
        ties=totals.ties,
        tie_share=Fraction(totals.ties, situations),
    )


def _distribution(
    nets: Iterable[tuple[Fraction, int]],
) -> tuple[tuple[Fraction, Fraction], ...]:
    """Deals by net result, merged and ascending, as probabilities."""
    merged: dict[Fraction, int] = {}
    for net, count in nets:
        if count:
            merged[net] = merged.get(net, 0) + count
    total = sum(merged.values())
    return tuple((net, Fraction(merged[net], total)) for net in sorted(merged))


# --- the record the games registry holds (`Game.enumeration`) ------------------------------


@dataclass(frozen=True)
class BankedStudSheet:
    """The banked stud enumeration (`banked_stud_parsheet`) of one `Profile`: every player
    hand, dealer up card and dealer hand.  Its figures depend on the call multiple (the
    profile's fixed one, or the house's)."""

    profile: Profile

    @property
    def game(self) -> str:
        """The name the sheet is filed under and its key hashes: the profile's game."""
        return self.profile.game

    def multiple(self, call_multiple: int | None) -> int:
        """The second bet in Antes the sheet is computed with: `call_multiple` checked against
        the profile, or the profile's default when None."""
        profile = self.profile
        if call_multiple is None:
            return profile.multiple(HouseRules())
        if (
            isinstance(call_multiple, bool)
            or not isinstance(call_multiple, int)
            or call_multiple < 1
        ):
            raise EngineError(
                f"The call multiple must be a whole number from 1; {call_multiple!r} is not."
            )
        if profile.fixed_multiple is not None and call_multiple != profile.fixed_multiple:
            raise EngineError(
                f"{profile.title}'s {profile.second_bet} is always {profile.fixed_multiple} × Ante."
            )
        return call_multiple

    def key_inputs(self, paytable: Paytable, call_multiple: int | None) -> dict[str, Any]:
        """What the sheet depends on besides the rows of `paytable`, for its key."""
        return {"call_multiple": self.multiple(call_multiple)}

    def compute(
        self,
        paytable: Paytable,
        *,
        call_multiple: int | None = None,
        progress: Progress | None = None,
        deck: Sequence[Card] | None = None,
    ) -> ParSheet:
        return banked_stud_parsheet(
            self.profile, paytable, call_multiple=call_multiple, progress=progress, deck=deck
        )

    def counts_key(self, *, deck: Sequence[Card] | None = None) -> str:
        """The key of the counts `fast` reads: every banked profile's is the same."""
        return banked_counts_key(deck)

    def precompute(
        self, *, progress: Progress | None = None, deck: Sequence[Card] | None = None
    ) -> Counts:
        return banked_stud_counts(progress=progress, deck=deck)

    def fast(
        self,
        paytable: Paytable,
        counts: Counts,
        *,
        call_multiple: int | None = None,
        payout_cap: Fraction | None = None,
    ) -> ParSheet:
        return banked_stud_fast(
            self.profile, paytable, counts, call_multiple=call_multiple, payout_cap=payout_cap
        )

    @property
    def cap_rule(self) -> str | None:
        """The house rule capping the second bet's winnings, for a profile it caps."""
        return "call_payout_cap" if self.profile.capped else None

    def capped_most(self, sheet: ParSheet) -> Fraction:
        """The largest second-bet win that happens, in Antes: the largest net less the
        Ante's even money (0 when no second bet wins)."""
        top = max((net for net, p in sheet.distribution if p), default=Fraction(0))
        return max(Fraction(0), top - 1)
