"""The enumerations' machinery on numpy arrays: k-card sets listed in colex order and their
subsets' indices, an exact scatter-add, and a vectorised five-card evaluator that agrees with
`hands.evaluate_five` (it is built by asking it)."""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..cards import ALL_CARDS, PRIMES, Card
from ..hands import DISTINCT_STRENGTHS, evaluate_five

# --- combinatorics on arrays -----------------------------------------------------------------
#
# A deck of n cards is numbered 0..n-1 (its positions); a k-card set is a sorted row of
# positions, and all k-sets are listed in colex order, so that the set {c0 < c1 < ...} sits at
# index C(c0, 1) + C(c1, 2) + ... .  That index is how a set finds its subsets' entries.

_BINOM = np.array([[math.comb(n, k) for k in range(7)] for n in range(53)], dtype=np.int64)


def _combos(n: int, k: int) -> np.ndarray:
    """Every k-subset of range(n) in colex order, as a (C(n, k), k) int8 array."""
    rows = np.arange(n, dtype=np.int8)[:, None]
    for size in range(2, k + 1):
        blocks = []
        for top in range(size - 1, n):
            head = rows[: math.comb(top, size - 1)]
            blocks.append(np.hstack([head, np.full((len(head), 1), top, dtype=np.int8)]))
        rows = np.concatenate(blocks)
    return rows


def _rank(rows: np.ndarray, columns: Sequence[int]) -> np.ndarray:
    """Colex index of the subset of each sorted row made of `columns` (positions in the row)."""
    out = np.zeros(len(rows), dtype=np.int64)
    for j, column in enumerate(columns):
        out += _BINOM[rows[:, column], j + 1]
    return out


def _sub_ranks(rows: np.ndarray) -> np.ndarray:
    """For each k-set row, the colex indices of its k subsets of size k - 1 (drop column j)."""
    k = rows.shape[1]
    return np.stack([_rank(rows, [c for c in range(k) if c != j]) for j in range(k)], axis=1)


def _sum_into(index: np.ndarray, weights: np.ndarray, size: int) -> np.ndarray:
    """Exact integer scatter-add: float bincount when every partial sum stays below 2**53."""
    weights = np.asarray(weights, dtype=np.int64)
    bound = int(np.abs(weights).max(initial=0)) * len(weights)
    if bound < 2**53:
        out = np.bincount(index, weights=weights, minlength=size)
        return np.rint(out).astype(np.int64)
    out = np.zeros(size, dtype=np.int64)  # pragma: no cover - tables beyond any house's
    np.add.at(out, index, weights)  # pragma: no cover
    return out  # pragma: no cover


# --- a vectorised five-card evaluator that agrees with hands.evaluate_five --------------------


@dataclass(frozen=True)
class _Lookup:
    keys: np.ndarray  # sorted products of rank primes (hands without a flush)
    strengths: np.ndarray  # their strengths
    flush: np.ndarray  # rank bits of a flush -> strength
    sample: dict[int, tuple[Card, ...]]  # one hand of each strength


@functools.cache
def _lookup() -> _Lookup:
    """Tables built by asking `evaluate_five` once about every distinct five-card strength."""
    products, strengths, sample = [], [], {}
    flush = np.zeros(1 << 13, dtype=np.int16)
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        counts = [ranks.count(r) for r in ranks]
        if max(counts) > 4:
            continue
        # the i-th card of a rank takes suit i: never a flush once one suit is bumped
        suits = [ranks[:j].count(r) for j, r in enumerate(ranks)]
        if len(set(ranks)) == 5:
            suits[-1] = 1
            flushed = tuple(ALL_CARDS[r * 4] for r in ranks)
            value = evaluate_five(flushed)
            flush[sum(1 << r for r in ranks)] = value.strength
            sample[value.strength] = flushed
        cards = tuple(ALL_CARDS[r * 4 + s] for r, s in zip(ranks, suits, strict=True))
        value = evaluate_five(cards)
        products.append(math.prod(PRIMES[r] for r in ranks))
        strengths.append(value.strength)
        sample[value.strength] = cards
    order = np.argsort(products)
    assert len(sample) == DISTINCT_STRENGTHS
    return _Lookup(
        np.array(products, dtype=np.int64)[order],
        np.array(strengths, dtype=np.int16)[order],
        flush,
        sample,
    )


_PRIME_ARRAY = np.array(PRIMES, dtype=np.int64)


def _strengths(cards: np.ndarray, chunk: int = 1 << 19) -> np.ndarray:
    """The `HandValue.strength` of each row of five card indices (`Card.index`, 0..51)."""
    table = _lookup()
    out = np.empty(len(cards), dtype=np.int16)
    for start in range(0, len(cards), chunk):
        part = cards[start : start + chunk].astype(np.int64)
        ranks, suits = part >> 2, part & 3
        product = _PRIME_ARRAY[ranks].prod(axis=1)
        values = table.strengths[np.searchsorted(table.keys, product)]
        flushed = (suits == suits[:, :1]).all(axis=1)
        if flushed.any():
            bits = (np.int64(1) << ranks[flushed]).sum(axis=1)
            values[flushed] = table.flush[bits]
        out[start : start + chunk] = values
    return out
