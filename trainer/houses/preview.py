"""How a paytable pays a few fixed example hands, computed by the engine's own rulings, so a
games manager sees what the numbers mean before activating a table."""

from __future__ import annotations

from dataclasses import dataclass, replace

from trainer.engine.house import DEFAULT_CONFIG, HouseConfig, HouseRules
from trainer.engine.paytables import Paytable
from trainer.engine.rulings import GAMES

#: one hand per row of the table, strongest first, plus the pair-band edges
MISSISSIPPI_EXAMPLES = [
    ("Ah Kh", "Qh Jh Th"),
    ("9s 8s", "7s 6s 5s"),
    ("Qc Qd", "Qh Qs 4d"),
    ("Tc Td", "Th 4s 4d"),
    ("Ac 9c", "6c 4c 2c"),
    ("9d 8c", "7h 6s 5d"),
    ("7c 7d", "7h Ks 2d"),
    ("Kc Kd", "4h 4s 9d"),
    ("Jc Jd", "3h 8s 9d"),
    ("Tc Th", "3h 8s 2d"),
    ("6c 6h", "Ah 9s Kc"),
    ("5c 5h", "Ah 9s Kc"),
    ("Ac Qh", "8s 6d 2c"),
]
#: (player, dealer) pairs: a win for every category, a loss, a tie, a dealer not qualifying
BANKED_EXAMPLES = [
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
]


@dataclass(frozen=True)
class PreviewRow:
    cards: str
    dealer: str
    hand: str
    result: str
    stake: int
    net: int


def config_for(game: str, paytable: Paytable, rules: HouseRules | None) -> HouseConfig:
    attribute = {
        "mississippi-stud": "mississippi_stud",
        "caribbean-stud": "caribbean_stud",
        "casino-stud": "casino_stud",
    }[game]
    return replace(DEFAULT_CONFIG, **{attribute: paytable, "rules": rules or HouseRules()})


def preview(game: str, paytable: Paytable, rules: HouseRules | None = None) -> list[PreviewRow]:
    """The example hands ruled with this table, at the smallest stake it takes."""
    config = config_for(game, paytable, rules)
    unit = paytable.stake_unit(config.rules.chip_unit)
    rows = []
    if game == "mississippi-stud":
        for hole, board in MISSISSIPPI_EXAMPLES:
            ruling = GAMES[game]({"hole": hole, "board": board, "bets": [unit] * 4}, config)
            result = ruling["outcome"] + (f" at {ruling['odds']}" if ruling["odds"] else "")
            rows.append(
                PreviewRow(
                    f"{hole} + {board}",
                    "",
                    ruling["category"],
                    result,
                    ruling["stake"],
                    ruling["net"],
                )
            )
    else:
        for player, dealer in BANKED_EXAMPLES:
            ruling = GAMES[game](
                {"player": player, "dealer": dealer, "ante": unit, "action": "call"}, config
            )
            stake = sum(bet["stake"] for bet in ruling["bets"].values())
            rows.append(
                PreviewRow(
                    player,
                    dealer,
                    ruling["player_category"],
                    ruling["outcome"],
                    stake,
                    ruling["net"],
                )
            )
    return rows
