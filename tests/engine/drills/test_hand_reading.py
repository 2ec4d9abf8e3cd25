"""Hand reading: the expected category is the evaluator's."""

from __future__ import annotations

from tests.engine.drills.common import questions
from trainer.engine.cards import parse_cards
from trainer.engine.drills import (
    REGISTRY,
)
from trainer.engine.hands import Category, best_five, evaluate_five
from trainer.engine.house import DEFAULT_CONFIG


def test_hand_reading_is_the_evaluator():
    for level in (1, 2, 3):
        for q in questions("hand-five", level, n=40):
            cards = parse_cards(q.request["cards"])
            assert len(cards) == 5
            assert q.expected == {"category": evaluate_five(cards).category.label}
        for q in questions("hand-seven", level, n=40):
            cards = parse_cards(q.request["cards"])
            assert len(cards) == 7
            assert q.expected == {"category": best_five(cards)[0].category.label}


def test_hand_reading_offers_the_ten_categories_strongest_first():
    (f,) = REGISTRY["hand-five"].generate(1, 1, DEFAULT_CONFIG).fields
    assert [c for c, _ in f.choices] == [c.label for c in Category]
