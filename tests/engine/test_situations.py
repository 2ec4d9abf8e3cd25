"""Skills: every drill kind lists its situations, and deals each one on demand at every level,
under the source texts' house and under houses whose tables, rules and chips
differ, so that a situation named from the house's data is dealt as that house names it."""

from __future__ import annotations

import random

import pytest

from trainer.engine.cards import ACE
from trainer.engine.drills import REGISTRY
from trainer.engine.errors import EngineError
from trainer.engine.house import DEFAULT_CONFIG, HouseConfig, HouseRules
from trainer.engine.kit.situations import situation_words
from trainer.engine.messages import Message
from trainer.engine.paytables import (
    CARIBBEAN_STUD_BASE,
    MISSISSIPPI_STUD_BASE,
    Band,
    Odds,
    Paytable,
)

from .drills.common import STRICT_HOUSE

#: a house with its own tables and chips: every pair below tens pushes at Mississippi Stud (so
#: no pair loses), a pair pays 2 to 1 on the Caribbean Call (so a pair against A-K high and
#: A-K high against a pair no longer cancel in a ledger), blue 20s among its chips
BLUE_HOUSE = HouseConfig(
    {
        "mississippi-stud": Paytable(
            "Mississippi Stud, pairs 2-9 push",
            MISSISSIPPI_STUD_BASE.rows,
            pair_band=Band(10, ACE),
            push_band=Band(2, 9),
        ),
        "caribbean-stud": Paytable(
            "Caribbean Stud, pair 2 to 1",
            tuple(
                (c, Odds(2) if c.label == "one pair" else odds)
                for c, odds in CARIBBEAN_STUD_BASE.rows
            ),
        ),
    },
    rules=HouseRules(
        chips="1 white #f2f2f2\n5 red #c62828\n20 blue #1565c0\n100 black #212121",
        split_pot_odd_chip="low",
    ),
)
HOUSES = {"source": DEFAULT_CONFIG, "blue": BLUE_HOUSE, "strict": STRICT_HOUSE}

#: (drill kind, house): each test of these loops over the kind's levels and situations
KINDS_AT_HOUSES = [
    pytest.param(slug, name, id=f"{name}-{slug}") for name in HOUSES for slug in REGISTRY
]


@pytest.mark.slow
def test_every_kind_lists_its_situations():
    for slug, kind in REGISTRY.items():
        for config in HOUSES.values():
            listed = kind.situations(config)
            assert listed, slug
            assert len(set(listed)) == len(listed), slug


@pytest.mark.slow  # every drill kind's mix swept: in make test, out of the quick tier
@pytest.mark.parametrize(("slug", "house"), KINDS_AT_HOUSES)
def test_each_situation_is_dealt_on_demand_at_each_level(slug, house):
    kind, config = REGISTRY[slug], HOUSES[house]
    levels = [lv.number for lv in kind.levels]
    for level in levels:
        for n, situation in enumerate(kind.situations(config)):
            if kind.watches and levels[n % len(levels)] != level:
                # a watch drill lists only the mispays its source's deals carry at the first
                # and the biggest table (`watch._sampled`): each is dealt at one level here,
                # in turn, its thirty-odd mispays at every level being a few seconds more
                continue
            q = kind.generate(5, level, config, situation=situation)
            assert q.situation == situation, (level, situation)
            if not kind.watches:  # a watch drill's deals are dealt again in test_kinds
                assert q == kind.generate(5, level, config, situation=situation), (level, situation)
            answered = kind.answer(q.request, level, config, table=q.table)
            assert answered == (q.fields, q.expected, q.steps), (level, situation)


@pytest.mark.slow  # every drill kind's mix swept: in make test, out of the quick tier
@pytest.mark.parametrize("house", HOUSES)
@pytest.mark.parametrize("slug", REGISTRY)
def test_the_mix_deals_only_situations_it_lists(slug, house):
    kind, config = REGISTRY[slug], HOUSES[house]
    listed = set(kind.situations(config))
    # the other houses change what a situation is named more than how often it comes up; a
    # ledger is twenty rounds and a showdown six sevens: fewer of those keeps this fast
    seeds = range(250 if house == "source" else 100)
    if slug in ("cs-ledger", "es-showdown"):
        seeds = range(len(seeds) // 4)
    if kind.watches:  # its hands are its source's mix, counted there: what is added is planted
        seeds = range(len(seeds) // 25)
    for level in kind.levels:
        for natural in (False, True):
            for seed in seeds:
                dealt = kind.deal(random.Random(seed), level.number, config, natural)
                assert dealt.situation in listed, (level.number, natural, seed, dealt.situation)


def test_situations_follow_the_house():
    ms, change = REGISTRY["ms-pay"], REGISTRY["make-change"]
    # the source table: pairs 2-5 lose, 6-10 push, J-A pay (mississippi-stud.txt §05)
    assert ms.situations(DEFAULT_CONFIG)[1:4] == (
        "pair of 2-5 loses",
        "pair of 6-10 pushes",
        "pair of J-A wins",
    )
    # BLUE_HOUSE: no pair loses
    assert ms.situations(BLUE_HOUSE)[:3] == (
        "high card loses",
        "pair of 2-9 pushes",
        "pair of 10-A wins",
    )
    # make change breaks the chips above the second smallest: 25, 100 and 500 at level 1,
    # the 1,000 orange too at levels 2 and 3; the blue house has 20 and 100 above its red
    assert change.situations(DEFAULT_CONFIG) == (
        "change green",
        "change black",
        "change purple or larger",
    )
    assert change.situations(BLUE_HOUSE) == ("change blue", "change black")
    assert REGISTRY["cs-settle"].situations(DEFAULT_CONFIG)[-1] == "exact tie"
    assert REGISTRY["csp-settle"].situations(DEFAULT_CONFIG)[-1] == "stand off"


def test_a_situation_the_kind_does_not_list_is_refused():
    kind = REGISTRY["ms-pay"]
    with pytest.raises(EngineError, match="has no situation 'pair of 6-10 pushes'"):
        kind.generate(1, 1, BLUE_HOUSE, situation="pair of 6-10 pushes")
    with pytest.raises(EngineError, match="Its situations: high card loses; pair of 2-5 loses"):
        kind.generate(1, 1, DEFAULT_CONFIG, situation="a pair of jokers")


def test_an_aimed_deal_is_of_its_level():
    """The seats and stakes of an aimed deal are the level's, as in the mix."""
    kind = REGISTRY["ms-pay"]
    for level, (low, high) in ((1, (1, 1)), (2, (2, 3)), (3, (3, 6))):
        for situation in kind.situations(DEFAULT_CONFIG):
            q = kind.generate(7, level, DEFAULT_CONFIG, situation=situation)
            assert low <= len(q.table["positions"]) <= high
    hand = REGISTRY["hand-seven"].generate(
        3, 1, DEFAULT_CONFIG, situation="two triples make a full house"
    )
    ranks = [c[0] for c in hand.request["cards"].split()]
    order = "23456789TJQKA"
    assert ranks == sorted(ranks, key=order.index, reverse=True)  # level 1 sorts high to low


def test_every_drill_skill_is_said_as_a_message_whose_english_is_its_key():
    """Each skill a drill can deal (its stored key, which cards and filters keep in English)
    has a message to say it in the reader's language, whose English is the key byte for byte
    (`situation_words`)."""
    keys = set()
    for kind in REGISTRY.values():
        keys |= {s if isinstance(s, str) else s[0] for s in kind.situations(DEFAULT_CONFIG)}
    assert len(keys) > 100  # every game's skills, not an empty registry
    unsaid = sorted(k for k in keys if not isinstance(situation_words(k), Message))
    assert unsaid == []
    assert [k for k in keys if str(situation_words(k)) != k] == []
