"""The rules engine: pure Python, no Django.  Every rule of the five games lives here.

Public names are importable from `trainer.engine`; other code relies on them.
"""

from .cards import ALL_CARDS, Card, Deck, card, format_cards, parse_cards
from .errors import CardError, EngineError, RulingError
from .hands import (
    DISTINCT_STRENGTHS,
    Category,
    ExposedValue,
    HandValue,
    TwoCardValue,
    arrange,
    best_five,
    evaluate_exposed,
    evaluate_five,
    hand_value,
    two_card_high,
    two_card_low,
)

__all__ = [
    "ALL_CARDS",
    "DISTINCT_STRENGTHS",
    "Card",
    "CardError",
    "Category",
    "Deck",
    "EngineError",
    "ExposedValue",
    "HandValue",
    "RulingError",
    "TwoCardValue",
    "arrange",
    "best_five",
    "card",
    "evaluate_exposed",
    "evaluate_five",
    "format_cards",
    "hand_value",
    "parse_cards",
    "two_card_high",
    "two_card_low",
]
