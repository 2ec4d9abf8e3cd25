"""Mississippi Stud as the rulebook reads: mississippi-stud.txt §03-§07 and RULES.md."""

from __future__ import annotations

from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine.cards import ALL_CARDS, format_cards, parse_cards
from trainer.engine.errors import RulingError
from trainer.engine.games.mississippi_stud.rules import (
    MAX_POSITIONS,
    Outcome,
    Settlement,
    Spot,
    deal,
    settle,
)
from trainer.engine.hands import Category
from trainer.engine.house import DEFAULT_CONFIG, HouseConfig, HouseRules
from trainer.engine.paytables import MISSISSIPPI_STUD_BASE, Odds, Paytable
from trainer.engine.rulings import rule_game

rule_request = partial(rule_game, "mississippi-stud")


def ms(hole: str, board: str, bets, **kw) -> Settlement:
    return settle(parse_cards(hole), parse_cards(board), bets, **kw)


def ruling(**request) -> dict:
    return rule_request(request, DEFAULT_CONFIG)


# --- the source text's worked examples (§06, §07) and RULES.md's -----------------------------


def test_pair_of_queens_pays_on_all_four_bets():
    # §07: Q♥ Q♠, board 2♣ 7♦ 9♠, bets 1/1/2/3: T = 7, 1:1, profit 7, gross 14
    s = ms("Qh Qs", "2c 7d 9s", [1, 1, 2, 3])
    assert s.outcome is Outcome.WIN
    assert s.category is Category.ONE_PAIR
    assert s.odds == Odds(1)
    assert (s.stake, s.profit, s.returned, s.net) == (7, 7, 14, 7)
    assert s.spots == (Spot("ante", 1, 1), Spot("3rd", 1, 1), Spot("4th", 2, 2), Spot("5th", 3, 3))
    assert "Total 1 + 1 + 2 + 3 = 7." in s.steps
    assert "Pair of queens pays 1:1: profit 7, stake 7 returned, 14 in all." in s.steps


def test_worked_example_steps_run_in_dealer_order():
    steps = ms("Qh Qs", "2c 7d 9s", [1, 1, 2, 3]).steps
    found = next(i for i, t in enumerate(steps) if "pair of queens" in t)
    total = steps.index("Total 1 + 1 + 2 + 3 = 7.")
    paid = next(i for i, t in enumerate(steps) if t.startswith("Pair of queens pays"))
    assert found < total < paid


def test_pair_of_sixes_pushes():
    # §07: 6♥ 6♠ with A♣ 9♦ K♣: the pair of sixes only pushes
    s = ms("6h 6s", "Ac 9d Kc", [1, 1, 1, 1])
    assert s.outcome is Outcome.PUSH
    assert (s.stake, s.profit, s.returned, s.net) == (4, 0, 4, 0)
    assert s.odds is None


def test_fold_after_third_street_loses_ante_and_third_street():
    # §06: Ante 1 plus 3rd Street 2 followed by a fold loses 3, not only the Ante
    s = ms("Kh 4c", "9s", [1, 2])
    assert s.outcome is Outcome.FOLD
    assert (s.stake, s.profit, s.returned, s.net) == (3, 0, 0, -3)
    assert s.category is None and s.hand is None and s.odds is None
    assert s.steps[0] == (
        "Folded before 4th Street: the Ante 1 and 3rd Street 2 are lost, 3 in all."
    )


def test_ruling_of_the_worked_example_matches_the_api():
    r = ruling(hole="Qh Qs", board="2c 7d 9s", bets=[1, 1, 2, 3])
    assert r == {
        "outcome": "win",
        "category": "one pair",
        "odds": "1:1",
        "stake": 7,
        "profit": 7,
        "returned": 14,
        "net": 7,
        "spots": [
            {"bet": "ante", "stake": 1, "profit": 1},
            {"bet": "3rd", "stake": 1, "profit": 1},
            {"bet": "4th", "stake": 2, "profit": 2},
            {"bet": "5th", "stake": 3, "profit": 3},
        ],
        "steps": r["steps"],
    }
    assert isinstance(r["steps"], list) and all(isinstance(t, str) for t in r["steps"])


def test_continuing_commits_between_four_and_ten_antes():
    # §03: continuing to the end commits at least 4 and at most 10 Ante units
    assert ms("6h 6s", "Ac 9d Kc", [1, 1, 1, 1]).stake == 4
    assert ms("6h 6s", "Ac 9d Kc", [1, 3, 3, 3]).stake == 10


# --- hand-worked edge table -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("hole", "board", "outcome", "net"),
    [
        # pair of fives: below the push band 6-10 -> loses T = 4
        ("5h 5s", "Ac 9d Kc", Outcome.LOSE, -4),
        # pair of sixes: bottom of the push band -> returns 4, net 0
        ("6h 6s", "Ac 9d Kc", Outcome.PUSH, 0),
        # pair of tens: top of the push band -> net 0
        ("Th Ts", "Ac 9d Kc", Outcome.PUSH, 0),
        # pair of jacks: bottom of the paying band, 1:1 on T = 4 -> +4
        ("Jh Js", "Ac 9d Kc", Outcome.WIN, 4),
        # pair of aces: 1:1 on 4 -> +4
        ("Ah As", "2c 9d Kc", Outcome.WIN, 4),
        # pair of twos on the board only still counts: loses 4
        ("Ah Ks", "2c 2d 9c", Outcome.LOSE, -4),
    ],
)
def test_pair_bands(hole, board, outcome, net):
    s = ms(hole, board, [1, 1, 1, 1])
    assert (s.outcome, s.net) == (outcome, net)
    assert s.returned == s.stake + s.net


def test_pair_of_fives_loses_every_live_bet():
    # T = 1 + 2 + 3 + 1 = 7, all lost
    s = ms("5h 5s", "Ac 9d Kc", [1, 2, 3, 1])
    assert (s.outcome, s.returned, s.net) == (Outcome.LOSE, 0, -7)
    assert all(spot.profit == 0 for spot in s.spots)


def test_high_card_loses():
    s = ms("Ah Ks", "2c 7d 9s", [1, 1, 1, 1])
    assert (s.outcome, s.category, s.net) == (Outcome.LOSE, Category.HIGH_CARD, -4)


def test_wheel_straight_pays_four_to_one():
    # A-2-3-4-5 is a 5-high straight: 4:1 on T = 4 -> profit 16, returned 20
    s = ms("Ah 2d", "3c 4s 5h", [1, 1, 1, 1])
    assert (s.category, s.odds, s.profit, s.returned) == (Category.STRAIGHT, Odds(4), 16, 20)


def test_no_wrap_around_straight():
    # Q-K-A-2-3 is no straight: ace high, loses 4
    s = ms("Qh Kd", "Ac 2s 3h", [1, 1, 1, 1])
    assert (s.category, s.net) == (Category.HIGH_CARD, -4)


def test_low_two_pair_overrides_the_low_pair():
    # 2-2-3-3-9: two pair at 2:1 on T = 4 -> profit 8
    s = ms("2s 2d", "3c 3h 9s", [1, 1, 1, 1])
    assert (s.category, s.profit) == (Category.TWO_PAIR, 8)


def test_full_house_of_low_ranks_is_still_a_full_house():
    # 2-2-2-3-3: 10:1 on T = 4 -> profit 40
    s = ms("2s 2d", "2c 3h 3s", [1, 1, 1, 1])
    assert (s.category, s.profit) == (Category.FULL_HOUSE, 40)


def test_trips_pay_three_to_one():
    # 7-7-7: 3:1 on T = 1 + 3 + 2 + 1 = 7 -> profit 21, returned 28
    s = ms("7s 7d", "7c Kh 2s", [1, 3, 2, 1])
    assert (s.category, s.profit, s.returned) == (Category.THREE_OF_A_KIND, 21, 28)


def test_straight_flush_pays_one_hundred_to_one_per_spot():
    # 9-K of hearts: 100:1 per spot: 2->200, 6->600, 4->400, 2->200; profit 1400
    s = ms("9h Th", "Jh Qh Kh", [2, 6, 4, 2])
    assert s.category is Category.STRAIGHT_FLUSH
    assert [spot.profit for spot in s.spots] == [200, 600, 400, 200]
    assert (s.stake, s.profit, s.returned) == (14, 1400, 1414)


def test_royal_flush_pays_five_hundred_to_one():
    # 500:1 on T = 4 -> profit 2000
    s = ms("Ah Kh", "Qh Jh Th", [1, 1, 1, 1])
    assert (s.category, s.profit) == (Category.ROYAL_FLUSH, 2000)


def test_payout_cap_withholds_from_the_last_street_back():
    # royal: 500 × (1 + 3 + 3 + 3) = 5000; cap 1000 withholds 4000:
    # 5th 1500 -> 0 (2500 left), 4th 1500 -> 0 (1000 left), 3rd 1500 -> 500, Ante 500 stays
    rules = HouseRules(mississippi_payout_cap=1000)
    s = ms("Ah Kh", "Qh Jh Th", [1, 3, 3, 3], rules=rules)
    assert (s.profit, s.capped, s.returned, s.net) == (1000, 4000, 1010, 1000)
    assert [spot.profit for spot in s.spots] == [500, 500, 0, 0]
    assert any("at most 1000" in t and "4000 is withheld" in t for t in s.steps)


def test_cap_above_the_win_changes_nothing():
    rules = HouseRules(mississippi_payout_cap=10)
    s = ms("Qh Qs", "2c 7d 9s", [1, 1, 2, 3], rules=rules)
    assert (s.profit, s.capped) == (7, 0)


def test_cap_still_returns_the_stake():
    # cap 0: a win pays nothing, but T = 4 comes back
    s = ms("Ah Kh", "Qh Jh Th", [1, 1, 1, 1], rules=HouseRules(mississippi_payout_cap=0))
    assert (s.profit, s.returned, s.net) == (0, 4, 0)


@pytest.mark.parametrize(
    ("bets", "before", "lost"),
    [
        ([1], "3rd Street", 1),
        ([1, 2], "4th Street", 3),
        ([1, 3, 2], "5th Street", 6),
        ([5, 15, 10], "5th Street", 30),
    ],
)
def test_fold_at_each_street_loses_what_was_placed(bets, before, lost):
    s = ms("Ah As", "", bets)
    assert (s.outcome, s.stake, s.returned, s.net) == (Outcome.FOLD, lost, 0, -lost)
    assert s.steps[0].startswith(f"Folded before {before}:")
    assert [spot.profit for spot in s.spots] == [0] * len(bets)


def test_fold_result_does_not_depend_on_the_board():
    # a folded royal flush is still a fold
    assert ms("Ah Kh", "Qh Jh Th", [1, 1, 1]).net == -3


def test_fold_before_third_street_says_the_ante_is_lost():
    assert ms("Ah As", "", [1]).steps[0] == "Folded before 3rd Street: the Ante 1 is lost."


# --- the paytable is data -------------------------------------------------------------------


def test_a_house_table_without_pair_band_pays_every_pair():
    rows = dict(MISSISSIPPI_STUD_BASE.rows)
    table = Paytable.build("every pair pays", rows)
    assert ms("2h 2s", "Ac 9d Kc", [1, 1, 1, 1], paytable=table).net == 4


def test_a_house_table_with_a_high_card_row_pays_high_card():
    rows = {**dict(MISSISSIPPI_STUD_BASE.rows), Category.HIGH_CARD: Odds(1)}
    table = Paytable.build("high card pays", rows, pair_band=(11, 14), push_band=(6, 10))
    assert ms("Ah Ks", "2c 7d 9s", [1, 1, 1, 1], paytable=table).net == 4


def test_house_bands_move_the_push_line():
    table = Paytable.build(
        "wide push", dict(MISSISSIPPI_STUD_BASE.rows), pair_band=(12, 14), push_band=(2, 11)
    )
    assert ms("Jh Js", "Ac 9d Kc", [1, 1, 1, 1], paytable=table).outcome is Outcome.PUSH
    assert ms("2h 2s", "Ac 9d Kc", [1, 1, 1, 1], paytable=table).outcome is Outcome.PUSH


def test_ruling_uses_the_house_paytable_and_rules():
    table = Paytable.build(
        "generous", {**dict(MISSISSIPPI_STUD_BASE.rows), Category.ONE_PAIR: 2}, pair_band=(11, 14)
    )
    config = HouseConfig({"mississippi-stud": table}, rules=HouseRules(chip_unit=5))
    r = rule_request({"hole": "Qh Qs", "board": "2c 7d 9s", "bets": [5, 5, 10, 15]}, config)
    # 2:1 on T = 35 -> 70
    assert (r["odds"], r["profit"], r["returned"]) == ("2:1", 70, 105)


def test_a_fraction_of_a_chip_is_refused_as_a_bets_problem():
    table = Paytable.build(
        "three to two pairs",
        {**dict(MISSISSIPPI_STUD_BASE.rows), Category.ONE_PAIR: "3 to 2"},
        pair_band=(11, 14),
        push_band=(6, 10),
    )
    with pytest.raises(RulingError) as err:
        ms("Qh Qs", "2c 7d 9s", [1, 1, 1, 1], paytable=table)
    assert err.value.field == "bets"
    # even stakes pay whole chips: 3/2 × (2 + 2 + 4 + 6) = 21
    assert ms("Qh Qs", "2c 7d 9s", [2, 2, 4, 6], paytable=table).profit == 21


# --- bets and cards off the rules -----------------------------------------------------------


@pytest.mark.parametrize(
    "bets",
    [
        [0, 1, 1, 1],
        [1, 4, 1, 1],
        [5, 5, 4, 5],
        [-1, 1, 1, 1],
        [1, -1, 1, 1],
        [1, 0, 1, 1],
        ["2", 2, 2, 2],
        [1.5, 3, 3, 3],
        [True, 1, 1, 1],
        [None],
        [[1], 1, 1, 1],
        [{"ante": 1}],
        [],
        [1, 1, 1, 1, 1],
        [10**30, 10**30, 10**30, 10**30],
        [float("nan")],
        [float("inf")],
        "1 1 2 3",
        None,
        {"ante": 1},
        7,
    ],
)
def test_bets_off_the_rules_are_refused(bets):
    with pytest.raises(RulingError) as err:
        rule_request({"hole": "Qh Qs", "board": "2c 7d 9s", "bets": bets}, DEFAULT_CONFIG)
    assert err.value.field == "bets"
    assert err.value.message


def test_street_bet_message_names_the_street_and_the_ante():
    request = {"hole": "Qh Qs", "board": "2c 7d 9s", "bets": [5, 5, 4, 5]}
    with pytest.raises(RulingError) as err:
        rule_request(request, DEFAULT_CONFIG)
    assert err.value.message == "The 4th Street bet must be 1, 2 or 3 times the Ante (5): 4 is not."


def test_whole_float_bets_are_whole_numbers():
    # JSON 2.0 is the number 2
    assert ruling(hole="Qh Qs", board="2c 7d 9s", bets=[1.0, 1, 2.0, 3])["stake"] == 7


def test_ante_must_be_whole_chips_of_the_house():
    config = HouseConfig(rules=HouseRules(chip_unit=5))
    with pytest.raises(RulingError) as err:
        rule_request({"hole": "Qh Qs", "board": "2c 7d 9s", "bets": [3, 3, 3, 3]}, config)
    assert err.value.field == "bets"


def test_missing_bets_are_refused():
    with pytest.raises(RulingError) as err:
        rule_request({"hole": "Qh Qs", "board": "2c 7d 9s"}, DEFAULT_CONFIG)
    assert err.value.field == "bets"


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        ({"hole": "Qh Qs", "board": "Qh 7d 9s", "bets": [1, 1, 1, 1]}, "board"),
        ({"hole": "Qh Qh", "board": "2c 7d 9s", "bets": [1, 1, 1, 1]}, "hole"),
        ({"hole": "Qh Qs", "board": "2c 2c 9s", "bets": [1, 1, 1, 1]}, "board"),
        ({"hole": "Qh Qs", "board": "Qs", "bets": [1, 1]}, "board"),
        ({"hole": "Qh Qs Qd", "board": "2c 7d 9s", "bets": [1, 1, 1, 1]}, "hole"),
        ({"hole": "Qh", "board": "2c 7d 9s", "bets": [1, 1, 1, 1]}, "hole"),
        ({"hole": "Qh Qs", "board": "2c 7d", "bets": [1, 1, 1, 1]}, "board"),
        ({"hole": "Qh Qs", "board": "2c 7d 9s 8s", "bets": [1, 1, 1]}, "board"),
        ({"hole": "Qh Qs", "bets": [1, 1, 1, 1]}, "board"),
        ({"hole": "Qh Xs", "board": "2c 7d 9s", "bets": [1, 1, 1, 1]}, "hole"),
        ({"hole": ["Qh", "Qs"], "board": "2c 7d 9s", "bets": [1, 1, 1, 1]}, "hole"),
        ({"hole": None, "board": "2c 7d 9s", "bets": [1, 1, 1, 1]}, "hole"),
        ({"board": "2c 7d 9s", "bets": [1, 1, 1, 1]}, "hole"),
        ({"hole": "Qh Qs", "board": 7, "bets": [1, 1, 1, 1]}, "board"),
    ],
)
def test_cards_off_the_rules_are_refused(request_, field):
    with pytest.raises(RulingError) as err:
        rule_request(request_, DEFAULT_CONFIG)
    assert err.value.field == field


def test_a_fold_may_carry_no_board():
    for request in (
        {"hole": "Qh Qs", "bets": [1]},
        {"hole": "Qh Qs", "board": None, "bets": [1, 1]},
        {"hole": "Qh Qs", "board": "", "bets": [1, 1, 1]},
        {"hole": "Qh Qs", "board": "2c", "bets": [1, 1]},
    ):
        r = rule_request(request, DEFAULT_CONFIG)
        assert (r["outcome"], r["category"], r["odds"]) == ("fold", None, None)


def test_cards_in_any_accepted_form():
    r = ruling(hole="q♥ Q♠", board="2C, 7d 9s", bets=[1, 1, 2, 3])
    assert r["net"] == 7
    r = ruling(hole="10h 10s", board="Ac 9d Kc", bets=[1, 1, 1, 1])
    assert r["outcome"] == "push"


# --- dealing --------------------------------------------------------------------------------


def test_deal_is_reproducible_from_its_seed():
    assert deal(42, positions=6) == deal(42, positions=6)


def test_deals_differ_across_seeds():
    assert len({deal(seed) for seed in range(20)}) == 20


def test_a_deal_uses_each_card_once():
    d = deal(5, positions=MAX_POSITIONS)
    cards = [c for hand in d.hands for c in hand] + list(d.board)
    assert len(cards) == len(set(cards)) == 2 * MAX_POSITIONS + 3
    assert all(len(hand) == 2 for hand in d.hands) and len(d.board) == 3


@pytest.mark.parametrize("positions", [0, 7, -1, True, 1.0, "2"])
def test_a_table_deals_one_to_six_positions(positions):
    with pytest.raises(RulingError):
        deal(1, positions=positions)


def test_a_dealt_hand_settles():
    d = deal(9)
    s = settle(d.hands[0], d.board, [1, 1, 1, 1])
    assert s.returned == s.stake + s.net


# --- invariants -----------------------------------------------------------------------------

cards_drawn = st.permutations(ALL_CARDS).map(lambda cards: cards[:5])


@st.composite
def valid_requests(draw):
    cards = draw(cards_drawn)
    ante = draw(st.integers(1, 1000))
    streets = draw(st.lists(st.sampled_from((1, 2, 3)), max_size=3))
    bets = [ante] + [m * ante for m in streets]
    board = cards[2:] if len(bets) == 4 else cards[2 : 2 + draw(st.integers(0, 3))]
    return {"hole": format_cards(cards[:2]), "board": format_cards(board), "bets": bets}


@pytest.mark.slow  # a fuzz run: in make test, out of the quick tier
@settings(max_examples=300, deadline=None)
@given(valid_requests(), st.one_of(st.none(), st.integers(0, 5000)))
def test_valid_requests_always_settle_and_add_up(request, cap):
    config = HouseConfig(rules=HouseRules(mississippi_payout_cap=cap))
    r = rule_request(request, config)
    assert r["stake"] == sum(request["bets"])
    assert r["returned"] == r["stake"] + r["net"]
    assert sum(spot["profit"] for spot in r["spots"]) == r["profit"]
    assert [spot["stake"] for spot in r["spots"]] == request["bets"]
    assert all(spot["profit"] >= 0 for spot in r["spots"])
    if cap is not None:
        assert r["profit"] <= cap
    if r["outcome"] == "win":
        assert r["returned"] == r["stake"] + r["profit"]
    else:
        assert r["profit"] == 0 and r["odds"] is None
    assert r["outcome"] in {o.value for o in Outcome}


@settings(max_examples=200, deadline=None)
@given(
    st.fixed_dictionaries(
        {},
        optional={
            "hole": st.one_of(st.text(max_size=8), st.integers(), st.none(), st.lists(st.text())),
            "board": st.one_of(st.text(max_size=12), st.floats(), st.none()),
            "bets": st.one_of(
                st.lists(
                    st.one_of(
                        st.integers(-5, 10**12),
                        st.floats(),
                        st.booleans(),
                        st.none(),
                        st.text(max_size=3),
                        st.lists(st.integers(), max_size=2),
                    ),
                    max_size=6,
                ),
                st.text(max_size=5),
                st.integers(),
                st.none(),
            ),
        },
    )
)
def test_odd_json_gets_a_ruling_error_never_a_crash(request):
    try:
        r = rule_request(request, DEFAULT_CONFIG)
    except RulingError as err:
        assert err.field in {"hole", "board", "bets"}
    else:
        assert r["returned"] == r["stake"] + r["net"]
