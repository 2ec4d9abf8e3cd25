"""A par sheet's spread and a manager's figures: the distribution of the player's net per
round, its variance, the hit frequency, the return column, the ties of optimal play, and the
money module (theoretical win, hold, rounds to be ahead, a shift's range, payout caps).

The distribution and the ties are checked against brute force (tests/engine/test_parsheets'
references: a direct sum over every enumerated deal) on reduced decks; the standard tables'
full-deck figures are pinned in the slow tier of tests/engine/test_fast_parsheets, from the
counts it already makes once per session."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from tests.engine.test_parsheets import (
    BANKED_DECKS,
    WIZARD_CARIBBEAN,
    deck,
    reference_banked,
    reference_mississippi,
)
from trainer.engine.catalog import GAMES
from trainer.engine.errors import EngineError
from trainer.engine.games.banked_stud.parsheet import (
    BankedStudSheet,
    banked_stud_counts,
    banked_stud_fast,
    banked_stud_parsheet,
)
from trainer.engine.games.banked_stud.rules import CARIBBEAN, CASINO
from trainer.engine.games.mississippi_stud.parsheet import (
    MississippiStudSheet,
    mississippi_stud_counts,
    mississippi_stud_fast,
    mississippi_stud_parsheet,
)
from trainer.engine.house import HouseRules
from trainer.engine.parsheets import ParSheet
from trainer.engine.parsheets.money import (
    cap_effect,
    hold,
    manager_figures,
    rounds_to_ahead,
    shift_range,
    theoretical_win,
)
from trainer.engine.paytables import MISSISSIPPI_STUD_BASE

#: eight cards (two suits of 2, 7, 9, K): small enough for brute force in a blink, and with
#: fifth-street decisions where betting and folding are worth exactly the same
MS_TIES = deck("279K", "cd")
MS_SMALL = deck("9TJQ", "cd")
BANKED_SMALL = BANKED_DECKS["royal flush"]


def direct_variance(distribution: dict) -> Fraction:
    """Σ p × net² − (Σ p × net)², written out over the brute force's nets."""
    mean = sum(p * net for net, p in distribution.items())
    return sum(p * net * net for net, p in distribution.items()) - mean * mean


@pytest.fixture(scope="module")
def ms_counts():
    return {id(cards): mississippi_stud_counts(deck=cards) for cards in (MS_TIES, MS_SMALL)}


@pytest.fixture(scope="module")
def banked_small_counts():
    return banked_stud_counts(deck=BANKED_SMALL)


@pytest.mark.parametrize("cards", [MS_TIES, MS_SMALL], ids=["ties", "no ties"])
def test_mississippi_distribution_variance_and_ties_are_brute_forces(cards, ms_counts):
    sheet = mississippi_stud_fast(MISSISSIPPI_STUD_BASE, ms_counts[id(cards)])
    ref = reference_mississippi(cards, MISSISSIPPI_STUD_BASE)
    assert dict(sheet.distribution) == ref["distribution"]
    assert sheet.variance == direct_variance(ref["distribution"])
    assert sheet.ties == ref["ties"]
    assert sheet.hit_frequency == sum(p for net, p in ref["distribution"].items() if net > 0)
    assert sheet.hit_frequency + sheet.push_share + sheet.loss_share == 1
    assert [net for net, _ in sheet.distribution] == sorted(ref["distribution"])
    # the return column adds up to the player's expected return, row by row what it pays
    assert sum(r.contribution for r in sheet.contributions) == sheet.expected_return
    assert sum(r.combinations for r in sheet.contributions) == sheet.combinations
    assert sheet == mississippi_stud_parsheet(MISSISSIPPI_STUD_BASE, deck=cards)


def test_the_deck_with_ties_has_them_and_every_figure_follows_the_one_rule(ms_counts):
    sheet = mississippi_stud_fast(MISSISSIPPI_STUD_BASE, ms_counts[id(MS_TIES)])
    assert sheet.ties > 0 and 0 < sheet.tie_share < 1
    assert "bets rather than folds" in sheet.tie_rule and "larger" in sheet.tie_rule


def test_banked_distribution_variance_and_ties_are_brute_forces(banked_small_counts):
    sheet = banked_stud_fast(CARIBBEAN, WIZARD_CARIBBEAN, banked_small_counts)
    ref = reference_banked(CARIBBEAN, WIZARD_CARIBBEAN, BANKED_SMALL)
    assert dict(sheet.distribution) == ref["distribution"]
    assert sheet.variance == direct_variance(ref["distribution"])
    assert sheet.ties == ref["ties"]
    assert sum(r.contribution for r in sheet.contributions) == sheet.expected_return
    rows = {r.name: r for r in sheet.contributions}
    # a royal flush on the Call at 100 to 1 with a Call of 2 Antes: the Ante's 1 + 200
    assert rows["royal flush"].contribution == rows["royal flush"].probability * 201
    assert rows["fold"].pays == "Ante lost" and rows["loss"].pays == "loses"


def test_a_capped_sheet_is_the_same_by_both_ways_and_the_edge_only_grows(
    ms_counts, banked_small_counts
):
    """With a cap in Antes the fast path and the enumeration still agree, the decisions chosen
    again for the capped pays; a lower cap never lowers the edge."""
    counts = ms_counts[id(MS_SMALL)]
    edges = []
    for cap in (None, Fraction(100), Fraction(15), Fraction(7, 2)):
        fast = mississippi_stud_fast(MISSISSIPPI_STUD_BASE, counts, payout_cap=cap)
        assert fast == mississippi_stud_parsheet(
            MISSISSIPPI_STUD_BASE, deck=MS_SMALL, payout_cap=cap
        )
        assert max(net for net, _ in fast.distribution) <= (cap if cap is not None else 10**9)
        edges.append(fast.house_edge)
    assert edges == sorted(edges) and edges[0] < edges[-1]
    for cap in (Fraction(50), Fraction(1, 2)):
        fast = banked_stud_fast(CARIBBEAN, WIZARD_CARIBBEAN, banked_small_counts, payout_cap=cap)
        assert fast == banked_stud_parsheet(
            CARIBBEAN, WIZARD_CARIBBEAN, deck=BANKED_SMALL, payout_cap=cap
        )
        assert fast.key != banked_stud_fast(CARIBBEAN, WIZARD_CARIBBEAN, banked_small_counts).key
    with pytest.raises(EngineError, match="no payout cap"):
        banked_stud_fast(CASINO, WIZARD_CARIBBEAN, banked_small_counts, payout_cap=Fraction(5))


def test_cap_effect_starts_at_the_first_ante_above_cap_over_the_top_payout(ms_counts):
    counts = ms_counts[id(MS_SMALL)]
    free = mississippi_stud_fast(MISSISSIPPI_STUD_BASE, counts)
    top = max(net for net, _ in free.distribution)  # the largest profit that happens
    cap = 3 * int(top)  # bites above an Ante of 3
    rules = HouseRules(mississippi_payout_cap=cap)
    effect = cap_effect(
        MississippiStudSheet(), counts, MISSISSIPPI_STUD_BASE, rules, [1, 2, 3, 4, 10]
    )
    assert effect is not None and effect.bites_above == 3 and effect.from_ante == 4
    edges = {p.ante: p.house_edge for p in effect.points}
    assert edges[1] == edges[2] == edges[3] == free.house_edge < edges[4] <= edges[10]
    assert (
        edges[10]
        == mississippi_stud_fast(
            MISSISSIPPI_STUD_BASE, counts, payout_cap=Fraction(cap, 10)
        ).house_edge
    )
    # by default: a ladder of Antes in bet units, and always the first Ante the cap takes from
    ladder = cap_effect(MississippiStudSheet(), counts, MISSISSIPPI_STUD_BASE, rules, unit=2)
    assert ladder is not None and ladder.from_ante == 4
    assert [p.ante for p in ladder.points] == [2, 4, 10]
    # no cap, or a game the house rule does not cap: nothing to price
    assert cap_effect(MississippiStudSheet(), counts, MISSISSIPPI_STUD_BASE, HouseRules()) is None
    assert BankedStudSheet(CASINO).cap_rule is None
    assert GAMES["casino-stud"].payout_cap(HouseRules(call_payout_cap=500)) is None
    assert GAMES["caribbean-stud"].payout_cap(HouseRules(call_payout_cap=500)) == 500


def test_the_money_figures(ms_counts):
    sheet = mississippi_stud_fast(MISSISSIPPI_STUD_BASE, ms_counts[id(MS_TIES)])
    # this deck favours the player: the house is never ahead
    assert sheet.house_edge < 0 and rounds_to_ahead(sheet) is None
    # a hand-worked sheet: lose 1 with probability 11/20, win 1 with 9/20 (edge 1/10)
    coin = ParSheet(
        "g", "t", Fraction(1, 10), Fraction(2), Fraction(1, 20), (), (), 20, "k",
        distribution=((Fraction(-1), Fraction(11, 20)), (Fraction(1), Fraction(9, 20))),
    )  # fmt: skip
    assert coin.variance == 1 - Fraction(1, 100) and coin.hit_frequency == Fraction(9, 20)
    # (1.6449 × sqrt(0.99) / 0.1)² = 267.85...: 268 rounds
    assert rounds_to_ahead(coin) == 268
    low, high = shift_range(coin, 100, ante=5)  # mean 50, sd 10 × sqrt(0.99) × 5
    assert math.isclose((low + high) / 2, 50) and math.isclose(
        high - 50, 1.959964 * 49.749, rel_tol=1e-5
    )
    # the edge is per Ante: 30 rounds × 4 seats × 2 hours × 25 an Ante × 1/10 = 600; the same
    # as the average total bet (2 Antes) × the element of risk (1/20)
    win = theoretical_win(coin, rounds_per_hour=30, seats=4, average_ante=25, hours=2)
    assert win.amount == 600 == win.rounds * 25 * coin.average_bet * coin.element_of_risk
    assert hold(win, 4000) == Fraction(3, 20)
    figures = manager_figures(coin, rounds_per_hour=30, rounds_per_hour_from="given", drop=10)
    assert figures["win_per_hour"]["amount_exact"] == "3/1"
    assert figures["hold"]["hold_exact"] == "12/5"  # 8 hours: 24 against a drop of 10
    assert figures["exposure"] is None and figures["cap_effect"] is None
    for bad in (
        lambda: theoretical_win(coin, rounds_per_hour=30, seats=0, average_ante=1),
        lambda: theoretical_win(coin, rounds_per_hour=0, seats=1, average_ante=1),
        lambda: hold(win, 0),
        lambda: shift_range(coin, 0, ante=1),
    ):
        with pytest.raises(EngineError):
            bad()


def test_a_sheet_travels_as_json_and_back(ms_counts, banked_small_counts):
    for sheet in (
        mississippi_stud_fast(MISSISSIPPI_STUD_BASE, ms_counts[id(MS_TIES)]),
        banked_stud_fast(CARIBBEAN, WIZARD_CARIBBEAN, banked_small_counts),
    ):
        data = sheet.as_dict()
        assert ParSheet.from_dict(data) == sheet
        assert Fraction(data["variance_exact"]) == sheet.variance
        assert sum(Fraction(d["exact"]) for d in data["distribution"]) == 1
    old = {k: v for k, v in data.items() if k != "distribution"}
    with pytest.raises(EngineError, match="not a whole par sheet"):
        ParSheet.from_dict(old)
