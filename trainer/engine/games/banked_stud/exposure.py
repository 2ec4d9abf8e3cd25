"""Card exposure at the banked stud games, Caribbean Stud and Casino Stud Poker: the dealer's
hole card seen, and (at a full table) the players showing each other their hands; and
`BankedStudExposure`, the record of both each game's registry entry holds.

**One hole card seen.**  The player sees the up card and one of the dealer's four hole cards,
and raises or folds by expected value over the dealer's three cards still unknown.  Which of
the two seen cards is the up card does not matter: the decision is taken on the pair.  For
one player hand the engine values every dealer hand it can meet once, and sums those values
into each pair of seen cards (and, for the control, each up card alone): the hand's value
with the card seen and without, each exact.  On a small deck every player hand is valued
(one of each suit pattern, weighted): the figure is exact.  On the full deck the player hands
are sampled (seeded), and the figure is the par sheet's exact edge less the mean of what the
card adds to each sampled hand: the difference varies far less from hand to hand than the
value itself, so the estimate is tight for its size.

**The full table shares its hands.**  Seven players show each other their cards: 35 cards
and the up card are known, and each player raises or folds by expected value over every
four cards the dealer can hold among the rest.  Simulated: deals are dealt from a seeded
shuffle, each seat's decision and value exact over the dealer's hands for that deal.

>>> from ...cards import parse_cards
>>> from ...paytables import CARIBBEAN_STUD_BASE
>>> small = parse_cards("Ah Kh Qh Jh Th 9h As Ks Qs Js Ts 9s")
>>> e = hole_card_exposure(CARIBBEAN, CARIBBEAN_STUD_BASE, deck=small)
>>> e.simulated, e.swing > 0
(False, True)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from ...cards import Card
from ...errors import EngineError
from ...hands import DISTINCT_STRENGTHS, hand_value
from ...parsheets.arrays import _combos, _rank, _strengths
from ...parsheets.exposure import DEFAULT_SEED, Exposure
from ...parsheets.sheet import ParSheet, Progress
from ...paytables import Paytable, PaytableError
from .parsheet import BankedStudSheet, _banked_deck, _check_rows, _suit_classes, _wins
from .rules import CARIBBEAN, LOWEST_QUALIFIER, MAX_POSITIONS, Profile

#: player hands valued on a deck with at most this many suit patterns: every one (exact)
EXACT_PATTERNS = 5_000
#: player hands sampled on a larger deck unless told
HOLE_CARD_ROUNDS = 1_000
#: deals simulated at a full table unless told
FULL_TABLE_ROUNDS = 300_000
#: deals of a full-table simulation valued at once (memory: about 1 MB each)
_BATCH = 400


@dataclass(frozen=True)
class _Dealer:
    """Every five-card hand of a deck, with what valuing a player hand against them needs:
    their cards by position in the hand (5, hands), their strength, their cards as a bit
    mask, and the colex index of each of their ten pairs (10, hands)."""

    n: int
    hands: np.ndarray
    strength: np.ndarray
    bits: np.ndarray
    pairs: np.ndarray
    pair_bits: np.ndarray


def _dealer(cards: tuple[Card, ...]) -> _Dealer:
    n = len(cards)
    hands = _combos(n, 5)
    index = np.array([c.index for c in cards], dtype=np.int64)
    strength = _strengths(index[hands]).astype(np.int64)
    wide = hands.astype(np.int64)
    bits = (np.int64(1) << wide).sum(axis=1)
    pairs = np.stack([_rank(hands, (a, b)) for a in range(5) for b in range(a + 1, 5)])
    two = _combos(n, 2).astype(np.int64)
    pair_bits = (np.int64(1) << two).sum(axis=1)
    columns = np.ascontiguousarray(wide.T)
    return _Dealer(n, columns, strength, bits, pairs, pair_bits)


@dataclass(frozen=True)
class _Table:
    """What a table pays, × `scale`: a won second bet by the player's category (`win`),
    and what the raise loses (`loss`) and wins when the dealer does not qualify (`scale`)."""

    scale: int
    win: np.ndarray
    loss: int
    qualifier: int


def _table(paytable: Paytable, multiple: int, n: int) -> _Table:
    """The table's payouts; PaytableError for one whose sums would not stay exact (float64
    sums of whole numbers are exact below 2**53)."""
    _check_rows(paytable)
    scale, win = _wins(paytable, multiple, n)
    if max(int(win.max()), (1 + multiple) * scale) * math.comb(n - 6, 4) * 5 >= 2**53:
        raise PaytableError(
            "This table's odds have denominators too fine and too unlike each other for "
            "exact exposure figures: write them with fewer different denominators."
        )
    return _Table(scale, win, (1 + multiple) * scale, LOWEST_QUALIFIER.strength)


@functools.cache
def _category_of() -> np.ndarray:
    return np.array(
        [0] + [hand_value(s).category.order for s in range(1, DISTINCT_STRENGTHS + 1)],
        dtype=np.int64,
    )


def _raise_values(dealer: _Dealer, table: _Table, player: int) -> np.ndarray:
    """For the player hand `player` (its index among `dealer.hands`): the raise's value × scale
    against each dealer hand, 0 against one that shares a card with it (never dealt)."""
    mine = int(dealer.strength[player])
    by_strength = np.full(DISTINCT_STRENGTHS + 1, -table.loss, dtype=np.float64)
    by_strength[:mine] = float(table.win[_category_of()[mine]])
    by_strength[mine] = 0.0
    by_strength[: table.qualifier] = table.scale
    value: np.ndarray = by_strength[dealer.strength]
    value[(dealer.bits & dealer.bits[player]) != 0] = 0.0
    return value


def _hand_values(dealer: _Dealer, table: _Table, player: int) -> tuple[int, int]:
    """The player hand's value under optimal play knowing the up card (numerator over
    (n - 5) × C(n - 6, 4) × scale) and knowing the up card and a hole card (numerator over
    C(n - 5, 2) × C(n - 7, 3) × scale), both exact: every sum is of whole numbers far below
    2**53, which float64 adds exactly."""
    n = dealer.n
    value = _raise_values(dealer, table, player)
    by_card = np.zeros(n)
    for column in dealer.hands:
        by_card += np.bincount(column, value, n)
    by_pair = np.zeros(math.comb(n, 2))
    for column in dealer.pairs:
        by_pair += np.bincount(column, value, len(by_pair))
    held = int(dealer.bits[player])
    cards_free = ((held >> np.arange(n)) & 1) == 0
    pairs_free = (dealer.pair_bits & held) == 0
    fold_up = -math.comb(n - 6, 4) * table.scale
    fold_pair = -math.comb(n - 7, 3) * table.scale
    normal = np.maximum(np.rint(by_card[cards_free]), fold_up).astype(np.int64)
    seen = np.maximum(np.rint(by_pair[pairs_free]), fold_pair).astype(np.int64)
    return int(normal.sum()), int(seen.sum())


def hole_card_exposure(
    profile: Profile,
    paytable: Paytable,
    *,
    call_multiple: int | None = None,
    deck: Sequence[Card] | None = None,
    rounds: int | None = None,
    seed: int = DEFAULT_SEED,
    normal: ParSheet | None = None,
    progress: Progress | None = None,
) -> Exposure:
    """The house edge per Ante when the player sees one of the dealer's hole cards besides the
    up card and raises or folds on both (see the module).  Exact when the deck has at most
    `EXACT_PATTERNS` player hands up to suits and `rounds` is None; otherwise `rounds` player
    hands (`HOLE_CARD_ROUNDS` unless given) sampled from `seed`, the estimate resting on
    `normal`, the table's exact par sheet (computed here unless given)."""
    multiple = BankedStudSheet(profile).multiple(call_multiple)
    cards = _banked_deck(deck)
    n = len(cards)
    if n < 12:
        raise EngineError("A hole card seen needs a deck of at least 12 cards.")
    table = _table(paytable, multiple, n)
    dealer = _dealer(cards)
    index = np.array([c.index for c in cards], dtype=np.int64)
    up_deals = (n - 5) * math.comb(n - 6, 4)
    pair_deals = math.comb(n - 5, 2) * math.comb(n - 7, 3)
    common = up_deals * pair_deals // math.gcd(up_deals, pair_deals)
    first, weight = _suit_classes(index[dealer.hands.T])
    described = f"one of the dealer's hole cards seen with the {profile.title} up card"
    if rounds is None and len(first) <= EXACT_PATTERNS:
        total_normal = total_seen = 0
        for i, (player, w) in enumerate(zip(first.tolist(), weight.tolist(), strict=True)):
            a, b = _hand_values(dealer, table, player)
            total_normal += w * a
            total_seen += w * b
            if progress is not None:
                progress(i + 1, len(first))
        hands = math.comb(n, 5)
        return Exposure(
            game=profile.game,
            paytable=paytable.name,
            name="hole-card",
            description=described,
            house_edge=-Fraction(total_seen, hands * pair_deals * table.scale),
            normal_edge=-Fraction(total_normal, hands * up_deals * table.scale),
            simulated=False,
            rounds=hands * (n - 5) * (n - 6) * math.comb(n - 7, 3),
        )
    rounds = HOLE_CARD_ROUNDS if rounds is None else rounds
    if rounds < 2:
        raise EngineError("A simulation needs at least 2 rounds.")
    if normal is None:
        normal = BankedStudSheet(profile).compute(paytable, call_multiple=multiple, deck=deck)
    rng = np.random.default_rng(seed)
    gains = []  # what the seen card adds to each sampled hand, × common × scale
    for i, player in enumerate(rng.integers(0, len(dealer.strength), size=rounds).tolist()):
        a, b = _hand_values(dealer, table, player)
        gains.append(b * (common // pair_deals) - a * (common // up_deals))
        if progress is not None:
            progress(i + 1, rounds)
    gain = Fraction(sum(gains), rounds * common * table.scale)
    spread = np.array(gains, dtype=np.float64) / (common * table.scale)
    return Exposure(
        game=profile.game,
        paytable=paytable.name,
        name="hole-card",
        description=described,
        house_edge=normal.house_edge - gain,
        normal_edge=normal.house_edge,
        simulated=True,
        rounds=rounds,
        unit="player hands",
        standard_error=float(spread.std(ddof=1) / math.sqrt(rounds)),
        seed=seed,
    )


def full_table_exposure(
    profile: Profile,
    paytable: Paytable,
    *,
    call_multiple: int | None = None,
    deck: Sequence[Card] | None = None,
    players: int = MAX_POSITIONS,
    rounds: int | None = None,
    seed: int = DEFAULT_SEED,
    normal: ParSheet | None = None,
    progress: Progress | None = None,
) -> Exposure:
    """Each player's house edge per Ante when `players` players show each other their hands
    and each raises or folds knowing all their cards and the up card (see the module):
    `rounds` deals (`FULL_TABLE_ROUNDS` unless given) from a shuffle seeded with `seed`, the
    standard error over deals (the seats of one deal are not independent).  `normal` is the
    table's par sheet, for the edge with no card shared (computed here unless given)."""
    multiple = BankedStudSheet(profile).multiple(call_multiple)
    cards = _banked_deck(deck)
    n = len(cards)
    if players < 1 or n < 5 * players + 5:
        raise EngineError(f"{players} players and the dealer need {5 * players + 5} cards.")
    rounds = FULL_TABLE_ROUNDS if rounds is None else rounds
    if rounds < 2:
        raise EngineError("A simulation needs at least 2 rounds.")
    table = _table(paytable, multiple, n)
    if normal is None:
        normal = BankedStudSheet(profile).compute(paytable, call_multiple=multiple, deck=deck)
    index = np.array([c.index for c in cards], dtype=np.int64)
    unseen = n - 5 * players - 1
    completions = _combos(unseen, 4).astype(np.int64)
    fold = -len(completions) * table.scale
    rng = np.random.default_rng(seed)
    totals: list[np.ndarray] = []
    done = 0
    while done < rounds:
        batch = min(_BATCH, rounds - done)
        shuffled = index[rng.permuted(np.tile(np.arange(n), (batch, 1)), axis=1)]
        seats = shuffled[:, : 5 * players].reshape(batch, players, 5)
        up = shuffled[:, 5 * players]
        rest = shuffled[:, 5 * players + 1 :]
        mine = _strengths(seats.reshape(-1, 5)).astype(np.int64).reshape(batch, players)
        dealt = np.concatenate(
            [
                np.broadcast_to(up[:, None, None], (batch, len(completions), 1)),
                rest[:, completions],
            ],
            axis=2,
        )
        theirs = _strengths(dealt.reshape(-1, 5)).astype(np.int64).reshape(batch, 1, -1)
        won = table.win[_category_of()[mine]][:, :, None]
        mine = mine[:, :, None]
        value = np.where(
            theirs < table.qualifier,
            table.scale,
            np.where(theirs < mine, won, np.where(theirs == mine, 0, -table.loss)),
        ).sum(axis=2)
        totals.append(np.maximum(value, fold).sum(axis=1))
        done += batch
        if progress is not None:
            progress(done, rounds)
    per_deal = np.concatenate(totals)
    spread = per_deal.astype(np.float64) / (players * len(completions) * table.scale)
    return Exposure(
        game=profile.game,
        paytable=paytable.name,
        name="full-table",
        description=f"{players} players show each other their hands",
        house_edge=-Fraction(
            int(per_deal.sum()), rounds * players * len(completions) * table.scale
        ),
        normal_edge=normal.house_edge,
        simulated=True,
        rounds=rounds,
        unit="deals",
        standard_error=float(spread.std(ddof=1) / math.sqrt(rounds)),
        seed=seed,
    )


# --- the record the games registry holds (`Game.exposure`) ---------------------------------


@dataclass(frozen=True)
class BankedStudExposure:
    """The banked stud exposure figures of one `Profile`: a hole card seen and, when
    `full_table` is set, the full table (`MAX_POSITIONS` players, or as many as a reduced
    deck deals to) sharing its hands (Caribbean Stud's)."""

    profile: Profile
    full_table: bool = False

    @property
    def game(self) -> str:
        return self.profile.game

    def key_inputs(self, paytable: Paytable, call_multiple: int | None) -> dict[str, Any]:
        return {
            **BankedStudSheet(self.profile).key_inputs(paytable, call_multiple),
            "full_table": MAX_POSITIONS if self.full_table else None,
        }

    def compute(
        self,
        paytable: Paytable,
        *,
        call_multiple: int | None = None,
        progress: Progress | None = None,
        deck: Sequence[Card] | None = None,
        rounds: int | None = None,
        seed: int = DEFAULT_SEED,
    ) -> tuple[Exposure, ...]:
        """The figures of `paytable`; `rounds` sizes both simulations (None: their own
        defaults).  Progress counts the hole card's hands, then the full table's deals."""
        sheet = BankedStudSheet(self.profile)
        multiple = sheet.multiple(call_multiple)
        normal = sheet.compute(paytable, call_multiple=multiple, deck=deck)
        parts = 2 if self.full_table else 1

        def part(k: int) -> Progress | None:
            if progress is None:
                return None
            report = progress
            return lambda done, total: report(k * total + done, parts * total)

        found = [
            hole_card_exposure(
                self.profile,
                paytable,
                call_multiple=multiple,
                deck=deck,
                rounds=rounds,
                seed=seed,
                normal=normal,
                progress=part(0),
            )
        ]
        if self.full_table:
            # a reduced deck seats fewer: as many as it deals to besides the dealer
            players = min(MAX_POSITIONS, (len(_banked_deck(deck)) - 5) // 5)
            found.append(
                full_table_exposure(
                    self.profile,
                    paytable,
                    call_multiple=multiple,
                    deck=deck,
                    players=players,
                    rounds=rounds,
                    seed=seed,
                    normal=normal,
                    progress=part(1),
                )
            )
        return tuple(found)


__all__ = [
    "CARIBBEAN",
    "BankedStudExposure",
    "full_table_exposure",
    "hole_card_exposure",
]
