"""The house's chips and pay standard: every expected payout sums to the amount, keeps to the
standard, and no other way of paying it (all of them, enumerated for small amounts) keeps to
the standard better."""

from __future__ import annotations

import itertools
import json
import sys

import pytest
from hypothesis import Phase, example, given, note, settings
from hypothesis import strategies as st

from trainer.engine.chips import (
    DEFAULT_CHIPS,
    Chip,
    ChipSet,
    Payout,
    PayStandard,
    Standard,
    change,
    chip_set,
    colour_up,
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
        # in the bet's colours as the standard pays (least below the floor, then fewest)
        in_colours = min(
            cost(w, pay.floor)
            for w in all_ways(
                amount,
                tuple(
                    v
                    for v in chips.values
                    # the bet counted out in the fewest chips, whatever the table's floor
                    if v <= max(payout(bet, chips, PayStandard(), floor=chips.unit).chips)
                ),
            )
        )[1]
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


@pytest.mark.parametrize(
    "text, says",
    [
        ("²:1", "is not odds"),  # str.isdigit() passes "²"
        # more digits than int() reads by default (4,300): the bound, not a ValueError
        ("1" * 5000, "neither part may be above 1,000,000"),
        ("5:" + "9" * 5000, "neither part may be above 1,000,000"),
        ("x" * 5000, "is not odds"),
    ],
)
def test_odds_out_of_bounds_or_in_other_digits_are_refused_in_words(text, says):
    from trainer.engine.paytables import Odds, PaytableError

    with pytest.raises(PaytableError, match=says) as refused:
        Odds.parse(text)
    assert len(str(refused.value)) < 200  # what was written is shown shortened


def test_odds_with_leading_zeros_are_read_whatever_their_length():
    from trainer.engine.paytables import Odds

    assert Odds.parse("0" * 5000 + "5:0002") == Odds(5, 2)


@pytest.mark.slow
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


# -- grading against the rulebook, and the points it left open -------------------------------

#: the reported set where the largest-first count is not the fewest: 6 is 3 + 3, not 4 + 1 + 1
ODD = chip_set("1 white #f2f2f2; 3 pink #f48fb1; 4 blue #1565c0; 12 gold #fdd835")


def test_change_gives_back_the_chips_the_bet_does_not_need_untouched():
    # The reported case: a bet of 2 made with three 4s (12). One 4 covers the bet and breaks
    # into 4 - 2 = 2, in chips below 4 only as two 1s; the two other 4s go back untouched:
    # 2 blue + 2 white (10, 4 chips). Three 3s and a 1 are also 10 in 4 chips, and used to be
    # graded right, but they change chips the bet did not need.
    pay = change(4, 3, 2, ODD)
    assert pay.chips == {4: 2, 1: 2}
    assert judge(pay, {4: 2, 1: 2}, ODD).right
    verdict = judge(pay, {3: 3, 1: 1}, ODD)
    assert not verdict.right and verdict.amount_right
    assert "(the 2 blue the bet does not need go back untouched)" in verdict.reason


def test_a_bet_is_counted_in_the_fewest_chips_not_with_the_tables_floor():
    # The reported case in the engine: chips 1/3/4/15/40/100/500, floors 1, 3, 4, colour up
    # above 8. At a level-3 table (floor 4) an Ante of 105 is 1 black + 1 blue + 1 white in the
    # fewest chips (black its largest), so 630 on it is 6 black + 2 green (8 chips). Counted
    # with the floor, 105 was 7 green, and 630 in green (42 chips) was coloured up.
    seven = chip_set(
        "1 white #f2f2f2; 3 pink #f48fb1; 4 blue #1565c0; 15 green #2e7d32; "
        "40 yellow #fdd835; 100 black #212121; 500 purple #6a1b9a"
    )
    standard = PayStandard(Standard.BET_COLOURS, colour_up_at=8, floors=(1, 3, 4))
    pay = payout(630, seven, standard, level=3, bet=105)
    assert (pay.top, pay.rule, pay.chips) == (100, "bet colours", {100: 6, 15: 2})
    assert judge(pay, {100: 6, 15: 2}, seven).right


def test_of_several_fewest_counts_of_a_bet_the_one_with_the_largest_chip_sets_its_colours():
    # 9 is three chips two ways: 4 + 4 + 1 and 3 + 3 + 3. Blue, the larger chip, sets the
    # colours: 18 paid on it is 3 blue + 2 pink (5 chips); 6 pink keeps to the colours, but
    # is 6 chips: wrong. Gold (12) is above the bet's colours.
    pay = payout(18, ODD, PayStandard(Standard.BET_COLOURS), bet=9)
    assert (pay.top, pay.chips) == (4, {4: 3, 3: 2})
    assert not judge(pay, {3: 6}, ODD).right
    assert not judge(pay, {12: 1, 3: 2}, ODD).right


EVERYDAY = ["white", "red", "green", "black"]


@pytest.mark.parametrize(
    ("unit", "values", "names"),
    [
        # no common chip above 3 or 7 is a multiple of it: the four everyday chips, scaled
        (3, (3, 15, 75, 300), EVERYDAY),
        (7, (7, 35, 175, 700), EVERYDAY),
        # 1,000 alone is a multiple of 200: two chips are too few, so scaled as well
        (200, (200, 1_000, 5_000, 20_000), EVERYDAY),
        # three or more kept: the common chips that are multiples of the unit, over a white
        (250, (250, 500, 1_000), ["white", "purple", "orange"]),
    ],
)
def test_the_common_set_at_a_unit_with_few_common_multiples_is_scaled(unit, values, names):
    chips = chip_set(default_chips(unit))
    assert (chips.values, [c.name for c in chips.chips]) == (values, names)


def test_smallest_floors_on_a_two_chip_set_are_its_small_then_its_big_chip():
    # 1 white and 5 red: a $5 table pays down to white, the $25 and $100 tables down to red;
    # 37 there is 7 red + 2 white (white only for the 2 red cannot make)
    two = chip_set("1 white #f2f2f2; 5 red #c62828")
    standard = PayStandard()
    assert [standard.floor(two, level) for level in (1, 2, 3)] == [1, 5, 5]
    assert payout(37, two, standard, level=3).chips == {5: 7, 1: 2}
    # a question's snapshot writes them out, and they read back as floors the house may have
    from trainer.engine.house import HouseRules

    snapshot = HouseRules(chips=two.text()).worked_out()
    assert snapshot.payout_floors == "1, 5, 5"
    assert snapshot.pay.floors == (1, 5, 5)


def test_a_bet_whose_chips_are_all_below_the_floor_is_paid_in_its_colours_in_the_fewest():
    # Floors 1, 5, 100: a $100 table pays nothing below black but the odd part. A bet of 75 is
    # 3 green, all below black: its colours stand (nothing above green) and, no chip of them
    # reaching the floor, 150 is paid in the fewest of them: 6 green, not 1 black + 2 green.
    standard = PayStandard(Standard.BET_COLOURS, floors=(1, 5, 100))
    pay = payout(150, COMMON, standard, level=3, bet=75)
    assert (pay.top, pay.chips) == (25, {25: 6})
    assert judge(pay, {25: 6}, COMMON).right
    assert not judge(pay, {100: 1, 25: 2}, COMMON).right
    assert not judge(pay, {25: 5, 5: 5}, COMMON).right


@pytest.mark.parametrize(
    ("first", "second", "alike"),
    [
        # red #c62828 and a lighter red #e53935: √(31² + 17² + 13²) ≈ 37.7 apart
        ("#c62828", "#e53935", True),
        # the edge: black and #3b0000 are 59 apart, #3c0000 is 60
        ("#000000", "#3b0000", True),
        ("#000000", "#3c0000", False),
        # red and orange #ef6c00, the closest pair of the common set: √(41² + 68² + 40²) ≈ 88.9
        ("#c62828", "#ef6c00", False),
    ],
)
def test_two_colours_are_too_alike_when_under_60_apart_in_rgb(first, second, alike):
    text = f"1 plain {first}; 5 other {second}"
    if alike:
        with pytest.raises(EngineError, match="too alike in colour"):
            chip_set(text)
    else:
        assert chip_set(text).values == (1, 5)


# -- the stored answer is right, and changing its chips is right only where the rulebook
# allows (an oracle of its own: every way of paying, enumerated) -------------------------------

#: colours at least 88 apart, and names, for the chip sets drawn below
PALETTE = ("#f2f2f2", "#c62828", "#2e7d32", "#212121", "#6a1b9a", "#ef6c00", "#1565c0")
NAMES = ("white", "red", "green", "black", "purple", "orange", "blue")


@st.composite
def drawn_sets(draw) -> ChipSet:
    """Two to five chips of small values, a unit of 1, 2 or 5: awkward sets (1/3/4, 1/10/25)
    as often as chains."""
    unit = draw(st.sampled_from((1, 2, 5)))
    others = draw(st.lists(st.integers(2, 12), min_size=2, max_size=4, unique=True))
    values = [unit, *(unit * m for m in sorted(others))]
    return ChipSet(tuple(Chip(v, NAMES[i], PALETTE[i]) for i, v in enumerate(values)))


#: drawn sets, and the awkward sets the issue found wrong answers with
chip_sets = st.one_of(st.sampled_from((ODD, AWKWARD)), drawn_sets())


def weight(counts, floor):
    """What the rulebook weighs: value paid below the floor, then the number of chips."""
    return (sum(v * n for v, n in counts.items() if v < floor), sum(counts.values()))


def best_of(amount, values, floor):
    return min(weight(w, floor) for w in all_ways(amount, tuple(values)))


def payout_oracle(amount, chips, standard, level, bet):
    """The rulebook's test of a payout answer, worked out from every way of paying."""
    values = chips.values
    floors = standard.floors or tuple(values[min(i, len(values) - 1)] for i in range(3))
    floor = floors[level - 1]
    allowed = values
    if standard.standard is Standard.BET_COLOURS and bet:
        # the bet counted out in the fewest chips, of several such counts the largest chip
        ways = list(all_ways(bet, values))
        least = min(sum(w.values()) for w in ways)
        top = max(max(w) for w in ways if sum(w.values()) == least)
        capped = tuple(v for v in values if v <= top)
        if best_of(amount, capped, floor)[1] <= standard.colour_up_at:
            allowed = capped
    best = best_of(amount, allowed, floor)

    def right(answer):
        return (
            total(answer) == amount
            and all(v in allowed for v in answer)
            and weight(answer, floor) == best
        )

    return right


def change_oracle(value, count, bet, chips):
    """Untouched chips back, the one broken changed into the fewest smaller chips."""
    broken = -(-bet // value)
    rest = broken * value - bet
    smaller = tuple(v for v in chips.values if v < value)
    least = min(sum(w.values()) for w in all_ways(rest, smaller))

    def right(answer):
        change_part = {v: n for v, n in answer.items() if v != value}
        return (
            total(answer) == value * count - bet
            and answer.get(value, 0) == count - broken
            and all(v in smaller for v in change_part)
            and sum(change_part.values()) == least
        )

    return right


def same_total_and_count(counts, values):
    """Every other answer of the same total in as many chips: the mutants the grader must
    tell apart only by which chips they are."""
    n = sum(counts.values())
    return [w for w in all_ways(total(counts), values) if sum(w.values()) == n and w != counts]


def stored(pay: Payout) -> Payout:
    """The payout as a question stores it and reads it back."""
    return Payout.of_json(json.loads(json.dumps(pay.as_json())))


def graded_as_the_oracle_says(pay: Payout, right, chips: ChipSet) -> int:
    """The stored chips are right, and each other answer of the same total and count is right
    just when the oracle `right` says so; how many of those were wrong."""
    pay = stored(pay)
    assert right(pay.chips) and judge(pay, pay.chips, chips).right, pay
    wrong = 0
    for mutant in same_total_and_count(pay.chips, chips.values):
        verdict = judge(pay, mutant, chips).right
        assert verdict == right(mutant), (pay, mutant)
        wrong += not verdict
    return wrong


# no shrinking: a failing example is shown as found (shrinking one takes minutes here)
@settings(max_examples=60, derandomize=True, deadline=None, phases=(Phase.explicit, Phase.generate))
@given(
    chips=chip_sets,
    amount=st.integers(8, 40),
    bet=st.integers(1, 15),
    floors=st.lists(st.integers(0, 4), max_size=3),
    colour_up_at=st.integers(1, 12),
    handed=st.integers(1, 4),
    count=st.integers(2, 3),
    taken=st.integers(0, 99),
)
# a bet of 2 made with three 4s is two 4s back and two 1s, not three 3s and a 1
@example(chips=ODD, amount=8, bet=1, floors=[], colour_up_at=1, handed=2, count=3, taken=0)
def test_the_stored_answer_is_right_and_other_chips_are_right_only_as_the_rulebook_says(
    chips: ChipSet, amount, bet, floors, colour_up_at, handed, count, taken
):
    """Each drill's stored chips for a drawn set, in amounts of its chip unit: a payout under
    both standards at the three table levels, the change of `count` chips, a pile coloured
    up."""
    unit, values = chips.unit, chips.values
    amount, bet = amount * unit, bet * unit
    floors = tuple(sorted(values[min(i, len(values) - 1)] for i in floors))
    floors = floors if len(floors) == 3 else ()
    wrong = 0
    for standard in Standard:
        pays = PayStandard(standard, colour_up_at, floors)
        for level in (1, 2, 3):
            right = payout_oracle(amount, chips, pays, level, bet)
            pay = payout(amount, chips, pays, level=level, bet=bet)
            wrong += graded_as_the_oracle_says(pay, right, chips)
    value = values[min(handed, len(values) - 1)]
    taken = (1 + taken % (value * count // unit - 1)) * unit
    pay = change(value, count, taken, chips)
    wrong += graded_as_the_oracle_says(pay, change_oracle(value, count, taken, chips), chips)
    up = payout_oracle(amount, chips, PayStandard(floors=(unit,) * 3), 1, None)
    wrong += graded_as_the_oracle_says(colour_up(amount, chips), up, chips)
    note(f"{values}: {wrong} answers of the right total and count graded wrong")


@settings(max_examples=40, derandomize=True, deadline=None, phases=(Phase.explicit, Phase.generate))
@given(chips=chip_sets, units=st.integers(1, 15), floor_at=st.integers(0, 4))
# 6 in 1/3/4/12 is 3 + 3 in the fewest chips; with a floor of 4 it was counted 4 + 1 + 1
@example(chips=ODD, units=6, floor_at=2)
def test_a_bets_colours_are_its_fewest_count_whatever_the_tables_floor(chips, units, floor_at):
    # of the fewest counts of the bet, the largest chip any of them holds: never the floor's
    bet = units * chips.unit
    floor = chips.values[min(floor_at, len(chips.values) - 1)]
    ways = list(all_ways(bet, chips.values))
    least = min(sum(w.values()) for w in ways)
    top = max(max(w) for w in ways if sum(w.values()) == least)
    never_up = PayStandard(Standard.BET_COLOURS, colour_up_at=1_000)
    assert payout(bet, chips, never_up, floor=floor, bet=bet).top == top
