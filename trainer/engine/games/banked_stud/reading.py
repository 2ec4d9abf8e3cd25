"""Reading a Caribbean Stud or Casino Stud Poker ruling request (RULING_API.md) into its
checked shape."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...errors import RulingError
from ...house import HouseConfig
from ...kit.requests import (
    Field,
    Holds,
    amount_value,
    cards_field,
    choice_field,
    refuse_duplicates,
)
from ...messages import say
from . import rules as banked_stud
from .request import BankedStudRequest

BANKED_STUD_FIELDS = (
    Field("player", Holds.CARDS, "Player"),
    Field("dealer", Holds.CARDS, "Dealer"),
    Field("ante", Holds.AMOUNT, "Ante"),
    Field("action", Holds.CHOICE, "Action"),
)


def banked_stud_fields(request: Mapping[str, Any]) -> tuple[Field, ...]:
    return BANKED_STUD_FIELDS


def read_banked_stud(
    profile: banked_stud.Profile, request: Mapping[str, Any], config: HouseConfig
) -> BankedStudRequest:
    player = cards_field(request, "player", count=5)
    dealer = cards_field(request, "dealer", count=5)
    refuse_duplicates({"player": player, "dealer": dealer})
    if "ante" not in request:
        raise RulingError(say("The request has no '%(name)s'.", name="ante"), field="ante")
    unit = config.paytable(profile.game).stake_unit(config.rules.chip_unit)
    ante = amount_value(request["ante"], "ante", unit=unit)
    action = choice_field(request, "action", banked_stud.ACTIONS)
    return BankedStudRequest(player, dealer, ante, action)


def read_caribbean_stud(request: Mapping[str, Any], config: HouseConfig) -> BankedStudRequest:
    return read_banked_stud(banked_stud.CARIBBEAN, request, config)


def read_casino_stud(request: Mapping[str, Any], config: HouseConfig) -> BankedStudRequest:
    return read_banked_stud(banked_stud.CASINO, request, config)
