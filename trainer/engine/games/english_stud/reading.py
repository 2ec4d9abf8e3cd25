"""Reading an English Stud ruling request (RULING_API.md) into the checked shape of the
question it asks.

>>> [f.name for f in english_stud_fields({"ask": "First to act"})]
['ask', 'street', 'up']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...errors import RulingError
from ...house import HouseConfig
from ...kit.requests import (
    HANDS,
    POT,
    Field,
    Holds,
    amount_field,
    by_seat,
    choice_field,
    refuse_duplicates,
    seat_cards_field,
    shown,
)
from ...messages import say, say_n
from . import rules as english_stud
from .request import BringInRequest, FirstToActRequest, ShowdownRequest

_ASKS = {
    "bring-in": BringInRequest,
    "bring in": BringInRequest,
    "first-to-act": FirstToActRequest,
    "first to act": FirstToActRequest,
    "showdown": ShowdownRequest,
}


ASK = Field("ask", Holds.CHOICE, "Question")
UP = Field("up", Holds.SEAT_CARDS, "Seat")
_ASK_FIELDS: dict[type, tuple[Field, ...]] = {
    BringInRequest: (ASK, UP),
    FirstToActRequest: (ASK, Field("street", Holds.STREET, "Street"), UP),
    ShowdownRequest: (ASK, POT, HANDS),
}


def english_stud_fields(request: Mapping[str, Any]) -> tuple[Field, ...]:
    """The fields of the question `ask` names (only `ask` when it names none).

    >>> [f.name for f in english_stud_fields({"ask": "First to act"})]
    ['ask', 'street', 'up']
    """
    raw = request.get("ask")
    ask = _ASKS.get(raw.strip().lower()) if isinstance(raw, str) else None
    return _ASK_FIELDS[ask] if ask is not None else (ASK,)


def street_value(raw: object) -> int:
    if isinstance(raw, float) and raw.is_integer():
        raw = int(raw)
    if isinstance(raw, bool) or not isinstance(raw, int) or not 3 <= raw <= 7:
        raise RulingError(
            say("'street' must be a whole number from 3 to 7; %(value)s is not.", value=shown(raw)),
            field="street",
        )
    return raw


def read_english_stud(
    request: Mapping[str, Any], config: HouseConfig
) -> BringInRequest | FirstToActRequest | ShowdownRequest:
    ask = choice_field(request, "ask", _ASKS)
    seats = english_stud.SEATS
    if ask is BringInRequest:
        up = seat_cards_field(request, "up", minimum_seats=2, seats=seats)
        for seat, cards in up.items():
            if len(cards) != 1:
                raise RulingError(
                    say(
                        "The bring-in is decided by one up card a seat; seat %(seat)s shows "
                        "%(count)s.",
                        seat=seat,
                        count=len(cards),
                    ),
                    field="up",
                    seat=seat,
                )
        refuse_duplicates(by_seat(up), field="up")
        return BringInRequest({s: cards[0] for s, cards in up.items()})
    if ask is FirstToActRequest:
        if "street" not in request:
            raise RulingError(say("The request has no 'street' (3 to 7)."), field="street")
        street = street_value(request["street"])
        up = seat_cards_field(request, "up", minimum_seats=2, seats=seats)
        wanted = english_stud.UP_CARDS[street]
        for seat, cards in up.items():
            if len(cards) != wanted:
                raise RulingError(
                    say_n(
                        "On %(street)s each seat shows %(count)s up card; seat %(seat)s shows "
                        "%(shows)s.",
                        "On %(street)s each seat shows %(count)s up cards; seat %(seat)s shows "
                        "%(shows)s.",
                        wanted,
                        street=english_stud.street_name(street),
                        seat=seat,
                        shows=len(cards),
                    ),
                    field="up",
                    seat=seat,
                    street=street,
                )
        refuse_duplicates(by_seat(up), field="up")
        return FirstToActRequest(street, up)
    pot = amount_field(request, "pot", minimum=0, unit=config.rules.chip_unit)
    hands = seat_cards_field(
        request, "hands", count=english_stud.HAND_SIZE, minimum_seats=2, seats=seats
    )
    refuse_duplicates(by_seat(hands), field="hands")
    return ShowdownRequest(pot, hands)
