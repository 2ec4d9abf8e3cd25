"""Hands built to order: every category comes out exactly, from a seed, around exclusions."""

from __future__ import annotations

import random

import pytest

from trainer.engine.cards import ALL_CARDS, parse_cards
from trainer.engine.errors import EngineError
from trainer.engine.hands import Category, best_five, evaluate_five
from trainer.engine.kit.dealing import cards_of_ranks, hand_of, high_card, remaining, tie_for

DRAWS = 1000


def _royal_possible(excluded: set) -> bool:
    return any(
        not any(c in excluded for c in parse_cards(" ".join(f"{r}{s}" for r in "TJQKA")))
        for s in "cdhs"
    )


@pytest.mark.parametrize("category", list(Category), ids=lambda c: c.label)
def test_every_draw_is_exactly_the_category_asked_for(category):
    rng = random.Random(f"dealing {category.label}")
    for _ in range(DRAWS):
        hand = hand_of(category, rng)
        assert len(hand) == 5 and len(set(hand)) == 5
        assert evaluate_five(hand).category is category


@pytest.mark.parametrize("category", list(Category), ids=lambda c: c.label)
def test_excluded_cards_are_never_dealt(category):
    rng = random.Random(f"excluded {category.label}")
    for _ in range(DRAWS):
        excluded = set(rng.sample(ALL_CARDS, 6))
        try:
            hand = hand_of(category, rng, exclude=excluded)
        except EngineError:
            # only a royal flush can be blocked by six cards: one in each suit's royal
            assert category is Category.ROYAL_FLUSH and not _royal_possible(excluded)
            continue
        assert not set(hand) & excluded
        assert len(set(hand)) == 5
        assert evaluate_five(hand).category is category


def test_the_same_seed_deals_the_same_hand():
    for category in Category:
        assert hand_of(category, random.Random(9)) == hand_of(category, random.Random(9))


def test_a_pair_within_the_push_band():
    rng = random.Random(1)
    for _ in range(300):
        value = evaluate_five(hand_of(Category.ONE_PAIR, rng, ranks=range(6, 11)))
        assert value.category is Category.ONE_PAIR and 6 <= value.ranks[0] <= 10


def test_a_wheel_when_the_top_card_asked_for_is_a_five():
    rng = random.Random(2)
    for _ in range(200):
        value = evaluate_five(hand_of(Category.STRAIGHT, rng, ranks=[5]))
        assert value.category is Category.STRAIGHT and value.ranks == (5,)


def test_a_hand_the_deck_cannot_make_is_refused():
    aces = [c for c in ALL_CARDS if c.rank == 14]
    with pytest.raises(EngineError):
        hand_of(Category.ROYAL_FLUSH, random.Random(3), exclude=aces)
    with pytest.raises(EngineError):
        hand_of(Category.ONE_PAIR, random.Random(3), exclude=aces[:3], ranks=[14])


def test_dealer_ak_high_exactly():
    rng = random.Random(4)
    for _ in range(DRAWS):
        value = evaluate_five(high_card(rng, top=(14, 13)))
        assert value.category is Category.HIGH_CARD and value.ranks[:2] == (14, 13)


def test_ace_queen_high_holds_no_king():
    rng = random.Random(5)
    for _ in range(300):
        hand = high_card(rng, top=(14, 12))
        assert evaluate_five(hand).ranks[:2] == (14, 12)
        assert all(c.rank != 13 for c in hand)


@pytest.mark.parametrize(
    "category",
    [
        Category.HIGH_CARD,
        Category.ONE_PAIR,
        Category.TWO_PAIR,
        Category.STRAIGHT,
        Category.FLUSH,
        Category.STRAIGHT_FLUSH,
        Category.ROYAL_FLUSH,
    ],
    ids=lambda c: c.label,
)
def test_an_exact_tie_has_the_same_ranks_in_other_suits(category):
    rng = random.Random(f"tie {category.label}")
    for _ in range(200):
        mine = hand_of(category, rng)
        other = tie_for(mine, rng)
        assert other is not None
        assert evaluate_five(other) == evaluate_five(mine)
        assert not set(other) & set(mine)
        assert sorted(c.rank for c in other) == sorted(c.rank for c in mine)


@pytest.mark.parametrize(
    "category",
    [Category.THREE_OF_A_KIND, Category.FULL_HOUSE, Category.FOUR_OF_A_KIND],
    ids=lambda c: c.label,
)
def test_a_triple_cannot_be_tied(category):
    assert tie_for(hand_of(category, random.Random(6)), random.Random(6)) is None


def test_a_seven_card_tie():
    mine = parse_cards("Kh Kd 9c 6s 2h 4c 3d")
    other = tie_for(mine, random.Random(7))
    assert other is not None and len(other) == 7
    assert best_five(other)[0] == best_five(mine)[0]


def test_cards_of_ranks_in_the_order_asked():
    cards = cards_of_ranks([9, 9, 13], random.Random(8), exclude=parse_cards("9c"))
    assert [c.rank for c in cards] == [9, 9, 13]
    assert parse_cards("9c")[0] not in cards and len(set(cards)) == 3


def test_remaining_is_the_deck_without_the_exclusions():
    gone = parse_cards("As Kd")
    assert len(remaining(gone)) == 50 and not set(gone) & set(remaining(gone))
