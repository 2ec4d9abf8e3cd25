"""Where the answers go on the felt: seat by seat in the house's settle order, what
each amount means, the dealer's steps once; the level names in the house's own stakes; the
dealer's up card a random card of the hand at every level."""

from __future__ import annotations

import re

import pytest

from tests.engine.drills.common import questions
from trainer.engine import EngineError
from trainer.engine.cards import parse_cards
from trainer.engine.drills import REGISTRY
from trainer.engine.drills.spots import asking_order, field_seat, meaning, split_steps, spots
from trainer.engine.house import DEFAULT_CONFIG, RULE_NAMES, SETTLE_ORDERS, HouseConfig, HouseRules
from trainer.engine.kit.stakes import high_to_low
from trainer.engine.paytables import Paytable
from trainer.engine.seats import settle_order


def test_the_default_settles_from_the_dealers_right_third_base_first():
    # RULES.md: seat 1 is the first seat clockwise from the dealer, on the dealer's left, so
    # the dealer's right (third base) is the highest seat
    assert HouseRules().settle_order == "right"
    assert settle_order(["2", "5", "1"], "right") == ["5", "2", "1"]


def test_a_house_may_settle_from_the_dealers_left():
    assert settle_order(["2", "5", "1"], HouseRules(settle_order="left").settle_order) == [
        "1",
        "2",
        "5",
    ]


def test_a_settle_order_that_is_no_side_is_refused():
    with pytest.raises(EngineError, match="dealer's right or from the left"):
        HouseRules(settle_order="middle")
    assert set(SETTLE_ORDERS) == {"right", "left"} and "settle_order" in RULE_NAMES


def test_a_field_belongs_to_the_seat_its_name_says():
    assert field_seat("p4.call.amount") == "4"
    assert field_seat("p12.spot.3rd") == "12"
    assert field_seat("share.6") == "6"
    assert field_seat("winners") is None and field_seat("qualifies") is None
    assert field_seat("net") is None  # a single position's fields name no seat


@pytest.mark.parametrize("order", sorted(SETTLE_ORDERS))
@pytest.mark.parametrize("kind", ["ms-pay", "cs-settle", "csp-settle"])
def test_each_seats_answers_come_together_in_the_settle_order(kind, order):
    for q in questions(kind, 3, n=6):
        seats = [p["seat"] for p in q.table["positions"]]
        laid = spots(q.fields, seats, order)
        assert [s.seat for s in laid] == settle_order(seats, order)
        for spot in laid:
            assert all(field_seat(f.name) == spot.seat for f in spot.fields)
        # nothing lost, nothing doubled, and each seat's answers in the engine's own order
        names = [f.name for s in laid for f in s.fields]
        assert sorted(names) == sorted(f.name for f in q.fields)
        for spot in laid:
            mine = [f.name for f in q.fields if field_seat(f.name) == spot.seat]
            assert [f.name for f in spot.fields] == mine


def test_one_positions_answers_are_that_seats_though_their_names_say_none():
    q = questions("cs-settle", 1, n=1)[0]
    laid = spots(q.fields, ["1"], "right")
    assert [(s.seat, len(s.fields)) for s in laid] == [("1", len(q.fields))]


def test_the_tables_own_answers_come_first_then_the_seats():
    q = questions("es-showdown", 3, n=1)[0]
    laid = spots(q.fields, list(q.table["seats"]), "left")
    assert laid[0].seat is None and [f.name for f in laid[0].fields] == ["winners"]
    assert [s.seat for s in laid[1:]] == sorted(q.table["seats"], key=int)


def test_a_question_with_no_seats_is_one_spot():
    q = questions("cs-qualify", 2, n=1)[0]
    assert [(s.seat, [f.name for f in s.fields]) for s in spots(q.fields, [], "right")] == [
        (None, ["qualifies"])
    ]


def test_each_amount_says_what_it_means_and_a_settled_bet_offers_the_push_0():
    q = questions("cs-settle", 3, n=1)[0]
    fields = {f.name: f for f in q.fields}
    seat = q.table["positions"][0]["seat"]
    said = meaning(fields[f"p{seat}.ante.amount"], q.fields)
    assert said.text == "paid on a win · taken (the stake) on a loss · 0 on a push"
    assert said.zero == "0 push"
    assert meaning(fields[f"p{seat}.ante.result"], q.fields) is None  # its labels say it
    assert "net" in meaning(fields[f"p{seat}.net"], q.fields).text


def test_a_mississippi_position_is_taken_on_a_loss_or_a_fold_and_each_spot_pays_its_winnings():
    q = questions("ms-pay", 3, n=1)[0]
    fields = {f.name: f for f in q.fields}
    seat = q.table["positions"][0]["seat"]
    said = meaning(fields[f"p{seat}.amount"], q.fields)
    assert "taken (the stake) on a loss or a fold" in said.text and said.zero
    spot = next(f for f in q.fields if ".spot." in f.name)
    assert meaning(spot, q.fields).text.startswith("the spot's winnings")


def test_the_dealers_line_is_said_once_not_once_per_seat():
    for q in questions("cs-settle", 3, n=6):
        table, by_seat = split_steps(q.steps)
        reveals = [s for s in table if s.startswith("The dealer reveals")]
        assert len(reveals) <= 1
        for lines in by_seat.values():
            assert not any(line.startswith("The dealer reveals") for line in lines)
        # every step is still said, the shared ones once
        said = set(table) | {line for lines in by_seat.values() for line in lines}
        assert said == {re.sub(r"^Seat [0-9]+: ", "", s) for s in q.steps}


def test_a_single_positions_steps_stay_as_they_are():
    q = questions("cs-settle", 1, n=1)[0]
    assert split_steps(q.steps) == (list(q.steps), {})


# -- level names in the house's own stakes ---------------------------------------------------

TENS = HouseConfig(rules=HouseRules(chip_unit=10))


@pytest.mark.parametrize("slug", sorted(REGISTRY))
def test_level_names_at_the_source_stakes_are_the_levels_own(slug):
    kind = REGISTRY[slug]
    assert [lv.name for lv in kind.levels_for(HouseConfig())] == [lv.name for lv in kind.levels]


def test_a_house_betting_in_tens_has_no_five_dollar_table():
    for slug, kind in REGISTRY.items():
        for level in kind.levels_for(TENS):
            assert "$5 table" not in level.name and "ante 5," not in level.name, slug


@pytest.mark.parametrize("slug", ["ms-pay", "cs-settle", "csp-settle", "cs-ledger"])
def test_the_level_1_name_gives_the_ante_the_level_deals(slug):
    # a bet unit of 25 on the game's table and a 10 chip: every stake a multiple of 50
    game = REGISTRY[slug].game
    config = HouseConfig(
        {
            game: Paytable(
                "house",
                HouseConfig().paytable(game).rows,
                pair_band=HouseConfig().paytable(game).pair_band,
                push_band=HouseConfig().paytable(game).push_band,
                bet_unit=25,
            )
        },
        HouseRules(chip_unit=10),
    )
    name = REGISTRY[slug].levels_for(config)[0].name
    assert name.startswith("$50 table, ante 50")
    for seed in range(5):
        assert REGISTRY[slug].generate(seed, 1, config).table["ante"] == 50


def test_a_pot_games_level_names_follow_the_chip_unit():
    names = [lv.name for lv in REGISTRY["mg-split"].levels_for(TENS)]
    assert names[0].startswith("$10 table") and names[2].endswith("pots like 230")


# -- the dealer's up card ----------------------------------------------------------------------


@pytest.mark.parametrize("slug", ["cs-qualify", "csp-qualify"])
@pytest.mark.parametrize("level", [1, 2, 3])
def test_the_up_card_is_a_random_card_of_the_dealers_hand_at_every_level(slug, level):
    places = set()
    for q in questions(slug, level, n=40):
        dealer = parse_cards(q.table["dealer"])
        up = parse_cards(q.table["up_card"])[0]
        assert up in dealer
        places.add(high_to_low(dealer).index(up))
    # where the card turned up comes in the hand sorted high to low: not always its first
    # or its last (as it was at level 1 once)
    assert len(places) >= 3, places


@pytest.mark.parametrize("slug", ["cs-qualify", "csp-qualify"])
def test_the_same_seed_turns_up_the_same_card(slug):
    first = REGISTRY[slug].generate(99, 1, HouseConfig())
    again = REGISTRY[slug].generate(99, 1, HouseConfig())
    assert first.table["up_card"] == again.table["up_card"]
    assert parse_cards(first.table["up_card"])[0] in parse_cards(first.table["dealer"])


def test_positions_against_the_house_are_asked_in_the_settle_order_pots_clockwise():
    left = HouseRules(settle_order="left")
    for game in ("mississippi-stud", "caribbean-stud", "casino-stud"):
        assert asking_order(game, HouseRules()) == "right"
        assert asking_order(game, left) == "left"
    for game in ("mississippi-gonorrhea", "english-stud", "any"):
        assert asking_order(game, HouseRules()) == "left"  # seat 1 first, clockwise


def test_a_folded_seats_own_line_stays_with_the_seat_even_when_it_names_the_dealer():
    """ "The player folds: the Ante is lost; the dealer's hand is not needed." is the seat's
    line, not the dealer's, however many seats fold (found at seed 0, cs-settle level 3)."""
    folds_seen = 0
    for kind in ("cs-settle", "csp-settle"):
        for seed in range(120):
            question = REGISTRY[kind].generate(seed, 3, DEFAULT_CONFIG)
            table, by_seat = split_steps(question.steps)
            assert not [line for line in table if line.startswith("The player")]
            for step in question.steps:
                seat, _, line = step.partition(": ")
                if "folds" in line and seat.startswith("Seat "):
                    folds_seen += 1
                    assert line in by_seat[seat.removeprefix("Seat ")], (kind, seed, step)
    assert folds_seen > 0
