"""English Stud drills: the bring-in, first to act, the showdown.

The expected seat is the `Decision` of `english_stud.bring_in` or `english_stud.first_to_act`;
the winners and shares are `english_stud.showdown`'s `Showdown`.

>>> from trainer.engine.house import DEFAULT_CONFIG
>>> q = EnglishBringIn().generate(0, 1, DEFAULT_CONFIG)
>>> q.request["up"], q.expected, q.situation
({'1': 'As', '3': '3h', '4': '9h'}, {'seat': '3'}, 'ace is high')
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ...cards import ACE, Card, Deck, format_cards
from ...drills.hand_reading import ASCENDING, seven_of
from ...errors import EngineError
from ...hands import Category, ExposedValue, HandValue, best_five, evaluate_exposed, evaluate_five
from ...house import HouseConfig
from ...kit.answers import seat_field, seats_field
from ...kit.dealing import RANKS, cards_of_ranks, hand_of, remaining, tie_for
from ...kit.fields import AnswerKind
from ...kit.kinds import Answer, AnswerField, Dealt, DrillKind
from ...kit.stakes import (
    LOSING_HANDS,
    PLAYER_LEVELS,
    PLAYERS,
    TIED_HANDS,
    TRIES,
    category_up_to,
    pick,
    pick_count,
    pick_pot,
    pick_seats,
    pot_level,
    sample_fitting,
)
from ...kit.stored import read_stored
from ...messages import say
from . import deal
from . import rules as english_stud

#: the bring-in's situations, in teaching order (each the mix's name for its scenario)
LOWEST, ACE_HIGH, TIE_ON_RANK = "lowest card", "ace is high", "bring-in tie on rank"
_BRING_IN_MIX = ((LOWEST, 35), (TIE_ON_RANK, 45), (ACE_HIGH, 20))
#: what decides who acts first, at any street: the situations, in teaching order
HIGHER_RANK = "higher rank"
HIGHER_CATEGORY = "higher category"
KICKER = "kicker decides"
TIED = "tied exposed hands"
#: the first-to-act mix's scenarios (on 3rd Street, and later) that deal each situation
_FIRST_AIMS = {
    HIGHER_RANK: ("highest card", "plain"),
    HIGHER_CATEGORY: (
        "pair beats high card",
        "no straights or flushes in up cards",
        "trips beat two pair",
    ),
    KICKER: ("kicker decides",),
    TIED: ("tied high card on 3rd Street", "tied exposed hands"),
}
_FIRST_MIX_3 = (("highest card", 50), ("tied high card on 3rd Street", 50))
_FIRST_MIX = (
    ("pair beats high card", 20),
    ("kicker decides", 20),
    ("tied exposed hands", 20),
    ("no straights or flushes in up cards", 15),
    ("trips beat two pair", 10),
    ("plain", 15),
)
_STREETS = {1: (3, 4), 2: (3, 6), 3: (4, 7)}
_SHOWDOWN_MIX = (("tie", 35), ("best five", 40), ("kicker decides", 15), ("plain", 10))
TIE, ODD_TIE = "tie", "tie with odd chips"
_SHOWDOWN_WINNERS: tuple[tuple[Category, float], ...] = (
    (Category.ONE_PAIR, 10),
    (Category.TWO_PAIR, 14),
    (Category.THREE_OF_A_KIND, 12),
    (Category.STRAIGHT, 14),
    (Category.FLUSH, 14),
    (Category.FULL_HOUSE, 14),
    (Category.FOUR_OF_A_KIND, 8),
    (Category.STRAIGHT_FLUSH, 5),
    (Category.ROYAL_FLUSH, 2),
)


def _assign(
    rng: random.Random, seats: list[str], hands: list[tuple[Card, ...]]
) -> dict[str, tuple[Card, ...]]:
    """Hands (the leading ones first) to seats at random, listed in seat order."""
    order = list(seats)
    rng.shuffle(order)
    given = dict(zip(order, hands, strict=True))
    return {s: given[s] for s in seats}


class EnglishBringIn(DrillKind):
    # the bring-in is called as the up cards land: a dealer says it at once
    pace = (4.0, 5.0, 6.0)
    slug = "es-bring-in"
    game = "english-stud"
    title = say("English Stud: the bring-in")
    description = say(
        "On 3rd Street the lowest up card brings it in: aces are high, and a tie on rank goes "
        "by suit, clubs lowest, then diamonds, hearts, spades."
    )
    mix = say(
        "Nearly half the deals tie on the lowest rank, so the suits decide; one in five shows "
        "an ace beside the low card; the rest have one plainly lowest card."
    )
    levels = PLAYER_LEVELS

    def deal(self, rng: random.Random, level: int, config: HouseConfig, natural: bool) -> Dealt:
        return self._deal(rng, level, config, natural)

    def aims(self, config: HouseConfig) -> dict[str, Any]:
        """The plainly lowest card, an ace beside it, a tie on rank: the mix's scenarios.

        >>> from trainer.engine.house import DEFAULT_CONFIG
        >>> EnglishBringIn().situations(DEFAULT_CONFIG)
        ('lowest card', 'ace is high', 'bring-in tie on rank')
        """
        return {tag: tag for tag in (LOWEST, ACE_HIGH, TIE_ON_RANK)}

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
        players = pick_count(rng, PLAYERS, level)
        if natural:
            hand = deal.Hand(players, deck=Deck(rng=rng), rules=config.rules)
            up = dict(hand.third_street_up)
        else:
            up = self._mixed(rng, pick_seats(rng, players, english_stud.SEATS), aim)
        shown = {s: str(c) for s, c in up.items()}
        request = {"game": self.game, "ask": "bring-in", "up": shown}
        return Dealt(
            request=request,
            table={"street": 3, "up": dict(shown)},
            prompt=say("Who brings it in?"),
            situation=_bring_in_situation(up),
        )

    def situation_of(self, request: Mapping[str, Any], level: int, config: HouseConfig) -> str:
        """The up cards of a request, as the bring-in mix tags them."""
        up = read_stored(english_stud.SLUG, {**request, "ask": "bring-in"}, config).up
        return _bring_in_situation(up)

    def _mixed(self, rng: random.Random, seats: list[str], aim: str | None) -> dict[str, Card]:
        scenario = pick(rng, _BRING_IN_MIX) if aim is None else aim
        low = pick(rng, ((2, 30), (3, 22), (4, 16), (5, 12), (6, 10), (7, 6), (8, 4)))
        tied = rng.randint(2, min(3, len(seats))) if scenario == TIE_ON_RANK else 1
        cards = list(cards_of_ranks([low] * tied, rng))
        if scenario == ACE_HIGH and len(seats) > tied:
            cards += cards_of_ranks([ACE], rng, exclude=cards)
        higher = [c for c in remaining(cards) if c.rank > low]
        cards += rng.sample(higher, len(seats) - len(cards))
        return {s: h[0] for s, h in _assign(rng, seats, [(c,) for c in cards]).items()}

    def answer_for(self, request: Mapping[str, Any], level: int, config: HouseConfig) -> Answer:
        up = read_stored(english_stud.SLUG, {**request, "ask": "bring-in"}, config).up
        decision = english_stud.bring_in(up)
        return (seat_field("seat", "Bring-in", list(up)),), {"seat": decision.seat}, decision.steps


def _bring_in_situation(up: Mapping[str, Card]) -> str:
    ranks = Counter(c.rank for c in up.values())
    low = min(ranks)
    if ranks[low] > 1:
        return TIE_ON_RANK
    return ACE_HIGH if ACE in ranks else LOWEST


def _exposed(cards: Sequence[Card]) -> ExposedValue:
    return evaluate_exposed(cards)


class EnglishFirstToAct(DrillKind):
    # the best showing hand, read across the board on each street
    pace = (4.0, 5.0, 6.0)
    slug = "es-first-to-act"
    game = "english-stud"
    title = say("English Stud: first to act")
    description = say(
        "Who starts the betting: on 3rd Street the highest up card (suits do not count); on "
        "4th to 7th the highest exposed hand, no straights or flushes; ties go to the first "
        "seat clockwise from the dealer."
    )
    mix = say(
        "Half the 3rd Streets tie on the highest rank; later streets bring up pairs against "
        "high cards, kickers, tied hands, up cards that look like a straight or a flush but "
        "count only as high cards, and trips against two pair."
    )
    levels = (
        pot_level(1, say("three players, 3rd and 4th Street")),
        pot_level(2, say("four or five players, 3rd to 6th Street")),
        pot_level(3, say("six players, 4th to 7th Street")),
    )

    def deal(self, rng: random.Random, level: int, config: HouseConfig, natural: bool) -> Dealt:
        return self._deal(rng, level, config, natural)

    def aims(self, config: HouseConfig) -> dict[str, Any]:
        """What decides, at every street: a higher rank, a higher category, a kicker, or
        nothing (tied hands: the first seat clockwise); each the mix's scenarios for it.
        (Which categories, or a straight or flush in the up cards not counting, cannot be
        told apart in the situation: a level dealing 3rd and 4th Street shows neither.)

        >>> from trainer.engine.house import DEFAULT_CONFIG
        >>> EnglishFirstToAct().situations(DEFAULT_CONFIG)
        ('higher rank', 'higher category', 'kicker decides', 'tied exposed hands')
        """
        return dict(_FIRST_AIMS)

    def deal_aimed(self, rng: random.Random, level: int, config: HouseConfig, aim: Any) -> Dealt:
        return self._deal(rng, level, config, False, aim)

    def situation_now(self, situation: str, request: Mapping[str, Any], config: HouseConfig) -> str:
        """A tag of an earlier version (3rd Street's "highest card", "one pair beats high
        card", up cards that only looked like a straight or a flush, ...) worked out again
        from the stored up cards.

        >>> up = {"1": "Kh 9c", "2": "Ks 4d", "3": "8c 8d"}
        >>> request = {"game": "english-stud", "street": 4, "up": up}
        >>> EnglishFirstToAct().situation_now("one pair beats high card", request, None)
        'higher category'
        """
        if situation in _FIRST_AIMS:
            return situation
        return self.situation_of(request, 1, config)

    def situation_of(self, request: Mapping[str, Any], level: int, config: HouseConfig) -> str:
        """What decides first to act on the request's street, as the mix tags it."""
        asked = read_stored(english_stud.SLUG, {**request, "ask": "first-to-act"}, config)
        return _first_situation(asked.street, asked.up)

    def _deal(
        self,
        rng: random.Random,
        level: int,
        config: HouseConfig,
        natural: bool,
        aim: tuple[str, ...] | None = None,
    ) -> Dealt:
        players = pick_count(rng, PLAYERS, level)
        street = rng.randint(*_STREETS[level])
        up = self._natural(rng, players, street, config) if natural else None
        scenario = "natural"
        if up is None:
            seats = pick_seats(rng, players, english_stud.SEATS)
            if aim is None:
                scenario = pick(rng, _FIRST_MIX_3 if street == 3 else _FIRST_MIX)
            else:
                scenario = rng.choice(aim)
            up = self._mixed(rng, seats, street, scenario)
        shown = {s: format_cards(c) for s, c in up.items()}
        request = {"game": self.game, "ask": "first-to-act", "street": street, "up": shown}
        return Dealt(
            request=request,
            table={"street": street, "up": dict(shown)},
            prompt=say("Who acts first on %(street)s?", street=english_stud.street_name(street)),
            situation=_first_situation(street, up),
            category=None if street == 3 else max(map(_exposed, up.values())).category.label,
            extra={"mix": scenario},
        )

    def _natural(
        self, rng: random.Random, players: int, street: int, config: HouseConfig
    ) -> dict[str, tuple[Card, ...]] | None:
        """The up cards of a plain deal played to `street`; None when the stock runs out in
        a house that does not reshuffle (the mix deals instead)."""
        hand = deal.Hand(players, deck=Deck(rng=rng), rules=config.rules)
        try:
            while hand.street < street:
                while (seat := hand.to_act) is not None:
                    hand.exchange(seat, deal.simple_policy(hand.hole(seat), hand.exposed(seat)))
                hand.deal_street()
        except EngineError:
            return None
        return {s: hand.exposed(s) for s in hand.active}

    def _mixed(
        self, rng: random.Random, seats: list[str], street: int, scenario: str
    ) -> dict[str, tuple[Card, ...]]:
        n = english_stud.UP_CARDS[street]
        if n < 3 and scenario in ("no straights or flushes in up cards", "trips beat two pair"):
            scenario = "pair beats high card"
        if n == 1:
            top = rng.randint(8, ACE)
            count = 2 if scenario.startswith("tied") else 1
            lead: list[tuple[Card, ...]] = [(c,) for c in cards_of_ranks([top] * count, rng)]
            used = [c for h in lead for c in h]
            lower = [c for c in remaining(used) if c.rank < top]
            rest = [(c,) for c in rng.sample(lower, len(seats) - count)]
            return _assign(rng, seats, [*lead, *rest])
        lead = self._leaders(rng, n, scenario)
        used = [c for h in lead for c in h]
        mark = min(_exposed(h) for h in lead)
        hands = list(lead)
        for _ in range(len(seats) - len(lead)):
            other = sample_fitting(
                rng, remaining(used), n, lambda h: scenario == "plain" or _exposed(h) < mark
            )
            hands.append(other)
            used.extend(other)
        return _assign(rng, seats, hands)

    def _leaders(self, rng: random.Random, n: int, scenario: str) -> list[tuple[Card, ...]]:
        """The hands that decide: the one that acts first, and its closest rival."""
        if scenario == "pair beats high card":
            pair = rng.randint(2, 8)
            kick = rng.sample([r for r in RANKS if r != pair and r < 11], n - 2)
            leader = cards_of_ranks([pair, pair, *kick], rng)
            rival = cards_of_ranks(rng.sample(range(9, ACE + 1), n), rng, exclude=leader)
            return [leader, rival]
        if scenario == "kicker decides":
            if n == 2:
                top = rng.randint(10, ACE)
                hi, lo = sorted(rng.sample(range(2, top), 2), reverse=True)
                shape_a, shape_b = [top, hi], [top, lo]
            else:
                pair = rng.choice(RANKS)
                others = [r for r in RANKS if r != pair]
                shared = rng.sample(others, n - 3)
                hi, lo = sorted(rng.sample([r for r in others if r not in shared], 2), reverse=True)
                shape_a, shape_b = [pair, pair, *shared, hi], [pair, pair, *shared, lo]
            leader = cards_of_ranks(shape_a, rng)
            return [leader, cards_of_ranks(shape_b, rng, exclude=leader)]
        if scenario == "tied exposed hands":
            if n >= 3 and rng.random() < 0.5:
                pair = rng.choice(RANKS)
                shape = [pair, pair, *rng.sample([r for r in RANKS if r != pair], n - 2)]
            else:
                shape = rng.sample(RANKS, n)
            leader = cards_of_ranks(shape, rng)
            return [leader, cards_of_ranks(shape, rng, exclude=leader)]
        if scenario == "no straights or flushes in up cards":
            low = rng.randint(6, ACE - n + 1)
            suit = rng.randrange(4)
            suit_cards = [c for c in remaining() if c.suit == suit]
            rival = tuple(c for c in suit_cards if low <= c.rank < low + n)
            pair = rng.randint(2, 5)
            kick = rng.sample([r for r in range(2, low) if r != pair], n - 2)
            leader = cards_of_ranks([pair, pair, *kick], rng, exclude=rival)
            return [leader, rival]
        if scenario == "trips beat two pair":
            trips = rng.randint(2, 9)
            others = [r for r in RANKS if r != trips]
            leader = cards_of_ranks([trips] * 3 + rng.sample(others, n - 3), rng)
            a, b = rng.sample([r for r in others if r > trips], 2)
            shape = [a, a, b, b] if n == 4 else [a, a, rng.choice([r for r in others if r != a])]
            return [leader, cards_of_ranks(shape, rng, exclude=leader)]
        hand = tuple(rng.sample(remaining(), n))
        return [hand]

    def answer_for(self, request: Mapping[str, Any], level: int, config: HouseConfig) -> Answer:
        asked = read_stored(english_stud.SLUG, {**request, "ask": "first-to-act"}, config)
        up = asked.up
        decision = english_stud.first_to_act(asked.street, up)
        field_ = seat_field("seat", "First to act", list(up))
        return (field_,), {"seat": decision.seat}, decision.steps


def _first_situation(street: int, up: Mapping[str, Sequence[Card]]) -> str:
    """What decides between the two best exposed hands (on 3rd Street one card each: the
    rank, or a tie on it)."""
    values = sorted((_exposed(c) for c in up.values()), reverse=True)
    best, second = values[0], values[1]
    if best.key == second.key:
        return TIED
    if best.category != second.category:
        return HIGHER_CATEGORY
    return KICKER if best.key[1][0] == second.key[1][0] else HIGHER_RANK


class EnglishShowdown(DrillKind):
    # the winner read and the pot split among the seats
    pace = (10.0, 15.0, 20.0)
    pays = True
    deals_hands = True
    slug = "es-showdown"
    game = "english-stud"
    title = say("English Stud: the showdown")
    description = say(
        "Find each seat's best five of seven, name the winner or the tied winners, and split "
        "the pot, odd chips by the highest card by suit."
    )
    mix = say(
        "About a third of the showdowns are ties (so the pot splits, often with odd chips); "
        "the winning hands spread from one pair to the royal flush; some are decided by a "
        "kicker."
    )
    levels = PLAYER_LEVELS

    def deal(self, rng: random.Random, level: int, config: HouseConfig, natural: bool) -> Dealt:
        return self._deal(rng, level, config, natural)

    def aims(self, config: HouseConfig) -> dict[str, Any]:
        """A win with each category, a kicker deciding, then a tie (the pot splitting
        evenly or not: its size is left to chance); each the mix's scenario, a win its
        winning category.

        >>> from trainer.engine.house import DEFAULT_CONFIG
        >>> tags = EnglishShowdown().situations(DEFAULT_CONFIG)
        >>> tags[:2], tags[-3:], len(tags)
        (('high card wins', 'one pair wins'), ('kicker decides', 'tie', 'tie with odd chips'), 13)
        """
        aims: dict[str, Any] = {_wins(c): ("best five", c) for c in ASCENDING}
        aims[KICKER] = ("kicker decides", None)
        aims.update({TIE: ("tie", None), ODD_TIE: ("tie", None)})
        return aims

    def deal_aimed(self, rng: random.Random, level: int, config: HouseConfig, aim: Any) -> Dealt:
        return self._deal(rng, level, config, False, aim)

    def _deal(
        self,
        rng: random.Random,
        level: int,
        config: HouseConfig,
        natural: bool,
        aim: tuple[str, Category | None] | None = None,
    ) -> Dealt:
        pot = pick_pot(rng, level, config)
        players = pick_count(rng, PLAYERS, level)
        hands: dict[str, tuple[Card, ...]] | None = None
        scenario = "natural"
        if natural:
            # a short stock may end in a community card (which the ruling request cannot
            # show) or, in a house that does not reshuffle, in no hand at all: deal again
            for _ in range(5):
                try:
                    played = deal.deal_hand(
                        rng.getrandbits(32), players, rules=config.rules, pot=pot
                    )
                except EngineError:
                    continue
                if played.community is None:
                    # holdings list the hole cards (7th Street's last) before the up cards
                    hands = {s: (*h[:2], *h[3:], h[2]) for s, h in played.holdings.items()}
                    break
        if hands is None:
            scenario, top = (pick(rng, _SHOWDOWN_MIX), None) if aim is None else aim
            hands = _assign(
                rng,
                pick_seats(rng, players, english_stud.SEATS),
                self._hands(rng, scenario, players, top),
            )
        request = {
            "game": self.game,
            "ask": "showdown",
            "pot": pot,
            "hands": {s: format_cards(h) for s, h in hands.items()},
        }
        settled = english_stud.showdown(pot, hands, rules=config.rules)
        winners = settled.winners
        situation = _showdown_tag(settled, hands, config)
        return Dealt(
            request=request,
            table={
                "pot": pot,
                # stud order: two down, four up, the 7th Street card down
                "seats": {s: format_cards(h) for s, h in hands.items()},
                "exposed": {s: format_cards(h[2:6]) for s, h in hands.items()},
            },
            prompt=say("Read the hands and split the pot of %(pot)s.", pot=pot),
            situation=situation,
            category=settled.categories[winners[0]].label,
            extra={"mix": scenario},
        )

    def _hands(
        self, rng: random.Random, scenario: str, players: int, top: Category | None = None
    ) -> list[tuple[Card, ...]]:
        """The mix's hands for `scenario`; `top` the winning category of a "best five"."""
        used: list[Card] = []
        lead: list[tuple[Card, ...]] = []
        top = pick(rng, _SHOWDOWN_WINNERS) if top is None else top
        if scenario == "tie":
            for _ in range(TRIES):
                first = seven_of(pick(rng, TIED_HANDS), rng)
                second = tie_for(first, rng)
                if second is not None:
                    lead += [first, second]
                    break
            else:  # pragma: no cover - seven cards of pairs and singles always have a match
                lead.append(seven_of(Category.ONE_PAIR, rng))
            top = best_five(lead[0])[0].category
            used.extend(c for h in lead for c in h)
        elif scenario == "kicker decides":
            pair = rng.choice(RANKS)
            top = Category.ONE_PAIR
            first = hand_of(Category.ONE_PAIR, rng, ranks=[pair])
            second = hand_of(Category.ONE_PAIR, rng, exclude=first, ranks=[pair])
            lead.append(_extend(first, rng, second))
            lead.append(_extend(second, rng, lead[0]))
            used.extend(c for h in lead for c in h)
        elif scenario == "best five":
            lead.append(seven_of(top, rng))
            used.extend(lead[-1])
        hands = list(lead)
        mark = min(best_five(h)[0] for h in lead) if lead else None
        while len(hands) < players:
            if scenario == "plain":
                hand = tuple(rng.sample(remaining(used), english_stud.HAND_SIZE))
            else:
                hand = _weaker_seven(rng, top, used, mark)
            hands.append(hand)
            used.extend(hand)
        return hands

    def situation_of(self, request: Mapping[str, Any], level: int, config: HouseConfig) -> str:
        """The hands and the pot of a request, as the showdown mix tags them."""
        asked = read_stored(english_stud.SLUG, {**request, "ask": "showdown"}, config)
        settled = english_stud.showdown(asked.pot, asked.hands, rules=config.rules)
        return _showdown_tag(settled, asked.hands, config)

    def answer_for(self, request: Mapping[str, Any], level: int, config: HouseConfig) -> Answer:
        asked = read_stored(english_stud.SLUG, {**request, "ask": "showdown"}, config)
        settled = english_stud.showdown(asked.pot, asked.hands, rules=config.rules)
        seats = list(settled.shares)
        fields = (
            seats_field("winners", "Winning seats", seats),
            *(
                AnswerField(f"share.{s}", say("Seat %(seat)s", seat=s), AnswerKind.AMOUNT)
                for s in seats
            ),
        )
        expected: dict[str, Any] = {"winners": sorted(settled.winners, key=int)}
        expected.update({f"share.{s}": n for s, n in settled.shares.items()})
        return fields, expected, settled.steps


def _weaker_seven(
    rng: random.Random, top: Category, used: Sequence[Card], mark: HandValue | None
) -> tuple[Card, ...]:
    """Seven cards for a seat that should lose to `mark` (the leading hands): built to a
    category no better than `top` within a few attempts; when the cards left cannot make one
    (six seats use 42 cards), seven of the cards left."""
    below = category_up_to(LOSING_HANDS, top)
    hand: tuple[Card, ...] = ()
    for _ in range(6):
        try:
            hand = seven_of(pick(rng, below), rng, exclude=used)
        except EngineError:
            continue
        if mark is None or best_five(hand)[0] < mark:
            return hand
    return hand or tuple(rng.sample(remaining(used), english_stud.HAND_SIZE))


def _extend(five: Sequence[Card], rng: random.Random, used: Sequence[Card]) -> tuple[Card, ...]:
    """Five cards and two more that leave the best five as it is (within TRIES attempts)."""
    value = evaluate_five(five)
    deck = remaining((*used, *five))

    def keeps(extra: tuple[Card, ...]) -> bool:
        return best_five((*five, *extra))[0] == value

    cards = [*five, *sample_fitting(rng, deck, 2, keeps)]
    rng.shuffle(cards)
    return tuple(cards)


def _wins(category: Category) -> str:
    return f"{category.label} wins"


def _showdown_tag(
    settled: english_stud.Showdown, hands: Mapping[str, Sequence[Card]], config: HouseConfig
) -> str:
    winners = settled.winners
    if len(winners) > 1:
        odd = (settled.pot // config.rules.chip_unit) % len(winners)
        return ODD_TIE if odd else TIE
    return _showdown_situation(hands, winners[0])


def _showdown_situation(hands: Mapping[str, Sequence[Card]], winner: str) -> str:
    values = sorted((best_five(h)[0] for h in hands.values()), reverse=True)
    best, second = values[0], values[1]
    if best.category is second.category and best.ranks[0] == second.ranks[0]:
        return KICKER
    return _wins(best.category)
