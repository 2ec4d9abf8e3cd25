"""The rules engine: pure Python, no Django.  Every rule of the five games lives here.

Public names are importable from `trainer.engine`; other code relies on them.  The games
registry (`GAMES`, `game(slug)`) is the only list of games; `rule(request)` answers a
RULING_API.md request.

>>> rule({"game": "mississippi-stud", "hole": "6h 6s", "board": "Ac 9d Kc",
...       "bets": [1, 1, 1, 1]})["outcome"]
'push'

"""

from .cards import ALL_CARDS, Card, Deck, card, format_cards, parse_cards
from .catalog import GAMES, Game, game
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
from .house import DEFAULT_CONFIG, HouseConfig, HouseRules
from .rulings import rule

__all__ = [
    "ALL_CARDS",
    "DEFAULT_CONFIG",
    "DISTINCT_STRENGTHS",
    "GAMES",
    "Game",
    "HouseConfig",
    "HouseRules",
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
    "game",
    "hand_value",
    "parse_cards",
    "rule",
    "two_card_high",
    "two_card_low",
]
