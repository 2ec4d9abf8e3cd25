"""A par sheet in a games manager's money: the theoretical win of a table an hour and a shift
from inputs the manager sees and changes (rounds an hour, seats filled, the average Ante, the
hours of a shift; the hold against a drop they enter), the rounds the house needs to be ahead,
and how far one shift's result may stray.  Every figure is the engine's
(`trainer.engine.parsheets.money`); here are the form that carries the inputs on a GET (it
writes nothing) and the words the page and the PDF print.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from django import forms
from django.utils.translation import gettext, gettext_lazy, ngettext

from trainer.core.numbers import grouped
from trainer.engine import EngineError, HouseRules
from trainer.engine.catalog import Game
from trainer.engine.figures import exact_fraction
from trainer.engine.house import RULE_NAMES
from trainer.engine.kit.rounds import MAX_ROUNDS_PER_HOUR, MIN_ROUNDS_PER_HOUR
from trainer.engine.parsheets import Counts, FastEnumeration, ParSheet
from trainer.engine.parsheets.money import (
    CONFIDENCE,
    hold,
    rounds_to_ahead,
    shift_range,
    theoretical_win,
)
from trainer.engine.paytables import Paytable

from .figures import Shown, decimal_words, shown_share

#: the average Ante the figures start from: a $25 table's, the middle of the three table
#: levels a house's pay standard names (a $5, a $25 and a $100 table)
DEFAULT_ANTE = 25
#: a shift's hours the figures start from: an eight-hour shift, as casinos schedule dealers
DEFAULT_HOURS = 8
#: the largest average Ante the form takes: beyond any table's limit
MAX_ANTE = 1_000_000
#: the longest shift the form takes
MAX_HOURS = 24


class MoneyForm(forms.Form):
    """The theoretical win's inputs, on the version page's GET (the house's pace for the game
    and a full table until the manager changes them)."""

    rounds_per_hour = forms.IntegerField(
        label=gettext_lazy("Rounds an hour"),
        min_value=MIN_ROUNDS_PER_HOUR,
        max_value=MAX_ROUNDS_PER_HOUR,
    )
    average_ante = forms.DecimalField(
        label=gettext_lazy("Average Ante"),
        min_value=Decimal("0.01"),
        max_value=MAX_ANTE,
        decimal_places=2,
    )
    hours = forms.DecimalField(
        label=gettext_lazy("Hours a shift"),
        min_value=Decimal("0.25"),
        max_value=MAX_HOURS,
        decimal_places=2,
    )
    drop = forms.DecimalField(
        label=gettext_lazy("Drop a shift (optional)"),
        required=False,
        min_value=Decimal("0.01"),
        decimal_places=2,
        help_text=gettext_lazy("What players buy in for at the table over the shift."),
    )

    def __init__(self, data, *, pace: int, seats: int):
        self.defaults = {
            "rounds_per_hour": pace,
            "seats": seats,
            "average_ante": DEFAULT_ANTE,
            "hours": DEFAULT_HOURS,
            "drop": None,
        }
        asked = {name: data[name] for name in self.defaults if name in data}
        super().__init__({**self.defaults, **asked}, auto_id="money-%s")
        # a full table of the game is the most seats there are to fill
        self.fields["seats"] = forms.IntegerField(
            label=gettext_lazy("Seats filled"), min_value=1, max_value=seats
        )
        self.order_fields(["rounds_per_hour", "seats", "average_ante", "hours", "drop"])
        for field in self.fields.values():
            field.widget.attrs.setdefault("class", "amount")


@dataclass(frozen=True)
class MoneyFigures:
    """What the version page and the PDF print of a sheet in money."""

    pace: int
    rounds_to_ahead: str
    shift_low: str
    shift_high: str
    shift_rounds: str
    per_hour: Shown
    per_shift: Shown
    hold: Shown | None
    confidence: str


def money_words(amount: Fraction | float) -> str:
    """An amount of money: two decimals, thousands grouped, the minus sign people write."""
    return decimal_words(Fraction(amount), 2)


def money_figures(sheet: ParSheet, form: MoneyForm, pace: int) -> MoneyFigures | None:
    """The figures of `sheet` at the form's inputs (None when the form is not valid: its
    errors say why)."""
    if not form.is_valid():
        return None
    data = form.cleaned_data
    try:
        hour = theoretical_win(
            sheet,
            rounds_per_hour=data["rounds_per_hour"],
            seats=data["seats"],
            average_ante=Fraction(data["average_ante"]),
        )
        shift = theoretical_win(
            sheet,
            rounds_per_hour=data["rounds_per_hour"],
            seats=data["seats"],
            average_ante=Fraction(data["average_ante"]),
            hours=Fraction(data["hours"]),
        )
        positions = max(1, int(shift.rounds))
        low, high = shift_range(sheet, positions, ante=Fraction(data["average_ante"]))
        kept = None if data["drop"] is None else hold(shift, Fraction(data["drop"]))
    except EngineError as exc:
        form.add_error(None, str(exc))
        return None
    ahead = rounds_to_ahead(sheet)
    return MoneyFigures(
        pace=pace,
        rounds_to_ahead=gettext("never: the house has no edge")
        if ahead is None
        else ngettext(
            "after %(count)s round, %(confidence)s of the time",
            "after %(count)s rounds, %(confidence)s of the time",
            ahead,
        )
        % {"count": grouped(ahead), "confidence": f"{CONFIDENCE:.0%}"},
        shift_low=money_words(low),
        shift_high=money_words(high),
        shift_rounds=ngettext("%(count)s hand played", "%(count)s hands played", positions)
        % {"count": grouped(positions)},
        per_hour=Shown(money_words(hour.amount), exact_fraction(hour.amount)),
        per_shift=Shown(money_words(shift.amount), exact_fraction(shift.amount)),
        hold=None if kept is None else shown_share(kept),
        confidence=f"{CONFIDENCE:.0%}",
    )


def seats_of(game: Game) -> int:
    """A full table of `game`: the most positions its round deals."""
    return game.round_procedure().players[1]


# --- a payout cap ------------------------------------------------------------------------------


@dataclass(frozen=True)
class CapBite:
    """Where the house's payout cap on a game starts to take from a win: `rule`, its words;
    `cap`, the most it pays; `above`, the Ante above which some round that happens under
    optimal play wins more than the cap (None: no round ever does)."""

    rule: str
    cap: str
    above: str | None


@dataclass(frozen=True)
class CapPointWords:
    ante: str
    edge: Shown
    changed: bool


@dataclass(frozen=True)
class CapFigures:
    """The edge at each Ante under the house's cap (the engine's `cap_effect`); `from_ante`,
    the first Ante priced at which the cap changes the edge (None: at none of them)."""

    bite: CapBite
    uncapped: Shown
    points: tuple[CapPointWords, ...]
    from_ante: str | None = None


def cap_bite(game: Game, sheet: ParSheet, rules: HouseRules) -> CapBite | None:
    """Where the house's cap starts to take from `sheet`'s wins (None where it caps nothing
    of the game): read from the sheet alone, so the designer shows it as a row is typed."""
    cap = game.payout_cap(rules)
    enumeration = game.enumeration
    if cap is None or not isinstance(enumeration, FastEnumeration) or not enumeration.cap_rule:
        return None
    top = enumeration.capped_most(sheet)
    above = None if top <= 0 else money_words(Fraction(cap) / top)
    return CapBite(RULE_NAMES[enumeration.cap_rule], grouped(cap), above)


def cap_figures(
    game: Game,
    sheet: ParSheet,
    table: Paytable,
    rules: HouseRules,
    counts: Counts,
) -> CapFigures | None:
    """The edge of `table` at each Ante of the engine's ladder under the house's cap (up to
    four times the Ante where it starts to bite, and the first Ante it takes from), each Ante
    the cap takes from priced again with the decisions chosen for the capped pays (the
    engine's `cap_effect`, from the game's `counts`: a third of a second a price, for some
    games)."""
    bite = cap_bite(game, sheet, rules)
    if bite is None:
        return None
    effect = game.cap_effect(table, rules, counts, sheet=sheet)
    if effect is None:
        return None
    return CapFigures(
        bite=bite,
        uncapped=shown_share(effect.uncapped_edge),
        points=tuple(
            CapPointWords(
                ante=grouped(point.ante),
                edge=shown_share(point.house_edge),
                changed=point.house_edge != effect.uncapped_edge,
            )
            for point in effect.points
        ),
        from_ante=None if effect.from_ante is None else grouped(effect.from_ante),
    )
