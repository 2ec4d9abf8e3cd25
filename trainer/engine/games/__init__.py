"""The games registry: the only list of games.  Each game is one `Game` record, as data.

Everything that needs to know the games (the ruling desk, the admin's paytables, model
choices, page titles, progress labels) asks here and never names a game itself.  A new game
is its module and one `register(Game(...))` call; a test may register a variant and remove it.

>>> list(GAMES)
['mississippi-stud', 'caribbean-stud', 'casino-stud', 'mississippi-gonorrhea', 'english-stud']
>>> [g.slug for g in paid_games()]
['mississippi-stud', 'caribbean-stud', 'casino-stud']
>>> GAMES["caribbean-stud"].multiple(HouseRules(call_multiple=3))
3
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from importlib import import_module
from typing import TYPE_CHECKING, Any

from ..errors import EngineError
from ..house import HouseRules  # noqa: F401 (the doctest uses it)
from ..paytables import (
    BANKED_STUD_ROWS,
    CARIBBEAN_STUD_BASE,
    CASINO_STUD_POKER,
    MISSISSIPPI_STUD_BASE,
    MISSISSIPPI_STUD_ROWS,
)
from . import banked_stud, english_stud, mississippi_gonorrhea, mississippi_stud
from .base import Enumeration, Game, PreviewRow
from .enumerations import BankedStudSheet, MississippiStudSheet

if TYPE_CHECKING:
    from ..rounds.base import Procedure

__all__ = [
    "ANY",
    "CHIPS",
    "GAMES",
    "BankedStudSheet",
    "Enumeration",
    "Game",
    "MississippiStudSheet",
    "PreviewRow",
    "game",
    "paid_games",
    "register",
    "round_games",
    "title_of",
    "unregister",
]

#: slug -> game, in the order the product lists them
GAMES: dict[str, Game] = {}
#: what a drill that belongs to no one game (reading hands) gives as its game
ANY = "any"
#: the drills of the house's chips, which every game shares (colour up, make change)
CHIPS = "chips"


def register(entry: Game) -> Game:
    if entry.slug in GAMES:
        raise EngineError(f"A game called '{entry.slug}' is already registered.")
    GAMES[entry.slug] = entry
    return entry


def unregister(slug: str) -> None:
    """Remove a game (for tests that register a variant of their own)."""
    GAMES.pop(slug, None)


def game(slug: str) -> Game:
    """The game called `slug`; EngineError naming the games when there is none."""
    try:
        return GAMES[slug]
    except (KeyError, TypeError):
        names = ", ".join(GAMES)
        raise EngineError(f"There is no game '{slug}'. The games are {names}.") from None


def title_of(slug: str) -> str:
    """A game's title for a page, also for the drills every game shares.

    >>> title_of("casino-stud"), title_of(ANY)
    ('Casino Stud Poker', 'Hand reading (every game)')
    """
    if slug == ANY:
        return "Hand reading (every game)"
    if slug == CHIPS:
        return "Chips (every game)"
    entry = GAMES.get(slug)
    return entry.title if entry is not None else slug


def paid_games() -> Iterator[Game]:
    """The games that pay from a paytable a house can set, in registry order."""
    return (g for g in GAMES.values() if g.pays_from_paytable)


def round_games() -> Iterator[Game]:
    """The games a whole round of which can be dealt, in registry order."""
    return (g for g in GAMES.values() if g.deals_rounds)


def _procedure(module: str, name: str = "PROCEDURE") -> Callable[[], Procedure[Any]]:
    """The round procedure `name` of `trainer.engine.rounds.<module>`, imported when first
    asked for: the procedures ask the drills, which read this registry."""

    def load() -> Procedure[Any]:
        found: Procedure[Any] = getattr(import_module(f"..rounds.{module}", __package__), name)
        return found

    return load


def _registered() -> None:
    # imported here: requests reads the game modules' constants, the registry joins both
    from .. import requests
    from . import situations

    register(
        Game(
            slug=mississippi_stud.SLUG,
            title="Mississippi Stud",
            read=requests.read_mississippi_stud,
            rule=mississippi_stud.ruling,
            shape="hole-board-bets",
            fields=requests.mississippi_stud_fields,
            seats=(),
            paytable=MISSISSIPPI_STUD_BASE,
            rows=MISSISSIPPI_STUD_ROWS,
            pair_bands=True,
            house_rules=("chip_unit", "mississippi_payout_cap"),
            table_rules=("settle_order",),
            preview=mississippi_stud.preview,
            enumeration=MississippiStudSheet(mississippi_stud.SLUG),
            settles="net",
            situation=situations.mississippi_stud,
            procedure=_procedure("mississippi_stud"),
            mispays=situations.mississippi_stud_mispays,
            plant=situations.plant_mississippi_stud,
        )
    )
    for profile, table, read, house_rules, procedure in (
        (
            banked_stud.CARIBBEAN,
            CARIBBEAN_STUD_BASE,
            requests.read_caribbean_stud,
            ("chip_unit", "call_multiple", "call_payout_cap"),
            "CARIBBEAN",
        ),
        (
            banked_stud.CASINO,
            CASINO_STUD_POKER,
            requests.read_casino_stud,
            ("chip_unit",),
            "CASINO",
        ),
    ):
        register(
            Game(
                slug=profile.game,
                title=profile.title,
                read=read,
                rule=partial(banked_stud.ruling, profile),
                shape="player-dealer-action",
                fields=requests.banked_stud_fields,
                paytable=table,
                rows=BANKED_STUD_ROWS,
                second_bet=profile.second_bet,
                call_multiple=profile.multiple,
                house_rules=house_rules,
                table_rules=("settle_order",),
                preview=partial(banked_stud.preview, profile),
                enumeration=BankedStudSheet(profile),
                settles="net",
                situation=partial(situations.banked_stud, profile),
                procedure=_procedure("banked_stud", procedure),
                mispays=partial(situations.banked_stud_mispays, profile),
                plant=partial(situations.plant_banked_stud, profile),
            )
        )
    register(
        Game(
            slug=mississippi_gonorrhea.SLUG,
            title="Mississippi Gonorrhea",
            read=requests.read_gonorrhea,
            rule=mississippi_gonorrhea.ruling,
            shape="pot-hands",
            fields=requests.gonorrhea_fields,
            seats=mississippi_gonorrhea.SEATS,
            house_rules=("chip_unit", "split_pot_odd_chip", "stand_pat_allowed", "reuse_discards"),
            settles="shares",
            situation=situations.mississippi_gonorrhea,
            procedure=_procedure("mississippi_gonorrhea"),
            mispays=situations.mississippi_gonorrhea_mispays,
            plant=situations.plant_mississippi_gonorrhea,
        )
    )
    register(
        Game(
            slug=english_stud.SLUG,
            title="English Stud",
            read=requests.read_english_stud,
            rule=english_stud.ruling,
            shape="ask-seats",
            fields=requests.english_stud_fields,
            seats=english_stud.SEATS,
            house_rules=("chip_unit", "stud_stock_shortage"),
            # only a showdown's ruling settles chips (its `shares`); the audit refuses the others
            settles="shares",
            situation=situations.english_stud,
            procedure=_procedure("english_stud"),
            mispays=situations.english_stud_mispays,
            plant=situations.plant_english_stud,
        )
    )


_registered()
