"""mg-split: the shares are the ruling's; the mix brings hogs, ties and odd chips."""

from __future__ import annotations

from collections import Counter

from tests.engine.drills.common import questions
from trainer.engine import rulings


def test_split_pot_shares_are_the_ruling():
    for level in (1, 2, 3):
        for q in questions("mg-split", level, n=30):
            ruling = rulings.rule(q.request)
            assert q.expected == {f"share.{s}": n for s, n in ruling["shares"].items()}
            assert sum(q.expected.values()) == q.request["pot"] == q.table["pot"]


def test_the_split_pot_mix_brings_hogs_ties_and_odd_chips():
    qs = questions("mg-split", 2, n=300)
    tags = Counter(q.situation for q in qs)
    assert tags["hog"] >= 30 and tags["tied high"] >= 20 and tags["tied low"] >= 20, tags
    odd = sum(1 for q in qs if any("odd chip" in s for s in q.steps))
    assert odd >= 60
