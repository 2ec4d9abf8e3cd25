"""Hand values: published counts, an independent evaluator, invariants, and the rulebook."""

import hashlib
import itertools
import random
from collections import Counter

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.engine import (
    ALL_CARDS,
    DISTINCT_STRENGTHS,
    CardError,
    Category,
    best_five,
    card,
    evaluate_exposed,
    evaluate_five,
    hand_value,
    parse_cards,
    two_card_high,
    two_card_low,
)


def value(text):
    return evaluate_five(parse_cards(text))


# The published counts of the 2,598,960 five-card hands (e.g. Wikipedia, "Poker probability").
PUBLISHED_COUNTS = {
    Category.ROYAL_FLUSH: 4,
    Category.STRAIGHT_FLUSH: 36,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108,
    Category.STRAIGHT: 10_200,
    Category.THREE_OF_A_KIND: 54_912,
    Category.TWO_PAIR: 123_552,
    Category.ONE_PAIR: 1_098_240,
    Category.HIGH_CARD: 1_302_540,
}


# --- the full order of the 2,598,960 hands, as a fingerprint (as pokerkit's tests do) ---------

DECK = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
HANDS = 2_598_960

# The fingerprint of the order below, computed once (2026-11-30) from this engine's
# evaluate_five and, independently, from treys 0.1.8's public Evaluator().evaluate (1 best ..
# 7462 worst, negated): both gave this digest, and test_treys_orders_the_hands_the_same_way
# recomputes treys' side.  An evaluator change that moves any hand past another, or splits or
# merges a tie, changes it; one that only renumbers the strengths does not.
ORDER_FINGERPRINT = "c824822aaf97778c0d953101dd4272d0dc41a680f70ea7baec4393a66a4feed7"


def order_fingerprint(strength_of) -> tuple[int, str]:
    """Sort every five-card hand of DECK by `strength_of` (a function of five DECK indices;
    larger is stronger), weakest first, ties in the order itertools.combinations deals them,
    and write each hand as "<" (stronger than the hand before it) or "=" (tied with it) and its
    ten characters: "<2c3c4c5c7d=2c3c4c5c7h=...=TsJsQsKsAs".  Returns the number of "<" (the
    number of distinct strengths) and the SHA-256 of that text.  numpy only keeps the 28 MB
    of text and the sort fast; the text is exactly the one described."""
    strengths = np.fromiter(
        (strength_of(hand) for hand in itertools.combinations(range(52), 5)), np.int64, HANDS
    )
    hands = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(52), 5)), np.uint8, 5 * HANDS
    ).reshape(HANDS, 5)
    order = np.argsort(strengths, kind="stable")
    strengths, hands = strengths[order], hands[order]
    codes = np.frombuffer("".join(DECK).encode("ascii"), np.uint8).reshape(52, 2)
    text = np.empty((HANDS, 11), np.uint8)
    text[:, 0] = ord("<")
    text[1:, 0][strengths[1:] == strengths[:-1]] = ord("=")
    text[:, 1:] = codes[hands].reshape(HANDS, 10)
    return int((text[:, 0] == ord("<")).sum()), hashlib.sha256(text.tobytes()).hexdigest()


@pytest.mark.slow
def test_all_five_card_hands_give_the_published_counts_and_the_fingerprinted_order():
    """One walk of the 2,598,960 hands checks both the published count of each category and
    the order of every hand against the fingerprint."""
    cards = [card(code) for code in DECK]
    counts = Counter()

    def strength(hand):
        v = evaluate_five([cards[i] for i in hand])
        counts[v.category] += 1
        return v.strength

    # 7,462 distinct five-card hand strengths (published; also treys' table size)
    assert order_fingerprint(strength) == (DISTINCT_STRENGTHS, ORDER_FINGERPRINT)
    assert DISTINCT_STRENGTHS == 7_462
    assert sum(counts.values()) == HANDS == 2_598_960
    assert dict(counts) == PUBLISHED_COUNTS


@pytest.mark.slow
def test_treys_orders_the_hands_the_same_way():
    from treys import Card as TreysCard
    from treys import Evaluator

    evaluate = Evaluator().evaluate
    cards = [TreysCard.new(code) for code in DECK]

    def strength(hand):
        a, b, c, d, e = (cards[i] for i in hand)
        return -evaluate([a, b], [c, d, e])  # treys ranks 1 (royal flush) .. 7462

    assert order_fingerprint(strength) == (7_462, ORDER_FINGERPRINT)


@pytest.mark.slow  # a large random sample against the reference evaluator: out of the quick tier
def test_best_of_seven_agrees_with_treys_on_a_random_sample():
    from treys import Card as TreysCard
    from treys import Evaluator

    evaluator = Evaluator()
    rng = random.Random(20261129)
    for _ in range(20_000):
        seven = rng.sample(ALL_CARDS, 7)
        ours, five = best_five(seven)
        theirs = evaluator.evaluate(
            [TreysCard.new(c.code) for c in seven[:2]], [TreysCard.new(c.code) for c in seven[2:]]
        )
        assert theirs == 7463 - ours.strength
        assert set(five) <= set(seven) and evaluate_five(five) == ours


def test_hand_value_table_is_dense_and_ordered():
    assert [hand_value(s).strength for s in (1, 7_462)] == [1, 7_462]
    assert hand_value(1).description == "seven high, five-four-three-two kickers"
    assert hand_value(7_462).category is Category.ROYAL_FLUSH
    with pytest.raises(CardError):
        hand_value(0)


# --- invariants ---------------------------------------------------------------------------

five_cards = st.lists(st.sampled_from(ALL_CARDS), min_size=5, max_size=5, unique=True)


@given(five_cards, st.permutations(range(4)), st.randoms())
def test_strength_ignores_suits_and_card_order(cards, suit_map, rnd):
    renamed = [ALL_CARDS[(c.rank - 2) * 4 + suit_map[c.suit]] for c in cards]
    rnd.shuffle(renamed)
    assert evaluate_five(renamed) == evaluate_five(cards)
    assert evaluate_five(renamed).strength == evaluate_five(cards).strength


@given(five_cards, five_cards, five_cards)
def test_the_order_is_a_total_preorder(a, b, c):
    x, y, z = evaluate_five(a), evaluate_five(b), evaluate_five(c)
    assert (x < y) + (x == y) + (x > y) == 1  # totality, exactly one relation holds
    assert (x <= y) == (not x > y)
    if x <= y and y <= z:
        assert x <= z  # transitivity
    if x == y:
        assert x.category is y.category and x.ranks == y.ranks


# --- the rulebook ---------------------------------------------------------------------------


def test_wheel_is_the_lowest_straight():
    assert value("As 2d 3c 4h 5s") < value("2s 3d 4c 5h 6s")
    assert value("As 2d 3c 4h 5s").description == "five-high straight"
    assert value("As 2d 3c 4h 5s") > value("Ah Ad Ac Kh Qd")  # beats any three of a kind


def test_no_wraparound_straight():
    assert value("Qs Kd Ac 2h 3s").category is Category.HIGH_CARD


def test_royal_flush_is_the_top_straight_flush():
    royal, king_high = value("Ah Kh Qh Jh Th"), value("Kh Qh Jh Th 9h")
    assert royal.category is Category.ROYAL_FLUSH
    assert king_high.category is Category.STRAIGHT_FLUSH
    assert royal > king_high and royal.strength == king_high.strength + 1


def test_steel_wheel_is_the_lowest_straight_flush():
    assert value("As 2s 3s 4s 5s").category is Category.STRAIGHT_FLUSH
    assert value("As 2s 3s 4s 5s") < value("2h 3h 4h 5h 6h")
    assert value("As 2s 3s 4s 5s") > value("Ac Ad Ah As Kd")


def test_suits_never_break_a_tie():
    assert value("Ah Kh Qh Jh 9h") == value("As Ks Qs Js 9s")
    assert value("Ac Kd 9h 6s 2c") == value("Ad Kh 9s 6c 2h")


def test_quads_then_kicker():
    assert value("9c 9d 9h 9s Kc") > value("9c 9d 9h 9s Qc")
    assert value("Tc Td Th Ts 2c") > value("9c 9d 9h 9s Ac")


def test_full_house_by_triple_then_pair():
    assert value("7c 7d 7h 2s 2c") > value("6c 6d 6h As Ac")
    assert value("7c 7d 7h 3s 3c") > value("7c 7d 7h 2s 2c")


def test_two_pair_higher_pair_lower_pair_kicker():
    assert value("Kc Kd 3h 3s 2c") > value("Qc Qd Jh Js Ac")
    assert value("Kc Kd 7h 7s 2c") > value("Kh Ks 6h 6s Ac")
    assert value("Kc Kd 7h 7s 4c") > value("Kh Ks 7d 7c 3c")


def test_pair_then_kickers_high_to_low():
    assert value("Qh Qs 9d 6c 3h") > value("Qc Qd 9h 6s 2h")
    assert value("Qh Qs 9d 6c 2h") > value("Jh Jc As 8d 3c")


def test_flush_and_high_card_compare_card_by_card():
    assert value("Ah Qh 9h 6h 3h") > value("As Qs 9s 6s 2s")
    assert value("Ac Kd 9h 6s 3c") > value("Ad Kh 9s 5c 4h")


# Worked examples of the source texts.


def test_caribbean_stud_worked_example_pair_of_queens_beats_pair_of_jacks():
    # caribbean-stud.txt §08: Q♥ Q♠ 9♦ 6♣ 2♥ against J♥ J♣ A♠ 8♦ 3♣
    player = evaluate_five(parse_cards("Q♥ Q♠ 9♦ 6♣ 2♥"))
    dealer = evaluate_five(parse_cards("J♥ J♣ A♠ 8♦ 3♣"))
    assert player.category is dealer.category is Category.ONE_PAIR
    assert player > dealer  # "The dealer's A cannot overcome the stronger pair."


def test_mississippi_stud_worked_examples():
    # mississippi-stud.txt §07: private Q♥ Q♠ with 2♣ 7♦ 9♠ is a pair of queens;
    # 6♥ 6♠ with A♣ 9♦ K♣ is a single pair of sixes.
    queens = evaluate_five(parse_cards("Q♥ Q♠ 2♣ 7♦ 9♠"))
    sixes = evaluate_five(parse_cards("6♥ 6♠ A♣ 9♦ K♣"))
    assert queens.category is sixes.category is Category.ONE_PAIR
    assert queens.ranks[0] == 12 and sixes.ranks[0] == 6


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        ("Qh Qs As 9d 6c", "pair of queens, ace-nine-six kickers"),
        ("Kh Qs Jd Tc 9h", "king-high straight"),
        ("Ah Ad As 7c 7d", "aces full of sevens"),
        ("Ah Kh Qh Jh Th", "royal flush"),
        ("5h 4h 3h 2h Ah", "five-high straight flush"),
        ("9c 9d 9h 9s Kc", "four nines, king kicker"),
        ("Kc Kd 7h 7s 4c", "two pair, kings and sevens, four kicker"),
        ("6c 6d 6h Ks 2c", "three sixes, king-two kickers"),
        ("Ac Qc 9c 6c 2c", "ace-high flush, queen-nine-six-two kickers"),
        ("Ac Kd 9h 6s 2c", "ace high, king-nine-six-two kickers"),
    ],
)
def test_descriptions_read_as_a_dealer_says_them(cards, words):
    assert value(cards).description == words


def test_best_five_of_seven_and_of_six():
    v, five = best_five(parse_cards("As Ks Qs Js Ts 2c 3d"))
    assert v.category is Category.ROYAL_FLUSH
    assert [str(c) for c in five] == ["As", "Ks", "Qs", "Js", "Ts"]
    v, five = best_five(parse_cards("2c 9d 9h 9s Kc Kd"))
    assert v.description == "nines full of kings"
    v, five = best_five(parse_cards("As 2d 3c 4h 5s Kc Kd"))
    assert v.category is Category.STRAIGHT and str(five[-1]) == "As"  # the wheel's ace reads last


@pytest.mark.parametrize("cards", ["As Ks Qs Js", "As Ks Qs Js Ts 9s 8s 7s"])
def test_best_five_needs_five_to_seven_cards(cards):
    with pytest.raises(CardError, match="5 to 7 cards"):
        best_five(parse_cards(cards))


def test_evaluate_five_refuses_duplicates_and_wrong_counts():
    qh = parse_cards("Qh")[0]
    with pytest.raises(CardError, match="Qh is given twice"):
        evaluate_five((qh, qh, *parse_cards("2c 3d 4s")))
    with pytest.raises(CardError, match="needs 5 cards; 4 were given"):
        evaluate_five(parse_cards("2c 3d 4s 5h"))
    with pytest.raises(CardError, match="not a card"):
        evaluate_five(("Qh", "Qs", "2c", "3d", "4s"))


# Exposed stud hands (English Stud action order).


def exposed(text):
    return evaluate_exposed(parse_cards(text))


def test_exposed_order_quads_trips_two_pair_pair_high():
    ladder = ["9c 9d 9h 9s", "2c 2d 2h Ks", "3c 3d 2h 2s", "Ac Ad Kh Qs", "Ac Kd Qh Js"]
    values = [exposed(t) for t in ladder]
    assert values == sorted(values, reverse=True)


def test_exposed_hands_have_no_straights_or_flushes():
    assert exposed("9h Th Jh Qh").category is Category.HIGH_CARD
    assert exposed("9h Th Jh Qh") < exposed("2c 2d 3h 4s")


def test_exposed_kickers_break_ties_and_suits_do_not():
    assert exposed("9c 9d Kh") > exposed("9h 9s Qh")
    assert exposed("9c 9d Kh") == exposed("9h 9s Kc")
    assert exposed("Ah") > exposed("Kh")


# Two-card hands (Mississippi Gonorrhea).


def test_two_card_high_pairs_beat_unpaired_and_aces_are_best():
    assert two_card_high(parse_cards("2c 2d")) > two_card_high(parse_cards("Ah Kd"))
    assert two_card_high(parse_cards("Ac Ad")) > two_card_high(parse_cards("Kc Kd"))
    assert two_card_high(parse_cards("Ah 3d")) > two_card_high(parse_cards("Kh Qd"))
    assert two_card_high(parse_cards("Kh 9d")) > two_card_high(parse_cards("Kd 8h"))


def test_two_card_low_three_two_is_best_and_pairs_are_worst():
    three_two = two_card_low(parse_cards("3h 2d"))
    assert three_two > two_card_low(parse_cards("4h 2d"))
    assert two_card_low(parse_cards("4h 2d")) > two_card_low(parse_cards("4s 3d"))
    assert two_card_low(parse_cards("Ah Kd")) > two_card_low(parse_cards("2c 2d"))
    assert two_card_low(parse_cards("2c 2d")) > two_card_low(parse_cards("3c 3d"))
    # aces are always high: A-2 is an ace-high low, worse than K-Q
    assert two_card_low(parse_cards("Kh Qd")) > two_card_low(parse_cards("Ah 2d"))
