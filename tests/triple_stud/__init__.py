"""A whole game as a test fixture: Casino Stud Poker with a Raise of three Antes, a variant some
houses deal, added the way a new game is added, as one package and its registration.

Everything the variant needs is here: its profile (the rules are the banked game's, read
with this profile), its registry record (reader, ruling, paytable preview, par sheet,
mispays), its drills (qualify and settle) and its round.  `installed()` registers it with
the engine and removes it again; no file outside this package names it.  The tests beside
it reach every surface with it (`test_every_surface`), and the Django tests of a registered
game (the ruling desk, a house table's activation) use `game()`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial

from trainer.engine.catalog import BankedStudSheet, Game, register, unregister
from trainer.engine.drills import REGISTRY, DrillKind
from trainer.engine.drills import register as register_drill
from trainer.engine.games.banked_stud import reading, rules, ruling, situations
from trainer.engine.games.banked_stud.drills import BankedQualify, BankedSettle
from trainer.engine.games.banked_stud.round import BankedStudRound
from trainer.engine.paytables import BANKED_STUD_ROWS, CASINO_STUD_POKER

SLUG = "casino-stud-triple"
#: Casino Stud Poker's rules with the Raise fixed at three Antes
PROFILE = dataclasses.replace(
    rules.CASINO, game=SLUG, title="Casino Stud (3x raise)", fixed_multiple=3
)


class TripleQualify(BankedQualify):
    slug = "cst-qualify"
    profile = PROFILE
    game = SLUG
    title = "Casino Stud (3x raise): does the dealer qualify?"
    description = "Read the dealer's five cards (the last one was face up): A-K or better."


class TripleSettle(BankedSettle):
    slug = "cst-settle"
    profile = PROFILE
    game = SLUG
    title = "Casino Stud (3x raise): settle the player"
    description = "Settle the Ante and the Raise of three Antes, and the net."


def drills() -> tuple[DrillKind, ...]:
    return (TripleQualify(), TripleSettle())


def game() -> Game:
    """The variant's registry record: what the catalogue would hold for it."""
    return Game(
        slug=SLUG,
        title=PROFILE.title,
        read=partial(reading.read_banked_stud, PROFILE),
        rule=partial(ruling.ruling, PROFILE),
        shape="player-dealer-action",
        fields=reading.banked_stud_fields,
        paytable=CASINO_STUD_POKER,
        rows=BANKED_STUD_ROWS,
        second_bet=PROFILE.second_bet,
        call_multiple=PROFILE.multiple,
        house_rules=("chip_unit",),
        table_rules=("settle_order",),
        preview=partial(ruling.preview, PROFILE),
        enumeration=BankedStudSheet(PROFILE),
        settles="net",
        situation=partial(situations.banked_stud, PROFILE),
        procedure=BankedStudRound(PROFILE, TripleSettle.slug, TripleQualify.slug),
        mispays=partial(situations.banked_stud_mispays, PROFILE),
        plant=partial(situations.plant_banked_stud, PROFILE),
    )


@contextmanager
def installed(entry: Game | None = None) -> Iterator[Game]:
    """The variant registered, game and drills, for the length of the block (`entry`: a
    record of it to register instead, such as one computing its sheet on a small deck)."""
    entry = register(entry or game())
    kinds = [register_drill(kind) for kind in drills()]
    try:
        yield entry
    finally:
        for kind in kinds:
            REGISTRY.pop(kind.slug, None)
        unregister(entry.slug)
