"""Reading a Mississippi Gonorrhea ruling request (RULING_API.md) into its checked shape."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...errors import RulingError
from ...house import HouseConfig
from ...kit.requests import (
    HANDS,
    POT,
    Field,
    amount_field,
    by_seat,
    refuse_duplicates,
    seat_cards_field,
)
from ...messages import say
from . import rules as mississippi_gonorrhea
from .request import GonorrheaRequest

GONORRHEA_FIELDS = (POT, HANDS)


def gonorrhea_fields(request: Mapping[str, Any]) -> tuple[Field, ...]:
    return GONORRHEA_FIELDS


def read_gonorrhea(request: Mapping[str, Any], config: HouseConfig) -> GonorrheaRequest:
    pot = amount_field(request, "pot", minimum=0, unit=config.rules.chip_unit)
    hands = seat_cards_field(
        request, "hands", count=2, minimum_seats=0, seats=mississippi_gonorrhea.SEATS
    )
    if not hands:
        raise RulingError(
            say("'hands' lists no hands: give the hands still in at the showdown, at least one."),
            field="hands",
        )
    refuse_duplicates(by_seat(hands), field="hands")
    return GonorrheaRequest(pot, hands)
