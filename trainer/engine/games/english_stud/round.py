"""English Stud, dealt as a round: the dealer's calls from the bring-in to the split
(docs/rulebook.md, *Dealing the round*).

The hand is the game module's `Hand`: two down and one up, 4th to 7th Street each after a
burn, an exchange round after 5th and after 6th Street.  The players call every bet, raise
on three of a kind or better (`raises`), give up a hand holding no pair when another player
still in shows a pair above its highest card (`gives_up`: 4th to 6th Street, while three or
more are in), and exchange by the game module's `simple_policy`.  The dealer:

1. names the bring-in: the lowest up card, suits breaking a tie (clubs lowest);
2. names who acts first on each street: on 3rd the highest up card, on 4th to 7th the best
   exposed hand (ties: the first seat clockwise from the dealer);
3. offers the exchange, after 5th and after 6th Street, to each player still in, one at a
   time in seat order from the dealer's left;
4. reads the showdown: the best five of seven takes the pot, tied hands split it;
5. pushes each share, in seat order from the dealer's left.

The steps are questions of the drills *the bring-in*, *first to act*, *offer the exchange* and
*the showdown* (`es-bring-in`, `es-first-to-act`, `es-exchange`, `es-showdown`), each at the
level whose table has as many players.

>>> from trainer.engine.house import DEFAULT_CONFIG
>>> from ...kit.rounds import Setting, play
>>> setting = Setting("english-stud", 1, 3)
>>> steps = play(PROCEDURE, PROCEDURE.deal(4, setting, DEFAULT_CONFIG), setting, DEFAULT_CONFIG)
>>> [s.phase for s in steps][:6]
['bring-in', 'first', 'first', 'first', 'offer', 'offer']
>>> steps[-1].phase
'push'
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ...cards import Card, format_cards, parse_cards
from ...errors import EngineError
from ...hands import Category, best_five, evaluate_exposed
from ...house import HouseConfig
from ...kit.answers import seats_field
from ...kit.kinds import REGISTRY
from ...kit.pots import FOLD_WHILE, pick_ante, pot_left, push_steps
from ...kit.rounds import Procedure, Setting, Step, ask
from ...messages import Message, say
from . import deal
from . import rules as es

BRING_IN, FIRST, EXCHANGE, SHOWDOWN = "es-bring-in", "es-first-to-act", "es-exchange", "es-showdown"
#: each street's bet, in antes: small bets on 3rd and 4th, big bets from 5th on
BETS = {3: 1, 4: 1, 5: 2, 6: 2, 7: 2}
#: the streets on which a player may give up
FOLD_STREETS = (4, 5, 6)
#: deals tried before a house whose stock cannot serve the table is told the round cannot be
#: dealt (a 7th Street community card cannot be shown in a showdown request: deal again)
TRIES = 20


def players_level(players: int) -> int:
    """The drills' level whose table has as many players (three; four or five; six).

    >>> [players_level(n) for n in range(2, 7)]
    [1, 1, 2, 2, 3]
    """
    return 1 if players <= 3 else 2 if players <= 5 else 3


def gives_up(own: Sequence[Card], others: Sequence[Sequence[Card]]) -> bool:
    """The plausible player's fold: nothing paired among its own cards while another player
    still in shows a pair above its highest card.

    >>> gives_up(parse_cards("Kc 9d 4h 2s"), [parse_cards("Ac Ad")])
    True
    >>> gives_up(parse_cards("Kc 9d 4h 2s"), [parse_cards("7c 7d")])
    False
    """
    if len({c.rank for c in own}) < len(own):
        return False
    top = max(c.rank for c in own)
    for up in others:
        shown = evaluate_exposed(up)
        if shown.category >= Category.ONE_PAIR and shown.key[1][0] > top:
            return True
    return False


def raises(own: Sequence[Card]) -> bool:
    """The plausible player's raise: three of a kind or better among its own cards.  One raise
    a betting round, by the first such player in seat order; everyone still in calls it.

    >>> raises(parse_cards("9c 9d 9h 2s")), raises(parse_cards("9c 9d Kh 2s"))
    (True, False)
    """
    if len(own) >= 5:
        return best_five(own)[0].category >= Category.THREE_OF_A_KIND
    return evaluate_exposed(own).category >= Category.THREE_OF_A_KIND


@dataclass(frozen=True)
class Planned:
    """One dealer step of the round, worked out from the deal: what it asks, of what, and what
    the table shows and has just seen."""

    phase: str
    kind: str
    request: Mapping[str, Any]
    table: Mapping[str, Any]
    events: tuple[str, ...]
    #: the seat a push settles
    seat: str | None = None


@dataclass(frozen=True)
class State:
    setting: Setting
    config: HouseConfig
    plan: tuple[Planned, ...]
    seats: tuple[str, ...]
    pot: int
    hands: Mapping[str, tuple[Card, ...]]
    at: int = 0
    pushed: frozenset[str] = frozenset()


class EnglishStudRound(Procedure[State]):
    game = es.SLUG
    players = (2, es.MAX_PLAYERS)
    rounds_per_hour = 25
    phases = ("bring-in", "first", "offer", "winners", "push")

    def deal(self, seed: int, setting: Setting, config: HouseConfig) -> dict[str, Any]:
        self.check_setting(setting)
        rng = random.Random(seed)
        ante = pick_ante(rng, setting.level, config)
        problem = ""
        for _ in range(TRIES):
            try:
                return _play(rng.getrandbits(32), setting.players, ante, config)
            except EngineError as exc:
                problem = str(exc)
        raise EngineError(f"This house's rules cannot deal this round: {problem}")

    def start(self, dealt: Mapping[str, Any], setting: Setting, config: HouseConfig) -> State:
        seats = tuple(str(s) for s in dealt["seats"])
        hands = {str(s): parse_cards(c) for s, c in dealt["hands"].items()}
        return State(
            setting=setting,
            config=config,
            plan=tuple(_plan(dealt)),
            seats=seats,
            pot=int(dealt["pot"]),
            hands=hands,
        )

    def next_step(self, state: State) -> Step | None:
        config = state.config
        level = players_level(len(state.seats))
        if state.at < len(state.plan):
            planned = state.plan[state.at]
            asked = ask(planned.kind, planned.request, level, config)
            return Step(
                number=0,
                phase=planned.phase,
                prompt=_prompt(planned),
                kind=planned.kind,
                level=level,
                situation=REGISTRY[planned.kind].situation_of(planned.request, level, config),
                category=None,
                request=planned.request,
                fields=asked.fields,
                expected=asked.expected,
                reasons=asked.reasons,
                table=planned.table,
                events=planned.events,
                facts={"street": planned.request.get("street")},
            )
        request = {
            "game": self.game,
            "ask": "showdown",
            "pot": state.pot,
            "hands": {s: format_cards(h) for s, h in state.hands.items()},
        }
        showdown = es.showdown(state.pot, state.hands, rules=config.rules)
        base = Step(
            number=0,
            phase="winners",
            prompt="",
            kind=SHOWDOWN,
            level=level,
            situation=REGISTRY[SHOWDOWN].situation_of(request, level, config),
            category=showdown.categories[showdown.winners[0]].label,
            request=request,
            fields=(),
            expected={},
            reasons=showdown.steps,
            table=_showdown_table(state, showdown.shares),
            events=(),
        )
        if state.at == len(state.plan):
            return replace(
                base,
                prompt=say("The last bets are in: read the hands. Who takes the pot?"),
                fields=(
                    seats_field(
                        "winners", say("Winning seats (every seat that ties)"), list(state.hands)
                    ),
                ),
                expected={"winners": sorted(showdown.winners, key=int)},
                events=(say("The players still in show their cards."),),
            )
        return push_steps(
            kind=SHOWDOWN,
            request=request,
            level=level,
            config=config,
            in_chips=state.setting.in_chips,
            seats=list(state.hands),
            shares=showdown.shares,
            pushed=set(state.pushed),
            base=base,
        )

    def after(self, state: State, step: Step) -> State:
        if step.phase == "push":
            return replace(state, pushed=state.pushed | {str(step.where)})
        return replace(state, at=state.at + 1)

    def slips(self, step: Step, answer: Mapping[str, Any], marks: Mapping[str, bool]) -> list[str]:
        """Each call broken, in the rule's words (RULES.md)."""
        if marks.get("seat", True) and marks.get("winners", True):
            if step.phase == "push" and not marks.get("amount", True):
                return [
                    say(
                        "Pushing the wrong share: tied hands split the pot equally, leftover "
                        "chips one each to the tied players in order of their highest card by "
                        "suit."
                    )
                ]
            return []
        given = str(answer.get("seat", ""))
        words = {
            "bring-in": say(
                "The wrong bring-in: the lowest up card brings it in, aces high, a tie on rank "
                "broken by suit (clubs, diamonds, hearts, spades)."
            ),
            "first": say(
                "The wrong player to act first: on 3rd Street the highest up card, on 4th to "
                "7th the best exposed hand (no straights or flushes), ties to the first seat "
                "clockwise from the dealer."
            ),
            "winners": say(
                "The wrong winner: each player's best five of seven; tied hands split the pot."
            ),
        }
        if step.phase == "offer":
            folded = step.request.get("folded", [])
            offered = step.request.get("offered", [])
            if given in folded:
                return [
                    say(
                        "Offering the exchange to a folded hand: seat %(seat)s is out; only "
                        "players still in are offered it.",
                        seat=given,
                    )
                ]
            if given in offered:
                return [
                    say("Offering the exchange twice: seat %(seat)s has had its turn.", seat=given)
                ]
            return [
                say(
                    "Offering the exchange out of order: it goes one player at a time in seat "
                    "order, starting to the left of the dealer."
                )
            ]
        return [words[step.phase]] if step.phase in words else []


def _play(seed: int, players: int, ante: int, config: HouseConfig) -> dict[str, Any]:
    """Play a hand from `seed` as the players would, and keep what the dealer's steps need:
    each street's up cards and who was in, the exchanges in order, the pot, the hands shown."""
    rules = config.rules
    hand = deal.Hand(players, seed=seed, rules=rules)
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

    def catch_up(into: list[str]) -> None:
        nonlocal seen
        into.extend(hand.steps[seen:])
        seen = len(hand.steps)

    streets: list[dict[str, Any]] = []
    for street in range(3, 8):
        dealt: list[str] = []
        if street > 3:
            hand.deal_street()
            catch_up(dealt)
        up = {s: format_cards(hand.exposed(s)) for s in hand.active}
        folds: list[str] = []
        if street in FOLD_STREETS:
            for seat in hand.active:
                if len(hand.active) < FOLD_WHILE:
                    break
                others = [hand.exposed(o) for o in hand.active if o != seat]
                if gives_up((*hand.hole(seat), *hand.exposed(seat)), others):
                    hand.fold(seat)
                    folds.append(seat)
        catch_up([])  # the fold lines are said with the betting
        raiser = next((s for s in hand.active if raises((*hand.hole(s), *hand.exposed(s)))), None)
        amount = BETS[street] * ante * (2 if raiser else 1)
        pot += amount * len(hand.active)
        betting: list[str] = [say("Seat %(seat)s folds.", seat=s) for s in folds]
        betting.append(_betting(street, raiser, len(hand.active), amount, pot))
        offers: list[dict[str, str]] = []
        while (turn := hand.to_act) is not None:
            record = hand.exchange(turn, deal.simple_policy(hand.hole(turn), hand.exposed(turn)))
            did = "stood pat"
            if record.face is deal.Face.DOWN:
                did = "exchanged a hole card"
            elif record.face is deal.Face.UP:
                did = f"exchanged the up card {record.discarded}"
            # the seat's up cards after its turn: the table the next offer is made at
            offers.append(
                {
                    "seat": turn,
                    "line": record.sentence,
                    "did": did,
                    "up": format_cards(hand.exposed(turn)),
                }
            )
            catch_up([])
        streets.append(
            {
                "street": street,
                "before": (log if street == 3 else []) + dealt,
                "up": up,
                "betting": betting,
                "folded": sorted(hand.folded, key=int),
                "offers": offers,
            }
        )
    if hand.community is not None:
        raise EngineError("7th Street needed a community card, which a showdown cannot show.")
    return {
        "ante": ante,
        "seats": list(hand.seats),
        "streets": streets,
        "pot": pot,
        # stud order: two down, four up, the 7th Street card down
        "hands": {s: format_cards((*h[:2], *h[3:], h[2])) for s, h in hand.holdings.items()},
    }


def _betting(street: int, raiser: str | None, players: int, amount: int, pot: int) -> Message:
    """A street's betting in the log: "5th Street betting: seat 2 raises and everyone calls:
    3 players put in 20 each; the pot is 140." """
    if raiser:
        return say(
            "%(street)s betting: seat %(seat)s raises and everyone calls: %(players)s players "
            "put in %(amount)s each; the pot is %(pot)s.",
            street=es.street_name(street),
            seat=raiser,
            players=players,
            amount=amount,
            pot=pot,
        )
    return say(
        "%(street)s betting: %(players)s players put in %(amount)s each; the pot is %(pot)s.",
        street=es.street_name(street),
        players=players,
        amount=amount,
        pot=pot,
    )


def _line(value: object) -> str:
    """A stored log line: a message (Round.dealt keeps them) stays one."""
    return value if isinstance(value, str) else str(value)


def _plan(dealt: Mapping[str, Any]) -> list[Planned]:
    """The dealer's steps up to the showdown, worked out from the deal."""
    seats = [str(s) for s in dealt["seats"]]
    plan: list[Planned] = []
    pending: list[str] = []  # what happened since the last step
    folded: list[str] = []
    for record in dealt["streets"]:
        street = int(record["street"])
        up = {str(s): str(c) for s, c in record["up"].items()}
        pending += list(record["before"])
        request: dict[str, Any]
        if street == 3:
            request = {"game": es.SLUG, "ask": "bring-in", "up": dict(up)}
            table = _table(seats, street, up, folded)
            plan.append(Planned("bring-in", BRING_IN, request, table, tuple(pending)))
            pending = []
        request = {"game": es.SLUG, "ask": "first-to-act", "street": street, "up": dict(up)}
        table = _table(seats, street, up, folded)
        plan.append(Planned("first", FIRST, request, table, tuple(pending)))
        pending = list(record["betting"])
        folded = [str(s) for s in record["folded"]]
        offered: list[str] = []
        notes: dict[str, str] = {}
        for offer in record["offers"]:
            request = {
                "game": es.SLUG,
                "ask": "exchange",
                "street": street,
                "seats": list(seats),
                "folded": list(folded),
                "offered": list(offered),
                "up": {s: c for s, c in up.items() if s not in folded},
            }
            table = _table(seats, street, up, folded, notes)
            plan.append(Planned("offer", EXCHANGE, request, table, tuple(pending)))
            seat = str(offer["seat"])
            offered.append(seat)
            notes[seat] = str(offer["did"])
            # an up card exchanged shows at once (a round dealt before the deal kept each
            # seat's cards after its turn replays as it was dealt)
            if "up" in offer and seat in up:
                up[seat] = str(offer["up"])
            pending = [_line(offer["line"])]
    return plan


def _table(
    seats: Sequence[str],
    street: int,
    up: Mapping[str, str],
    folded: Sequence[str],
    notes: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """The layout as the dealer sees it: each player's up cards (the hole cards face down), a
    folded seat empty."""
    positions = []
    for seat in seats:
        if seat in folded or seat not in up:
            positions.append({"seat": seat, "hole": "", "folded": say("this hand")})
            continue
        position: dict[str, Any] = {"seat": seat, "hole": up[seat]}
        if notes and seat in notes:
            position["note"] = notes[seat]
        positions.append(position)
    return {"street": street, "positions": positions}


def _showdown_table(state: State, shares: Mapping[str, int]) -> dict[str, Any]:
    positions: list[dict[str, Any]] = []
    for seat in state.seats:
        if seat not in state.hands:
            positions.append({"seat": seat, "hole": "", "folded": say("this hand")})
            continue
        position: dict[str, Any] = {"seat": seat, "hole": format_cards(state.hands[seat])}
        if seat in state.pushed:
            position["note"] = say("pushed %(amount)s", amount=shares.get(seat, 0))
        positions.append(position)
    return {"pot": state.pot, **pot_left(state.pot, shares, state.pushed), "positions": positions}


def _prompt(planned: Planned) -> Message:
    request = planned.request
    if planned.phase == "bring-in":
        return say("3rd Street is dealt: who brings it in?")
    street = es.street_name(int(request["street"]))
    if planned.phase == "first":
        return say("%(street)s is dealt: who acts first?", street=street)
    return say("The exchange after %(street)s: who is offered it next?", street=street)


def showdown_request(dealt: Mapping[str, Any]) -> dict[str, Any]:
    """The showdown as a ruling request (RULING_API.md), apart from the procedure."""
    return {"game": es.SLUG, "ask": "showdown", "pot": dealt["pot"], "hands": dict(dealt["hands"])}


PROCEDURE = EnglishStudRound()
