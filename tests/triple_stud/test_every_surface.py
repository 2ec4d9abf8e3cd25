"""The variant of this package reaches every surface of the engine once registered, with no
file outside the package naming it: the ruling, its drills, its round, the shift audit, the
watch drill's mispays and its par sheet.  (The ruling desk's page and a house table's
activation are the Django side's tests of a registered game, tests/rulings and tests/houses,
which register this same package.)"""

from __future__ import annotations

import random

import pytest

from tests.triple_stud import SLUG, TripleQualify, TripleSettle, installed
from trainer.engine import mispays
from trainer.engine.audit import audit_line
from trainer.engine.cards import parse_cards
from trainer.engine.catalog import GAMES, round_games
from trainer.engine.drills import REGISTRY, grade
from trainer.engine.house import DEFAULT_CONFIG, HouseRules
from trainer.engine.paytables import CASINO_STUD_POKER
from trainer.engine.rounds import Setting, play
from trainer.engine.rulings import rule

#: the variant's Raise is three Antes: quads pay 20 to 1 on it (casino-stud-poker.txt)
QUADS = {
    "game": SLUG,
    "player": "9h 9s 9d 9c 2h",
    "dealer": "Ah Kc 7s 4d 3c",
    "ante": 5,
    "action": "call",
}
#: every rank in two suits: the banked enumeration in half a second
TWO_SUITS = parse_cards([r + s for r in "23456789TJQKA" for s in "cd"])


@pytest.fixture
def triple():
    with installed() as entry:
        yield entry


def test_it_is_ruled_with_a_raise_of_three_antes(triple):
    ruling = rule(QUADS)
    # Raise 15 wins 300 at the quads row, the Ante 5 wins even money
    assert ruling["net"] == 5 + 15 * 20


def test_its_drills_deal_and_grade_its_own_stakes(triple):
    for kind in (TripleQualify.slug, TripleSettle.slug):
        question = REGISTRY[kind].generate(3, 1, DEFAULT_CONFIG)
        assert question.request["game"] == SLUG
        assert all(grade(question.fields, question.expected, question.expected).values())
    settle = REGISTRY[TripleSettle.slug].generate(3, 1, DEFAULT_CONFIG)
    assert settle.table["call"] == 3 * settle.table["ante"]
    assert settle.expected["net"] == rule(settle.request)["net"]


def test_a_whole_round_of_it_is_dealt(triple):
    assert SLUG in [g.slug for g in round_games()]
    procedure = GAMES[SLUG].round_procedure()
    setting = Setting(game=SLUG, level=1, players=2)
    steps = play(procedure, procedure.deal(5, setting, DEFAULT_CONFIG), setting, DEFAULT_CONFIG)
    assert {step.kind for step in steps} <= {TripleQualify.slug, TripleSettle.slug}
    assert any(step.kind == TripleSettle.slug for step in steps)


def test_the_audit_names_what_went_wrong_on_its_hands(triple):
    paid_right = rule(QUADS)["net"]
    line = {**QUADS, "id": "h1", "table": "4", "dealer_name": "Ann", "paid": paid_right}
    assert audit_line(line, DEFAULT_CONFIG).verdict == "correct"
    underpaid = audit_line({**line, "paid": paid_right - 1}, DEFAULT_CONFIG)
    assert underpaid.verdict == "underpaid" and underpaid.situation


def test_every_mispay_planted_in_its_hands_reads_back(triple):
    config = DEFAULT_CONFIG
    words = mispays.vocabulary(SLUG, config)
    assert GAMES[SLUG] in mispays.games() and words
    planted = set()
    for seed in range(40):
        question = REGISTRY[TripleSettle.slug].generate(seed, 1, config)
        hand = mispays.settle(SLUG, question.request, config)
        for n, situation in enumerate(words):
            paid = mispays.plant(hand, situation, config, random.Random(seed * 100 + n))
            if paid is not None:
                assert mispays.read(hand, paid, config) == situation
                planted.add(situation)
    assert planted


@pytest.mark.slow  # a full enumeration: out of the quick tier
def test_it_has_a_par_sheet_of_its_own(triple):
    entry = GAMES[SLUG]
    sheet = entry.parsheet(CASINO_STUD_POKER, HouseRules(), deck=TWO_SUITS)
    casino = GAMES["casino-stud"].parsheet(CASINO_STUD_POKER, HouseRules(), deck=TWO_SUITS)
    assert sheet.game == SLUG and sheet.key != casino.key
    assert sheet.house_edge != casino.house_edge


def test_once_removed_it_is_gone():
    with installed():
        assert SLUG in GAMES and TripleSettle.slug in REGISTRY
    assert SLUG not in GAMES and TripleSettle.slug not in REGISTRY
    assert list(GAMES) == [
        "mississippi-stud",
        "caribbean-stud",
        "casino-stud",
        "mississippi-gonorrhea",
        "english-stud",
    ]
