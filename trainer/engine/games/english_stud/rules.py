"""English Stud (english-stud.txt, RULES.md): seven-card stud with two exchange rounds.

Seats are "1" to "6" clockwise, seat 1 the first clockwise from the dealer, so a tie that goes
"to the first seat clockwise from the dealer" goes to the lowest seat.

>>> bring_in({"1": card("2c"), "2": card("2d"), "3": card("Ks")}).seat
'1'
>>> first_to_act(5, {"1": parse_cards("2c 2d 9s"), "2": parse_cards("Kd Qs 3h")}).seat
'1'
>>> s = showdown(30, {"1": parse_cards("As Ks Qs Js Ts 2c 3d"),
...                   "2": parse_cards("Ah Ad Ac 9h 9d 4c 5c")})
>>> s.winners, s.categories["1"].label, s.shares
(('1',), 'royal flush', {'1': 30, '2': 0})
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...cards import Card, Deck, card, format_cards, parse_cards  # noqa: F401 (doctests)
from ...chips import divide
from ...errors import EngineError
from ...hands import Category, HandValue, best_five, evaluate_exposed, rank_name
from ...house import HouseConfig, HouseRules
from ...seats import in_seat_order
from ...seats import seats as seat_numbers
from ...words import cap, payout_sentence, seat_list, show
from .request import BringInRequest, FirstToActRequest, ShowdownRequest

__all__ = [
    "MAX_PLAYERS",
    "UP_CARDS",
    "Decision",
    "ExchangeRecord",
    "Face",
    "Hand",
    "PlayedHand",
    "Showdown",
    "bring_in",
    "deal_hand",
    "exchange_offer",
    "first_to_act",
    "ruling",
    "showdown",
    "simple_policy",
]

#: the game's name in requests (RULING_API.md) and in the games registry
SLUG = "english-stud"

#: the text: "a maximum of 6 players"
MAX_PLAYERS = 6
SEATS = seat_numbers(MAX_PLAYERS)
#: up cards each player shows when a street's action begins (the 7th card is dealt down)
UP_CARDS: dict[int, int] = {3: 1, 4: 2, 5: 3, 6: 4, 7: 4}
#: the streets after which an exchange round is played: street -> round number
EXCHANGE_AFTER: dict[int, int] = {5: 1, 6: 2}
HAND_SIZE = 7

_DEFAULT_RULES = HouseRules()


def street_name(street: int) -> str:
    return f"{street}{'rd' if street == 3 else 'th'} Street"


# --- words -------------------------------------------------------------------------------


def _a_rank(rank: int) -> str:
    name = rank_name(rank)
    return f"{'an' if name[0] in 'ae' else 'a'} {name}"


# --- who pays the bring-in, who acts first ------------------------------------------------


@dataclass(frozen=True)
class Decision:
    """A seat chosen by a rule, with the reasons."""

    seat: str
    steps: tuple[str, ...]


def bring_in(up: Mapping[str, Card]) -> Decision:
    """The seat showing the lowest up card on 3rd Street pays the bring-in: ranks with the ace
    high, ties broken by suit (clubs < diamonds < hearts < spades).

    >>> decision = bring_in({"1": card("5h"), "2": card("5c"), "3": card("Ad")})
    >>> decision.seat, decision.steps[-1].endswith("so seat 2's 5♣ pays the bring-in.")
    ('2', True)
    """
    seats = in_seat_order(up)
    shown = {s: up[s] for s in seats}
    steps = ["Up cards: " + ", ".join(f"seat {s} {show(c)}" for s, c in shown.items()) + "."]
    lowest = min(shown, key=lambda s: (shown[s].rank, shown[s].suit))
    low = shown[lowest]
    tied = [s for s in seats if shown[s].rank == low.rank]
    if len(tied) == 1:
        steps.append(
            f"Seat {lowest} shows the lowest card, {show(low)}: seat {lowest} pays the bring-in."
        )
    else:
        steps.append(
            f"{cap(seat_list(tied))} {'both' if len(tied) == 2 else 'all'} show "
            f"{_a_rank(low.rank)}, the lowest rank: suits break the tie, clubs lowest, so seat "
            f"{lowest}'s {show(low)} pays the bring-in."
        )
    return Decision(lowest, tuple(steps))


def first_to_act(street: int, up: Mapping[str, Sequence[Card]]) -> Decision:
    """Who starts the betting: on 3rd Street the highest up card (tied ranks: the first seat
    clockwise from the dealer, suits do not count); on 4th to 7th the highest exposed hand
    (quads > trips > two pair > pair > high card, then kickers; ties to the first seat).

    >>> first_to_act(3, {"2": parse_cards("Kd"), "4": parse_cards("Ks")}).seat
    '2'
    >>> first_to_act(6, {"1": parse_cards("9c 9d 4h 4s"), "2": parse_cards("2c 2d 2h Ks")}).seat
    '2'
    """
    seats = in_seat_order(up)
    shown = {s: tuple(up[s]) for s in seats}
    if street == 3:
        steps = ["Up cards: " + ", ".join(f"seat {s} {show(c[0])}" for s, c in shown.items())]
        steps[0] += "."
        top = max(c[0].rank for c in shown.values())
        tied = [s for s in seats if shown[s][0].rank == top]
        first = tied[0]
        if len(tied) == 1:
            steps.append(
                f"Seat {first} shows the highest card, {show(shown[first][0])}: "
                f"seat {first} acts first."
            )
        else:
            steps.append(
                f"{cap(seat_list(tied))} {'both' if len(tied) == 2 else 'all'} show "
                f"{_a_rank(top)}, the highest card; suits do not count here, so seat {first}, "
                "the first clockwise from the dealer, acts first."
            )
        return Decision(first, tuple(steps))

    values = {s: evaluate_exposed(c) for s, c in shown.items()}
    steps = [
        "Exposed hands: "
        + "; ".join(
            f"seat {s} {' '.join(show(c) for c in shown[s])}, {v}" for s, v in values.items()
        )
        + "."
    ]
    best = max(values.values(), key=lambda v: v.key)
    tied = [s for s in seats if values[s].key == best.key]
    first = tied[0]
    if len(tied) == 1:
        steps.append(f"Seat {first}'s {best} is the highest exposed hand: seat {first} acts first.")
    else:
        steps.append(
            f"{cap(seat_list(tied))} tie for the highest exposed hand with {best}: seat "
            f"{first}, the first clockwise from the dealer, acts first."
        )
    return Decision(first, tuple(steps))


def exchange_offer(
    seats: Sequence[str], folded: Collection[str], offered: Collection[str], street: int
) -> Decision:
    """Who is offered the exchange next in the round after `street` (5 or 6): "starting to
    the left of the dealer, one at a time" (english-stud.txt), the first seat in seat order
    still in the hand and not offered yet this round.

    >>> exchange_offer(["1", "2", "4"], {"2"}, {"1"}, 5).seat
    '4'
    >>> exchange_offer(["1", "2", "4"], {"2"}, {"1"}, 5).steps[-1]
    'Seat 1 has had its turn and seat 2 has folded: seat 4 is offered the exchange next.'
    """
    order = in_seat_order(seats)
    live = [s for s in order if s not in folded]
    waiting = [s for s in live if s not in offered]
    if not waiting:
        raise EngineError(
            f"Every player still in has had the exchange after {street_name(street)}."
        )
    nxt = waiting[0]
    steps = [
        f"After {street_name(street)} the exchange is offered in seat order from the dealer's "
        "left, one player at a time, to every player still in."
    ]
    before = order[: order.index(nxt)]
    had = [s for s in before if s in offered]
    out = [s for s in before if s in folded]
    said = []
    if had:
        turns = "has had its turn" if len(had) == 1 else "have had their turns"
        said.append(f"{seat_list(had)} {turns}")
    if out:
        said.append(f"{seat_list(out)} {'has' if len(out) == 1 else 'have'} folded")
    head = f"{cap(' and '.join(said))}: seat" if said else "Seat"
    steps.append(f"{head} {nxt} is offered the exchange next.")
    return Decision(nxt, tuple(steps))


# --- the showdown --------------------------------------------------------------------------


@dataclass(frozen=True)
class Showdown:
    """The pot settled among seven-card hands, with its reasons in `steps`.

    `best`: each seat's best five cards, arranged as a dealer reads them; `shares`: every seat
    in seat order (0 for a loser), adding up to `pot`; `odd_chip_order`: the winners in the
    order odd chips go to them (highest card by suit first).
    """

    pot: int
    winners: tuple[str, ...]
    best: dict[str, tuple[Card, ...]]
    categories: dict[str, Category]
    values: dict[str, HandValue]
    shares: dict[str, int]
    odd_chip_order: tuple[str, ...]
    steps: tuple[str, ...]


def _odd_chip_order(winners: Sequence[str], sevens: Mapping[str, Sequence[Card]]) -> list[str]:
    """Tied players in order of their highest card by suit, all seven cards considered.  A card
    every one of them holds (a community card) cannot tell them apart, so the next card does."""
    common = set.intersection(*(set(sevens[s]) for s in winners))

    def key(seat: str) -> list[tuple[int, int]]:
        return sorted(((c.rank, c.suit) for c in sevens[seat] if c not in common), reverse=True)

    return sorted(winners, key=key, reverse=True)


def _top_card(seven: Sequence[Card], common: set[Card]) -> Card:
    return max((c for c in seven if c not in common), key=lambda c: (c.rank, c.suit))


def showdown(
    pot: int,
    hands: Mapping[str, Sequence[Card]],
    *,
    rules: HouseRules = _DEFAULT_RULES,
) -> Showdown:
    """Best five of each player's seven; the best hand takes the pot, tied hands split it,
    odd chips one each to the tied players in order of their highest card by suit.
    A community card (dealt face up for all on a short 7th Street) is in every hand.

    >>> s = showdown(31, {"2": parse_cards("Th 9h 8c 7d 6s 2c 3c"),
    ...                   "4": parse_cards("Tc 9d 8s 7h 6c As 3s"),
    ...                   "5": parse_cards("Kc Kd 4h 4s Jh 2d 5s")})
    >>> s.winners, s.odd_chip_order, s.shares
    (('2', '4'), ('4', '2'), {'2': 15, '4': 16, '5': 0})
    """
    unit = rules.chip_unit
    seats = in_seat_order(hands)
    sevens = {s: tuple(hands[s]) for s in seats}

    values: dict[str, HandValue] = {}
    best: dict[str, tuple[Card, ...]] = {}
    steps: list[str] = []
    for s in seats:
        values[s], best[s] = best_five(sevens[s])
        steps.append(f"Seat {s}: {' '.join(show(c) for c in best[s])}, {values[s]}.")
    top = max(v.strength for v in values.values())
    winners = tuple(s for s in seats if values[s].strength == top)
    order = tuple(_odd_chip_order(winners, sevens))
    divided = divide(pot, order, unit=unit)
    shares = {s: divided.get(s, 0) for s in seats}

    if len(winners) == 1:
        (w,) = winners
        steps.append(f"Seat {w}'s {values[w]} is best: seat {w} takes the pot of {pot}.")
    else:
        steps.append(
            f"{cap(seat_list(winners))} tie ({values[winners[0]]}): they split the pot of {pot}."
        )
        chips = pot // unit
        base = chips // len(winners) * unit
        odd = chips % len(winners)
        head = f"The pot of {pot} "
        if not odd:
            steps.append(f"{head}splits evenly: {base} each.")
        else:
            common = set.intersection(*(set(sevens[s]) for s in winners))
            tops = {s: show(_top_card(sevens[s], common)) for s in order}
            if odd == 1:
                tail = (
                    f"the odd chip goes to seat {order[0]}, whose {tops[order[0]]} is the "
                    "highest card by suit (all seven cards count)."
                )
            else:
                listed = ", then ".join(f"seat {s} ({tops[s]})" for s in order[:odd])
                tail = (
                    f"the {odd} odd chips go one each in order of highest card by suit (all "
                    f"seven cards count): {listed}."
                )
            steps.append(
                f"{head}does not divide evenly among {len(winners)} hands: {base} each, and {tail}"
            )
    steps.append(payout_sentence(shares))
    return Showdown(
        pot,
        winners,
        best,
        {s: v.category for s, v in values.items()},
        values,
        shares,
        order,
        tuple(steps),
    )


# --- the deal, the burns and the exchanges --------------------------------------------------


class Face(enum.Enum):
    """How a replacement card is dealt: like the card it replaces."""

    DOWN = "down"
    UP = "up"


@dataclass(frozen=True)
class ExchangeRecord:
    """One player's turn in an exchange round (1: after 5th Street, 2: after 6th)."""

    round: int
    seat: str
    discarded: Card | None  # None: stood pat
    received: Card | None
    face: Face | None
    reshuffled: int  # burns and discards shuffled into a new stock to serve this turn (0: none)

    @property
    def sentence(self) -> str:
        where = street_name(4 + self.round)
        if self.discarded is None or self.received is None:
            return f"Exchange after {where}: seat {self.seat} stands pat."
        if self.face is Face.DOWN:
            return (
                f"Exchange after {where}: seat {self.seat} exchanges a hole card, "
                f"{show(self.discarded)}, for a new hole card, {show(self.received)}."
            )
        return (
            f"Exchange after {where}: seat {self.seat} exchanges the exposed "
            f"{show(self.discarded)} for {show(self.received)}, face up."
        )


class Hand:
    """One hand in play: the stock, the burns, the discards, each seat's hole and exposed cards.

    `deal_street()` burns and deals 4th to 7th Street; after 5th and after 6th an exchange
    round must be played (`exchange`, in seat order from seat 1) before the next street.

    >>> hand = Hand(3, seed=4)
    >>> [len(hand.hole(s)) + len(hand.exposed(s)) for s in hand.seats]
    [3, 3, 3]
    >>> hand.deal_street(), hand.deal_street(), hand.to_act
    (4, 5, '1')
    """

    def __init__(
        self,
        players: int,
        *,
        seed: int | None = None,
        deck: Deck | None = None,
        rules: HouseRules = _DEFAULT_RULES,
    ) -> None:
        if isinstance(players, bool) or not isinstance(players, int):
            raise EngineError(f"The number of players must be a whole number; {players!r} is not.")
        if not 2 <= players <= MAX_PLAYERS:
            raise EngineError(
                f"English Stud deals to 2 to {MAX_PLAYERS} players; {players} is not."
            )
        self.rules = rules
        self.seats: tuple[str, ...] = SEATS[:players]
        self.stock = deck if deck is not None else Deck(seed)
        if self.stock.remaining < 3 * players:
            raise EngineError(f"The stock has {self.stock.remaining} cards: too few to deal.")
        self.burns: list[Card] = []
        self.discards: list[Card] = []
        self.folded: set[str] = set()
        self.community: Card | None = None
        self.records: list[ExchangeRecord] = []
        self.reshuffles: list[int] = []
        self.steps: list[str] = []
        # two rounds of hole cards, then one round of up cards, each from seat 1
        first, second, third = (self.stock.deal(players) for _ in range(3))
        self.down: dict[str, list[Card]] = {
            s: [a, b] for s, a, b in zip(self.seats, first, second, strict=True)
        }
        self.up: dict[str, list[Card]] = {s: [c] for s, c in zip(self.seats, third, strict=True)}
        self.third_street_up: dict[str, Card] = dict(zip(self.seats, third, strict=True))
        self.street = 3
        self._exchange_round = 0
        self._acted: set[str] = set()
        shown = ", ".join(f"seat {s} {show(c)}" for s, c in self.third_street_up.items())
        self.steps.append(f"3rd Street: two cards down and one up to each player ({shown}).")

    # what the table shows

    @property
    def active(self) -> tuple[str, ...]:
        return tuple(s for s in self.seats if s not in self.folded)

    def hole(self, seat: str) -> tuple[Card, ...]:
        return tuple(self.down[self._seat(seat, live=False)])

    def exposed(self, seat: str) -> tuple[Card, ...]:
        return tuple(self.up[self._seat(seat, live=False)])

    @property
    def holdings(self) -> dict[str, tuple[Card, ...]]:
        """Every active seat's cards: hole, then exposed, then the community card if any."""
        extra = (self.community,) if self.community is not None else ()
        return {s: (*self.down[s], *self.up[s], *extra) for s in self.active}

    @property
    def exchange_round(self) -> int | None:
        """The exchange round waiting to be played (1 or 2), or None."""
        return self._exchange_round or None

    @property
    def to_act(self) -> str | None:
        """The seat whose turn it is in the open exchange round."""
        if not self._exchange_round:
            return None
        return next(s for s in self.active if s not in self._acted)

    def bring_in(self) -> Decision:
        return bring_in(self.third_street_up)

    def first_to_act(self) -> Decision:
        return first_to_act(self.street, {s: tuple(self.up[s]) for s in self.active})

    # moving cards

    def _seat(self, seat: object, *, live: bool = True) -> str:
        if not isinstance(seat, str) or seat not in self.seats:
            raise EngineError(f"{seat!r} is not a seat at this table ({seat_list(self.seats)}).")
        if live and seat in self.folded:
            raise EngineError(f"Seat {seat} has folded and takes no further part.")
        return seat

    def _reachable(self) -> int:
        """Cards the dealer can still deal, counting a reshuffle of burns and discards."""
        pool = len(self.burns) + len(self.discards) if self.rules.stud_stock_shortage else 0
        return self.stock.remaining + pool

    def _require(self, n: int, what: str) -> None:
        if self._reachable() >= n:
            return
        if not self.rules.stud_stock_shortage:
            raise EngineError(
                f"The stock is down to {self.stock.remaining} and {what} needs {n} cards: this "
                "house does not reshuffle the burns and discards."
            )
        raise EngineError(
            f"The stock, burns and discards hold {self._reachable()} cards and {what} needs {n}."
        )

    def _draw(self) -> tuple[Card, int]:
        """One card; when the stock is empty the burns and discards form a new stock first
        (callers check with `_require` beforehand, so this never comes up short)."""
        if self.stock.remaining:
            return self.stock.deal_one(), 0
        pool = [*self.burns, *self.discards]
        self.stock.add_to_stock(pool)
        self.burns.clear()
        self.discards.clear()
        self.reshuffles.append(len(pool))
        self.steps.append(
            f"The stock is out: the burn cards and discards, {len(pool)} cards, are shuffled "
            "to form a new stock."
        )
        return self.stock.deal_one(), len(pool)

    def deal_street(self) -> int:
        """Burn one and deal the next street: 4th to 6th one card up, 7th one card down (or,
        when even a reshuffle cannot serve every player, one community card face up)."""
        if self.street >= 7:
            raise EngineError("All seven streets are dealt: the hand is at the showdown.")
        if self._exchange_round:
            raise EngineError(
                f"The exchange round after {street_name(self.street)} is not finished: seat "
                f"{self.to_act} has yet to exchange or stand pat."
            )
        active = self.active
        if len(active) < 2:
            raise EngineError("Only one player is left: no more cards are dealt.")
        street = self.street + 1
        name = street_name(street)
        need = 1 + len(active)
        if street == 7 and self.rules.stud_stock_shortage and self._reachable() < need:
            self._require(2, "a burn and a community card")
            self.burns.append(self._draw()[0])
            self.community = self._draw()[0]
            self.steps.append(
                f"{name}: even with the burns and discards reshuffled the stock cannot give "
                f"every player a card, so the dealer burns one and turns one community card, "
                f"{show(self.community)}, face up for all."
            )
        else:
            self._require(need, name)
            self.burns.append(self._draw()[0])
            dealt = []
            for s in active:
                c = self._draw()[0]
                (self.down if street == 7 else self.up)[s].append(c)
                dealt.append(f"seat {s} {show(c)}")
            face = "down" if street == 7 else "up"
            self.steps.append(f"{name}: burn one, one card {face} to each ({', '.join(dealt)}).")
        self.street = street
        self._exchange_round = EXCHANGE_AFTER.get(street, 0)
        self._acted = set()
        return street

    def exchange(self, seat: str, discard: Card | None) -> ExchangeRecord:
        """Play `seat`'s turn in the open exchange round: give up one card (hole or exposed)
        for a replacement dealt the same way, or stand pat (`discard=None`).  The replacement
        is dealt before the discard joins the discards, so a reshuffle cannot return it."""
        if not self._exchange_round:
            raise EngineError(
                "There is no exchange round now: exchanges come after 5th and after 6th Street."
            )
        seat = self._seat(seat)
        if seat != self.to_act:
            raise EngineError(f"It is seat {self.to_act}'s turn to exchange, not seat {seat}'s.")
        round_number = self._exchange_round
        if discard is None:
            record = ExchangeRecord(round_number, seat, None, None, None, 0)
        else:
            if not isinstance(discard, Card):
                raise EngineError(f"{discard!r} is not a card; read cards with parse_cards.")
            if discard in self.down[seat]:
                face, row = Face.DOWN, self.down[seat]
            elif discard in self.up[seat]:
                face, row = Face.UP, self.up[seat]
            else:
                raise EngineError(f"Seat {seat} does not hold {discard}.")
            self._require(1, "the exchange")
            received, reshuffled = self._draw()
            row[row.index(discard)] = received
            self.discards.append(discard)
            record = ExchangeRecord(round_number, seat, discard, received, face, reshuffled)
        self.records.append(record)
        self.steps.append(record.sentence)
        self._acted.add(seat)
        self._close_round_if_done()
        return record

    def _close_round_if_done(self) -> None:
        if self._exchange_round and all(s in self._acted for s in self.active):
            self._exchange_round = 0
            self._acted = set()

    def fold(self, seat: str) -> None:
        """Fold `seat`; its cards go to the muck, which is reshuffled with the discards."""
        seat = self._seat(seat)
        if len(self.active) < 2:
            raise EngineError("The hand is over: there is nobody left to fold against.")
        self.folded.add(seat)
        self.discards.extend([*self.down[seat], *self.up[seat]])
        self._acted.discard(seat)
        self.steps.append(f"Seat {seat} folds.")
        self._close_round_if_done()

    def showdown(self, pot: int) -> Showdown:
        if self.street < 7:
            raise EngineError(
                f"The hand is on {street_name(self.street)}: 7th Street is not dealt yet."
            )
        return showdown(pot, self.holdings, rules=self.rules)


#: decides one player's exchange from (hole cards, exposed cards): the card to give up, or None
Policy = Callable[[tuple[Card, ...], tuple[Card, ...]], Card | None]


def simple_policy(hole: tuple[Card, ...], exposed: tuple[Card, ...]) -> Card | None:
    """A plain, documented exchange habit for generated hands (not a strategy): stand pat on
    two pair or better; otherwise give up the lowest card that pairs with nothing (lowest
    suit first among equal ranks).

    >>> simple_policy(parse_cards("9c 9d"), parse_cards("4h Ks 2c"))
    Card('2c')
    >>> simple_policy(parse_cards("9c 9d"), parse_cards("4h Ks 4c")) is None
    True
    """
    cards = (*hole, *exposed)
    if len(cards) >= 5 and best_five(cards)[0].category >= Category.TWO_PAIR:
        return None
    counts = Counter(c.rank for c in cards)
    singles = [c for c in cards if counts[c.rank] == 1]
    return min(singles, key=lambda c: (c.rank, c.suit)) if singles else None


@dataclass(frozen=True)
class PlayedHand:
    """A whole hand dealt from a seed, every player staying in (there is no betting to play)."""

    seed: int
    players: int
    bring_in: Decision
    first_to_act: dict[int, Decision]  # street -> who starts its betting
    exchanges: tuple[ExchangeRecord, ...]
    community: Card | None
    reshuffles: tuple[int, ...]  # the size of each new stock formed from burns and discards
    holdings: dict[str, tuple[Card, ...]]
    showdown: Showdown
    steps: tuple[str, ...]


def deal_hand(
    seed: int,
    players: int,
    *,
    rules: HouseRules = _DEFAULT_RULES,
    policy: Policy = simple_policy,
    pot: int | None = None,
) -> PlayedHand:
    """Deal and play a whole hand from `seed`, exchanging by `policy` after 5th and 6th Street.
    `pot` defaults to one chip unit of ante per player.

    >>> played = deal_hand(9, 5)
    >>> played == deal_hand(9, 5), sorted(played.first_to_act), len(played.exchanges)
    (True, [3, 4, 5, 6, 7], 10)
    """
    hand = Hand(players, seed=seed, rules=rules)
    steps: list[str] = []
    seen = 0

    def catch_up() -> None:
        nonlocal seen
        steps.extend(hand.steps[seen:])
        seen = len(hand.steps)

    catch_up()
    bring = hand.bring_in()
    steps.extend(bring.steps)
    first = {3: hand.first_to_act()}
    steps.extend(first[3].steps[1:])  # the up cards were just listed for the bring-in
    for _ in range(4):
        street = hand.deal_street()
        catch_up()
        first[street] = hand.first_to_act()
        steps.extend(first[street].steps)
        while (seat := hand.to_act) is not None:
            hand.exchange(seat, policy(hand.hole(seat), hand.exposed(seat)))
        catch_up()
    result = hand.showdown(players * rules.chip_unit if pot is None else pot)
    steps.extend(result.steps)
    return PlayedHand(
        seed,
        players,
        bring,
        first,
        tuple(hand.records),
        hand.community,
        tuple(hand.reshuffles),
        hand.holdings,
        result,
        tuple(steps),
    )


# --- the ruling ----------------------------------------------------------------------------


def ruling(
    request: BringInRequest | FirstToActRequest | ShowdownRequest, config: HouseConfig
) -> dict[str, Any]:
    """The `english-stud` ruling of RULING_API.md for a checked request: the bring-in, first
    to act or the showdown.

    >>> from ...house import DEFAULT_CONFIG
    >>> from .request import BringInRequest, ShowdownRequest
    >>> ruling(BringInRequest({"1": card("2c"), "2": card("2d"), "3": card("Ks")}),
    ...        DEFAULT_CONFIG)["seat"]
    '1'
    >>> r = ruling(ShowdownRequest(30, {"1": parse_cards("As Ks Qs Js Ts 2c 3d"),
    ...                                 "2": parse_cards("Ah Ad Ac 9h 9d 4c 5c")}),
    ...            DEFAULT_CONFIG)
    >>> r["winners"], r["best"]["1"], r["categories"]["2"], r["shares"]
    (['1'], 'As Ks Qs Js Ts', 'full house', {'1': 30, '2': 0})
    """
    if isinstance(request, FirstToActRequest):
        decision = first_to_act(request.street, request.up)
        return {"seat": decision.seat, "steps": list(decision.steps)}
    if isinstance(request, BringInRequest):
        decision = bring_in(request.up)
        return {"seat": decision.seat, "steps": list(decision.steps)}
    result = showdown(request.pot, request.hands, rules=config.rules)
    return {
        "winners": list(result.winners),
        "best": {s: format_cards(five) for s, five in result.best.items()},
        "categories": {s: c.label for s, c in result.categories.items()},
        "shares": dict(result.shares),
        "steps": list(result.steps),
    }
