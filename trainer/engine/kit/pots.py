"""What the two pot games' rounds share: the ante and bets at each level, the plausible
player's betting, and the showdown's steps (read the hands, then push each share).

Players ante and bet into one pot; a player with a strong hand raises once a betting round and
everyone calls.  A player folds only by the game's own habit, and only while three or more are
in, so two hands or more reach the showdown.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..house import HouseConfig
from ..messages import say
from .rounds import Asked, Move, Step, ask, renamed, where_field
from .stakes import stake_base

#: a pot game's ante at each level, in stake bases (the drills' $5, $25 and $100 tables)
ANTES = {1: (1,), 2: (1, 2, 3), 3: (4, 5, 6, 7)}
#: a player folds only while at least this many are in
FOLD_WHILE = 3


def pick_ante(rng: random.Random, level: int, config: HouseConfig) -> int:
    """The ante of a pot game's round at `level`, a whole number of the house's chips."""
    return rng.choice(ANTES[level]) * stake_base(config.rules.chip_unit)


def pot_left(pot: int, shares: Mapping[str, int], pushed: Iterable[str]) -> dict[str, int]:
    """What a showdown's table shows of the pot once shares are pushed: {"pot_left": the
    chips still in it} (nothing before the first push).

    >>> pot_left(195, {"1": 97, "3": 98}, {"1"}), pot_left(195, {"1": 97}, ())
    ({'pot_left': 98}, {})
    """
    paid = [shares.get(s, 0) for s in pushed]
    return {"pot_left": pot - sum(paid)} if paid else {}


def push_steps(
    *,
    kind: str,
    request: Mapping[str, Any],
    level: int,
    config: HouseConfig,
    in_chips: bool,
    seats: Sequence[str],
    shares: Mapping[str, int],
    pushed: set[str],
    base: Step,
) -> Step | None:
    """The next push of the pot's shares, in seat order from the dealer's left (a pot is
    pushed as it is settled in a pot game: from seat 1, clockwise), or None once every
    winner has been pushed: a question of the showdown's drill, its seat's share asked as
    "amount" under `where`."""
    winners = [s for s in seats if shares.get(s, 0) > 0]
    pending = [s for s in winners if s not in pushed]
    if not pending:
        return None
    seat = pending[0]
    asked: Asked = ask(kind, request, level, config, in_chips=in_chips, names=[f"share.{seat}"])
    asked = renamed(asked, {f"share.{seat}": ("amount", say("Chips pushed"))})
    return replace(
        base,
        phase="push",
        prompt=say("Push each winning hand its share of the pot."),
        fields=(where_field(seats), *asked.fields),
        expected={"where": seat, **asked.expected},
        reasons=asked.reasons,
        where=seat,
        pending=tuple(pending),
        done=tuple(s for s in winners if s in pushed),
        order="the pot is pushed in seat order from the dealer's left",
        moves=(Move(seat, shares[seat]),),
        facts={**base.facts, "phase": "push"},
    )
