"""The shape of a Mississippi Gonorrhea ruling request, once read and checked (`reading`)."""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import Card


@dataclass(frozen=True)
class GonorrheaRequest:
    """The pot and the hands still in at the showdown, seat -> (down card, up card)."""

    pot: int
    hands: dict[str, tuple[Card, ...]]
