"""The Mississippi Stud par sheet: every two-card start and every ordered run of three
community cards, the player betting 3, 2 or 1 × Ante or folding before each community card by
expected value; and `MississippiStudSheet`, the record of it the game's registry entry holds.

>>> from ...paytables import MISSISSIPPI_STUD_BASE
>>> MississippiStudSheet().key_inputs(MISSISSIPPI_STUD_BASE, None)
{'pair_band': [11, 14], 'push_band': [6, 10]}
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from ...cards import Card
from ...errors import EngineError
from ...hands import DISTINCT_STRENGTHS, Category, hand_value
from ...messages import say
from ...parsheets.arrays import _combos, _lookup, _strengths, _sub_ranks, _sum_into
from ...parsheets.counts import Counts, check_bound, counts_key
from ...parsheets.sheet import (
    Contribution,
    ParSheet,
    Progress,
    _deck,
    paytable_key,
    sheet_words,
)
from ...paytables import MISSISSIPPI_STUD_ROWS, Band, Paytable, PaytableError
from .rules import SLUG
from .rules import Outcome as StudOutcome
from .rules import settle as settle_mississippi

#: Mississippi Stud streets, in the order they are bet
STREETS = (say("3rd Street"), say("4th Street"), say("5th Street"))
#: what a fold on each street is named in the sheet's return column, and what it loses
_FOLD_ON = dict(
    zip(
        STREETS,
        sheet_words(*(say("fold on %(street)s", street=street) for street in STREETS)),
        strict=True,
    )
)
_ANTE_LOST, _BETS_LOST = sheet_words(say("Ante lost"), say("Ante and bets lost"))
#: the rows beside the paying categories, and what they pay
_PUSH_LOSS = sheet_words(say("push"), say("loss"))
_PUSHES_LOSES = sheet_words(say("pushes"), say("loses"))
#: a street decision: bet 3, 2 or 1 × Ante, or fold.  Listed in the order ties are broken:
#: equal values go to betting, and to the larger bet
_STREET_CHOICES = (3, 2, 1, 0)
_FOLD = 3  # index of the fold in _STREET_CHOICES


@functools.cache
def _outcome_classes() -> tuple[np.ndarray, tuple[int, ...]]:
    """What a final hand's result can depend on, whatever the table and its bands: its
    category, and for one pair the pair's rank (22 classes).  Per strength its class, and one
    strength of each class, weakest first."""
    class_of = np.zeros(DISTINCT_STRENGTHS + 1, dtype=np.int64)
    samples: list[int] = []
    seen: dict[tuple[Category, int], int] = {}
    for strength in range(1, DISTINCT_STRENGTHS + 1):
        value = hand_value(strength)
        pair = value.ranks[0] if value.category is Category.ONE_PAIR else 0
        key = (value.category, pair)
        if key not in seen:
            seen[key] = len(samples)
            samples.append(strength)
        class_of[strength] = seen[key]
    return class_of, tuple(samples)


def _class_returns(paytable: Paytable) -> tuple[np.ndarray, int, np.ndarray, list[str]]:
    """Per outcome class (`_outcome_classes`): the net return per unit staked × `scale` (a
    whole number), the outcome row it counts under, and the outcome names.  Each class is
    settled once by `mississippi_stud.settle`, so the pair bands are the game's own."""
    ante = math.lcm(paytable.bet_unit, *(o.to for _, o in paytable.rows))
    scale = math.lcm(*(o.to for _, o in paytable.rows))
    paying = [c for c, _ in paytable.rows]
    names = [c.label for c in paying] + list(_PUSH_LOSS)
    table = _lookup()
    _, samples = _outcome_classes()
    returns = np.zeros(len(samples), dtype=np.int64)
    rows = np.zeros(len(samples), dtype=np.int64)
    for k, strength in enumerate(samples):
        cards = table.sample[strength]
        category = hand_value(strength).category
        s = settle_mississippi(cards[:2], cards[2:], [ante] * 4, paytable=paytable)
        if s.outcome is StudOutcome.WIN:
            assert s.odds is not None and s.profit * s.odds.to == s.stake * s.odds.win
            returns[k], rows[k] = scale * s.odds.win // s.odds.to, paying.index(category)
        elif s.outcome is StudOutcome.PUSH:
            returns[k], rows[k] = 0, len(paying)
        else:
            returns[k], rows[k] = -scale, len(paying) + 1
    return returns, scale, rows, names


def _mississippi_returns(paytable: Paytable) -> tuple[np.ndarray, int, np.ndarray, list[str]]:
    """`_class_returns` per strength rather than per class (the exposure figures read it)."""
    returns, scale, rows, names = _class_returns(paytable)
    class_of, _ = _outcome_classes()
    return returns[class_of], scale, rows[class_of], names


@dataclass(frozen=True)
class _Nets:
    """What a table pays, per outcome class (`_outcome_classes`) and per total stake a round
    that sees the last card ends with (`_STAKES`): the round's net in Antes (`net[s][c]`),
    held to a payout cap when there is one, and the same × `scale` as whole numbers
    (`weights`, (classes, stakes)); each class's outcome row, and the rows' names and pays."""

    net: tuple[tuple[Fraction, ...], ...]
    weights: np.ndarray
    scale: int
    rows: np.ndarray
    names: list[str]
    pays: list[str]


def _nets(paytable: Paytable, payout_cap: Fraction | None) -> _Nets:
    returns, scale, rows, names = _class_returns(paytable)
    if payout_cap is not None:
        scale = math.lcm(scale, Fraction(payout_cap).denominator)
        returns = returns * (scale // math.lcm(*(o.to for _, o in paytable.rows)))
    units = [Fraction(int(r), scale) for r in returns]
    net = []
    for stake in _STAKES.tolist():
        row = []
        for unit in units:
            value = stake * unit
            if payout_cap is not None and value > payout_cap:
                value = Fraction(payout_cap)  # the whole stake's profit, held to the cap
            row.append(value)
        net.append(tuple(row))
    weights = np.array([[int(v * scale) for v in row] for row in net], dtype=np.int64).T
    held = "" if payout_cap is None else f", held to {payout_cap} Antes"
    pays = [f"{o}{held}" for _, o in paytable.rows] + list(_PUSHES_LOSES)
    return _Nets(tuple(net), weights, scale, rows, names, pays)


def _check(paytable: Paytable, n: int, payout_cap: Fraction | None = None) -> None:
    """Refuse a table without the game's rows, and one whose figures would not fit int64:
    a deal's return is at most the largest × `scale` on a stake of at most 10 Antes, and the
    backward pass sums it over every deal (a cap only lowers what is paid, but its
    denominator may widen the scale)."""
    problems = paytable.problems(MISSISSIPPI_STUD_ROWS)
    if problems:
        raise PaytableError(" ".join(problems))
    if payout_cap is not None and payout_cap < 0:
        raise EngineError("A payout cap cannot be below zero.")
    scale = math.lcm(
        *(o.to for _, o in paytable.rows),
        1 if payout_cap is None else Fraction(payout_cap).denominator,
    )
    most = max(scale, *(scale * o.win // o.to for _, o in paytable.rows))
    check_bound(most * 10 * math.comb(n, 2) * math.perm(max(n - 2, 0), 3))


def _best(options: Sequence[np.ndarray | int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The best of `options` (arrays of one shape, or a number for every element), which one
    (the first of equal values: see _STREET_CHOICES for the order), and whether another is
    worth exactly as much (a tie).  Taken option by option: each is a contiguous array."""
    best = np.asarray(options[0])
    for option in options[1:]:
        best = np.maximum(best, option)
    equal = [best == option for option in options]
    choice = np.full(best.shape, len(options) - 1, dtype=np.int64)
    for j in range(len(options) - 2, -1, -1):
        choice[equal[j]] = j
    ties = equal[0].astype(np.int8)
    for mask in equal[1:]:
        ties += mask
    return best, choice, ties > 1


def mississippi_stud_parsheet(
    paytable: Paytable,
    *,
    progress: Progress | None = None,
    deck: Sequence[Card] | None = None,
    game: str = SLUG,
    payout_cap: Fraction | None = None,
) -> ParSheet:
    """The exact Mississippi Stud par sheet of `paytable` under optimal play, filed under
    `game` (the game's slug unless a variant's enumeration says otherwise).  `payout_cap`
    holds a round's profit to that many Antes (a house's cap in money over the Ante).

    Backward induction over card *sets*: what is still to come depends only on which cards
    are known, not on their order or on which of them are private.  E5[4 cards] averages the
    return over the last card; a 5th Street bet of k with P already placed is worth the
    return of a stake of P + k summed over the last card, folding -P; and so on back to the
    two private cards, for every amount P the earlier streets can have placed.  A forward
    pass then follows the chosen decisions to the probability of every outcome, and of every
    net result.  `deck` (a reduced deck) exists for the tests.

    This is the reference: every five-card set is settled here, for each table.
    `mississippi_stud_fast` finds the same sheet from `mississippi_stud_counts`.
    """
    cards = _deck(deck)
    n = len(cards)
    if n < 5:
        raise EngineError("A Mississippi Stud deck needs at least 5 cards.")
    _check(paytable, n, payout_cap)
    nets = _nets(paytable, payout_cap)
    steps = 6

    def report(done: int) -> None:
        if progress is not None:
            progress(done, steps)

    class_of, samples = _outcome_classes()
    index = np.array([c.index for c in cards], dtype=np.int64)
    hands = _combos(n, 5)
    kind = class_of[_strengths(index[hands])]
    sub5 = _sub_ranks(hands)  # each 5-set's five 4-subsets
    del hands
    report(1)
    sub4, sub3 = _subsets(n)
    report(2)
    # Σ over the last card of the return of each total stake; without a cap, stake × the
    # return of a stake of 1 (the smallest stake's weights over that stake, exactly)
    if payout_cap is None:
        per_unit = nets.weights[kind, 0] // int(_STAKES[0])
        unit = _sum_into(sub5.ravel(), np.repeat(per_unit, 5), len(sub4))
        by_stake = _STAKES[:, None] * unit[None, :]
    else:
        by_stake = np.stack(
            [
                _sum_into(sub5.ravel(), np.repeat(nets.weights[kind, s], 5), len(sub4))
                for s in range(len(_STAKES))
            ]
        )
    report(3)
    plan = _backward(by_stake, sub4, sub3, n, nets.scale)
    report(4)
    reach4, reach5 = _forward(plan, sub4, sub3)
    report(5)
    bet5 = _CHOICES[plan.choice5]
    final = np.zeros((len(kind), len(_STAKES)), dtype=np.int64)  # deals ending on each 5-set
    for j in range(5):
        sub = sub5[:, j]
        for p in range(5):
            paths = reach5[sub, p]
            k = bet5[sub, p]
            for bet in (1, 2, 3):
                final[:, p + bet - 1] += np.where(k == bet, paths, 0)
    ended = np.stack(
        [_sum_into(kind, final[:, s], len(samples)) for s in range(len(_STAKES))]
    )  # deals by total stake and outcome class
    report(6)
    key = paytable_key(paytable, MississippiStudSheet(game), deck=deck, payout_cap=payout_cap)
    return _sheet(paytable, game, key, n, nets, plan, reach4, reach5, ended)


def mississippi_stud_counts(
    *, progress: Progress | None = None, deck: Sequence[Card] | None = None
) -> Counts:
    """What `mississippi_stud_fast` needs of any table: for each set of four cards and each
    outcome class (`_outcome_classes`: a category, or one pair of a given rank), how many of
    the cards left make a final hand of that class.  A (22, C(n, 4)) array of small counts
    (at most n - 4): 6 MB for the full deck."""
    cards = _deck(deck)
    n = len(cards)
    if n < 5:
        raise EngineError("A Mississippi Stud deck needs at least 5 cards.")
    class_of, samples = _outcome_classes()
    classes = len(samples)
    index = np.array([c.index for c in cards], dtype=np.int64)
    hands = _combos(n, 5)
    kind = class_of[_strengths(index[hands])]
    if progress is not None:
        progress(1, 3)
    sub5 = _sub_ranks(hands)
    del hands
    if progress is not None:
        progress(2, 3)
    n4 = math.comb(n, 4)
    cells = (sub5 * classes + kind[:, None]).ravel()
    counts = np.bincount(cells, minlength=n4 * classes).astype(np.uint8)
    if progress is not None:
        progress(3, 3)
    return Counts(
        _KIND,
        counts_key(_KIND, deck),
        None if deck is None else cards,
        {},
        {"last_card": np.ascontiguousarray(counts.reshape(n4, classes).T)},
    )


def mississippi_counts_key(deck: Sequence[Card] | None = None) -> str:
    """The key of `mississippi_stud_counts(deck=deck)`."""
    return counts_key(_KIND, None if deck is None else _deck(deck))


def mississippi_stud_fast(
    paytable: Paytable,
    counts: Counts,
    *,
    game: str = SLUG,
    payout_cap: Fraction | None = None,
) -> ParSheet:
    """`mississippi_stud_parsheet(paytable, deck=counts.deck, game=game, payout_cap=...)`,
    the same sheet to the last Fraction, from `counts` (`mississippi_stud_counts`) in a
    fraction of the time.

    The table enters only through what each outcome class returns, so the sum over the last
    card is the counts weighed by those returns: one short product per 4-card set and total
    stake.  The backward induction and the forward pass then run as in the reference, and
    the outcomes of the deals that reach the last card come from the same counts: no
    five-card set is visited."""
    counts.check(_KIND, mississippi_counts_key(counts.deck))
    n = len(counts.cards)
    _check(paytable, n, payout_cap)
    nets = _nets(paytable, payout_cap)
    last = counts.arrays["last_card"]
    sub4, sub3 = _subsets(n)
    if last.shape != (len(nets.rows), len(sub4)):
        raise EngineError("These Mississippi Stud counts do not have the deck's shape.")
    # float products are BLAS's and exact while every sum stays below 2**53: a count of the
    # last card is at most n - 4, and a count of deals at most their number
    wide = last.astype(np.float64)
    if int(np.abs(nets.weights).max()) * (n - 4) * len(nets.rows) < 2**53:
        by_stake = np.rint(nets.weights.T.astype(np.float64) @ wide).astype(np.int64)
    else:  # pragma: no cover - odds with denominators beyond any house's
        by_stake = nets.weights.T @ last.astype(np.int64)  # (stakes, 4-card sets)
    plan = _backward(by_stake, sub4, sub3, n, nets.scale)
    reach4, reach5 = _forward(plan, sub4, sub3)
    bet5 = _CHOICES[plan.choice5]
    # deals that see the last card, by 4-card set and total stake
    betting = bet5 > 0
    cells = (np.arange(len(sub4))[:, None] * len(_STAKES) + np.arange(5) + bet5 - 1)[betting]
    live = _sum_into(cells, reach5[betting], len(sub4) * len(_STAKES))
    live = live.reshape(len(sub4), len(_STAKES))
    ended = np.rint(wide @ live.astype(np.float64)).astype(np.int64).T  # by stake, class
    key = paytable_key(
        paytable, MississippiStudSheet(game), deck=counts.deck, payout_cap=payout_cap
    )
    return _sheet(paytable, game, key, n, nets, plan, reach4, reach5, ended)


_KIND = "mississippi-stud"
_CHOICES = np.array(_STREET_CHOICES, dtype=np.int64)
_PLACED5 = np.arange(3, 8, dtype=np.int64)  # Ante + 3rd + 4th before 5th Street
_PLACED4 = np.arange(2, 5, dtype=np.int64)  # Ante + 3rd before 4th Street
_STAKES = np.arange(4, 11, dtype=np.int64)  # a round's total stake when it sees the last card


@functools.cache
def _subsets(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Each 4-set's four 3-subsets and each 3-set's three 2-subsets (colex indices) of a deck
    of n cards: what the backward and forward passes walk, whatever the table."""
    return _sub_ranks(_combos(n, 4)), _sub_ranks(_combos(n, 3))


@dataclass(frozen=True)
class _Plan:
    """The backward induction's values (× `scale` and the cards still to come), choices
    (indices into _STREET_CHOICES) and ties (another choice worth exactly as much): before
    5th Street by 4-card set and amount placed 3..7, before 4th by 3-card set and amount
    placed 2..4, before 3rd by two-card start."""

    value5: np.ndarray
    choice5: np.ndarray
    tie5: np.ndarray
    value4: np.ndarray
    choice4: np.ndarray
    tie4: np.ndarray
    value3: np.ndarray
    choice3: np.ndarray
    tie3: np.ndarray


def _backward(
    by_stake: np.ndarray, sub4: np.ndarray, sub3: np.ndarray, n: int, scale: int
) -> _Plan:
    """The optimal decisions back from 5th Street, given `by_stake`: per total stake (4..10)
    and 4-card set, the return × `scale` summed over the last card."""
    # values in units of 1 / (cards still to come × ... × scale)
    n3, n2 = len(sub3), math.comb(n, 2)
    left5, left4, left3 = n - 4, n - 3, n - 2  # cards the next reveal is drawn from
    # per amount placed 3..7: bet 3, 2 or 1 (a total stake's row), or fold
    fifth = [
        _best([*(by_stake[placed + k - 4] for k in _STREET_CHOICES[:3]), -placed * left5 * scale])
        for placed in _PLACED5.tolist()
    ]
    value5, choice5, tie5 = (np.stack(part, axis=1) for part in zip(*fifth, strict=True))

    sum4 = [_sum_into(sub4.ravel(), np.repeat(value5[:, p], 4), n3) for p in range(5)]
    fourth = [
        _best(
            [*(sum4[placed + k - 3] for k in _STREET_CHOICES[:3]), -placed * left4 * left5 * scale]
        )
        for placed in _PLACED4.tolist()
    ]
    value4, choice4, tie4 = (np.stack(part, axis=1) for part in zip(*fourth, strict=True))
    sum3 = [_sum_into(sub3.ravel(), np.repeat(value4[:, p], 3), n2) for p in range(3)]
    value3, choice3, tie3 = _best(
        [*(sum3[k - 1] for k in _STREET_CHOICES[:3]), -left3 * left4 * left5 * scale]
    )
    return _Plan(value5, choice5, tie5, value4, choice4, tie4, value3, choice3, tie3)


def _forward(plan: _Plan, sub4: np.ndarray, sub3: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """How many deals reach each (3-card set, amount placed 2..4) and each (4-card set,
    amount placed 3..7), following the plan's decisions."""
    n4, n3 = len(sub4), len(sub3)
    bet3 = _CHOICES[plan.choice3]  # 0 on a fold
    reach4 = np.zeros((n3, 3), dtype=np.int64)  # by placed 2..4
    for j in range(3):
        placed = 1 + bet3[sub3[:, j]]
        live = placed > 1
        reach4[live, placed[live] - 2] += 1
    bet4 = _CHOICES[plan.choice4]
    reach5 = np.zeros((n4, 5), dtype=np.int64)  # by placed 3..7
    rows4 = np.arange(n4)
    for j in range(4):
        sub = sub4[:, j]
        for i in range(3):
            paths = reach4[sub, i]
            k = bet4[sub, i]
            live = (k > 0) & (paths > 0)
            reach5[rows4[live], i + 2 + k[live] - 3] += paths[live]
    return reach4, reach5


def _sheet(
    paytable: Paytable,
    game: str,
    key: str,
    n: int,
    nets: _Nets,
    plan: _Plan,
    reach4: np.ndarray,
    reach5: np.ndarray,
    ended: np.ndarray,
) -> ParSheet:
    """The sheet from the plan and the deals that reach each node: `ended` counts the deals
    that see the last card by total stake (`_STAKES`) and outcome class."""
    scale = nets.scale
    left5, left4, left3 = n - 4, n - 3, n - 2
    deals = math.comb(n, 2) * left3 * left4 * left5
    ev = Fraction(int(plan.value3.sum()), deals * scale)
    bet3, bet4, bet5 = (_CHOICES[c] for c in (plan.choice3, plan.choice4, plan.choice5))
    # deals by net result: the finals by (stake, class), the folds by what they lose
    by_net: dict[Fraction, int] = {}
    rows = [0] * len(nets.names)
    returned = [Fraction(0)] * len(nets.names)
    for s, stake_row in enumerate(ended.tolist()):
        for c, count in enumerate(stake_row):
            if count:
                net = nets.net[s][c]
                by_net[net] = by_net.get(net, 0) + count
                rows[int(nets.rows[c])] += count
                returned[int(nets.rows[c])] += count * net
    folds = [
        (STREETS[0], {1: int((bet3 == 0).sum()) * left3 * left4 * left5}),
        (
            STREETS[1],
            {
                int(placed): int((reach4[:, i] * (bet4[:, i] == 0)).sum()) * left4 * left5
                for i, placed in enumerate(_PLACED4)
            },
        ),
        (
            STREETS[2],
            {
                int(placed): int((reach5[:, i] * (bet5[:, i] == 0)).sum()) * left5
                for i, placed in enumerate(_PLACED5)
            },
        ),
    ]
    for _, lost in folds:
        for placed, count in lost.items():
            if count:
                by_net[Fraction(-placed)] = by_net.get(Fraction(-placed), 0) + count
    assert sum(by_net.values()) == deals
    # the forward pass must find the value the backward pass promised
    forward = Fraction(sum(net * count for net, count in by_net.items()), deals)
    assert forward == ev, (forward, ev)

    outcomes = [(name, Fraction(c, deals)) for name, c in zip(nets.names, rows, strict=True)]
    contributions = [
        Contribution(name, c, Fraction(c, deals), pays, value / deals)
        for name, c, pays, value in zip(nets.names, rows, nets.pays, returned, strict=True)
    ]
    for street, lost in folds:
        count = sum(lost.values())
        outcomes.append((_FOLD_ON[street], Fraction(count, deals)))
        value = -sum(placed * c for placed, c in lost.items())
        pays = _ANTE_LOST if street == STREETS[0] else _BETS_LOST
        contributions.append(
            Contribution(
                _FOLD_ON[street], count, Fraction(count, deals), pays, Fraction(value, deals)
            )
        )
    assert sum(r.contribution for r in contributions) == ev
    bets = (
        int(bet3.sum()) * left3 * left4 * left5
        + int((reach4 * bet4).sum()) * left4 * left5
        + int((reach5 * bet5).sum()) * left5
    )
    average = 1 + Fraction(bets, deals)
    decisions = (
        (STREETS[0], _shares(np.bincount(plan.choice3, minlength=4))),
        (
            STREETS[1],
            _shares(np.bincount(plan.choice4.ravel(), weights=reach4.ravel(), minlength=4)),
        ),
        (
            STREETS[2],
            _shares(np.bincount(plan.choice5.ravel(), weights=reach5.ravel(), minlength=4)),
        ),
    )
    # decision situations (a start and the community cards seen, in order) at a tie, and the
    # rounds they decide
    tied3 = int(plan.tie3.sum())
    tied4 = int((reach4 * plan.tie4).sum())
    tied5 = int((reach5 * plan.tie5).sum())
    tie_rounds = tied3 * left3 * left4 * left5 + tied4 * left4 * left5 + tied5 * left5
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
        key=key,
        distribution=tuple(
            (net, Fraction(by_net[net], deals)) for net in sorted(by_net) if by_net[net]
        ),
        contributions=tuple(contributions),
        ties=tied3 + tied4 + tied5,
        tie_share=Fraction(tie_rounds, deals),
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


# --- the record the games registry holds (`Game.enumeration`) ------------------------------


def _band(band: Band | None) -> list[int] | None:
    return None if band is None else [band.low, band.high]


@dataclass(frozen=True)
class MississippiStudSheet:
    """Mississippi Stud's enumeration (`mississippi_stud_parsheet`): every two-card start and
    every ordered run of three community cards.  Its figures depend on the pair bands; the
    game has no call multiple."""

    #: the name the sheet is filed under and its key hashes: the game's slug
    game: str = SLUG

    def key_inputs(self, paytable: Paytable, call_multiple: int | None) -> dict[str, Any]:
        """What the sheet depends on besides the rows of `paytable`, for its key."""
        self._no_multiple(call_multiple)
        return {"pair_band": _band(paytable.pair_band), "push_band": _band(paytable.push_band)}

    def compute(
        self,
        paytable: Paytable,
        *,
        call_multiple: int | None = None,
        progress: Progress | None = None,
        deck: Sequence[Card] | None = None,
    ) -> ParSheet:
        self._no_multiple(call_multiple)
        return mississippi_stud_parsheet(paytable, progress=progress, deck=deck, game=self.game)

    def counts_key(self, *, deck: Sequence[Card] | None = None) -> str:
        """The key of the counts `fast` reads: the same for every variant's name."""
        return mississippi_counts_key(deck)

    def precompute(
        self, *, progress: Progress | None = None, deck: Sequence[Card] | None = None
    ) -> Counts:
        return mississippi_stud_counts(progress=progress, deck=deck)

    def fast(
        self,
        paytable: Paytable,
        counts: Counts,
        *,
        call_multiple: int | None = None,
        payout_cap: Fraction | None = None,
    ) -> ParSheet:
        self._no_multiple(call_multiple)
        return mississippi_stud_fast(paytable, counts, game=self.game, payout_cap=payout_cap)

    @property
    def cap_rule(self) -> str | None:
        """The house rule capping a round's profit."""
        return "mississippi_payout_cap"

    def capped_most(self, sheet: ParSheet) -> Fraction:
        """The largest profit of a round that happens, in Antes: the cap holds the whole."""
        return max((net for net, p in sheet.distribution if p), default=Fraction(0))

    @staticmethod
    def _no_multiple(call_multiple: int | None) -> None:
        if call_multiple is not None:
            raise EngineError("Mississippi Stud has no call multiple.")
