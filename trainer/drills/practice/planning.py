"""What a session of Today's practice or Practise my mistakes deals next.

`next_deal` is asked by trainer.drills.services each time such a session deals a question; it
answers with a `Deal` (a drill kind and level, and either the situation to deal or the missed
question to deal a fresh hand of), or None when the session has nothing left to deal.  Each
mode is its own module: `today` (the skills due, most overdue first, with a share of new ones)
and `mistakes` (a fresh hand of each the trainee missed, until one is answered right).
"""

from __future__ import annotations

from dataclasses import dataclass

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


def next_deal(session) -> Deal | None:
    """The next question of a session in one of `MODES`, or None when it has nothing left."""
    if session.mode in ("today", "watch"):
        from .today import next_deal as today_deal

        return today_deal(session)
    if session.mode == "mistakes":
        from .mistakes import next_deal as mistakes_deal

        return mistakes_deal(session)
    if session.mode == "set":
        from trainer.drills.watch.sets import next_deal as set_deal

        return set_deal(session)
    raise ValueError(f"{session.mode!r} is not a mode of adaptive practice.")


def has_anything(trainee, mode: str) -> str | None:
    """None when a session of `mode` would deal something now; else, in the trainee's words,
    why not ("You have no missed hands waiting.")."""
    if mode in ("today", "watch"):
        from .today import nothing_to_deal

        return nothing_to_deal(trainee, watch=mode == "watch")
    if mode == "set":
        return "A watch set is started from its own page."
    if mode == "mistakes":
        from .mistakes import nothing_to_deal

        return nothing_to_deal(trainee)
    return f"{mode!r} is not a mode of adaptive practice."
