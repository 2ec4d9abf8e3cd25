"""Mispays: a hand settled other than the ruling says, read by the audit and planted by the
watch drill, through this one module.

The audit reads what went wrong with a paid hand (`read`: a situation in a dealer's words);
the watch drill plants a mispay in a hand it deals (`plant`: the payment a dealer makes for
a given situation) and grades the watcher against `read` of it.  Each game's words and its
dealers' ways are the games registry's (`Game.mispays`, `Game.situation`, `Game.plant`, in
each game's `situations` module), so that the drill plants exactly the situations the audit
names: tests/engine/test_mispays.py plants every one in seeded hands of every game the audit
checks, and the audit reads each back as the situation planted.

>>> from .house import DEFAULT_CONFIG
>>> hand = settle("mississippi-stud", {"hole": "6h 6s", "board": "Ac 9d Kc",
...                                    "bets": [5, 5, 5, 5]}, DEFAULT_CONFIG)
>>> hand.right
0
>>> pushed = "pair of sixes to tens paid instead of pushed"
>>> paid = plant(hand, pushed, DEFAULT_CONFIG, random.Random(1))
>>> paid, read(hand, paid, DEFAULT_CONFIG)
(20, 'pair of sixes to tens paid instead of pushed')
>>> read(hand, 0, DEFAULT_CONFIG) is None
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .errors import EngineError, RulingError
from .house import HouseConfig, HouseRules
from .kit.game import Game
from .kit.registry import GAMES
from .paytables import Paytable

__all__ = [
    "RIGHT",
    "Hand",
    "bare",
    "games",
    "plant",
    "plantable",
    "read",
    "settle",
    "vocabulary",
]

#: the watch drill's word for a position settled as the ruling says
RIGHT = "settled right"


def games() -> tuple[Game, ...]:
    """The games whose hands can be mispaid and read: those the audit checks (their rulings
    settle chips) with their vocabulary and their dealers' ways, in registry order."""
    return tuple(g for g in GAMES.values() if _mispaid(g))


def _mispaid(g: Game) -> bool:
    return (
        g.settles is not None
        and g.situation is not None
        and g.mispays is not None
        and g.plant is not None
    )


@dataclass(frozen=True)
class Hand:
    """A hand as the ruling settles it: the typed request and its ruling."""

    game: Game
    request: Any
    ruling: Mapping[str, Any]

    @property
    def right(self) -> Any:
        """The right settlement: the player's net, or each seat's chips of the pot."""
        assert self.game.settles is not None  # only such a game's hands are settled here
        return self.ruling[self.game.settles]


def _game(game: Game | str) -> Game:
    entry = GAMES.get(game) if isinstance(game, str) else game
    if entry is None or not _mispaid(entry):
        names = ", ".join(g.slug for g in games())
        raise EngineError(f"There is no game {game!r} whose payments are read: {names}.")
    return entry


def settle(game: Game | str, line: Mapping[str, Any], config: HouseConfig) -> Hand:
    """The hand a ruling request (`line`, as JSON) deals, ruled under `config`; RulingError
    naming the field when it cannot be read, or when it settles no chips."""
    entry = _game(game)
    request = entry.read(line, config)
    ruling = entry.rule(request, config)
    if entry.settles not in ruling:
        raise RulingError(
            f"This {entry.title} request settles no chips: only a hand's settlement can be "
            "audited (for English Stud, the showdown).",
            field="ask" if "ask" in line else None,
        )
    return Hand(entry, request, ruling)


def vocabulary(game: Game | str, config: HouseConfig) -> tuple[str, ...]:
    """Every situation the audit can name of `game`'s hands under `config`, in teaching
    order (plain mistakes first)."""
    entry = _game(game)
    table = config.paytable(entry.slug) if entry.pays_from_paytable else None
    return _vocabulary(entry, table, config.rules)


@lru_cache(maxsize=256)
def _vocabulary(entry: Game, table: Paytable | None, rules: HouseRules) -> tuple[str, ...]:
    # what a game names reads only its own table and the house rules: kept for each
    assert entry.mispays is not None  # `_game` keeps only games that list theirs
    return entry.mispays(HouseConfig({entry.slug: table} if table is not None else {}, rules))


def read(hand: Hand, paid: Any, config: HouseConfig) -> str | None:
    """What went wrong with `hand` settled as `paid` (the player's net, or seat -> chips), in
    a dealer's words; None when it was settled right."""
    right = hand.right
    if (dict(paid) == dict(right)) if isinstance(right, Mapping) else paid == right:
        return None
    assert hand.game.situation is not None  # a settled hand's game reads its situations
    return hand.game.situation(hand.request, hand.ruling, paid, config)


def plant(hand: Hand, situation: str, config: HouseConfig, rng: random.Random) -> Any:
    """The payment a dealer makes of `hand` for `situation` (the net, or seat -> chips), drawn
    from `rng` where several would do; None when the hand cannot be mispaid that way (a fold
    is never "underpaid").  EngineError for a situation the game does not name."""
    known = vocabulary(hand.game, config)
    if situation not in known:
        raise EngineError(
            f"{hand.game.title} has no mispay {situation!r}. Its mispays: {'; '.join(known)}."
        )
    assert hand.game.plant is not None
    return hand.game.plant(situation, hand.request, hand.ruling, config, rng)


def plantable(hand: Hand, config: HouseConfig) -> tuple[str, ...]:
    """The situations `plant` can make of `hand`, in teaching order."""
    planter, rng = hand.game.plant, random.Random(0)
    assert planter is not None
    return tuple(
        situation
        for situation in vocabulary(hand.game, config)
        if planter(situation, hand.request, hand.ruling, config, rng) is not None
    )


def bare(line: Mapping[str, Any]) -> dict[str, Any]:
    """A hand log's line as the watch drill keeps a real hand: its game, the fields its game's
    ruling reads, and what was paid; nothing else (no dealer's name, table, time, id or
    house: the floor learns the mispay, not who made it).  EngineError for a line of a game
    whose payments are not read.

    >>> bare({"game": "caribbean-stud", "dealer_name": "Bo", "table": "7", "ante": 5,
    ...       "player": "Ah Kd 9c 7s 2h", "dealer": "Qs Jd 8c 6h 3d", "action": "call",
    ...       "paid": 10})
    {'game': 'caribbean-stud', 'ante': 5, 'player': 'Ah Kd 9c 7s 2h', 'dealer': 'Qs Jd 8c 6h 3d', \
'action': 'call', 'paid': 10}
    """
    entry = _game(str(line.get("game")))
    read = {f.name for f in entry.fields(line)}
    kept = {"game": entry.slug, **{k: v for k, v in line.items() if k in read}}
    if "paid" in line:
        kept["paid"] = line["paid"]
    return kept
