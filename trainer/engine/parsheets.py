"""Par sheets: the exact house edge of a paytable under optimal play, by complete enumeration.

Mississippi Stud: every two-card start and every ordered run of three community cards
(1,326 × 50 × 49 × 48 deals), the player folding or betting 1, 2 or 3 × Ante before each
community card by expected value.  Caribbean Stud and Casino Stud Poker: every player hand,
dealer up card and dealer hand (C(52,5) × 47 × C(46,4) combinations), the player raising or
folding by expected value knowing the up card.  Equal values go to betting, and to the larger
bet.  Every figure is an exact `Fraction`; `ParSheet.as_dict()` gives decimals for display.

The rules come from the game modules, never restated here: what a final Mississippi Stud hand
pays is `mississippi_stud.settle`'s answer, the dealer qualifies at `LOWEST_QUALIFIER`, the
second bet wins at `Paytable.odds_for` of the player's category.

A reduced deck (`deck=`, ranks × suits) runs the same machinery in well under a second, which
is how the tests check it against a brute-force reference:

>>> from .paytables import MISSISSIPPI_STUD_BASE
>>> small = parse_cards("Ac Ad Ah 4c 4d 4h Tc Td Th Jc Jd Jh Kc Kd Kh")
>>> sheet = mississippi_stud_parsheet(MISSISSIPPI_STUD_BASE, deck=small)
>>> sheet.combinations == 105 * 13 * 12 * 11, sum(p for _, p in sheet.outcomes)
(True, Fraction(1, 1))
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from .cards import ALL_CARDS, PRIMES, Card, parse_cards  # noqa: F401 (doctests use it)
from .errors import EngineError
from .games.banked_stud import CARIBBEAN, CASINO, LOWEST_QUALIFIER, Profile
from .games.mississippi_stud import Outcome as StudOutcome
from .games.mississippi_stud import settle as settle_mississippi
from .hands import DISTINCT_STRENGTHS, Category, evaluate_five, hand_value
from .house import HouseRules
from .paytables import BANKED_STUD_ROWS, MISSISSIPPI_STUD_ROWS, Band, Paytable, PaytableError

__all__ = [
    "MISSISSIPPI",
    "ParSheet",
    "Progress",
    "banked_stud_parsheet",
    "mississippi_stud_parsheet",
    "paytable_key",
]

#: the `game` of a Mississippi Stud par sheet (as in rulings)
MISSISSIPPI = "mississippi-stud"
#: bumped whenever a change here could change a computed figure, so stored keys go stale
_METHOD_VERSION = 1

Progress = Callable[[int, int], None]

#: Mississippi Stud streets, in the order they are bet
STREETS = ("3rd Street", "4th Street", "5th Street")
#: a street decision: bet 3, 2 or 1 × Ante, or fold.  Listed in the order ties are broken:
#: equal values go to betting, and to the larger bet
_STREET_CHOICES = (3, 2, 1, 0)
_FOLD = 3  # index of the fold in _STREET_CHOICES


@dataclass(frozen=True)
class ParSheet:
    """The par sheet of one paytable: exact figures per Ante under optimal play.

    `house_edge` is the house's expected win per Ante (below zero the player has the edge:
    see `player_edge`); `average_bet` the expected total stake in Antes; `element_of_risk`
    house edge / average bet.  `outcomes` are the probabilities of the final results (they add
    up to 1).  `decisions` holds, per decision point, the share of each choice among the hands
    that reach it.  `combinations` is the number of equally likely deals enumerated.
    """

    game: str
    paytable: str
    house_edge: Fraction
    average_bet: Fraction
    element_of_risk: Fraction
    outcomes: tuple[tuple[str, Fraction], ...]
    decisions: tuple[tuple[str, tuple[tuple[str, Fraction], ...]], ...]
    combinations: int
    #: `paytable_key` of what was computed: equal keys, equal figures
    key: str

    @property
    def player_edge(self) -> bool:
        """True when the table favours the player (a house edge below zero)."""
        return self.house_edge < 0

    @property
    def expected_return(self) -> Fraction:
        """The player's expected net per Ante (minus the house edge)."""
        return -self.house_edge

    def outcome(self, name: str) -> Fraction:
        for label, probability in self.outcomes:
            if label == name:
                return probability
        raise KeyError(name)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: decimals as floats, plus exact fractions as "numerator/denominator"."""
        return {
            "game": self.game,
            "paytable": self.paytable,
            "key": self.key,
            "house_edge": float(self.house_edge),
            "house_edge_exact": _exact(self.house_edge),
            "player_edge": self.player_edge,
            "average_bet": float(self.average_bet),
            "average_bet_exact": _exact(self.average_bet),
            "element_of_risk": float(self.element_of_risk),
            "element_of_risk_exact": _exact(self.element_of_risk),
            "outcomes": [
                {"name": name, "probability": float(p), "exact": _exact(p)}
                for name, p in self.outcomes
            ],
            "decisions": [
                {
                    "street": street,
                    "choices": [
                        {"choice": choice, "share": float(p), "exact": _exact(p)}
                        for choice, p in choices
                    ],
                }
                for street, choices in self.decisions
            ],
            "combinations": self.combinations,
        }


def _exact(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


# --- keys ------------------------------------------------------------------------------------


def paytable_key(
    paytable: Paytable,
    game: str | Profile = MISSISSIPPI,
    *,
    call_multiple: int | None = None,
    deck: Sequence[Card] | None = None,
) -> str:
    """A stable hash of everything a par sheet depends on: the game, the odds of every row
    (reduced: 4 to 2 is 2 to 1), the pair bands (Mississippi Stud) or the call multiple (banked
    games).  The table's name and bet unit do not change the figures and are left out.

    >>> from .paytables import MISSISSIPPI_STUD_BASE
    >>> paytable_key(MISSISSIPPI_STUD_BASE) == paytable_key(MISSISSIPPI_STUD_BASE)
    True
    >>> paytable_key(MISSISSIPPI_STUD_BASE) == paytable_key(MISSISSIPPI_STUD_BASE, CARIBBEAN)
    False
    """
    name = game.game if isinstance(game, Profile) else game
    data: dict[str, Any] = {
        "method": _METHOD_VERSION,
        "game": name,
        "rows": [[c.label, _exact(Fraction(o.win, o.to))] for c, o in paytable.rows],
    }
    if name == MISSISSIPPI:
        if call_multiple is not None:
            raise EngineError("Mississippi Stud has no call multiple.")
        data["pair_band"] = _band(paytable.pair_band)
        data["push_band"] = _band(paytable.push_band)
    else:
        profile = _profile(game)
        data["call_multiple"] = _multiple(profile, call_multiple)
    if deck is not None:
        data["deck"] = sorted(c.index for c in _deck(deck))
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _band(band: Band | None) -> list[int] | None:
    return None if band is None else [band.low, band.high]


def _profile(game: str | Profile) -> Profile:
    if isinstance(game, Profile):
        return game
    for profile in (CARIBBEAN, CASINO):
        if profile.game == game:
            return profile
    raise EngineError(
        f"'{game}' has no par sheet: use mississippi-stud, caribbean-stud or casino-stud."
    )


def _multiple(profile: Profile, call_multiple: int | None) -> int:
    default = profile.multiple(HouseRules())
    if call_multiple is None:
        return default
    if isinstance(call_multiple, bool) or not isinstance(call_multiple, int) or call_multiple < 1:
        raise EngineError(
            f"The call multiple must be a whole number from 1; {call_multiple!r} is not."
        )
    if profile.fixed_multiple is not None and call_multiple != profile.fixed_multiple:
        raise EngineError(
            f"{profile.title}'s {profile.second_bet} is always {profile.fixed_multiple} × Ante."
        )
    return call_multiple


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
    out = np.zeros(size, dtype=np.int64)  # pragma: no cover - tables beyond any casino's
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


def _deck(deck: Sequence[Card] | None) -> tuple[Card, ...]:
    if deck is None:
        return ALL_CARDS
    cards = tuple(deck)
    if not all(isinstance(c, Card) for c in cards) or len(set(cards)) != len(cards):
        raise EngineError("A par sheet's deck must be distinct cards.")
    return tuple(sorted(cards, key=lambda c: c.index))


# --- Mississippi Stud ------------------------------------------------------------------------


def _mississippi_returns(paytable: Paytable) -> tuple[np.ndarray, int, np.ndarray, list[str]]:
    """Per strength: the net return per unit staked × `scale` (a whole number), the outcome
    row it counts under, and the outcome names.  Each distinct (category, pair rank) is
    settled once by `mississippi_stud.settle`, so the pair bands are the game's own."""
    ante = math.lcm(paytable.bet_unit, *(o.to for _, o in paytable.rows))
    scale = math.lcm(*(o.to for _, o in paytable.rows))
    paying = [c for c, _ in paytable.rows]
    names = [c.label for c in paying] + ["push", "loss"]
    table = _lookup()
    returns = np.zeros(DISTINCT_STRENGTHS + 1, dtype=np.int64)
    rows = np.zeros(DISTINCT_STRENGTHS + 1, dtype=np.int64)
    settled: dict[tuple[Category, int], tuple[int, int]] = {}
    for strength in range(1, DISTINCT_STRENGTHS + 1):
        value = hand_value(strength)
        pair = value.ranks[0] if value.category is Category.ONE_PAIR else 0
        key = (value.category, pair)
        if key not in settled:
            cards = table.sample[strength]
            s = settle_mississippi(cards[:2], cards[2:], [ante] * 4, paytable=paytable)
            if s.outcome is StudOutcome.WIN:
                assert s.odds is not None and s.profit * s.odds.to == s.stake * s.odds.win
                settled[key] = (scale * s.odds.win // s.odds.to, paying.index(value.category))
            elif s.outcome is StudOutcome.PUSH:
                settled[key] = (0, len(paying))
            else:
                settled[key] = (-scale, len(paying) + 1)
        returns[strength], rows[strength] = settled[key]
    return returns, scale, rows, names


def _best(options: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The best of the last axis and which one: the first of equal values (see
    _STREET_CHOICES for the order)."""
    choice = options.argmax(axis=-1)
    return np.take_along_axis(options, choice[..., None], axis=-1)[..., 0], choice


def mississippi_stud_parsheet(
    paytable: Paytable,
    *,
    progress: Progress | None = None,
    deck: Sequence[Card] | None = None,
) -> ParSheet:
    """The exact Mississippi Stud par sheet of `paytable` under optimal play.

    Backward induction over card *sets*: what is still to come depends only on which cards
    are known, not on their order or on which of them are private.  E5[4 cards] averages the
    return over the last card; a 5th Street bet of k with P already placed is worth
    (P + k) × E5, folding -P; and so on back to the two private cards, for every amount P the
    earlier streets can have placed.  A forward pass then follows the chosen decisions to
    the probability of every outcome.  `deck` (a reduced deck) exists for the tests.
    """
    problems = paytable.problems(MISSISSIPPI_STUD_ROWS)
    if problems:
        raise PaytableError(" ".join(problems))
    cards = _deck(deck)
    n = len(cards)
    if n < 5:
        raise EngineError("A Mississippi Stud deck needs at least 5 cards.")
    steps = 6

    def report(done: int) -> None:
        if progress is not None:
            progress(done, steps)

    returns, scale, rows, names = _mississippi_returns(paytable)
    index = np.array([c.index for c in cards], dtype=np.int64)
    hands = _combos(n, 5)
    strength = _strengths(index[hands])
    ret5 = returns[strength]
    sub5 = _sub_ranks(hands)  # each 5-set's five 4-subsets
    del hands
    report(1)
    fours = _combos(n, 4)
    sub4 = _sub_ranks(fours)
    threes = _combos(n, 3)
    sub3 = _sub_ranks(threes)
    n4, n3, n2 = len(fours), len(threes), math.comb(n, 2)
    del fours, threes
    report(2)

    # backward: values in units of 1 / (cards still to come × ... × scale)
    choices = np.array(_STREET_CHOICES, dtype=np.int64)
    left5, left4, left3 = n - 4, n - 3, n - 2  # cards the next reveal is drawn from
    sum5 = _sum_into(sub5.ravel(), np.repeat(ret5, 5), n4)  # Σ over the last card
    placed5 = np.arange(3, 8, dtype=np.int64)  # Ante + 3rd + 4th before 5th Street
    options = (placed5[None, :, None] + choices) * sum5[:, None, None]
    options[..., _FOLD] = -placed5 * left5 * scale
    value5, choice5 = _best(options)  # (n4, 5): by amount placed 3..7
    del options
    report(3)

    sum4 = np.stack(
        [_sum_into(sub4.ravel(), np.repeat(value5[:, p], 4), n3) for p in range(5)], axis=1
    )
    placed4 = np.arange(2, 5, dtype=np.int64)  # Ante + 3rd before 4th Street
    options = np.empty((n3, 3, 4), dtype=np.int64)
    for i, placed in enumerate(placed4):
        for j, k in enumerate(_STREET_CHOICES[:3]):
            options[:, i, j] = sum4[:, placed + k - 3]
        options[:, i, _FOLD] = -placed * left4 * left5 * scale
    value4, choice4 = _best(options)  # (n3, 3): by amount placed 2..4
    sum3 = np.stack(
        [_sum_into(sub3.ravel(), np.repeat(value4[:, p], 3), n2) for p in range(3)], axis=1
    )
    options = np.empty((n2, 4), dtype=np.int64)
    for j, k in enumerate(_STREET_CHOICES[:3]):
        options[:, j] = sum3[:, k - 1]
    options[:, _FOLD] = -left3 * left4 * left5 * scale
    value3, choice3 = _best(options)
    report(4)

    deals = n2 * left3 * left4 * left5
    ev = Fraction(int(value3.sum()), deals * scale)

    # forward: how many deals reach each (card set, amount placed), and where they end
    bet3 = choices[choice3]  # 0 on a fold
    reach4 = np.zeros((n3, 3), dtype=np.int64)  # by placed 2..4
    for j in range(3):
        placed = 1 + bet3[sub3[:, j]]
        live = placed > 1
        reach4[live, placed[live] - 2] += 1
    bet4 = choices[choice4]
    reach5 = np.zeros((n4, 5), dtype=np.int64)  # by placed 3..7
    rows4 = np.arange(n4)
    for j in range(4):
        sub = sub4[:, j]
        for i in range(3):
            paths = reach4[sub, i]
            k = bet4[sub, i]
            live = (k > 0) & (paths > 0)
            reach5[rows4[live], i + 2 + k[live] - 3] += paths[live]
    report(5)
    bet5 = choices[choice5]
    final = np.zeros(len(ret5), dtype=np.int64)  # deals ending on each 5-set
    staked = np.zeros(len(ret5), dtype=np.int64)  # the same, weighted by total stake
    for j in range(5):
        sub = sub5[:, j]
        for p in range(5):
            paths = reach5[sub, p]
            k = bet5[sub, p]
            final += np.where(k > 0, paths, 0)
            staked += np.where(k > 0, paths * (p + 3 + k), 0)

    fold3 = int((bet3 == 0).sum()) * left3 * left4 * left5
    fold4 = int((reach4 * (bet4 == 0)).sum()) * left4 * left5
    fold5 = int((reach5 * (bet5 == 0)).sum()) * left5
    lost_on_folds = (
        int((bet3 == 0).sum()) * left3 * left4 * left5
        + int((reach4 * (bet4 == 0) * placed4).sum()) * left4 * left5
        + int((reach5 * (bet5 == 0) * placed5).sum()) * left5
    )
    # the forward pass must find the value the backward pass promised
    forward = Fraction(int((ret5 * staked).sum()) - lost_on_folds * scale, deals * scale)
    assert forward == ev, (forward, ev)

    ended = _sum_into(rows[strength], final, len(names))  # deals by final outcome
    outcomes = [(name, Fraction(int(c), deals)) for name, c in zip(names, ended, strict=True)]
    outcomes += [
        (f"fold on {STREETS[0]}", Fraction(fold3, deals)),
        (f"fold on {STREETS[1]}", Fraction(fold4, deals)),
        (f"fold on {STREETS[2]}", Fraction(fold5, deals)),
    ]
    bets = (
        int(bet3.sum()) * left3 * left4 * left5
        + int((reach4 * bet4).sum()) * left4 * left5
        + int((reach5 * bet5).sum()) * left5
    )
    average = 1 + Fraction(bets, deals)
    decisions = (
        (STREETS[0], _shares(np.bincount(choice3, minlength=4))),
        (STREETS[1], _shares(np.bincount(choice4.ravel(), weights=reach4.ravel(), minlength=4))),
        (STREETS[2], _shares(np.bincount(choice5.ravel(), weights=reach5.ravel(), minlength=4))),
    )
    report(6)
    edge = -ev
    return ParSheet(
        game=MISSISSIPPI,
        paytable=paytable.name,
        house_edge=edge,
        average_bet=average,
        element_of_risk=edge / average,
        outcomes=tuple(outcomes),
        decisions=decisions,
        combinations=deals,
        key=paytable_key(paytable, deck=deck),
    )


def _shares(counts: np.ndarray) -> tuple[tuple[str, Fraction], ...]:
    """Shares of fold, 1×, 2×, 3× from counts in _STREET_CHOICES order."""
    whole = [int(round(float(c))) for c in counts]
    total = sum(whole)
    labels = {3: "3x", 2: "2x", 1: "1x", 0: "fold"}
    by_choice = dict(zip(_STREET_CHOICES, whole, strict=True))
    return tuple(
        (labels[k], Fraction(by_choice[k], total) if total else Fraction(0)) for k in (0, 1, 2, 3)
    )


# --- Caribbean Stud and Casino Stud Poker ----------------------------------------------------

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
        return (np.int64(1) << self.hands).sum(axis=1)


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
) -> ParSheet:
    """The exact par sheet of Caribbean Stud (`CARIBBEAN`) or Casino Stud Poker (`CASINO`)
    under optimal play knowing the dealer's up card.  `call_multiple` defaults to the game's
    (the house-rule default 2 for Caribbean; Casino's Raise is always 2).  Payout caps are
    not modelled: they depend on the size of the Ante.

    For a player hand P and up card u the raise is worth, per dealer hand: +1 if the dealer
    does not qualify, 1 + multiple × odds if P beats a qualifying dealer, 0 on a tie and
    -(1 + multiple) on a loss; folding is worth -1.  So all it takes is, for each (P, u),
    how many dealer hands holding u and none of P's cards are weaker than P, equal, or do not
    qualify.  Hands are swept weakest first while a table counts, for every set S of at most
    four cards and every card u, the weaker hands holding S and u; inclusion-exclusion over
    the subsets of P then counts those that avoid P.  Ties come from the hands of P's own
    strength directly; only one player hand of each suit pattern is asked (134,459 of them).
    """
    profile = _profile(profile)
    problems = paytable.problems(BANKED_STUD_ROWS)
    if problems:
        raise PaytableError(" ".join(problems))
    multiple = _multiple(profile, call_multiple)
    cards = _deck(deck)
    n = len(cards)
    ranks = {c.rank for c in cards}
    suits = {c.suit for c in cards}
    if n < 10 or n != len(ranks) * len(suits):
        raise EngineError(
            "A banked stud par sheet needs at least 10 cards, every suit of each rank."
        )

    scale = math.lcm(*(o.to for _, o in paytable.rows))
    #: per category order (1 high card .. 10 royal): what a winning raise pays per Ante × scale
    win = np.zeros(11, dtype=np.int64)
    for category in Category:
        odds = paytable.odds_for(category)
        assert odds is not None
        win[category.order] = scale + multiple * scale * odds.win // odds.to
    order_of = np.array(
        [0] + [hand_value(s).category.order for s in range(1, DISTINCT_STRENGTHS + 1)],
        dtype=np.int64,
    )
    qualify = LOWEST_QUALIFIER.strength

    hands = _combos(n, 5)
    n5 = len(hands)
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
    rep_strength, weight, rep_bits = reps.strength, reps.weight, reps.bits

    # per (player hand, up card): dealer hands by result, then the better decision
    dealer_hands = math.comb(n - 6, 4)
    ups = n - 5
    counts: dict[str, Any] = {"win": [0] * 11, "nq": 0, "push": 0, "loss": 0, "fold": 0}
    raised = 0
    total_value = 0
    for start in range(0, len(weight), 4096):
        stop = min(start + 4096, len(weight))
        rows = rep_rows[start:stop]
        nq = np.einsum("psu,s->pu", not_qualifying[rows], signs).astype(np.int64)
        live = ((rep_bits[start:stop, None] >> np.arange(n)) & 1) == 0
        can_win = (rep_strength[start:stop] >= qualify)[:, None]
        weaker = less[start:stop].astype(np.int64)
        tie = np.where(can_win, ties[start:stop], 0).astype(np.int64)
        wins = np.where(can_win, weaker - nq, 0)
        losses = dealer_hands - nq - wins - tie
        category = order_of[rep_strength[start:stop]]
        raise_value = nq * scale + wins * win[category][:, None] - losses * (1 + multiple) * scale
        fold_value = -dealer_hands * scale
        raises = (raise_value >= fold_value) & live
        folds = ~raises & live
        w = weight[start:stop].astype(np.int64)[:, None]
        total_value += int((w * np.where(raises, raise_value, 0)).sum())
        total_value += int((w * folds).sum()) * fold_value
        raised += int((w * raises).sum())
        counts["fold"] += int((w * folds).sum()) * dealer_hands
        counts["nq"] += int((w * raises * nq).sum())
        counts["push"] += int((w * raises * tie).sum())
        counts["loss"] += int((w * raises * losses).sum())
        won = (w * raises * wins).sum(axis=1)
        for c in range(1, 11):
            counts["win"][c] += int(won[category == c].sum())

    situations = n5 * ups
    combinations = situations * dealer_hands
    ev = Fraction(total_value, combinations * scale)
    outcomes = [(c.label, Fraction(int(counts["win"][c.order]), combinations)) for c in Category]
    outcomes += [
        ("dealer does not qualify", Fraction(counts["nq"], combinations)),
        ("push", Fraction(counts["push"], combinations)),
        ("loss", Fraction(counts["loss"], combinations)),
        ("fold", Fraction(counts["fold"], combinations)),
    ]
    # the outcome counts must account for every combination and the value found
    assert sum(p for _, p in outcomes) == 1
    paid = sum(int(counts["win"][c]) * int(win[c]) for c in range(1, 11)) + scale * (
        counts["nq"] - counts["loss"] * (1 + multiple) - counts["fold"]
    )
    assert Fraction(paid, combinations * scale) == ev
    raise_share = Fraction(raised, situations)
    average = 1 + multiple * raise_share
    edge = -ev
    second = profile.second_bet.lower()
    return ParSheet(
        game=profile.game,
        paytable=paytable.name,
        house_edge=edge,
        average_bet=average,
        element_of_risk=edge / average,
        outcomes=tuple(outcomes),
        decisions=(("after the deal", ((second, raise_share), ("fold", 1 - raise_share))),),
        combinations=combinations,
        key=paytable_key(paytable, profile, call_multiple=multiple, deck=deck),
    )


def parsheet_for(
    game: str,
    paytable: Paytable,
    *,
    call_multiple: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> ParSheet:
    """The par sheet of `paytable` for `game` ("mississippi-stud", "caribbean-stud" or
    "casino-stud"): the one entry point for the command line and the admin."""
    if game == MISSISSIPPI:
        if call_multiple is not None:
            raise EngineError("Mississippi Stud has no call multiple.")
        return mississippi_stud_parsheet(paytable, progress=progress)
    return banked_stud_parsheet(
        _profile(game), paytable, call_multiple=call_multiple, progress=progress
    )
