"""Mississippi Stud with the next community card seen: before each street's bet the player
knows the card that street turns, and bets 3, 2 or 1 × Ante or folds by expected value on it.
Exact: backward induction over card sets, as the par sheet's (`parsheet`), one card ahead.

>>> from ...cards import parse_cards
>>> from ...paytables import MISSISSIPPI_STUD_BASE
>>> small = parse_cards("2c 2d 2h 7c 7d 7h Jc Jd Jh Ac Ad Ah")
>>> (e,) = MississippiStudExposure().compute(MISSISSIPPI_STUD_BASE, deck=small)
>>> e.name, e.simulated, e.swing > 0
('next-card', False, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from ...cards import Card
from ...errors import EngineError
from ...parsheets.arrays import _combos, _strengths, _sub_ranks, _sum_into
from ...parsheets.exposure import DEFAULT_SEED, Exposure
from ...parsheets.sheet import Progress, _deck
from ...paytables import Paytable
from .parsheet import MississippiStudSheet, _check, _mississippi_returns, mississippi_stud_parsheet
from .rules import SLUG

#: a street's bets in Antes besides the fold
_BETS = (1, 2, 3)


def next_card_edge(paytable: Paytable, *, deck: Sequence[Card] | None = None) -> Fraction:
    """The house edge per Ante when each community card is seen before the bet on its street,
    the player betting or folding by expected value on the cards known.

    Before 5th Street all five cards are known: the player bets 3 × Ante on a hand that wins,
    anything on a push, and folds a loser.  Before 4th Street four are known and the last is
    averaged over; before 3rd Street three.  What is still to come depends only on the set of
    cards known, so the values are kept per set: 5-sets by the amount placed 3..7, 4-sets by
    the amount placed 2..4, 3-sets."""
    cards = _deck(deck)
    n = len(cards)
    if n < 5:
        raise EngineError("A Mississippi Stud deck needs at least 5 cards.")
    _check(paytable, n)
    returns, scale, _, _ = _mississippi_returns(paytable)
    index = np.array([c.index for c in cards], dtype=np.int64)
    hands = _combos(n, 5)
    ret5 = returns[_strengths(index[hands])]
    sub5 = _sub_ranks(hands)
    del hands
    n4, n3 = math.comb(n, 4), math.comb(n, 3)
    sub4 = _sub_ranks(_combos(n, 4))
    left5, left4 = n - 4, n - 3  # the cards the 5th and the 4th card are drawn from
    # Σ over the last card of the value before 5th Street, per 4-set and amount placed 3..7
    sum4 = np.empty((n4, 5), dtype=np.int64)
    for i, placed in enumerate(range(3, 8)):
        value5 = np.where(ret5 > 0, (placed + 3) * ret5, np.where(ret5 < 0, -placed * scale, 0))
        sum4[:, i] = _sum_into(sub5.ravel(), np.repeat(value5, 5), n4)
    # before 4th Street, per 4-set and amount placed 2..4 (units: scale × left5)
    value4 = np.empty((n4, 3), dtype=np.int64)
    for i, placed in enumerate(range(2, 5)):
        options = [sum4[:, placed + k - 3] for k in _BETS]
        value4[:, i] = np.maximum.reduce([*options, np.full(n4, -placed * left5 * scale)])
    # before 3rd Street, per 3-set (units: scale × left5 × left4)
    sum3 = np.stack(
        [_sum_into(sub4.ravel(), np.repeat(value4[:, i], 4), n3) for i in range(3)], axis=1
    )
    value3 = np.maximum.reduce(
        [sum3[:, k - 1] for k in _BETS] + [np.full(n3, -left4 * left5 * scale)]
    )
    ev = Fraction(int(value3.sum()), n3 * left4 * left5 * scale)
    return -ev


@dataclass(frozen=True)
class MississippiStudExposure:
    """Mississippi Stud's exposure figures: the next community card seen (exact)."""

    game: str = SLUG

    def key_inputs(self, paytable: Paytable, call_multiple: int | None) -> dict[str, Any]:
        return MississippiStudSheet(self.game).key_inputs(paytable, call_multiple)

    def compute(
        self,
        paytable: Paytable,
        *,
        call_multiple: int | None = None,
        progress: Progress | None = None,
        deck: Sequence[Card] | None = None,
        rounds: int | None = None,
        seed: int = DEFAULT_SEED,
    ) -> tuple[Exposure, ...]:
        """The figures of `paytable` (`rounds` and `seed` are not read: nothing here is
        simulated)."""
        self.key_inputs(paytable, call_multiple)  # refuses a call multiple
        normal = mississippi_stud_parsheet(paytable, deck=deck, game=self.game)
        if progress is not None:
            progress(1, 2)
        edge = next_card_edge(paytable, deck=deck)
        if progress is not None:
            progress(2, 2)
        n = len(_deck(deck))
        return (
            Exposure(
                game=self.game,
                paytable=paytable.name,
                name="next-card",
                description="each community card seen before the bet on its street",
                house_edge=edge,
                normal_edge=normal.house_edge,
                simulated=False,
                rounds=math.comb(n, 2) * (n - 2) * (n - 3) * (n - 4),
            ),
        )
