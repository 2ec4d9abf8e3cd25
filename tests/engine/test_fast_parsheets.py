"""Fast par sheets: the sheet a table gets from counts made once is the exhaustive
enumeration's, Fraction for Fraction, decision for decision.  On reduced decks here (random
tables from a seeded generator, other bands, other call multiples); on the full deck, for the
source texts' and the published tables, in the slow tier, one full-deck set of counts per
game per session."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from tests.conftest import full_deck_counts
from tests.engine.test_parsheets import (
    BANKED_DECKS,
    FULL_DECK_DIGESTS,
    MS_DECKS,
    WIZARD_CARIBBEAN,
    deck,
    digest,
    full_deck,
    mississippi_table,
)
from trainer.engine.catalog import GAMES
from trainer.engine.errors import EngineError
from trainer.engine.games.banked_stud.parsheet import (
    banked_stud_counts,
    banked_stud_fast,
    banked_stud_parsheet,
)
from trainer.engine.games.banked_stud.rules import CARIBBEAN, CASINO
from trainer.engine.games.mississippi_stud.parsheet import (
    mississippi_stud_counts,
    mississippi_stud_fast,
    mississippi_stud_parsheet,
)
from trainer.engine.hands import Category
from trainer.engine.house import HouseRules
from trainer.engine.parsheets import (
    Counts,
)
from trainer.engine.paytables import (
    BANKED_STUD_ROWS,
    CARIBBEAN_STUD_BASE,
    CASINO_STUD_POKER,
    MISSISSIPPI_STUD_BASE,
    MISSISSIPPI_STUD_ROWS,
    Band,
    Odds,
    Paytable,
    PaytableError,
)

C = Category
#: one seed for every generated table: a failure names a table that can be made again
SEED = 30


def random_odds(rng: random.Random) -> Odds:
    """Odds a house might write: mostly whole, now and then "a to 2" or "a to 5"."""
    to = rng.choice((1, 1, 1, 2, 5))
    return Odds(rng.randint(1, 60 * to), to)


def random_table(rng: random.Random, rows, *, bands: bool = False) -> Paytable:
    """Rows in any order of value (inversions included: the engine prices any table), and
    for Mississippi Stud pair bands that meet: paying pairs from some rank up to aces, the
    pushing pairs just below them or none."""
    pair_band = push_band = None
    if bands:
        low = rng.randint(2, 14)
        pair_band = Band(low, 14)
        if low > 2 and rng.random() < 0.7:
            push_band = Band(rng.randint(2, low - 1), low - 1)
        elif rng.random() < 0.2:
            pair_band = None  # every pair pays
    return Paytable(
        f"random {rng.random():.6f}",
        tuple((c, random_odds(rng)) for c in rows),
        pair_band,
        push_band,
    )


@pytest.fixture(scope="module")
def ms_counts() -> dict[str, Counts]:
    return {name: mississippi_stud_counts(deck=cards) for name, cards in MS_DECKS.items()}


@pytest.fixture(scope="module")
def banked_counts() -> dict[str, Counts]:
    return {name: banked_stud_counts(deck=cards) for name, cards in BANKED_DECKS.items()}


@pytest.mark.parametrize("name", MS_DECKS)
def test_mississippi_fast_sheets_are_the_enumerations_on_random_tables(name, ms_counts):
    rng = random.Random(f"{SEED}-{name}")
    cards = MS_DECKS[name]
    tables = [MISSISSIPPI_STUD_BASE, mississippi_table(straight=5)]
    tables += [random_table(rng, MISSISSIPPI_STUD_ROWS, bands=True) for _ in range(6)]
    for table in tables:
        fast = mississippi_stud_fast(table, ms_counts[name])
        assert fast == mississippi_stud_parsheet(table, deck=cards), table
    # the bands really vary the sheets: tables that differ only by bands differ in figures
    first, second = (
        Paytable("x", MISSISSIPPI_STUD_BASE.rows, Band(low, 14), None) for low in (10, 13)
    )
    counts = ms_counts["pairs of every band, trips, flushes"]
    assert mississippi_stud_fast(first, counts) != mississippi_stud_fast(second, counts)


@pytest.mark.parametrize("name", BANKED_DECKS)
def test_banked_fast_sheets_are_the_enumerations_on_random_tables(name, banked_counts):
    rng = random.Random(f"{SEED}-{name}")
    cards = BANKED_DECKS[name]
    cases = [(CARIBBEAN, WIZARD_CARIBBEAN, None), (CASINO, CASINO_STUD_POKER, None)]
    cases += [
        (CARIBBEAN, random_table(rng, BANKED_STUD_ROWS), rng.randint(1, 10)) for _ in range(4)
    ]
    cases += [(CASINO, random_table(rng, BANKED_STUD_ROWS), None) for _ in range(2)]
    for profile, table, multiple in cases:
        fast = banked_stud_fast(profile, table, banked_counts[name], call_multiple=multiple)
        assert fast == banked_stud_parsheet(profile, table, call_multiple=multiple, deck=cards), (
            profile.game,
            table,
            multiple,
        )


def test_a_table_that_folds_every_hand_and_one_that_raises_every_hand_agree(banked_counts):
    """The two ends of the decision: a raise that pays nothing beyond even money against a
    raise that pays a fortune, on the deck where strong hands are common."""
    cards = BANKED_DECKS["quads"]
    counts = banked_counts["quads"]
    for odds in (Odds(1, 1), Odds(1000, 1)):
        table = Paytable("flat", tuple((c, odds) for c in BANKED_STUD_ROWS))
        for multiple in (1, 10):
            fast = banked_stud_fast(CARIBBEAN, table, counts, call_multiple=multiple)
            assert fast == banked_stud_parsheet(
                CARIBBEAN, table, call_multiple=multiple, deck=cards
            )


def test_caribbean_and_casino_read_the_same_counts_and_mississippi_its_own():
    slugs = ("caribbean-stud", "casino-stud", "mississippi-stud")
    caribbean, casino, stud = (GAMES[g] for g in slugs)
    assert caribbean.has_fast_parsheet and casino.has_fast_parsheet and stud.has_fast_parsheet
    assert caribbean.parsheet_counts_key() == casino.parsheet_counts_key()
    assert stud.parsheet_counts_key() != caribbean.parsheet_counts_key()
    small = BANKED_DECKS["royal flush"]
    assert caribbean.parsheet_counts_key(deck=small) != caribbean.parsheet_counts_key()
    # the registry's way in: the game's own sheet, from its counts, under the house's rules
    counts = caribbean.parsheet_counts(deck=small)
    rules = HouseRules(call_multiple=3)
    assert caribbean.fast_parsheet(CARIBBEAN_STUD_BASE, rules, counts) == caribbean.parsheet(
        CARIBBEAN_STUD_BASE, rules, deck=small
    )
    with pytest.raises(EngineError, match="not the mississippi-stud counts"):
        stud.fast_parsheet(MISSISSIPPI_STUD_BASE, HouseRules(), counts)
    assert not GAMES["english-stud"].has_fast_parsheet
    with pytest.raises(EngineError, match="no par sheet"):
        GAMES["english-stud"].parsheet_counts_key()


def test_counts_travel_as_bytes_and_bad_bytes_are_refused(ms_counts, banked_counts):
    for counts in (ms_counts["quads and full houses"], banked_counts["quads"]):
        again = Counts.from_bytes(counts.to_bytes())
        assert again == counts and again.key == counts.key and again.deck == counts.deck
    with pytest.raises(EngineError, match="not par-sheet counts"):
        Counts.from_bytes(b"not an archive")
    counts = ms_counts["quads and full houses"]
    with pytest.raises(EngineError, match="do not match their key"):
        Counts(counts.kind, "0" * 64, counts.deck, counts.inputs, counts.arrays)


def test_a_bad_table_is_refused_from_the_counts_as_from_the_enumeration(ms_counts, banked_counts):
    short = Paytable("short", tuple(r for r in WIZARD_CARIBBEAN.rows if r[0] is not C.FLUSH))
    with pytest.raises(PaytableError, match="flush row is missing"):
        banked_stud_fast(CARIBBEAN, short, banked_counts["quads"])
    with pytest.raises(EngineError, match="always 2"):
        banked_stud_fast(CASINO, CASINO_STUD_POKER, banked_counts["quads"], call_multiple=3)
    gap = Paytable("gap", MISSISSIPPI_STUD_BASE.rows, Band(11, 14), Band(6, 9))
    with pytest.raises(PaytableError, match="gap"):
        mississippi_stud_fast(gap, ms_counts["quads and full houses"])


def test_odds_too_fine_for_exact_sums_are_refused_by_both_ways():
    """A table whose odds need a common denominator in the millions would overflow the
    64-bit sums: refused with words, never summed wrong (the enumeration refuses it too)."""
    fine = {c: Odds(999_999, 999_983 - i) for i, c in enumerate(MISSISSIPPI_STUD_ROWS)}
    table = Paytable("fine", tuple(fine.items()), Band(11, 14), Band(6, 10))
    cards = MS_DECKS["royal flush and broadways"]
    for compute in (
        lambda: mississippi_stud_parsheet(table, deck=cards),
        lambda: mississippi_stud_fast(table, mississippi_stud_counts(deck=cards)),
    ):
        with pytest.raises(PaytableError, match="denominators"):
            compute()


def test_a_mississippi_deck_of_every_suit_and_a_banked_deck_of_two():
    """Other deck shapes than the tests' others: the same sheets."""
    cards = deck("A2345", "cdhs")[:13]
    counts = mississippi_stud_counts(deck=cards)
    table = Paytable("any pair", MISSISSIPPI_STUD_BASE.rows, None, None)
    assert mississippi_stud_fast(table, counts) == mississippi_stud_parsheet(table, deck=cards)
    cards = deck("789TJQKA", "hs")
    counts = banked_stud_counts(deck=cards)
    assert banked_stud_fast(CASINO, CASINO_STUD_POKER, counts) == banked_stud_parsheet(
        CASINO, CASINO_STUD_POKER, deck=cards
    )


# --- the full deck (slow tier): one set of counts per game for the whole session ------------


@pytest.fixture(scope="session")
def full_ms_counts(tmp_path_factory) -> Counts:
    key = GAMES["mississippi-stud"].parsheet_counts_key()
    build = lambda progress: mississippi_stud_counts(progress=progress)  # noqa: E731
    return full_deck_counts(tmp_path_factory, key, build)[0]


@pytest.fixture(scope="session")
def full_banked_counts(tmp_path_factory) -> Counts:
    key = GAMES["caribbean-stud"].parsheet_counts_key()
    build = lambda progress: banked_stud_counts(progress=progress)  # noqa: E731
    return full_deck_counts(tmp_path_factory, key, build)[0]


@pytest.mark.slow
def test_mississippi_full_deck_fast_sheets_are_the_enumerations(full_ms_counts):
    # the source text's table and the published straight at 5 to 1: the enumerations'
    # sheets, which test_parsheets checks against the published figures
    for table in (MISSISSIPPI_STUD_BASE, mississippi_table(straight=5)):
        fast = mississippi_stud_fast(table, full_ms_counts)
        assert fast == full_deck("mississippi-stud", table)


@pytest.mark.slow
def test_the_standard_tables_are_the_published_figures_with_their_spread(
    full_ms_counts, full_banked_counts
):
    """The Wizard of Odds' figures for the standard tables
    (https://wizardofodds.com/games/mississippi-stud/: house edge 4.91%, average bet 3.59
    Antes, element of risk 1.37%; https://wizardofodds.com/games/caribbean-stud-poker/: house
    edge 5.22%, element of risk 2.56%), from the sheets that carry the spread, and the spread
    itself held to the sheet's own figures under its one tie rule."""
    sheet = mississippi_stud_fast(MISSISSIPPI_STUD_BASE, full_ms_counts)
    assert round(float(sheet.house_edge) * 100, 2) == 4.91
    assert round(float(sheet.average_bet), 2) == 3.59
    assert round(float(sheet.element_of_risk) * 100, 2) == 1.37
    # the ties the issue counts: about 345,000 fifth-street decisions, 10.6% of the rounds,
    # where folding and betting are worth the same; the sheet bets (its tie rule)
    assert 340_000 < sheet.ties < 350_000 and round(float(sheet.tie_share) * 100, 1) == 10.6
    assert sheet.mean == sheet.expected_return
    assert sum(r.contribution for r in sheet.contributions) == sheet.expected_return
    assert sheet.hit_frequency + sheet.push_share + sheet.loss_share == 1
    # a royal flush is bet 1 × on 3rd Street and 3 × after: 8 Antes at 500 to 1
    assert max(net for net, _ in sheet.distribution) == 4000
    carib = banked_stud_fast(CARIBBEAN, WIZARD_CARIBBEAN, full_banked_counts)
    assert round(float(carib.house_edge) * 100, 2) == 5.22
    assert round(float(carib.element_of_risk) * 100, 2) == 2.56
    assert carib.mean == carib.expected_return
    # the largest result: a royal flush on the Call (2 × 100) and the Ante's even money
    assert max(net for net, _ in carib.distribution) == 201


@pytest.mark.slow
def test_banked_full_deck_fast_sheets_are_the_enumerations(full_banked_counts):
    # the published Caribbean table and the source text's
    # Casino Stud Poker table, each against its enumeration's digest (test_parsheets says
    # where each comes from): every figure of the sheet, without enumerating again
    fast = banked_stud_fast(CARIBBEAN, WIZARD_CARIBBEAN, full_banked_counts)
    assert digest(fast) == FULL_DECK_DIGESTS["caribbean-stud"]
    # the published Caribbean Stud figures for 100-50-20-7-5-4-3-2-1: 5.224% of the ante
    # (house edge) and 2.555% of the total wagered (element of risk)
    assert fast.combinations == 19_933_230_517_200
    assert fast.house_edge == Fraction(142031221, 2718662100)
    assert round(float(fast.house_edge) * 100, 3) == 5.224
    assert round(float(fast.element_of_risk) * 100, 3) == 2.555
    fast = banked_stud_fast(CASINO, CASINO_STUD_POKER, full_banked_counts)
    assert digest(fast) == FULL_DECK_DIGESTS["casino-stud"]
    assert fast.house_edge == Fraction(21956498983, 453027966300)  # 4.8466%
    # the lead's count of kinds of situation, holding all C(52, 5) × 47 situations
    assert len(full_banked_counts.arrays["weight"]) == 355_167
    assert int(full_banked_counts.arrays["weight"].sum()) == 2_598_960 * 47
