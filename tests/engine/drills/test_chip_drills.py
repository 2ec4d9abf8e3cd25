"""Drills in chips, colour up and make change: graded on the amount and the house's chips."""

from __future__ import annotations

from trainer.engine.chips import Payout, change, judge
from trainer.engine.drills import REGISTRY, grade, parse_answer
from trainer.engine.house import DEFAULT_CONFIG, HouseConfig, HouseRules
from trainer.engine.kit.answers import chip_verdict

MS = REGISTRY["ms-pay"]
BET_COLOURS = HouseConfig(rules=HouseRules(pay_standard="bet-colours", colour_up_at=10))


def first(slug, outcome, *, config=DEFAULT_CONFIG, level=1):
    """The first seed whose question of `slug` settles seat 1 as `outcome`."""
    for seed in range(400):
        q = REGISTRY[slug].generate(seed, level, config, in_chips=True)
        if q.expected.get("p1.outcome") == outcome:
            return q
    raise AssertionError(f"no {outcome} in 400 seeds")


def test_a_win_in_chips_expects_the_house_standard_chips():
    q = first("ms-pay", "win")
    pay = Payout.of_json(q.expected["p1.amount"])
    plain = MS.generate(q.seed, 1, DEFAULT_CONFIG)
    assert pay.amount == plain.expected["p1.amount"] and pay.rule == "fewest"
    assert sum(v * n for v, n in pay.chips.items()) == pay.amount


def test_a_loss_in_chips_is_taken_with_nothing_to_build():
    # "Lose" with no chips was marked wrong ("The chips come to 0; the
    # amount is 35"); a dealer takes a losing bet: there is nothing to put out
    q = first("ms-pay", "lose")
    stake = MS.generate(q.seed, 1, DEFAULT_CONFIG).expected["p1.amount"]  # the stake lost
    assert Payout.of_json(q.expected["p1.amount"]).rule == "taken"
    nothing = parse_answer(q.fields, {"p1.outcome": "lose", "p1.amount": {}})
    assert grade(q.fields, q.expected, nothing) == {"p1.outcome": True, "p1.amount": True}
    built = parse_answer(q.fields, {"p1.outcome": "lose", "p1.amount": {"1": str(stake)}})
    assert not grade(q.fields, q.expected, built)["p1.amount"]
    verdict = chip_verdict(q.fields[1], q.expected, built)
    assert verdict.reason == (
        f"the bet is lost: the dealer takes it and pays nothing, and you put out {stake}"
    )


def test_a_loss_dealt_before_bets_were_taken_is_graded_as_it_was_dealt():
    # such a question stored the lost stake, to be taken in any chips: it stays so
    old = Payout(35, {}, 0, None, "amount")
    assert judge(old, {5: 7}, DEFAULT_CONFIG.rules.chip_set).right
    assert not judge(old, {}, DEFAULT_CONFIG.rules.chip_set).right


def test_a_chips_field_says_a_lost_bet_needs_no_chips():
    from trainer.engine.drills.spots import meaning

    q = first("ms-pay", "lose")
    said = meaning(q.fields[1], q.fields)
    assert (
        said is not None and "no chips on a loss or a fold (the dealer takes the bet)" in said.text
    )


def test_a_pot_share_offers_no_chip_above_the_pot():
    # a $5 table splitting a pot of 15 offered the 500 and 1,000 chips
    split = REGISTRY["mg-split"]
    for seed in range(20):
        q = split.generate(seed, 1, DEFAULT_CONFIG, in_chips=True)
        pot = q.table["pot"]
        for f in q.fields:
            if f.kind == "chips":
                offered = [int(v) for v, _ in f.choices]
                assert offered and max(offered) <= pot, (seed, pot, offered)
                assert min(offered) == DEFAULT_CONFIG.rules.chip_set.values[0]


def test_a_payout_in_the_wrong_chips_says_why():
    q = first("ms-pay", "win")
    pay = Payout.of_json(q.expected["p1.amount"])
    answer = parse_answer(q.fields, {"p1.outcome": "win", "p1.amount": {"1": str(pay.amount)}})
    marks = grade(q.fields, q.expected, answer)
    assert marks == {"p1.outcome": True, "p1.amount": pay.chips == {1: pay.amount}}
    verdict = chip_verdict(q.fields[1], q.expected, answer)
    if not verdict.right:
        assert verdict.reason.startswith("right amount; the house standard pays")
        assert f"you used {pay.amount} white" in verdict.reason


def test_bet_colours_pay_a_whole_position_in_its_largest_bets_colours():
    q = first("ms-pay", "win", config=BET_COLOURS)
    pay = Payout.of_json(q.expected["p1.amount"])
    [position] = q.table["positions"]
    assert pay.bet == max(position["bets"].values())
    assert pay.top is not None or pay.rule == "coloured up"


def test_a_mississippi_position_is_paid_in_its_street_bets_black_not_the_antes_green():
    # seed 0, level 2, Ante 35 (1 green + 2 red); seat 1 bets 35, 105 and 70 on the streets
    # and wins 1 to 1 on T = 245. Its largest bet, 105, is 1 black + 1 red: 245 is paid up to
    # black, 2 black + 1 green + 4 red (a $25 table's floor is red). In the Ante's colours it
    # would be 9 green + 4 red, with no black, although a black is in the position's bets.
    config = HouseConfig(rules=HouseRules(pay_standard="bet-colours"))
    q = MS.generate(0, 2, config, in_chips=True, stakes={"ante": 35})
    seat = next(p for p in q.table["positions"] if p["seat"] == "1")
    assert seat["bets"] == {"ante": 35, "3rd": 35, "4th": 105, "5th": 70}
    pay = Payout.of_json(q.expected["p1.amount"])
    assert (pay.amount, pay.bet, pay.top) == (245, 105, 100)
    chips = config.rules.chip_set
    assert judge(pay, {100: 2, 25: 1, 5: 4}, chips).right
    assert not judge(pay, {25: 9, 5: 4}, chips).right


def test_regrading_in_chips_gives_the_same_answer():
    q = first("ms-pay", "win")
    assert MS.answer(q.request, 1, DEFAULT_CONFIG, table=q.table, in_chips=True) == (
        q.fields,
        q.expected,
        q.steps,
    )


def test_colour_up_wants_the_fewest_chips():
    q = REGISTRY["colour-up"].generate(4, 1, DEFAULT_CONFIG)
    # 10 red and 8 white: 58 is 2 green + 1 red + 3 white
    assert q.table["pile"] == {"5": 10, "1": 8}
    right = parse_answer(q.fields, {"chips": {"25": "2", "5": "1", "1": "3"}})
    wrong = parse_answer(q.fields, {"chips": {"5": "11", "1": "3"}})
    assert grade(q.fields, q.expected, right) == {"chips": True}
    assert grade(q.fields, q.expected, wrong) == {"chips": False}
    assert chip_verdict(q.fields[0], q.expected, wrong).reason == (
        "right amount; 58 colours up into 2 green + 1 red + 3 white, you used 11 red + 3 white"
    )


def test_make_change_comes_in_chips_below_the_one_handed_in():
    q = REGISTRY["make-change"].generate(2, 3, DEFAULT_CONFIG)
    # a bet of 24 from 2 green: one green goes back, the other is changed: 25 - 24 = 1 white
    assert q.request == {"handed": {"25": 2}, "bet": 24}
    right = parse_answer(q.fields, {"chips": {"25": "1", "1": "1"}})
    assert chip_verdict(q.fields[0], q.expected, right).right
    wrong = parse_answer(q.fields, {"chips": {"100": "0", "5": "5", "1": "1"}})
    verdict = chip_verdict(q.fields[0], q.expected, wrong)
    assert not verdict.right and verdict.reason == (
        "right amount; the change of 26 is 1 green + 1 white "
        "(the 1 green the bet does not need goes back untouched), you used 5 red + 1 white"
    )


def test_make_change_gives_back_the_chips_the_bet_does_not_need():
    q = REGISTRY["make-change"].generate(6, 3, DEFAULT_CONFIG)
    # a bet of 5 with 3 green (75): one green covers it and breaks into 25 - 5 = 20 (4 red);
    # the other two green go back untouched, as a dealer does
    assert q.request == {"handed": {"25": 3}, "bet": 5}
    dealer = parse_answer(q.fields, {"chips": {"25": "2", "5": "4"}})
    assert chip_verdict(q.fields[0], q.expected, dealer).right
    all_red = parse_answer(q.fields, {"chips": {"5": "14"}})
    verdict = chip_verdict(q.fields[0], q.expected, all_red)
    assert not verdict.right
    assert verdict.reason == (
        "right amount; the change of 70 is 2 green + 4 red "
        "(the 2 green the bet does not need go back untouched), you used 14 red"
    )
    assert any("give back the other 2 green untouched" in step for step in q.steps)


def test_change_above_the_chip_handed_in_is_named_in_words():
    # a bet of 100 with 4 purple (2,000): 3 purple back, the fourth is 4 black; 1,900 paid
    # with an orange (1,000) is the right amount in a chip above the purple handed in
    chips = DEFAULT_CONFIG.rules.chip_set
    pay = change(500, 4, 100, chips)
    assert pay.chips == {500: 3, 100: 4}
    verdict = judge(pay, {1000: 1, 500: 1, 100: 4}, chips)
    assert not verdict.right
    assert verdict.reason == (
        "right amount; the change of 1,900 is 3 purple + 4 black "
        "(no chip above the purple handed in), you used 1 orange + 1 purple + 4 black"
    )


def test_a_chip_count_that_is_no_number_is_refused_in_words():
    q = REGISTRY["colour-up"].generate(4, 1, DEFAULT_CONFIG)
    try:
        parse_answer(q.fields, {"chips": {"25": "two"}})
    except Exception as exc:  # AnswerError
        assert "whole number" in str(exc)
    else:
        raise AssertionError("a count in words was accepted")


def own_bet(table, name):
    """The bet a payout field is paid on, as the rulebook says, read here without `bet_for`:
    the position its name's seat names ("p3.") or the table's lone position; in its bets the
    one the name names ("call", "3rd"), else (the whole position, "p1.amount") the largest."""
    seat, _, rest = name.partition(".")
    positions = table.get("positions", [])
    if seat[:1] == "p" and seat[1:].isdigit():
        position = next(p for p in positions if p["seat"] == seat[1:])
    elif len(positions) == 1:
        [position], rest = positions, name
    else:
        return None  # a pot's share
    bets = position["bets"]
    named = [bets[part] for part in rest.split(".") if part in bets]
    return named[-1] if named else max(bets.values())


def test_bet_colours_pay_each_field_on_its_own_bet_at_every_level():
    """Every payout keeps to the colours of the bet it is paid on, found one way at a table of
    one position as at a table of several: the Call of a lone Caribbean player on the Call
    (once on the Ante), a spot on its street bet, a whole position on its largest bet."""
    seen = set()
    for slug, kind in REGISTRY.items():
        if not kind.pays:
            continue
        for level in range(1, len(kind.levels) + 1):
            for seed in range(6):
                q = kind.generate(seed, level, BET_COLOURS, in_chips=True)
                for f in q.fields:
                    bet = own_bet(q.table, f.name)
                    if f.kind != "chips" or q.expected[f.name]["rule"] == "taken" or not bet:
                        continue
                    pay = Payout.of_json(q.expected[f.name])
                    assert pay.bet == bet and pay.rule in ("bet colours", "coloured up"), (
                        slug,
                        level,
                        seed,
                        f.name,
                    )
                    seen.add(slug)
    assert {"ms-pay", "cs-settle", "csp-settle"} <= seen


def test_a_caribbean_call_paid_in_the_call_bets_colours():
    # seed 1, level 3: seat 3 calls 250 on an Ante of 125 and wins 500 on the call (a pair
    # pays 1 to 1). A 250 bet is 2 black + 2 green, so in its colours 500 is 5 black, not the
    # 1 purple the fewest-chips standard would pay.
    q = REGISTRY["cs-settle"].generate(1, 3, BET_COLOURS, in_chips=True)
    pay = Payout.of_json(q.expected["p3.call.amount"])
    assert (pay.amount, pay.bet, pay.rule) == (500, 250, "bet colours")
    chips = BET_COLOURS.rules.chip_set
    assert judge(pay, {100: 5}, chips).right
    assert not judge(pay, {500: 1}, chips).right


def test_a_lone_caribbean_callers_call_is_paid_in_the_calls_colours():
    # The reported case: call multiple 5, seed 7, level 1. Ante 5 (1 red), Call 25 (1 green);
    # the dealer qualifies and loses, the Call wins 1 to 1: 25. In the Call's own colours 25 is
    # 1 green; the product used to pay it in the Ante's colours, 5 red, and refuse 1 green.
    config = HouseConfig(rules=HouseRules(pay_standard="bet-colours", call_multiple=5))
    q = REGISTRY["cs-settle"].generate(7, 1, config, in_chips=True)
    assert (q.table["ante"], q.table["call"]) == (5, 25)
    pay = Payout.of_json(q.expected["call.amount"])
    assert (pay.amount, pay.bet, pay.chips) == (25, 25, {25: 1})
    chips = config.rules.chip_set
    assert judge(pay, {25: 1}, chips).right
    assert not judge(pay, {5: 5}, chips).right
    # the Ante keeps its own colours: 5 on a 5 bet is 1 red
    assert Payout.of_json(q.expected["ante.amount"]).bet == 5


#: the reported house: chips whose fewest count is not the largest-first count (1/3/4)
SEVEN = (
    "1 white #f2f2f2; 3 pink #f48fb1; 4 blue #1565c0; 15 green #2e7d32; 40 yellow #fdd835; "
    "100 black #212121; 500 purple #6a1b9a"
)


def test_a_bet_is_counted_out_in_the_fewest_chips_whatever_the_tables_floor():
    # The reported case: colour up above 8 chips, floors 1, 3, 4; Mississippi Stud level 3
    # (floor 4), seed 2, Ante 105; seat 3 wins 6 to 1 (a flush): its Ante spot pays 630.
    # 105 in the fewest chips is 1 black + 1 blue + 1 white (3 chips), black the largest;
    # 630 up to black is 6 black + 2 green (8 chips, not above 8): paid in the bet's colours.
    # The product counted 105 with the floor (7 green: nothing below 4), coloured 630 up into
    # 1 purple + 1 black + 2 green and refused 6 black + 2 green.
    rules = HouseRules(
        pay_standard="bet-colours", colour_up_at=8, chips=SEVEN, payout_floors="1, 3, 4"
    )
    q = MS.generate(2, 3, HouseConfig(rules=rules), in_chips=True, stakes={"ante": 105})
    pay = Payout.of_json(q.expected["p3.spot.ante"])
    assert (pay.amount, pay.bet, pay.rule, pay.top) == (630, 105, "bet colours", 100)
    assert pay.chips == {100: 6, 15: 2}
    assert judge(pay, {100: 6, 15: 2}, rules.chip_set).right
