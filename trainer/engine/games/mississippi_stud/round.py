"""Mississippi Stud, dealt as a round: the dealer's procedure (docs/rulebook.md, *Dealing the
round*).

1. Each position antes and is dealt two cards; three community cards lie face down.
2. 3rd Street: every position decides (fold, or bet 1 to 3 Antes).  The dealer takes each
   folded hand's bets, working the layout in the house's settle order, before turning the
   first community card (mississippi-stud.txt §03: "Resolve everyone's decision before each
   reveal").  4th and 5th Street the same, each before its card.
3. With the three cards turned, the dealer settles each position still in, in the settle
   order: paid at its odds on every spot, pushed, or taken.

Every take and every settle is a question of the drill *Mississippi Stud: pay the position*
(`ms-pay`) for that one position, under `where`: the seat the dealer works next.  The players
bet by the drills' own habit (`drills.street_bet`).

>>> from trainer.engine.house import DEFAULT_CONFIG
>>> from ...kit.rounds import Setting, play
>>> setting = Setting("mississippi-stud", 1, 3)
>>> dealt = PROCEDURE.deal(5, setting, DEFAULT_CONFIG)
>>> dealt["bets"]
{'1': [5, 5, 15, 15], '3': [5], '6': [5, 5, 5, 5]}
>>> [(s.phase, s.where, s.expected["outcome"]) for s in play(PROCEDURE, dealt, setting,
...                                                        DEFAULT_CONFIG)]
[('take', '3', 'fold'), ('settle', '6', 'lose'), ('settle', '1', 'win')]
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ...cards import Card, Deck, format_cards, parse_cards
from ...house import HouseConfig
from ...kit.kinds import REGISTRY
from ...kit.rounds import (
    Asked,
    Move,
    Procedure,
    Setting,
    Step,
    ask,
    elsewhere,
    order_words,
    where_field,
)
from ...kit.stakes import pick_ante, pick_seats
from ...messages import join, say
from ...seats import TABLE_SEATS, settle_order
from . import rules as mississippi_stud
from .drills import street_bet

KIND = "ms-pay"
#: the streets a position decides on, in order: the `bets` key and the dealer's name
STREETS = mississippi_stud.BETS[1:]


@dataclass(frozen=True)
class State:
    """The round between two steps: the deal, and how far the dealer has worked it."""

    setting: Setting
    config: HouseConfig
    ante: int
    seats: tuple[str, ...]
    hands: Mapping[str, tuple[Card, ...]]
    board: tuple[Card, ...]
    bets: Mapping[str, tuple[int, ...]]
    #: folded hands whose bets the dealer has taken, and positions settled at the end
    taken: frozenset[str] = frozenset()
    settled: frozenset[str] = frozenset()
    #: how many streets' decisions the steps so far have told of
    told: int = 0

    def folded_on(self, street: int) -> list[str]:
        """The seats that folded instead of betting on `street` (1: 3rd Street)."""
        return [s for s in self.seats if len(self.bets[s]) == street]

    def live(self) -> list[str]:
        return [s for s in self.seats if len(self.bets[s]) == len(mississippi_stud.BETS)]


class MississippiStudRound(Procedure[State]):
    game = mississippi_stud.SLUG
    players = (1, mississippi_stud.MAX_POSITIONS)
    rounds_per_hour = 40
    phases = ("take", "settle")

    def deal(self, seed: int, setting: Setting, config: HouseConfig) -> dict[str, Any]:
        self.check_setting(setting)
        rng = random.Random(seed)
        paytable = config.paytable(self.game)
        ante = pick_ante(rng, setting.level, paytable, config)
        seats = pick_seats(rng, setting.players, TABLE_SEATS)
        deck = Deck(rng=rng)
        hands = {s: deck.deal(2) for s in seats}
        board = deck.deal(3)
        bets: dict[str, list[int]] = {}
        for seat in seats:
            placed = [ante]
            for shown in range(len(STREETS)):
                multiple = street_bet((*hands[seat], *board[:shown]), paytable)
                if not multiple:
                    break
                placed.append(multiple * ante)
            bets[seat] = placed
        return {
            "ante": ante,
            "seats": list(seats),
            "hands": {s: format_cards(h) for s, h in hands.items()},
            "board": format_cards(board),
            "bets": bets,
        }

    def start(self, dealt: Mapping[str, Any], setting: Setting, config: HouseConfig) -> State:
        seats = tuple(str(s) for s in dealt["seats"])
        return State(
            setting=setting,
            config=config,
            ante=int(dealt["ante"]),
            seats=seats,
            hands={s: parse_cards(dealt["hands"][s]) for s in seats},
            board=parse_cards(dealt["board"]),
            bets={s: tuple(int(b) for b in dealt["bets"][s]) for s in seats},
        )

    def next_step(self, state: State) -> Step | None:
        order = state.config.rules.settle_order
        for street in range(1, len(STREETS) + 1):
            pending = [
                s for s in settle_order(state.folded_on(street), order) if s not in state.taken
            ]
            if pending:
                return self._take(state, street, pending)
        pending = [s for s in settle_order(state.live(), order) if s not in state.settled]
        if pending:
            return self._settle(state, pending)
        return None

    def after(self, state: State, step: Step) -> State:
        seat = str(step.where)
        told = int(step.facts["street"])
        if step.phase == "take":
            return replace(state, taken=state.taken | {seat}, told=told)
        return replace(state, settled=state.settled | {seat}, told=told)

    # --- the two kinds of step --------------------------------------------------------------

    def _take(self, state: State, street: int, pending: list[str]) -> Step:
        seat = pending[0]
        title = STREETS[street - 1][1]
        return self._step(
            state,
            seat,
            phase="take",
            street=street,
            shown=street - 1,
            pending=pending,
            prompt=say(
                "%(street)s: the decisions are made. Take each folded hand's bets before the next "
                "card is turned.",
                street=title,
            ),
        )

    def _settle(self, state: State, pending: list[str]) -> Step:
        return self._step(
            state,
            pending[0],
            phase="settle",
            street=len(STREETS) + 1,
            shown=len(state.board),
            pending=pending,
            prompt=say("The three community cards are turned: settle each hand still in."),
        )

    def _step(
        self,
        state: State,
        seat: str,
        *,
        phase: str,
        street: int,
        shown: int,
        pending: list[str],
        prompt: str,
    ) -> Step:
        config, level = state.config, state.setting.level
        placed = state.bets[seat]
        request, asked = self._ask(state, seat)
        # the seats after it, each as it would be settled: a settlement given at one of them
        # out of order is graded against its own
        others = {s: (self._ask(state, s)[1], {"street": street}) for s in pending[1:]}
        settled = mississippi_stud.settle(
            state.hands[seat],
            state.board[: len(placed) - 1],
            placed,
            paytable=config.paytable(self.game),
            rules=config.rules,
        )
        folded = [s for s in state.seats if len(state.bets[s]) < min(street + 1, 4)]
        return Step(
            number=0,
            phase=phase,
            prompt=prompt,
            kind=KIND,
            level=level,
            situation=REGISTRY[KIND].situation_of(request, level, config),
            category=settled.category.label if settled.category is not None else None,
            request=request,
            fields=(where_field(state.seats), *asked.fields),
            expected={"where": seat, **asked.expected},
            reasons=asked.reasons,
            table=_table(state, street, shown),
            where=seat,
            pending=tuple(pending),
            done=tuple(s for s in state.seats if s in state.taken | state.settled),
            folded=tuple(folded),
            order=order_words(config.rules.settle_order),
            moves=(Move(seat, settled.net),),
            events=_events(state, street),
            facts={"street": street},
            elsewhere=elsewhere(others, asked.fields),
        )

    def _ask(self, state: State, seat: str) -> tuple[dict[str, Any], Asked]:
        """The pay drill's request for `seat`'s hand as it stands, and its question."""
        placed = state.bets[seat]
        request = {
            "game": self.game,
            "seat": seat,
            "hole": format_cards(state.hands[seat]),
            "board": format_cards(state.board[: len(placed) - 1]),
            "bets": list(placed),
        }
        spots = dict(zip((key for key, _ in mississippi_stud.BETS), placed, strict=False))
        config, level = state.config, state.setting.level
        return request, ask(
            KIND, request, level, config, bets=spots, in_chips=state.setting.in_chips
        )


def _table(state: State, street: int, shown: int) -> dict[str, Any]:
    """The layout as the dealer sees it at this step: the cards turned, each position's bets
    placed so far, a folded hand's bets until they are taken."""
    positions = []
    for seat in state.seats:
        placed = state.bets[seat]
        out = len(placed) < len(mississippi_stud.BETS) and len(placed) <= street
        position: dict[str, Any] = {"seat": seat, "hole": format_cards(state.hands[seat])}
        keys = [key for key, _ in mississippi_stud.BETS]
        visible = placed if out else placed[: street + 1]
        if seat in state.taken:
            position["bets"] = {}
            position["note"] = say("bets taken")
        elif seat in state.settled:
            position["bets"] = {}
            position["note"] = say("settled")
        else:
            position["bets"] = dict(zip(keys, visible, strict=False))
        if out:
            position["folded"] = say(
                "before %(street)s", street=mississippi_stud.BETS[len(placed)][1]
            )
        positions.append(position)
    return {
        "ante": state.ante,
        "board": format_cards(state.board[:shown]),
        "positions": positions,
    }


def _events(state: State, street: int) -> tuple[str, ...]:
    """What happened at the table since the last step: each street's decisions, and the card
    turned after them."""
    lines: list[str] = []
    for told in range(state.told + 1, min(street, len(STREETS)) + 1):
        if told > 1:
            lines.append(
                say(
                    "The dealer turns the next community card: %(card)s.",
                    card=state.board[told - 2],
                )
            )
        lines.append(_decisions(state, told))
    if street > len(STREETS) and state.told < street:
        lines.append(
            say("The dealer turns the last community card: %(card)s.", card=state.board[-1])
        )
    return tuple(lines)


def _decisions(state: State, street: int) -> str:
    said: list[str] = []
    for seat in state.seats:
        placed = state.bets[seat]
        if len(placed) < street:
            continue
        if len(placed) == street:
            said.append(say("seat %(seat)s folds", seat=seat))
        else:
            bet = placed[street]
            said.append(
                say(
                    "seat %(seat)s bets %(bet)s (%(times)s × Ante)",
                    seat=seat,
                    bet=bet,
                    times=bet // state.ante,
                )
            )
    return say(
        "%(street)s: %(decisions)s.", street=STREETS[street - 1][1], decisions=join(said, sep=", ")
    )


def seat_requests(dealt: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """Each position's whole hand as a ruling request (RULING_API.md): what its settlement
    is ruled from, apart from the procedure."""
    board = str(dealt["board"]).split()
    out = {}
    for seat in dealt["seats"]:
        bets = list(dealt["bets"][seat])
        out[seat] = {
            "game": mississippi_stud.SLUG,
            "hole": dealt["hands"][seat],
            "board": " ".join(board[: len(bets) - 1]),
            "bets": bets,
        }
    return out


PROCEDURE = MississippiStudRound()
