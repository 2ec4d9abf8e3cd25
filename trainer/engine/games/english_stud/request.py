"""The shapes of an English Stud ruling request, once read and checked (`reading`): one for
each question it may ask."""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import Card


@dataclass(frozen=True)
class BringInRequest:
    """Each seat's one up card on 3rd Street."""

    up: dict[str, Card]


@dataclass(frozen=True)
class FirstToActRequest:
    """The street (3 to 7) and each seat's up cards when its betting begins."""

    street: int
    up: dict[str, tuple[Card, ...]]


@dataclass(frozen=True)
class ShowdownRequest:
    """The pot and each seat's seven cards."""

    pot: int
    hands: dict[str, tuple[Card, ...]]
