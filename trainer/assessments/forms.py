"""Forms for assigned tests.  They gather and check what was posted; the services decide
what may be stored."""

from __future__ import annotations

from django import forms
from django.utils import timezone

from trainer.engine.drills import REGISTRY
from trainer.houses.models import House

from .models import MAX_QUESTIONS_PER_KIND, Assessment

COUNT_PREFIX = "count-"


class BuildForm(forms.ModelForm):
    """The test's settings, and a number of questions for every drill kind (0 leaves it out)."""

    level = forms.TypedChoiceField(
        coerce=int,
        choices=sorted({(lv.number, str(lv.number)) for k in REGISTRY.values() for lv in k.levels}),
        initial=1,
        help_text="The drills' level for every question: 1 is a $5 table with one position, "
        "3 a $100 table with odd stakes and a full table.",
    )

    class Meta:
        model = Assessment
        fields = ["house", "title", "level", "pass_mark", "time_limit_minutes", "due_at"]
        widgets = {
            "due_at": forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")
        }

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        if user.is_superuser:
            self.fields["house"].queryset = House.objects.all()
            self.fields["house"].required = True
        else:
            del self.fields["house"]
        self.fields["due_at"].help_text += f" Times are {timezone.get_current_timezone_name()}."
        self.fields["pass_mark"].widget.attrs.update(min=1, max=100)
        self.fields["time_limit_minutes"].widget.attrs.update(min=1)
        for kind in REGISTRY.values():
            self.fields[COUNT_PREFIX + kind.slug] = forms.IntegerField(
                label=kind.title,
                required=False,
                min_value=0,
                max_value=MAX_QUESTIONS_PER_KIND,
                widget=forms.NumberInput(
                    attrs={"min": 0, "max": MAX_QUESTIONS_PER_KIND, "class": "count"}
                ),
            )

    def count_fields(self):
        return [self[COUNT_PREFIX + slug] for slug in REGISTRY]

    def setting_fields(self):
        return [f for f in self if not f.name.startswith(COUNT_PREFIX)]

    def clean(self):
        data = super().clean()
        # a forged post may name a drill the site does not have: say so instead of ignoring it
        unknown = sorted(
            key[len(COUNT_PREFIX) :]
            for key in self.data
            if key.startswith(COUNT_PREFIX) and key[len(COUNT_PREFIX) :] not in REGISTRY
        )
        for kind in unknown:
            self.add_error(None, f"There is no drill kind called “{kind}”.")
        return data

    def parts(self) -> list[tuple[str, int]]:
        """(kind, questions) for every kind given at least one question, in registry order."""
        return [
            (slug, self.cleaned_data[COUNT_PREFIX + slug])
            for slug in REGISTRY
            if self.cleaned_data.get(COUNT_PREFIX + slug)
        ]


class AssignForm(forms.Form):
    trainees = forms.ModelMultipleChoiceField(
        queryset=None,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        error_messages={
            "invalid_choice": "%(value)s is not a trainee of this house: nothing was assigned."
        },
    )
    everyone = forms.BooleanField(required=False, label="All the trainees of the house")

    def __init__(self, *args, trainees, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["trainees"].queryset = trainees
        self.fields["trainees"].label_from_instance = _person

    def clean(self):
        data = super().clean()
        if not self.errors and not data.get("everyone") and not data.get("trainees"):
            raise forms.ValidationError(
                "Choose at least one trainee, or all the trainees of the house."
            )
        return data

    def chosen(self):
        if self.cleaned_data.get("everyone"):
            return self.fields["trainees"].queryset
        return self.cleaned_data["trainees"]


def _person(user) -> str:
    name = user.get_full_name()
    return f"{name} ({user.get_username()})" if name else user.get_username()
