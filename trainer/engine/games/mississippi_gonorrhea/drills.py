"""Mississippi Gonorrhea drills: split the pot.

The expected shares are `mississippi_gonorrhea.settle`'s `Showdown` (the hog, the high and low
winners, every seat's share).

>>> from trainer.engine.house import DEFAULT_CONFIG
>>> q = GonorrheaSplit().generate(1, 1, DEFAULT_CONFIG)
>>> q.request["pot"], q.request["hands"]
(20, {'1': 'Qh 2d', '3': '4s 2c', '4': '4d 2h'})
>>> q.expected, q.situation
({'share.1': 10, 'share.3': 5, 'share.4': 5}, 'tied low')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...cards import ACE, Card, format_cards
from ...hands import two_card_high, two_card_low
from ...house import HouseConfig
from ...kit import requests
from ...kit.dealing import RANKS, cards_of_ranks, remaining
from ...kit.fields import AnswerKind
from ...kit.kinds import Answer, AnswerField, Dealt, DrillKind
from ...kit.stakes import (
    PLAYER_LEVELS,
    PLAYERS,
    pick,
    pick_count,
    pick_pot,
    pick_seats,
    sample_fitting,
)
from ...kit.stored import read_stored
from ...messages import say
from . import rules as mississippi_gonorrhea
from .rules import Showdown

_SPLIT_MIX: tuple[tuple[str, float], ...] = (
    ("hog", 18),
    ("shared hog", 5),
    ("split", 32),
    ("tied high", 15),
    ("tied low", 15),
    ("all paired", 8),
    ("alone", 3),
)
#: the seats a ruling request names (the game seats up to eight; the ruling desk six)
SEATS = requests.SEATS
SEVEN = mississippi_gonorrhea.SEVEN


def _not_sevens(hand: Sequence[Card]) -> bool:
    return not (hand[0].rank == hand[1].rank == SEVEN)


class GonorrheaSplit(DrillKind):
    # one pot split, odd chips placed: more players and odd pots take longer
    pace = (10.0, 15.0, 20.0)
    pays = True
    deals_hands = True
    slug = "mg-split"
    game = "mississippi-gonorrhea"
    title = say("Mississippi Gonorrhea: split the pot")
    description = say(
        "Find the hog, or the best high and the best low, and give each seat its chips, odd "
        "chips included."
    )
    mix = say(
        "About a quarter of the pots are hogged by sevens (two pairs of sevens now and then), "
        "three in ten are tied for high or for low, some have every hand paired, and about half "
        "the pots are odd, so an odd chip must go somewhere."
    )
    levels = PLAYER_LEVELS

    def deal(self, rng: random.Random, level: int, config: HouseConfig, natural: bool) -> Dealt:
        return self._deal(rng, level, config, natural)

    def aims(self, config: HouseConfig) -> dict[str, Any]:
        """Each situation of `SPLITS`, aimed at with the mix's scenario (a plain split for an
        even or an odd pot: the pot's parity is left to chance).

        >>> from trainer.engine.house import DEFAULT_CONFIG
        >>> GonorrheaSplit().situations(DEFAULT_CONFIG)[:3]
        ('even split', 'odd chip', 'hog')
        """
        return {
            tag: "split" if scenario in (None, "odd") else scenario
            for scenario, tag in SPLITS.items()
        }

    def deal_aimed(self, rng: random.Random, level: int, config: HouseConfig, aim: Any) -> Dealt:
        return self._deal(rng, level, config, False, aim)

    def _deal(
        self,
        rng: random.Random,
        level: int,
        config: HouseConfig,
        natural: bool,
        aim: str | None = None,
    ) -> Dealt:
        pot = pick_pot(rng, level, config)
        players = pick_count(rng, PLAYERS, level)
        hands: dict[str, tuple[Card, ...]]
        if natural:
            played = mississippi_gonorrhea.deal_hand(
                rng.getrandbits(32), players, rules=config.rules, pot=pot
            )
            hands = dict(played.holdings)
            scenario = "natural"
        else:
            seats = pick_seats(rng, players, SEATS)
            scenario = pick(rng, _SPLIT_MIX) if aim is None else aim
            hands = self._hands(rng, scenario, seats)
        shown = {s: format_cards(h) for s, h in hands.items()}
        request = {"game": self.game, "pot": pot, "hands": shown}
        settled = mississippi_gonorrhea.settle(pot, hands, rules=config.rules)
        return Dealt(
            request=request,
            table={"pot": pot, "seats": dict(shown)},
            prompt=say("Split the pot of %(pot)s.", pot=pot),
            situation=_split_situation(settled, hands, config),
            extra={"mix": scenario},
        )

    def _hands(
        self, rng: random.Random, scenario: str, seats: list[str]
    ) -> dict[str, tuple[Card, ...]]:
        if scenario == "alone":
            seat = rng.choice(seats)
            return {seat: tuple(rng.sample(remaining(), 2))}
        order = list(seats)
        rng.shuffle(order)
        hands: dict[str, tuple[Card, ...]] = {}
        used: list[Card] = []

        def give(seat: str, cards: Sequence[Card]) -> None:
            hands[seat] = tuple(cards)
            used.extend(cards)

        beat: tuple[Callable[[Sequence[Card]], Any], Any] | None = None
        if scenario in ("hog", "shared hog"):
            sevens = [c for c in remaining() if c.rank == SEVEN]
            rng.shuffle(sevens)
            give(order.pop(), sevens[:2])
            if scenario == "shared hog":
                give(order.pop(), sevens[2:])
            elif order and rng.random() < 0.4:
                give(order.pop(), cards_of_ranks([ACE, ACE], rng, exclude=used))
        elif scenario in ("tied high", "tied low"):
            if scenario == "tied high":
                rank = rng.choice([r for r in RANKS if r != SEVEN and r >= 9])
                pattern = [rank, rank] if rng.random() < 0.4 else [rank, rng.randint(2, rank - 1)]
            else:
                high = rng.randint(3, 8)
                pattern = [high, rng.randint(2, high - 1)]
            first = cards_of_ranks(pattern, rng, exclude=used)
            give(order.pop(), first)
            give(order.pop(), cards_of_ranks(pattern, rng, exclude=used))
            judge = two_card_high if scenario == "tied high" else two_card_low
            beat = (judge, judge(first))
        elif scenario == "all paired":
            ranks = rng.sample([r for r in RANKS if r != SEVEN], len(order))
            for seat, rank in zip(order, ranks, strict=True):
                give(seat, cards_of_ranks([rank, rank], rng, exclude=used))
            order = []

        def fits(h: tuple[Card, ...]) -> bool:
            # nobody else hogs, nor beats the tied hands
            return _not_sevens(h) and (beat is None or beat[0](h) < beat[1])

        for seat in order:
            give(seat, sample_fitting(rng, remaining(used), 2, fits))
        return {s: hands[s] for s in seats if s in hands}

    def situation_of(self, request: Mapping[str, Any], level: int, config: HouseConfig) -> str:
        """The pot and the hands of a request, as the split mix tags them."""
        asked = read_stored(mississippi_gonorrhea.SLUG, request, config)
        settled = mississippi_gonorrhea.settle(asked.pot, asked.hands, rules=config.rules)
        return _split_situation(settled, asked.hands, config)

    def answer_for(self, request: Mapping[str, Any], level: int, config: HouseConfig) -> Answer:
        asked = read_stored(mississippi_gonorrhea.SLUG, request, config)
        settled = mississippi_gonorrhea.settle(asked.pot, asked.hands, rules=config.rules)
        shares = settled.shares
        fields = tuple(
            AnswerField(f"share.{s}", say("Seat %(seat)s", seat=s), AnswerKind.AMOUNT)
            for s in shares
        )
        expected = {f"share.{s}": n for s, n in shares.items()}
        return fields, expected, settled.steps


#: the split mix's scenario (None: a plain split) -> the situation it deals, in teaching order
SPLITS: dict[str | None, str] = {
    None: "even split",
    "odd": "odd chip",
    "hog": "hog",
    "tied high": "tied high",
    "tied low": "tied low",
    "all paired": "a pair takes low",
    "shared hog": "sevens share the hog",
    "alone": "alone: takes the pot without a showdown",
}


def _split_situation(s: Showdown, hands: Mapping[str, Sequence[Card]], config: HouseConfig) -> str:
    if len(hands) == 1:
        return SPLITS["alone"]
    if len(s.hog) > 1:
        return SPLITS["shared hog"]
    if s.hog:
        return SPLITS["hog"]
    if len(s.high) > 1:
        return SPLITS["tied high"]
    if len(s.low) > 1:
        return SPLITS["tied low"]
    lows = hands[s.low[0]]
    if lows[0].rank == lows[1].rank:
        return SPLITS["all paired"]
    if (s.pot // config.rules.chip_unit) % 2:
        return SPLITS["odd"]
    return SPLITS[None]
