"""The upload form and the report page's filters."""

from __future__ import annotations

from pathlib import PurePath

from django import forms
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from trainer.core.i18n import render
from trainer.engine.audit import VERDICTS
from trainer.engine.catalog import title_of
from trainer.houses.models import User

from .models import VERDICT_WORDS, AuditReport, situation_said
from .services import max_upload_bytes

BY_EXTENSION = ""
#: what each file name ending is read as
EXTENSIONS = {
    ".jsonl": AuditReport.Format.JSONL,
    ".ndjson": AuditReport.Format.JSONL,
    ".json": AuditReport.Format.JSONL,
    ".csv": AuditReport.Format.CSV,
}


class UploadForm(forms.Form):
    log = forms.FileField(
        label=gettext_lazy("Hand log"),
        help_text=gettext_lazy(
            "One hand a line: its game, the cards and bets as dealt and what the dealer paid, "
            "with its number, time, table and dealer when the log has them. A hand log "
            "(.jsonl) or a spreadsheet saved as .csv, as the example logs below are written."
        ),
    )
    format = forms.ChoiceField(
        choices=[
            (BY_EXTENSION, gettext_lazy("by its name (.jsonl or .csv)")),
            *AuditReport.FORMAT_WORDS.items(),
        ],
        required=False,
        label=gettext_lazy("Read it as"),
    )

    def clean_log(self):
        log = self.cleaned_data["log"]
        limit = max_upload_bytes()
        if log.size > limit:
            raise forms.ValidationError(
                gettext(
                    "The file is %(size)s; the largest log the site takes is %(limit)s. Split "
                    "the log into shorter ones (by shift or by table) and upload each."
                )
                % {"size": filesizeformat(log.size), "limit": filesizeformat(limit)}
            )
        return log

    def clean(self):
        data = super().clean()
        log = data.get("log")
        if log is not None and not data.get("format"):
            suffix = PurePath(log.name).suffix.lower()
            if suffix not in EXTENSIONS:
                self.add_error(
                    "log",
                    gettext(
                        "“%(name)s” is neither a hand log (.jsonl) nor a spreadsheet (.csv). "
                        "Choose how to read it under “Read it as”, or upload the log itself."
                    )
                    % {"name": log.name},
                )
            else:
                data["format"] = EXTENSIONS[suffix]
        return data


def _choices(values, every: str, label=str) -> list[tuple[str, str]]:
    # "" is every value; lines naming no dealer (table, game) are not offered apart
    return [("", every), *((v, label(v)) for v in values if v)]


class FilterForm(forms.Form):
    """The report page's filters, as GET parameters; a value not offered is ignored."""

    verdict = forms.ChoiceField(required=False, label=pgettext_lazy("filter", "Verdict"))
    dealer = forms.ChoiceField(required=False, label=pgettext_lazy("filter", "Dealer"))
    table = forms.ChoiceField(required=False, label=pgettext_lazy("filter", "Table"))
    game = forms.ChoiceField(required=False, label=pgettext_lazy("filter", "Game"))
    situation = forms.ChoiceField(required=False, label=pgettext_lazy("filter", "Situation"))

    def __init__(self, data, *, report: AuditReport):
        super().__init__(data)
        summary = report.summary or {}
        verdicts = [v for v in VERDICTS if v != "correct"]
        self.fields["verdict"].choices = _choices(
            verdicts, gettext("every verdict"), lambda v: str(VERDICT_WORDS[v])
        )
        for name, key, every, label in (
            ("dealer", "by_dealer", gettext("every dealer"), str),
            ("table", "by_table", gettext("every table"), str),
            ("game", "by_game", gettext("every game"), lambda g: render(title_of(g))),
            ("situation", "by_situation", gettext("every situation"), situation_said),
        ):
            self.fields[name].choices = _choices(summary.get(key, {}), every, label)

    def values(self) -> dict[str, str]:
        """The filters given with a value offered (one not offered is left out)."""
        if not self.is_bound:
            return {}
        self.is_valid()
        return {
            name: value
            for name, value in self.cleaned_data.items()
            if value and name not in self.errors
        }


class AliasForm(forms.Form):
    """ "This is …": a dealer's name as the log writes it, and which of the house's people
    it is (only they are offered, and only they are taken)."""

    alias = forms.CharField(max_length=200, strip=False, widget=forms.HiddenInput)
    person = forms.ModelChoiceField(
        queryset=None,
        label=gettext_lazy("This is"),
        empty_label=gettext_lazy("choose a person"),
        error_messages={
            "invalid_choice": gettext_lazy("Choose one of your house's people."),
            "required": gettext_lazy("Choose one of your house's people."),
        },
    )

    def __init__(self, *args, house, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["person"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = people_of(house)
        field.label_from_instance = person_words


def people_of(house):
    """The house's people a log may name, by name: everyone of the house, the archived
    (deactivated) too, since a log names whoever dealt."""
    return User.objects.filter(house=house).order_by("last_name", "first_name", "username")


def person_words(person) -> str:
    """A person as the "this is" list names them: full name and username."""
    full = person.get_full_name()
    return f"{full} ({person.get_username()})" if full else person.get_username()


class CostsForm(forms.Form):
    """The cost page's choice of hands: dealt from a day to a day (the house's clock, either
    open) in some of the house's finished reports (none chosen: all of them)."""

    start = forms.DateField(
        label=gettext_lazy("Hands dealt from"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    end = forms.DateField(
        label=gettext_lazy("to"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    reports = forms.ModelMultipleChoiceField(
        label=gettext_lazy("Reports"),
        queryset=AuditReport.objects.none(),
        required=False,
        help_text=gettext_lazy("None chosen: every finished report of the house."),
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, data, *, house) -> None:
        super().__init__(data)
        self.fields["reports"].queryset = AuditReport.objects.filter(
            house=house, status=AuditReport.Status.DONE
        ).order_by("-uploaded_at", "-pk")

    def clean(self):
        data = super().clean()
        start, end = data.get("start"), data.get("end")
        if start and end and start > end:
            raise forms.ValidationError(
                gettext("The first day is after the last: swap them, or leave one empty.")
            )
        return data
