"""English Stud as RULES.md states it: bring-in, who acts first, exchanges, the showdown."""

from __future__ import annotations

import contextlib
from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine.cards import ALL_CARDS, Card, Deck, card, parse_cards
from trainer.engine.errors import EngineError, RulingError
from trainer.engine.games.english_stud.deal import Face, Hand, deal_hand, simple_policy
from trainer.engine.games.english_stud.rules import bring_in, first_to_act, showdown
from trainer.engine.hands import Category
from trainer.engine.house import DEFAULT_CONFIG, HouseConfig, HouseRules
from trainer.engine.rulings import rule_game

rule_request = partial(rule_game, "english-stud")


def up(**by_seat: str) -> dict[str, tuple[Card, ...]]:
    """up(s1="2c 2d", s2="Kd Qs") -> {"1": ..., "2": ...}"""
    return {seat.removeprefix("s"): parse_cards(text) for seat, text in by_seat.items()}


# --- the bring-in ----------------------------------------------------------------------------


def test_lowest_up_card_pays_the_bring_in():
    d = bring_in({"1": card("9c"), "2": card("2s"), "3": card("Ks")})
    assert d.seat == "2"
    assert d.steps[-1] == "Seat 2 shows the lowest card, 2♠: seat 2 pays the bring-in."


def test_bring_in_ties_are_broken_by_suit_clubs_lowest():
    assert bring_in({"1": card("2d"), "2": card("2c"), "3": card("Ks")}).seat == "2"
    # clubs < diamonds < hearts < spades
    assert bring_in({"1": card("5s"), "2": card("5h"), "4": card("5d")}).seat == "4"


def test_the_ace_is_high_for_the_bring_in():
    assert bring_in({"1": card("Ac"), "2": card("3s")}).seat == "2"


def test_the_bring_in_needs_two_seats():
    with pytest.raises(RulingError) as err:
        rule_request({"ask": "bring-in", "up": {"1": "Ac"}}, DEFAULT_CONFIG)
    assert err.value.field == "up"


# --- first to act ----------------------------------------------------------------------------


def test_highest_up_card_acts_first_on_third_street():
    assert first_to_act(3, up(s1="9c", s2="Qd", s3="Js")).seat == "2"


def test_tied_ranks_on_third_street_go_to_the_lowest_seat_not_the_suit():
    # the king of spades is the higher suit, but seat 2 is first clockwise from the dealer
    d = first_to_act(3, {"4": parse_cards("Ks"), "2": parse_cards("Kc")})
    assert d.seat == "2"
    assert "suits do not count here" in d.steps[-1]


def test_exposed_pair_beats_exposed_high_card():
    assert first_to_act(5, up(s1="2c 2d 9s", s2="Kd Qs 3h")).seat == "1"


def test_exposed_trips_beat_exposed_two_pair():
    assert first_to_act(6, up(s1="Ac Ad Kh Ks", s2="2c 2d 2h 9s")).seat == "2"


def test_exposed_two_pair_beats_a_higher_single_pair():
    assert first_to_act(6, up(s1="Ac Ad Kh Qs", s2="3c 3d 2h 2s")).seat == "2"


def test_exposed_kickers_decide_between_equal_pairs():
    assert first_to_act(5, up(s1="9c 9d 4s", s2="9h 9s 5h")).seat == "2"


def test_exposed_hand_ties_go_to_the_first_seat_clockwise_from_the_dealer():
    d = first_to_act(4, up(s3="Kc 7d", s5="Ks 7s"))
    assert d.seat == "3"
    assert "the first clockwise from the dealer" in d.steps[-1]


def test_no_straights_or_flushes_among_four_up_cards():
    assert first_to_act(6, up(s1="5h 6h 7h 8h", s2="2c 2d 9s Ks")).seat == "2"


def test_seventh_street_still_counts_four_up_cards():
    assert first_to_act(7, up(s1="2c 2d 9s 4h", s2="Kd Qs 3h 5c")).seat == "1"


@pytest.mark.parametrize(
    ("street", "shown", "message"),
    [
        (3, {"1": "2c 3c", "2": "Kd"}, "seat 1 shows 2"),
        (5, {"1": "2c 2d 9s", "2": "Kd Qs"}, "seat 2 shows 2"),
        (7, {"1": "2c 2d 9s 4h 5h", "2": "Kd Qs 3h 5c"}, "seat 1 shows 5"),
    ],
)
def test_a_wrong_number_of_up_cards_names_the_seat(street, shown, message):
    request = {"ask": "first-to-act", "street": street, "up": shown}
    with pytest.raises(RulingError, match=message) as err:
        rule_request(request, DEFAULT_CONFIG)
    assert err.value.field == "up"
    assert err.value.seat == message.split()[1]


@pytest.mark.parametrize("street", [2, 8, "5", True, None, 5.5])
def test_only_streets_three_to_seven_have_a_first_to_act(street):
    request = {"ask": "first-to-act", "street": street, "up": {"1": "2c", "2": "Kd"}}
    with pytest.raises(RulingError) as err:
        rule_request(request, DEFAULT_CONFIG)
    assert err.value.field == "street"


# --- the showdown ----------------------------------------------------------------------------


def test_best_five_of_seven_takes_the_pot():
    s = showdown(30, up(s1="As Ks Qs Js Ts 2c 3d", s2="Ah Ad Ac 9h 9d 4c 5c"))
    assert s.winners == ("1",)
    assert s.categories == {"1": Category.ROYAL_FLUSH, "2": Category.FULL_HOUSE}
    assert s.shares == {"1": 30, "2": 0}
    assert s.best["2"] == parse_cards("Ah Ad Ac 9h 9d")


def test_split_pot_odd_chip_goes_to_the_highest_card_by_suit():
    # both make the ten-high straight; 31 = 15 + 15 + 1 odd chip, to seat 4, whose A♠ is the
    # highest card of all fourteen (seat 2's best is the T♥)
    s = showdown(31, up(s2="Th 9h 8c 7d 6s 2c 3c", s4="Tc 9d 8s 7h 6c As 3s"))
    assert s.winners == ("2", "4")
    assert s.odd_chip_order == ("4", "2")
    assert s.shares == {"2": 15, "4": 16}
    assert "the odd chip goes to seat 4, whose A♠" in s.steps[-2]


def test_equal_highest_ranks_are_decided_by_suit_spades_highest():
    # both hold a king as highest card: K♥ beats K♦
    s = showdown(5, up(s1="Th 9h 8c 7d 6s Kd 3c", s2="Tc 9d 8s 7h 6c Kh 3s"))
    assert s.odd_chip_order == ("2", "1")
    assert s.shares == {"1": 2, "2": 3}


def test_three_way_split_with_two_odd_chips():
    # three ten-high straights; 32 = 3 × 10 + 2 odd chips, one each to T♥ (seat 3) then
    # T♦ (seat 2); seat 1's T♣ gets none
    s = showdown(
        32,
        up(
            s1="Tc 9c 8d 7d 6h 2s 3h",
            s2="Td 9d 8h 7h 6s 2c 3s",
            s3="Th 9h 8s 7s 6c 2d 3d",
        ),
    )
    assert s.winners == ("1", "2", "3")
    assert s.odd_chip_order == ("3", "2", "1")
    assert s.shares == {"1": 10, "2": 11, "3": 11}


def test_losers_are_listed_with_nothing():
    s = showdown(7, up(s1="As Ad 2c 3h 8d 9s Jc", s2="Kc Kd 4c 5h 7d Ts Qc"))
    assert s.shares == {"1": 7, "2": 0}


def test_a_showdown_needs_two_hands():
    request = {"ask": "showdown", "pot": 10, "hands": {"1": "As Ks Qs Js Ts 2c 3d"}}
    with pytest.raises(RulingError, match="at least 2"):
        rule_request(request, DEFAULT_CONFIG)


@pytest.mark.parametrize("pot", [-1, True, 2.5, "10"])
def test_a_showdown_pot_must_be_whole_chips(pot):
    hands = {"1": "As Ks Qs Js Ts 2c 3d", "2": "Ah Ad Ac 9h 9d 4c 5c"}
    with pytest.raises(RulingError) as err:
        rule_request({"ask": "showdown", "pot": pot, "hands": hands}, DEFAULT_CONFIG)
    assert err.value.field == "pot"


def test_a_showdown_hand_has_seven_cards():
    hands = {"1": "As Ks Qs Js Ts 2c 3d", "2": "Ah Ad Ac 9h 9d 4c"}
    with pytest.raises(RulingError, match="Seat 2 needs 7 cards") as err:
        rule_request({"ask": "showdown", "pot": 10, "hands": hands}, DEFAULT_CONFIG)
    assert err.value.seat == "2"


# --- the deal, the burns and the exchanges ---------------------------------------------------


def always_exchange(hole: tuple[Card, ...], exposed: tuple[Card, ...]) -> Card:
    return min((*hole, *exposed), key=lambda c: (c.rank, c.suit))


def play(hand: Hand, policy=always_exchange) -> Hand:
    while hand.street < 7:
        hand.deal_street()
        while (seat := hand.to_act) is not None:
            hand.exchange(seat, policy(hand.hole(seat), hand.exposed(seat)))
    return hand


def test_deal_is_two_down_and_one_up_then_a_burn_before_each_street():
    hand = Hand(4, seed=1)
    assert all(len(hand.hole(s)) == 2 and len(hand.exposed(s)) == 1 for s in hand.seats)
    hand.deal_street()
    hand.deal_street()
    assert len(hand.burns) == 2
    assert all(len(hand.exposed(s)) == 3 for s in hand.seats)


def test_an_exchange_round_follows_fifth_and_sixth_street():
    hand = Hand(2, seed=2)
    assert hand.deal_street() == 4 and hand.exchange_round is None
    assert hand.deal_street() == 5 and hand.exchange_round == 1
    with pytest.raises(EngineError, match="not finished"):
        hand.deal_street()
    hand.exchange("1", None)
    hand.exchange("2", None)
    assert hand.deal_street() == 6 and hand.exchange_round == 2


def test_a_replaced_hole_card_comes_down_and_an_exposed_one_up():
    hand = Hand(2, seed=3)
    hand.deal_street()
    hand.deal_street()
    old_hole = hand.hole("1")[0]
    r = hand.exchange("1", old_hole)
    assert r.face is Face.DOWN and r.received in hand.hole("1") and old_hole in hand.discards
    old_up = hand.exposed("2")[1]
    r = hand.exchange("2", old_up)
    assert r.face is Face.UP and r.received == hand.exposed("2")[1]


def test_exchanges_go_in_seat_order_and_only_with_cards_held():
    hand = Hand(3, seed=4)
    hand.deal_street()
    hand.deal_street()
    with pytest.raises(EngineError, match="turn"):
        hand.exchange("2", None)
    stranger = next(c for c in ALL_CARDS if c not in hand.hole("1") + hand.exposed("1"))
    with pytest.raises(EngineError, match="does not hold"):
        hand.exchange("1", stranger)


def test_no_exchange_before_fifth_street():
    hand = Hand(2, seed=5)
    with pytest.raises(EngineError, match="no exchange round"):
        hand.exchange("1", None)


def test_seventh_street_is_dealt_down():
    hand = play(Hand(3, seed=6))
    assert all(len(hand.hole(s)) == 3 and len(hand.exposed(s)) == 4 for s in hand.seats)
    assert len(hand.burns) + sum(hand.reshuffles) >= 4


def test_six_players_exchanging_twice_run_the_stock_out_and_reshuffle():
    # 6 × 7 dealt + 4 burns + 12 exchanges = 58 cards from 52: on 7th Street the stock holds 1
    # card (the burn); the 4 burns and 12 discards form a new stock of 16, enough for six.
    hand = play(Hand(6, seed=7))
    assert hand.reshuffles == [16]
    assert hand.community is None
    sevens = hand.holdings
    assert all(len(cards) == 7 for cards in sevens.values())
    every = [c for cards in sevens.values() for c in cards]
    assert len(set(every)) == 42


def test_without_the_shortage_rule_running_out_is_an_error():
    hand = Hand(6, seed=7, rules=HouseRules(stud_stock_shortage=False))
    with pytest.raises(EngineError, match="does not reshuffle"):
        play(hand)
    assert hand.street == 6  # the refusal dealt nothing


def test_a_community_card_when_even_a_reshuffle_cannot_serve_seventh_street():
    # a stock of 14 cards for two players always exchanging: the reshuffles keep 4th to 6th
    # and the exchanges going, but 7th Street needs a burn and 2 cards with only 2 left
    deck = Deck(seed=1)
    deck.deal(38)
    hand = play(Hand(2, deck=deck))
    assert hand.community is not None
    assert all(len(hand.hole(s)) == 2 and len(hand.exposed(s)) == 4 for s in hand.seats)
    for cards in hand.holdings.values():
        assert len(cards) == 7 and cards[-1] == hand.community
    assert any("one community card" in step for step in hand.steps)
    s = hand.showdown(10)
    assert sum(s.shares.values()) == 10


def test_a_community_card_cannot_tell_tied_hands_apart_for_the_odd_chip():
    # the community A♠ is everyone's highest card; the next card decides: K♥ beats K♦
    s = showdown(5, up(s1="Th 9h 8c 7d 6s Kd As", s2="Tc 9d 8s 7h 6c Kh As"))
    assert s.odd_chip_order == ("2", "1")


def test_the_bring_in_and_first_to_act_come_from_the_hand():
    hand = Hand(4, seed=8)
    assert hand.bring_in() == bring_in(hand.third_street_up)
    hand.deal_street()
    assert hand.first_to_act().seat == first_to_act(4, up_cards(hand)).seat


def up_cards(hand: Hand) -> dict[str, tuple[Card, ...]]:
    return {s: hand.exposed(s) for s in hand.active}


def test_deals_replay_from_their_seed():
    assert deal_hand(11, 6) == deal_hand(11, 6)
    assert deal_hand(11, 6).holdings != deal_hand(12, 6).holdings


def test_a_played_hand_records_what_a_dealer_needs():
    played = deal_hand(3, 5)
    assert sorted(played.first_to_act) == [3, 4, 5, 6, 7]
    assert len(played.exchanges) == 10
    assert {r.round for r in played.exchanges} == {1, 2}
    assert all(len(cards) == 7 for cards in played.holdings.values())
    assert sum(played.showdown.shares.values()) == 5
    assert played.bring_in.seat in played.holdings


def test_the_simple_policy_stands_pat_on_two_pair():
    assert simple_policy(parse_cards("9c 9d"), parse_cards("4h 4s 2c")) is None
    assert simple_policy(parse_cards("9c 9d"), parse_cards("4h Ks 2c")) == card("2c")


@pytest.mark.parametrize("players", [1, 7, "3", True])
def test_english_stud_deals_to_two_to_six(players):
    with pytest.raises(EngineError):
        Hand(players, seed=1)


# --- the ruling ------------------------------------------------------------------------------


def test_ruling_bring_in():
    r = rule_request({"ask": "bring-in", "up": {"1": "2c", "2": "2d", "3": "Ks"}}, DEFAULT_CONFIG)
    assert r["seat"] == "1" and r["steps"]


def test_ruling_first_to_act():
    r = rule_request(
        {"ask": "first-to-act", "street": 5, "up": {"1": "2c 2d 9s", "2": "Kd Qs 3h"}},
        DEFAULT_CONFIG,
    )
    assert r["seat"] == "1"


def test_ruling_showdown():
    r = rule_request(
        {
            "ask": "showdown",
            "pot": 31,
            "hands": {"2": "Th 9h 8c 7d 6s 2c 3c", "4": "10c 9d 8s 7h 6c A♠ 3s"},
        },
        DEFAULT_CONFIG,
    )
    assert r["winners"] == ["2", "4"]
    assert r["best"] == {"2": "Th 9h 8c 7d 6s", "4": "Tc 9d 8s 7h 6c"}
    assert r["categories"] == {"2": "straight", "4": "straight"}
    assert r["shares"] == {"2": 15, "4": 16}
    assert r["steps"]


GOOD_HANDS = {"1": "As Ks Qs Js Ts 2c 3d", "2": "Ah Ad Ac 9h 9d 4c 5c"}


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        ({}, "ask"),
        ({"ask": "river"}, "ask"),
        ({"ask": 3}, "ask"),
        ({"ask": "bring-in"}, "up"),
        ({"ask": "bring-in", "up": {"1": "2c"}}, "up"),
        ({"ask": "bring-in", "up": {"1": "2c 3c", "2": "Ks"}}, "up"),
        ({"ask": "bring-in", "up": {"1": "2c", "2": "2c"}}, "up"),
        ({"ask": "bring-in", "up": {"1": "2c", "7": "Ks"}}, "up"),
        ({"ask": "bring-in", "up": {"0": "2c", "1": "Ks"}}, "up"),
        ({"ask": "bring-in", "up": {"1": 2, "2": "Ks"}}, "up"),
        ({"ask": "bring-in", "up": ["2c", "Ks"]}, "up"),
        ({"ask": "first-to-act", "up": {"1": "2c", "2": "Ks"}}, "street"),
        ({"ask": "first-to-act", "street": "5", "up": {"1": "2c", "2": "Ks"}}, "street"),
        ({"ask": "first-to-act", "street": 9, "up": {"1": "2c", "2": "Ks"}}, "street"),
        ({"ask": "first-to-act", "street": 10**40, "up": {"1": "2c", "2": "Ks"}}, "street"),
        ({"ask": "first-to-act", "street": 4, "up": {"1": "2c", "2": "Ks"}}, "up"),
        ({"ask": "first-to-act", "street": 4, "up": {"1": "2c 3c", "2": "Ks 3c"}}, "up"),
        ({"ask": "showdown", "hands": GOOD_HANDS}, "pot"),
        ({"ask": "showdown", "pot": -5, "hands": GOOD_HANDS}, "pot"),
        ({"ask": "showdown", "pot": None, "hands": GOOD_HANDS}, "pot"),
        ({"ask": "showdown", "pot": 5, "hands": {"1": GOOD_HANDS["1"]}}, "hands"),
        ({"ask": "showdown", "pot": 5, "hands": {**GOOD_HANDS, "2": "Ah Ad Ac 9h 9d 4c"}}, "hands"),
        (
            {"ask": "showdown", "pot": 5, "hands": {**GOOD_HANDS, "2": "Ah Ad Ac 9h 9d 4c As"}},
            "hands",
        ),
    ],
)
def test_bad_requests_name_the_field(request_, field):
    with pytest.raises(RulingError) as err:
        rule_request(request_, DEFAULT_CONFIG)
    assert err.value.field == field


def test_a_card_twice_in_a_showdown_names_both_seats():
    hands = {**GOOD_HANDS, "2": "Ah Ad Ac 9h 9d 4c As"}
    with pytest.raises(RulingError, match=r"As appears twice \(seat 1 and seat 2\)"):
        rule_request({"ask": "showdown", "pot": 5, "hands": hands}, DEFAULT_CONFIG)


# --- invariants ------------------------------------------------------------------------------

SEATS = ("1", "2", "3", "4", "5", "6")
SUITS = "cdhs"


@st.composite
def random_showdowns(draw):
    seats = draw(st.lists(st.sampled_from(SEATS), min_size=2, max_size=6, unique=True))
    cards = draw(st.permutations(ALL_CARDS))
    unit = draw(st.sampled_from((1, 1, 5)))
    pot = draw(st.integers(0, 10**6)) * unit
    return pot, {s: cards[7 * i : 7 * i + 7] for i, s in enumerate(seats)}, unit


@st.composite
def tie_prone_showdowns(draw):
    # every seat holds the ranks T 9 8 7 6 3 2 in its own suit per rank: straights that tie
    # unless a suit lines up into a flush
    count = draw(st.integers(2, 4))
    seats = sorted(
        draw(st.lists(st.sampled_from(SEATS), min_size=count, max_size=count, unique=True)), key=int
    )
    suits_by_rank = {r: draw(st.permutations(SUITS)) for r in "T98763" + "2"}
    hands = {
        s: parse_cards(" ".join(r + suits_by_rank[r][i] for r in "T987632"))
        for i, s in enumerate(seats)
    }
    unit = draw(st.sampled_from((1, 1, 5)))
    return draw(st.integers(0, 1000)) * unit, hands, unit


@pytest.mark.slow  # a fuzz run: in make test, out of the quick tier
@settings(max_examples=200, deadline=None)
@given(random_showdowns() | tie_prone_showdowns())
def test_shares_always_add_up_to_the_pot(case):
    pot, hands, unit = case
    s = showdown(pot, hands, rules=HouseRules(chip_unit=unit))
    assert sum(s.shares.values()) == pot
    assert list(s.shares) == sorted(hands, key=int)
    assert all(s.shares[seat] == 0 for seat in hands if seat not in s.winners)


@pytest.mark.slow  # 200 generated showdowns: out of the quick tier
@settings(max_examples=200, deadline=None)
@given(tie_prone_showdowns())
def test_no_tied_player_gets_more_than_one_odd_chip(case):
    pot, hands, unit = case
    s = showdown(pot, hands, rules=HouseRules(chip_unit=unit))
    amounts = [s.shares[seat] for seat in s.odd_chip_order]
    assert max(amounts) - min(amounts) <= unit
    assert amounts == sorted(amounts, reverse=True)


@pytest.mark.slow  # a fuzz run: in make test, out of the quick tier
@settings(max_examples=200, deadline=None)
@given(random_showdowns() | tie_prone_showdowns(), st.integers(3, 7))
def test_random_valid_requests_never_raise(case, street):
    pot, hands, unit = case
    config = HouseConfig(rules=HouseRules(chip_unit=unit))
    text = {s: " ".join(map(str, cards)) for s, cards in hands.items()}
    r = rule_request({"ask": "showdown", "pot": pot, "hands": text}, config)
    assert sum(r["shares"].values()) == pot
    bring = {s: str(cards[2]) for s, cards in hands.items()}
    assert rule_request({"ask": "bring-in", "up": bring}, config)["seat"] in hands
    n = {3: 1, 4: 2, 5: 3, 6: 4, 7: 4}[street]
    shown = {s: " ".join(map(str, cards[2 : 2 + n])) for s, cards in hands.items()}
    ask = {"ask": "first-to-act", "street": street, "up": shown}
    assert rule_request(ask, config)["seat"] in hands


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=6,
)


@settings(max_examples=300, deadline=None)
@given(
    st.fixed_dictionaries(
        {"ask": st.sampled_from(["bring-in", "first-to-act", "showdown"]) | JSON},
        optional={
            "street": JSON | st.integers(3, 7),
            "pot": JSON,
            "up": JSON | st.dictionaries(st.sampled_from([*SEATS, "0", "7"]), JSON | st.just("Kd")),
            "hands": JSON,
        },
    )
)
@pytest.mark.slow  # a fuzz run: in make test, out of the quick tier
def test_odd_json_is_refused_as_a_ruling_error_never_a_crash(request_):
    # a ruling or a RulingError naming the field: never a KeyError, TypeError, IndexError...
    with contextlib.suppress(RulingError):
        assert isinstance(rule_request(request_, DEFAULT_CONFIG)["steps"], list)
