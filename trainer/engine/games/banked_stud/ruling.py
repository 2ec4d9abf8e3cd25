"""Caribbean Stud and Casino Stud Poker as the ruling desk reads them: one hand's ruling, as
the HTTP API, the command line and the audits answer it (RULING_API.md), and a games
manager's preview of a table (a hand of every category, called at the table's smallest
Ante).  The rules themselves are `rules`."""

from __future__ import annotations

from typing import Any

from ...cards import parse_cards
from ...house import HouseConfig
from ...kit.game import PreviewRow
from .request import Action, BankedStudRequest
from .rules import OUTCOME_WORDS, Bet, Profile, settle

__all__ = ["PREVIEW_HANDS", "preview", "ruling"]


def _bet_json(bet: Bet) -> dict[str, Any]:
    return {"stake": bet.stake, "result": bet.result.value, "profit": bet.profit}


def ruling(profile: Profile, request: BankedStudRequest, config: HouseConfig) -> dict[str, Any]:
    """The `caribbean-stud` or `casino-stud` ruling of RULING_API.md, for a checked request
    (Casino Stud's Raise keeps the key `call`).

    >>> from ...house import DEFAULT_CONFIG
    >>> from .request import BankedStudRequest
    >>> from .rules import CARIBBEAN, CASINO
    >>> r = ruling(CARIBBEAN, BankedStudRequest(parse_cards("Qh Qs 9d 6c 2h"),
    ...            parse_cards("Jh Jc As 8d 3c"), 1, Action.CALL), DEFAULT_CONFIG)
    >>> r["dealer_qualifies"], r["outcome"], r["bets"]["call"], r["net"], r["returned"]
    (True, 'win', {'stake': 2, 'result': 'win', 'profit': 2}, 3, 6)
    >>> r = ruling(CASINO, BankedStudRequest(parse_cards("9h 9s 9d 9c 2h"),
    ...            parse_cards("Ah Kc 7s 4d 3c"), 5, Action.CALL), DEFAULT_CONFIG)
    >>> r["outcome"], r["bets"]["call"]["profit"], r["net"]
    ('win', 200, 205)
    """
    s = settle(
        profile,
        request.player,
        request.dealer,
        request.ante,
        request.action,
        paytable=profile.paytable(config),
        rules=config.rules,
    )
    bets = {"ante": _bet_json(s.ante)}
    if s.call is not None:
        bets["call"] = _bet_json(s.call)
    return {
        "dealer_qualifies": s.dealer_qualifies,
        "player_category": s.player.category.label,
        "dealer_category": s.dealer.category.label,
        "outcome": s.outcome.value,
        "bets": bets,
        "returned": s.returned,
        "net": s.net,
        "steps": list(s.steps),
    }


#: (player, dealer) pairs: a win for every category, a loss, a tie, a dealer not qualifying
#: (a games manager's preview of a table: `preview`)
PREVIEW_HANDS = (
    ("Ah Kh Qh Jh Th", "Ac Kd 9c 5s 2d"),
    ("9s 8s 7s 6s 5s", "Ac Kd 9c 5h 2d"),
    ("Qc Qd Qh Qs 4d", "Ac Kd 9c 5h 2d"),
    ("Tc Td Th 4s 4d", "Ac Kd 9c 5h 2d"),
    ("Ac 9c 6c 4c 2c", "Ad Kd 9h 5h 2d"),
    ("9d 8c 7h 6s 5d", "Ac Kd 9c 5h 2d"),
    ("7c 7d 7h Ks 2d", "Ac Kd 9c 5h 3d"),
    ("Kc Kd 4h 4s 9d", "Ac Qd Qc 5h 2d"),
    ("Qh Qs 9d 6c 2h", "Jh Jc As 8d 3c"),
    ("Ah Kd Jc 8s 6d", "As Kc Tc 5h 2d"),
    ("Jh Jc As 8d 3c", "Qh Qs 9d 6c 2h"),
    ("Kh Kd 9s 6c 2h", "Ks Kc 9d 6h 2c"),
    ("2h 3d 5s 8c 9d", "Kh Qd 7s 6c 4h"),
)


def preview(profile: Profile, config: HouseConfig) -> list[PreviewRow]:
    """The preview hands called at the smallest Ante the house's table takes.

    >>> from ...house import DEFAULT_CONFIG
    >>> from .rules import CARIBBEAN
    >>> row = preview(CARIBBEAN, DEFAULT_CONFIG)[0]
    >>> row.hand, row.result, row.stake, row.net
    ('royal flush', 'win', 3, 201)
    """
    table = profile.paytable(config)
    unit = table.stake_unit(config.rules.chip_unit)
    rows = []
    for player, dealer in PREVIEW_HANDS:
        s = settle(
            profile,
            parse_cards(player),
            parse_cards(dealer),
            unit,
            Action.CALL,
            paytable=table,
            rules=config.rules,
        )
        rows.append(
            PreviewRow(
                player, dealer, s.player.category.label, OUTCOME_WORDS[s.outcome], s.stake, s.net
            )
        )
    return rows
