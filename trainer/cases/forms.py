from __future__ import annotations

import json
import secrets

from django import forms
from django.utils.formats import number_format
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_lazy

from .models import NOTE_MAX


def _note_help() -> str:
    return gettext(
        "Optional: what was disputed, by whom, what was decided (up to %(most)s characters)."
    ) % {"most": number_format(NOTE_MAX, force_grouping=True)}


#: the note's help, in the reader's language when the form is shown
NOTE_HELP = lazy(_note_help, str)()


class SaveCaseForm(forms.Form):
    """ "Save as a case" under a ruling.  It carries the request, never the ruling: the server
    rules it again.  `token` is new each time a ruling is shown, so the same form posted twice
    (a double-click, a reload) finds the case it saved instead of saving another."""

    request = forms.CharField(widget=forms.HiddenInput)
    token = forms.CharField(widget=forms.HiddenInput)
    note = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 3, "maxlength": NOTE_MAX}),
        help_text=NOTE_HELP,
    )

    @classmethod
    def for_request(cls, ruling_request: dict) -> SaveCaseForm:
        return cls(
            initial={
                "request": json.dumps(ruling_request, ensure_ascii=False),
                "token": secrets.token_urlsafe(24),
            },
            auto_id="case_%s",
        )


class NoteForm(forms.Form):
    text = forms.CharField(
        label=gettext_lazy("Add a note"),
        widget=forms.Textarea(attrs={"rows": 4, "maxlength": NOTE_MAX}),
        help_text=gettext_lazy(
            "A correction or a later word; the case and earlier notes stay as they are."
        ),
    )


class SearchForm(forms.Form):
    q = forms.CharField(
        label=gettext_lazy("Search"),
        required=False,
        max_length=200,
        help_text=gettext_lazy(
            'A case number, a game, cards ("Qh" or "Q♥") or words from the notes.'
        ),
    )
