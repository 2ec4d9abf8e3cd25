"""Card exposure: every figure against a brute-force count on a reduced deck, each deal
settled by the game's own `settle`, and every simulation against the exact figure within
five of its standard errors (seeded, so the check is the same on every run)."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction
from functools import cache

import pytest

from trainer.engine.cards import parse_cards
from trainer.engine.catalog import GAMES
from trainer.engine.errors import EngineError
from trainer.engine.games.banked_stud import rules as banked_stud
from trainer.engine.games.banked_stud.exposure import (
    BankedStudExposure,
    full_table_exposure,
    hole_card_exposure,
)
from trainer.engine.games.banked_stud.parsheet import banked_stud_parsheet
from trainer.engine.games.banked_stud.rules import CARIBBEAN, CASINO
from trainer.engine.games.mississippi_stud import rules as mississippi_stud
from trainer.engine.games.mississippi_stud.exposure import next_card_edge
from trainer.engine.hands import evaluate_five
from trainer.engine.house import HouseRules
from trainer.engine.parsheets.exposure import Exposure, exposure_key
from trainer.engine.paytables import CARIBBEAN_STUD_BASE, CASINO_STUD_POKER, MISSISSIPPI_STUD_BASE

#: brute-force counts over every deal of a reduced deck: seconds in all, the slow tier's
pytestmark = pytest.mark.slow

#: six ranks in two suits: straights and flushes happen, and the dealer holds three cards
#: the player cannot see after one hole card is shown (C(5, 3) = 10 ways)
BANKED_DECK = parse_cards("Ah Kh Qh Jh Th 9h As Ks Qs Js Ts 9s")
#: pairs that lose (2s), push (7s) and pay (Jacks, Aces), two pair, trips, a full house
MISSISSIPPI_DECK = parse_cards("2c 2d 2h 7c 7d 7h Jc Jd Jh Ac Ad Ah")


def rest(deck, *taken):
    gone = set(taken)
    return [c for c in deck if c not in gone]


# --- Mississippi Stud: the next community card seen -----------------------------------------


def brute_next_card(deck, paytable) -> Fraction:
    """Every two-card start and ordered run of three community cards, the player seeing each
    card before its street's bet and choosing the bet (or the fold) of the best expected
    value; returns per Ante × `scale` are whole numbers, each final hand settled once."""
    scale = math.lcm(*(odds.to for _, odds in paytable.rows))

    @cache
    def per_unit(five: frozenset) -> int:
        cards = tuple(five)
        s = mississippi_stud.settle(cards[:2], cards[2:], [1, 1, 1, 1], paytable=paytable)
        value = Fraction(s.net, 4) * scale
        assert value.denominator == 1
        return int(value)

    total = Fraction(0)
    starts = 0
    for hole in itertools.combinations(deck, 2):
        for c1 in rest(deck, *hole):
            starts += 1
            best3 = Fraction(-scale)  # fold before 3rd Street
            for k3 in (1, 2, 3):
                after3 = Fraction(0)
                fourths = rest(deck, *hole, c1)
                for c2 in fourths:
                    best4 = Fraction(-(1 + k3) * scale)
                    for k4 in (1, 2, 3):
                        placed = 1 + k3 + k4
                        fifths = rest(deck, *hole, c1, c2)
                        after4 = 0
                        for c3 in fifths:
                            r = per_unit(frozenset((*hole, c1, c2, c3)))
                            after4 += max(-placed * scale, *((placed + k5) * r for k5 in (1, 2, 3)))
                        best4 = max(best4, Fraction(after4, len(fifths)))
                    after3 += best4
                best3 = max(best3, after3 / len(fourths))
            total += best3
    return -total / (starts * scale)


def test_next_card_edge_is_the_brute_force_count():
    assert next_card_edge(MISSISSIPPI_STUD_BASE, deck=MISSISSIPPI_DECK) == brute_next_card(
        MISSISSIPPI_DECK, MISSISSIPPI_STUD_BASE
    )


def test_mississippi_exposure_is_exact_and_beside_the_par_sheet():
    (e,) = GAMES["mississippi-stud"].exposures(
        MISSISSIPPI_STUD_BASE, HouseRules(), deck=MISSISSIPPI_DECK
    )
    assert e.name == "next-card" and not e.simulated and e.standard_error is None
    assert (
        e.normal_edge
        == GAMES["mississippi-stud"]
        .parsheet(MISSISSIPPI_STUD_BASE, HouseRules(), deck=MISSISSIPPI_DECK)
        .house_edge
    )
    # seeing more can never cost a player who plays on it well
    assert e.swing > 0


# --- banked stud: one hole card seen, and the full table sharing -----------------------------


@cache
def banked_nets(profile, paytable, multiple):
    """The net of a raise (call) per Ante for every player hand and dealer hand of the
    reduced deck, as the game's `settle` rules it."""
    rules = HouseRules(call_multiple=multiple) if profile.fixed_multiple is None else HouseRules()
    nets = {}
    for player in itertools.combinations(BANKED_DECK, 5):
        for dealer in itertools.combinations(rest(BANKED_DECK, *player), 5):
            s = banked_stud.settle(
                profile, player, dealer, 1, "call", paytable=paytable, rules=rules
            )
            nets[frozenset(player), frozenset(dealer)] = s.net
    return nets


def brute_hole_card(profile, paytable, multiple) -> tuple[Fraction, Fraction]:
    """(the edge seeing the up card only, the edge seeing the up card and one hole card): for
    every player hand and every seen card(s), raise when the mean net over the dealer's
    unseen cards beats the fold's -1."""
    nets = banked_nets(profile, paytable, multiple)
    normal = seen = Fraction(0)
    players = 0
    for player in itertools.combinations(BANKED_DECK, 5):
        players += 1
        p = frozenset(player)
        left = rest(BANKED_DECK, *player)
        for up in left:
            outs = [
                nets[p, frozenset((up, *four))]
                for four in itertools.combinations(rest(left, up), 4)
            ]
            normal += max(Fraction(-1), Fraction(sum(outs), len(outs))) / len(left)
        pairs = list(itertools.combinations(left, 2))
        for pair in pairs:
            outs = [
                nets[p, frozenset((*pair, *three))]
                for three in itertools.combinations(rest(left, *pair), 3)
            ]
            seen += max(Fraction(-1), Fraction(sum(outs), len(outs))) / len(pairs)
    return -normal / players, -seen / players


@pytest.mark.parametrize(
    ("profile", "paytable", "multiple"),
    [(CARIBBEAN, CARIBBEAN_STUD_BASE, 2), (CARIBBEAN, CARIBBEAN_STUD_BASE, 3),
     (CASINO, CASINO_STUD_POKER, 2)],
)  # fmt: skip
def test_hole_card_edge_is_the_brute_force_count(profile, paytable, multiple):
    normal, seen = brute_hole_card(profile, paytable, multiple)
    e = hole_card_exposure(profile, paytable, call_multiple=multiple, deck=BANKED_DECK)
    assert not e.simulated
    assert (e.normal_edge, e.house_edge) == (normal, seen)
    # the normal edge is the par sheet's, which is checked against its own brute force
    sheet = banked_stud_parsheet(profile, paytable, call_multiple=multiple, deck=BANKED_DECK)
    assert e.normal_edge == sheet.house_edge


def test_sampled_hole_card_edge_is_within_five_standard_errors():
    exact = hole_card_exposure(CARIBBEAN, CARIBBEAN_STUD_BASE, deck=BANKED_DECK)
    sampled = hole_card_exposure(
        CARIBBEAN, CARIBBEAN_STUD_BASE, deck=BANKED_DECK, rounds=300, seed=11
    )
    assert sampled.simulated and sampled.rounds == 300 and sampled.seed == 11
    assert sampled.unit == "player hands"
    assert sampled.normal_edge == exact.normal_edge
    assert sampled.standard_error > 0
    assert abs(float(sampled.house_edge - exact.house_edge)) < 5 * sampled.standard_error
    again = hole_card_exposure(
        CARIBBEAN, CARIBBEAN_STUD_BASE, deck=BANKED_DECK, rounds=300, seed=11
    )
    assert again == sampled


#: 15 cards for two players and the dealer: sharing hands shows the dealer's whole hand
TWO_SEAT_DECK = parse_cards("Ah Kh Qh Jh Th As Ks Qs Js Ts Ad Kd Qd Jd Td")


def brute_full_table_two_seats() -> Fraction:
    """Two players share their hands on 15 cards: the dealer's five are the five left, so a
    seat's value is the better of its raise's net and the fold against them; averaged over
    every player hand and dealer hand (the other seat's cards are what is left).  A net
    depends on the two hands' values only: each pair of values is settled once."""
    strength = {
        five: evaluate_five(five).strength for five in itertools.combinations(TWO_SEAT_DECK, 5)
    }
    meetings: Counter = Counter()
    example = {}
    for player in strength:
        for dealer in itertools.combinations(rest(TWO_SEAT_DECK, *player), 5):
            values = strength[player], strength[dealer]
            meetings[values] += 1
            example.setdefault(values, (player, dealer))
    total = Fraction(0)
    for values, count in meetings.items():
        player, dealer = example[values]
        s = banked_stud.settle(CARIBBEAN, player, dealer, 1, "call", paytable=CARIBBEAN_STUD_BASE)
        total += count * max(-1, s.net)
    return -total / meetings.total()


def test_full_table_simulation_agrees_with_the_brute_force_count():
    exact = brute_full_table_two_seats()
    e = full_table_exposure(
        CARIBBEAN, CARIBBEAN_STUD_BASE, deck=TWO_SEAT_DECK, players=2, rounds=2000, seed=5
    )
    assert e.simulated and e.name == "full-table" and e.rounds == 2000
    assert abs(float(e.house_edge - exact)) < 5 * e.standard_error


def test_one_seat_sharing_with_nobody_is_the_par_sheet():
    # alone at the table the player sees what the par sheet's player sees
    e = full_table_exposure(
        CARIBBEAN, CARIBBEAN_STUD_BASE, deck=BANKED_DECK, players=1, rounds=2000, seed=3
    )
    assert abs(float(e.house_edge - e.normal_edge)) < 5 * e.standard_error


def test_caribbean_entry_lists_both_exposures_and_casino_the_hole_card():
    caribbean = GAMES["caribbean-stud"].exposures(
        CARIBBEAN_STUD_BASE, HouseRules(), deck=TWO_SEAT_DECK, rounds=20
    )
    assert [e.name for e in caribbean] == ["hole-card", "full-table"]
    # a full table of seven needs 40 cards: 15 seat two
    assert caribbean[1].description.startswith("2 players")
    casino = GAMES["casino-stud"].exposures(CASINO_STUD_POKER, HouseRules(), deck=BANKED_DECK)
    assert [e.name for e in casino] == ["hole-card"]
    with pytest.raises(EngineError, match="3 players and the dealer need 20 cards"):
        full_table_exposure(CARIBBEAN, CARIBBEAN_STUD_BASE, deck=TWO_SEAT_DECK, players=3)


def test_exposure_as_dict_has_exact_fractions_beside_decimals():
    e = hole_card_exposure(CASINO, CASINO_STUD_POKER, deck=BANKED_DECK)
    d = e.as_dict()
    for name in ("house_edge", "normal_edge", "swing"):
        numerator, denominator = map(int, d[f"{name}_exact"].split("/"))
        assert Fraction(numerator, denominator) == getattr(e, name)
        assert d[name] == pytest.approx(numerator / denominator)
    assert d["simulated"] is False and d["standard_error"] is None


def test_keys_follow_the_table_the_multiple_and_the_simulation():
    analysis = BankedStudExposure(CARIBBEAN, full_table=True)
    key = exposure_key(CARIBBEAN_STUD_BASE, analysis, call_multiple=2)
    assert key == GAMES["caribbean-stud"].exposure_key(CARIBBEAN_STUD_BASE, HouseRules())
    assert key != exposure_key(CARIBBEAN_STUD_BASE, analysis, call_multiple=3)
    assert key != exposure_key(CARIBBEAN_STUD_BASE, analysis, call_multiple=2, rounds=10)
    assert not GAMES["english-stud"].has_exposure


def test_a_record_names_its_swing():
    e = Exposure("g", "t", "hole-card", "d", Fraction(-1, 100), Fraction(1, 50), simulated=False)
    assert e.swing == Fraction(3, 100) and e.player_edge
