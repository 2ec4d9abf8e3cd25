"""Forms for the People and Classes pages: they gather and check what was posted; the
services decide what is stored."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UsernameField
from django.utils import timezone

from trainer.engine.catalog import GAMES

from .imports import COLUMNS, MAX_BYTES
from .models import Cohort


def person_label(user) -> str:
    name = user.get_full_name()
    return f"{name} ({user.get_username()})" if name else user.get_username()


class TraineeForm(forms.Form):
    # Django's sign-in form's own field: NFKC, as the name will be typed at sign-in
    username = UsernameField(max_length=150)
    first_name = forms.CharField(max_length=150, required=False, label="First name")
    last_name = forms.CharField(max_length=150, required=False, label="Last name")
    email = forms.EmailField(required=False, label="Email (optional)")
    classes = forms.ModelMultipleChoiceField(
        queryset=Cohort.objects.none(), required=False, widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, *args, classes, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["classes"].queryset = classes


class GamesForm(forms.Form):
    """The games a trainee is enrolled in: the registry's, by title; none for every game."""

    games = forms.MultipleChoiceField(
        choices=(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="Games enrolled in",
        error_messages={
            "invalid_choice": "There is no game called “%(value)s”: nothing was changed."
        },
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["games"].choices = [(slug, game.title) for slug, game in GAMES.items()]


class UploadForm(forms.Form):
    file = forms.FileField(
        label="CSV file of trainees",
        help_text=f"A header row naming the columns ({', '.join(COLUMNS)}; only username is "
        f"required), then a row per trainee; UTF-8, at most {MAX_BYTES // 1024} KB.",
    )


class ClassForm(forms.ModelForm):
    trainees = forms.ModelMultipleChoiceField(
        queryset=None, required=False, widget=forms.CheckboxSelectMultiple, label="Members"
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
        label="Trainees to add",
        error_messages={"required": "Choose at least one trainee to add."},
    )

    def __init__(self, *args, trainees, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["trainees"].queryset = trainees
        self.fields["trainees"].label_from_instance = person_label


class ClassTestForm(forms.Form):
    test = forms.ModelChoiceField(
        queryset=None,
        label="Test",
        empty_label="Choose a test",
        error_messages={"required": "Choose a test to assign."},
    )

    def __init__(self, *args, tests, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["test"].queryset = tests
