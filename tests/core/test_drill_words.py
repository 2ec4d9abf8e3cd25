"""The drill kinds' and games' own words (titles, descriptions, levels, the shared groups, the
house rules' names, round prompts) said in the reader's language; English byte for byte as the
engine writes it."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.template import Context, Template
from django.utils import translation

from trainer.core.i18n import render
from trainer.core.templatetags.names import drill_task, drill_title, game_title
from trainer.engine.catalog import ANY, CHIPS, GAMES
from trainer.engine.drills import REGISTRY
from trainer.engine.figures import rules_note
from trainer.engine.house import DEFAULT_CONFIG, RULE_NAMES, SETTLE_ORDERS, HouseRules
from trainer.engine.kit.rounds import where_field
from trainer.engine.messages import Message
from trainer.engine.parsheets.sheet import said_in_sheet
from trainer.houses.forms import HouseRulesForm
from trainer.site.jinja import environment

CATALOGUE = Path(settings.BASE_DIR) / "locale" / "es" / "LC_MESSAGES" / "django.mo"
spanish = pytest.mark.skipif(
    not CATALOGUE.exists(), reason="no Spanish catalogue built (compilemessages)"
)


def test_every_drills_words_are_messages():
    for kind in REGISTRY.values():
        if kind.game == CHIPS:
            continue  # the chip drills' words are their own engineer's
        for words in (kind.title, kind.description, kind.mix):
            assert isinstance(words, Message), (kind.slug, words)
        for level in kind.levels_for(DEFAULT_CONFIG):
            assert isinstance(level.name, Message), (kind.slug, level.name)


def test_english_names_stay_as_the_engine_writes_them():
    assert drill_title("cs-settle") == "Caribbean Stud: settle the player"
    assert drill_task("cs-qualify") == "Does the dealer qualify?"
    assert game_title(ANY) == "Hand reading (every game)"
    level = REGISTRY["ms-pay"].levels_for(DEFAULT_CONFIG)[1]
    assert render(level.name) == "$25 table, odd antes like 15 and 35, two or three positions"
    assumed, unmodelled = rules_note(GAMES["caribbean-stud"], HouseRules(call_multiple=3))
    assert render(assumed[0]) == "the Call is 3 × Ante (the house's call multiple)"


@spanish
def test_a_drills_task_reads_in_spanish_with_its_opening_mark_and_capital():
    with translation.override("es"):
        assert drill_title("cs-qualify") == "Caribbean Stud: ¿la banca califica?"
        assert drill_task("cs-qualify") == "¿La banca califica?"
        assert drill_task("ms-pay") == "Pagar la posición"
        assert game_title(ANY) == "Lectura de manos (todos los juegos)"
        assert game_title(CHIPS) == "Fichas (todos los juegos)"


@spanish
def test_a_level_named_in_the_houses_stakes_reads_in_spanish():
    level = REGISTRY["ms-pay"].levels_for(DEFAULT_CONFIG)[1]
    with translation.override("es"):
        assert render(level.name) == (
            "mesa de $25, antes impares como 15 y 35, dos o tres posiciones"
        )
        watch = REGISTRY["watch-caribbean-stud"]
        assert render(watch.title) == "Caribbean Stud: vigilar el juego"


@spanish
def test_the_house_rules_and_a_sheets_assumptions_read_in_spanish():
    assumed, unmodelled = rules_note(GAMES["caribbean-stud"], HouseRules(call_multiple=3))
    with translation.override("es"):
        assert render(RULE_NAMES["chip_unit"]) == "la unidad de ficha"
        assert [render(u) for u in unmodelled] == [
            "la unidad de ficha",
            "el tope de pago de la apuesta de igualar de Caribbean Stud",
        ]
        assert render(assumed[0]) == (
            "Apuesta de igualar: 3 × Ante (el múltiplo de la apuesta de igualar de la casa)"
        )


@spanish
def test_the_felt_and_the_pages_say_a_drills_words():
    kind = REGISTRY["es-bring-in"]
    with translation.override("es"):
        page = Template("{% load said %}{{ kind.title|said }}").render(Context({"kind": kind}))
        felt = environment().from_string("{{ kind.title|said }}").render(kind=kind)
        choices = dict(where_field(["1"], dealer=True).choices)
        assert render(choices["dealer"]) == "La mano de la banca"
    assert page == felt == "English Stud: la apuesta obligatoria"


@spanish
def test_the_settle_orders_read_in_spanish_on_the_house_rules_form():
    with translation.override("es"):
        choices = dict(HouseRulesForm().fields["settle_order"].choices)
    assert choices["left"] == (
        "desde la izquierda del crupier: de primera base a tercera base (primero el asiento 1)"
    )
    assert (
        SETTLE_ORDERS["left"] == "from the dealer's left: first base to third base (seat 1 first)"
    )


@spanish
def test_a_stored_sheets_outcomes_and_pays_read_in_spanish():
    with translation.override("es"):
        assert render(said_in_sheet("dealer does not qualify")) == "la banca no califica"
        assert render(said_in_sheet("fold on 4th Street")) == "se retira en la Cuarta calle"
        assert render(said_in_sheet("Ante and bets lost")) == "se pierden el ante y las apuestas"
    # a figure is no word of the engine's: it is shown as the sheet keeps it
    assert said_in_sheet("500 to 1") == "500 to 1"
    assert said_in_sheet("full house") == "full house"
