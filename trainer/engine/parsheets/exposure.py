"""Card exposure, for game protection: what a table gives away when a card the player should
not see is seen, and the player plays on it as well as the cards allow.

Each game's package computes its own (`games.banked_stud.exposure`,
`games.mississippi_stud.exposure`) and its registry entry holds the record that does it
(`Game.exposure`, an `ExposureAnalysis`); this module is what they share: the `Exposure`
record, its key and the protocol.  A figure is exact where every deal can be enumerated, and
otherwise a seeded simulation whose record says so, with its sample size and standard error.

>>> e = Exposure(
...     game="g", paytable="t", name="hole-card", description="one hole card seen",
...     house_edge=Fraction(-1, 40), normal_edge=Fraction(1, 20), simulated=False,
... )
>>> e.swing, e.as_dict()["house_edge_exact"], e.as_dict()["swing_exact"]
(Fraction(3, 40), '-1/40', '3/40')
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol, runtime_checkable

from ..cards import Card
from ..paytables import Paytable
from .sheet import Progress, _deck, _exact

#: bumped whenever a change to how exposure is computed could change a figure, so that stored
#: figures go stale and are computed again
EXPOSURE_VERSION = 1

#: the seed every simulation starts from unless told otherwise: the same figures on every run
DEFAULT_SEED = 20261205


@dataclass(frozen=True)
class Exposure:
    """One way a card is exposed at one table, per Ante.

    `house_edge` is the house's expected win per Ante when the player sees the card and plays
    on it optimally (below zero the player has the edge), `normal_edge` the same table's edge
    with no card seen (the par sheet's), and `swing` what the exposure moves to the player.
    When `simulated`, `house_edge` is the estimate (the exact mean of the sampled exact
    values), `rounds` how many `unit`s were sampled with `seed`, and `standard_error` the
    estimate's; otherwise every deal was enumerated (`rounds` then counts them)."""

    game: str
    paytable: str
    #: a short stable name: "hole-card", "next-card", "full-table"
    name: str
    #: what is seen, in the trade's words
    description: str
    house_edge: Fraction
    normal_edge: Fraction
    simulated: bool
    rounds: int | None = None
    #: what `rounds` counts ("deals", "player hands")
    unit: str = "deals"
    standard_error: float | None = None
    seed: int | None = None

    @property
    def swing(self) -> Fraction:
        """What seeing the card is worth to the player per Ante: the normal edge less the
        edge with the card seen."""
        return self.normal_edge - self.house_edge

    @property
    def player_edge(self) -> bool:
        return self.house_edge < 0

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready, as `ParSheet.as_dict`: decimals as floats beside exact fractions as
        "numerator/denominator"."""
        return {
            "game": self.game,
            "paytable": self.paytable,
            "name": self.name,
            "description": self.description,
            "house_edge": float(self.house_edge),
            "house_edge_exact": _exact(self.house_edge),
            "normal_edge": float(self.normal_edge),
            "normal_edge_exact": _exact(self.normal_edge),
            "swing": float(self.swing),
            "swing_exact": _exact(self.swing),
            "player_edge": self.player_edge,
            "simulated": self.simulated,
            "rounds": self.rounds,
            "unit": self.unit,
            "standard_error": self.standard_error,
            "seed": self.seed,
        }


@runtime_checkable
class ExposureAnalysis(Protocol):
    """How a game's exposure figures are computed (each game's `exposure` module): the name
    they are filed under, what they read besides the table's rows, and the computation.
    `rounds` and `seed` size the simulations (None: the analysis's own defaults)."""

    @property
    def game(self) -> str: ...

    def key_inputs(self, paytable: Paytable, call_multiple: int | None) -> dict[str, Any]: ...

    def compute(
        self,
        paytable: Paytable,
        *,
        call_multiple: int | None = None,
        progress: Progress | None = None,
        deck: Sequence[Card] | None = None,
        rounds: int | None = None,
        seed: int = DEFAULT_SEED,
    ) -> tuple[Exposure, ...]: ...


def exposure_key(
    paytable: Paytable,
    analysis: ExposureAnalysis,
    *,
    call_multiple: int | None = None,
    deck: Sequence[Card] | None = None,
    rounds: int | None = None,
    seed: int = DEFAULT_SEED,
) -> str:
    """A stable hash of everything a table's exposure figures depend on: as `paytable_key`
    (the game, the odds reduced, what the analysis reads besides), and the simulations' size
    and seed.  Equal keys, equal figures.

    >>> from ..games.mississippi_stud.exposure import MississippiStudExposure
    >>> from ..paytables import MISSISSIPPI_STUD_BASE
    >>> stud = MississippiStudExposure()
    >>> exposure_key(MISSISSIPPI_STUD_BASE, stud) == exposure_key(MISSISSIPPI_STUD_BASE, stud)
    True
    >>> exposure_key(MISSISSIPPI_STUD_BASE, stud) == exposure_key(
    ...     MISSISSIPPI_STUD_BASE, stud, seed=1
    ... )
    False
    """
    data: dict[str, Any] = {
        "exposure": EXPOSURE_VERSION,
        "game": analysis.game,
        "rows": [[c.label, _exact(Fraction(o.win, o.to))] for c, o in paytable.rows],
        "rounds": rounds,
        "seed": seed,
        **analysis.key_inputs(paytable, call_multiple),
    }
    if deck is not None:
        data["deck"] = sorted(c.index for c in _deck(deck))
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()
