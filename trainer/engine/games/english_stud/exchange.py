"""English Stud drill: who is offered the exchange next.

After 5th and after 6th Street the dealer offers each player still in one exchange, "starting
to the left of the dealer, one at a time" (english-stud.txt): the expected seat is
`english_stud.exchange_offer`'s `Decision`.  A dealer's round asks it at every offer
(`trainer.engine.rounds`); this drill asks it of one layout.

>>> from trainer.engine.house import DEFAULT_CONFIG
>>> q = EnglishExchange().generate(2, 1, DEFAULT_CONFIG)
>>> q.request["seats"], q.request["folded"], q.request["offered"], q.expected
(['1', '3', '6'], ['3'], ['1'], {'seat': '6'})
>>> q.situation
'a folded seat is passed'
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from ...cards import format_cards
from ...errors import EngineError
from ...house import HouseConfig
from ...kit.answers import seat_field
from ...kit.dealing import remaining
from ...kit.kinds import Answer, Dealt, DrillKind
from ...kit.stakes import PLAYER_LEVELS, PLAYERS, pick, pick_count, pick_seats
from ...kit.stored import value_at
from ...messages import say
from ...seats import in_seat_order
from . import rules as english_stud

#: what decides who is offered the exchange next, in teaching order
FIRST = "first to the dealer's left"
NEXT = "next in seat order"
PASSED = "a folded seat is passed"
_MIX = ((FIRST, 25), (NEXT, 40), (PASSED, 35))
STREETS = tuple(english_stud.EXCHANGE_AFTER)


class EnglishExchange(DrillKind):
    # the next seat still in, read off the layout at a glance: as quick as the bring-in
    pace = (3.0, 4.0, 5.0)
    slug = "es-exchange"
    game = "english-stud"
    title = say("English Stud: offer the exchange")
    description = say(
        "After 5th and 6th Street each player still in is offered one exchange, one at a "
        "time in seat order from the dealer's left: who is offered it next?"
    )
    mix = say(
        "A quarter of the layouts start the round; the rest are part way round, a third of "
        "them with a folded seat next in line that the dealer passes over."
    )
    levels = PLAYER_LEVELS

    def deal(self, rng: random.Random, level: int, config: HouseConfig, natural: bool) -> Dealt:
        return self._deal(rng, level, None if natural else pick(rng, _MIX))

    def aims(self, config: HouseConfig) -> dict[str, Any]:
        """The three situations, each its own scenario.

        >>> from trainer.engine.house import DEFAULT_CONFIG
        >>> EnglishExchange().situations(DEFAULT_CONFIG)
        ("first to the dealer's left", 'next in seat order', 'a folded seat is passed')
        """
        return {tag: tag for tag in (FIRST, NEXT, PASSED)}

    def deal_aimed(self, rng: random.Random, level: int, config: HouseConfig, aim: Any) -> Dealt:
        return self._deal(rng, level, aim)

    def _deal(self, rng: random.Random, level: int, scenario: str | None) -> Dealt:
        players = pick_count(rng, PLAYERS, level)
        seats = pick_seats(rng, players, english_stud.SEATS)
        street = rng.choice(STREETS)
        folded: list[str] = []
        offered: list[str] = []
        if scenario is None:  # natural: any layout part way round
            folded = [s for s in seats if rng.random() < 0.2][: players - 2]
            live = [s for s in seats if s not in folded]
            offered = live[: rng.randrange(len(live))]
        elif scenario == FIRST:
            folded = [s for s in seats[1:] if rng.random() < 0.2][: players - 2]
        else:
            # part way round: the first `done` seats have had their turn, then the seat next
            # in line is folded (passed over) or still in
            done = rng.randint(1, players - 2)
            offered = seats[:done]
            if scenario == PASSED:
                folded = [seats[done]]
            others = [s for s in seats[done + 1 :] if s not in folded]
            folded += [s for s in others[:-1] if rng.random() < 0.2]
            folded = in_seat_order(folded)
        up = english_stud.UP_CARDS[street]
        deck = list(remaining())
        rng.shuffle(deck)
        shown = {s: format_cards(deck[i * up : (i + 1) * up]) for i, s in enumerate(seats)}
        request = {
            "game": self.game,
            "ask": "exchange",
            "street": street,
            "seats": list(seats),
            "folded": list(folded),
            "offered": list(offered),
            # the layout's up cards, which decide nothing here but make it a hand of its own
            "up": {s: c for s, c in shown.items() if s not in folded},
        }
        return Dealt(
            request=request,
            table=_table(street, shown, folded, offered),
            prompt=say(
                "Who is offered the exchange next, after %(street)s?",
                street=english_stud.street_name(street),
            ),
            situation=_situation(seats, folded, offered),
        )

    def situation_of(self, request: Mapping[str, Any], level: int, config: HouseConfig) -> str:
        seats, folded, offered, _ = _read(request)
        return _situation(seats, folded, offered)

    def answer_for(self, request: Mapping[str, Any], level: int, config: HouseConfig) -> Answer:
        seats, folded, offered, street = _read(request)
        decision = english_stud.exchange_offer(seats, folded, offered, street)
        field_ = seat_field("seat", "Offered next", seats)
        return (field_,), {"seat": decision.seat}, decision.steps


def _table(
    street: int, shown: Mapping[str, str], folded: Collection[str], offered: Collection[str]
) -> dict[str, Any]:
    """The layout: each seat's up cards, a folded seat's cards gone, a seat offered already
    marked so."""
    positions = []
    for seat, cards in shown.items():
        position: dict[str, Any] = {"seat": seat, "hole": "" if seat in folded else cards}
        if seat in folded:
            position["folded"] = say("this hand")
        elif seat in offered:
            position["note"] = "offered already"
        positions.append(position)
    return {"street": street, "positions": positions}


def _situation(seats: Sequence[str], folded: Collection[str], offered: Collection[str]) -> str:
    order = in_seat_order(seats)
    live = [s for s in order if s not in folded]
    nxt = next(s for s in live if s not in offered)
    before = order[: order.index(nxt)]
    if any(s in folded for s in before if s not in offered and not _had_turn_after(s, offered)):
        return PASSED
    return NEXT if offered else FIRST


def _had_turn_after(seat: str, offered: Collection[str]) -> bool:
    """Whether a seat offered the exchange sits after `seat` (a fold the offers passed already
    is no seat passed now)."""
    return any(int(o) > int(seat) for o in offered)


def _read(request: Mapping[str, Any]) -> tuple[list[str], set[str], set[str], int]:
    """The seats dealt in, the folded ones, those offered the exchange and the street, each
    checked: EngineError naming what is wrong."""
    seats = _seat_list(value_at(request, "seats"), "seats")
    if not 2 <= len(seats) <= english_stud.MAX_PLAYERS or len(set(seats)) != len(seats):
        raise EngineError(f"'seats' must list 2 to {english_stud.MAX_PLAYERS} different seats.")
    if any(s not in english_stud.SEATS for s in seats):
        raise EngineError("'seats' may list only the table's seats, 1 to 6.")
    folded = set(_seat_list(value_at(request, "folded"), "folded"))
    offered = set(_seat_list(value_at(request, "offered"), "offered"))
    street = value_at(request, "street")
    if street not in STREETS or isinstance(street, bool):
        raise EngineError("'street' must be 5 or 6: the exchanges follow 5th and 6th Street.")
    if not (folded | offered) <= set(seats) or folded & offered:
        raise EngineError("A folded or offered seat must be dealt in, and not both.")
    if not [s for s in seats if s not in folded and s not in offered]:
        raise EngineError("Every player still in has had the exchange: nobody is next.")
    return in_seat_order(seats), folded, offered, street


def _seat_list(raw: object, name: str) -> list[str]:
    if not isinstance(raw, list) or not all(isinstance(s, str) for s in raw):
        raise EngineError(f'\'{name}\' must be a list of seats, like ["1", "3"].')
    return list(raw)


__all__ = ["EnglishExchange"]
