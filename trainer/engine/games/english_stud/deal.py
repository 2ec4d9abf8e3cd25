"""English Stud's deal: the cards dealt street by street, the burns, and the two exchange
rounds (a card bought face like the one it replaces), then the showdown, as one hand played
out for the drills and the round (`deal_hand`, `Hand`)."""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from ...cards import Card, Deck, card, format_cards, parse_cards  # noqa: F401 (doctests)
from ...errors import EngineError
from ...hands import Category, best_five
from ...house import HouseRules
from ...messages import join, say
from ...words import seat_list, show
from .rules import (
    _DEFAULT_RULES,
    EXCHANGE_AFTER,
    MAX_PLAYERS,
    SEATS,
    Decision,
    Showdown,
    bring_in,
    first_to_act,
    showdown,
    street_name,
)

__all__ = ["ExchangeRecord", "Face", "Hand", "PlayedHand", "deal_hand", "simple_policy"]


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
            return say(
                "Exchange after %(street)s: seat %(seat)s stands pat.", street=where, seat=self.seat
            )
        if self.face is Face.DOWN:
            return say(
                "Exchange after %(street)s: seat %(seat)s exchanges a hole card, %(old)s, for a "
                "new hole card, %(new)s.",
                street=where,
                seat=self.seat,
                old=show(self.discarded),
                new=show(self.received),
            )
        return say(
            "Exchange after %(street)s: seat %(seat)s exchanges the exposed %(old)s for "
            "%(new)s, face up.",
            street=where,
            seat=self.seat,
            old=show(self.discarded),
            new=show(self.received),
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
        shown = join(
            [
                say("seat %(seat)s %(card)s", seat=s, card=show(c))
                for s, c in self.third_street_up.items()
            ],
            sep=", ",
        )
        self.steps.append(
            say("3rd Street: two cards down and one up to each player (%(shown)s).", shown=shown)
        )

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
            say(
                "The stock is out: the burn cards and discards, %(count)s cards, are shuffled "
                "to form a new stock.",
                count=len(pool),
            )
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
                say(
                    "%(street)s: even with the burns and discards reshuffled the stock cannot "
                    "give every player a card, so the dealer burns one and turns one community "
                    "card, %(card)s, face up for all.",
                    street=name,
                    card=show(self.community),
                )
            )
        else:
            self._require(need, name)
            self.burns.append(self._draw()[0])
            dealt = []
            for s in active:
                c = self._draw()[0]
                (self.down if street == 7 else self.up)[s].append(c)
                dealt.append(say("seat %(seat)s %(card)s", seat=s, card=show(c)))
            if street == 7:
                line = say(
                    "%(street)s: burn one, one card down to each (%(shown)s).",
                    street=name,
                    shown=join(dealt, sep=", "),
                )
            else:
                line = say(
                    "%(street)s: burn one, one card up to each (%(shown)s).",
                    street=name,
                    shown=join(dealt, sep=", "),
                )
            self.steps.append(line)
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
        self.steps.append(say("Seat %(seat)s folds.", seat=seat))
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
