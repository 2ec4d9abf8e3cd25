"""Forms for assigned tests.  They gather and check what was posted; the services decide
what may be stored."""

from __future__ import annotations

from django import forms
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext, gettext_lazy

from trainer.core.i18n import render
from trainer.engine.drills import REGISTRY
from trainer.houses.models import House

from . import sections
from .models import MAX_QUESTIONS_PER_KIND, Assessment
from .services import Section

COUNT_PREFIX = "count-"
LEVEL_PREFIX = "level-"
MARK_PREFIX = "mark-"
EXTRA_SECTIONS = 3

LEVELS = sorted({(lv.number, str(lv.number)) for k in REGISTRY.values() for lv in k.levels})


def _level_field(**kwargs) -> forms.TypedChoiceField:
    kwargs.setdefault("choices", LEVELS)
    return forms.TypedChoiceField(coerce=int, empty_value=None, **kwargs)


def _count_field(label: str, most: int = MAX_QUESTIONS_PER_KIND) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        required=False,
        min_value=0,
        max_value=most,
        widget=forms.NumberInput(attrs={"min": 0, "max": most, "class": "count"}),
    )


def section_kinds() -> list[tuple[str, str, int]]:
    """What a section may be, in order: (kind, its title with what its count counts, the
    most it may count): every drill (questions), then the registered sections (rounds)."""
    return [
        *((slug, render(kind.title), MAX_QUESTIONS_PER_KIND) for slug, kind in REGISTRY.items()),
        *((k.slug, f"{k.title} ({k.unit})", k.most) for k in sections.KINDS.values()),
    ]


def _mark_field(label: str) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        required=False,
        min_value=1,
        max_value=100,
        widget=forms.NumberInput(attrs={"min": 1, "max": 100, "class": "count"}),
    )


class BuildForm(forms.ModelForm):
    """The test's settings, and its sections: for every drill kind a number of questions
    (0 leaves it out) at a level, with an optional pass mark of its own; and a few more rows
    for a drill at a second level."""

    level = _level_field(
        initial=1,
        label=gettext_lazy("Level"),
        help_text=gettext_lazy(
            "The drills' level for every section that names none: 1 is a $5 table with "
            "one position, 3 a $100 table with odd stakes and a full table."
        ),
    )

    class Meta:
        model = Assessment
        fields = [
            "house",
            "title",
            "level",
            "pass_mark",
            "pass_by_section",
            "pace_required",
            "attempts_allowed",
            "retake_wait_hours",
            "certification",
            "time_limit_minutes",
            "due_at",
        ]
        # the model's fields without a name of their own, named in the reader's language
        labels = {"house": gettext_lazy("house"), "title": gettext_lazy("title")}
        widgets = {
            "due_at": forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")
        }

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        if user.is_superuser:
            self.fields["house"].queryset = House.objects.all()
            self.fields["house"].required = True
            self.fields["house"].empty_label = gettext_lazy("choose a house")
        else:
            del self.fields["house"]
        self.fields["due_at"].help_text = format_lazy(
            "{} {}",
            self.fields["due_at"].help_text,
            gettext("Times are %(zone)s.") % {"zone": timezone.get_current_timezone_name()},
        )
        self.fields["pass_mark"].widget.attrs.update(min=1, max=100)
        self.fields["attempts_allowed"].widget.attrs.update(min=1, max=10)
        self.fields["retake_wait_hours"].widget.attrs.update(min=0)
        # left empty: one attempt, no wait (the model's defaults)
        for name in ("attempts_allowed", "retake_wait_hours"):
            self.fields[name].required = False
        self.fields["time_limit_minutes"].widget.attrs.update(min=1)
        self.kinds = section_kinds()
        for slug, title, most in self.kinds:
            self.fields[COUNT_PREFIX + slug] = _count_field(title, most)
            self.fields[LEVEL_PREFIX + slug] = _level_field(
                required=False,
                choices=[("", gettext("the test's")), *LEVELS],
                label=gettext("Level of %(section)s") % {"section": title},
            )
            self.fields[MARK_PREFIX + slug] = _mark_field(
                gettext("Pass mark of %(section)s") % {"section": title}
            )
        for n in range(1, EXTRA_SECTIONS + 1):
            self.fields[f"extra{n}-kind"] = forms.ChoiceField(
                required=False,
                choices=[("", "—"), *((slug, title) for slug, title, _ in self.kinds)],
                label=gettext("Extra section %(n)s: drill") % {"n": n},
            )
            self.fields[f"extra{n}-level"] = _level_field(
                required=False,
                choices=[("", gettext("the test's")), *LEVELS],
                label=gettext("Extra section %(n)s: level") % {"n": n},
            )
            self.fields[f"extra{n}-count"] = _count_field(
                gettext("Extra section %(n)s: questions") % {"n": n}
            )
            self.fields[f"extra{n}-mark"] = _mark_field(
                gettext("Extra section %(n)s: pass mark") % {"n": n}
            )

    def section_rows(self):
        return [
            {
                "count": self[COUNT_PREFIX + slug],
                "level": self[LEVEL_PREFIX + slug],
                "mark": self[MARK_PREFIX + slug],
            }
            for slug, _, _ in self.kinds
        ]

    def extra_rows(self):
        return [
            {
                "n": n,
                "kind": self[f"extra{n}-kind"],
                "level": self[f"extra{n}-level"],
                "count": self[f"extra{n}-count"],
                "mark": self[f"extra{n}-mark"],
            }
            for n in range(1, EXTRA_SECTIONS + 1)
        ]

    def count_fields(self):
        return [self[COUNT_PREFIX + slug] for slug, _, _ in self.kinds]

    def setting_fields(self):
        return [f for f in self if f.name in self.Meta.fields]

    def clean(self):
        data = super().clean()
        # a forged post may name a drill the site does not have: say so instead of ignoring it
        unknown = sorted(
            key[len(COUNT_PREFIX) :]
            for key in self.data
            if key.startswith(COUNT_PREFIX) and not sections.known(key[len(COUNT_PREFIX) :])
        )
        for kind in unknown:
            self.add_error(
                None, gettext("There is no drill kind called “%(kind)s”.") % {"kind": kind}
            )
        for name in ("attempts_allowed", "retake_wait_hours"):
            if data.get(name) is None and name not in self.errors:
                data[name] = Assessment._meta.get_field(name).default
        for n in range(1, EXTRA_SECTIONS + 1):
            if data.get(f"extra{n}-count") and not data.get(f"extra{n}-kind"):
                self.add_error(f"extra{n}-kind", gettext("Choose the drill of this section."))
        return data

    def parts(self) -> list[Section]:
        """The sections given at least one question: the drills in registry order, then the
        extra rows in order."""
        data = self.cleaned_data
        level = data.get("level") or 1
        sections = [
            Section(
                kind=slug,
                count=data[COUNT_PREFIX + slug],
                level=data.get(LEVEL_PREFIX + slug) or level,
                pass_mark=data.get(MARK_PREFIX + slug),
            )
            for slug, _, _ in self.kinds
            if data.get(COUNT_PREFIX + slug)
        ]
        for n in range(1, EXTRA_SECTIONS + 1):
            if data.get(f"extra{n}-count") and data.get(f"extra{n}-kind"):
                sections.append(
                    Section(
                        kind=data[f"extra{n}-kind"],
                        count=data[f"extra{n}-count"],
                        level=data.get(f"extra{n}-level") or level,
                        pass_mark=data.get(f"extra{n}-mark"),
                    )
                )
        return sections


class AssignForm(forms.Form):
    trainees = forms.ModelMultipleChoiceField(
        queryset=None,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        error_messages={
            "invalid_choice": gettext_lazy(
                "%(value)s is not a trainee of this house: nothing was assigned."
            )
        },
    )
    everyone = forms.BooleanField(
        required=False, label=gettext_lazy("All the trainees of the house")
    )
    cohort = forms.ModelChoiceField(
        queryset=None,
        required=False,
        label=gettext_lazy("Or a whole class"),
        empty_label=gettext_lazy("no class"),
        error_messages={
            "invalid_choice": gettext_lazy(
                "That is not a class of this house: nothing was assigned."
            )
        },
    )

    def __init__(self, *args, trainees, classes=None, **kwargs):
        super().__init__(*args, **kwargs)
        if classes is None:
            del self.fields["cohort"]
        else:
            self.fields["cohort"].queryset = classes
        self.fields["trainees"].queryset = trainees
        self.fields["trainees"].label_from_instance = _person

    def clean(self):
        data = super().clean()
        chosen = data.get("everyone") or data.get("trainees") or data.get("cohort")
        if not self.errors and not chosen:
            raise forms.ValidationError(
                gettext("Choose at least one trainee, all the trainees of the house, or a class.")
            )
        return data

    def chosen(self):
        if self.cleaned_data.get("everyone"):
            return self.fields["trainees"].queryset
        return self.cleaned_data["trainees"]


def _person(user) -> str:
    name = user.get_full_name()
    return f"{name} ({user.get_username()})" if name else user.get_username()
