"""Reading a Mississippi Stud ruling request (RULING_API.md) into its checked shape."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...cards import Card
from ...errors import RulingError
from ...house import HouseConfig
from ...kit.requests import MAX_AMOUNT, Field, Holds, cards_field, refuse_duplicates, shown
from ...messages import say
from . import rules as mississippi_stud
from .request import MississippiStudRequest

#: each street's number, by its key in `BETS` (a page finds a street's input by it)
_STREETS = {"3rd": 3, "4th": 4, "5th": 5}


def _whole(raw: object, label: str, field: str, street: int | None = None) -> int:
    # JSON has no integer type of its own: 2.0 is the number 2, but 1.5, "2" and true are not
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    if isinstance(raw, float) and raw.is_integer():
        return int(raw)
    raise RulingError(
        say(
            "%(label)s must be a whole number of chips; %(value)s is not.",
            label=label,
            value=shown(raw),
        ),
        field,
        street=street,
    )


def mississippi_bets(raw: object, unit: int) -> tuple[int, ...]:
    """The bets as whole chips, each street 1, 2 or 3 times the Ante."""
    if not isinstance(raw, list):
        raise RulingError(
            say(
                "'bets' must be a list like [1, 1, 2, 3]: the Ante, then the 3rd, 4th and 5th "
                "Street bets; %(value)s is not.",
                value=shown(raw),
            ),
            field="bets",
        )
    streets = mississippi_stud.BETS
    if not 1 <= len(raw) <= len(streets):
        raise RulingError(
            say(
                "'bets' holds the Ante and up to three street bets (1 to 4 amounts); "
                "%(count)s were given.",
                count=len(raw),
            ),
            field="bets",
        )
    amounts: list[int] = []
    # the length was checked above: BETS is never the shorter one
    for (key, title), value in zip(streets, raw, strict=False):
        street = _STREETS.get(key)
        label = say("The %(street)s bet", street=title) if amounts else say("The Ante")
        value = _whole(value, label, "bets", street)
        if not amounts:
            if value < 1:
                raise RulingError(
                    say(
                        "The Ante must be a positive whole number of chips; %(value)s is not.",
                        value=shown(value),
                    ),
                    "bets",
                )
            if value > MAX_AMOUNT:
                raise RulingError(
                    say("An Ante of %(value)s is beyond any table's limit.", value=shown(value)),
                    "bets",
                )
            if value % unit:
                raise RulingError(
                    say(
                        "The Ante of %(value)s is not a multiple of %(unit)s, the smallest "
                        "stake here.",
                        value=value,
                        unit=unit,
                    ),
                    "bets",
                )
        else:
            ante = amounts[0]
            if value not in tuple(m * ante for m in mississippi_stud.STREET_MULTIPLES):
                raise RulingError(
                    say(
                        "The %(street)s bet must be 1, 2 or 3 times the Ante (%(ante)s): "
                        "%(value)s is not.",
                        street=title,
                        ante=ante,
                        value=shown(value),
                    ),
                    field="bets",
                    street=street,
                )
        amounts.append(value)
    return tuple(amounts)


MISSISSIPPI_STUD_FIELDS = (
    Field("hole", Holds.CARDS, "Player"),
    Field("board", Holds.CARDS, "Board"),
    Field("bets", Holds.BETS, "Bets"),
)


def mississippi_stud_fields(request: Mapping[str, Any]) -> tuple[Field, ...]:
    return MISSISSIPPI_STUD_FIELDS


def read_mississippi_stud(
    request: Mapping[str, Any], config: HouseConfig
) -> MississippiStudRequest:
    hole = cards_field(request, "hole", count=2)
    if "bets" not in request:
        raise RulingError(say("The request has no '%(name)s'.", name="bets"), field="bets")
    table = config.paytable(mississippi_stud.SLUG)
    bets = mississippi_bets(request["bets"], table.stake_unit(config.rules.chip_unit))
    folded = len(bets) < len(mississippi_stud.BETS)
    if folded and request.get("board") in (None, ""):
        # a fold may come before any community card was shown
        board: tuple[Card, ...] = ()
    elif folded:
        board = cards_field(request, "board", between=(0, 3))
    else:
        board = cards_field(request, "board", count=3)
    refuse_duplicates({"hole": hole, "board": board})
    return MississippiStudRequest(hole, board, bets)
