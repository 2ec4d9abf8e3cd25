"""The house's chips and pay standard: every expected payout sums to the amount, keeps to the
standard, and no other way of paying it (all of them, enumerated for small amounts) keeps to
the standard better."""

from __future__ import annotations

import itertools
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine.chips import (
    DEFAULT_CHIPS,
    ChipSet,
    PayStandard,
    Standard,
    chip_set,
    cost,
    default_chips,
    judge,
    payout,
)
from trainer.engine.errors import EngineError

COMMON = chip_set(DEFAULT_CHIPS)
#: a set where the largest-first habit is not the fewest: 30 is 3 × 10, not 25 + 5 × 1
AWKWARD = chip_set("1 white #f2f2f2\n10 blue #1565c0\n25 green #2e7d32")
SETS = (COMMON, AWKWARD, chip_set(default_chips(5)))


def all_ways(amount: int, values: tuple[int, ...]):
    """Every way of making `amount` from `values` (value -> count)."""
    if not values:
        if amount == 0:
            yield {}
        return
    top, rest = values[-1], values[:-1]
    for n in range(amount // top + 1):
        for way in all_ways(amount - n * top, rest):
            yield {**way, top: n} if n else way


def total(counts) -> int:
    return sum(v * n for v, n in counts.items())


def test_fewest_chips_for_35_is_one_green_two_red():
    assert payout(35, COMMON, PayStandard()).chips == {25: 1, 5: 2}


def test_awkward_set_pays_30_in_three_blue_not_green_and_white():
    assert payout(30, AWKWARD, PayStandard()).chips == {10: 3}


def test_bet_colours_pay_a_red_bet_in_red_until_colour_up():
    standard = PayStandard(Standard.BET_COLOURS, colour_up_at=10)
    assert payout(35, COMMON, standard, bet=5).chips == {5: 7}
    # 75 in red is 15 chips, more than 10: coloured up
    up = payout(75, COMMON, standard, bet=5)
    assert up.chips == {25: 3} and up.rule == "coloured up"


def test_floor_keeps_white_to_the_odd_part():
    # a $25 table pays nothing smaller than red but the 2 that red cannot make
    assert payout(37, COMMON, PayStandard(), level=2).chips == {25: 1, 5: 2, 1: 2}


def test_large_amount_is_quick_and_exact():
    huge = 10**15 + 37
    chips = payout(huge, COMMON, PayStandard()).chips
    assert total(chips) == huge
    assert chips[1000] == 10**12 and chips[1] == 2


def test_wrong_chips_give_the_reason_in_words():
    verdict = judge(payout(35, COMMON, PayStandard()), {5: 7}, COMMON)
    assert not verdict.right and verdict.amount_right
    assert verdict.reason == (
        "right amount; the house standard pays 35 as 1 green + 2 red, you used 7 red"
    )


def test_chips_above_the_bets_colours_are_wrong():
    standard = PayStandard(Standard.BET_COLOURS)
    verdict = judge(payout(35, COMMON, standard, bet=5), {25: 1, 5: 2}, COMMON)
    assert not verdict.right and "nothing above red" in verdict.reason


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "at least two chips"),
        ("5 red #c62828", "at least two chips"),
        ("5 red #c62828\n5 blue #1565c0", "Two chips are worth 5"),
        ("1 white #f2f2f2\n5 white #c62828", "Two chips are called white"),
        ("2 white #f2f2f2\n5 red #c62828", "not a whole number of the smallest chip"),
        ("1 red #c62828\n5 red-ish #c72929", "too alike in colour"),
        ("1 white", "value, name and colour"),
    ],
)
def test_bad_chip_sets_are_refused_with_the_reason(text, message):
    with pytest.raises(EngineError, match=message):
        chip_set(text)


def test_floors_must_be_chips_of_the_house_and_not_fall():
    with pytest.raises(EngineError, match="not one of the house's chips"):
        PayStandard(floors=(1, 5, 20)).check(COMMON)
    with pytest.raises(EngineError, match="cannot pay in smaller chips"):
        PayStandard(floors=(5, 1, 25)).check(COMMON)


standards = st.builds(
    PayStandard,
    standard=st.sampled_from(list(Standard)),
    colour_up_at=st.integers(1, 30),
)


@settings(max_examples=300, deadline=None)
@given(
    chips=st.sampled_from(SETS),
    units=st.integers(0, 60),
    standard=standards,
    level=st.integers(1, 3),
    bet_units=st.integers(1, 12),
)
def test_expected_chips_sum_keep_to_the_standard_and_none_do_better(
    chips: ChipSet, units, standard, level, bet_units
):
    amount, bet = units * chips.unit, bet_units * chips.unit
    pay = payout(amount, chips, standard, level=level, bet=bet)
    assert total(pay.chips) == amount
    assert judge(pay, pay.chips, chips).right
    allowed = [v for v in chips.values if pay.top is None or v <= pay.top]
    assert all(v in allowed for v in pay.chips)
    if pay.rule == "coloured up":
        assert standard.standard is Standard.BET_COLOURS
        in_colours = min(
            sum(w.values())
            for w in all_ways(
                amount,
                tuple(
                    v
                    for v in chips.values
                    if v <= max(payout(bet, chips, PayStandard(), floor=pay.floor).chips)
                ),
            )
        )
        assert in_colours > standard.colour_up_at
    elif pay.rule == "bet colours":
        assert sum(pay.chips.values()) <= standard.colour_up_at
    best = cost(pay.chips, pay.floor)
    for way in all_ways(amount, tuple(allowed)):
        assert cost(way, pay.floor) >= best
        if cost(way, pay.floor) > best:
            assert not judge(pay, way, chips).right


@settings(max_examples=50, deadline=None)
@given(units=st.integers(0, 40), extra=st.integers(1, 40))
def test_an_answer_with_the_wrong_total_is_wrong_whatever_the_chips(units, extra):
    pay = payout(units * 5, COMMON, PayStandard())
    verdict = judge(pay, {**pay.chips, 1: pay.chips.get(1, 0) + extra}, COMMON)
    assert not verdict.right and not verdict.amount_right


def test_every_way_of_paying_is_enumerated():
    # 10 in 1s and 5s: 10 × 1, 5 × 1 + 1 × 5, 2 × 5
    assert len(list(all_ways(10, (1, 5)))) == 3
    assert sum(1 for _ in itertools.islice(all_ways(25, (1, 5, 25)), 100)) == 7


@pytest.mark.parametrize("text", ["1, 5, ²", "1, ٥, 25"])
def test_floors_in_other_digits_are_refused_in_words(text):
    # str.isdigit() passes "²" and "٥": the one int() refuses, the other it reads as 5
    from trainer.engine.chips import floors_of

    with pytest.raises(EngineError, match="Write the smallest payout chips as numbers"):
        floors_of(text)


def test_odds_in_other_digits_are_refused_in_words():
    from trainer.engine.paytables import Odds, PaytableError

    with pytest.raises(PaytableError, match="is not odds"):
        Odds.parse("²:1")


def test_the_search_tables_kept_are_few_and_a_byte_an_amount():
    # a set crafted near MAX_SEARCH: its search bound is 193,644 units (the sum over each chip
    # d below 10,760 of (lcm(d, 10,760)/d - 1) d), once held as ~20 MB of Python tuples
    from trainer.engine.chips import CACHED_TABLES, last_chips

    values = (1, 2, 3, 4, 5, 6, 7, 8, 10760)
    table = last_chips(values, 1)
    assert len(table) == 193_644 + 10_760 + 1
    assert sys.getsizeof(table) < len(table) + 1_000  # a byte an amount
    assert last_chips.cache_info().maxsize == CACHED_TABLES <= 16
    # the chip each amount ends with (ties to the larger): 10,767 is 10,760 and then 7
    assert values[table[10_767]] == 10_760 and values[table[7]] == 7
