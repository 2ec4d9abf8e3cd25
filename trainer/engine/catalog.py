"""The catalogue: the only list of games, above them all.  Each game is one `Game` record, as
data, registered here with everything its package provides.

Everything that needs to know the games (the ruling desk, the admin's paytables, model
choices, page titles, progress labels) asks here or in the registry beneath
(`trainer.engine.kit.registry`) and never names a game itself.  A new game is its package
under `trainer.engine.games` and one `register(Game(...))` call; a test may register a variant
and remove it.

>>> list(GAMES)
['mississippi-stud', 'caribbean-stud', 'casino-stud', 'mississippi-gonorrhea', 'english-stud']
>>> [g.slug for g in paid_games()]
['mississippi-stud', 'caribbean-stud', 'casino-stud']
>>> GAMES["caribbean-stud"].multiple(HouseRules(call_multiple=3))
3
"""

from __future__ import annotations

from functools import partial

from .drills import REGISTRY as DRILL_KINDS
from .drills import register as register_drill
from .drills.chip_drills import ColourUp, MakeChange
from .drills.hand_reading import HandFive, HandSeven
from .drills.watch import watch_kinds
from .games.banked_stud import reading as banked_stud_reading
from .games.banked_stud import round as banked_stud_round
from .games.banked_stud import rules as banked_stud
from .games.banked_stud import ruling as banked_stud_ruling
from .games.banked_stud import situations as banked_stud_situations
from .games.banked_stud.drills import CaribbeanQualify, CaribbeanSettle, CasinoQualify, CasinoSettle
from .games.banked_stud.exposure import BankedStudExposure
from .games.banked_stud.ledger import CaribbeanLedger
from .games.banked_stud.parsheet import BankedStudSheet
from .games.english_stud import reading as english_stud_reading
from .games.english_stud import round as english_stud_round
from .games.english_stud import rules as english_stud
from .games.english_stud import situations as english_stud_situations
from .games.english_stud.drills import EnglishBringIn, EnglishFirstToAct, EnglishShowdown
from .games.english_stud.exchange import EnglishExchange
from .games.mississippi_gonorrhea import reading as gonorrhea_reading
from .games.mississippi_gonorrhea import round as gonorrhea_round
from .games.mississippi_gonorrhea import rules as mississippi_gonorrhea
from .games.mississippi_gonorrhea import situations as gonorrhea_situations
from .games.mississippi_gonorrhea.drills import GonorrheaSplit
from .games.mississippi_stud import reading as mississippi_stud_reading
from .games.mississippi_stud import round as mississippi_stud_round
from .games.mississippi_stud import rules as mississippi_stud
from .games.mississippi_stud import situations as mississippi_stud_situations
from .games.mississippi_stud.drills import MississippiPay
from .games.mississippi_stud.exposure import MississippiStudExposure
from .games.mississippi_stud.parsheet import MississippiStudSheet
from .house import HouseRules  # noqa: F401 (the doctest uses it)
from .kit.game import Game, PreviewRow
from .kit.registry import (
    ANY,
    CHIPS,
    GAMES,
    game,
    paid_games,
    register,
    round_games,
    title_of,
    unregister,
)
from .parsheets.sheet import Enumeration
from .paytables import (
    BANKED_STUD_ROWS,
    CARIBBEAN_STUD_BASE,
    CASINO_STUD_POKER,
    MISSISSIPPI_STUD_BASE,
    MISSISSIPPI_STUD_ROWS,
)

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


def _registered() -> None:
    register(
        Game(
            slug=mississippi_stud.SLUG,
            title="Mississippi Stud",
            read=mississippi_stud_reading.read_mississippi_stud,
            rule=mississippi_stud.ruling,
            shape="hole-board-bets",
            fields=mississippi_stud_reading.mississippi_stud_fields,
            seats=(),
            paytable=MISSISSIPPI_STUD_BASE,
            rows=MISSISSIPPI_STUD_ROWS,
            pair_bands=True,
            house_rules=("chip_unit", "mississippi_payout_cap"),
            table_rules=("settle_order",),
            preview=mississippi_stud.preview,
            enumeration=MississippiStudSheet(mississippi_stud.SLUG),
            exposure=MississippiStudExposure(mississippi_stud.SLUG),
            settles="net",
            situation=mississippi_stud_situations.mississippi_stud,
            procedure=mississippi_stud_round.PROCEDURE,
            mispays=mississippi_stud_situations.mississippi_stud_mispays,
            plant=mississippi_stud_situations.plant_mississippi_stud,
        )
    )
    for profile, table, read, house_rules, procedure in (
        (
            banked_stud.CARIBBEAN,
            CARIBBEAN_STUD_BASE,
            banked_stud_reading.read_caribbean_stud,
            ("chip_unit", "call_multiple", "call_payout_cap"),
            banked_stud_round.CARIBBEAN,
        ),
        (
            banked_stud.CASINO,
            CASINO_STUD_POKER,
            banked_stud_reading.read_casino_stud,
            ("chip_unit",),
            banked_stud_round.CASINO,
        ),
    ):
        register(
            Game(
                slug=profile.game,
                title=profile.title,
                read=read,
                rule=partial(banked_stud_ruling.ruling, profile),
                shape="player-dealer-action",
                fields=banked_stud_reading.banked_stud_fields,
                paytable=table,
                rows=BANKED_STUD_ROWS,
                second_bet=profile.second_bet,
                call_multiple=profile.multiple,
                house_rules=house_rules,
                table_rules=("settle_order",),
                preview=partial(banked_stud_ruling.preview, profile),
                enumeration=BankedStudSheet(profile),
                # surveillance asks about players sharing hands at Caribbean Stud's full table
                exposure=BankedStudExposure(profile, full_table=profile is banked_stud.CARIBBEAN),
                settles="net",
                situation=partial(banked_stud_situations.banked_stud, profile),
                procedure=procedure,
                mispays=partial(banked_stud_situations.banked_stud_mispays, profile),
                plant=partial(banked_stud_situations.plant_banked_stud, profile),
            )
        )
    register(
        Game(
            slug=mississippi_gonorrhea.SLUG,
            title="Mississippi Gonorrhea",
            read=gonorrhea_reading.read_gonorrhea,
            rule=mississippi_gonorrhea.ruling,
            shape="pot-hands",
            fields=gonorrhea_reading.gonorrhea_fields,
            seats=mississippi_gonorrhea.SEATS,
            house_rules=("chip_unit", "split_pot_odd_chip", "stand_pat_allowed", "reuse_discards"),
            settles="shares",
            situation=gonorrhea_situations.mississippi_gonorrhea,
            procedure=gonorrhea_round.PROCEDURE,
            mispays=gonorrhea_situations.mississippi_gonorrhea_mispays,
            plant=gonorrhea_situations.plant_mississippi_gonorrhea,
        )
    )
    register(
        Game(
            slug=english_stud.SLUG,
            title="English Stud",
            read=english_stud_reading.read_english_stud,
            rule=english_stud.ruling,
            shape="ask-seats",
            fields=english_stud_reading.english_stud_fields,
            seats=english_stud.SEATS,
            house_rules=("chip_unit", "stud_stock_shortage"),
            # only a showdown's ruling settles chips (its `shares`); the audit refuses the others
            settles="shares",
            situation=english_stud_situations.english_stud,
            procedure=english_stud_round.PROCEDURE,
            mispays=english_stud_situations.english_stud_mispays,
            plant=english_stud_situations.plant_english_stud,
        )
    )
    # the one list of drill kinds, in the order the site shows them
    for kind in (
        HandFive(),
        HandSeven(),
        MississippiPay(),
        CaribbeanQualify(),
        CasinoQualify(),
        CaribbeanSettle(),
        CasinoSettle(),
        CaribbeanLedger(),
        GonorrheaSplit(),
        EnglishBringIn(),
        EnglishFirstToAct(),
        EnglishExchange(),
        EnglishShowdown(),
        ColourUp(),
        MakeChange(),
    ):
        register_drill(kind)
    # then, for those who watch the game, a watch drill of each game the audit checks: it
    # reads the games just registered
    for watch in watch_kinds(list(DRILL_KINDS.values())):
        register_drill(watch)


_registered()
