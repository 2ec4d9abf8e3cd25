"""The shape of a Caribbean Stud or Casino Stud Poker ruling request, once read and checked
(`reading`): the player's action is part of it."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ...cards import Card


class Action(enum.Enum):
    CALL = "call"
    FOLD = "fold"


@dataclass(frozen=True)
class BankedStudRequest:
    """One player's five cards against the dealer's five, the Ante and the player's action."""

    player: tuple[Card, ...]
    dealer: tuple[Card, ...]
    ante: int
    action: Action
