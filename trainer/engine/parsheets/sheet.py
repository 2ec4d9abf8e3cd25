"""What every par sheet shares: the `ParSheet` record, the key of what it was computed from,
and the check of a par sheet's deck.  What a game's key reads besides the table's rows comes
from its registry entry's enumeration (`Enumeration`, each game's `parsheet` module)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol, runtime_checkable

from ..cards import ALL_CARDS, Card
from ..errors import EngineError
from ..paytables import Paytable
from .counts import Counts

#: bumped whenever a change here could change a computed figure, so stored keys go stale
_METHOD_VERSION = 1

Progress = Callable[[int, int], None]


class Enumeration(Protocol):
    """How a game's par sheet is computed (each game's `parsheet` module): the name the
    sheet is filed under, what its key reads besides the table's rows, and the computation."""

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
    ) -> ParSheet: ...


@runtime_checkable
class FastEnumeration(Enumeration, Protocol):
    """An enumeration with a fast path: counts made once whatever the table
    (`trainer.engine.parsheets.counts`), from which each table's sheet is a short sum."""

    def counts_key(self, *, deck: Sequence[Card] | None = None) -> str: ...

    def precompute(
        self, *, progress: Progress | None = None, deck: Sequence[Card] | None = None
    ) -> Counts: ...

    def fast(
        self, paytable: Paytable, counts: Counts, *, call_multiple: int | None = None
    ) -> ParSheet: ...


@dataclass(frozen=True)
class ParSheet:
    """The par sheet of one paytable: exact figures per Ante under optimal play.

    `house_edge` is the house's expected win per Ante (below zero the player has the edge:
    see `player_edge`); `average_bet` the expected total stake in Antes; `element_of_risk`
    house edge / average bet.  `outcomes` are the probabilities of the final results (they add
    up to 1).  `decisions` holds, per decision point, the share of each choice among the hands
    that reach it.  `combinations` is the number of equally likely deals enumerated.
    """

    game: str
    paytable: str
    house_edge: Fraction
    average_bet: Fraction
    element_of_risk: Fraction
    outcomes: tuple[tuple[str, Fraction], ...]
    decisions: tuple[tuple[str, tuple[tuple[str, Fraction], ...]], ...]
    combinations: int
    #: `paytable_key` of what was computed: equal keys, equal figures
    key: str

    @property
    def player_edge(self) -> bool:
        """True when the table favours the player (a house edge below zero)."""
        return self.house_edge < 0

    @property
    def expected_return(self) -> Fraction:
        """The player's expected net per Ante (minus the house edge)."""
        return -self.house_edge

    def outcome(self, name: str) -> Fraction:
        for label, probability in self.outcomes:
            if label == name:
                return probability
        raise KeyError(name)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: decimals as floats, plus exact fractions as "numerator/denominator"."""
        return {
            "game": self.game,
            "paytable": self.paytable,
            "key": self.key,
            "house_edge": float(self.house_edge),
            "house_edge_exact": _exact(self.house_edge),
            "player_edge": self.player_edge,
            "average_bet": float(self.average_bet),
            "average_bet_exact": _exact(self.average_bet),
            "element_of_risk": float(self.element_of_risk),
            "element_of_risk_exact": _exact(self.element_of_risk),
            "outcomes": [
                {"name": name, "probability": float(p), "exact": _exact(p)}
                for name, p in self.outcomes
            ],
            "decisions": [
                {
                    "street": street,
                    "choices": [
                        {"choice": choice, "share": float(p), "exact": _exact(p)}
                        for choice, p in choices
                    ],
                }
                for street, choices in self.decisions
            ],
            "combinations": self.combinations,
        }


def _exact(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


# --- keys ------------------------------------------------------------------------------------


def paytable_key(
    paytable: Paytable,
    enumeration: Enumeration,
    *,
    call_multiple: int | None = None,
    deck: Sequence[Card] | None = None,
) -> str:
    """A stable hash of everything a par sheet depends on: the game its `enumeration` files it
    under, the odds of every row (reduced: 4 to 2 is 2 to 1), and what the enumeration says
    its figures read besides (`key_inputs`: the pair bands, or the call multiple).  The
    table's name and bet unit do not change the figures and are left out.

    >>> from ..games.banked_stud.parsheet import BankedStudSheet
    >>> from ..games.banked_stud.rules import CARIBBEAN
    >>> from ..games.mississippi_stud.parsheet import MississippiStudSheet
    >>> from ..paytables import MISSISSIPPI_STUD_BASE
    >>> stud = MississippiStudSheet()
    >>> paytable_key(MISSISSIPPI_STUD_BASE, stud) == paytable_key(MISSISSIPPI_STUD_BASE, stud)
    True
    >>> paytable_key(MISSISSIPPI_STUD_BASE, stud) == paytable_key(
    ...     MISSISSIPPI_STUD_BASE, BankedStudSheet(CARIBBEAN)
    ... )
    False
    """
    data: dict[str, Any] = {
        "method": _METHOD_VERSION,
        "game": enumeration.game,
        "rows": [[c.label, _exact(Fraction(o.win, o.to))] for c, o in paytable.rows],
        **enumeration.key_inputs(paytable, call_multiple),
    }
    if deck is not None:
        data["deck"] = sorted(c.index for c in _deck(deck))
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _deck(deck: Sequence[Card] | None) -> tuple[Card, ...]:
    if deck is None:
        return ALL_CARDS
    cards = tuple(deck)
    if not all(isinstance(c, Card) for c in cards) or len(set(cards)) != len(cards):
        raise EngineError("A par sheet's deck must be distinct cards.")
    return tuple(sorted(cards, key=lambda c: c.index))
