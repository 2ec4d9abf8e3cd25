"""What a session of Today's practice or Practise my mistakes deals next.

`next_deal` is asked by trainer.drills.services each time such a session deals a question; it
answers with a `Deal` (a drill kind and level, and either the situation to deal or the missed
question to deal a fresh hand of), or None when the session has nothing left to deal.  Each
mode is its own module, registered here (`register`): `today` (the skills due, most overdue
first, with a share of new ones; Today's watch too), `mistakes` (a fresh hand of each the
trainee missed, until one is answered right) and a watch set (trainer.drills.watch.sets).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

MODES = ("today", "mistakes", "watch", "set")
#: the modes of those who watch the game: Today's watch, and a set of an audit's
#: mispaid hands (started from its page, trainer.drills.watch)
WATCHING = ("watch", "set")


@dataclass(frozen=True)
class Deal:
    kind: str
    level: int
    #: deal a question of this situation (`DrillKind.generate(..., situation=...)`)
    situation: str | None = None
    #: or deal a fresh hand of the skill this stored question missed (`mistakes.fresh_hand`)
    replay_of: object | None = None
    in_chips: bool = False
    #: or deal these hands really played, each with what was paid (a watch set's)
    hands: tuple | None = None


@dataclass(frozen=True)
class Mode:
    """How sessions of one mode deal: `next_deal(session)`, the next `Deal` or None when the
    session has nothing left; `nothing_to_deal(trainee)`, None when a new session would deal
    something now, else why not in the trainee's words."""

    next_deal: Callable[[Any], Deal | None]
    nothing_to_deal: Callable[[Any], str | None]


#: mode -> how its sessions deal, registered by each mode's module when its app is ready
#: (`today` and `mistakes` by trainer.drills.practice, "set" by trainer.drills.watch), so this
#: module, which they all import for `Deal`, imports none of them
_MODES: dict[str, Mode] = {}


def register(mode: str, how: Mode) -> None:
    """Deal the sessions of `mode` (one of `MODES`) as `how` says."""
    if mode not in MODES:
        raise ValueError(f"{mode!r} is not a mode of adaptive practice.")
    _MODES[mode] = how


def next_deal(session) -> Deal | None:
    """The next question of a session in one of `MODES`, or None when it has nothing left."""
    how = _MODES.get(session.mode)
    if how is None:
        raise ValueError(f"{session.mode!r} is not a mode of adaptive practice.")
    return how.next_deal(session)


def has_anything(trainee, mode: str) -> str | None:
    """None when a session of `mode` would deal something now; else, in the trainee's words,
    why not ("You have no missed hands waiting.")."""
    how = _MODES.get(mode)
    if how is None:
        return gettext("'%(mode)s' is not a mode of adaptive practice.") % {"mode": mode}
    return how.nothing_to_deal(trainee)
