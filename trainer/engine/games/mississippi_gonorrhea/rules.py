"""Mississippi Gonorrhea (mississippi-gonorrhea.txt, RULES.md): two-card high/low split.

Each player holds one card down and one up, and at each of three exchange rounds (breakfast,
lunch and dinner) replaces the down card, the up card, both (the library) or stands pat.  At
the showdown a pair of sevens hogs the whole pot; otherwise the best high and the best low
each take half, the high half getting the odd chip.

>>> s = settle(25, {"1": parse_cards("Kc Qd"), "2": parse_cards("3h 2s"),
...                 "4": parse_cards("Ah Ad")})
>>> s.high, s.low, s.shares
(('4',), ('2',), {'1': 0, '2': 12, '4': 13})
>>> s.steps[1]
"High: seat 4's pair of aces is best. Low: seat 2's three-two is best."
>>> settle(25, {"1": parse_cards("7c 7d"), "4": parse_cards("Ah Ad")}).shares
{'1': 25, '4': 0}
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...cards import Card, Deck, parse_cards  # noqa: F401 (the doctests use parse_cards)
from ...chips import divide
from ...errors import EngineError
from ...hands import TwoCardValue, two_card_high, two_card_low
from ...house import HouseConfig, HouseRules
from ...messages import Message, Param, join, say
from ...seats import in_seat_order
from ...seats import seats as seat_numbers
from ...words import cap, payout_sentence, seat_list, show
from .request import GonorrheaRequest

__all__ = [
    "MAX_PLAYERS",
    "ROUNDS",
    "Division",
    "Exchange",
    "ExchangeRecord",
    "Hand",
    "PlayedHand",
    "Showdown",
    "deal_hand",
    "ruling",
    "settle",
    "simple_policy",
]

#: the game's name in requests (RULING_API.md) and in the games registry
SLUG = "mississippi-gonorrhea"

#: the three exchange rounds, in order (mississippi-gonorrhea.txt)
ROUNDS = ("breakfast", "lunch", "dinner")
#: each exchange round's name said in a sentence
ROUND_NAMES: Mapping[str, Message] = {
    "breakfast": say("breakfast"),
    "lunch": say("lunch"),
    "dinner": say("dinner"),
}
#: the source sets no limit; beyond six the stock may run short, and eight is where a table
#: of two-card hands stops being a table (8 players × 8 cards each = 64 > 52 exercises reuse)
MAX_PLAYERS = 8
SEATS = seat_numbers(MAX_PLAYERS)
SEVEN = 7

_DEFAULT_RULES = HouseRules()


class Exchange(enum.Enum):
    """A player's choice at breakfast, lunch or dinner (mississippi-gonorrhea.txt 2.3)."""

    DOWN = "down"  # 2.3(a): a new face-down card
    UP = "up"  # 2.3(b): a new face-up card
    LIBRARY = "library"  # 2.3(c): a new down and a new up card, "a full book"
    STAND_PAT = "stand pat"  # a house rule: keep both cards


@dataclass(frozen=True)
class Division:
    """One division of chips among players: the whole pot, a hog, or a half."""

    name: str  # "pot", "hog", "high half" or "low half"
    amount: int
    seats: tuple[str, ...]  # in odd-chip order
    shares: dict[str, int]


@dataclass(frozen=True)
class Showdown:
    """The settlement of one pot, with its reasons in `steps`.

    `hog`: the seats holding 7-7 (empty when none); `high` and `low`: the seats winning each
    half (empty on a hog; a lone survivor is listed in both); `shares`: every seat in seat
    order to the chips it receives, adding up to `pot`.
    """

    pot: int
    hog: tuple[str, ...]
    high: tuple[str, ...]
    low: tuple[str, ...]
    shares: dict[str, int]
    high_value: str | None
    low_value: str | None
    divisions: tuple[Division, ...]
    steps: tuple[Message, ...]


# --- words -------------------------------------------------------------------------------


def _division_sentence(what: str, division: Division, unit: int) -> Message:
    """How tied players share one division, naming where the odd chips go."""
    seats = division.seats
    chips = division.amount // unit
    base = chips // len(seats) * unit
    odd = chips % len(seats)
    said: dict[str, Param] = {
        "seats": cap(seat_list(seats)),
        "what": what,
        "amount": division.amount,
        "base": base,
    }
    if not odd:
        return say("%(seats)s share %(what)s of %(amount)s: %(base)s each.", **said)
    if odd == 1:
        return say(
            "%(seats)s share %(what)s of %(amount)s: %(base)s each, and the odd chip goes to "
            "seat %(first)s, the first seat clockwise from the dealer.",
            first=seats[0],
            **said,
        )
    return say(
        "%(seats)s share %(what)s of %(amount)s: %(base)s each, and the %(odd)s odd chips go "
        "one each to %(some)s, in seat order from the dealer's left.",
        odd=odd,
        some=seat_list(seats[:odd]),
        **said,
    )


# --- the showdown --------------------------------------------------------------------------


def _best(values: Mapping[str, TwoCardValue]) -> tuple[tuple[str, ...], TwoCardValue]:
    top = max(values.values())
    return tuple(s for s, v in values.items() if v == top), top


def _winner_words(seats: tuple[str, ...], value: TwoCardValue, high: bool) -> Message:
    hand = value.description
    if len(seats) == 1:
        if high:
            return say("High: seat %(seat)s's %(hand)s is best.", seat=seats[0], hand=hand)
        return say("Low: seat %(seat)s's %(hand)s is best.", seat=seats[0], hand=hand)
    if high:
        return say("High: %(seats)s tie with %(hand)s.", seats=seat_list(seats), hand=hand)
    return say("Low: %(seats)s tie with %(hand)s.", seats=seat_list(seats), hand=hand)


def settle(
    pot: int, hands: Mapping[str, Sequence[Card]], *, rules: HouseRules = _DEFAULT_RULES
) -> Showdown:
    """Settle the pot among the hands still in (seat -> (down card, up card)).

    >>> s = settle(25, {"1": parse_cards("7c 7d"), "3": parse_cards("7h 7s"),
    ...                 "5": parse_cards("Ah Ad")})
    >>> s.hog, s.shares
    (('1', '3'), {'1': 13, '3': 12, '5': 0})
    >>> settle(9, {"2": parse_cards("9c 4d")}).steps[0]
    'Only seat 2 is still in: seat 2 takes the pot of 9 without a showdown.'
    """
    unit = rules.chip_unit
    held = {seat: tuple(hands[seat]) for seat in in_seat_order(hands)}
    if not held:
        raise EngineError("There are no hands to settle: at least one player must still be in.")
    seats = tuple(held)
    empty = dict.fromkeys(seats, 0)

    if len(seats) == 1:
        # everyone else folded: no cards are shown, so no hog and no halves to compare
        (seat,) = seats
        whole = Division("pot", pot, seats, {seat: pot})
        step = say(
            "Only seat %(seat)s is still in: seat %(seat)s takes the pot of %(pot)s without a "
            "showdown.",
            seat=seat,
            pot=pot,
        )
        return Showdown(pot, (), seats, seats, {seat: pot}, None, None, (whole,), (step,))

    steps: list[Message] = []
    sevens = tuple(s for s in seats if held[s][0].rank == held[s][1].rank == SEVEN)
    if sevens:
        division = Division("hog", pot, sevens, divide(pot, sevens, unit=unit))
        shares = {**empty, **division.shares}
        if len(sevens) == 1:
            steps.append(
                say(
                    "Seat %(seat)s holds a pair of sevens: sevens hog the whole pot of %(pot)s.",
                    seat=sevens[0],
                    pot=pot,
                )
            )
        else:
            steps.append(
                say(
                    "%(seats)s each hold a pair of sevens: sevens hog, and they share the whole "
                    "pot of %(pot)s.",
                    seats=cap(seat_list(sevens)),
                    pot=pot,
                )
            )
            steps.append(_division_sentence(say("the pot"), division, unit))
        steps.append(payout_sentence(shares))
        return Showdown(pot, sevens, (), (), shares, None, None, (division,), tuple(steps))

    high, high_value = _best({s: two_card_high(held[s]) for s in seats})
    low, low_value = _best({s: two_card_low(held[s]) for s in seats})
    steps.append(say("Nobody holds a pair of sevens: the pot splits between high and low."))
    steps.append(
        join(_winner_words(high, high_value, True), " ", _winner_words(low, low_value, False))
    )

    # house rule: which half takes the odd chip (RULES.md: the high half)
    first = rules.split_pot_odd_chip
    order = ("high", "low") if first == "high" else ("low", "high")
    halves = divide(pot, order, unit=unit)
    high_half, low_half = halves["high"], halves["low"]
    if high_half == low_half:
        steps.append(
            say(
                "The pot of %(pot)s halves evenly: %(high)s for high, %(low)s for low.",
                pot=pot,
                high=high_half,
                low=low_half,
            )
        )
    elif first == "high":
        steps.append(
            say(
                "The pot of %(pot)s does not halve evenly: the high half gets the odd chip, "
                "%(high)s for high and %(low)s for low.",
                pot=pot,
                high=high_half,
                low=low_half,
            )
        )
    else:
        steps.append(
            say(
                "The pot of %(pot)s does not halve evenly: the low half gets the odd chip, "
                "%(high)s for high and %(low)s for low.",
                pot=pot,
                high=high_half,
                low=low_half,
            )
        )

    divisions = (
        Division("high half", high_half, high, divide(high_half, high, unit=unit)),
        Division("low half", low_half, low, divide(low_half, low, unit=unit)),
    )
    shares = dict(empty)
    halves_said = {"high half": say("the high half"), "low half": say("the low half")}
    for division in divisions:
        if len(division.seats) > 1:
            steps.append(_division_sentence(halves_said[division.name], division, unit))
        for seat, chips in division.shares.items():
            shares[seat] += chips
    both = [s for s in high if s in low]
    for seat in both:
        steps.append(
            say(
                "Seat %(seat)s wins in both halves: %(total)s in all.",
                seat=seat,
                total=shares[seat],
            )
        )
    steps.append(payout_sentence(shares))
    return Showdown(
        pot,
        (),
        high,
        low,
        shares,
        high_value.description,
        low_value.description,
        divisions,
        tuple(steps),
    )


# --- the deal and the exchanges ------------------------------------------------------------


@dataclass(frozen=True)
class ExchangeRecord:
    """One player's turn at breakfast, lunch or dinner."""

    round: str
    seat: str
    choice: Exchange
    before: tuple[Card, Card]  # (down, up)
    after: tuple[Card, Card]
    discarded: tuple[Card, ...]
    received: tuple[Card, ...]
    reshuffled: int  # discards shuffled into a new stock before this turn was served (0: none)

    @property
    def sentence(self) -> Message:
        d0, u0 = (show(c) for c in self.before)
        d1, u1 = (show(c) for c in self.after)
        when = cap(ROUND_NAMES.get(self.round, self.round))
        if self.choice is Exchange.STAND_PAT:
            return say(
                "%(round)s: seat %(seat)s stands pat on %(down)s %(up)s.",
                round=when,
                seat=self.seat,
                down=d0,
                up=u0,
            )
        if self.choice is Exchange.DOWN:
            return say(
                "%(round)s: seat %(seat)s exchanges the down card %(old)s for a new down card, "
                "%(new)s.",
                round=when,
                seat=self.seat,
                old=d0,
                new=d1,
            )
        if self.choice is Exchange.UP:
            return say(
                "%(round)s: seat %(seat)s exchanges the up card %(old)s for a new up card, "
                "%(new)s.",
                round=when,
                seat=self.seat,
                old=u0,
                new=u1,
            )
        return say(
            "%(round)s: seat %(seat)s goes to the library: %(down)s %(up)s out, %(new_down)s "
            "down and %(new_up)s up.",
            round=when,
            seat=self.seat,
            down=d0,
            up=u0,
            new_down=d1,
            new_up=u1,
        )


class Hand:
    """One hand in play: the stock, the discards, each seat's (down, up) cards and the seats
    that folded.  Exchanges go in seat order from seat 1, one turn per active player per round.

    >>> hand = Hand(3, seed=11)
    >>> hand.round, hand.to_act
    ('breakfast', '1')
    >>> hand.exchange("1", Exchange.UP).round
    'breakfast'
    >>> hand.to_act
    '2'
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
            raise EngineError(f"A hand is dealt to 2 to {MAX_PLAYERS} players; {players} is not.")
        self.rules = rules
        self.seats: tuple[str, ...] = SEATS[:players]
        self.stock = deck if deck is not None else Deck(seed)
        self.discards: list[Card] = []
        self.folded: set[str] = set()
        self.records: list[ExchangeRecord] = []
        self.steps: list[str] = []
        if self.stock.remaining < 2 * players:
            raise EngineError(f"The stock has {self.stock.remaining} cards: too few to deal.")
        # one round of down cards, then one round of up cards, from seat 1
        downs = self.stock.deal(players)
        ups = self.stock.deal(players)
        self.held: dict[str, tuple[Card, Card]] = {
            s: (d, u) for s, d, u in zip(self.seats, downs, ups, strict=True)
        }
        self._round = 0
        self._acted: set[str] = set()
        shown = join(
            [
                say("seat %(seat)s %(card)s", seat=s, card=show(u))
                for s, (_, u) in self.held.items()
            ],
            sep=", ",
        )
        self.steps.append(
            say(
                "Deal: one card down and one up to each of %(players)s players (%(shown)s).",
                players=players,
                shown=shown,
            )
        )

    @property
    def active(self) -> tuple[str, ...]:
        return tuple(s for s in self.seats if s not in self.folded)

    @property
    def round(self) -> str | None:
        """The exchange round being played, or None once dinner is over (or one player is left)."""
        if self._round >= len(ROUNDS) or len(self.active) < 2:
            return None
        return ROUNDS[self._round]

    @property
    def to_act(self) -> str | None:
        if self.round is None:
            return None
        return next(s for s in self.active if s not in self._acted)

    def _seat(self, seat: object) -> str:
        if not isinstance(seat, str) or seat not in self.seats:
            raise EngineError(f"{seat!r} is not a seat at this table ({seat_list(self.seats)}).")
        if seat in self.folded:
            raise EngineError(f"Seat {seat} has folded and takes no further part.")
        return seat

    def _close_turn(self, seat: str) -> None:
        self._acted.add(seat)
        if all(s in self._acted for s in self.active):
            self._round += 1
            self._acted = set()

    def _draw(self, n: int) -> tuple[tuple[Card, ...], int]:
        """n cards from the stock, forming a new stock from the discards when it runs out.
        Checked before anything moves, so a refusal leaves the hand as it was."""
        if self.stock.remaining >= n:
            return self.stock.deal(n), 0
        if not self.rules.reuse_discards:
            raise EngineError(
                f"The stock has run out ({self.stock.remaining} left, {n} needed) and this house "
                "does not reuse discards."
            )
        if self.stock.remaining + len(self.discards) < n:
            raise EngineError(
                f"The stock and the discards hold {self.stock.remaining + len(self.discards)} "
                f"cards; {n} are needed."
            )
        count = len(self.discards)
        self.stock.add_to_stock(self.discards)
        self.discards = []
        self.steps.append(
            say(
                "The stock has run out: the %(count)s discards are shuffled to form a new stock.",
                count=count,
            )
        )
        return self.stock.deal(n), count

    def exchange(self, seat: str, choice: Exchange | str) -> ExchangeRecord:
        """Play `seat`'s turn at the current round.  The new cards are dealt before the old ones
        join the discards, so a reshuffle never hands a player back the card just thrown."""
        try:
            choice = Exchange(choice)
        except ValueError:
            names = ", ".join(e.value for e in Exchange)
            raise EngineError(f"{choice!r} is not an exchange: use one of {names}.") from None
        round_name = self.round
        if round_name is None:
            raise EngineError("There is no exchange left: the hand is at the showdown.")
        seat = self._seat(seat)
        if seat != self.to_act:
            raise EngineError(
                f"It is seat {self.to_act}'s turn at {round_name}, not seat {seat}'s."
            )
        if choice is Exchange.STAND_PAT and not self.rules.stand_pat_allowed:
            raise EngineError(
                f"This house does not allow standing pat: seat {seat} must exchange the down "
                "card, the up card, or both (the library)."
            )
        down, up = before = self.held[seat]
        wanted = {Exchange.DOWN: 1, Exchange.UP: 1, Exchange.LIBRARY: 2, Exchange.STAND_PAT: 0}
        received, reshuffled = self._draw(wanted[choice])
        discarded: tuple[Card, ...]
        if choice is Exchange.DOWN:
            after, discarded = (received[0], up), (down,)
        elif choice is Exchange.UP:
            after, discarded = (down, received[0]), (up,)
        elif choice is Exchange.LIBRARY:
            after, discarded = (received[0], received[1]), (down, up)
        else:
            after, discarded = before, ()
        self.held[seat] = after
        self.discards.extend(discarded)
        record = ExchangeRecord(
            round_name, seat, choice, before, after, discarded, received, reshuffled
        )
        self.records.append(record)
        self.steps.append(record.sentence)
        self._close_turn(seat)
        return record

    def fold(self, seat: str) -> None:
        """Fold `seat` (in a betting round); its cards join the discards (the muck)."""
        if len(self.active) < 2:
            raise EngineError("The hand is over: there is nobody left to fold against.")
        seat = self._seat(seat)
        self.folded.add(seat)
        self.discards.extend(self.held.pop(seat))
        self._acted.discard(seat)
        self.steps.append(say("Seat %(seat)s folds.", seat=seat))
        if self.round is not None and all(s in self._acted for s in self.active):
            self._round += 1
            self._acted = set()

    @property
    def holdings(self) -> dict[str, tuple[Card, Card]]:
        """The hands still in, seat -> (down, up)."""
        return {s: self.held[s] for s in self.active}

    def settle(self, pot: int) -> Showdown:
        if self.round is not None:
            raise EngineError(
                f"The hand is still at {self.round}: it has not reached the showdown."
            )
        return settle(pot, self.holdings, rules=self.rules)


#: decides one player's exchange from their (down, up) cards and the house rules
Policy = Callable[[Card, Card, HouseRules], Exchange]

LOW_KEEP = 5  # both cards this low make a low worth keeping
HIGH_KEEP = 12  # a queen or better is worth building a high on


def simple_policy(down: Card, up: Card, rules: HouseRules = _DEFAULT_RULES) -> Exchange:
    """A plain, documented exchange habit for generated hands (not a strategy):

    - any pair, or two cards of five or lower (a strong low): stand pat;
    - a queen or better: play for high and replace the lower card;
    - both cards six to jack: go to the library;
    - otherwise play for low and replace the higher card.
    Where the house forbids standing pat, the up card is exchanged instead.

    >>> simple_policy(*parse_cards("Ah 9d"))
    <Exchange.UP: 'up'>
    >>> simple_policy(*parse_cards("3c 2d"), HouseRules(stand_pat_allowed=False))
    <Exchange.UP: 'up'>
    """
    hi, lo = max(down.rank, up.rank), min(down.rank, up.rank)
    if hi == lo or hi <= LOW_KEEP:
        return Exchange.STAND_PAT if rules.stand_pat_allowed else Exchange.UP
    if hi >= HIGH_KEEP:
        return Exchange.DOWN if down.rank == lo else Exchange.UP
    if lo > LOW_KEEP:
        return Exchange.LIBRARY
    return Exchange.DOWN if down.rank == hi else Exchange.UP


@dataclass(frozen=True)
class PlayedHand:
    """A whole hand played from a seed: the deal, every exchange and the showdown."""

    seed: int
    players: int
    dealt: dict[str, tuple[Card, Card]]
    exchanges: tuple[ExchangeRecord, ...]
    holdings: dict[str, tuple[Card, Card]]
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
    """Deal and play a whole hand from `seed`: every player stays in and exchanges by `policy`
    at breakfast, lunch and dinner.  `pot` defaults to one chip unit of ante per player.

    >>> played = deal_hand(5, 4)
    >>> played == deal_hand(5, 4), len(played.exchanges), sum(played.showdown.shares.values())
    (True, 12, 4)
    """
    hand = Hand(players, seed=seed, rules=rules)
    dealt = dict(hand.held)
    while (seat := hand.to_act) is not None:
        down, up = hand.held[seat]
        hand.exchange(seat, policy(down, up, rules))
    showdown = hand.settle(players * rules.chip_unit if pot is None else pot)
    return PlayedHand(
        seed,
        players,
        dealt,
        tuple(hand.records),
        hand.holdings,
        showdown,
        (*hand.steps, *showdown.steps),
    )


# --- the ruling ----------------------------------------------------------------------------


def ruling(request: GonorrheaRequest, config: HouseConfig) -> dict[str, Any]:
    """The `mississippi-gonorrhea` ruling of RULING_API.md, for a checked request.

    >>> from ...house import DEFAULT_CONFIG
    >>> from .request import GonorrheaRequest
    >>> r = ruling(GonorrheaRequest(25, {"1": parse_cards("7c 7d"), "2": parse_cards("3h 2s"),
    ...                                  "4": parse_cards("Ah Ad")}), DEFAULT_CONFIG)
    >>> r["hog"], r["high"], r["low"], r["shares"]
    (['1'], [], [], {'1': 25, '2': 0, '4': 0})
    """
    s = settle(request.pot, request.hands, rules=config.rules)
    return {
        "hog": list(s.hog),
        "high": list(s.high),
        "low": list(s.low),
        "shares": dict(s.shares),
        "steps": list(s.steps),
    }
