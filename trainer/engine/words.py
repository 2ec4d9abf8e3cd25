"""The dealer's words shared by the games' steps: seat lists, cards with suit symbols, payouts.

>>> seat_list(["1", "2", "4"])
'seats 1, 2 and 4'
>>> payout_sentence({"1": 13, "2": 12, "3": 0})
'Payout: seat 1 takes 13, seat 2 takes 12; seat 3 takes nothing.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .cards import Card


def seat_list(seats: Sequence[str]) -> str:
    """'seat 1', 'seats 1 and 3', 'seats 1, 2 and 3'."""
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return f"seats {', '.join(seats[:-1])} and {seats[-1]}"


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def show(card: Card) -> str:
    """A card as a dealer writes it in a sentence: 'Q♥'."""
    return card.rank_char + card.symbol


def payout_sentence(shares: Mapping[str, int]) -> str:
    """Who takes what, in seat order, naming those who take nothing."""
    paid = [f"seat {s} takes {n}" for s, n in shares.items() if n]
    empty = [s for s, n in shares.items() if not n]
    if not paid:
        return "Nobody takes anything: the pot is empty."
    text = "Payout: " + ", ".join(paid)
    if empty:
        text += f"; {seat_list(empty)} {'takes' if len(empty) == 1 else 'take'} nothing"
    return text + "."
