"""The drill page as the felt: each seat's answers at its spot in the house's settle
order, what an amount means beside it, the push's 0 offered, the dealer's line once in the
feedback, cards drawn as cards everywhere with a spoken name, level names in the house's
stakes, and stored questions graded exactly as before."""

import re

import pytest

from tests.factories import right_answer
from trainer.core.templatetags.cards import cards
from trainer.drills import dealing, services
from trainer.drills.grading import fields_of
from trainer.drills.presenting import card_text, ledger
from trainer.engine.drills import REGISTRY
from trainer.engine.drills.spots import spots
from trainer.engine.house import DEFAULT_CONFIG
from trainer.engine.seats import settle_order


def start(user, kind, level=3):
    return services.start_session(trainee=user, kind=kind, level=level)


def page_of(client, session) -> str:
    response = client.get(f"/drills/s/{session.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def seats_in_page(text: str) -> list[str]:
    return re.findall(r'<section class="spot seat answering" aria-labelledby="seat-(\d+)">', text)


def fields_in_page(text: str) -> list[str]:
    names = re.findall(r'name="(p\d+\.[a-z0-9.]+|share\.\d+|winners|total|verdict)"', text)
    return list(dict.fromkeys(names))


@pytest.mark.parametrize("kind", ["ms-pay", "cs-settle", "csp-settle"])
def test_each_seats_answers_sit_at_its_spot_from_the_dealers_right(trainee_client, trainee, kind):
    session = start(trainee, kind)
    question = services.current_question(session)
    text = page_of(trainee_client, session)
    seats = [p["seat"] for p in question.table["positions"]]
    # the house's default: from the dealer's right, third base (the highest seat) first
    assert seats_in_page(text) == settle_order(seats, "right") == sorted(seats, key=int)[::-1]
    laid = spots(fields_of(question), seats, "right")
    assert fields_in_page(text) == [f.name for spot in laid for f in spot.fields]
    # each answer inside its own seat's spot
    for section in re.findall(r'<section class="spot seat answering".*?</section>', text, re.S):
        seat = re.search(r'aria-labelledby="seat-(\d+)"', section).group(1)
        for name in re.findall(r'name="(p\d+)\.', section):
            assert name == f"p{seat}"


def test_a_house_that_settles_from_the_dealers_left_asks_seat_1_first(trainee_client, trainee):
    trainee.house.rules.settle_order = "left"
    trainee.house.rules.save()
    session = start(trainee, "cs-settle")
    question = services.current_question(session)
    assert question.house_rules["settle_order"] == "left"
    seats = [p["seat"] for p in question.table["positions"]]
    assert seats_in_page(page_of(trainee_client, session)) == sorted(seats, key=int)
    # the question keeps the order it was dealt under, whatever the house changes later
    trainee.house.rules.settle_order = "right"
    trainee.house.rules.save()
    assert seats_in_page(page_of(trainee_client, session)) == sorted(seats, key=int)


def test_a_pot_games_shares_sit_at_their_seats_clockwise_from_the_dealers_left(
    trainee_client, trainee
):
    session = start(trainee, "mg-split")
    question = services.current_question(session)
    seats = list(question.table["seats"])
    assert seats_in_page(page_of(trainee_client, session)) == sorted(seats, key=int)


def test_every_amount_says_what_it_means_and_the_push_0_is_offered(trainee_client, trainee):
    session = start(trainee, "cs-settle")
    text = page_of(trainee_client, session)
    question = services.current_question(session)
    amounts = [f.name for f in fields_of(question) if f.name.endswith(".amount")]
    for name in amounts:
        hint = f'<span class="hint" id="id_{name}_hint">paid on a win · taken (the stake) on a'
        assert hint in text
        assert f'aria-describedby="id_{name}_hint"' in text
        assert f'data-zero="id_{name}"' in text
    # every field has its label, the seat said to a screen reader
    for name in amounts:
        assert f'<label for="id_{name}"><span class="visually-hidden">Seat ' in text


@pytest.mark.parametrize("kind", ["cs-settle", "cs-ledger"])
def test_a_net_is_typed_on_a_keyboard_with_a_minus_sign(trainee_client, trainee, kind):
    # a phone's numeric keypad (inputmode="numeric") has no minus sign, and a net of a lost
    # hand is typed "-5": a signed field asks for the text keyboard, an amount for the digits
    session = start(trainee, kind)
    text = page_of(trainee_client, session)
    typed = [f for f in fields_of(services.current_question(session)) if f.kind.typed_as_number]
    assert any(f.kind.may_be_negative for f in typed), kind
    for field in typed:
        tag = re.search(rf'<input type="text" name="{re.escape(field.name)}"[^>]*>', text)
        assert tag, field.name
        mode = "text" if field.kind.may_be_negative else "numeric"
        assert f'inputmode="{mode}"' in tag.group(0), tag.group(0)


def test_the_feedback_says_the_dealers_line_once(trainee_client, trainee):
    for _ in range(6):  # a few tables: a dealer who reveals to two seats or more
        session = start(trainee, "cs-settle")
        question = services.current_question(session)
        callers = [p for p in question.table["positions"] if p["action"] != "fold"]
        if len(callers) >= 2:
            break
    response = trainee_client.post(f"/drills/q/{question.pk}/answer", right_answer(question))
    text = response.content.decode()
    assert "Right" in text
    reveals = sum(1 for s in question.steps if "The dealer reveals" in s)
    assert reveals >= 2  # said once per seat in the stored steps
    assert text.count("The dealer reveals") == 1  # and once on the page


def test_regrading_a_felt_question_gives_its_stored_fields_and_answer(trainee):
    session = start(trainee, "ms-pay")
    question = services.current_question(session)
    fields, expected, steps = REGISTRY["ms-pay"].answer_for(
        question.request, question.level, dealing.config_for(question)
    )
    assert [dealing.field_json(f) for f in fields] == question.fields
    assert expected == question.expected and list(steps) == question.steps


# -- cards drawn as cards, everywhere ---------------------------------------------------------


def test_a_card_is_named_for_a_screen_reader_and_its_suit_is_a_symbol_not_a_colour():
    html = str(cards("Qh Tc"))
    assert 'role="img" aria-label="queen of hearts"' in html
    assert 'aria-label="ten of clubs"' in html
    assert ">♥<" in html and ">♣<" in html  # the suit as a symbol, beside its colour
    assert ">10<" in html  # ten is written as on the felt, never "T"


def test_steps_draw_their_cards_as_the_felt_does():
    html = str(card_text("Seat 3 shows the lowest card, 3♦, and Td <b>"))
    assert 'aria-label="three of diamonds"' in html and 'aria-label="ten of diamonds"' in html
    assert "&lt;b&gt;" in html and "Td" not in html and ">10<" in html


def test_the_ledger_draws_each_rounds_hands_and_from_level_2_no_results():
    for level, shows_nets in ((1, True), (2, False), (3, False)):
        q = REGISTRY["cs-ledger"].generate(5, level, DEFAULT_CONFIG)
        html = ledger(q.table, "Call")
        assert ("<th scope='col'>Net</th>" in html) is shows_nets
        first = next(r for r in q.table["rounds"] if not r["void"])
        assert str(cards(first["player"])) in html


def test_a_stored_ledger_of_the_old_shape_still_shows_its_nets():
    q = REGISTRY["cs-ledger"].generate(5, 2, DEFAULT_CONFIG)
    old = {
        **q.table,
        "rounds": [
            r if r["void"] else {**r, "outcome": "win", "net": 5} for r in q.table["rounds"]
        ],
    }
    assert "<th scope='col'>Net</th>" in ledger(old, "Call")


def test_the_page_names_the_level_in_the_houses_stakes(trainee_client, trainee):
    rules = trainee.house.rules
    rules.chip_unit = 10
    rules.save()
    session = start(trainee, "cs-settle", level=1)
    text = page_of(trainee_client, session)
    assert "level 1: $10 table, ante 10, one position" in text
    assert "$5 table" not in text
    index = trainee_client.get("/drills/").content.decode()
    assert "$10 table, ante 10" in index and "$5 table, ante 5" not in index


def test_the_ledgers_feedback_numbers_its_rounds_by_the_deal_as_its_table_does():
    """After a void deal the totals' "Round 9" is the table's deal 10: the feedback says
    "Deal 10", as it says the void deal's, and the stored steps stay as graded."""
    from trainer.drills.models import Question
    from trainer.drills.presenting import shown_steps, steps_by_spot

    for seed in range(40):
        q = REGISTRY["cs-ledger"].generate(seed, 1, DEFAULT_CONFIG)
        rounds = q.table["rounds"]
        if any(r["void"] for r in rounds[:-1]):
            break
    import dataclasses

    rules = dataclasses.asdict(DEFAULT_CONFIG.rules)
    question = Question(
        kind="cs-ledger", table=q.table, steps=list(q.steps), fields=[], house_rules=rules
    )
    shown = shown_steps(question)
    counted = [r for r in rounds if not r["void"]]
    lines = [s for s in shown if s.startswith("Deal ") and ": net " in s]
    assert [int(s.split()[1].rstrip(":")) for s in lines] == [r["deal"] for r in counted]
    assert counted[-1]["deal"] > len(counted)  # the void deal moved the numbering
    assert not any(s.startswith("Round ") for s in shown)
    assert any(s.startswith("Round ") for s in question.steps)  # as graded
    drawn = [text for g in steps_by_spot(question) for s in g["steps"] for text, _, _ in s.parts]
    assert f"Deal {counted[-1]['deal']}: net" in " ".join(drawn)
