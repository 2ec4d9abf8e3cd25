"""What the desk's tests share: the demo house's games manager signed in, its tables, and a
par sheet stored as the task worker stores one."""

import pytest

from tests.factories import ManagerFactory
from trainer.engine.cards import parse_cards
from trainer.engine.catalog import GAMES
from trainer.houses import precompute, services
from trainer.houses.config import house_rules_of, paytable_of
from trainer.houses.models import ParSheetResult, PaytableVersion

#: a reduced deck (five ranks of four suits): the engine's own enumeration over it takes a
#: fraction of a second, where the full deck takes seconds (Mississippi Stud) to minutes
SMALL_DECK = parse_cards("2c 2d 2h 2s 7c 7d 7h 7s Tc Td Th Ts Kc Kd Kh Ks Ac Ad Ah As")


@pytest.fixture
def desk(client, manager):
    """The demo house's games manager (`manager-max`), signed in."""
    client.force_login(manager)
    return client


def table_of(demo, game: str, number: int | None = None) -> PaytableVersion:
    """A demo-house version: the active one of `game`, or its version `number`."""
    versions = PaytableVersion.objects.filter(house=demo, game=game)
    return versions.get(number=number) if number else versions.get(is_active=True)


def exact_sheet(game, table, rules, *, deck=None):
    """The engine's exact sheet of `table` (`Game.fast_parsheet`), from counts made once per
    test session (tests/conftest.py): Mississippi Stud's in about a second, the banked
    games' (shared) in about ten, so a quick test keeps to Mississippi Stud or to
    `deck=SMALL_DECK`."""
    return game.fast_parsheet(table, rules, game.parsheet_counts(deck=deck))


def counts_built(game: str) -> None:
    """The game's precomputed counts built on this site, as the task worker builds them
    (`trainer.houses.precompute`): the desk then prices any table at once."""
    row, _ = precompute.claim_counts(GAMES[game])
    if row.status == row.Status.QUEUED:  # the worker's turn, taken here
        precompute.build_counts(row.pk, row.attempt)


def store_sheet(version: PaytableVersion, rules=None, *, deck=None) -> ParSheetResult:
    """The version's par sheet under `rules` (the house's own unless given), claimed and
    finished as the task worker does it, with the engine's exact figures (over `deck`, when
    given: a reduced deck's figures are the engine's too, and the pages show whatever a
    finished sheet holds)."""
    sheet, _ = services.claim_parsheet(version, rules)
    rules = rules if rules is not None else house_rules_of(getattr(version.house, "rules", None))
    figures = exact_sheet(version.engine_game, paytable_of(version), rules, deck=deck)
    ParSheetResult.objects.filter(pk=sheet.pk).update(
        status=ParSheetResult.Status.DONE, figures=figures.as_dict(), done=1, total=1
    )
    sheet.refresh_from_db()
    return sheet


@pytest.fixture
def other_manager(riverboat):
    return ManagerFactory(house=riverboat, username="manager-rob")
