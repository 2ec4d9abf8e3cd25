"""The games registry is the only list of games: a variant registered by a test is ruled,
priced and listed like the five, with nothing else to change."""

from __future__ import annotations

import dataclasses

import pytest

from tests import triple_stud
from trainer.engine.cards import parse_cards
from trainer.engine.catalog import GAMES, game, register, unregister
from trainer.engine.errors import EngineError
from trainer.engine.games.banked_stud.parsheet import banked_stud_parsheet
from trainer.engine.house import HouseConfig, HouseRules
from trainer.engine.kit import requests
from trainer.engine.paytables import CASINO_STUD_POKER, Odds
from trainer.engine.rulings import rule

#: Casino Stud Poker with a Raise of three Antes: a variant some houses deal, a whole game
#: as a fixture package (tests/triple_stud)
TRIPLE = triple_stud.PROFILE
triple_game = triple_stud.game


@pytest.fixture
def triple():
    entry = register(triple_game())
    yield entry
    unregister(entry.slug)


def test_every_game_reads_only_house_rules_that_exist():
    fields = {f.name for f in dataclasses.fields(HouseRules)}
    for entry in GAMES.values():
        assert set(entry.house_rules) <= fields, entry.slug
        assert set(entry.table_rules) <= fields, entry.slug


def test_table_rules_change_no_amount_so_no_par_sheet_reads_them():
    for entry in GAMES.values():
        assert not set(entry.table_rules) & set(entry.house_rules), entry.slug


def test_every_game_with_a_table_has_every_row_it_requires():
    for entry in GAMES.values():
        if entry.paytable is not None:
            assert entry.paytable.problems(entry.rows) == [], entry.slug


class Recorded(dict):
    """A request that notes each field read from it."""

    def __init__(self, *args):
        super().__init__(*args)
        self.read: set[str] = set()

    def __getitem__(self, key):
        self.read.add(key)
        return super().__getitem__(key)

    def get(self, key, default=None):
        self.read.add(key)
        return super().get(key, default)

    def __contains__(self, key):
        self.read.add(key)
        return super().__contains__(key)


#: a request of each game and each English Stud question (docs/api.md's examples)
EVERY_SHAPE = [
    {"game": "mississippi-stud", "hole": "Qh Qs", "board": "2c 7d 9s", "bets": [1, 1, 2, 3]},
    {"game": "mississippi-stud", "hole": "Kh 4c", "bets": [1, 2]},
    {
        "game": "caribbean-stud",
        "player": "Qh Qs 9d 6c 2h",
        "dealer": "Jh Jc As 8d 3c",
        "ante": 1,
        "action": "call",
    },
    {
        "game": "casino-stud",
        "player": "Qh Qs 9d 6c 2h",
        "dealer": "Kh Qc 7s 4d 3c",
        "ante": 1,
        "action": "raise",
    },
    {"game": "mississippi-gonorrhea", "pot": 25, "hands": {"1": "Kc Qd", "2": "3h 2s"}},
    {"game": "english-stud", "ask": "bring-in", "up": {"1": "2c", "2": "2d"}},
    {
        "game": "english-stud",
        "ask": "first-to-act",
        "street": 5,
        "up": {"1": "2c 2d 9s", "2": "Kd Qs 3h"},
    },
    {
        "game": "english-stud",
        "ask": "showdown",
        "pot": 30,
        "hands": {"1": "As Ks Qs Js Ts 2c 3d", "2": "Ah Ad Ac 9h 9d 4c 5c"},
    },
]


@pytest.mark.parametrize("request_", EVERY_SHAPE, ids=lambda r: f"{r['game']} {r.get('ask', '')}")
def test_a_games_fields_are_exactly_what_its_reader_reads(request_):
    # a case refuses, and an audit's kept line leaves out, every field not named here: a
    # field the reader reads but the list forgets would be refused although it counted
    entry = GAMES[request_["game"]]
    recorded = Recorded(request_)
    entry.read(recorded, HouseConfig())
    named = {f.name for f in entry.fields(request_)}
    assert recorded.read <= named
    assert set(request_) - set(requests.COMMON_FIELDS) <= named
    assert requests.unread_fields(request_, entry.fields(request_)) == []


def test_an_unknown_game_is_named_with_the_games():
    with pytest.raises(Exception, match="The games are mississippi-stud"):
        game("poker")


def test_a_registered_variant_is_ruled_with_its_own_rules(triple):
    # four nines against a qualifying dealer: Raise 3 x 5 = 15 pays 20:1 (the source table's
    # quads row) = 300, the Ante 5 pays 1:1 = 5: net 305
    r = rule(
        {
            "game": "casino-stud-triple",
            "player": "9h 9s 9d 9c 2h",
            "dealer": "Ah Kc 7s 4d 3c",
            "ante": 5,
            "action": "raise",
        }
    )
    assert r["bets"]["call"]["stake"] == 15
    assert (
        r["net"]
        == 5
        + 15
        * CASINO_STUD_POKER.odds_for(
            next(c for c, o in CASINO_STUD_POKER.rows if o == Odds(20))
        ).win
    )


def test_a_registered_variant_takes_a_houses_table(triple):
    table = dataclasses.replace(CASINO_STUD_POKER, name="house", bet_unit=5)
    config = HouseConfig({"casino-stud-triple": table})
    assert config.paytable("casino-stud-triple") is table
    assert triple.multiple(config.rules) == 3
    assert triple.preview(config)[0].stake == 5 + 15


#: a reduced deck (every suit of six ranks): the banked enumeration runs on it in well under a
#: second, where the full deck takes a quarter of a minute
SMALL_DECK = parse_cards([r + s for r in "9TJQKA" for s in "cd"])


def test_a_registered_variant_gets_a_par_sheet_of_its_own(triple):
    sheet = triple.parsheet(CASINO_STUD_POKER, HouseRules(), deck=SMALL_DECK)
    assert sheet.game == "casino-stud-triple"
    assert sheet.decisions[0][1][0][0] == "raise"
    # the figures of a Raise of three Antes: the enumeration with the variant's profile
    assert sheet == banked_stud_parsheet(TRIPLE, CASINO_STUD_POKER, deck=SMALL_DECK)
    casino = GAMES["casino-stud"].parsheet(CASINO_STUD_POKER, HouseRules(), deck=SMALL_DECK)
    assert sheet.house_edge != casino.house_edge
    assert sheet.average_bet != casino.average_bet
    # its key is its own, on the full deck as on the small one: the two never share a sheet
    assert sheet.key == triple.parsheet_key(CASINO_STUD_POKER, HouseRules(), deck=SMALL_DECK)
    assert sheet.key != casino.key
    key = triple.parsheet_key(CASINO_STUD_POKER, HouseRules())
    assert key != GAMES["casino-stud"].parsheet_key(CASINO_STUD_POKER, HouseRules())
    # the house's call multiple does not move a fixed Raise of three
    assert triple.parsheet_key(CASINO_STUD_POKER, HouseRules(call_multiple=4)) == key


def test_a_variant_filed_under_another_games_sheet_is_refused():
    # a copy of Casino Stud under a new slug but with Casino Stud's enumeration would file its
    # sheets under casino-stud: the record says so at once
    with pytest.raises(EngineError, match="filed under 'casino-stud'"):
        dataclasses.replace(GAMES["casino-stud"], slug="casino-stud-copy")


def test_unregistering_removes_it():
    entry = register(triple_game())
    unregister(entry.slug)
    assert "casino-stud-triple" not in GAMES
