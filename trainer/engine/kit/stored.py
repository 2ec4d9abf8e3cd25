"""A stored question's request read back into the typed arguments of the game modules.

A question stores the request that rules it as JSON (RULING_API.md's shape, cards written as
text).  Re-grading reads it through the games registry's reader for its game, the same layer
that checks every ruling request (`trainer.engine.kit.requests`), so a stored request is checked
exactly as a ruling is.  Hand-reading questions store only their cards (`cards_at`).

>>> cards_at({"hole": "Qh Qs"}, "hole")
(Card('Qh'), Card('Qs'))
>>> from ..house import DEFAULT_CONFIG
>>> read_stored("mississippi-gonorrhea", {"pot": 4, "hands": {"3": "7c 7d"}}, DEFAULT_CONFIG).hands
{'3': (Card('7c'), Card('7d'))}
>>> value_at({}, "pot")
Traceback (most recent call last):
...
trainer.engine.errors.EngineError: The stored request has no 'pot'.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cards import Card, parse_cards
from ..errors import EngineError
from ..house import HouseConfig
from .registry import GAMES


def value_at(request: Mapping[str, Any], name: str) -> Any:
    """`request[name]`, or EngineError naming what is missing."""
    if not isinstance(request, Mapping) or name not in request:
        raise EngineError(f"The stored request has no '{name}'.")
    return request[name]


def cards_at(request: Mapping[str, Any], name: str) -> tuple[Card, ...]:
    """The cards written as text at `request[name]`."""
    raw = value_at(request, name)
    if not isinstance(raw, str):
        raise EngineError(f"'{name}' must be cards written as text, like \"Qh Qs\".")
    return parse_cards(raw)


def read_stored(game: str, request: Mapping[str, Any], config: HouseConfig) -> Any:
    """The typed, checked request of `game` that a stored ruling request holds."""
    if not isinstance(request, Mapping):
        raise EngineError("The stored request is not a request object.")
    return GAMES[game].read(request, config)


def positions_of(request: Mapping[str, Any]) -> tuple[list[Mapping[str, Any]], bool]:
    """The position requests of a stored request, and whether it holds several."""
    if "positions" in request:
        positions = request["positions"]
        if not isinstance(positions, list) or not positions:
            raise EngineError("'positions' must list one request for each position.")
        return positions, True
    return [request], False


def seat_of(position: Mapping[str, Any]) -> str:
    """The seat a position request names ("1" when a lone position names none)."""
    return str(position.get("seat", "1"))
