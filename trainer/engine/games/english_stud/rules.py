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

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...cards import Card, Deck, card, format_cards, parse_cards  # noqa: F401 (doctests)
from ...chips import divide
from ...errors import EngineError
from ...hands import Category, HandValue, best_five, evaluate_exposed, rank_name
from ...house import HouseConfig, HouseRules
from ...messages import Message, join, say, say_n
from ...seats import in_seat_order
from ...seats import seats as seat_numbers
from ...words import cap, payout_sentence, seat_list, show
from .request import BringInRequest, FirstToActRequest, ShowdownRequest

__all__ = [
    "MAX_PLAYERS",
    "UP_CARDS",
    "Decision",
    "Showdown",
    "bring_in",
    "exchange_offer",
    "first_to_act",
    "ruling",
    "showdown",
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


#: the streets by number, each written out so the catalogue's extraction finds it
_STREET_NAMES = {
    3: say("3rd Street"),
    4: say("4th Street"),
    5: say("5th Street"),
    6: say("6th Street"),
    7: say("7th Street"),
}


def street_name(street: int) -> str:
    found = _STREET_NAMES.get(street)
    return found if found is not None else f"{street}{'rd' if street == 3 else 'th'} Street"


# --- words -------------------------------------------------------------------------------


def _a_rank(rank: int) -> str:
    name = rank_name(rank)
    return say("an %(rank)s", rank=name) if name[0] in "ae" else say("a %(rank)s", rank=name)


def _up_cards(cards: Mapping[str, Card]) -> Message:
    """ "Up cards: seat 1 5♥, seat 2 A♦."."""
    shown = [say("seat %(seat)s %(card)s", seat=s, card=show(c)) for s, c in cards.items()]
    return say("Up cards: %(cards)s.", cards=join(shown, sep=", "))


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
    steps = [_up_cards(shown)]
    lowest = min(shown, key=lambda s: (shown[s].rank, shown[s].suit))
    low = shown[lowest]
    tied = [s for s in seats if shown[s].rank == low.rank]
    if len(tied) == 1:
        steps.append(
            say(
                "Seat %(seat)s shows the lowest card, %(card)s: seat %(seat)s pays the bring-in.",
                seat=lowest,
                card=show(low),
            )
        )
    else:
        steps.append(
            say(
                "%(seats)s both show %(rank)s, the lowest rank: suits break the tie, clubs "
                "lowest, so seat %(seat)s's %(card)s pays the bring-in.",
                seats=cap(seat_list(tied)),
                rank=_a_rank(low.rank),
                seat=lowest,
                card=show(low),
            )
            if len(tied) == 2
            else say(
                "%(seats)s all show %(rank)s, the lowest rank: suits break the tie, clubs "
                "lowest, so seat %(seat)s's %(card)s pays the bring-in.",
                seats=cap(seat_list(tied)),
                rank=_a_rank(low.rank),
                seat=lowest,
                card=show(low),
            )
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
        steps = [_up_cards({s: c[0] for s, c in shown.items()})]
        top = max(c[0].rank for c in shown.values())
        tied = [s for s in seats if shown[s][0].rank == top]
        first = tied[0]
        if len(tied) == 1:
            steps.append(
                say(
                    "Seat %(seat)s shows the highest card, %(card)s: seat %(seat)s acts first.",
                    seat=first,
                    card=show(shown[first][0]),
                )
            )
        else:
            steps.append(
                say(
                    "%(seats)s both show %(rank)s, the highest card; suits do not count "
                    "here, so seat %(seat)s, the first clockwise from the dealer, acts first.",
                    seats=cap(seat_list(tied)),
                    rank=_a_rank(top),
                    seat=first,
                )
                if len(tied) == 2
                else say(
                    "%(seats)s all show %(rank)s, the highest card; suits do not count "
                    "here, so seat %(seat)s, the first clockwise from the dealer, acts first.",
                    seats=cap(seat_list(tied)),
                    rank=_a_rank(top),
                    seat=first,
                )
            )
        return Decision(first, tuple(steps))

    values = {s: evaluate_exposed(c) for s, c in shown.items()}
    exposed = [
        say(
            "seat %(seat)s %(cards)s, %(hand)s",
            seat=s,
            cards=" ".join(show(c) for c in shown[s]),
            hand=v.description,
        )
        for s, v in values.items()
    ]
    steps = [say("Exposed hands: %(hands)s.", hands=join(exposed, sep="; "))]
    best = max(values.values(), key=lambda v: v.key)
    tied = [s for s in seats if values[s].key == best.key]
    first = tied[0]
    if len(tied) == 1:
        steps.append(
            say(
                "Seat %(seat)s's %(hand)s is the highest exposed hand: seat %(seat)s acts first.",
                seat=first,
                hand=best.description,
            )
        )
    else:
        steps.append(
            say(
                "%(seats)s tie for the highest exposed hand with %(hand)s: seat %(seat)s, the "
                "first clockwise from the dealer, acts first.",
                seats=cap(seat_list(tied)),
                hand=best.description,
                seat=first,
            )
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
        say(
            "After %(street)s the exchange is offered in seat order from the dealer's left, one "
            "player at a time, to every player still in.",
            street=street_name(street),
        )
    ]
    before = order[: order.index(nxt)]
    had = [s for s in before if s in offered]
    out = [s for s in before if s in folded]
    said = []
    if had:
        said.append(
            say_n(
                "%(seats)s has had its turn",
                "%(seats)s have had their turns",
                len(had),
                seats=seat_list(had),
            )
        )
    if out:
        said.append(
            say_n("%(seats)s has folded", "%(seats)s have folded", len(out), seats=seat_list(out))
        )
    if said:
        steps.append(
            say(
                "%(before)s: seat %(seat)s is offered the exchange next.",
                before=cap(join(said, sep=say(" and "))),
                seat=nxt,
            )
        )
    else:
        steps.append(say("Seat %(seat)s is offered the exchange next.", seat=nxt))
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
        steps.append(
            join(
                say("Seat %(seat)s: ", seat=s),
                say(
                    "%(cards)s, %(hand)s.",
                    cards=" ".join(show(c) for c in best[s]),
                    hand=values[s].description,
                ),
            )
        )
    top = max(v.strength for v in values.values())
    winners = tuple(s for s in seats if values[s].strength == top)
    order = tuple(_odd_chip_order(winners, sevens))
    divided = divide(pot, order, unit=unit)
    shares = {s: divided.get(s, 0) for s in seats}

    if len(winners) == 1:
        (w,) = winners
        steps.append(
            say(
                "Seat %(seat)s's %(hand)s is best: seat %(seat)s takes the pot of %(pot)s.",
                seat=w,
                hand=values[w].description,
                pot=pot,
            )
        )
    else:
        steps.append(
            say(
                "%(seats)s tie (%(hand)s): they split the pot of %(pot)s.",
                seats=cap(seat_list(winners)),
                hand=values[winners[0]].description,
                pot=pot,
            )
        )
        chips = pot // unit
        base = chips // len(winners) * unit
        odd = chips % len(winners)
        if not odd:
            steps.append(
                say("The pot of %(pot)s splits evenly: %(base)s each.", pot=pot, base=base)
            )
        else:
            common = set.intersection(*(set(sevens[s]) for s in winners))
            tops = {s: show(_top_card(sevens[s], common)) for s in order}
            if odd == 1:
                steps.append(
                    say(
                        "The pot of %(pot)s does not divide evenly among %(hands)s hands: "
                        "%(base)s each, and the odd chip goes to seat %(seat)s, whose %(card)s "
                        "is the highest card by suit (all seven cards count).",
                        pot=pot,
                        hands=len(winners),
                        base=base,
                        seat=order[0],
                        card=tops[order[0]],
                    )
                )
            else:
                listed = [
                    say("seat %(seat)s (%(card)s)", seat=s, card=tops[s]) for s in order[:odd]
                ]
                steps.append(
                    say(
                        "The pot of %(pot)s does not divide evenly among %(hands)s hands: "
                        "%(base)s each, and the %(odd)s odd chips go one each in order of "
                        "highest card by suit (all seven cards count): %(listed)s.",
                        pot=pot,
                        hands=len(winners),
                        base=base,
                        odd=odd,
                        listed=join(listed, sep=say(", then ")),
                    )
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
