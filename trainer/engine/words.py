"""The dealer's words shared by the games' steps: seat lists, cards with suit symbols, payouts.

>>> seat_list(["1", "2", "4"])
'seats 1, 2 and 4'
>>> payout_sentence({"1": 13, "2": 12, "3": 0})
'Payout: seat 1 takes 13, seat 2 takes 12; seat 3 takes nothing.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .cards import Card
from .messages import Message, join, say, say_n


def seat_list(seats: Sequence[str]) -> Message:
    """'seat 1', 'seats 1 and 3', 'seats 1, 2 and 3'."""
    if len(seats) == 1:
        # `last` too: a language whose singular form also serves other counts may name it
        return say_n(
            "seat %(seats)s", "seats %(seats)s and %(last)s", 1, seats=seats[0], last=seats[0]
        )
    return say_n(
        "seat %(seats)s",
        "seats %(seats)s and %(last)s",
        len(seats),
        seats=", ".join(seats[:-1]),
        last=seats[-1],
    )


def seated(who: str, label: str) -> str:
    """A field's label for one seat of several: "Seat 3: " and the label, kept apart so the
    page can say the seat to a screen reader only (in any language); the label alone when
    `who` is empty (one position)."""
    return join(who, label) if who else label


def cap(text: str) -> str:
    """The sentence with a capital first letter (a message stays a message)."""
    if isinstance(text, Message):
        return text.capitalized()
    return text[:1].upper() + text[1:]


def show(card: Card) -> str:
    """A card as a dealer writes it in a sentence: 'Q♥'."""
    return card.rank_char + card.symbol


def payout_sentence(shares: Mapping[str, int]) -> Message:
    """Who takes what, in seat order, naming those who take nothing."""
    paid = [say("seat %(seat)s takes %(amount)s", seat=s, amount=n) for s, n in shares.items() if n]
    empty = [s for s, n in shares.items() if not n]
    if not paid:
        return say("Nobody takes anything: the pot is empty.")
    takers = join(paid, sep=", ")
    if empty:
        return say_n(
            "Payout: %(takers)s; %(seats)s takes nothing.",
            "Payout: %(takers)s; %(seats)s take nothing.",
            len(empty),
            takers=takers,
            seats=seat_list(empty),
        )
    return say("Payout: %(takers)s.", takers=takers)
