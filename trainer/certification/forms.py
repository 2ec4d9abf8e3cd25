"""The certification's forms: what a house asks per game, and the table test's judgement."""

from __future__ import annotations

import secrets

from django import forms
from django.contrib.auth import authenticate
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from trainer.assessments.models import Assessment

from .models import MAX_HOUSE_POINTS, Requirement, TableTest


class RequirementForm(forms.ModelForm):
    class Meta:
        model = Requirement
        fields = [
            "test",
            "practice_hours",
            "table_test",
            "house_points",
            "retake_days",
            "renewal_test",
            "renewal_table_test",
            "risk_recall",
            "ready_recall",
        ]
        widgets = {"house_points": forms.Textarea(attrs={"rows": 4})}

    def __init__(self, *args, house, **kwargs):
        super().__init__(*args, **kwargs)
        tests = Assessment.objects.filter(house=house).order_by("title")
        self.fields["test"].queryset = tests
        self.fields["renewal_test"].queryset = tests
        for name in ("test", "renewal_test"):
            self.fields[name].empty_label = gettext("choose a test")
        self.fields["renewal_test"].required = True

    def clean(self):
        data = super().clean()
        if data.get("test") and data.get("test") == data.get("renewal_test"):
            self.add_error(
                "renewal_test",
                gettext(
                    "A renewal asks a test of its own: a passed test is never sat again, so "
                    "the written test cannot be the renewal's."
                ),
            )
        return data

    def clean_house_points(self):
        lines = [ln.strip() for ln in self.cleaned_data["house_points"].splitlines()]
        lines = [ln for ln in lines if ln]
        if len(lines) > MAX_HOUSE_POINTS:
            raise forms.ValidationError(
                gettext("At most %(n)d points of the house's own.") % {"n": MAX_HOUSE_POINTS}
            )
        if any(len(ln) > 200 for ln in lines):
            raise forms.ValidationError(gettext("A point is at most 200 characters long."))
        return "\n".join(lines)


MET = (("yes", _("Met")), ("no", _("Not met")))
VERDICT = (("pass", _("Pass")), ("fail", _("Fail")))


class TableTestForm(forms.Form):
    """One met/not-met choice and comment per point, the table, the verdict, an optional
    correction, and the supervisor's password (a fresh sign-in, counted by the sign-in
    throttling like any other).  `token` is new each time the form is shown: the same form
    posted twice finds the record it signed instead of signing another."""

    table = forms.CharField(
        label=_("Table"),
        max_length=60,
        help_text=_("Which table, live or mock (for example “CS 3” or “training table 1”)."),
    )
    verdict = forms.ChoiceField(label=_("Overall"), choices=VERDICT, widget=forms.RadioSelect)
    comment = forms.CharField(
        label=_("Comment"),
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    corrects = forms.ModelChoiceField(
        label=_("Corrects"),
        queryset=TableTest.objects.none(),
        required=False,
        empty_label=_("nothing: a new table test"),
        help_text=_("A signed table test is never changed: a correction replaces it."),
    )
    token = forms.CharField(widget=forms.HiddenInput, max_length=64)
    password = forms.CharField(
        label=_("Your password, to sign"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, *args, points, request, dealer, game, **kwargs):
        kwargs.setdefault("initial", {"token": secrets.token_urlsafe(24)})
        super().__init__(*args, **kwargs)
        self.points = points
        self.request = request
        for n, point in enumerate(points):
            self.fields[f"met_{n}"] = forms.ChoiceField(
                label=point["words"], choices=MET, widget=forms.RadioSelect
            )
            self.fields[f"note_{n}"] = forms.CharField(
                label=_("Comment"), required=False, max_length=500
            )
        self.fields["corrects"].queryset = TableTest.objects.standing().filter(
            dealer=dealer, game=game
        )
        self.fields["corrects"].label_from_instance = lambda t: (
            gettext("table test of %(day)s, %(verdict)s")
            % {
                "day": t.signed_at.date().isoformat(),
                "verdict": gettext("passed") if t.passed else gettext("not passed"),
            }
        )

    def point_rows(self):
        return [
            {"point": p, "met": self[f"met_{n}"], "note": self[f"note_{n}"]}
            for n, p in enumerate(self.points)
        ]

    def clean_password(self):
        password = self.cleaned_data["password"]
        user = self.request.user
        signed_in = authenticate(self.request, username=user.get_username(), password=password)
        if signed_in is None or signed_in.pk != user.pk:
            raise forms.ValidationError(
                gettext("That is not your password: the table test is not signed.")
            )
        return password

    def judged(self) -> list[dict]:
        return [
            {
                "met": self.cleaned_data[f"met_{n}"] == "yes",
                "comment": self.cleaned_data[f"note_{n}"],
            }
            for n in range(len(self.points))
        ]
