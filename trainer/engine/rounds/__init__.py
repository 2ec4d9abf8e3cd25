"""Dealing the round: a whole hand at the table, in the dealer's order.

Each game's procedure is a state machine in its package (`trainer.engine.games.<game>.round`),
held by the game's registry entry (`Game.procedure`): the next dealer action, its right
answer, and the state after any answer.  `base` holds what every game shares: the step, the
verdict on an answer and the slips it names, the round's pace; `pots` what the pot games'
rounds share.
"""

from __future__ import annotations

from ..kit.rounds import (
    DEALER,
    MAX_STEPS,
    WHERE,
    Move,
    Procedure,
    Setting,
    Step,
    Verdict,
    advance,
    judge,
    play,
    round_target_ms,
    step_targets_ms,
)

__all__ = [
    "DEALER",
    "MAX_STEPS",
    "WHERE",
    "Move",
    "Procedure",
    "Setting",
    "Step",
    "Verdict",
    "advance",
    "judge",
    "play",
    "round_target_ms",
    "step_targets_ms",
]
