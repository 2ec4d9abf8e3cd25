"""The desk's forms: the paytable designer (a version's settings and its rows, checked as the
engine will use them), the house rules and chips (the houses app's own form, its gate run by
`services.change_house_rules` so that waiting is a state), the pace targets."""

from __future__ import annotations

import dataclasses
import re
import secrets
from decimal import Decimal

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from trainer.core.i18n import render
from trainer.core.numbers import grouped
from trainer.drills.practice.models import PaceTarget
from trainer.drills.practice.targets import DrillTargets
from trainer.engine import EngineError, HouseRules, scheduling
from trainer.engine.catalog import Game, round_games
from trainer.engine.paytables import MAX_ODDS, Paytable
from trainer.houses import scheduled
from trainer.houses import services as houses
from trainer.houses.config import paytable_of
from trainer.houses.forms import HouseRulesForm
from trainer.houses.models import House, PaytableRow, PaytableVersion
from trainer.rounds.models import RoundPace

#: the version's own settings the designer edits (the rows are fields of their own)
VERSION_FIELDS = [
    "label",
    "bet_unit",
    "pair_band_low",
    "push_band_low",
    "push_band_high",
    "inversions_confirmed",
]
BAND_FIELDS = ("pair_band_low", "push_band_low", "push_band_high")
#: each band's empty choice, in words
BAND_EMPTY_CHOICES = {
    "pair_band_low": gettext_lazy("choose a rank"),
    "push_band_low": gettext_lazy("no pair pushes"),
    "push_band_high": gettext_lazy("no pair pushes"),
}


#: what a save token looks like (`secrets.token_urlsafe`): anything else posted is no token
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")


def new_token() -> str:
    return secrets.token_urlsafe(24)


def win_field(order: int) -> str:
    return f"win_{order}"


def to_field(order: int) -> str:
    return f"to_{order}"


def odds_field(what: str, label: str) -> forms.IntegerField:
    """One part of a row's odds, its errors naming the row."""
    return forms.IntegerField(
        label=label,
        required=False,
        min_value=1,
        max_value=MAX_ODDS,
        error_messages={
            "invalid": gettext("%(row)s: write the odds as two whole numbers, like 3 to 2.")
            % {"row": what},
            "min_value": gettext("%(row)s: both parts of the odds must be at least 1.")
            % {"row": what},
            "max_value": gettext("%(row)s: neither part of the odds may be above %(most)s.")
            % {"row": what, "most": grouped(MAX_ODDS)},
        },
        widget=forms.NumberInput(attrs={"class": "odds", "min": 1, "max": MAX_ODDS}),
    )


def initial_of(game: Game, base: PaytableVersion | None) -> dict:
    """The designer's starting values: a version's, or the games registry's source table."""
    if base is not None:
        initial = {name: getattr(base, name) for name in VERSION_FIELDS}
        initial["label"] = gettext("%(label)s (from v%(number)s)") % {
            "label": base.label,
            "number": base.number,
        }
        rows = [(r.category, r.win, r.to) for r in base.rows.all()]
    else:
        table = game.paytable
        assert table is not None  # the desk designs only the games that pay from a table
        initial = {
            "label": gettext("%(game)s table") % {"game": game.title},
            "bet_unit": table.bet_unit,
            "pair_band_low": table.pair_band.low if table.pair_band else None,
            "push_band_low": table.push_band.low if table.push_band else None,
            "push_band_high": table.push_band.high if table.push_band else None,
            "inversions_confirmed": False,
        }
        rows = [(c.order, o.win, o.to) for c, o in table.rows]
    for order, win, to in rows:
        initial[win_field(order)] = win
        initial[to_field(order)] = to
    return initial


def as_data(initial: dict) -> dict[str, str]:
    """`initial` as a browser would post it, to check a starting table as a posted one."""
    data = {}
    for name, value in initial.items():
        if isinstance(value, bool):
            if value:
                data[name] = "on"
        elif value is not None:
            data[name] = str(value)
    return data


class DesignForm(forms.ModelForm):
    """A paytable of one game as a form: the version's label, bet unit and pair bands, and
    for each row the game needs (the games registry's `rows`) its odds, "pays W to T".  Valid
    only when the engine can use the table at this house (`table`, then, is that table): a row
    left empty is missing, a row that pays a fraction of a chip or pays less than a weaker
    hand (unconfirmed) is named, in the words of the houses app's checks."""

    #: new each time the designer is drawn, and kept with the version it saves: the same
    #: form posted twice (a double click, a replayed form) finds that version again.  Not
    #: checked as a field (the preview posts it too): `save_token` reads it for a save.
    token = forms.CharField(required=False, widget=forms.HiddenInput)

    class Meta:
        model = PaytableVersion
        fields = VERSION_FIELDS
        # the model names these fields by their code names alone: the designer's words
        labels = {
            "label": gettext_lazy("Label"),
            "bet_unit": gettext_lazy("Bet unit"),
            "inversions_confirmed": gettext_lazy("Inversions confirmed"),
        }

    def __init__(self, *args, game: Game, house: House, **kwargs):
        kwargs["instance"] = PaytableVersion(house=house, game=game.slug)
        super().__init__(*args, **kwargs)
        if not self.is_bound:
            self.initial["token"] = new_token()
        self.game, self.house = game, house
        self.table: Paytable | None = None
        self.rows: list[PaytableRow] = []
        if not game.pair_bands:
            for name in BAND_FIELDS:
                del self.fields[name]
        else:
            # the empty choice says what choosing nothing means, not Django's dashes
            for name, nothing in BAND_EMPTY_CHOICES.items():
                field = self.fields[name]
                field.choices = [("", nothing), *(c for c in field.choices if c[0] != "")]
        self.fields["label"].help_text = gettext(
            "How the lists name the version, e.g. “Summer 2026”."
        )
        self.row_fields = []
        for category in game.rows:
            what = category.label.capitalize()
            win, to = win_field(category.order), to_field(category.order)
            self.fields[win] = odds_field(what, gettext("%(row)s pays") % {"row": what})
            self.fields[to] = odds_field(what, gettext("%(row)s: to") % {"row": what})
            self.row_fields.append((what, self[win], self[to]))

    def clean(self):
        data = super().clean()
        self.rows = []
        for category in self.game.rows:
            win, to = win_field(category.order), to_field(category.order)
            if win in self.errors or to in self.errors:
                continue
            if data.get(win) is None and data.get(to) is None:
                continue  # the row is left out: the table's check names it, if it is needed
            if data.get(win) is None or data.get(to) is None:
                self.add_error(
                    win if data.get(win) is None else to,
                    gettext(
                        "%(row)s: give both parts of the odds, like 3 to 2 (or leave both empty "
                        "to leave the row out)."
                    )
                    % {"row": category.label.capitalize()},
                )
                continue
            self.rows.append(PaytableRow(category=category.order, win=data[win], to=data[to]))
        return data

    def _post_clean(self):
        super()._post_clean()  # the version's own fields and the model's check of the bands
        if self.errors:
            return
        try:
            table = paytable_of(self.instance, self.rows)
        except EngineError as exc:
            self.add_error(None, str(exc))
            return
        problems = table.problems(self.game.rows)
        problems += table.fraction_problems(houses.chip_unit_of(self.house.pk))
        inversions = table.inversions()
        if inversions and not self.cleaned_data.get("inversions_confirmed"):
            listed = "; ".join(
                gettext("%(high)s pays %(high_odds)s but %(low)s pays %(low_odds)s")
                % {
                    "high": high.label,
                    "high_odds": table.odds_for(high).words(),
                    "low": low.label,
                    "low_odds": table.odds_for(low).words(),
                }
                for high, low in inversions
            )
            problems.append(
                gettext(
                    "A stronger hand pays less than a weaker one: %(listed)s. If this is what "
                    "the house means, tick “inversions confirmed”."
                )
                % {"listed": listed}
            )
        if problems:
            self.add_error(None, problems)
            return
        self.table = table

    def messages(self) -> list[str]:
        """Every error of the form, the table's first and then field by field, each once; an
        error of a row names its row, one of the version's own fields is given its name."""
        seen: list[str] = []
        for name in ["__all__", *self.fields]:
            for error in self.errors.get(name, []):
                if name in ("label", "bet_unit", *BAND_FIELDS):
                    error = gettext("%(field)s: %(error)s") % {
                        "field": str(self.fields[name].label).capitalize(),
                        "error": error,
                    }
                if error not in seen:
                    seen.append(error)
        return seen

    def save_token(self) -> str | None:
        """The form's token as posted, or None when it has none (a form drawn before tokens,
        or one made by hand)."""
        token = (self.data.get("token") or "").strip()
        return token if TOKEN.fullmatch(token) else None

    def version_values(self) -> dict:
        """The version's own settings as cleaned (the bands only for a game that has them)."""
        return {name: self.cleaned_data[name] for name in VERSION_FIELDS if name in self.fields}

    def row_values(self) -> list[tuple[int, int, int]]:
        return [(r.category, r.win, r.to) for r in self.rows]


class RulesForm(HouseRulesForm):
    """The houses app's house-rules form, for the house of the page, with a subset of the
    rules (`fields`).  Its fields are checked here; the gate (the sheets under the new rules,
    a player edge) is `services.change_house_rules`, so that a change waiting for its sheets
    is a state the page shows rather than an error."""

    def __init__(self, *args, fields: tuple[str, ...], **kwargs):
        super().__init__(*args, **kwargs)
        for name in list(self.fields):
            if name not in fields:
                del self.fields[name]

    def clean(self):
        data = forms.ModelForm.clean(self)
        if self.errors:
            return data
        try:
            HouseRules(
                **{
                    f.name: data.get(f.name, getattr(self.instance, f.name))
                    for f in dataclasses.fields(HouseRules)
                }
            ).check_caps_payable()
        except EngineError as exc:
            raise ValidationError(str(exc)) from None
        return data

    def changes(self, current: HouseRules) -> dict[str, object]:
        """The rules of this form that differ from `current`."""
        return {
            name: self.cleaned_data[name]
            for name in self.fields
            if name != "player_edge_confirmed" and self.cleaned_data[name] != getattr(current, name)
        }


class ActivationTimeForm(forms.Form):
    """When an activation takes effect: empty for now, else a time to come, on the house's
    clock (the request's zone, `trainer.core.times.HouseTimeZone`)."""

    effective_at = forms.DateTimeField(
        required=False,
        label=gettext_lazy("Takes effect at"),
        help_text=gettext_lazy("On the house's clock. Empty: as soon as it may."),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M"],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )

    def clean_effective_at(self):
        moment = self.cleaned_data["effective_at"]
        if moment is not None and moment <= timezone.now():
            raise ValidationError(scheduled.IN_THE_PAST, code="past")
        return moment


class HouseForm(forms.ModelForm):
    """The house's own settings a games manager keeps: its name, its time zone and its
    practice day (the slug names the house in rulings and logs: only a superuser renames it,
    in the admin)."""

    class Meta:
        model = House
        fields = [
            "name",
            "time_zone",
            "day_starts",
            "desired_retention",
            "activations_need_approval",
            "language",
            "reaudit_days",
            "shifts",
            "certificate_months",
            "renewal_days",
        ]
        # the model's help is for developers (it names the zone database and the scheduler's
        # model); a games manager reads what each setting does for the house's people
        labels = {
            "time_zone": gettext_lazy("Time zone"),
            "desired_retention": gettext_lazy("Recall target for reviews"),
            "activations_need_approval": gettext_lazy(
                "Activations need a second games manager's approval"
            ),
        }
        help_texts = {
            "activations_need_approval": gettext_lazy(
                "A table activated takes effect only once another games manager of the house "
                "approves it on the desk (never the one who asked), and its time has come."
            ),
            "time_zone": gettext_lazy(
                "Where the house is, such as Europe/London or America/Chicago: every time on the "
                "site is shown to its staff and trainees in this zone, with the zone named."
            ),
            "day_starts": gettext_lazy(
                "When the house's practice day starts, on its own clock (by default 04:00, so "
                "that practice after midnight still counts for the day before). A skill due at "
                "any moment of a day is due from this time that day."
            ),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # the site's languages (settings.LANGUAGES), each in its own name; none: the browser's
        self.fields["language"] = forms.ChoiceField(
            label=gettext("Language"),
            required=False,
            choices=[("", gettext("Each person's browser's language")), *settings.LANGUAGES],
            help_text=gettext(
                "The language the site speaks to the house's staff and trainees who have not "
                "chosen their own (on their settings page or with the switch at the top)."
            ),
        )
        self.fields["desired_retention"].help_text = gettext(
            "How often a trainee is asked to review a skill they have learnt: it comes back "
            "when they would still get it right this share of the time, from %(low)s to "
            "%(high)s. At 0.90, the default, a skill comes back while they would still get it "
            "right 9 times in 10. Higher brings skills back sooner and more often (more reviews "
            "a day, fewer slips at the table); lower, later and less often (fewer reviews, more "
            "forgotten between them)."
        ) % {"low": scheduling.MIN_RETENTION, "high": scheduling.MAX_RETENTION}


def pace_field(drill: str, level: int) -> str:
    return f"pace_{drill}_{level}"


class PaceForm(forms.Form):
    """A house's own target for each drill and level (empty: the drill's default)."""

    def __init__(self, *args, drills: list[DrillTargets], **kwargs):
        super().__init__(*args, **kwargs)
        self.drills = drills
        model_field = PaceTarget._meta.get_field("seconds")
        for drill in drills:
            for level in drill.levels:
                name = pace_field(drill.slug, level.level)
                field = model_field.formfield(required=False)
                # the model's bounds, checked here so that the form names them per field
                field.validators.extend(
                    v
                    for v in model_field.validators
                    if isinstance(v, MinValueValidator | MaxValueValidator)
                )
                field.label = gettext("%(drill)s, level %(level)s: seconds") % {
                    "drill": render(drill.title),
                    "level": level.level,
                }
                field.widget.attrs.update({"class": "seconds", "placeholder": level.default_words})
                field.initial = level.house
                self.fields[name] = field

    def targets(self) -> dict[tuple[str, int], Decimal | None]:
        return {
            (drill.slug, level.level): self.cleaned_data[pace_field(drill.slug, level.level)]
            for drill in self.drills
            for level in drill.levels
        }

    def rows(self):
        """Per drill, its levels with their field, for the page's table."""
        return [
            (drill, [(level, self[pace_field(drill.slug, level.level)]) for level in drill.levels])
            for drill in self.drills
        ]


def round_field(game: str) -> str:
    return f"rounds_{game}"


class RoundPaceForm(forms.Form):
    """A house's pace for each game whose whole rounds are dealt (`round_games`), in rounds
    an hour (empty: the game's default, docs/rulebook.md, *Dealing the round*)."""

    def __init__(self, *args, house: House, **kwargs):
        super().__init__(*args, **kwargs)
        self.games = list(round_games())
        own = dict(RoundPace.objects.filter(house=house).values_list("game", "rounds_per_hour"))
        model_field = RoundPace._meta.get_field("rounds_per_hour")
        for game in self.games:
            field = model_field.formfield(required=False)
            # the model's bounds, checked here so that the form names them per field
            field.validators.extend(
                v
                for v in model_field.validators
                if isinstance(v, MinValueValidator | MaxValueValidator)
            )
            field.label = gettext("%(game)s: rounds an hour") % {"game": game.title}
            field.widget.attrs.update(
                {"class": "seconds", "placeholder": str(game.round_procedure().rounds_per_hour)}
            )
            field.initial = own.get(game.slug)
            self.fields[round_field(game.slug)] = field

    def paces(self) -> dict[str, int | None]:
        return {g.slug: self.cleaned_data[round_field(g.slug)] for g in self.games}

    def rows(self):
        """Per game, its default pace and its field, for the page's table."""
        return [
            (game, game.round_procedure().rounds_per_hour, self[round_field(game.slug)])
            for game in self.games
        ]
