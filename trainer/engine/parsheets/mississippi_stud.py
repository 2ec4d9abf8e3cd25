"""The Mississippi Stud par sheet: every two-card start and every ordered run of three
community cards, the player betting 3, 2 or 1 × Ante or folding before each community card by
expected value."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from ..cards import Card
from ..errors import EngineError
from ..games.enumerations import MississippiStudSheet
from ..games.mississippi_stud import SLUG
from ..games.mississippi_stud import Outcome as StudOutcome
from ..games.mississippi_stud import settle as settle_mississippi
from ..hands import DISTINCT_STRENGTHS, Category, hand_value
from ..paytables import MISSISSIPPI_STUD_ROWS, Paytable, PaytableError
from .arrays import _combos, _lookup, _strengths, _sub_ranks, _sum_into
from .sheet import ParSheet, Progress, _deck, paytable_key

#: Mississippi Stud streets, in the order they are bet
STREETS = ("3rd Street", "4th Street", "5th Street")
#: a street decision: bet 3, 2 or 1 × Ante, or fold.  Listed in the order ties are broken:
#: equal values go to betting, and to the larger bet
_STREET_CHOICES = (3, 2, 1, 0)
_FOLD = 3  # index of the fold in _STREET_CHOICES


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
    game: str = SLUG,
) -> ParSheet:
    """The exact Mississippi Stud par sheet of `paytable` under optimal play, filed under
    `game` (the game's slug unless a variant's enumeration says otherwise).

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
        game=game,
        paytable=paytable.name,
        house_edge=edge,
        average_bet=average,
        element_of_risk=edge / average,
        outcomes=tuple(outcomes),
        decisions=decisions,
        combinations=deals,
        key=paytable_key(paytable, MississippiStudSheet(game), deck=deck),
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
