"""The match ledger totals the nets the ruling gives each round."""

from __future__ import annotations

from collections import Counter

from tests.engine.drills.common import questions
from trainer.engine import rulings
from trainer.engine.drills import REGISTRY
from trainer.engine.games.banked_stud import rules as banked_stud
from trainer.engine.house import DEFAULT_CONFIG
from trainer.engine.kit.answer_reading import MAX_ROUNDS_TOTALLED


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
            if level == 1:
                assert [r.get("net") for r in q.table["rounds"]] == [r.net for r in rounds]
            else:
                # from level 2 the ledger shows hands, not results: the trainee settles them
                assert all("net" not in r and "outcome" not in r for r in q.table["rounds"])
                shown = [r for r in q.table["rounds"] if not r["void"]]
                asked = [r for r in q.request["rounds"] if not r.get("void")]
                assert [(r["player"], r["dealer"]) for r in shown] == [
                    (r["player"], r["dealer"]) for r in asked
                ]


def test_the_ledger_mix_brings_every_verdict_up():
    verdicts = Counter(q.expected["verdict"] for q in questions("cs-ledger", 1, n=90))
    assert all(verdicts[v] >= 10 for v in ("player win", "bank win", "draw")), verdicts
    assert all(any(r["void"] for r in q.table["rounds"]) for q in questions("cs-ledger", 1))


def test_a_stored_level_2_ledger_of_the_old_shape_still_grades_the_same():
    """A ledger question stored in the old shape (its table listed each round's net) grades
    exactly as it did: the answer comes from the request, never from the table (the dump's
    level 2 and 3 ledgers are re-graded in tests/engine/test_regrade_stored.py)."""
    new = questions("cs-ledger", 2, n=1)[0]
    fields, expected, steps = REGISTRY["cs-ledger"].answer_for(new.request, 2, DEFAULT_CONFIG)
    assert expected == new.expected and steps == new.steps
    assert [f.name for f in fields] == ["total", "verdict"]


def test_a_whole_match_fits_within_the_largest_answer():
    # the answers' bound counts the hands one answer may total without naming the game
    assert banked_stud.MATCH_ROUNDS <= MAX_ROUNDS_TOTALLED
