"""Forms for drills.  The answer form only gathers what was typed or chosen; the engine's
`parse_answer` decides what is valid and says what is wrong."""

from __future__ import annotations

from django import forms

from trainer.engine.drills import REGISTRY

from .services import fields_of


class StartForm(forms.Form):
    kind = forms.ChoiceField(choices=[])
    level = forms.TypedChoiceField(coerce=int, choices=[(1, "1"), (2, "2"), (3, "3")], initial=1)
    natural = forms.BooleanField(required=False, label="natural odds (plain random deals)")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = [(k.slug, k.title) for k in REGISTRY.values()]


class KeyedRadioSelect(forms.RadioSelect):
    """Radio buttons that carry their keyboard shortcut (`data-key`)."""

    template_name = "drills/widgets/keyed_radio.html"

    def __init__(self, keys=(), *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.keys = list(keys)

    def get_context(self, name, value, attrs):
        context = super().get_context(name, value, attrs)
        context["widget"]["keys"] = self.keys
        return context

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        if index < len(self.keys):
            option["attrs"]["data-key"] = self.keys[index]
            option["key"] = self.keys[index]
        return option


class AnswerForm(forms.Form):
    def __init__(self, data=None, *, question):
        super().__init__(data)
        self.question = question
        self.answer_fields = fields_of(question)
        first = True
        for field in self.answer_fields:
            if field.kind in ("amount", "signed"):
                attrs = {"inputmode": "numeric", "autocomplete": "off", "class": "amount"}
                if first:
                    attrs["autofocus"] = True
                widget = forms.TextInput(attrs=attrs)
                form_field = forms.CharField(label=field.label, required=False, widget=widget)
            elif field.kind == "seats":
                form_field = forms.MultipleChoiceField(
                    label=field.label,
                    required=False,
                    choices=[(v, f"Seat {v}") for v, _ in field.choices],
                    widget=forms.CheckboxSelectMultiple(attrs={"data-seats": "true"}),
                )
            else:
                keys = field.keys or tuple(v for v, _ in field.choices if len(v) == 1)
                widget = KeyedRadioSelect(keys=keys)
                if first:
                    widget.attrs["autofocus"] = True
                form_field = forms.ChoiceField(
                    label=field.label, required=False, choices=list(field.choices), widget=widget
                )
            self.fields[field.name] = form_field
            first = False

    def raw_answer(self) -> dict:
        raw = {}
        for field in self.answer_fields:
            if field.kind == "seats":
                raw[field.name] = self.data.getlist(field.name)
            else:
                raw[field.name] = self.data.get(field.name, "")
        return raw

    def show(self, problems: dict[str, str]) -> None:
        self.is_valid()
        for name, message in problems.items():
            self.add_error(name if name in self.fields else None, message)
