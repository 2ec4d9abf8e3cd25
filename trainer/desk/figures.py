"""A par sheet's figures as the desk shows them beside a paytable: the exact house edge, how
often the table pays a row (its hit frequency), what each row returns, the decisions under
optimal play, and the difference from another table's edge.

Everything is read from a sheet's figures (`ParSheet.as_dict()`, which a stored sheet keeps
as they are), and from the games registry: which rows a table has, and whether the table pays
a second bet sized in Antes (`Game.multiple`).  No game is named here.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext, ngettext

from trainer.core.i18n import render
from trainer.core.numbers import grouped, localized
from trainer.engine.catalog import Game
from trainer.engine.errors import EngineError
from trainer.engine.figures import (
    MINUS,
    change_fraction,
    change_points,
    edge_words,
    exact_fraction,
)
from trainer.engine.house import HouseRules
from trainer.engine.parsheets.sheet import ParSheet, said_in_sheet
from trainer.engine.paytables import Paytable
from trainer.engine.words import cap


def percent_words(value: Fraction, places: int = 4) -> str:
    """A share as a percentage, rounded exactly (half to even) to `places` decimals.

    >>> percent_words(Fraction(1, 649740))
    '0.0002%'
    >>> percent_words(Fraction(-1, 8))
    '\u221212.5000%'
    """
    sign = MINUS if value < 0 else ""
    scaled = round(abs(value) * 100 * 10**places)
    whole, decimals = divmod(scaled, 10**places)
    return sign + localized(f"{whole:,}.{decimals:0{places}d}%")


def decimal_words(value: Fraction, places: int = 4) -> str:
    """A figure to `places` decimals, rounded exactly (half to even), thousands grouped.

    >>> decimal_words(Fraction(12345678, 1000)), decimal_words(Fraction(-1, 3), 2)
    ('12,345.6780', '\u22120.33')
    """
    sign = MINUS if value < 0 else ""
    scaled = round(abs(value) * 10**places)
    whole, decimals = divmod(scaled, 10**places)
    return sign + (localized(f"{whole:,}.{decimals:0{places}d}") if places else grouped(whole))


@dataclass(frozen=True)
class Shown:
    """A figure as a page shows it: `text` in sight, its exact fraction `exact` kept for the
    tooltip (`houses/_edge.html` draws the pair)."""

    text: str
    exact: str = ""

    def __str__(self) -> str:
        return self.text


def shown_share(value: Fraction) -> Shown:
    """A share (a probability, a frequency, a return per Ante) as a percentage."""
    return Shown(percent_words(value), exact_fraction(value))


def shown_antes(value: Fraction, places: int = 4) -> Shown:
    """An amount in Antes: "1.2345 Antes"."""
    words = gettext("%(amount)s Antes") % {"amount": decimal_words(value, places)}
    return Shown(words, exact_fraction(value))


def one_in(probability: Fraction) -> str:
    """How rare a result is, as a dealer says it: "1 in 649,740" (rounded to a whole number).

    >>> one_in(Fraction(4, 2598960)), one_in(Fraction(1, 2)), one_in(Fraction(0))
    ('1 in 649,740', '1 in 2', 'never')
    """
    if probability <= 0:
        return gettext("never")
    return gettext("1 in %(count)s") % {"count": grouped(round(1 / probability))}


def difference_words(change: Fraction) -> str:
    """A change of house edge in percentage points, signed, with the exact fraction.

    >>> difference_words(Fraction(3, 1000))
    '+0.3000 points (+3/1000)'
    >>> difference_words(Fraction(-1, 400))
    '\u22120.2500 points (\u22121/400)'
    >>> difference_words(Fraction(0))
    'no change'
    """
    if change == 0:
        return gettext("no change")
    return f"{localized(change_points(change))} ({change_fraction(change)})"


@dataclass(frozen=True)
class RowFigures:
    """One row of a table: how often a hand ends paid at it, and what its odds return."""

    label: str
    odds: str
    probability: Fraction
    returns: Fraction

    @property
    def probability_words(self) -> str:
        return percent_words(self.probability)

    @property
    def rarity(self) -> str:
        return one_in(self.probability)

    @property
    def return_words(self) -> str:
        return percent_words(self.returns)


@dataclass(frozen=True)
class OutcomeLine:
    """One row of a par sheet's return column (the engine's `Contribution`)."""

    name: str
    combinations: str
    probability: Shown
    pays: str
    contribution: Shown


@dataclass(frozen=True)
class Spread:
    """What a sheet says of a round beyond its edge: the spread of the player's net result
    (variance and standard deviation per round, in Antes), how often the player ends ahead,
    level or behind, the ties of expected value the enumeration broke and how, and the return
    column, one line an outcome.  Only in a sheet computed with them (`ParSheet.as_dict()`'s
    "distribution"): one stored before says nothing of them until computed again."""

    variance: Shown
    sd: str
    hit_frequency: Shown
    push_share: Shown
    loss_share: Shown
    ties: int
    tie_share: Shown
    tie_rule: str
    outcomes: tuple[OutcomeLine, ...]
    combinations: str
    #: the deals enumerated, as a number (for the words that count them)
    deals: int
    total_probability: Shown
    total_return: Shown

    @property
    def ties_words(self) -> str:
        return ngettext(
            "%(count)s decision with two choices worth exactly the same",
            "%(count)s decisions with two choices worth exactly the same",
            self.ties,
        ) % {"count": grouped(self.ties)}


def spread_of(figures: dict[str, Any]) -> Spread | None:
    """The `Spread` of a sheet's stored figures, or None for a sheet stored without them."""
    if "distribution" not in figures or "contributions" not in figures:
        return None
    lines = tuple(
        OutcomeLine(
            # a stored sheet names its rows in the engine's words, said in the reader's language
            name=render(cap(said_in_sheet(row["name"]))),
            combinations=grouped(row["combinations"]),
            probability=shown_share(_exact(row, "probability_exact")),
            pays=render(said_in_sheet(row["pays"])),
            contribution=shown_share(_exact(row, "contribution_exact")),
        )
        for row in figures["contributions"]
    )
    total_probability = sum(
        (_exact(row, "probability_exact") for row in figures["contributions"]), Fraction(0)
    )
    total_return = sum(
        (_exact(row, "contribution_exact") for row in figures["contributions"]), Fraction(0)
    )
    return Spread(
        variance=Shown(
            decimal_words(_exact(figures, "variance_exact")),
            exact_fraction(_exact(figures, "variance_exact")),
        ),
        sd=gettext("%(amount)s Antes") % {"amount": localized(f"{figures['sd']:,.4f}")},
        hit_frequency=shown_share(_exact(figures, "hit_frequency_exact")),
        push_share=shown_share(_exact(figures, "push_share_exact")),
        loss_share=shown_share(_exact(figures, "loss_share_exact")),
        ties=int(figures.get("ties", 0)),
        tie_share=shown_share(_exact(figures, "tie_share_exact")),
        tie_rule=figures.get("tie_rule", ""),
        outcomes=lines,
        combinations=grouped(figures["combinations"]),
        deals=int(figures["combinations"]),
        total_probability=shown_share(total_probability),
        total_return=shown_share(total_return),
    )


@dataclass(frozen=True)
class EdgeFigures:
    """The figures of one table under one set of house rules."""

    edge: Fraction
    average_bet: Fraction
    rows: tuple[RowFigures, ...]
    decisions: tuple[tuple[str, tuple[tuple[str, Fraction], ...]], ...]
    #: what a row's return is counted per: "per Ante" or "per unit of the final bet"
    returns_per: str
    #: the difference from another table (the active one), when there is one to compare
    versus: Fraction | None = None
    #: the spread, the shares and the return column, when the sheet has them
    spread: Spread | None = None

    @property
    def edge_words(self) -> str:
        return localized(edge_words(self.edge))

    @property
    def player_edge(self) -> bool:
        return self.edge < 0

    @property
    def hit(self) -> Fraction:
        """How often a hand ends paid at a row of the table (the table's hit frequency)."""
        return sum((row.probability for row in self.rows), Fraction(0))

    @property
    def hit_words(self) -> str:
        return gettext("%(share)s of hands (%(rarity)s)") % {
            "share": percent_words(self.hit),
            "rarity": one_in(self.hit),
        }

    @property
    def hit_frequency_words(self) -> str:
        """The hit frequency as the sheet has it (the rounds the player ends ahead), or, for a
        sheet stored without its spread, how often a hand ends paid at a row."""
        if self.spread is None:
            return self.hit_words
        return gettext("%(share)s of rounds end with the player ahead") % {
            "share": self.spread.hit_frequency
        }

    @property
    def average_bet_words(self) -> str:
        return gettext("%(amount)s Antes") % {"amount": f"{float(self.average_bet):.4f}"}

    @property
    def element_of_risk_words(self) -> str:
        return percent_words(self.edge / self.average_bet) if self.average_bet else "—"

    @property
    def compared_edge(self) -> Fraction | None:
        """The edge of the table these figures are compared with (the active one), if any."""
        return None if self.versus is None else self.edge - self.versus

    @property
    def versus_words(self) -> str:
        return "" if self.versus is None else difference_words(self.versus)

    @property
    def decision_words(self) -> list[tuple[str, str]]:
        """Each decision point with the share of each choice, as "raise 52.2161%; fold …"."""
        return [
            (point, "; ".join(f"{choice} {percent_words(share)}" for choice, share in choices))
            for point, choices in self.decisions
        ]


def _exact(entry: dict[str, Any], key: str = "exact") -> Fraction:
    return Fraction(entry[key])


def returns_per(game: Game, rules: HouseRules) -> tuple[int, str]:
    """What a table's odds are paid on, in Antes, and the words for it: a game whose table
    pays a second bet sized in Antes (the Call, the Raise) returns odds × that many Antes; a
    game whose table pays every bet of the hand, per unit of the hand's final bet."""
    multiple = game.multiple(rules)
    if multiple is None:
        return 1, gettext("per unit of the hand's final bet")
    return multiple, gettext("per Ante (the table pays the %(bet)s, %(multiple)s × Ante)") % {
        "bet": game.second_bet,
        "multiple": multiple,
    }


def edge_figures(
    figures: dict[str, Any],
    game: Game,
    table: Paytable,
    rules: HouseRules,
    compared: dict[str, Any] | None = None,
) -> EdgeFigures:
    """The figures of `table` from its sheet's `figures`; `compared`: another sheet's figures
    (the active table's), whose edge the difference is taken from."""
    outcomes = {o["name"]: _exact(o) for o in figures["outcomes"]}
    multiple, per = returns_per(game, rules)
    rows = tuple(
        RowFigures(
            label=category.label.capitalize(),
            odds=odds.words(),
            probability=outcomes.get(category.label, Fraction(0)),
            returns=outcomes.get(category.label, Fraction(0))
            * Fraction(odds.win, odds.to)
            * multiple,
        )
        for category, odds in table.rows
    )
    decisions = tuple(
        (d["street"], tuple((c["choice"], _exact(c)) for c in d["choices"]))
        for d in figures.get("decisions", ())
    )
    edge = Fraction(figures["house_edge_exact"])
    versus = None if compared is None else edge - Fraction(compared["house_edge_exact"])
    return EdgeFigures(
        edge=edge,
        average_bet=Fraction(figures["average_bet_exact"]),
        rows=rows,
        decisions=decisions,
        returns_per=per,
        versus=versus,
        spread=spread_of(figures),
    )


def sheet_from_figures(figures: dict[str, Any]) -> ParSheet | None:
    """The engine's `ParSheet` back from a stored sheet's figures, for the engine's money
    figures; None for a sheet stored before it kept its distribution."""
    try:
        return ParSheet.from_dict(figures)
    except EngineError:
        return None


@dataclass(frozen=True)
class ExposureLine:
    """One card-exposure figure (`Exposure.as_dict()`): what is seen, the house edge when the
    player sees it and plays on it, what it moves to the player, and how it was found."""

    description: str
    house_edge: Shown
    swing: Shown
    player_edge: bool
    how: str

    @property
    def value_words(self) -> str:
        """The figure in one line, for the PDF (a paper has no tooltip)."""
        return gettext("house edge %(edge)s, %(swing)s to the player per Ante; %(how)s") % {
            "edge": self.house_edge,
            "swing": self.swing,
            "how": self.how,
        }


def exposure_lines(figures: list[dict[str, Any]]) -> tuple[ExposureLine, ...]:
    """The lines of a table's stored card-exposure figures."""
    lines = []
    for entry in figures:
        rounds = entry.get("rounds") or 0
        if entry.get("simulated"):
            error = entry.get("standard_error")
            how = ngettext(
                "simulated over %(count)s %(unit)s",
                "simulated over %(count)s %(unit)s",
                rounds,
            ) % {"count": grouped(rounds), "unit": entry.get("unit", "")}
            if error is not None:
                how += gettext(" (standard error %(error)s)") % {
                    "error": percent_words(Fraction(error))
                }
        else:
            how = gettext("exact: every deal enumerated")
        lines.append(
            ExposureLine(
                description=entry["description"][:1].upper() + entry["description"][1:],
                house_edge=shown_share(_exact(entry, "house_edge_exact")),
                swing=shown_share(_exact(entry, "swing_exact")),
                player_edge=bool(entry.get("player_edge")),
                how=how,
            )
        )
    return tuple(lines)


@dataclass(frozen=True)
class ExposureShown:
    """A table's card-exposure figures as they stand (a stored row's `status`, `percent`,
    `error` and, once done, `figures`): the lines once done, else their progress."""

    status: str
    percent: int
    error: str
    lines: tuple[ExposureLine, ...]

    @property
    def under_way(self) -> bool:
        return self.status in ("queued", "running")

    @classmethod
    def of(cls, row) -> ExposureShown | None:
        if row is None:
            return None
        done = row.status == "done" and row.figures
        return cls(
            status=str(row.status),
            percent=int(getattr(row, "percent", 0) or 0),
            error=str(getattr(row, "error", "") or ""),
            lines=exposure_lines(list(row.figures)) if done else (),
        )
