"""Speed standards: how long a question of a drill may take (how an answer's time rates for
the scheduler is `scheduling.rating`'s).

A house sets a target in seconds per drill and level (the admin's *Pace targets*); where it
sets none, the drill kind's own `pace` applies (one figure per level, written beside each
kind's levels with its reasoning).  A question that settles several positions against the
house ("p3.…" fields: Mississippi Stud, Caribbean and Casino Stud settles) is given the target
once per position: a dealer is timed per position settled, and a level-3 layout may hold one
position or six.  Everything else (a hand read, a qualify call, a pot split, a ledger) is one
task, timed whole.

>>> target_ms(6.0, [])
6000
>>> target_ms(8.0, ["p1.outcome", "p1.amount", "p4.outcome", "p4.amount"])
16000
>>> at_pace(4200, 6000), at_pace(7000, 6000)
(True, False)
>>> pace_words(4200, 6000)
'4.2 s (target 6 s)'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from decimal import Decimal

from .messages import Message, say

#: the longest target a house may set, in seconds (a whole level-3 ledger is well inside it)
MAX_TARGET_SECONDS = 600
#: the shortest: under a second no one reads a question, let alone answers it
MIN_TARGET_SECONDS = 1

_POSITION = re.compile(r"p([0-9]+)\.", re.ASCII)


def positions(fields: Iterable[str]) -> int:
    """How many positions against the house the answer fields settle ("p3.amount", ...),
    at least 1: the question's task count for its target."""
    seats = {m.group(1) for name in fields if (m := _POSITION.match(name))}
    return max(1, len(seats))


def target_ms(seconds: float | Decimal, fields: Iterable[str]) -> int:
    """The target for one question, in milliseconds: the drill level's `seconds` per
    position settled (once for a question of one task)."""
    return int(round(float(seconds) * 1000)) * positions(fields)


def seconds_words(ms: int) -> str:
    """A time in a dealer's words: "4.2 s", "6 s", "1 min 05 s"."""
    tenths = int(round(ms / 100))
    if tenths >= 600:
        minutes, rest = divmod(tenths // 10, 60)
        return f"{minutes} min {rest:02d} s"
    whole, part = divmod(tenths, 10)
    return f"{whole} s" if part == 0 else f"{whole}.{part} s"


def pace_words(response_ms: int, target: int | None) -> str | Message:
    """ "4.2 s (target 6 s)" (a message: said in the reader's language above the engine), or
    the time alone without a target."""
    said = seconds_words(response_ms)
    if target is None:
        return said
    return say("%(time)s (target %(target)s)", time=said, target=seconds_words(target))


def at_pace(response_ms: int, target: int | None) -> bool | None:
    """Whether an answer came within its target (None without one)."""
    return None if target is None else response_ms <= target
