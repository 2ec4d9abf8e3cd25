"""Forms for the People and Classes pages: they gather and check what was posted; the
services decide what is stored."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UsernameField
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from trainer.engine.catalog import GAMES
from trainer.houses.roles import GIVEN_BY_MANAGERS, TITLES

from .imports import COLUMNS, MAX_BYTES
from .models import Cohort


def person_label(user) -> str:
    name = user.get_full_name()
    return f"{name} ({user.get_username()})" if name else user.get_username()


class TraineeForm(forms.Form):
    # Django's sign-in form's own field: NFKC, as the name will be typed at sign-in
    username = UsernameField(max_length=150, label=_("Username"))
    first_name = forms.CharField(max_length=150, required=False, label=_("First name"))
    last_name = forms.CharField(max_length=150, required=False, label=_("Last name"))
    email = forms.EmailField(required=False, label=_("Email (optional)"))
    classes = forms.ModelMultipleChoiceField(
        queryset=Cohort.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label=_("Classes"),
    )

    def __init__(self, *args, classes, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["classes"].queryset = classes


class StaffForm(forms.Form):
    """A new member of the house's staff: their details and the role a games manager gives
    them, offered from GIVEN_BY_MANAGERS (roles.py), never named one by one here."""

    username = UsernameField(max_length=150, label=_("Username"))
    first_name = forms.CharField(max_length=150, required=False, label=_("First name"))
    last_name = forms.CharField(max_length=150, required=False, label=_("Last name"))
    email = forms.EmailField(
        required=False,
        label=_("Email (optional)"),
        error_messages={"invalid": _("That is not an email address: check it, or leave it out.")},
    )
    role = forms.ChoiceField(
        choices=(),
        label=_("Role"),
        widget=forms.RadioSelect,
        error_messages={
            "required": _("Choose the role they will have."),
            "invalid_choice": _("Choose one of the roles offered: “%(value)s” is not one."),
        },
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["username"].error_messages["required"] = _("A username is needed.")
        self.fields["role"].choices = [(role, TITLES[role]) for role in GIVEN_BY_MANAGERS]


class GamesForm(forms.Form):
    """The games a trainee is enrolled in: the registry's, by title; none for every game."""

    games = forms.MultipleChoiceField(
        choices=(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label=_("Games enrolled in"),
        error_messages={
            "invalid_choice": _("There is no game called “%(value)s”: nothing was changed.")
        },
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["games"].choices = [(slug, game.title) for slug, game in GAMES.items()]


class UploadForm(forms.Form):
    file = forms.FileField(label=_("CSV file of trainees"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # the column names are the file's, never translated
        self.fields["file"].help_text = gettext(
            "A header row naming the columns (%(columns)s; only username is required), then a "
            "row per trainee; UTF-8, at most %(kb)s KB."
        ) % {"columns": ", ".join(COLUMNS), "kb": MAX_BYTES // 1024}


class ClassForm(forms.ModelForm):
    trainees = forms.ModelMultipleChoiceField(
        queryset=None, required=False, widget=forms.CheckboxSelectMultiple, label=_("Members")
    )

    class Meta:
        model = Cohort
        fields = ["name", "starts_on"]
        widgets = {"starts_on": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}

    def __init__(self, *args, trainees, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["starts_on"].initial = timezone.localdate()
        self.fields["trainees"].queryset = trainees
        self.fields["trainees"].label_from_instance = person_label


class MembersForm(forms.Form):
    trainees = forms.ModelMultipleChoiceField(
        queryset=None,
        widget=forms.CheckboxSelectMultiple,
        label=_("Trainees to add"),
        error_messages={"required": _("Choose at least one trainee to add.")},
    )

    def __init__(self, *args, trainees, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["trainees"].queryset = trainees
        self.fields["trainees"].label_from_instance = person_label


class ClassTestForm(forms.Form):
    test = forms.ModelChoiceField(
        queryset=None,
        label=_("Test"),
        empty_label=_("Choose a test"),
        error_messages={"required": _("Choose a test to assign.")},
    )

    def __init__(self, *args, tests, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["test"].queryset = tests
