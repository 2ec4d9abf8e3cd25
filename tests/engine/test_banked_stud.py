"""Caribbean Stud and Casino Stud Poker as the rulebook reads: caribbean-stud.txt §02-§08,
casino-stud-poker.txt and RULES.md."""

from __future__ import annotations

from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine.cards import ALL_CARDS, format_cards, parse_cards
from trainer.engine.errors import RulingError
from trainer.engine.games.banked_stud.rules import (
    CARIBBEAN,
    CASINO,
    MATCH_ROUNDS,
    Action,
    Bet,
    MatchRound,
    Outcome,
    Result,
    Settlement,
    Verdict,
    basic_action,
    deal,
    dealer_qualifies,
    play_match,
    settle,
    settle_match,
)
from trainer.engine.hands import Category, evaluate_five
from trainer.engine.house import DEFAULT_CONFIG, HouseConfig, HouseRules
from trainer.engine.paytables import CARIBBEAN_STUD_BASE, CASINO_STUD_POKER
from trainer.engine.rulings import rule_game

rule_caribbean = partial(rule_game, "caribbean-stud")
rule_casino = partial(rule_game, "casino-stud")

QUEENS = "Qh Qs 9d 6c 2h"
JACKS = "Jh Jc As 8d 3c"


def carib(player: str, dealer: str, ante: int = 1, action: str = "call", **kw) -> Settlement:
    return settle(CARIBBEAN, parse_cards(player), parse_cards(dealer), ante, action, **kw)


def casino(player: str, dealer: str, ante: int = 1, action: str = "raise", **kw) -> Settlement:
    kw.setdefault("paytable", CASINO_STUD_POKER)
    return settle(CASINO, parse_cards(player), parse_cards(dealer), ante, action, **kw)


def value(cards: str):
    return evaluate_five(parse_cards(cards))


# --- worked examples ------------------------------------------------------------------------


def test_pair_of_jacks_qualifies_and_loses_to_pair_of_queens():
    # §08 and RULES.md: Ante 1 wins 1, Call 2 wins 2 (pair 1:1): net +3, receives 6
    s = carib(QUEENS, JACKS)
    assert s.dealer_qualifies is True
    assert s.outcome is Outcome.WIN
    assert s.ante == Bet(1, Result.WIN, 1)
    assert s.call == Bet(2, Result.WIN, 2)
    assert (s.net, s.returned) == (3, 6)
    text = " ".join(s.steps)
    assert "The dealer shows Jh." in s.steps
    assert "qualifies with a pair of jacks" in text
    assert "loses to the player's pair of queens" in text


def test_worked_example_steps_run_in_dealer_order():
    steps = carib(QUEENS, JACKS).steps
    qualified = next(i for i, t in enumerate(steps) if "qualifies" in t)
    compared = next(i for i, t in enumerate(steps) if "loses to" in t)
    paid = next(i for i, t in enumerate(steps) if "Ante wins 1:1" in t)
    amounts = next(i for i, t in enumerate(steps) if t.startswith("Net +3"))
    assert qualified < compared < paid < amounts
    assert "receives 6" in steps[amounts]


def test_ruling_of_the_worked_example_matches_the_api():
    request = {"player": QUEENS, "dealer": JACKS, "ante": 1, "action": "call"}
    r = rule_caribbean(request, DEFAULT_CONFIG)
    assert r == {
        "dealer_qualifies": True,
        "player_category": "one pair",
        "dealer_category": "one pair",
        "outcome": "win",
        "bets": {
            "ante": {"stake": 1, "result": "win", "profit": 1},
            "call": {"stake": 2, "result": "win", "profit": 2},
        },
        "returned": 6,
        "net": 3,
        "steps": r["steps"],
    }
    assert isinstance(r["steps"], list)


def test_fold_gives_net_minus_one():
    # §05: fold gives net -1
    s = carib(QUEENS, JACKS, action="fold")
    assert (s.outcome, s.net, s.returned, s.call, s.dealer_qualifies) == (
        Outcome.FOLD,
        -1,
        0,
        None,
        None,
    )
    assert s.ante == Bet(1, Result.LOSE, 0)


def test_losing_after_call_gives_minus_three():
    # §05: losing after Call gives -3 (Ante 1 + Call 2)
    s = carib(JACKS, QUEENS)
    assert (s.outcome, s.net, s.returned) == (Outcome.LOSE, -3, 0)


def test_dealer_nonqualification_gives_plus_one_even_against_a_weaker_hand():
    # §04/§05: K-Q high dealer; player only 9 high... still Ante 1:1, Call returned: +1
    s = carib("9h 7s 5d 4c 2h", "Kd Qc 8s 6d 3c")
    assert (s.outcome, s.dealer_qualifies, s.net, s.returned) == (
        Outcome.NO_QUALIFY,
        False,
        1,
        4,
    )
    assert s.ante == Bet(1, Result.WIN, 1)
    assert s.call == Bet(2, Result.PUSH, 0)


# --- dealer qualification -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dealer", "qualifies"),
    [
        ("Ah Kd 4c 3s 2h", True),  # the weakest A-K high
        ("Ah Kd Qc Js 9h", True),  # the best A-K high
        ("2h 2d 7c 5s 3h", True),  # the weakest pair
        ("As Ks Qs Js Ts", True),  # royal flush
        ("Ah 2d 3c 4s 5h", True),  # a wheel is a straight
        ("Ah Qd Jc Ts 8h", False),  # A-Q high: no king
        ("Kh Qd Jc 9s 8h", False),  # K-Q high: no ace
        ("Ah Qd 7c 5s 3h", False),
        ("7h 5d 4c 3s 2h", False),  # the weakest hand there is
    ],
)
def test_dealer_ak_high_qualifies(dealer, qualifies):
    assert dealer_qualifies(value(dealer)) is qualifies


def test_dealer_kq_high_does_not_qualify():
    assert carib(QUEENS, "Kh Qd Jc 9s 8h").outcome is Outcome.NO_QUALIFY


def test_dealer_aq_high_does_not_qualify():
    assert carib(QUEENS, "Ah Qd Jc 9s 8h").outcome is Outcome.NO_QUALIFY


def test_dealer_ak_high_qualifies_and_beats_a_queen_high():
    # dealer A-K high qualifies; player Q-J high loses Ante 1 + Call 2
    s = carib("Qh Jd 9c 7s 5h", "Ah Kd 4c 3s 2h")
    assert (s.dealer_qualifies, s.outcome, s.net) == (True, Outcome.LOSE, -3)


# --- comparing whole hands ------------------------------------------------------------------


def test_dealer_royal_beats_player_straight_flush():
    # both straight flushes: royal (A-high) beats K-high: -3
    s = carib("9h Th Jh Qh Kh", "As Ks Qs Js Ts")
    assert (s.player.category, s.dealer.category) == (Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH)
    assert (s.outcome, s.net) == (Outcome.LOSE, -3)


def test_six_high_straight_beats_the_wheel():
    # dealer A-2-3-4-5 (5 high) qualifies, player 2-6 wins: Ante 1 + Call 2 × 5 = 10: net +11
    s = carib("2h 3d 4c 5s 6h", "Ac 2s 3h 4d 5c")
    assert (s.outcome, s.call.profit, s.net, s.returned) == (Outcome.WIN, 10, 11, 14)


def test_the_wheel_loses_to_a_six_high_straight():
    s = carib("Ac 2s 3h 4d 5c", "2h 3d 4c 5s 6h")
    assert (s.outcome, s.net) == (Outcome.LOSE, -3)


def test_exact_tie_returns_both_bets():
    # same ranks, suits never break the tie: Ante 1 and Call 2 returned, net 0
    s = carib(QUEENS, "Qd Qc 9s 6d 2c")
    assert (s.outcome, s.net, s.returned) == (Outcome.PUSH, 0, 3)
    assert s.ante.result is s.call.result is Result.PUSH
    assert any("an exact tie" in t for t in s.steps)


def test_casino_tie_is_a_stand_off():
    s = casino(QUEENS, "Qd Qc 9s 6d 2c")
    assert (s.outcome, s.net, s.returned) == (Outcome.PUSH, 0, 3)
    assert any("a stand off" in t for t in s.steps)


def test_the_last_kicker_breaks_a_tie():
    # Q-Q-9-6-3 beats Q-Q-9-6-2: Ante 1 + Call 2 at 1:1 -> +3
    assert carib("Qh Qs 9d 6c 3h", "Qd Qc 9s 6d 2c").net == 3


def test_flushes_compare_card_by_card():
    # A-J-9-6-3 flush beats A-J-9-6-2 flush: player wins, Call 2 × 7 = 14, net +15
    s = carib("Ah Jh 9h 6h 3h", "As Js 9s 6s 2s")
    assert (s.outcome, s.call.profit, s.net) == (Outcome.WIN, 14, 15)


# --- paytables ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("player", "category", "caribbean", "casino_"),
    [
        # call/raise 2 × the profile's odds
        ("As Ks Qs Js Ts", Category.ROYAL_FLUSH, 200, 100),  # 100:1 vs 50:1 (a SF there)
        ("9s Ts Js Qs Ks", Category.STRAIGHT_FLUSH, 100, 100),  # 50:1 both
        ("9s 9h 9d 9c Ks", Category.FOUR_OF_A_KIND, 50, 40),  # 25:1 vs 20:1
        ("9s 9h 9d Kc Ks", Category.FULL_HOUSE, 20, 16),  # 10:1 vs 8:1
        ("2s 5s 9s Js Ks", Category.FLUSH, 14, 12),  # 7:1 vs 6:1
        ("9s Th Jd Qc Ks", Category.STRAIGHT, 10, 8),  # 5:1 vs 4:1
        ("9s 9h 9d Qc Ks", Category.THREE_OF_A_KIND, 6, 6),  # 3:1 both
        ("9s 9h Qd Qc Ks", Category.TWO_PAIR, 4, 4),  # 2:1 both
        ("9s 9h Jd Qc Ks", Category.ONE_PAIR, 2, 2),  # 1:1 both
        ("Ah Kd Qc 8s 7h", Category.HIGH_CARD, 2, 2),  # 1:1 both
    ],
)
def test_second_bet_pays_by_the_players_category(player, category, caribbean, casino_):
    dealer = "Ac Kh 4d 3d 2c"  # the weakest qualifying hand: A-K-4-3-2
    s = carib(player, dealer)
    assert (s.player.category, s.call.profit, s.net) == (category, caribbean, 1 + caribbean)
    s = casino(player, dealer)
    assert (s.call.profit, s.net) == (casino_, 1 + casino_)


def test_casino_royal_is_paid_as_a_straight_flush():
    # Raise 2 × 50 = 100, Ante 1: net +101, receives 104
    s = casino("As Ks Qs Js Ts", "Ah Kc 7s 4d 3c")
    assert (s.call.profit, s.net, s.returned) == (100, 101, 104)


def test_casino_no_qualify_pays_the_ante_only_and_returns_the_raise():
    # dealer K-Q high: Ante 5 paid 5, Raise 10 returned: net +5, receives 20
    s = casino("As Ks Qs Js Ts", "Kh Qc 7s 4d 3c", ante=5)
    assert (s.outcome, s.net, s.returned) == (Outcome.NO_QUALIFY, 5, 20)
    assert s.call == Bet(10, Result.PUSH, 0)


def test_a_house_paytable_pays_its_own_rows():
    table = CARIBBEAN_STUD_BASE.build("rich", {**CARIBBEAN_STUD_BASE.as_dict(), "one pair": 3})
    config = HouseConfig({"caribbean-stud": table})
    r = rule_caribbean({"player": QUEENS, "dealer": JACKS, "ante": 1, "action": "call"}, config)
    # Call 2 × 3 = 6, Ante 1: +7
    assert r["net"] == 7


def test_casino_ruling_uses_the_casino_table():
    request = {"player": "9s 9h 9d Kc Ks", "dealer": JACKS, "ante": 1, "action": "raise"}
    # full house 8:1 on the Raise 2 = 16, Ante 1: +17
    assert rule_casino(request, DEFAULT_CONFIG)["net"] == 17
    assert rule_caribbean(request, DEFAULT_CONFIG)["net"] == 21


# --- profiles: house rules and shown card ---------------------------------------------------


def test_caribbean_call_multiple_is_a_house_rule():
    # call multiple 3: Call 3 wins 3 at 1:1, Ante 1 wins 1: +4, receives 8
    s = carib(QUEENS, JACKS, rules=HouseRules(call_multiple=3))
    assert (s.call.stake, s.net, s.returned) == (3, 4, 8)


def test_casino_raise_is_exactly_two_antes_whatever_the_house_multiple():
    s = casino(QUEENS, JACKS, rules=HouseRules(call_multiple=3))
    assert (s.call.stake, s.net) == (2, 3)


def test_caribbean_call_cap_withholds_call_winnings():
    # royal: Call 2 × 100 = 200, cap 50 -> 150 withheld; Ante 1: net +51
    s = carib("As Ks Qs Js Ts", "Jh Jc Ad 8d 3c", rules=HouseRules(call_payout_cap=50))
    assert (s.call.profit, s.capped, s.net, s.returned) == (50, 150, 51, 54)
    assert any("at most 50" in t for t in s.steps)


def test_the_call_cap_does_not_apply_to_casino_stud():
    s = casino("As Ks Qs Js Ts", "Jh Jc Ad 8d 3c", rules=HouseRules(call_payout_cap=50))
    assert (s.call.profit, s.capped) == (100, 0)


def test_caribbean_shows_the_first_card_and_casino_the_last():
    assert "The dealer shows Jh." in carib(QUEENS, JACKS).steps
    assert "The dealer shows 3c." in casino(QUEENS, JACKS).steps
    assert any("Raise 2" in t for t in casino(QUEENS, JACKS).steps)


def test_profiles_differ_only_in_data():
    assert CARIBBEAN.up_card(parse_cards(JACKS)) == parse_cards("Jh")[0]
    assert CASINO.up_card(parse_cards(JACKS)) == parse_cards("3c")[0]
    assert CARIBBEAN.paytable(DEFAULT_CONFIG) is DEFAULT_CONFIG.paytable("caribbean-stud")
    assert CASINO.paytable(DEFAULT_CONFIG) is DEFAULT_CONFIG.paytable("casino-stud")
    assert CASINO.multiple(HouseRules(call_multiple=4)) == 2
    assert CARIBBEAN.multiple(HouseRules(call_multiple=4)) == 4


# --- requests -------------------------------------------------------------------------------


def ask(rule=rule_caribbean, **fields):
    request = {"player": QUEENS, "dealer": JACKS, "ante": 1, "action": "call", **fields}
    return rule(request, DEFAULT_CONFIG)


def test_fold_ruling_has_no_call_bet():
    r = ask(action="fold")
    assert r["dealer_qualifies"] is None
    assert r["bets"] == {"ante": {"stake": 1, "result": "lose", "profit": 0}}
    assert (r["outcome"], r["net"], r["returned"]) == ("fold", -1, 0)
    assert (r["player_category"], r["dealer_category"]) == ("one pair", "one pair")


@pytest.mark.parametrize("word", ["call", "raise", "CALL", " Raise "])
def test_raise_is_the_same_word_as_call(word):
    assert ask(action=word)["net"] == 3
    assert ask(rule_casino, action=word)["bets"]["call"]["stake"] == 2


@pytest.mark.parametrize("action", ["check", "", None, 1, True, ["call"], {"call": 1}])
def test_unknown_actions_are_refused(action):
    with pytest.raises(RulingError) as err:
        ask(action=action)
    assert err.value.field == "action"


@pytest.mark.parametrize(
    "ante", [0, -1, "2", 1.5, True, False, None, [1], {"a": 1}, 10**12, float("nan")]
)
def test_antes_off_the_rules_are_refused(ante):
    with pytest.raises(RulingError) as err:
        ask(ante=ante)
    assert err.value.field == "ante"


def test_ante_must_be_whole_chips_of_the_house():
    config = HouseConfig(rules=HouseRules(chip_unit=5))
    request = {"player": QUEENS, "dealer": JACKS, "ante": 3, "action": "call"}
    with pytest.raises(RulingError) as err:
        rule_caribbean(request, config)
    assert err.value.field == "ante"
    assert rule_caribbean({**request, "ante": 10}, config)["net"] == 30


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"dealer": "Qh Jc As 8d 3c"}, "dealer"),  # Qh is the player's
        ({"player": "Qh Qh 9d 6c 2h"}, "player"),
        ({"player": "Qh Qs 9d 6c"}, "player"),
        ({"dealer": "Jh Jc As 8d 3c 4c"}, "dealer"),
        ({"player": None}, "player"),
        ({"dealer": ["Jh", "Jc"]}, "dealer"),
        ({"player": "Qh Qs 9d 6c 1h"}, "player"),
    ],
)
def test_cards_off_the_rules_are_refused(fields, field):
    with pytest.raises(RulingError) as err:
        ask(**fields)
    assert err.value.field == field


@pytest.mark.parametrize("missing", ["player", "dealer", "ante", "action"])
def test_missing_fields_are_refused(missing):
    request = {"player": QUEENS, "dealer": JACKS, "ante": 1, "action": "call"}
    del request[missing]
    with pytest.raises(RulingError) as err:
        rule_casino(request, DEFAULT_CONFIG)
    assert err.value.field == missing


# --- the match ledger -----------------------------------------------------------------------


def test_a_match_of_twenty_rounds_with_a_positive_total_is_a_player_win():
    # 19 folds (-19) and one royal (+201 at Ante 1, Call 2 × 100): +182
    ledger = settle_match([MatchRound(-1)] * 19 + [MatchRound(201)])
    assert (ledger.counted, ledger.total, ledger.verdict) == (20, 182, Verdict.PLAYER_WIN)
    assert ledger.steps[-1] == "20 rounds counted: total +182, player win."


def test_a_negative_total_is_a_bank_win():
    ledger = settle_match([MatchRound(-3)] * 10 + [MatchRound(1)] * 10)
    assert (ledger.total, ledger.verdict) == (-20, Verdict.BANK_WIN)


def test_a_zero_total_is_a_draw():
    ledger = settle_match([MatchRound(3), MatchRound(-3)] * 10)
    assert (ledger.total, ledger.verdict.value) == (0, "draw")


def test_void_rounds_are_replayed_not_counted():
    # 2 void deals among 22: still 20 counted, total 20 × +1
    rounds = [MatchRound(None), *[MatchRound(1)] * 10, MatchRound(None), *[MatchRound(1)] * 10]
    ledger = settle_match(rounds)
    assert (ledger.counted, ledger.voids, ledger.total) == (20, 2, 20)
    assert ledger.rounds == tuple(rounds)
    assert "(2 void deals replayed)" in ledger.steps[-1]
    assert ledger.steps[0].startswith("Deal 1 is void")


def test_a_match_short_of_twenty_counted_rounds_is_refused():
    with pytest.raises(RulingError):
        settle_match([MatchRound(1)] * 19 + [MatchRound(None)])


def test_rounds_after_the_twentieth_are_refused():
    with pytest.raises(RulingError):
        settle_match([MatchRound(1)] * 21)
    with pytest.raises(RulingError):
        settle_match([MatchRound(1)] * 20 + [MatchRound(None)])


@pytest.mark.parametrize("net", [True, 1.5, "1"])
def test_a_round_net_must_be_whole(net):
    with pytest.raises(RulingError):
        settle_match([MatchRound(net)] + [MatchRound(1)] * 19)


def test_a_played_match_is_reproducible_and_counts_twenty():
    a = play_match(7, CARIBBEAN, void_rate=0.3)
    assert a == play_match(7, CARIBBEAN, void_rate=0.3)
    assert a.counted == MATCH_ROUNDS
    assert a.voids > 0
    counted = [r for r in a.rounds if not r.void]
    assert a.total == sum(r.settlement.net for r in counted)
    assert all(r.settlement is None for r in a.rounds if r.void)


def test_played_matches_differ_across_seeds():
    assert len({play_match(seed, CASINO).total for seed in range(10)}) > 1


def test_a_match_without_voids():
    assert play_match(1, CASINO, void_rate=0).voids == 0


@pytest.mark.parametrize("rate", [1, 1.5, -0.1, "0.1", True])
def test_a_match_needs_a_void_rate_below_one(rate):
    with pytest.raises(RulingError):
        play_match(1, CARIBBEAN, void_rate=rate)


def test_the_drill_strategy_calls_with_a_qualifying_hand():
    assert basic_action(value("Ah Kd 4c 3s 2h")) is Action.CALL
    assert basic_action(value("Ah Qd Jc 9s 8h")) is Action.FOLD


# --- dealing --------------------------------------------------------------------------------


def test_deal_is_reproducible_from_its_seed():
    assert deal(42, CARIBBEAN, positions=3) == deal(42, CARIBBEAN, positions=3)


def test_deals_differ_across_seeds():
    assert len({deal(seed, CASINO) for seed in range(20)}) == 20


def test_the_up_card_follows_the_profile():
    assert deal(3, CARIBBEAN).up_card == deal(3, CARIBBEAN).dealer[0]
    assert deal(3, CASINO).up_card == deal(3, CASINO).dealer[4]


def test_a_deal_uses_each_card_once():
    d = deal(5, CARIBBEAN, positions=7)
    cards = [c for hand in d.hands for c in hand] + list(d.dealer)
    assert len(cards) == len(set(cards)) == 40


@pytest.mark.parametrize("positions", [0, 8, True, "1"])
def test_a_table_deals_one_to_seven_players(positions):
    with pytest.raises(RulingError):
        deal(1, CARIBBEAN, positions=positions)


# --- invariants -----------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(
    st.permutations(ALL_CARDS).map(lambda cards: cards[:10]),
    st.integers(1, 10**6),
    st.sampled_from(["call", "raise", "fold"]),
    st.sampled_from([rule_caribbean, rule_casino]),
    st.one_of(st.none(), st.integers(0, 500)),
)
@pytest.mark.slow  # a fuzz run: in make test, out of the quick tier
def test_valid_requests_always_settle_and_add_up(cards, ante, action, rule, cap):
    request = {
        "player": format_cards(cards[:5]),
        "dealer": format_cards(cards[5:]),
        "ante": ante,
        "action": action,
    }
    config = HouseConfig(rules=HouseRules(call_payout_cap=cap))
    r = rule(request, config)
    stake = sum(bet["stake"] for bet in r["bets"].values())
    assert r["returned"] == stake + r["net"]
    won = sum(bet["profit"] for bet in r["bets"].values())
    lost = sum(bet["stake"] for bet in r["bets"].values() if bet["result"] == "lose")
    assert r["net"] == won - lost
    assert all(bet["profit"] == 0 for bet in r["bets"].values() if bet["result"] != "win")
    assert r["bets"]["ante"]["profit"] in (0, ante)
    if action == "fold":
        assert ("call" not in r["bets"], r["dealer_qualifies"], r["net"]) == (True, None, -ante)
    else:
        assert r["bets"]["call"]["stake"] == 2 * ante
        assert r["dealer_qualifies"] == (r["outcome"] != "no-qualify")
        if cap is not None and rule is rule_caribbean:
            assert r["bets"]["call"]["profit"] <= cap


@pytest.mark.slow  # a fuzz run (200 examples): in make test, out of the quick tier
@settings(max_examples=200, deadline=None)
@given(
    st.fixed_dictionaries(
        {},
        optional={
            "player": st.one_of(st.text(max_size=15), st.integers(), st.none()),
            "dealer": st.one_of(st.text(max_size=15), st.lists(st.text(), max_size=2)),
            "ante": st.one_of(
                st.integers(), st.floats(), st.booleans(), st.none(), st.text(max_size=3)
            ),
            "action": st.one_of(st.text(max_size=6), st.integers(), st.none()),
        },
    ),
    st.sampled_from([rule_caribbean, rule_casino]),
)
def test_odd_json_gets_a_ruling_error_never_a_crash(request, rule):
    try:
        rule(request, DEFAULT_CONFIG)
    except RulingError as err:
        assert err.field in {"player", "dealer", "ante", "action"}
