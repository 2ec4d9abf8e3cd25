"""Mississippi Gonorrhea as RULES.md states it: sevens hog, otherwise high and low halves."""

from __future__ import annotations

import contextlib
from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine.cards import ALL_CARDS, Card, Deck, parse_cards
from trainer.engine.errors import EngineError, RulingError
from trainer.engine.games.mississippi_gonorrhea.rules import (
    ROUNDS,
    Exchange,
    Hand,
    deal_hand,
    settle,
    simple_policy,
)
from trainer.engine.house import DEFAULT_CONFIG, HouseConfig, HouseRules
from trainer.engine.rulings import rule_game

rule_request = partial(rule_game, "mississippi-gonorrhea")


def hands(**by_seat: str) -> dict[str, tuple[Card, ...]]:
    """hands(s1="7c 7d", s4="Ah Ad") -> {"1": ..., "4": ...}"""
    return {seat.removeprefix("s"): parse_cards(text) for seat, text in by_seat.items()}


def winner(half: str, a: str, b: str) -> str:
    """Which of two hands wins `half` ("high" or "low") head to head: "a", "b" or "tie"."""
    s = settle(2, hands(s1=a, s2=b))
    seats = getattr(s, half)
    return {("1",): "a", ("2",): "b", ("1", "2"): "tie"}[seats]


# --- the hog ---------------------------------------------------------------------------------


def test_sevens_hog_against_aces():
    s = settle(25, hands(s1="7c 7d", s2="3h 2s", s4="Ah Ad"))
    assert s.hog == ("1",)
    assert s.high == () and s.low == ()
    assert s.shares == {"1": 25, "2": 0, "4": 0}
    assert s.steps[0] == "Seat 1 holds a pair of sevens: sevens hog the whole pot of 25."


def test_two_pairs_of_sevens_share_the_whole_pot_odd_chip_to_first_seat():
    # 25 between two: 12 each, 1 odd chip to seat 2, the first of them clockwise from the dealer
    s = settle(25, hands(s2="7c 7d", s5="7h 7s", s6="Ah Ad"))
    assert s.hog == ("2", "5")
    assert s.shares == {"2": 13, "5": 12, "6": 0}
    assert sum(s.shares.values()) == 25


# --- halves and odd chips --------------------------------------------------------------------


def test_pot_splits_high_and_low_with_the_odd_chip_to_high():
    # 25 halves into 13 (high, with the odd chip) and 12 (low)
    s = settle(25, hands(s1="Kc Qd", s2="3h 2s", s4="Ah Ad"))
    assert (s.high, s.low) == (("4",), ("2",))
    assert s.shares == {"1": 0, "2": 12, "4": 13}
    assert s.high_value == "pair of aces" and s.low_value == "three-two"
    assert "High: seat 4's pair of aces is best. Low: seat 2's three-two is best." in s.steps
    assert (
        "The pot of 25 does not halve evenly: the high half gets the odd chip, "
        "13 for high and 12 for low." in s.steps
    )


def test_three_way_tie_for_high_shares_the_high_half_odd_chip_to_seat_one():
    # 13 halves into 7 high and 6 low; 7 among three = 2 each + 1 odd chip to seat 1
    s = settle(13, hands(s1="Kc Qd", s2="Kh Qs", s3="Ks Qc", s4="3h 2s"))
    assert s.high == ("1", "2", "3")
    assert s.shares == {"1": 3, "2": 2, "3": 2, "4": 6}


def test_three_way_tie_for_low_gives_two_odd_chips_one_each_in_seat_order():
    # 11 halves into 6 high and 5 low; 5 among three = 1 each + 2 odd chips to seats 1 and 3
    s = settle(11, hands(s1="4c 2c", s3="4d 2d", s5="4h 2h", s6="Ks Qs"))
    assert s.low == ("1", "3", "5")
    assert s.shares == {"1": 2, "3": 2, "5": 1, "6": 6}
    assert any("the 2 odd chips go one each to seats 1 and 3" in step for step in s.steps)


def test_a_pot_of_one_goes_to_the_high_hand():
    # 1 halves into 1 (high, the odd chip) and 0 (low)
    s = settle(1, hands(s1="Ac Kd", s2="3h 2s"))
    assert s.shares == {"1": 1, "2": 0}


def test_a_pot_of_zero_pays_nobody_but_still_names_the_winners():
    s = settle(0, hands(s1="Ac Kd", s2="3h 2s"))
    assert s.shares == {"1": 0, "2": 0}
    assert (s.high, s.low) == (("1",), ("2",))


def test_one_player_can_win_both_halves():
    # Head to head, high and low order unpaired hands in reverse and pairs at opposite ends,
    # so a hand takes both halves by tying the other way too: here two K-Q hands share both.
    # 25 -> high 13 = 7 + 6, low 12 = 6 + 6: seat 1 gets 13, seat 2 gets 12
    s = settle(25, hands(s1="Kc Qd", s2="Kh Qs"))
    assert s.high == s.low == ("1", "2")
    assert s.shares == {"1": 13, "2": 12}
    assert "Seat 1 wins in both halves: 13 in all." in s.steps


def test_lone_survivor_takes_the_pot_without_a_showdown():
    s = settle(25, hands(s3="9c 4d"))
    assert s.shares == {"3": 25}
    assert s.hog == ()
    assert s.steps == ("Only seat 3 is still in: seat 3 takes the pot of 25 without a showdown.",)


def test_lone_pair_of_sevens_shows_nothing_so_there_is_no_hog():
    assert settle(10, hands(s2="7c 7d")).hog == ()


def test_odd_chips_follow_the_house_chip_unit():
    # chip unit 5: 25 is five chips; halves 3 chips (15) and 2 chips (10)
    s = settle(25, hands(s1="Ac Kd", s2="3h 2s"), rules=HouseRules(chip_unit=5))
    assert s.shares == {"1": 15, "2": 10}


def test_shares_list_every_seat_in_seat_order():
    s = settle(10, {"5": parse_cards("Ac Kd"), "2": parse_cards("3h 2s")})
    assert list(s.shares) == ["2", "5"]


@pytest.mark.parametrize("pot", [-1, 3, 2.5, True, "10"])
def test_a_pot_that_is_not_whole_chips_is_refused(pot):
    request = {"pot": pot, "hands": {"1": "Ac Kd", "2": "3h 2s"}}
    with pytest.raises(RulingError) as err:
        rule_request(request, HouseConfig(rules=HouseRules(chip_unit=2)))
    assert err.value.field == "pot"


def test_no_hands_at_all_is_an_error():
    with pytest.raises(EngineError, match="at least one player"):
        settle(10, {})


def test_a_card_in_two_hands_is_refused():
    with pytest.raises(RulingError, match="appears twice"):
        rule_request({"pot": 10, "hands": {"1": "Ac Kd", "2": "Ac 2s"}}, DEFAULT_CONFIG)


# --- high comparisons ------------------------------------------------------------------------


def test_any_pair_beats_any_unpaired_hand_for_high():
    assert winner("high", "2c 2d", "Ac Kd") == "a"


def test_higher_pair_beats_lower_pair_for_high():
    assert winner("high", "Jc Jd", "Qh Qs") == "b"


def test_unpaired_high_hands_compare_the_higher_card_first():
    assert winner("high", "Ac 3d", "Kh Qs") == "a"


def test_unpaired_high_hands_then_compare_the_lower_card():
    assert winner("high", "Kc Jd", "Kh Qs") == "b"


# --- low comparisons -------------------------------------------------------------------------


def test_three_two_is_the_best_low():
    assert winner("low", "3c 2d", "4h 2s") == "a"
    assert winner("low", "3c 2d", "5h 4s") == "a"


def test_four_two_beats_four_three_for_low():
    assert winner("low", "4c 2d", "4h 3s") == "a"


def test_pairs_are_worse_lows_than_any_unpaired_hand():
    assert winner("low", "2c 2d", "Kh Qs") == "b"


def test_lower_pair_is_the_better_low():
    assert winner("low", "3c 3d", "4h 4s") == "a"


def test_aces_are_high_for_low_too():
    assert winner("low", "Ac 2d", "Kh Qs") == "b"


# --- the exchanges ---------------------------------------------------------------------------


def test_exchange_rounds_are_breakfast_lunch_and_dinner():
    hand = Hand(2, seed=1)
    seen = []
    while hand.to_act is not None:
        seen.append(hand.round)
        hand.exchange(hand.to_act, Exchange.STAND_PAT)
    assert seen == ["breakfast", "breakfast", "lunch", "lunch", "dinner", "dinner"]
    assert ROUNDS == ("breakfast", "lunch", "dinner")
    assert hand.round is None


def test_down_up_and_library_replace_the_named_cards():
    hand = Hand(3, seed=2)
    d1, u1 = hand.held["1"]
    r = hand.exchange("1", Exchange.DOWN)
    assert r.after == (r.received[0], u1) and r.discarded == (d1,)
    d2, u2 = hand.held["2"]
    r = hand.exchange("2", "up")
    assert r.after == (d2, r.received[0]) and r.discarded == (u2,)
    r = hand.exchange("3", Exchange.LIBRARY)
    assert r.after == r.received and len(set(r.received) | set(r.before)) == 4
    assert len(hand.discards) == 4


def test_stand_pat_is_allowed_by_default():
    hand = Hand(2, seed=3)
    before = hand.held["1"]
    assert hand.exchange("1", Exchange.STAND_PAT).after == before


def test_stand_pat_is_refused_when_the_house_forbids_it():
    hand = Hand(2, seed=3, rules=HouseRules(stand_pat_allowed=False))
    with pytest.raises(EngineError, match="does not allow standing pat"):
        hand.exchange("1", Exchange.STAND_PAT)
    assert hand.to_act == "1"  # the refusal changed nothing


def test_exchanges_go_in_seat_order():
    hand = Hand(3, seed=4)
    with pytest.raises(EngineError, match="turn"):
        hand.exchange("2", Exchange.UP)


def test_a_folded_player_takes_no_further_part():
    hand = Hand(3, seed=5)
    hand.fold("2")
    hand.exchange("1", Exchange.UP)
    assert hand.to_act == "3"
    with pytest.raises(EngineError, match="folded"):
        hand.exchange("2", Exchange.UP)


def test_everyone_else_folding_ends_the_hand_for_the_lone_survivor():
    hand = Hand(3, seed=5)
    hand.fold("1")
    hand.fold("3")
    assert hand.round is None
    assert hand.settle(9).shares == {"2": 9}


def always_library(down: Card, up: Card, rules: HouseRules) -> Exchange:
    return Exchange.LIBRARY


def test_discards_form_a_new_stock_when_the_stock_runs_out():
    # 8 players: 16 dealt + 8 × 2 × 3 = 48 exchanged = 64 cards from a 52-card deck
    played = deal_hand(21, 8, policy=always_library)
    reshuffles = [r for r in played.exchanges if r.reshuffled]
    assert reshuffles
    assert any("shuffled to form a new stock" in step for step in played.steps)
    # a reshuffle never hands a player a card someone still holds or just threw
    for record in played.exchanges:
        assert not set(record.received) & set(record.discarded)
    held = [c for pair in played.holdings.values() for c in pair]
    assert len(held) == len(set(held)) == 16


def test_without_discard_reuse_running_out_is_an_error():
    with pytest.raises(EngineError, match="does not reuse discards"):
        deal_hand(21, 8, rules=HouseRules(reuse_discards=False), policy=always_library)


def test_six_players_never_run_the_stock_out():
    # 6 players use at most 6 × 8 = 48 cards
    played = deal_hand(21, 6, rules=HouseRules(reuse_discards=False), policy=always_library)
    assert len(played.exchanges) == 18


def test_deals_replay_from_their_seed():
    assert deal_hand(42, 5) == deal_hand(42, 5)
    assert deal_hand(42, 5).dealt != deal_hand(43, 5).dealt


def test_a_played_hand_records_every_exchange_and_settles_the_antes():
    played = deal_hand(7, 4)
    assert [r.round for r in played.exchanges] == [r for r in ROUNDS for _ in range(4)]
    assert sum(played.showdown.shares.values()) == 4


def test_the_simple_policy_keeps_pairs_and_strong_lows():
    assert simple_policy(*parse_cards("9c 9d")) is Exchange.STAND_PAT
    assert simple_policy(*parse_cards("3c 2d")) is Exchange.STAND_PAT
    assert simple_policy(*parse_cards("2c Kd")) is Exchange.DOWN  # for high, lose the two
    assert simple_policy(*parse_cards("9c 3d")) is Exchange.DOWN  # for low, lose the nine
    assert simple_policy(*parse_cards("9c Td")) is Exchange.LIBRARY


def test_the_deck_can_be_given():
    hand = Hand(2, deck=Deck(seed=9))
    assert hand.held == Hand(2, seed=9).held


# --- the ruling ------------------------------------------------------------------------------


def test_ruling_of_the_api_example():
    r = rule_request(
        {
            "game": "mississippi-gonorrhea",
            "pot": 25,
            "hands": {"1": "7c 7d", "2": "3h 2s", "4": "Ah Ad"},
        },
        DEFAULT_CONFIG,
    )
    assert r["hog"] == ["1"] and r["high"] == [] and r["low"] == []
    assert r["shares"] == {"1": 25, "2": 0, "4": 0}
    assert r["steps"][0] == "Seat 1 holds a pair of sevens: sevens hog the whole pot of 25."


def test_ruling_follows_the_house_chip_unit():
    config = HouseConfig(rules=HouseRules(chip_unit=5))
    request = {"pot": 24, "hands": {"1": "Ac Kd", "2": "3h 2s"}}
    with pytest.raises(RulingError) as err:
        rule_request(request, config)
    assert err.value.field == "pot"


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        ({"hands": {"1": "Ac Kd"}}, "pot"),
        ({"pot": -1, "hands": {"1": "Ac Kd"}}, "pot"),
        ({"pot": "25", "hands": {"1": "Ac Kd"}}, "pot"),
        ({"pot": None, "hands": {"1": "Ac Kd"}}, "pot"),
        ({"pot": True, "hands": {"1": "Ac Kd"}}, "pot"),
        ({"pot": 10**30, "hands": {"1": "Ac Kd"}}, "pot"),
        ({"pot": [1], "hands": {"1": "Ac Kd"}}, "pot"),
        ({"pot": 5}, "hands"),
        ({"pot": 5, "hands": {}}, "hands"),
        ({"pot": 5, "hands": ["Ac Kd"]}, "hands"),
        ({"pot": 5, "hands": "Ac Kd"}, "hands"),
        ({"pot": 5, "hands": {"9": "Ac Kd"}}, "hands"),
        ({"pot": 5, "hands": {"0": "Ac Kd"}}, "hands"),
        ({"pot": 5, "hands": {"1": 12}}, "hands"),
        ({"pot": 5, "hands": {"1": None}}, "hands"),
        ({"pot": 5, "hands": {"1": ["Ac", "Kd"]}}, "hands"),
        ({"pot": 5, "hands": {"1": "Ac Kd Qh"}}, "hands"),
        ({"pot": 5, "hands": {"1": "Ac Zd"}}, "hands"),
        ({"pot": 5, "hands": {"1": "Ac Kd", "2": "Kd 2s"}}, "hands"),
    ],
)
def test_bad_requests_name_the_field(request_, field):
    with pytest.raises(RulingError) as err:
        rule_request(request_, DEFAULT_CONFIG)
    assert err.value.field == field


def test_a_card_in_two_hands_names_both_seats():
    with pytest.raises(RulingError, match=r"Kd appears twice \(seat 1 and seat 2\)"):
        rule_request({"pot": 5, "hands": {"1": "Ac Kd", "2": "Kd 2s"}}, DEFAULT_CONFIG)


# --- invariants ------------------------------------------------------------------------------

SEATS = ("1", "2", "3", "4", "5", "6")
# few ranks, so that sevens, pairs and ties come up often
TIE_PRONE = tuple(c for c in ALL_CARDS if c.rank in (2, 3, 7, 13))


@st.composite
def showdowns(draw):
    seats = draw(st.lists(st.sampled_from(SEATS), min_size=1, max_size=6, unique=True))
    pool = draw(st.sampled_from((ALL_CARDS, TIE_PRONE)))
    cards = draw(st.permutations(pool))[: 2 * len(seats)]
    unit = draw(st.sampled_from((1, 1, 5, 25)))
    pot = draw(st.integers(0, 10**6)) * unit
    held = {s: (cards[2 * i], cards[2 * i + 1]) for i, s in enumerate(seats)}
    return pot, held, HouseRules(chip_unit=unit)


@pytest.mark.slow  # a fuzz run: in make test, out of the quick tier
@settings(max_examples=300, deadline=None)
@given(showdowns())
def test_shares_always_add_up_to_the_pot(case):
    pot, held, rules = case
    s = settle(pot, held, rules=rules)
    assert sum(s.shares.values()) == pot
    assert list(s.shares) == sorted(held, key=int)
    assert all(n >= 0 and n % rules.chip_unit == 0 for n in s.shares.values())


@pytest.mark.slow  # a fuzz run: in make test, out of the quick tier
@settings(max_examples=300, deadline=None)
@given(showdowns())
def test_no_player_gets_more_than_one_odd_chip_from_one_division(case):
    pot, held, rules = case
    for division in settle(pot, held, rules=rules).divisions:
        amounts = list(division.shares.values())
        assert sum(amounts) == division.amount
        assert max(amounts) - min(amounts) <= rules.chip_unit
        # the odd chips go in seat order: nobody later gets more than somebody earlier
        assert amounts == sorted(amounts, reverse=True)


@pytest.mark.slow  # a fuzz run: in make test, out of the quick tier
@settings(max_examples=200, deadline=None)
@given(showdowns())
def test_random_valid_requests_never_raise(case):
    pot, held, rules = case
    request = {"pot": pot, "hands": {s: f"{a} {b}" for s, (a, b) in held.items()}}
    r = rule_request(request, HouseConfig(rules=rules))
    assert sum(r["shares"].values()) == pot and r["steps"]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=6,
)


@settings(max_examples=300, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["pot", "hands", "game"]),
        JSON | st.dictionaries(st.sampled_from([*SEATS, "0", "7"]), JSON | st.just("Ac Kd")),
    )
)
@pytest.mark.slow  # a fuzz run: in make test, out of the quick tier
def test_odd_json_is_refused_as_a_ruling_error_never_a_crash(request_):
    # a ruling or a RulingError naming the field: never a KeyError, TypeError, IndexError...
    with contextlib.suppress(RulingError):
        assert isinstance(rule_request(request_, DEFAULT_CONFIG)["steps"], list)


def test_house_rule_can_give_the_odd_chip_to_the_low_half():
    # 25 chips, a house that gives the odd chip to low: high 12, low 13.
    rules = HouseRules(split_pot_odd_chip="low")
    s = settle(25, {"1": parse_cards("Ah Ad"), "2": parse_cards("3h 2d")}, rules=rules)
    assert s.shares == {"1": 12, "2": 13}
    assert "the low half gets the odd chip, 12 for high and 13 for low." in " ".join(s.steps)


def test_seats_seven_and_eight_are_seats_of_this_game():
    # the source text sets no player limit and the engine deals up to eight (where the
    # house rule on reusing discards matters), so a ruling may name seats 7 and 8 too
    r = rule_request({"pot": 4, "hands": {"7": "Ac Kd", "8": "3h 2s"}}, DEFAULT_CONFIG)
    assert r["shares"] == {"7": 2, "8": 2}
