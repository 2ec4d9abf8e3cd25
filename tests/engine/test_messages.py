"""The engine's sentences as messages (trainer/engine/messages.py): English strings that keep
their pattern and parameters, stored as JSON and said again in another language above."""

from __future__ import annotations

import ast
import json
import pickle
from pathlib import Path

import pytest

from trainer.engine import messages
from trainer.engine.cards import parse_cards
from trainer.engine.games.banked_stud.rules import CARIBBEAN, CASINO, settle
from trainer.engine.hands import Category, evaluate_five
from trainer.engine.messages import Message, join, say, say_n
from trainer.engine.words import cap, payout_sentence, seat_list

ENGINE = Path(messages.__file__).parent


def test_a_message_is_its_english_string():
    m = say("The dealer shows %(card)s.", card="Q♥")
    assert m == "The dealer shows Q♥."
    assert isinstance(m, str)
    assert m.startswith("The dealer shows")
    assert "Q♥" in m
    assert {m: 1}["The dealer shows Q♥."] == 1
    assert json.dumps([m]) == json.dumps(["The dealer shows Q♥."])


def test_a_message_keeps_its_pattern_and_parameters():
    m = say("Net %(net)s; %(receives)s.", net="+3", receives=say("the player receives nothing"))
    assert m.msgid == "Net %(net)s; %(receives)s."
    assert m.params["net"] == "+3"
    assert m.params["receives"].msgid == "the player receives nothing"


def test_a_card_parameter_is_kept_as_its_code_not_its_packed_number():
    (queen,) = parse_cards("Qh")
    m = say("The dealer shows %(card)s.", card=queen)
    assert m.params == {"card": "Qh"}
    assert m.to_json() == {"msgid": "The dealer shows %(card)s.", "params": {"card": "Qh"}}


def test_nested_messages_survive_the_json_round_trip():
    hand = evaluate_five(parse_cards("Qh Qs 9d 6c 2h")).description
    m = say("The dealer reveals %(cards)s: %(hand)s.", cards="Q♥ Q♠ 9♦ 6♣ 2♥", hand=hand)
    back = Message.from_json(json.loads(json.dumps(m.to_json())))
    assert back == m == "The dealer reveals Q♥ Q♠ 9♦ 6♣ 2♥: pair of queens, nine-six-two kickers."
    assert back.to_json() == m.to_json()
    assert back.params["hand"].plural == "%(hand)s, %(ranks)s kickers"
    assert back.params["hand"].params["hand"].params["ranks"].msgid == "queens"


def test_a_plain_string_loads_as_itself():
    assert Message.from_json("The dealer shows Q♥.") == "The dealer shows Q♥."
    assert type(Message.from_json("The dealer shows Q♥.")) is str


def test_something_else_is_refused_on_loading():
    with pytest.raises(ValueError):
        Message.from_json({"text": "no msgid"})


def test_a_plural_chooses_by_its_count():
    one = say_n("%(count)s void deal", "%(count)s void deals", 1)
    two = say_n("%(count)s void deal", "%(count)s void deals", 2)
    assert (one, two) == ("1 void deal", "2 void deals")
    assert two.plural == "%(count)s void deals" and two.n == 2
    assert Message.from_json(two.to_json()).n == 2


def test_seat_lists_are_plural_messages():
    assert seat_list(["3"]) == "seat 3"
    assert seat_list(["1", "2", "4"]) == "seats 1, 2 and 4"
    assert seat_list(["1", "2", "4"]).n == 3
    assert payout_sentence({"1": 13, "2": 0}) == "Payout: seat 1 takes 13; seat 2 takes nothing."


def test_a_capitalised_message_stays_a_message():
    m = cap(seat_list(["1", "3"]))
    assert m == "Seats 1 and 3"
    assert m.capital and m.msgid == "seat %(seats)s"
    assert Message.from_json(m.to_json()) == "Seats 1 and 3"


def test_joining_and_adding_keep_the_parts():
    who = say("seat %(seat)s", seat="2")
    m = who + ": " + say("push")
    assert m == "seat 2: push"
    assert isinstance(m, Message)
    assert [p if isinstance(p, str) else None for p in m.parts][-1] == "push"
    assert ("Seat 1: " + say("push")).parts[-1].msgid == "push"
    assert join([say("two"), say("three")], sep="-") == "two-three"
    assert Message.from_json(m.to_json()) == m


def test_messages_pickle_with_their_parameters():
    m = say_n("seat %(seats)s", "seats %(seats)s and %(last)s", 2, seats="1", last="3")
    back = pickle.loads(pickle.dumps(m))
    assert back == m and back.to_json() == m.to_json()


def test_category_labels_are_messages_whose_english_is_the_api_name():
    for category in Category:
        assert category.label == category.value
        assert isinstance(category.label, Message)


@pytest.mark.parametrize("profile", [CARIBBEAN, CASINO])
def test_every_settlement_step_is_a_message(profile):
    s = settle(profile, parse_cards("Qh Qs 9d 6c 2h"), parse_cards("Kh Qc 7s 4d 3c"), 1, "call")
    assert s.steps and all(isinstance(step, Message) for step in s.steps)
    assert any(step.msgid.startswith("The dealer's %(hand)s does not qualify") for step in s.steps)


def _keyword_calls(tree: ast.AST):
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("say", "say_n")
        ):
            yield node


def test_every_say_in_the_engine_has_a_literal_pattern_for_extraction():
    """makemessages extracts `--keyword=say --keyword=say_n:1,2`: a pattern that is not a
    literal string (a variable, an f-string) would never reach the catalogue."""
    assert messages.say.__name__ == "say" and messages.say_n.__name__ == "say_n"
    found = 0
    for path in ENGINE.rglob("*.py"):
        for call in _keyword_calls(ast.parse(path.read_text(encoding="utf-8"))):
            wanted = 1 if call.func.id == "say" else 2
            literal = call.args[:wanted]
            assert len(literal) == wanted, f"{path.name}:{call.lineno}"
            for arg in literal:
                assert isinstance(arg, ast.Constant) and isinstance(arg.value, str), (
                    f"{path.name}:{call.lineno}: the pattern must be a literal string"
                )
            found += 1
    assert found > 50


def test_string_methods_are_not_shadowed():
    m = say_n("seat %(seats)s", "seats %(seats)s and %(last)s", 2, seats="1", last="3")
    assert m.count("s") == 2
    assert m.upper() == "SEATS 1 AND 3"
