"""The shape of a Mississippi Stud ruling request, once read and checked (`reading`)."""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import Card


@dataclass(frozen=True)
class MississippiStudRequest:
    """One position: two hole cards, the board (0 to 3 cards on a fold) and the bets placed,
    [ante, 3rd, 4th, 5th], each street 1, 2 or 3 times the Ante."""

    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    bets: tuple[int, ...]
