"""A watched settlement, read and graded: a position of the watch drill marked
right or wrong and, for a wrong one, with what went wrong and the right settlement; what it
comes to (cleared, caught, or a mistake the drill counts apart) and why, in the floor's words.

Each watched position is one answer field of kind "watch" (`answers.parse_answer` and
`answers.grade` come here).  Its expected answer is {"call": "right" | "wrong", "amount": the
right settlement, "paid": what the dealer did, and for a wrong one "situation"}; an answer is
{"call": "right"}, {"call": "wrong", "situation", "amount"}, or {"call": None} for a position
left unmarked when the clock ran out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..messages import Message, join, say, say_n
from ..words import cap
from .answer_reading import AMOUNT_FORMAT, SIGNED_FORMAT, _blank, _choice, _read_number
from .fields import AnswerKind
from .kinds import AnswerField
from .situations import situation_words

#: a position's mark: (value, label), and its key
CALLS = (("right", "Right"), ("wrong", "Wrong"))
CALL_KEYS = ("r", "w")
_CALL = AnswerField("call", "Settled", AnswerKind.CHOICE, CALLS, CALL_KEYS)

#: what a watched position comes to, graded: the two right ones, then the mistakes the drill
#: counts apart (a position settled right and left unmarked when the clock ran out is the
#: last: no mispay was missed, but no one cleared it either)
CLEARED = "cleared"
CAUGHT = "caught"
MISSED = "missed mispay"
FALSE_ALARM = "false alarm"
WRONG_CORRECTION = "wrong correction"
UNMARKED = "not marked"
MISTAKES = (MISSED, FALSE_ALARM, WRONG_CORRECTION, UNMARKED)
#: each as a sentence says it (the names above are the stored and counted ones)
_VERDICT_WORDS = {
    CLEARED: say("cleared"),
    CAUGHT: say("caught"),
    MISSED: say("missed mispay"),
    FALSE_ALARM: say("false alarm"),
    WRONG_CORRECTION: say("wrong correction"),
    UNMARKED: say("not marked"),
}


def _amount(f: AnswerField, raw: object) -> int | dict[str, int] | str:
    """The right settlement as given: the net (signed), or each seat's chips of the pot; or
    what is wrong with it, in words."""
    if not f.seats:
        number = SIGNED_FORMAT if _blank(raw) else _read_number(raw, True)
        return f"The right settlement: {_lower(number)}" if isinstance(number, str) else number
    given = raw if isinstance(raw, Mapping) else {}
    shares: dict[str, int] = {}
    for seat in f.seats:
        value = given.get(seat)
        share = AMOUNT_FORMAT if _blank(value) else _read_number(value, False)
        if isinstance(share, str):
            return f"Seat {seat}'s chips of the right settlement: {_lower(share)}"
        shares[seat] = share
    return shares


def _lower(message: str) -> str:
    return message[:1].lower() + message[1:]


def read_watch(f: AnswerField, raw: object, *, out_of_time: bool = False) -> dict[str, Any] | str:
    """A watched position's answer in canonical form, or what is wrong with it in words.
    `raw` maps "call", "situation" and "amount" (for a pot, seat -> chips) to what was sent.
    Once the clock has run out (`out_of_time`) a position left unmarked is taken as unmarked
    and a wrong one half corrected as it is (its missing parts None), never refused.

    >>> f = AnswerField("p1.watch", "Seat 1", "watch", (("fold paid", "fold paid"),))
    >>> read_watch(f, {"call": "W", "situation": "fold paid", "amount": "-15"})
    {'call': 'wrong', 'situation': 'fold paid', 'amount': -15}
    >>> read_watch(f, {"call": ""}), read_watch(f, {}, out_of_time=True)
    ('Mark the settlement right or wrong.', {'call': None})
    """
    given = raw if isinstance(raw, Mapping) else {}
    call = _choice(given.get("call"), _CALL)
    if call is None:
        if out_of_time and _blank(given.get("call")):
            return {"call": None}
        return say("Mark the settlement right or wrong.")
    if call == "right":
        return {"call": "right"}
    situation = _choice(given.get("situation"), f)
    amount = _amount(f, given.get("amount"))
    if out_of_time:
        return {
            "call": "wrong",
            "situation": situation,
            "amount": None if isinstance(amount, str) else amount,
        }
    problems: list[str] = []
    if situation is None:
        problems.append(say("Choose what went wrong."))
    if isinstance(amount, str):
        problems.append(amount)
    if problems:
        return join(problems, sep=" ")
    return {"call": "wrong", "situation": situation, "amount": amount}


def verdict(expected: Mapping[str, Any], given: Mapping[str, Any] | None) -> str:
    """What a watched position comes to: CLEARED or CAUGHT (right), else one of MISTAKES.

    >>> wrong = {"call": "wrong", "situation": "fold paid", "amount": -15, "paid": 5}
    >>> verdict(wrong, {"call": "wrong", "situation": "fold paid", "amount": -15})
    'caught'
    >>> verdict(wrong, {"call": "wrong", "situation": "fold paid", "amount": -5})
    'wrong correction'
    >>> verdict({"call": "right", "amount": 0, "paid": 0}, {"call": "wrong"})
    'false alarm'
    """
    call = given.get("call") if isinstance(given, Mapping) else None
    if expected.get("call") == "right":
        return CLEARED if call == "right" else UNMARKED if call is None else FALSE_ALARM
    if call != "wrong":
        return MISSED
    corrected = given is not None and (
        given.get("situation") == expected.get("situation")
        and given.get("amount") == expected.get("amount")
    )
    return CAUGHT if corrected else WRONG_CORRECTION


def watched_right(expected: Any, given: Any) -> bool:
    """Whether a watched position was answered right (cleared or caught)."""
    if not isinstance(expected, Mapping):
        return False
    return verdict(expected, given if isinstance(given, Mapping) else None) in (CLEARED, CAUGHT)


def settlement_words(settled: int | Mapping[str, int]) -> Message:
    """A settlement as the floor says it: "paid 20", "took 15", "moved no chips", or a
    pot's chips seat by seat.

    >>> settlement_words(20), settlement_words(-15), settlement_words({"1": 9, "3": 18})
    ('paid 20', 'took 15', 'pushed seat 1 9, seat 3 18')
    """
    if isinstance(settled, Mapping):
        shares = [
            say("seat %(seat)s %(chips)s", seat=seat, chips=f"{chips:,}")
            for seat, chips in settled.items()
        ]
        return say("pushed %(shares)s", shares=join(shares, sep=", "))
    if settled > 0:
        return say("paid %(amount)s", amount=f"{settled:,}")
    return say("took %(amount)s", amount=f"{-settled:,}") if settled else say("moved no chips")


def _answer_words(given: Mapping[str, Any] | None) -> Message:
    if not isinstance(given, Mapping) or given.get("call") is None:
        return say("you left it unmarked")
    if given["call"] == "right":
        return say("you marked it right")
    situation = given.get("situation") or say("no situation")
    amount = given.get("amount")
    said = say("no settlement") if amount is None else settlement_words(amount)
    return say(
        "you marked it wrong (%(situation)s) and said the dealer should have %(said)s",
        situation=situation,
        said=said,
    )


def reason(expected: Mapping[str, Any], given: Mapping[str, Any] | None) -> str:
    """Why a watched position is graded as it is, in the floor's words.

    >>> wrong = {"call": "wrong", "situation": "fold paid", "amount": -15, "paid": 5}
    >>> reason(wrong, {"call": "right"})
    'Missed mispay: the dealer paid 5 (fold paid) where the right settlement is took 15; \
you marked it right.'
    """
    said = verdict(expected, given)
    paid = settlement_words(expected["paid"])
    right = settlement_words(expected["amount"])
    if expected.get("call") == "right":
        what = say("the dealer %(paid)s, which is right", paid=paid)
    else:
        what = say(
            "the dealer %(paid)s (%(situation)s) where the right settlement is %(right)s",
            paid=paid,
            situation=situation_words(str(expected["situation"])),
            right=right,
        )
    return say(
        "%(verdict)s: %(what)s; %(answer)s.",
        verdict=_VERDICT_WORDS[said].capitalized() if said in _VERDICT_WORDS else cap(said),
        what=what,
        answer=_answer_words(given),
    )


def counted(name: str, n: int) -> str:
    """A count of one verdict in words.

    >>> counted(MISSED, 1), counted(FALSE_ALARM, 2), counted(UNMARKED, 3)
    ('1 missed mispay', '2 false alarms', '3 not marked')
    """
    if name == MISSED:
        return say_n("%(count)s missed mispay", "%(count)s missed mispays", n)
    if name == FALSE_ALARM:
        return say_n("%(count)s false alarm", "%(count)s false alarms", n)
    if name == WRONG_CORRECTION:
        return say_n("%(count)s wrong correction", "%(count)s wrong corrections", n)
    if name == UNMARKED:
        return say_n("%(count)s not marked", "%(count)s not marked", n)
    plural = "" if n == 1 else "s"
    return f"{n} {name}{plural}"


def tally(
    fields: Sequence[AnswerField], expected: Mapping[str, Any], answer: Mapping[str, Any]
) -> dict[str, int]:
    """How many watched positions came to each verdict (every one of `MISTAKES`, `CLEARED`
    and `CAUGHT` listed, 0 or more), and how many were right ("right": cleared or caught)."""
    counts = dict.fromkeys((*MISTAKES, CLEARED, CAUGHT, "right"), 0)
    for f in fields:
        if f.kind is not AnswerKind.WATCH:
            continue
        said = verdict(expected[f.name], answer.get(f.name))
        counts[said] += 1
        if said in (CLEARED, CAUGHT):
            counts["right"] += 1
    return counts


def hit_rate(counts: Mapping[str, int]) -> float | None:
    """Of the mispaid positions a watcher was shown, the share they marked wrong (caught, or
    marked wrong with another settlement); None when they were shown none.

    >>> hit_rate({CAUGHT: 2, WRONG_CORRECTION: 1, MISSED: 1})
    0.75
    """
    hits = counts.get(CAUGHT, 0) + counts.get(WRONG_CORRECTION, 0)
    shown = hits + counts.get(MISSED, 0)
    return hits / shown if shown else None


def false_alarm_rate(counts: Mapping[str, int]) -> float | None:
    """Of the positions settled right a watcher was shown, the share they marked wrong
    (an unmarked one is not an alarm, but was shown); None when they were shown none.

    >>> false_alarm_rate({CLEARED: 3, FALSE_ALARM: 1, UNMARKED: 0})
    0.25
    """
    shown = counts.get(CLEARED, 0) + counts.get(FALSE_ALARM, 0) + counts.get(UNMARKED, 0)
    return counts.get(FALSE_ALARM, 0) / shown if shown else None
