"""Caribbean Stud and Casino Stud Poker, dealt as a round: one procedure, two profiles
(docs/rulebook.md, *Dealing the round*).

1. Each position antes and is dealt five cards; the dealer's five lie face down but one (the
   first at Caribbean Stud, the last at Casino Stud Poker).  Every player folds or puts up
   the second bet (the Call, the Raise).
2. The dealer takes each folded hand's Ante, working the layout in the house's settle order.
3. The dealer turns the hand and calls it: qualifies (A-K high or better) or not, before
   touching any bet still on the layout.
4. The dealer settles each position still in, in the settle order: the Ante and the second bet
   each paid, returned (pushed) or taken.

The takes and the settles are questions of the drill *settle the player* (`cs-settle`,
`csp-settle`), the call of *does the dealer qualify?* (`cs-qualify`, `csp-qualify`, as dealt:
level 2), each under `where`: the dealer's hand or the seat the dealer works next.  The
players act by the drills' simple strategy (`banked_stud.basic_action`: call with A-K high or
better).

>>> from trainer.engine.house import DEFAULT_CONFIG
>>> from ...kit.rounds import Setting, play
>>> setting = Setting("caribbean-stud", 1, 3)
>>> dealt = CARIBBEAN.deal(0, setting, DEFAULT_CONFIG)
>>> dealt["actions"]
{'1': 'fold', '3': 'call', '4': 'call'}
>>> [(s.phase, s.where) for s in play(CARIBBEAN, dealt, setting, DEFAULT_CONFIG)]
[('take', '1'), ('qualify', 'dealer'), ('settle', '4'), ('settle', '3')]
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ...cards import Card, Deck, format_cards, parse_cards
from ...hands import evaluate_five
from ...house import HouseConfig
from ...kit.kinds import REGISTRY
from ...kit.rounds import (
    DEALER,
    Asked,
    Move,
    Procedure,
    Setting,
    Step,
    ask,
    default_slips,
    elsewhere,
    order_words,
    where_field,
)
from ...kit.stakes import pick_ante, pick_seats
from ...messages import join, say
from ...seats import TABLE_SEATS, settle_order
from . import rules as banked_stud
from .rules import Profile, Result

#: the level the qualify call is asked at: the dealer's cards as dealt
QUALIFY_LEVEL = 2


@dataclass(frozen=True)
class State:
    setting: Setting
    config: HouseConfig
    ante: int
    seats: tuple[str, ...]
    hands: Mapping[str, tuple[Card, ...]]
    dealer: tuple[Card, ...]
    actions: Mapping[str, str]
    taken: frozenset[str] = frozenset()
    called: bool = False
    settled: frozenset[str] = frozenset()
    #: whether the steps so far have told of the players' decisions
    told: bool = False

    def folds(self) -> list[str]:
        return [s for s in self.seats if self.actions[s] == "fold"]

    def callers(self) -> list[str]:
        return [s for s in self.seats if self.actions[s] != "fold"]


class BankedStudRound(Procedure[State]):
    players = (1, len(TABLE_SEATS))
    rounds_per_hour = 50
    phases = ("take", "qualify", "settle")

    def __init__(self, profile: Profile, settle_kind: str, qualify_kind: str) -> None:
        self.profile = profile
        self.game = profile.game
        self.settle_kind = settle_kind
        self.qualify_kind = qualify_kind

    @property
    def second(self) -> str:
        return self.profile.second_bet

    def deal(self, seed: int, setting: Setting, config: HouseConfig) -> dict[str, Any]:
        self.check_setting(setting)
        rng = random.Random(seed)
        ante = pick_ante(rng, setting.level, self.profile.paytable(config), config)
        seats = pick_seats(rng, setting.players, TABLE_SEATS)
        deck = Deck(rng=rng)
        hands = {s: deck.deal(5) for s in seats}
        dealer = deck.deal(5)
        actions = {
            s: self._word(banked_stud.basic_action(evaluate_five(h))) for s, h in hands.items()
        }
        return {
            "ante": ante,
            "seats": list(seats),
            "hands": {s: format_cards(h) for s, h in hands.items()},
            "dealer": format_cards(dealer),
            "actions": actions,
        }

    def _word(self, action: banked_stud.Action) -> str:
        """A player's action as a request says it: fold, call, or a Raise at Casino Stud."""
        return "fold" if action is banked_stud.Action.FOLD else self.second.lower()

    def start(self, dealt: Mapping[str, Any], setting: Setting, config: HouseConfig) -> State:
        seats = tuple(str(s) for s in dealt["seats"])
        return State(
            setting=setting,
            config=config,
            ante=int(dealt["ante"]),
            seats=seats,
            hands={s: parse_cards(dealt["hands"][s]) for s in seats},
            dealer=parse_cards(dealt["dealer"]),
            actions={s: str(dealt["actions"][s]) for s in seats},
        )

    def next_step(self, state: State) -> Step | None:
        order = state.config.rules.settle_order
        folds = [s for s in settle_order(state.folds(), order) if s not in state.taken]
        if folds:
            return self._seat_step(state, "take", folds)
        callers = state.callers()
        if callers and not state.called:
            return self._qualify(state)
        pending = [s for s in settle_order(callers, order) if s not in state.settled]
        if pending:
            return self._seat_step(state, "settle", pending)
        return None

    def after(self, state: State, step: Step) -> State:
        state = replace(state, told=True)
        if step.phase == "qualify":
            return replace(state, called=True)
        seat = str(step.where)
        if step.phase == "take":
            return replace(state, taken=state.taken | {seat})
        return replace(state, settled=state.settled | {seat})

    # --- the steps --------------------------------------------------------------------------

    def _request(self, state: State, seat: str) -> dict[str, Any]:
        return {
            "game": self.game,
            "seat": seat,
            "player": format_cards(state.hands[seat]),
            "dealer": format_cards(state.dealer),
            "ante": state.ante,
            "action": state.actions[seat],
        }

    def _qualify(self, state: State) -> Step:
        config = state.config
        request = {**self._request(state, state.callers()[0]), "action": self.second.lower()}
        request.pop("seat")
        asked = ask(self.qualify_kind, request, QUALIFY_LEVEL, config)
        qualifies = banked_stud.dealer_qualifies(evaluate_five(state.dealer))
        events = self._told(state) + (
            say("The dealer turns the hand: %(cards)s.", cards=format_cards(state.dealer)),
        )
        return Step(
            number=0,
            phase="qualify",
            prompt=say(
                "Every decision is made and the folds are taken: turn the dealer's hand and "
                "call it."
            ),
            kind=self.qualify_kind,
            level=QUALIFY_LEVEL,
            situation=REGISTRY[self.qualify_kind].situation_of(request, QUALIFY_LEVEL, config),
            category=evaluate_five(state.dealer).category.label,
            request=request,
            fields=(where_field(state.seats, dealer=True), *asked.fields),
            expected={"where": DEALER, **asked.expected},
            reasons=asked.reasons,
            table=self._table(state, revealed=True),
            where=DEALER,
            pending=(DEALER,),
            done=tuple(s for s in state.seats if s in state.taken),
            folded=tuple(state.folds()),
            order="the dealer's hand is turned and called before any bet still on the layout",
            events=events,
            facts={"qualifies": qualifies},
        )

    def _seat_step(self, state: State, phase: str, pending: list[str]) -> Step:
        config, level = state.config, state.setting.level
        seat = pending[0]
        request, asked, settled = self._settlement(state, seat)
        # the seats after it, each as it would be settled: a settlement given at one of them
        # out of order is graded against its own
        others = {}
        for other in pending[1:]:
            _, its, its_settled = self._settlement(state, other)
            others[other] = (its, self._facts(its_settled))
        if phase == "take":
            prompt = say("Every player has decided: take each folded hand's Ante.")
        else:
            prompt = say(
                "Settle each hand still in: its Ante and its %(bet)s.", bet=self.profile.second_bet
            )
        revealed = phase == "settle"
        return Step(
            number=0,
            phase=phase,
            prompt=prompt,
            kind=self.settle_kind,
            level=level,
            situation=REGISTRY[self.settle_kind].situation_of(request, level, config),
            category=settled.player.category.label,
            request=request,
            fields=(where_field(state.seats, dealer=True), *asked.fields),
            expected={"where": seat, **asked.expected},
            reasons=asked.reasons,
            table=self._table(state, revealed=revealed),
            where=seat,
            pending=tuple(pending),
            done=tuple(s for s in state.seats if s in state.taken | state.settled),
            folded=tuple(state.folds()),
            order=order_words(config.rules.settle_order),
            moves=(Move(seat, settled.net),),
            events=self._told(state),
            facts=self._facts(settled),
            elsewhere=elsewhere(others, asked.fields),
        )

    def _settlement(
        self, state: State, seat: str
    ) -> tuple[dict[str, Any], Asked, banked_stud.Settlement]:
        """`seat`'s request, its settle drill's question, and the game's settlement of it."""
        config, level = state.config, state.setting.level
        request = self._request(state, seat)
        bets = {"ante": state.ante}
        if state.actions[seat] != "fold":
            bets["call"] = state.ante * self.profile.multiple(config.rules)
        asked = ask(
            self.settle_kind, request, level, config, bets=bets, in_chips=state.setting.in_chips
        )
        settled = banked_stud.settle(
            self.profile,
            state.hands[seat],
            state.dealer,
            state.ante,
            state.actions[seat],
            paytable=self.profile.paytable(config),
            rules=config.rules,
        )
        return request, asked, settled

    @staticmethod
    def _facts(settled: banked_stud.Settlement) -> dict[str, Any]:
        return {
            "qualifies": settled.dealer_qualifies,
            "tie": settled.outcome is banked_stud.Outcome.PUSH,
        }

    def _told(self, state: State) -> tuple[str, ...]:
        if state.told:
            return ()
        said = []
        for seat in state.seats:
            if state.actions[seat] == "fold":
                said.append(say("seat %(seat)s folds", seat=seat))
            else:
                call = state.ante * self.profile.multiple(state.config.rules)
                said.append(
                    say(
                        "seat %(seat)s puts up the %(bet)s of %(call)s",
                        seat=seat,
                        bet=self.profile.second_bet,
                        call=call,
                    )
                )
        up = self.profile.up_card(state.dealer)
        return (
            say(
                "Each position antes %(ante)s; the dealer shows %(card)s.", ante=state.ante, card=up
            ),
            say("The players decide: %(decisions)s.", decisions=join(said, sep=", ")),
        )

    def _table(self, state: State, *, revealed: bool) -> dict[str, Any]:
        call = state.ante * self.profile.multiple(state.config.rules)
        positions = []
        for seat in state.seats:
            folding = state.actions[seat] == "fold"
            position: dict[str, Any] = {
                "seat": seat,
                "player": format_cards(state.hands[seat]),
                "ante": state.ante,
                "action": state.actions[seat],
                "bets": {"ante": state.ante, **({} if folding else {"call": call})},
            }
            if seat in state.taken:
                position.update(bets={}, note=say("Ante taken"))
            elif seat in state.settled:
                position.update(bets={}, note="settled")
            positions.append(position)
        return {
            "dealer": format_cards(state.dealer) if revealed else "",
            "up_card": str(self.profile.up_card(state.dealer)),
            "call_name": self.second,
            "ante": state.ante,
            "positions": positions,
        }

    def slips(self, step: Step, answer: Mapping[str, Any], marks: Mapping[str, bool]) -> list[str]:
        """The qualification called wrong, and the second bet settled as if the dealer had
        qualified (or a tie as if it were not one), named as the rules say them; any other
        result as every game names it."""
        if step.phase == "qualify":
            if marks.get("qualifies", True):
                return []
            return [
                say(
                    "Calling the dealer's hand wrong: the dealer qualifies with A-K high or "
                    "better, any pair or better or a high-card hand holding both an ace and a "
                    "king."
                )
            ]
        named: list[str] = []
        second = self.second
        if step.expected.get("call.result") == Result.PUSH.value:
            given = answer.get("call.result")
            if step.facts.get("qualifies") is False and given in ("win", "lose"):
                named.append(
                    say(
                        "Paying the %(bet)s when the dealer does not qualify: the Ante wins "
                        "1 to 1 and the %(bet)s is returned, whatever the player holds.",
                        bet=second,
                    )
                    if given == "win"
                    else say(
                        "Taking the %(bet)s when the dealer does not qualify: the Ante wins "
                        "1 to 1 and the %(bet)s is returned, whatever the player holds.",
                        bet=second,
                    )
                )
            elif step.facts.get("tie") and given in ("win", "lose"):
                tie = self.profile.tie_word
                named.append(
                    say(
                        "Paying %(tie)s: the Ante and the %(bet)s are both returned.",
                        tie=tie,
                        bet=second,
                    )
                    if given == "win"
                    else say(
                        "Taking %(tie)s: the Ante and the %(bet)s are both returned.",
                        tie=tie,
                        bet=second,
                    )
                )
        if named:
            rest = [
                s
                for s in default_slips(step, answer, marks)
                if not s.startswith(("Paying a bet that pushes", "Taking a bet that pushes"))
            ]
            return named + rest
        return default_slips(step, answer, marks)


def seat_requests(game: str, dealt: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """Each position's round as a ruling request (RULING_API.md), apart from the procedure."""
    return {
        seat: {
            "game": game,
            "player": dealt["hands"][seat],
            "dealer": dealt["dealer"],
            "ante": dealt["ante"],
            "action": dealt["actions"][seat],
        }
        for seat in dealt["seats"]
    }


CARIBBEAN = BankedStudRound(banked_stud.CARIBBEAN, "cs-settle", "cs-qualify")
CASINO = BankedStudRound(banked_stud.CASINO, "csp-settle", "csp-qualify")
