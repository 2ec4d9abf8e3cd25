"""Mississippi Stud drills: pay the position.

The expected answer is `mississippi_stud.settle`'s `Settlement` of each position; the spots,
streets, bet multiples, seats and pair bands are the game module's and the paytable's.

>>> from trainer.engine.house import DEFAULT_CONFIG
>>> q = MississippiPay().generate(3, 1, DEFAULT_CONFIG)
>>> q.request["hole"], q.request["board"], q.request["bets"]
('5s 6d', '7c 7d Js', [5, 15, 10, 15])
>>> q.expected, q.situation
({'p1.outcome': 'push', 'p1.amount': 0}, 'pair of 6-10 pushes')
>>> OUTCOMES
(('win', 'Win'), ('push', 'Push'), ('lose', 'Lose'), ('fold', 'Fold'))
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...cards import JACK, Card, Deck, format_cards
from ...drills.hand_reading import ASCENDING
from ...hands import Category, HandValue, evaluate_five
from ...house import HouseConfig
from ...kit.dealing import RANKS, hand_of, remaining
from ...kit.fields import AnswerKind
from ...kit.kinds import Answer, AnswerField, Dealt, DrillKind
from ...kit.stakes import (
    POSITIONS,
    StakesAntes,
    ante_level,
    pick,
    pick_ante,
    pick_count,
    pick_seats,
    sample_fitting,
)
from ...kit.stored import positions_of, read_stored, seat_of
from ...messages import say
from ...paytables import Band, Paytable
from ...words import seated
from . import rules as mississippi_stud
from .rules import Outcome, Settlement

# each written out, so the catalogue's extraction finds it
OUTCOMES = (
    ("win", say("Win")),
    ("push", say("Push")),
    ("lose", say("Lose")),
    ("fold", say("Fold")),
)
assert tuple(v for v, _ in OUTCOMES) == tuple(o.value for o in Outcome)
OUTCOME_KEYS = ("w", "p", "l", "f")
#: the seats of a table: one for each position it deals
SEATS = tuple(str(n) for n in range(1, mississippi_stud.MAX_POSITIONS + 1))


def _band(ranks: Sequence[int]) -> str:
    """The pairs `ranks` as the paytable writes a band: "6-10", "J-A"."""
    return Band(min(ranks), max(ranks)).short()


_MS_MIX: tuple[tuple[str | Category, float], ...] = (
    ("fold", 12),
    ("high card", 7),
    ("low pair", 7),
    ("push", 14),
    ("paying pair", 12),
    (Category.TWO_PAIR, 10),
    (Category.THREE_OF_A_KIND, 9),
    (Category.STRAIGHT, 8),
    (Category.FLUSH, 7),
    (Category.FULL_HOUSE, 6),
    (Category.FOUR_OF_A_KIND, 4),
    (Category.STRAIGHT_FLUSH, 2.5),
    (Category.ROYAL_FLUSH, 1.5),
)
#: what the other positions at a table of several show, coarsely
_MS_OTHERS: tuple[tuple[str, float], ...] = (
    ("fold", 15),
    ("lose", 20),
    ("push", 20),
    ("paying pair", 20),
    ("better", 25),
)
#: bets placed -> the street a position folded before (the one whose bet it never made)
_FOLD_STREETS = {n: title for n, (_, title) in enumerate(mississippi_stud.BETS) if n}
#: how the table shows a folded position (None: played to the end)
_FOLDED = {n: say("before %(street)s", street=street) for n, street in _FOLD_STREETS.items()}
_SPOT_TITLES = dict(mississippi_stud.BETS)
_MULTIPLES = mississippi_stud.STREET_MULTIPLES


@dataclass(frozen=True)
class _PairBands:
    """The paytable's pair bands as ranks: the pairs that pay, push and lose."""

    pay: tuple[int, ...]
    push: tuple[int, ...]
    lose: tuple[int, ...]

    @classmethod
    def of(cls, paytable: Paytable) -> _PairBands:
        pay = tuple(r for r in RANKS if paytable.pair_band is None or r in paytable.pair_band)
        band = paytable.push_band
        push = tuple(r for r in RANKS if r not in pay and band is not None and r in band)
        lose = tuple(r for r in RANKS if r not in pay and r not in push)
        return cls(pay, push, lose)

    def kind(self, value: HandValue) -> str:
        """How the mix sorts a final five, coarsely (never an expected answer)."""
        if value.category is Category.HIGH_CARD:
            return "lose"
        if value.category is Category.ONE_PAIR:
            r = value.ranks[0]
            return "paying pair" if r in self.pay else "push" if r in self.push else "lose"
        return "better"


def _ms_five(scenario: str | Category, rng: random.Random, bands: _PairBands) -> tuple[Card, ...]:
    if isinstance(scenario, Category):
        return hand_of(scenario, rng)
    ranks = {"low pair": bands.lose, "push": bands.push, "paying pair": bands.pay}.get(scenario)
    if not ranks:
        return hand_of(Category.HIGH_CARD, rng)
    return hand_of(Category.ONE_PAIR, rng, ranks=ranks)


def _ms_decision(cards: Sequence[Card], bands: _PairBands) -> int:
    """The natural deals' betting habit, a plain version of the usual guide (not a
    strategy): 3 × Ante on a paying hand already made; 1 × on any pair, on cards all of one
    suit, or on enough points (a jack or better 2, a six to a ten 1: at least one point a
    card seen); otherwise fold."""
    most, least = max(_MULTIPLES), min(_MULTIPLES)
    counts = Counter(c.rank for c in cards)
    pairs = [r for r, n in counts.items() if n >= 2]
    if any(n >= 3 for n in counts.values()) or len(pairs) >= 2:
        return most
    if pairs and pairs[0] in bands.pay:
        return most
    points = sum(2 if c.rank >= JACK else 1 if c.rank >= 6 else 0 for c in cards)
    if pairs or len({c.suit for c in cards}) == 1 or points >= len(cards):
        return least
    return 0


@dataclass(frozen=True)
class _MsPosition:
    seat: str
    hole: tuple[Card, ...]
    bets: tuple[int, ...]

    @property
    def seen(self) -> int:
        """Community cards turned before this position's last decision."""
        return len(self.bets) - 1


class MississippiPay(StakesAntes, DrillKind):
    # per position: outcome and amount at one glance of the hand and the paytable; odd
    # antes need the multiplication done in the head
    pace = (6.0, 8.0, 10.0)
    pays = True
    deals_hands = True
    slug = "ms-pay"
    game = "mississippi-stud"
    title = say("Mississippi Stud: pay the position")
    description = say(
        "Read each position's final five, then call win, push, lose or fold and the amount "
        "paid (profit) or collected (the stake lost); at level 3 pay every spot."
    )
    mix = say(
        "About one hand in eight folds (on 3rd, 4th or 5th Street), one in seven pushes on a "
        "pair of 6-10, one in seven loses (high card or a pair of 2-5); the rest win, spread "
        "over every paying category from a pair of J-A to the royal flush."
    )
    levels = (
        ante_level(1, say("one position")),
        ante_level(2, say("two or three positions")),
        ante_level(3, say("up to six positions, pay each spot")),
    )

    def deal(self, rng: random.Random, level: int, config: HouseConfig, natural: bool) -> Dealt:
        return self._deal(rng, level, config, natural)

    def aims(self, config: HouseConfig) -> dict[str, Any]:
        """Each final five the house's paytable tells apart, weakest first (a category, or a
        pair of each band: they lose, push or win by the paytable's rows and bands), then a
        fold on each street; aimed at the featured position as the mix's scenario.

        >>> from trainer.engine.house import DEFAULT_CONFIG
        >>> tags = MississippiPay().situations(DEFAULT_CONFIG)
        >>> tags[:4]
        ('high card loses', 'pair of 2-5 loses', 'pair of 6-10 pushes', 'pair of J-A wins')
        >>> tags[-1], len(tags)
        ('fold on 5th Street', 15)
        """
        paytable = config.paytable(mississippi_stud.SLUG)
        bands = _PairBands.of(paytable)
        # a stake every row pays in whole chips, so each hand settles
        stake = paytable.stake_unit(config.rules.chip_unit)
        stake *= math.lcm(*(odds.to for _, odds in paytable.rows))
        played = len(mississippi_stud.BETS)
        rng = random.Random(0)
        aims: dict[str, Any] = {}
        for category in ASCENDING:
            scenarios: tuple[tuple[str | Category, tuple[int, ...] | None], ...] = (
                (category, None),
            )
            if category is Category.ONE_PAIR:
                scenarios = (
                    ("low pair", bands.lose),
                    ("push", bands.push),
                    ("paying pair", bands.pay),
                )
            for scenario, ranks in scenarios:
                if ranks == ():
                    continue
                five = hand_of(category, rng, ranks=ranks)
                settled = _settle(five[:2], five[2:], (stake,) * played, config)
                aims.setdefault(_ms_situation(settled, played, bands), scenario)
        for placed in _FOLD_STREETS:
            aims[_fold_situation(placed)] = ("fold", placed)
        return aims

    def deal_aimed(self, rng: random.Random, level: int, config: HouseConfig, aim: Any) -> Dealt:
        return self._deal(rng, level, config, False, aim)

    def _deal(
        self,
        rng: random.Random,
        level: int,
        config: HouseConfig,
        natural: bool,
        aim: str | Category | tuple[str, int] | None = None,
    ) -> Dealt:
        paytable = config.paytable(mississippi_stud.SLUG)
        bands = _PairBands.of(paytable)
        ante = pick_ante(rng, level, paytable, config)
        seats = pick_seats(rng, pick_count(rng, POSITIONS, level), SEATS) if level > 1 else ["1"]
        if natural:
            positions, board, scenario = self._natural(rng, seats, ante, bands)
        else:
            positions, board, scenario = self._mixed(rng, seats, ante, bands, aim)
        requests = [
            {
                "game": self.game,
                "seat": p.seat,
                "hole": format_cards(p.hole),
                "board": format_cards(board[: p.seen]),
                "bets": list(p.bets),
            }
            for p in positions
        ]
        request = requests[0] if len(requests) == 1 else {"game": self.game, "positions": requests}
        shown = max(p.seen for p in positions)
        table = {
            "ante": ante,
            "board": format_cards(board[:shown]),
            "positions": [
                {
                    "seat": p.seat,
                    "hole": format_cards(p.hole),
                    "bets": {
                        key: b for (key, _), b in zip(mississippi_stud.BETS, p.bets, strict=False)
                    },
                    "folded": _FOLDED.get(len(p.bets)),
                }
                for p in positions
            ],
        }
        featured = next(p for p in positions if p.seat == scenario[0])
        settled = _settle(featured.hole, board[: featured.seen], featured.bets, config)
        if level >= 3:
            prompt = (
                say("Pay the position, spot by spot.")
                if len(positions) == 1
                else say("Pay each position, spot by spot.")
            )
        else:
            prompt = say("Pay the position.") if len(positions) == 1 else say("Pay each position.")
        return Dealt(
            request=request,
            table=table,
            prompt=prompt,
            situation=_ms_situation(settled, len(featured.bets), bands),
            category=settled.category.label if settled.category is not None else None,
            extra={"featured_seat": scenario[0], "mix": scenario[1]},
        )

    def _mixed(
        self,
        rng: random.Random,
        seats: list[str],
        ante: int,
        bands: _PairBands,
        aim: str | Category | tuple[str, int] | None = None,
    ) -> tuple[list[_MsPosition], tuple[Card, ...], tuple[str, str]]:
        """The mix's deal; `aim` the featured position's scenario instead of the mix's pick
        (("fold", bets placed) for a fold on a given street)."""
        featured = rng.choice(seats)
        scenario = pick(rng, _MS_MIX) if aim is None else aim
        placed = None
        if isinstance(scenario, tuple):
            scenario, placed = scenario
        if scenario == "fold":
            hole = tuple(rng.sample(remaining(), 2))
            board = tuple(rng.sample(remaining(hole), 3))
            bets = _bets(rng, ante, placed or rng.randint(1, 3))
        else:
            five = _ms_five(scenario, rng, bands)
            hole, board = five[:2], five[2:]
            bets = _bets(rng, ante, 4)
        used = {*hole, *board}
        positions = {featured: _MsPosition(featured, hole, bets)}
        for seat in seats:
            if seat == featured:
                continue
            kind = pick(rng, _MS_OTHERS)
            deck = remaining(used)
            if kind == "fold":
                other = tuple(rng.sample(deck, 2))
                placed = rng.randint(1, 3)
            else:

                def fits(h: tuple[Card, ...], kind: str = kind) -> bool:
                    return bands.kind(evaluate_five((*h, *board))) == kind

                other = sample_fitting(rng, deck, 2, fits)
                placed = 4
            used.update(other)
            positions[seat] = _MsPosition(seat, other, _bets(rng, ante, placed))
        label = scenario.label if isinstance(scenario, Category) else scenario
        return [positions[s] for s in seats], board, (featured, label)

    def _natural(
        self, rng: random.Random, seats: list[str], ante: int, bands: _PairBands
    ) -> tuple[list[_MsPosition], tuple[Card, ...], tuple[str, str]]:
        deck = Deck(rng=rng)
        holes = {s: deck.deal(2) for s in seats}
        board = deck.deal(3)
        positions = []
        for seat in seats:
            bets = [ante]
            for street in range(len(board)):
                multiple = _ms_decision((*holes[seat], *board[:street]), bands)
                if not multiple:
                    break
                bets.append(multiple * ante)
            positions.append(_MsPosition(seat, holes[seat], tuple(bets)))
        return positions, board, (seats[0], "natural")

    def situation_of(self, request: Mapping[str, Any], level: int, config: HouseConfig) -> str:
        """The situation of one position's request, as the mix tags its featured position.

        >>> from trainer.engine.house import DEFAULT_CONFIG
        >>> q = MississippiPay().generate(3, 1, DEFAULT_CONFIG)
        >>> MississippiPay().situation_of(q.request, 1, DEFAULT_CONFIG) == q.situation
        True
        """
        asked = read_stored(mississippi_stud.SLUG, request, config)
        settled = _settle(asked.hole, asked.board, asked.bets, config)
        bands = _PairBands.of(config.paytable(mississippi_stud.SLUG))
        return _ms_situation(settled, len(asked.bets), bands)

    def answer_for(self, request: Mapping[str, Any], level: int, config: HouseConfig) -> Answer:
        positions, several = positions_of(request)
        fields: list[AnswerField] = []
        expected: dict[str, Any] = {}
        steps: list[str] = []
        for position in positions:
            seat = seat_of(position)
            asked = read_stored(mississippi_stud.SLUG, position, config)
            s = _settle(asked.hole, asked.board, asked.bets, config)
            name, who = f"p{seat}", say("Seat %(seat)s: ", seat=seat)
            fields += [
                AnswerField(
                    f"{name}.outcome",
                    seated(who, say("outcome")),
                    AnswerKind.CHOICE,
                    OUTCOMES,
                    OUTCOME_KEYS,
                ),
                AnswerField(
                    f"{name}.amount",
                    seated(who, say("amount paid or collected")),
                    AnswerKind.AMOUNT,
                ),
            ]
            expected[f"{name}.outcome"] = s.outcome.value
            expected[f"{name}.amount"] = _paid_or_collected(s)
            if level >= 3 and s.outcome is not Outcome.FOLD:
                for spot in s.spots:
                    key = f"{name}.spot.{spot.bet}"
                    title = _SPOT_TITLES[spot.bet]
                    fields.append(
                        AnswerField(
                            key,
                            seated(who, say("pay on the %(spot)s", spot=title)),
                            AnswerKind.AMOUNT,
                        )
                    )
                    expected[key] = spot.profit
            steps += [who + step if several else step for step in s.steps]
        return tuple(fields), expected, tuple(steps)


def street_bet(cards: Sequence[Card], paytable: Paytable) -> int:
    """The natural deals' betting habit (`_ms_decision`) for a player holding `cards` (the two
    private cards and the community cards turned so far): the street bet in Antes, 0 to fold.

    >>> from trainer.engine.cards import parse_cards
    >>> from trainer.engine.paytables import MISSISSIPPI_STUD_BASE
    >>> street_bet(parse_cards("Qh Qs"), MISSISSIPPI_STUD_BASE), street_bet(parse_cards("7c 2d"),
    ...                                                                    MISSISSIPPI_STUD_BASE)
    (3, 0)
    """
    return _ms_decision(cards, _PairBands.of(paytable))


def _settle(
    hole: Sequence[Card], board: Sequence[Card], bets: Sequence[int], config: HouseConfig
) -> Settlement:
    return mississippi_stud.settle(
        hole, board, bets, paytable=config.paytable(mississippi_stud.SLUG), rules=config.rules
    )


def _paid_or_collected(s: Settlement) -> int:
    """What the dealer hands over (the profit of a win) or takes in (the stake lost)."""
    if s.outcome is Outcome.WIN:
        return s.profit
    return 0 if s.outcome is Outcome.PUSH else s.stake


def _bets(rng: random.Random, ante: int, placed: int) -> tuple[int, ...]:
    """Ante and `placed - 1` street bets, each one of the game's multiples of the Ante."""
    streets = (ante * rng.choice(_MULTIPLES) for _ in range(placed - 1))
    return (ante, *streets)


def _fold_situation(placed: int) -> str:
    """A fold with `placed` bets up: "fold on 4th Street" (its 4th Street bet never made)."""
    return f"fold on {_FOLD_STREETS[placed]}"


def _ms_situation(s: Settlement, placed: int, bands: _PairBands) -> str:
    if s.outcome is Outcome.FOLD:
        return _fold_situation(placed)
    assert s.category is not None  # only a fold goes unread
    one_pair, category = s.category is Category.ONE_PAIR, s.category.label
    if s.outcome is Outcome.PUSH:
        return f"pair of {_band(bands.push)} pushes" if one_pair and bands.push else "push"
    if s.outcome is Outcome.LOSE:
        if one_pair and bands.lose:
            return f"pair of {_band(bands.lose)} loses"
        return f"{category} loses"
    if one_pair:
        return f"pair of {_band(bands.pay)} wins"
    return f"{category} wins"
