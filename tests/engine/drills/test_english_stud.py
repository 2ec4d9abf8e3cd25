"""English Stud: the bring-in, first to act and the showdown are the ruling's; the mixes bring
ties and traps."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.engine.drills.common import questions
from trainer.engine import rulings


@pytest.mark.parametrize("slug", ["es-bring-in", "es-first-to-act"])
def test_the_seat_is_the_ruling(slug):
    for level in (1, 2, 3):
        for q in questions(slug, level, n=30):
            assert q.expected == {"seat": rulings.rule(q.request)["seat"]}
            (f,) = q.fields
            assert [c for c, _ in f.choices] == sorted(q.request["up"], key=int)


def test_the_showdown_is_the_ruling():
    for level in (1, 2, 3):
        for q in questions("es-showdown", level, n=20):
            ruling = rulings.rule(q.request)
            assert q.expected["winners"] == sorted(ruling["winners"], key=int)
            shares = {k[6:]: v for k, v in q.expected.items() if k.startswith("share.")}
            assert shares == ruling["shares"]
            assert q.table["seats"] == q.request["hands"]
            for seat, cards in q.table["seats"].items():
                assert q.table["exposed"][seat] == " ".join(cards.split()[2:6])


def test_the_bring_in_mix_ties_on_rank():
    tags = Counter(q.situation for q in questions("es-bring-in", 1, n=200))
    assert tags["bring-in tie on rank"] >= 50 and tags["ace is high"] >= 20


def test_the_first_to_act_mix_brings_ties_and_traps():
    qs = questions("es-first-to-act", 3, n=200)
    tags = Counter(q.situation for q in qs)
    assert tags["tied exposed hands"] >= 20
    # the trap is the mix's, decided by category: a situation is one every level deals
    traps = [q for q in qs if q.extra["mix"] == "no straights or flushes in up cards"]
    assert len(traps) >= 15 and tags["higher category"] >= 15
    assert tags["kicker decides"] >= 15


def test_the_showdown_mix_brings_ties():
    qs = questions("es-showdown", 2, n=200)
    ties = [q for q in qs if len(q.expected["winners"]) > 1]
    assert len(ties) >= 40
    assert any(q.situation == "tie with odd chips" for q in ties)
