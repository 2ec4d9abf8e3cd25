"""The match ledger totals the nets the ruling gives each round."""

from __future__ import annotations

from collections import Counter

from tests.engine.drills.common import questions
from trainer.engine import rulings
from trainer.engine.games import banked_stud


def test_the_ledger_totals_the_engine_nets():
    for level in (1, 2, 3):
        for q in questions("cs-ledger", level, n=10):
            rounds = []
            for r in q.request["rounds"]:
                net = None if r.get("void") else rulings.rule(r)["net"]
                rounds.append(banked_stud.MatchRound(net))
            ledger = banked_stud.settle_match(rounds)
            assert q.expected == {"total": ledger.total, "verdict": ledger.verdict.value}
            assert ledger.counted == 20
            assert [r.get("net") for r in q.table["rounds"]] == [r.net for r in rounds]


def test_the_ledger_mix_brings_every_verdict_up():
    verdicts = Counter(q.expected["verdict"] for q in questions("cs-ledger", 1, n=90))
    assert all(verdicts[v] >= 10 for v in ("player win", "bank win", "draw")), verdicts
    assert all(any(r["void"] for r in q.table["rounds"]) for q in questions("cs-ledger", 1))
