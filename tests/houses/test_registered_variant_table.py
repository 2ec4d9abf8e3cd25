"""A game variant registered at run time gets a house table that activates through the same
gate as the five games': its par sheet, under its own key, is queued by the activation page,
computed by the task the worker runs, and then the table can be activated.

The variant is Casino Stud Poker with a Raise of three Antes, a whole game as a fixture
package (tests/triple_stud).  Its sheet on the full deck takes a quarter of a minute, so here
the variant's enumeration runs on a reduced deck (two suits, half a second): everything else
(the key the sheet is stored under, the queueing, the task, `services.compute_parsheet`, the
gate) is the product's own.  A two-suit deck is rich in strong hands, so the source text's
table favours the player on it; a table paying 1 to 1 on every row gives the house its edge."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command

from tests.factories import PaytableVersionFactory
from tests.triple_stud import game as triple_game
from tests.triple_stud import installed
from trainer.engine.cards import Card, parse_cards
from trainer.engine.catalog import GAMES, BankedStudSheet, Game, register, unregister
from trainer.engine.house import HouseRules
from trainer.engine.parsheets import ParSheet, Progress
from trainer.engine.paytables import Paytable
from trainer.houses import activation, services
from trainer.houses.config import paytable_of
from trainer.houses.models import ParSheetResult, PaytableVersion

VARIANT = "casino-stud-triple"
LIST = "/admin/houses/paytableversion/"
#: every rank in two suits: 26 cards, half a second for the banked enumeration
TWO_SUITS = parse_cards([r + s for r in "23456789TJQKA" for s in "cd"])


@dataclass(frozen=True)
class OnReducedDeck:
    """The variant's own enumeration, computed on a reduced deck: its name and its key's inputs
    are the full deck's, so the sheet is stored under the key the real variant's would be."""

    real: BankedStudSheet
    deck: tuple[Card, ...]

    @property
    def game(self) -> str:
        return self.real.game

    def key_inputs(self, paytable: Paytable, call_multiple: int | None) -> dict[str, Any]:
        return self.real.key_inputs(paytable, call_multiple)

    def compute(
        self,
        paytable: Paytable,
        *,
        call_multiple: int | None = None,
        progress: Progress | None = None,
        deck: Sequence[Card] | None = None,
    ) -> ParSheet:
        return self.real.compute(
            paytable, call_multiple=call_multiple, progress=progress, deck=deck or self.deck
        )


@pytest.fixture
def variant() -> Iterator[Game]:
    real = triple_game()
    assert isinstance(real.enumeration, BankedStudSheet)
    on_reduced_deck = OnReducedDeck(real.enumeration, TWO_SUITS)
    with installed(dataclasses.replace(real, enumeration=on_reduced_deck)) as entry:
        yield entry


@pytest.fixture
def variant_version(house, variant) -> PaytableVersion:
    """The variant's table at the house: every row pays 1 to 1."""
    table = variant.paytable
    assert table is not None
    flat = {category.label: "1:1" for category, _ in table.rows}
    return PaytableVersionFactory(house=house, game=VARIANT, label="Flat", rows=flat)


def activate_url(version: PaytableVersion) -> str:
    return f"/admin/houses/paytableversion/{version.pk}/activate/"


def test_the_variants_table_activates_through_the_gate_once_its_sheet_is_computed(
    manager_client, variant, variant_version, immediate_tasks, django_capture_on_commit_callbacks
):
    # the list's action sends it to the activation page, as it does the five games' tables
    response = manager_client.post(
        LIST, {"action": "activate", "_selected_action": [variant_version.pk]}
    )
    assert response["Location"] == activate_url(variant_version)
    # the page queues the sheet (the task runs on commit, here in this process)
    with django_capture_on_commit_callbacks(execute=True) as queued:
        manager_client.get(activate_url(variant_version))
    assert len(queued) == 1
    sheet = services.parsheet_of(variant_version)
    assert sheet is not None and sheet.status == ParSheetResult.Status.DONE
    assert sheet.game == VARIANT
    # stored under the real variant's key: its own, not Casino Stud's
    table, rules = paytable_of(variant_version), HouseRules()
    assert sheet.key == triple_game().parsheet_key(table, rules)
    assert sheet.key != GAMES["casino-stud"].parsheet_key(table, rules)
    assert sheet.figures["game"] == VARIANT
    assert sheet.figures["decisions"][0]["choices"][0]["choice"] == "raise"
    assert not sheet.player_edge
    # now the page offers the button, and the table activates
    page = manager_client.get(activate_url(variant_version)).content.decode()
    assert 'type="submit" value="Activate"' in page and "player_edge_confirmed" not in page
    manager_client.post(activate_url(variant_version))
    variant_version.refresh_from_db()
    assert variant_version.is_active
    assert PaytableVersion.objects.active().get(house=variant_version.house, game=VARIANT)


def test_without_its_sheet_the_variants_table_waits(
    manager, variant_version, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks() as queued:
        problems = activation.activation_problems(variant_version)
    assert len(queued) == 1 and "is being computed" in " ".join(problems)
    sheet = services.parsheet_of(variant_version)
    assert sheet is not None and sheet.status == ParSheetResult.Status.QUEUED
    assert sheet.game == VARIANT
    with pytest.raises(ValidationError, match="is being computed"):
        activation.activate_checked(variant_version, by=manager)
    variant_version.refresh_from_db()
    assert not variant_version.is_active


def test_a_variants_table_that_favours_the_player_needs_confirming(
    manager_client, house, variant, immediate_tasks, django_capture_on_commit_callbacks
):
    source = variant.paytable
    assert source is not None
    version = PaytableVersionFactory(
        house=house, game=VARIANT, label="Source", rows=source.as_dict()
    )
    with django_capture_on_commit_callbacks(execute=True):
        manager_client.get(activate_url(version))
    sheet = services.parsheet_of(version)
    assert sheet is not None and sheet.status == ParSheetResult.Status.DONE and sheet.player_edge
    refused = manager_client.post(activate_url(version), follow=True).content.decode()
    version.refresh_from_db()
    assert not version.is_active and "gives the PLAYER the edge" in refused
    manager_client.post(activate_url(version), {"player_edge_confirmed": "1"})
    version.refresh_from_db()
    assert version.is_active


def test_the_game_field_takes_a_registered_variant_and_forgets_it_when_it_goes(
    house, variant, variant_version
):
    # the field's choices are read from the registry when they are asked for, not at import
    variant_version.full_clean()
    field = PaytableVersion._meta.get_field("game")
    assert (VARIANT, variant.title) in field.choices
    assert variant.title in str(variant_version)
    unregister(VARIANT)
    try:
        assert VARIANT not in dict(field.choices)
        with pytest.raises(ValidationError, match="not a valid choice"):
            variant_version.full_clean()
    finally:
        register(variant)


def test_the_command_lists_the_variant_and_prints_its_sheet(capsys, db, variant):
    call_command("parsheet", VARIANT, "--json")
    sheet = json.loads(capsys.readouterr().out)
    assert sheet["game"] == VARIANT
    assert sheet["decisions"][0]["choices"][0]["choice"] == "raise"
