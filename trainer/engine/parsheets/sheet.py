"""What every par sheet shares: the `ParSheet` record, the key of what it was computed from,
and the check of a par sheet's deck.  What a game's key reads besides the table's rows comes
from its registry entry's enumeration (`Enumeration`, each game's `parsheet` module)."""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol, runtime_checkable

from ..cards import ALL_CARDS, Card
from ..errors import EngineError
from ..hands import Category
from ..messages import Message
from ..paytables import Paytable
from .counts import Counts

#: bumped whenever a change here could change a computed figure, so stored keys go stale
_METHOD_VERSION = 2

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
        self,
        paytable: Paytable,
        counts: Counts,
        *,
        call_multiple: int | None = None,
        payout_cap: Fraction | None = None,
    ) -> ParSheet: ...

    @property
    def cap_rule(self) -> str | None:
        """The `HouseRules` field capping this game's payout in money (None: none does)."""
        ...

    def capped_most(self, sheet: ParSheet) -> Fraction:
        """The most, in Antes, that the capped amount reaches in a round of `sheet` that
        happens (probability above zero): a cap of c starts to take from an Ante above
        c / this."""
        ...


#: how every enumeration breaks a tie of expected values (docs/rulebook.md, *Par sheets*)
TIE_RULE = (
    "Where two choices are worth exactly the same, the player bets rather than folds, and "
    "bets the larger amount."
)


#: the words a sheet writes its outcomes and their pays with, by their English, each as the
#: engine's message: a stored sheet keeps them as text (its JSON), and a page says them from
#: here in its reader's language (`sheet_words`); each game's enumeration adds its own
SHEET_WORDS: dict[str, Message] = {}


def sheet_words(*words: str) -> tuple[str, ...]:
    """Register `words`, the engine's messages, as a sheet's (`SHEET_WORDS`) and give them
    back."""
    SHEET_WORDS.update((str(w), w) for w in words if isinstance(w, Message))
    return words


sheet_words(*(c.label for c in Category))


def said_in_sheet(text: str) -> str:
    """A stored sheet's outcome or pay as the engine's message, or the text itself when no
    enumeration writes it (a figure: "500 to 1").

    >>> said_in_sheet("full house").msgid, said_in_sheet("500 to 1")
    ('full house', '500 to 1')
    """
    return SHEET_WORDS.get(text, text)


@dataclass(frozen=True)
class Contribution:
    """One row of a par sheet's return column: an outcome, the deals that end in it (of the
    sheet's `combinations`), its probability, what it pays as the table writes it ("500 to 1",
    "loses", "pushes", ...), and its share of the player's expected return in Antes
    (probability × net result, summed over the stakes it is reached with)."""

    name: str
    combinations: int
    probability: Fraction
    pays: str
    contribution: Fraction

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "combinations": self.combinations,
            "probability": float(self.probability),
            "probability_exact": _exact(self.probability),
            "pays": self.pays,
            "contribution": float(self.contribution),
            "contribution_exact": _exact(self.contribution),
        }


@dataclass(frozen=True)
class ParSheet:
    """The par sheet of one paytable: exact figures per Ante under optimal play.

    `house_edge` is the house's expected win per Ante (below zero the player has the edge:
    see `player_edge`); `average_bet` the expected total stake in Antes; `element_of_risk`
    house edge / average bet.  `outcomes` are the probabilities of the final results (they add
    up to 1).  `decisions` holds, per decision point, the share of each choice among the hands
    that reach it.  `combinations` is the number of equally likely deals enumerated.

    `distribution` is the player's net result of a round in Antes (ascending) with its exact
    probability (they add up to 1); `contributions` the return column, one `Contribution` per
    outcome (they add up to `expected_return`).  `ties` counts the decisions at which two
    choices are worth exactly the same (in the enumeration's decision situations: a two-card
    start and the community cards seen so far for Mississippi Stud, a player hand and up card
    for the banked games), `tie_share` the share of rounds that pass one, each broken by
    `tie_rule`, which every figure follows.
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
    distribution: tuple[tuple[Fraction, Fraction], ...] = ()
    contributions: tuple[Contribution, ...] = ()
    ties: int = 0
    tie_share: Fraction = Fraction(0)
    tie_rule: str = TIE_RULE

    @property
    def mean(self) -> Fraction:
        """The player's expected net per round in Antes, from the distribution."""
        return sum((net * p for net, p in self.distribution), Fraction(0))

    @property
    def variance(self) -> Fraction:
        """The variance of the player's net per round, in Antes squared (the house's is the
        same)."""
        mean = self.mean
        return sum(((net - mean) ** 2 * p for net, p in self.distribution), Fraction(0))

    @property
    def sd(self) -> float:
        """The standard deviation per round in Antes (a square root: a float)."""
        return math.sqrt(self.variance)

    @property
    def hit_frequency(self) -> Fraction:
        """The share of rounds the player ends ahead."""
        return sum((p for net, p in self.distribution if net > 0), Fraction(0))

    @property
    def push_share(self) -> Fraction:
        """The share of rounds the player ends level."""
        return sum((p for net, p in self.distribution if net == 0), Fraction(0))

    @property
    def loss_share(self) -> Fraction:
        """The share of rounds the player ends behind (folds included)."""
        return sum((p for net, p in self.distribution if net < 0), Fraction(0))

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
            "variance": float(self.variance),
            "variance_exact": _exact(self.variance),
            "sd": self.sd,
            "hit_frequency": float(self.hit_frequency),
            "hit_frequency_exact": _exact(self.hit_frequency),
            "push_share": float(self.push_share),
            "push_share_exact": _exact(self.push_share),
            "loss_share": float(self.loss_share),
            "loss_share_exact": _exact(self.loss_share),
            "distribution": [
                {
                    "net": float(net),
                    "net_exact": _exact(net),
                    "probability": float(p),
                    "exact": _exact(p),
                }
                for net, p in self.distribution
            ],
            "contributions": [row.as_dict() for row in self.contributions],
            "ties": self.ties,
            "tie_share": float(self.tie_share),
            "tie_share_exact": _exact(self.tie_share),
            "tie_rule": self.tie_rule,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ParSheet:
        """The sheet back from `as_dict()` (a stored sheet's figures), every figure exact;
        EngineError for figures stored before the sheet had its distribution (they are
        computed again under a new key: `_METHOD_VERSION`)."""
        try:
            return cls(
                game=data["game"],
                paytable=data["paytable"],
                house_edge=Fraction(data["house_edge_exact"]),
                average_bet=Fraction(data["average_bet_exact"]),
                element_of_risk=Fraction(data["element_of_risk_exact"]),
                outcomes=tuple((o["name"], Fraction(o["exact"])) for o in data["outcomes"]),
                decisions=tuple(
                    (d["street"], tuple((c["choice"], Fraction(c["exact"])) for c in d["choices"]))
                    for d in data["decisions"]
                ),
                combinations=int(data["combinations"]),
                key=data["key"],
                distribution=tuple(
                    (Fraction(d["net_exact"]), Fraction(d["exact"])) for d in data["distribution"]
                ),
                contributions=tuple(
                    Contribution(
                        r["name"],
                        int(r["combinations"]),
                        Fraction(r["probability_exact"]),
                        r["pays"],
                        Fraction(r["contribution_exact"]),
                    )
                    for r in data["contributions"]
                ),
                ties=int(data["ties"]),
                tie_share=Fraction(data["tie_share_exact"]),
                tie_rule=data["tie_rule"],
            )
        except (KeyError, TypeError, ValueError, ZeroDivisionError) as exc:
            raise EngineError(f"These stored figures are not a whole par sheet ({exc}).") from None


def _exact(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


# --- keys ------------------------------------------------------------------------------------


def paytable_key(
    paytable: Paytable,
    enumeration: Enumeration,
    *,
    call_multiple: int | None = None,
    deck: Sequence[Card] | None = None,
    payout_cap: Fraction | None = None,
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
    if payout_cap is not None:  # a sheet priced at one Ante under a cap (`money.cap_effect`)
        data["payout_cap"] = _exact(Fraction(payout_cap))
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _deck(deck: Sequence[Card] | None) -> tuple[Card, ...]:
    if deck is None:
        return ALL_CARDS
    cards = tuple(deck)
    if not all(isinstance(c, Card) for c in cards) or len(set(cards)) != len(cards):
        raise EngineError("A par sheet's deck must be distinct cards.")
    return tuple(sorted(cards, key=lambda c: c.index))
