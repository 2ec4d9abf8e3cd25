"""Caribbean Stud and Casino Stud Poker: qualify and settle as the ruling does, and mixes
that bring every outcome up."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.engine.drills.common import questions
from trainer.engine import rulings
from trainer.engine.drills import (
    REGISTRY,
)
from trainer.engine.house import DEFAULT_CONFIG


@pytest.mark.parametrize("slug", ["cs-qualify", "csp-qualify"])
def test_qualify_is_the_ruling(slug):
    for level in (1, 2, 3):
        for q in questions(slug, level, n=30):
            ruling = rulings.rule(q.request)
            assert q.expected == {"qualifies": "yes" if ruling["dealer_qualifies"] else "no"}
            assert q.table["up_card"] in q.table["dealer"].split()


@pytest.mark.parametrize("slug", ["cs-settle", "csp-settle"])
@pytest.mark.parametrize("level", [1, 2, 3])
def test_settle_is_the_ruling_of_each_player(slug, level):
    for q in questions(slug, level, n=30):
        several = "positions" in q.request
        for p in q.request.get("positions", [q.request]):
            ruling = rulings.rule(p)
            prefix = f"p{p['seat']}." if several else ""
            assert q.expected[f"{prefix}net"] == ruling["net"]
            for bet, b in ruling["bets"].items():
                assert q.expected[f"{prefix}{bet}.result"] == b["result"]
                amount = {"win": b["profit"], "push": 0}.get(b["result"], b["stake"])
                assert q.expected[f"{prefix}{bet}.amount"] == amount
            if ruling["outcome"] == "fold":
                assert f"{prefix}call.result" not in q.expected


def test_one_player_settles_under_the_plain_field_names():
    q = REGISTRY["cs-settle"].generate(1, 1, DEFAULT_CONFIG)
    names = {f.name for f in q.fields}
    assert {"ante.result", "ante.amount", "net"} <= names
    assert q.table["player"] and q.table["dealer"] and q.table["up_card"]


@pytest.mark.parametrize("slug", ["cs-qualify", "csp-qualify"])
def test_the_dealer_qualifies_about_half_the_time(slug):
    answers = Counter(q.expected["qualifies"] for q in questions(slug, 2, n=300))
    assert answers["yes"] >= 75 and answers["no"] >= 75
    borderline = Counter(q.situation for q in questions(slug, 2, n=300))
    assert borderline["dealer A-K high"] >= 20


@pytest.mark.parametrize("slug", ["cs-settle", "csp-settle"])
def test_the_settle_mix_brings_every_outcome_up(slug):
    outcomes = Counter(rulings.rule(q.request)["outcome"] for q in questions(slug, 1, n=300))
    for outcome in ("fold", "no-qualify", "win", "lose", "push"):
        assert outcomes[outcome] >= 15, outcomes
