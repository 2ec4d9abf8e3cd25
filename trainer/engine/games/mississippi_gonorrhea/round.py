"""Mississippi Gonorrhea, dealt as a round: the dealer's showdown (docs/rulebook.md, *Dealing
the round*).

The players ante, are dealt one card down and one up, bet, and exchange at breakfast, lunch
and dinner, each followed by a betting round (the game module's `Hand`; each player by its
`simple_policy`, folding a hand with no chance after lunch or dinner: neither a pair, nor a
queen or better, nor two cards of eight or lower; raising on a strong one: `raises`).  Then
the dealer works the showdown:

1. the pot: sevens hog it, or it splits between high and low;
2. the hands: the seat(s) holding 7-7, or the best high and the best low (ties share);
3. the odd chip, when the pot does not halve evenly: the half the house gives it to;
4. each share pushed to its seat, in seat order from the dealer's left.

Every step is a question of the drill *split the pot* (`mg-split`) for the pot and the hands
still in.

>>> from trainer.engine.house import DEFAULT_CONFIG
>>> from ...kit.rounds import Setting, play
>>> setting = Setting("mississippi-gonorrhea", 1, 3)
>>> dealt = PROCEDURE.deal(1, setting, DEFAULT_CONFIG)
>>> dealt["pot"], dealt["hands"]
(105, {'1': '4s 5d', '2': '8c Kd', '3': 'As Kc'})
>>> [(s.phase, s.expected.get("where")) for s in play(PROCEDURE, dealt, setting,
...                                                   DEFAULT_CONFIG)]
[('showdown', None), ('winners', None), ('odd', None), ('push', '1'), ('push', '3')]
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ...cards import Card, format_cards, parse_cards
from ...errors import EngineError
from ...house import HouseConfig
from ...kit.answers import seats_field
from ...kit.fields import AnswerKind
from ...kit.kinds import REGISTRY, AnswerField
from ...kit.pots import FOLD_WHILE, pick_ante, pot_left, push_steps
from ...kit.rounds import Procedure, Setting, Step
from ...messages import Message, say
from . import rules as mg

KIND = "mg-split"
#: each betting round's bet, in antes: after the deal, after breakfast, after lunch, after dinner
BETS = (1, 1, 2, 2)
#: the betting rounds after which a player with no chance folds
FOLDS_AFTER = ("lunch", "dinner")
#: deals tried before a house that does not reuse its discards is told the round cannot be dealt
TRIES = 20
HIGH_HOPE = 12  # a queen or better: worth playing for high
LOW_HOPE = 8  # both cards eight or lower: worth playing for low
RAISE_LOW = 4  # a four-high low or better: worth a raise
#: when a betting round comes, after each exchange round (each its own sentence: the
#: rounds' names differ in gender in other languages)
AFTER: Mapping[str, Message] = {
    "breakfast": say("after breakfast"),
    "lunch": say("after lunch"),
    "dinner": say("after dinner"),
}

SHOWDOWN = AnswerField(
    "showdown",
    say("The pot"),
    AnswerKind.CHOICE,
    (("hog", say("Sevens hog it")), ("split", say("High and low split it"))),
    ("7", "2"),
)
ODD = AnswerField(
    "odd",
    say("The odd chip goes to"),
    AnswerKind.CHOICE,
    (("high", say("The high half")), ("low", say("The low half"))),
)


def has_a_chance(down: Card, up: Card) -> bool:
    """The plausible player's view of a two-card hand: a pair, a queen or better, or two
    cards of eight or lower.

    >>> has_a_chance(*parse_cards("9c 6d")), has_a_chance(*parse_cards("8c 3d"))
    (False, True)
    """
    hi, lo = max(down.rank, up.rank), min(down.rank, up.rank)
    return hi == lo or hi >= HIGH_HOPE or hi <= LOW_HOPE


def raises(down: Card, up: Card) -> bool:
    """The plausible player's raise: a pair of sevens (the hog), a pair of queens or better,
    or a low of four or better (3-2, 4-2, 4-3).  One raise a betting round, by the first such
    player in seat order; everyone still in calls it.

    >>> raises(*parse_cards("7c 7d")), raises(*parse_cards("4c 2d")), raises(*parse_cards("9c 9d"))
    (True, True, False)
    """
    hi, lo = max(down.rank, up.rank), min(down.rank, up.rank)
    return (hi == lo and (hi == mg.SEVEN or hi >= HIGH_HOPE)) or (hi != lo and hi <= RAISE_LOW)


@dataclass(frozen=True)
class State:
    setting: Setting
    config: HouseConfig
    pot: int
    seats: tuple[str, ...]
    hands: Mapping[str, tuple[Card, ...]]
    folded: tuple[str, ...]
    log: tuple[str, ...]
    called: bool = False
    named: bool = False
    odd_placed: bool = False
    pushed: frozenset[str] = frozenset()


class GonorrheaRound(Procedure[State]):
    game = mg.SLUG
    players = (2, mg.MAX_PLAYERS)
    rounds_per_hour = 30
    phases = ("showdown", "winners", "odd", "push")

    def deal(self, seed: int, setting: Setting, config: HouseConfig) -> dict[str, Any]:
        self.check_setting(setting)
        rng = random.Random(seed)
        ante = pick_ante(rng, setting.level, config)
        problem = ""
        for _ in range(TRIES):
            try:
                return self._play(rng.getrandbits(32), setting.players, ante, config)
            except EngineError as exc:  # a stock run out in a house that reuses no discards
                problem = str(exc)
        raise EngineError(f"This house's rules cannot deal this round: {problem}")

    def _play(self, seed: int, players: int, ante: int, config: HouseConfig) -> dict[str, Any]:
        rules = config.rules
        hand = mg.Hand(players, seed=seed, rules=rules)
        pot = ante * players
        log: list[str] = [
            say(
                "Each of %(players)s players antes %(ante)s: the pot is %(pot)s.",
                players=players,
                ante=ante,
                pot=pot,
            ),
            *hand.steps,
        ]
        seen = len(hand.steps)

        def catch_up() -> None:
            nonlocal seen
            log.extend(hand.steps[seen:])
            seen = len(hand.steps)

        for number, bet in enumerate(BETS):
            after = mg.ROUNDS[number - 1] if number else None
            if number:
                while (seat := hand.to_act) is not None and hand.round == after:
                    down, up = hand.held[seat]
                    hand.exchange(seat, mg.simple_policy(down, up, rules))
                catch_up()
            if after in FOLDS_AFTER:
                for seat in hand.active:
                    if len(hand.active) < FOLD_WHILE:
                        break
                    if not has_a_chance(*hand.held[seat]):
                        hand.fold(seat)
                catch_up()
            raiser = next((s for s in hand.active if raises(*hand.held[s])), None)
            amount = bet * ante * (2 if raiser else 1)
            pot += amount * len(hand.active)
            log.append(_betting(after, raiser, len(hand.active), amount, pot))
        return {
            "ante": ante,
            "seats": list(hand.seats),
            "pot": pot,
            "hands": {s: format_cards(h) for s, h in hand.holdings.items()},
            "folded": sorted(hand.folded, key=int),
            "log": log,
        }

    def start(self, dealt: Mapping[str, Any], setting: Setting, config: HouseConfig) -> State:
        hands = {str(s): parse_cards(c) for s, c in dealt["hands"].items()}
        return State(
            setting=setting,
            config=config,
            pot=int(dealt["pot"]),
            seats=tuple(hands),
            hands=hands,
            folded=tuple(str(s) for s in dealt.get("folded", ())),
            # a line stored as a message (Round.dealt keeps them) stays one
            log=tuple(
                line if isinstance(line, str) else str(line) for line in dealt.get("log", ())
            ),
        )

    def next_step(self, state: State) -> Step | None:
        config, level = state.config, state.setting.level
        request = {
            "game": self.game,
            "pot": state.pot,
            "hands": {s: format_cards(h) for s, h in state.hands.items()},
        }
        showdown = mg.settle(state.pot, state.hands, rules=config.rules)
        hog = bool(showdown.hog)
        halves = {d.name: d for d in showdown.divisions}
        uneven = not hog and halves["high half"].amount != halves["low half"].amount
        base = Step(
            number=0,
            phase="showdown",
            prompt="",
            kind=KIND,
            level=level,
            situation=REGISTRY[KIND].situation_of(request, level, config),
            category=None,
            request=request,
            fields=(),
            expected={},
            reasons=showdown.steps,
            table=_table(state, showdown.shares),
            events=() if state.called else state.log,
            facts={"hog": hog, "odd_to": config.rules.split_pot_odd_chip},
        )
        seats = list(state.seats)
        if not state.called:
            return replace(
                base,
                prompt=say(
                    "The last bets are in and the hands are shown: do sevens hog the pot, "
                    "or does it split between high and low?"
                ),
                fields=(SHOWDOWN,),
                expected={"showdown": "hog" if hog else "split"},
            )
        if not state.named:
            if hog:
                fields: tuple[AnswerField, ...] = (
                    seats_field("hog", say("Seats holding 7-7"), seats),
                )
                expected: dict[str, Any] = {"hog": sorted(showdown.hog, key=int)}
            else:
                fields = (
                    seats_field("high", say("Best high hand (every seat that ties)"), seats),
                    seats_field("low", say("Best low hand (every seat that ties)"), seats),
                )
                expected = {
                    "high": sorted(showdown.high, key=int),
                    "low": sorted(showdown.low, key=int),
                }
            return replace(
                base,
                phase="winners",
                prompt=say("Read the hands: who takes the pot, or each half of it?"),
                fields=fields,
                expected=expected,
            )
        if uneven and not state.odd_placed:
            return replace(
                base,
                phase="odd",
                prompt=say(
                    "The pot of %(pot)s does not halve evenly: which half takes the odd chip?",
                    pot=state.pot,
                ),
                fields=(ODD,),
                expected={"odd": config.rules.split_pot_odd_chip},
            )
        return push_steps(
            kind=KIND,
            request=request,
            level=level,
            config=config,
            in_chips=state.setting.in_chips,
            seats=seats,
            shares=showdown.shares,
            pushed=set(state.pushed),
            base=base,
        )

    def after(self, state: State, step: Step) -> State:
        if step.phase == "showdown":
            return replace(state, called=True)
        if step.phase == "winners":
            return replace(state, named=True)
        if step.phase == "odd":
            return replace(state, odd_placed=True)
        return replace(state, pushed=state.pushed | {str(step.where)})

    def slips(self, step: Step, answer: Mapping[str, Any], marks: Mapping[str, bool]) -> list[str]:
        """The showdown's rules, each broken named in RULES.md's words."""
        said: list[str] = []
        if not marks.get("showdown", True):
            if step.facts.get("hog"):
                said.append(
                    say(
                        "Splitting a pot that sevens hog: a pair of sevens takes the whole pot, "
                        "even against A-A."
                    )
                )
            else:
                said.append(say("Calling a hog without a pair of sevens: only 7-7 hogs the pot."))
        if not marks.get("hog", True):
            said.append(
                say("The wrong hog: the pot goes to the pair of sevens, shared if two hold one.")
            )
        if not marks.get("high", True):
            said.append(
                say(
                    "The wrong high hand: any pair beats any two unpaired cards, a higher pair a "
                    "lower one; unpaired hands compare the higher card, then the lower; aces are "
                    "high."
                )
            )
        if not marks.get("low", True):
            said.append(
                say(
                    "The wrong low hand: unpaired hands compare the higher card first, the lower "
                    "hand winning, 3-2 best; every pair is a worse low than any unpaired hand; "
                    "aces are high."
                )
            )
        if not marks.get("odd", True):
            said.append(
                say(
                    "The odd chip to the wrong half: this house gives the odd chip of a pot "
                    "that does not halve evenly to the low half."
                )
                if step.facts.get("odd_to", "high") == "low"
                else say(
                    "The odd chip to the wrong half: this house gives the odd chip of a pot "
                    "that does not halve evenly to the high half."
                )
            )
        if step.phase == "push" and not marks.get("amount", True):
            said.append(
                say(
                    "Pushing the wrong share: each half goes to its best hand, tied hands share "
                    "it equally, and leftover chips go one each to the tied players in seat "
                    "order from the dealer's left."
                )
            )
        return said


def _betting(after: str | None, raiser: str | None, players: int, amount: int, pot: int) -> Message:
    """A betting round in the log: "Betting after lunch: seat 2 raises and everyone calls: 3
    players put in 20 each; the pot is 140." """
    when = AFTER[after] if after else say("after the deal")
    if raiser:
        return say(
            "Betting %(when)s: seat %(seat)s raises and everyone calls: %(players)s players put "
            "in %(amount)s each; the pot is %(pot)s.",
            when=when,
            seat=raiser,
            players=players,
            amount=amount,
            pot=pot,
        )
    return say(
        "Betting %(when)s: %(players)s players put in %(amount)s each; the pot is %(pot)s.",
        when=when,
        players=players,
        amount=amount,
        pot=pot,
    )


def _table(state: State, shares: Mapping[str, int]) -> dict[str, Any]:
    positions: list[dict[str, Any]] = []
    every = sorted({*state.seats, *state.folded}, key=int)
    for seat in every:
        if seat in state.hands:
            position: dict[str, Any] = {"seat": seat, "hole": format_cards(state.hands[seat])}
            if seat in state.pushed:
                position["note"] = say("pushed %(amount)s", amount=shares.get(seat, 0))
        else:
            position = {"seat": seat, "hole": "", "folded": say("this hand")}
        positions.append(position)
    return {"pot": state.pot, **pot_left(state.pot, shares, state.pushed), "positions": positions}


def showdown_request(dealt: Mapping[str, Any]) -> dict[str, Any]:
    """The showdown as a ruling request (RULING_API.md), apart from the procedure."""
    return {"game": mg.SLUG, "pot": dealt["pot"], "hands": dict(dealt["hands"])}


PROCEDURE = GonorrheaRound()
