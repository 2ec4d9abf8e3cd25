"""The engine's messages said in the reader's language (trainer/core/i18n.py): Django's
catalogue translates each pattern and each parameter; English stays byte for byte the
engine's; text stored before messages shows as it was."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.template import Context, Template
from django.utils import translation

from trainer.core.i18n import render, storable, stored
from trainer.engine.cards import parse_cards
from trainer.engine.drills import REGISTRY, parse_answer
from trainer.engine.games.banked_stud.ledger import CaribbeanLedger
from trainer.engine.games.banked_stud.rules import (
    CARIBBEAN,
    CASINO,
    MatchRound,
    settle,
    settle_match,
)
from trainer.engine.games.english_stud.rules import exchange_offer
from trainer.engine.games.english_stud.rules import showdown as es_showdown
from trainer.engine.games.mississippi_gonorrhea.rules import settle as mg_settle
from trainer.engine.games.mississippi_stud.rules import settle as ms_settle
from trainer.engine.house import DEFAULT_CONFIG
from trainer.engine.kit.answers import chip_verdict
from trainer.engine.kit.watched import MISSED, counted, reason
from trainer.engine.messages import Message, say
from trainer.engine.words import cap, payout_sentence, seat_list
from trainer.site.jinja import environment

CATALOGUE = Path(settings.BASE_DIR) / "locale" / "es" / "LC_MESSAGES" / "django.mo"
spanish = pytest.mark.skipif(
    not CATALOGUE.exists(), reason="no Spanish catalogue built (compilemessages)"
)


def _no_qualify():
    return settle(CASINO, parse_cards("Qh Qs 9d 6c 2h"), parse_cards("Kh Qc 7s 4d 3c"), 1, "raise")


def test_english_renders_exactly_the_engines_text():
    steps = _no_qualify().steps
    with translation.override("en"):
        assert [render(s) for s in steps] == [str(s) for s in steps]


def test_a_plain_string_is_shown_as_it_is():
    with translation.override("es"):
        assert render("The dealer shows Q♥.") == "The dealer shows Q♥."
        assert render(7) == "7"


def test_stored_form_reads_back_as_the_message():
    step = _no_qualify().steps[-2]
    back = stored(storable(step))
    assert isinstance(back, Message) and back == step and back.to_json() == step.to_json()
    assert stored("an English reason stored before messages") == (
        "an English reason stored before messages"
    )


@spanish
def test_the_dealer_not_qualifying_reads_in_spanish():
    steps = _no_qualify().steps
    with translation.override("es"):
        said = [render(s) for s in steps]
    assert said[0] == "El jugador tiene Qh Qs 9d 6c 2h: pareja de reinas, kickers nueve-seis-dos."
    assert said[4] == (
        "La mano de la banca, carta alta rey, kickers reina-siete-cuatro-tres, no "
        "califica: la banca necesita A-K o mejor."
    )
    assert said[5].startswith("El ante gana 1:1: 1. Se devuelve la apuesta de subida de 2")
    assert said[-1] == "Neto +1; el jugador recibe 4."


@spanish
def test_a_win_by_the_paytable_names_the_category_in_spanish():
    s = settle(CARIBBEAN, parse_cards("9h 9s 9d 9c 2h"), parse_cards("Ah Kc 7s 4d 3c"), 1, "call")
    with translation.override("es"):
        said = [render(step) for step in s.steps]
    assert "La banca califica con carta alta as, kickers rey-siete-cuatro-tres." in said
    assert any("por la categoría del jugador, póker, a " in line for line in said)


@spanish
def test_mississippi_stud_steps_read_in_spanish():
    s = ms_settle(parse_cards("Qh Qs"), parse_cards("2c 7d 9s"), [1, 1, 2, 3])
    with translation.override("es"):
        said = [render(step) for step in s.steps]
    assert said[0].startswith("Las cinco cartas finales, Qh Qs con 2c 7d 9s: pareja de reinas")
    assert said[1].startswith("Categoría: pareja de reinas")
    assert said[-1].startswith("Cada casilla se paga a 1:1: Ante 1 gana 1, Tercera calle 1 gana 1")


@spanish
def test_seat_lists_take_the_spanish_plural_and_keep_the_capital():
    with translation.override("es"):
        assert render(seat_list(["1"])) == "asiento 1"
        assert render(cap(seat_list(["1", "2", "4"]))) == "Asientos 1, 2 y 4"
        assert render(payout_sentence({"1": 13, "2": 0, "3": 0})) == (
            "Pago: el asiento 1 se lleva 13; asientos 2 y 3 no se llevan nada."
        )


@spanish
def test_a_stored_step_reads_in_spanish_for_a_spanish_reader():
    """An English trainee's attempt stored as JSON reads in Spanish for a Spanish supervisor."""
    with translation.override("en"):
        kept = storable(_no_qualify().steps[-1])
    with translation.override("es"):
        assert render(stored(kept)) == "Neto +1; el jugador recibe 4."


@spanish
def test_the_said_filter_and_the_felt_render_in_the_active_language():
    step = say("The dealer qualifies with %(hand)s.", hand=say("ace"))
    template = Template("{% load said %}{{ step|said }}")
    felt = environment().from_string("{{ step|said }}")
    with translation.override("es"):
        assert template.render(Context({"step": step})) == "La banca califica con as."
        assert felt.render(step=step) == "La banca califica con as."
    with translation.override("en"):
        assert template.render(Context({"step": step})) == "The dealer qualifies with ace."


@spanish
def test_a_split_pot_reads_in_spanish():
    s = mg_settle(25, {"1": parse_cards("Kc 9d"), "2": parse_cards("3h 2s")})
    with translation.override("es"):
        said = [render(step) for step in s.steps]
    assert (
        said[0] == "Nadie tiene pareja de sietes: el bote se divide entre la mano alta y la baja."
    )
    assert said[1] == (
        "Alta: la mano rey-nueve del asiento 1 es la mejor. "
        "Baja: la mano tres-dos del asiento 2 es la mejor."
    )
    assert said[-1] == "Pago: el asiento 1 se lleva 13, el asiento 2 se lleva 12."


@spanish
def test_a_watched_positions_reason_reads_in_spanish():
    wrong = {"call": "wrong", "situation": "fold paid", "amount": -15, "paid": 5}
    said = reason(wrong, {"call": "right"})
    assert said == (
        "Missed mispay: the dealer paid 5 (fold paid) where the right settlement is took 15; "
        "you marked it right."
    )
    with translation.override("es"):
        assert render(said) == (
            "Pago erróneo no detectado: el crupier hizo: pago de 5 (retirada pagada), cuando lo "
            "correcto es: cobro de 15; usted la marcó como bien."
        )
        assert render(counted(MISSED, 2)) == "2 pagos erróneos no detectados"


@spanish
def test_an_english_stud_showdown_reads_in_spanish():
    s = es_showdown(
        31,
        {
            "2": parse_cards("Th 9h 8c 7d 6s 2c 3c"),
            "4": parse_cards("Tc 9d 8s 7h 6c As 3s"),
            "5": parse_cards("Kc Kd 4h 4s Jh 2d 5s"),
        },
    )
    with translation.override("es"):
        said = [render(step) for step in s.steps]
    assert said[0].startswith("Asiento 2: ") and said[0].endswith("escalera, carta alta diez.")
    assert (
        said[3] == "Asientos 2 y 4 empatan (escalera, carta alta diez): se reparten el bote de 31."
    )
    assert "la ficha sobrante va al asiento 4" in said[4]


@spanish
def test_a_match_ledgers_rounds_read_by_the_deal_in_spanish():
    ledger = settle_match([MatchRound(1)] * 19 + [MatchRound(None), MatchRound(-2)])
    table = {"rounds": [{"deal": n, "void": n == 20} for n in range(1, 22)]}
    shown = CaribbeanLedger().steps_shown(ledger.steps, table)
    assert shown[-2] == "Deal 21: net -2, running total +17."
    with translation.override("es"):
        assert render(shown[-2]) == "Reparto 21: neto -2, total acumulado +17."
        assert render(shown[-1]) == (
            "20 rondas contadas (1 reparto nulo repetido): total +17, gana el jugador."
        )


@spanish
def test_who_is_offered_the_exchange_reads_in_spanish():
    decision = exchange_offer(["1", "2", "4"], {"2"}, {"1"}, 5)
    with translation.override("es"):
        assert render(decision.steps[-1]) == (
            "El asiento 1 ya tuvo su turno y el asiento 2 se retiró: ahora se le ofrece el "
            "cambio al asiento 4."
        )


@spanish
def test_a_colour_up_question_and_its_reason_read_in_spanish():
    q = REGISTRY["colour-up"].generate(4, 1, DEFAULT_CONFIG)
    wrong = parse_answer(q.fields, {"chips": {"5": "11", "1": "3"}})
    verdict = chip_verdict(q.fields[0], q.expected, wrong)
    with translation.override("en"):
        assert render(q.prompt) == "Colour up 10 red and 8 white (58)."
    with translation.override("es"):
        # the house's chip names are its own: they stay as the house wrote them
        assert render(q.prompt) == "Colorear 10 red y 8 white (58)."
        assert render(q.fields[0].label) == "Colorear en"
        assert render(q.steps[0]) == "La pila es 10 red y 8 white: 58 en total."
        assert render(verdict.reason) == (
            "cantidad correcta; 58 se colorea en 2 green + 1 red + 3 white, "
            "usted usó 11 red + 3 white"
        )


@spanish
def test_a_make_change_question_reads_in_spanish():
    q = REGISTRY["make-change"].generate(6, 3, DEFAULT_CONFIG)
    all_red = parse_answer(q.fields, {"chips": {"5": "14"}})
    verdict = chip_verdict(q.fields[0], q.expected, all_red)
    with translation.override("es"):
        assert render(q.prompt) == "Un jugador apuesta 5 con 3 green (75): haga el cambio."
        assert render(q.steps[1]) == (
            "La apuesta toma 1 green (25): devuelva las otras 2 green sin cambiar."
        )
        assert render(verdict.reason) == (
            "cantidad correcta; el cambio de 70 es 2 green + 4 red (las 2 green que la apuesta "
            "no necesita se devuelven sin cambiar), usted usó 14 red"
        )


@spanish
def test_mississippi_gonorrhea_exchanges_and_betting_read_in_spanish():
    from trainer.engine.cards import Card
    from trainer.engine.games.mississippi_gonorrhea.round import _betting
    from trainer.engine.games.mississippi_gonorrhea.rules import Exchange, ExchangeRecord

    kh, two, nine = Card("Kh"), Card("2c"), Card("9d")
    up = ExchangeRecord("dinner", "3", Exchange.UP, (kh, two), (kh, nine), (two,), (nine,), 0)
    pat = ExchangeRecord("lunch", "1", Exchange.STAND_PAT, (kh, two), (kh, two), (), (), 0)
    assert up.sentence == "Dinner: seat 3 exchanges the up card 2♣ for a new up card, 9♦."
    with translation.override("es"):
        assert render(up.sentence) == (
            "Cena: el asiento 3 cambia la carta descubierta 2♣ por una nueva carta descubierta, 9♦."
        )
        assert render(pat.sentence) == "Almuerzo: el asiento 1 se planta con K♥ 2♣."
        assert render(_betting("dinner", "2", 3, 20, 140)) == (
            "Apuestas tras la cena: el asiento 2 sube y todos igualan: 3 jugadores ponen 20 "
            "cada uno; el bote es de 140."
        )


@spanish
def test_a_mississippi_gonorrhea_rounds_steps_read_in_spanish():
    from trainer.engine.games.mississippi_gonorrhea.round import PROCEDURE
    from trainer.engine.kit.rounds import Setting, play

    setting = Setting("mississippi-gonorrhea", 1, 3)
    dealt = PROCEDURE.deal(1, setting, DEFAULT_CONFIG)
    steps = play(PROCEDURE, dealt, setting, DEFAULT_CONFIG)
    with translation.override("es"):
        events = [render(e) for e in steps[0].events]
        assert render(steps[0].fields[0].choices[0][1]) == "Los sietes se llevan todo"
        assert render(steps[1].prompt) == "Lea las manos: ¿quién se lleva el bote, o cada mitad?"
        assert render(steps[2].prompt).startswith("El bote de 105 no se divide exactamente")
        assert render(steps[1].fields[0].choices[0][1]) == "Asiento 1"
    assert events[0] == "Cada uno de los 3 jugadores pone un ante de 5: el bote es de 15."
    assert events[1].startswith("Reparto: una carta tapada y una descubierta a cada uno de los 3")
    assert events[2] == "Apuestas tras el reparto: 3 jugadores ponen 5 cada uno; el bote es de 30."
    assert events[3].startswith("Desayuno: el asiento 1 ")


@spanish
def test_a_requests_errors_read_in_spanish_and_name_their_seat_and_street():
    from trainer.engine.rulings import rule

    bad_card = rule({"game": "mississippi-gonorrhea", "pot": 10, "hands": {"2": "7c 7x"}})
    three = rule({"game": "english-stud", "ask": "bring-in", "up": {"1": "Kd", "4": "Qd 2c"}})
    street = rule(
        {"game": "mississippi-stud", "hole": "Qh Qs", "board": "2c 7d 9s", "bets": [2, 2, 7]},
        locate=True,
    )
    # the API's error object is field and message only; a form asks for the seat and street
    assert set(bad_card["error"]) == {"field", "message"}
    assert (street["error"]["field"], street["error"]["street"]) == ("bets", 4)
    assert bad_card["error"]["message"] == (
        "Seat 2: '7x' has no suit: end it with c, d, h or s (or ♣ ♦ ♥ ♠)."
    )
    with translation.override("es"):
        assert render(bad_card["error"]["message"]) == (
            "Asiento 2: '7x' no tiene palo: termínela con c, d, h o s (o ♣ ♦ ♥ ♠)."
        )
        assert render(three["error"]["message"]) == (
            "La apuesta obligatoria se decide por una carta descubierta por asiento; el "
            "asiento 4 muestra 2."
        )
        assert render(street["error"]["message"]) == (
            "Cuarta calle: la apuesta debe ser 1, 2 o 3 veces el ante (2); 7 no lo es."
        )


@spanish
def test_the_watch_drills_situations_are_said_in_spanish_and_sent_as_their_key():
    from trainer.engine.kit.situations import situation_words

    q = REGISTRY["watch-mississippi-stud"].generate(4, 1, DEFAULT_CONFIG)
    choices = dict(q.fields[0].choices)
    # the value sent and stored is the English key; only its label is said
    assert choices["fold paid"] == "fold paid"
    with translation.override("es"):
        assert render(choices["fold paid"]) == "retirada pagada"
        assert render(choices["two pair overpaid"]) == "pago de más con doble pareja"
        assert render(situation_words("Call paid when the dealer did not qualify")) == (
            "Apuesta de igualar pagada cuando la banca no calificó"
        )
        assert render(situation_words("pair of sixes to tens taken instead of pushed")) == (
            "cobro con pareja de seises a dieces en lugar de devolver la apuesta"
        )
        # a phrase the vocabulary does not hold is shown as stored
        assert render(situation_words("stored before this vocabulary")) == (
            "stored before this vocabulary"
        )


@spanish
def test_what_is_wrong_with_a_typed_answer_reads_in_spanish():
    from trainer.engine.drills import AnswerError

    q = REGISTRY["colour-up"].generate(4, 1, DEFAULT_CONFIG)
    with pytest.raises(AnswerError) as refused:
        parse_answer(q.fields, {"chips": {"25": "two"}})
    [problem] = refused.value.problems.values()
    assert problem == "Give each chip's count as a whole number, like 2 (0 for none)."
    with translation.override("es"):
        assert render(problem) == (
            "Indique la cantidad de cada ficha como un número entero, como 2 (0 si no hay ninguna)."
        )


@spanish
def test_an_english_stud_rounds_prompts_and_log_read_in_spanish():
    from trainer.engine.games.english_stud.deal import ExchangeRecord, Face
    from trainer.engine.games.english_stud.round import PROCEDURE
    from trainer.engine.kit.rounds import Setting, play

    setting = Setting("english-stud", 1, 3)
    dealt = PROCEDURE.deal(1, setting, DEFAULT_CONFIG)
    steps = play(PROCEDURE, dealt, setting, DEFAULT_CONFIG)
    record = ExchangeRecord(1, "2", parse_cards("9d")[0], parse_cards("Kh")[0], Face.UP, 0)
    with translation.override("en"):
        assert render(steps[0].prompt) == "3rd Street is dealt: who brings it in?"
    with translation.override("es"):
        said = [render(e) for e in steps[0].events]
        assert render(steps[0].prompt) == (
            "Se reparte la tercera calle: ¿quién abre con la apuesta obligatoria?"
        )
        assert render(steps[-1].fields[0].choices[0][1]).startswith("Asiento ")
        assert render(record.sentence) == (
            "Cambio tras la Quinta calle: el asiento 2 cambia la carta descubierta 9♦ por K♥, "
            "descubierta."
        )
    assert said[0].startswith("Cada uno de los 3 jugadores pone un ante de ")
    assert said[1].startswith("Tercera calle: dos cartas tapadas y una descubierta a cada jugador")


@spanish
def test_a_mississippi_stud_rounds_events_read_in_spanish():
    from trainer.engine.games.mississippi_stud.round import PROCEDURE
    from trainer.engine.kit.rounds import Setting, play

    setting = Setting("mississippi-stud", 1, 2)
    dealt = PROCEDURE.deal(5, setting, DEFAULT_CONFIG)
    steps = play(PROCEDURE, dealt, setting, DEFAULT_CONFIG)
    events = [e for s in steps for e in s.events]
    assert events[0] == "3rd Street: seat 3 bets 5 (1 × Ante), seat 6 bets 5 (1 × Ante)."
    with translation.override("es"):
        said = [render(e) for e in events]
    assert said[0] == (
        "Tercera calle: el asiento 3 apuesta 5 (1 × ante), el asiento 6 apuesta 5 (1 × ante)."
    )
    assert any(
        line.startswith("El crupier descubre la siguiente carta comunitaria: ") for line in said
    )
