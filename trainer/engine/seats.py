"""Seats, the one definition every game and every request shares.

A seat is a string "1", "2", ... numbered clockwise, seat 1 being the first seat clockwise
from the dealer (RULING_API.md), so "first clockwise from the dealer" is the lowest seat.

>>> seats(3)
('1', '2', '3')
>>> in_seat_order({"4": "x", "10": "y", "2": "z"})
['2', '4', '10']
>>> settle_order(["1", "3", "6"], "right"), settle_order(["6", "1", "3"], "left")
(['6', '3', '1'], ['1', '3', '6'])
"""

from __future__ import annotations

from collections.abc import Iterable


def seats(count: int) -> tuple[str, ...]:
    """The seats of a table of `count` places, in seat order."""
    return tuple(str(n) for n in range(1, count + 1))


def in_seat_order(keys: Iterable[str]) -> list[str]:
    """Seat keys sorted clockwise from the dealer."""
    return sorted(keys, key=int)


def settle_order(keys: Iterable[str], order: str) -> list[str]:
    """Seat keys in the order a dealer settles them under the house rule `settle_order`:
    "right" from the dealer's right (third base, the highest seat, first), "left" from the
    dealer's left (seat 1 first)."""
    return sorted(keys, key=int, reverse=order == "right")


#: a table of the ruling interface seats six (RULING_API.md: seats "1".."6")
TABLE_SEATS = seats(6)
