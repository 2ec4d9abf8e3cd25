"""What every game's round shares: the step, the verdict on an answer, the slips a procedure
names, the round's pace, and the state machine's shape.

A round is a state machine (`Procedure`): `start` sets the table from a dealt round, and at
each state `next_step` gives the dealer's next action with its right answer (None once the
round is over), `after` the state that follows it.  The state after an answer is the state
after the right answer, whatever was answered: a slip is named at once and the round goes on
from the right state, so one slip does not spoil the rest of the round.

Each step is a question of a drill's skill (its drill kind and situation): its fields,
expected answer and reasons are the drill's own (`DrillKind.answer`) for the hand the step
settles, asked without the seat in their names, and, where the procedure has an order, with
a `where` field first: the place the dealer acts on next (a seat, or the dealer's hand).

>>> f = AnswerField("where", "Act on", "choice", (("dealer", "The dealer's hand"),
...                 ("1", "Seat 1")), ("d", "1"))
>>> step = Step(number=1, phase="qualify", prompt="Does the dealer qualify?", kind="cs-qualify",
...     level=2, situation="dealer A-K high", category="high card", request={},
...     fields=(f, AnswerField("qualifies", "Qualifies?", "choice", (("yes", "Yes"),
...     ("no", "No")))), expected={"where": "dealer", "qualifies": "yes"}, reasons=("A-K.",),
...     table={}, where="dealer", pending=("dealer",), order="")
>>> judge(step, {"where": "1", "qualifies": "yes"}).slips[0].split(":")[0]
"Paying before the dealer's qualification is known"
>>> judge(step, {"where": "dealer", "qualifies": "yes"}).right
True
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Generic, TypeVar

from ..errors import EngineError
from ..house import SETTLE_ORDERS, HouseConfig
from ..messages import Message, say
from .answers import grade
from .fields import AnswerKind
from .kinds import REGISTRY, AnswerField

#: the field that asks where the dealer acts next
WHERE = "where"
#: `where`'s value for the dealer's own hand
DEALER = "dealer"
#: no round of any game takes more dealer steps than this (a full English Stud table: the
#: bring-in, five first-to-acts, twelve exchange offers, the showdown and six pushes); a
#: machine that would go on is a fault, not a long round
MAX_STEPS = 64

#: what a round's pace is counted against: rounds an hour, as a house may set them
MIN_ROUNDS_PER_HOUR = 5
MAX_ROUNDS_PER_HOUR = 200
SECONDS_AN_HOUR = 3600


@dataclass(frozen=True)
class Setting:
    """What a round is dealt at: its game, its level (the stakes, as the drills' levels: a $5,
    a $25 and a $100 table), how many players or positions, and whether payouts are built
    from the house's chips."""

    game: str
    level: int
    players: int
    in_chips: bool = False


@dataclass(frozen=True)
class Move:
    """Chips a step's right answer moves: to the player (`amount` > 0, a payout or a share of
    the pot) or from the player to the house (`amount` < 0, a bet taken)."""

    seat: str
    amount: int


@dataclass(frozen=True)
class Step:
    """One dealer action of a round, as a question of a drill's skill.

    `where` is the place the dealer acts on (a seat or `DEALER`) when the step asks it
    (`fields` then begins with the `WHERE` field), None when the answer itself names a seat
    (the bring-in, first to act, the exchange offered next, the pot's winners).  `pending`:
    the places this part of the procedure still has to act on, in its order (the right one
    first); `done`: the seats already settled (bets taken or paid); `folded`: every seat that
    folded so far; `order`: how this part is worked, in the rule's words.  `events`: what
    happened at the table since the step before (the players' decisions, cards dealt)."""

    number: int
    phase: str
    prompt: str
    kind: str
    level: int
    situation: str
    category: str | None
    request: Mapping[str, Any]
    fields: tuple[AnswerField, ...]
    expected: Mapping[str, Any]
    reasons: tuple[str, ...]
    table: Mapping[str, Any]
    where: str | None = None
    pending: tuple[str, ...] = ()
    done: tuple[str, ...] = ()
    folded: tuple[str, ...] = ()
    order: str = ""
    moves: tuple[Move, ...] = ()
    events: tuple[str, ...] = ()
    #: what the game's slips read besides the answer (the dealer qualified, the pot's odd
    #: chip, the share of each seat...), JSON-able
    facts: Mapping[str, Any] = field(default_factory=dict)
    #: the other places still to act on in this part (`pending` after the right one), each
    #: with its own settlement asked by the same fields: {"expected" (without `where`),
    #: "reasons", "facts"}.  An answer acting on one of them out of order has its settlement
    #: graded against that place's own (`judge`); empty for a step stored before it was kept
    elsewhere: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    @property
    def weight(self) -> float:
        """The step's drill target at its level, in seconds: what its share of the round's time
        is in proportion to (`step_targets_ms`)."""
        return REGISTRY[self.kind].target_seconds(self.level)

    def as_json(self) -> dict[str, Any]:
        """The step as stored: everything `judge` reads, so a stored step is judged again
        without dealing the round again."""
        return {
            "number": self.number,
            "phase": self.phase,
            "prompt": self.prompt,
            "kind": self.kind,
            "level": self.level,
            "situation": self.situation,
            "category": self.category,
            "request": dict(self.request),
            "fields": [field_json(f) for f in self.fields],
            "expected": dict(self.expected),
            "reasons": list(self.reasons),
            "table": dict(self.table),
            "where": self.where,
            "pending": list(self.pending),
            "done": list(self.done),
            "folded": list(self.folded),
            "order": self.order,
            "moves": [[m.seat, m.amount] for m in self.moves],
            "events": list(self.events),
            "facts": dict(self.facts),
            "elsewhere": {seat: dict(there) for seat, there in self.elsewhere.items()},
        }

    @classmethod
    def of_json(cls, data: Mapping[str, Any]) -> Step:
        try:
            return cls(
                number=int(data["number"]),
                phase=str(data["phase"]),
                prompt=_text(data["prompt"]),
                kind=str(data["kind"]),
                level=int(data["level"]),
                situation=str(data["situation"]),
                category=data.get("category"),
                request=dict(data["request"]),
                fields=tuple(field_of(f) for f in data["fields"]),
                expected=dict(data["expected"]),
                reasons=tuple(_text(r) for r in data["reasons"]),
                table=dict(data["table"]),
                where=data.get("where"),
                pending=tuple(str(s) for s in data.get("pending", ())),
                done=tuple(str(s) for s in data.get("done", ())),
                folded=tuple(str(s) for s in data.get("folded", ())),
                order=str(data.get("order", "")),
                moves=tuple(Move(str(s), int(n)) for s, n in data.get("moves", ())),
                events=tuple(_text(e) for e in data.get("events", ())),
                facts=dict(data.get("facts", {})),
                elsewhere={str(s): dict(t) for s, t in data.get("elsewhere", {}).items()},
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise EngineError(f"The stored step cannot be read: {exc}.") from None


def _text(value: object) -> str:
    """A stored sentence: a message (or its JSON form) stays a message, other text as it is."""
    if isinstance(value, str):
        return value
    if isinstance(value, Mapping):
        return Message.from_json(value)
    return str(value)


def field_json(f: AnswerField) -> dict[str, Any]:
    return {
        "name": f.name,
        "label": f.label,
        "kind": f.kind,
        "choices": [list(c) for c in f.choices],
        "keys": list(f.keys),
    }


def field_of(data: Mapping[str, Any]) -> AnswerField:
    return AnswerField(
        name=str(data["name"]),
        label=_text(data["label"]),
        kind=AnswerKind(str(data["kind"])),
        choices=tuple((str(v), _text(label)) for v, label in data.get("choices", ())),
        keys=tuple(str(k) for k in data.get("keys", ())),
    )


# --- asking a drill's question inside a round -----------------------------------------------


def where_field(places: Sequence[str], *, dealer: bool = False) -> AnswerField:
    """The `WHERE` field: the table's seats in seat order (each keyed by its number), after
    the dealer's hand (key D) where the dealer holds one.

    >>> where_field(["3", "1"], dealer=True).choices
    (('dealer', "The dealer's hand"), ('1', 'Seat 1'), ('3', 'Seat 3'))
    """
    seats = sorted(places, key=int)
    choices: list[tuple[str, str]] = [(s, say("Seat %(seat)s", seat=s)) for s in seats]
    keys = list(seats)
    if dealer:
        choices.insert(0, (DEALER, say("The dealer's hand")))
        keys.insert(0, "d")
    return AnswerField(WHERE, say("Act on"), AnswerKind.CHOICE, tuple(choices), tuple(keys))


@dataclass(frozen=True)
class Asked:
    """A drill's question for one hand, as a round asks it: fields without the seat in their
    names ("outcome", not "p3.outcome"), the expected answer under the same names."""

    fields: tuple[AnswerField, ...]
    expected: dict[str, Any]
    reasons: tuple[str, ...]


def ask(
    kind: str,
    request: Mapping[str, Any],
    level: int,
    config: HouseConfig,
    *,
    bets: Mapping[str, Any] | None = None,
    in_chips: bool = False,
    names: Sequence[str] | None = None,
) -> Asked:
    """The drill `kind`'s fields, answer and reasons for `request` at `level` (`DrillKind.
    answer`, in chips where asked: each amount paid on the stake `bets` names), each field's
    name and label stripped of its seat; `names`: only those fields, in that order."""
    drill = REGISTRY[kind]
    table: dict[str, Any] = {}
    if bets is not None:
        table = {"positions": [{"seat": str(request.get("seat", "1")), "bets": dict(bets)}]}
    elif "pot" in request:
        table = {"pot": request["pot"]}
    fields, expected, reasons = drill.answer(
        request, level, config, table=table, in_chips=in_chips and drill.pays
    )
    renamed = {f.name: _unseated(f) for f in fields}
    wanted = list(names) if names is not None else [f.name for f in renamed.values()]
    by_name = {f.name: (old, f) for old, f in renamed.items()}
    missing = [n for n in wanted if n not in by_name]
    if missing:
        raise EngineError(f"The {drill.title} drill asks no {', '.join(missing)}.")
    chosen = [by_name[n] for n in wanted]
    return Asked(
        fields=tuple(f for _, f in chosen),
        expected={f.name: expected[old] for old, f in chosen},
        reasons=tuple(reasons),
    )


def renamed(asked: Asked, names: Mapping[str, tuple[str, str]]) -> Asked:
    """`asked` with fields renamed (old name -> (new name, new label)): a pot's "share.3"
    asked as "amount" where the seat is the answer's `where`, not the field's name."""
    fields = []
    expected = {}
    for f in asked.fields:
        name, label = names.get(f.name, (f.name, f.label))
        fields.append(replace(f, name=name, label=label))
        expected[name] = asked.expected[f.name]
    return Asked(tuple(fields), expected, asked.reasons)


def _unseated(f: AnswerField) -> AnswerField:
    name, label = f.name, f.label
    head, _, rest = name.partition(".")
    if rest and head[:1] == "p" and head[1:].isdecimal():
        name = rest
    before, sep, after = label.partition(": ")
    if sep and before.startswith("Seat ") and before[5:].isdecimal():
        label = after
    return replace(f, name=name, label=label[:1].upper() + label[1:])


# --- slips: a procedure error, named in the rule's words ------------------------------------

#: each slip's name, as the feedback says it first
OUT_OF_ORDER = "Settling out of order"
OUT_OF_TURN = "Acting out of turn"
PAID_BEFORE_QUALIFYING = "Paying before the dealer's qualification is known"
TOOK_WINNING_BET = "Taking a winning bet"
PAID_FOLDED_HAND = "Paying a folded hand"
PAID_LOSING_BET = "Paying a losing bet"
TOOK_LIVE_HAND = "Taking a live hand's bets"
SETTLED_TWICE = "Settling a hand twice"
PAID_A_PUSH = "Paying a bet that pushes"
TOOK_A_PUSH = "Taking a bet that pushes"
RETURNED_A_WIN = "Returning a winning bet unpaid"
RETURNED_A_LOSS = "Returning a losing bet"
FOLDED_A_LIVE_HAND = "Calling a live hand folded"
WRONG_AMOUNT = "Paying or taking the wrong amount"
WRONG_CHIPS = "Paying in the wrong chips"
WRONG_SEAT = "Pointing to the wrong seat"

#: (the right result, the result given) -> the slip, for a bet's result (win, push, lose) or a
#: hand's outcome (win, push, lose, fold)
RESULT_SLIPS: Mapping[tuple[str, str], str] = {
    ("win", "lose"): TOOK_WINNING_BET,
    ("win", "fold"): TOOK_WINNING_BET,
    ("win", "push"): RETURNED_A_WIN,
    ("lose", "win"): PAID_LOSING_BET,
    ("lose", "push"): RETURNED_A_LOSS,
    ("lose", "fold"): FOLDED_A_LIVE_HAND,
    ("push", "win"): PAID_A_PUSH,
    ("push", "lose"): TOOK_A_PUSH,
    ("push", "fold"): TOOK_A_PUSH,
    ("fold", "win"): PAID_FOLDED_HAND,
    ("fold", "push"): PAID_FOLDED_HAND,
    ("fold", "lose"): FOLDED_A_LIVE_HAND,
}

#: what each result slip breaks, in the rule's words (RULES.md)
RESULT_WORDS: Mapping[str, str] = {
    TOOK_WINNING_BET: "a winning bet is paid at its odds and its stake returned, never taken",
    RETURNED_A_WIN: "a winning bet is paid at its odds, not only returned",
    PAID_LOSING_BET: "a losing bet is taken by the dealer and paid nothing",
    RETURNED_A_LOSS: "a losing bet is taken by the dealer, not returned",
    PAID_A_PUSH: "a bet that pushes is returned as it stands, without winnings",
    TOOK_A_PUSH: "a bet that pushes is returned as it stands, not taken",
    PAID_FOLDED_HAND: "a fold loses every bet already placed",
    FOLDED_A_LIVE_HAND: "only a hand that folded is settled as a fold",
}


@dataclass(frozen=True)
class Verdict:
    """An answer to a step, judged: right or wrong per field, and the slips named."""

    marks: dict[str, bool]
    right: bool
    slips: tuple[str, ...]


#: a game's own slips for an answer at the right place: (the step, the answer, the marks) ->
#: slips in the rule's words (`Procedure.slips`)
GameSlips = Callable[[Step, Mapping[str, Any], Mapping[str, bool]], list[str]]


def default_slips(step: Step, answer: Mapping[str, Any], marks: Mapping[str, bool]) -> list[str]:
    """At the right place, each result that breaks a rule (`result_slips`)."""
    return result_slips(step, answer)


def judge(step: Step, answer: Mapping[str, Any], game_slips: GameSlips | None = None) -> Verdict:
    """Grade a parsed answer to `step` (`parse_answer` of its fields) and name its slips: a
    place that is not the right one first (out of order, before the qualification is called,
    a hand settled twice, a live hand taken as folded); at the right place, the game's slips
    (`game_slips`, by default each result that breaks a rule); a wrong answer with none of
    these is a wrong amount or the wrong chips.  An answer acting on another place the step
    leaves pending (`Step.elsewhere`) has its settlement marked against that place's own: the
    order alone is wrong when it settles that place right."""
    marks = grade(step.fields, step.expected, answer)
    right = all(marks.values())
    if right:
        return Verdict(marks, True, ())
    given = answer.get(WHERE)
    if step.where is not None and given != step.where:
        slip = where_slip(step, str(given), answer)
        at = step_at(step, str(given))
        if at is None:
            return Verdict(marks, False, (slip,))
        # acting on another place still pending: the order is one slip, and the settlement
        # given is graded against the place the answer acted on
        own = grade(at.fields, at.expected, answer)
        marks = {**own, WHERE: False}
        if all(own.values()):
            return Verdict(marks, False, (slip,))
        return Verdict(marks, False, (slip, *_settlement_slips(at, answer, own, game_slips)))
    return Verdict(marks, False, tuple(_settlement_slips(step, answer, marks, game_slips)))


def step_at(step: Step, place: str) -> Step | None:
    """`step` as it would ask `place`, one of the places it leaves pending after the right
    one (`Step.elsewhere`): its expected answer, reasons and facts; None for any other."""
    there = step.elsewhere.get(place)
    if there is None:
        return None
    return replace(
        step,
        where=place,
        expected={WHERE: place, **there["expected"]},
        reasons=tuple(str(r) for r in there.get("reasons", ())),
        facts=dict(there.get("facts", step.facts)),
        elsewhere={},
    )


def settled_right_out_of_order(marks: Mapping[str, bool]) -> bool:
    """Whether an answer's marks say it acted on the wrong place and settled that place
    right (`judge`): out of order, paid right."""
    return (
        marks.get(WHERE) is False
        and len(marks) > 1
        and all(right for name, right in marks.items() if name != WHERE)
    )


def elsewhere(
    asked: Mapping[str, tuple[Asked, Mapping[str, Any]]], fields: Sequence[AnswerField]
) -> dict[str, Any]:
    """`Step.elsewhere` from each other pending place's question and facts, keeping only the
    places asked by the same fields as the step (their settlements read the same answer)."""
    names = [f.name for f in fields]
    return {
        place: {"expected": dict(a.expected), "reasons": list(a.reasons), "facts": dict(facts)}
        for place, (a, facts) in asked.items()
        if [f.name for f in a.fields] == names
    }


def _settlement_slips(
    step: Step,
    answer: Mapping[str, Any],
    marks: Mapping[str, bool],
    game_slips: GameSlips | None,
) -> list[str]:
    slips = list((game_slips or default_slips)(step, answer, marks))
    if not slips:
        wrong = [f for f in step.fields if not marks[f.name]]
        if any(f.kind is AnswerKind.CHIPS for f in wrong):
            slips.append(f"{WRONG_CHIPS}: {_chip_rule(step)}")
        elif any(f.kind.typed_as_number for f in wrong):
            slips.append(
                f"{WRONG_AMOUNT}: {_words_of(step, wrong)}; the reasons below give the sum."
            )
    return slips


def _chip_rule(step: Step) -> str:
    return "each payout is built from the house's chips as its pay standard says (the placard)"


def _words_of(step: Step, wrong: Sequence[AnswerField]) -> str:
    names = [f.label.lower() for f in wrong if f.kind.typed_as_number]
    return f"the {' and the '.join(names)} {'is' if len(names) == 1 else 'are'} not right"


def where_slip(step: Step, given: str, answer: Mapping[str, Any]) -> str:
    """The slip of acting on `given` where the procedure acts on `step.where`."""
    right = step.where
    if right == DEALER:
        return (
            f"{PAID_BEFORE_QUALIFYING}: the dealer's hand is turned and called before any bet "
            "is settled."
        )
    if given == DEALER:
        when = (
            "is turned only once every fold is taken"
            if step.phase == "take"
            else "is called already"
        )
        return f"{OUT_OF_TURN}: the dealer's hand {when}; {_next(step)}."
    if given in step.done:
        if given in step.folded and _pays(answer):
            return f"{PAID_FOLDED_HAND}: seat {given} folded and its bets are taken already."
        return f"{SETTLED_TWICE}: seat {given} is settled already; {_next(step)}."
    if step.phase == "take" and given not in step.folded:
        return (
            f"{TOOK_LIVE_HAND}: seat {given} did not fold; only folded hands are taken now, "
            f"{step.order}. Seat {right} is next."
        )
    if given in step.folded and _pays(answer):
        return f"{PAID_FOLDED_HAND}: seat {given} folded; a fold loses every bet already placed."
    if given in step.pending:
        return f"{OUT_OF_ORDER}: {step.order}; seat {right} comes before seat {given}."
    if step.phase == "push":
        return f"{WRONG_SEAT}: seat {given} has no share of the pot; {_next(step)}."
    return f"{OUT_OF_ORDER}: {step.order}; seat {right} is next."


def _next(step: Step) -> str:
    right = step.where
    return "the dealer's hand is next" if right == DEALER else f"seat {right} is next"


def _pays(answer: Mapping[str, Any]) -> bool:
    """Whether an answer pays something (a result or outcome of win)."""
    return any(
        isinstance(v, str) and v == "win" for k, v in answer.items() if k.endswith(RESULT_NAMES)
    )


#: the fields that carry a bet's result or a hand's outcome
RESULT_NAMES = ("outcome", "result")


def result_slips(step: Step, answer: Mapping[str, Any]) -> list[str]:
    """Each result or outcome field answered against the rules, as its slip: "Taking a
    winning bet: the Ante wins; a winning bet is paid ..."."""
    slips = []
    for f in step.fields:
        if not f.name.endswith(RESULT_NAMES):
            continue
        right, given = step.expected.get(f.name), answer.get(f.name)
        slip = RESULT_SLIPS.get((str(right), str(given)))
        if slip is None:
            continue
        what = f.label.removesuffix(" result").removesuffix(" outcome")
        what = "the hand" if what.lower() in ("outcome", "") else f"the {what}"
        said = {"win": "wins", "lose": "loses", "push": "pushes", "fold": "folded"}[str(right)]
        slips.append(f"{slip}: {what} {said}; {RESULT_WORDS[slip]}.")
    return slips


# --- pace -----------------------------------------------------------------------------------


def round_target_ms(rounds_per_hour: int) -> int:
    """The time a round has at `rounds_per_hour`, in milliseconds.

    >>> round_target_ms(50)
    72000
    """
    if not MIN_ROUNDS_PER_HOUR <= rounds_per_hour <= MAX_ROUNDS_PER_HOUR:
        raise EngineError(
            f"A game is dealt at {MIN_ROUNDS_PER_HOUR} to {MAX_ROUNDS_PER_HOUR} rounds an hour; "
            f"{rounds_per_hour} is not."
        )
    return SECONDS_AN_HOUR * 1000 // rounds_per_hour


def step_targets_ms(round_ms: int, weights: Sequence[float]) -> list[int]:
    """The round's time shared among its steps in proportion to `weights` (each step's drill
    target), in whole milliseconds adding up to `round_ms` exactly (the largest remainders
    take the odd milliseconds, the earliest step first among equals).

    >>> step_targets_ms(72000, [8, 8, 4])
    [28800, 28800, 14400]
    >>> sum(step_targets_ms(1000, [1, 1, 1]))
    1000
    """
    if not weights:
        return []
    total = sum(weights)
    exact = [round_ms * w / total for w in weights]
    shares = [int(x) for x in exact]
    left = round_ms - sum(shares)
    by_remainder = sorted(range(len(exact)), key=lambda i: (shares[i] - exact[i], i))
    for i in by_remainder[:left]:
        shares[i] += 1
    return shares


# --- the state machine ----------------------------------------------------------------------

S = TypeVar("S")


class Procedure(abc.ABC, Generic[S]):
    """One game's round as a state machine.  A subclass sets the class attributes and
    implements `deal` (cards and the players' decisions from a seed), `start`, `next_step`
    and `after`; `slips` names the game's own slips."""

    game: str = ""
    #: the fewest and the most players (or positions) a round deals
    players: tuple[int, int] = (1, 6)
    #: the default pace, in rounds an hour (docs/rulebook.md, *The round's pace*, says where
    #: each game's figure comes from; a house sets its own)
    rounds_per_hour: int = 40
    #: the parts of the round, in its order: each step's `phase` is one of them, and each is
    #: one point a supervisor judges at a table test (`trainer.engine.kit.table_test`)
    phases: tuple[str, ...] = ()

    @abc.abstractmethod
    def deal(self, seed: int, setting: Setting, config: HouseConfig) -> dict[str, Any]:
        """The round dealt from `seed`: every card and every player's decision, JSON-able,
        so that the round replays from it alone."""

    @abc.abstractmethod
    def start(self, dealt: Mapping[str, Any], setting: Setting, config: HouseConfig) -> S:
        """The state before the dealer's first step."""

    @abc.abstractmethod
    def next_step(self, state: S) -> Step | None:
        """The dealer's next action and its right answer; None once the round is over."""

    @abc.abstractmethod
    def after(self, state: S, step: Step) -> S:
        """The state after `step` (after any answer to it: the round goes on from the right
        state)."""

    def slips(self, step: Step, answer: Mapping[str, Any], marks: Mapping[str, bool]) -> list[str]:
        """The slips of an answer at the right place: each result that breaks a rule, unless
        the game names its own."""
        return default_slips(step, answer, marks)

    def judge(self, step: Step, answer: Mapping[str, Any]) -> Verdict:
        """`judge` with this game's slips."""
        return judge(step, answer, self.slips)

    def check_setting(self, setting: Setting) -> None:
        """EngineError, in a trainee's words, for a setting this game cannot deal."""
        low, high = self.players
        if setting.game != self.game:
            raise EngineError(f"This is the procedure of {self.game}, not of {setting.game}.")
        if setting.level not in (1, 2, 3):
            raise EngineError(f"A round is dealt at level 1, 2 or 3; {setting.level} is not one.")
        if isinstance(setting.players, bool) or not low <= setting.players <= high:
            raise EngineError(f"This game deals a round to {low} to {high} players.")


def play(
    procedure: Procedure[Any], dealt: Mapping[str, Any], setting: Setting, config: HouseConfig
) -> tuple[Step, ...]:
    """Every step of a dealt round, in order, each numbered from 1: the machine run from
    `start` until `next_step` says the round is over.  EngineError if it would run past
    `MAX_STEPS` (a round always ends)."""
    state = procedure.start(dealt, setting, config)
    steps: list[Step] = []
    while (step := procedure.next_step(state)) is not None:
        step = replace(step, number=len(steps) + 1)
        steps.append(step)
        if len(steps) > MAX_STEPS:
            raise EngineError(f"The {setting.game} round did not end within {MAX_STEPS} steps.")
        state = procedure.after(state, step)
    return tuple(steps)


def advance(
    procedure: Procedure[S], state: S, answer: Mapping[str, Any]
) -> tuple[Step, Verdict, S]:
    """One step of the machine: the step at `state`, `answer` (parsed) judged against it, and
    the state after it, which is the state after the right answer whatever was answered.
    EngineError once the round is over."""
    step = procedure.next_step(state)
    if step is None:
        raise EngineError("The round is over: every step is dealt.")
    return step, procedure.judge(step, answer), procedure.after(state, step)


def order_words(order: str) -> str:
    """The house's settle order, as a step says it.

    >>> order_words("left")
    "the layout is worked from the dealer's left: first base to third base (seat 1 first)"
    """
    return f"the layout is worked {SETTLE_ORDERS[order]}"
