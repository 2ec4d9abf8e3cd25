"""ms-pay: each position paid as the ruling pays it, and a mix that brings every outcome up."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.engine.drills.common import questions
from trainer.engine import rulings
from trainer.engine.hands import Category


@pytest.mark.parametrize("level", [1, 2, 3])
def test_ms_pay_is_the_ruling_of_each_position(level):
    for q in questions("ms-pay", level, n=40):
        positions = q.request.get("positions", [q.request])
        assert len(positions) == len(q.table["positions"])
        for p in positions:
            ruling = rulings.rule(p)
            n = f"p{p['seat']}"
            assert q.expected[f"{n}.outcome"] == ruling["outcome"]
            amount = {"win": ruling["profit"], "push": 0}.get(ruling["outcome"], ruling["stake"])
            assert q.expected[f"{n}.amount"] == amount
            spots = {k: v for k, v in q.expected.items() if k.startswith(f"{n}.spot.")}
            if level == 3 and ruling["outcome"] != "fold":
                assert spots == {f"{n}.spot.{s['bet']}": s["profit"] for s in ruling["spots"]}
                if ruling["outcome"] == "win":
                    assert sum(spots.values()) == amount
            else:
                assert spots == {}


# --- the mix brings every situation up -------------------------------------------------------


def _ms_outcomes(natural: bool, n: int = 300) -> Counter:
    tally: Counter = Counter()
    for q in questions("ms-pay", 1, natural=natural, n=n):
        outcome = q.expected["p1.outcome"]
        tally[outcome] += 1
        if outcome == "win":
            tally[q.category] += 1
    return tally


def test_the_ms_mix_brings_every_outcome_up():
    tally = _ms_outcomes(natural=False)
    wins = {c.label for c in Category} & set(tally)
    assert len(wins) >= 6, tally
    for outcome in ("win", "push", "lose", "fold"):
        assert tally[outcome] >= 20, tally


def test_natural_odds_differ_from_the_mix():
    mixed, natural = _ms_outcomes(natural=False), _ms_outcomes(natural=True)
    # plain deals end in a loss or a fold far more often, and rarely show the big hands
    assert natural["lose"] + natural["fold"] > mixed["lose"] + mixed["fold"] + 60
    big = ("full house", "four of a kind", "straight flush", "royal flush")
    assert sum(natural[c] for c in big) < sum(mixed[c] for c in big)
