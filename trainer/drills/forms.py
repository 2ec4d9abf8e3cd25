"""Forms for drills.  The answer form only gathers what was typed or chosen; the engine's
`parse_answer` decides what is valid and says what is wrong."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache, lru_cache

from django import forms
from django.forms.renderers import BaseRenderer
from django.template import engines
from django.utils import translation
from django.utils.safestring import SafeString
from django.utils.translation import gettext, gettext_lazy

from trainer.core.i18n import render
from trainer.engine.drills import REGISTRY, AnswerKind
from trainer.engine.drills.spots import meaning, spots
from trainer.engine.messages import Message

from .chipping import Disc, Stacks, stacks
from .dealing import config_for
from .grading import fields_of, raw_answer


class StartForm(forms.Form):
    kind = forms.ChoiceField(choices=[])
    level = forms.TypedChoiceField(coerce=int, choices=[(1, "1"), (2, "2"), (3, "3")], initial=1)
    natural = forms.BooleanField(
        required=False, label=gettext_lazy("natural odds (plain random deals)")
    )
    in_chips = forms.BooleanField(
        required=False,
        label=gettext_lazy("in chips (build each amount paid from the house's chips)"),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = [(k.slug, render(k.title)) for k in REGISTRY.values()]


_SEAT_PREFIX = re.compile(r"(Seat [0-9]+: )(.*)", re.DOTALL)


def seat_parts(label: str) -> tuple[str, str]:
    """A field's label as its "Seat 3: " and the rest, which the page shows (the prefix is
    said to a screen reader only: the field sits at seat 3's spot already), each in the
    reader's language when the label is an engine message.

    >>> seat_parts("Seat 3: Ante amount"), seat_parts("Winners")
    (('Seat 3: ', 'Ante amount'), ('', 'Winners'))
    """
    m = _SEAT_PREFIX.fullmatch(label)
    if m is None:
        return "", render(label)
    if isinstance(label, Message):
        shown = m.group(2)
        rest = label.ending(shown)
        head = label.parts[0] if rest is not shown and len(label.parts) == 2 else m.group(1)
        return render(head), render(rest)
    return m.group(1), m.group(2)


@dataclass(frozen=True)
class Spot:
    """One place of the felt with the answers asked there: `seat` None for the table's own."""

    seat: str | None
    inputs: tuple[AnswerInput, ...]


@dataclass(frozen=True)
class Option:
    value: str
    label: str
    key: str
    id: str
    checked: bool


@dataclass(frozen=True)
class ChipInput:
    """One chip of a chip builder: its count as sent (a number input without JavaScript)."""

    value: int
    name: str
    colour: str
    key: str
    count: str

    @property
    def disc(self) -> Disc:
        return Disc(self.value, self.colour)


@dataclass(frozen=True)
class AnswerInput:
    """One answer field as the drill page draws it (`html`): a text box for an amount, keyed
    radio buttons for a choice, check boxes for seats, a chip builder, a watched settlement."""

    name: str
    label: str
    input_type: str  # "text", "radio", "checkbox", "chips" or "watch"
    id: str
    value: str
    options: tuple[Option, ...]
    errors: tuple[str, ...]
    autofocus: bool
    #: what an amount means, said beside it ("paid on a win · taken (the stake) on a loss")
    hint: str = ""
    #: the label of a button that answers 0 (the push's), "" for none
    zero: str = ""
    #: a chips field's chips, smallest first, and the set they come from
    chips: tuple[ChipInput, ...] = ()
    chip_set: object = None
    #: a watched settlement's: what went wrong, offered, and a pot's seats; what
    #: was sent for its parts ("call", "situation", "amount", "share.<seat>")
    situations: tuple[tuple[str, str], ...] = ()
    seats: tuple[str, ...] = ()
    sent: tuple[tuple[str, str], ...] = ()

    #: the answer field's kind, whose partial draws it (templates/felt/answer/<kind>.html)
    kind: str = AnswerKind.AMOUNT

    @property
    def sent_parts(self) -> dict[str, str]:
        return dict(self.sent)

    @property
    def chip_keys(self) -> str:
        return ", ".join(f"{c.key} {c.name}" for c in self.chips)

    @property
    def counts(self) -> dict[int, int]:
        counts = {}
        for c in self.chips:
            n = c.count.strip()
            # ASCII digits only: "²".isdigit() is true, and int() refuses it
            counts[c.value] = int(n) if re.fullmatch(r"[0-9]{1,6}", n) else 0
        return counts

    @property
    def tray(self) -> Stacks:
        return stacks(self.chip_set, self.counts)

    @property
    def total(self) -> int:
        return sum(v * n for v, n in self.counts.items())

    def html(self) -> SafeString:
        """The field with its label and its errors, drawn by its kind's widget."""
        return _drawn(self, translation.get_language())


class FeltRenderer(BaseRenderer):
    """Draws the answer widgets with the Jinja2 engine of the felt's partials (settings)."""

    def get_template(self, template_name):
        return engines["jinja2"].get_template(template_name)


FELT = FeltRenderer()


class AnswerWidget(forms.Widget):
    """An answer field of one kind, drawn by that kind's partial: its context is the field's
    `AnswerInput`, all a partial reads."""

    def __init__(self, kind: str):
        super().__init__()
        self.template_name = f"felt/answer/{kind}.html"

    def get_context(self, name, value, attrs):
        return {"field": value}


@cache
def _widget(kind: str) -> AnswerWidget:
    return AnswerWidget(kind)


@lru_cache(maxsize=4096)
def _drawn(field: AnswerInput, language: str | None) -> SafeString:
    # a field holds all it is drawn from, and a question's open fields are those of every
    # other question of its drill at its seats: drawn once per app server and language (its
    # words are translated), then looked up (the drill page is the hot path)
    return _widget(field.kind).render(field.name, field, renderer=FELT)


class AnswerForm(forms.Form):
    def __init__(self, data=None, *, question):
        super().__init__(data)
        self.question = question
        self.answer_fields = fields_of(question)
        self.chip_set = None
        if any(f.kind == AnswerKind.CHIPS for f in self.answer_fields):
            # the chips it was dealt with: the house rules snapshot's
            self.chip_set = config_for(question).rules.chip_set
        # the form's own fields check what was sent; a form only drawn (unbound) needs none
        for field in self.answer_fields if self.is_bound else ():
            if field.kind in (AnswerKind.AMOUNT, AnswerKind.SIGNED, AnswerKind.CHIPS):
                form_field = forms.CharField(label=field.label, required=False)
            elif field.kind == AnswerKind.WATCH:
                # its parts are read whole by the engine (`grading.raw_answer`): the field
                # only carries what is wrong with them, beside it
                form_field = forms.CharField(label=field.label, required=False)
            elif field.kind == AnswerKind.SEATS:
                form_field = forms.MultipleChoiceField(
                    label=field.label,
                    required=False,
                    choices=[(v, gettext("Seat %(seat)s") % {"seat": v}) for v, _ in field.choices],
                )
            else:
                form_field = forms.ChoiceField(
                    label=field.label, required=False, choices=list(field.choices)
                )
            self.fields[field.name] = form_field

    def inputs(self) -> list[AnswerInput]:
        """The fields to draw, with what was sent and what was wrong when shown again."""
        errors = self.errors if self.is_bound else {}
        shown = []
        for index, field in enumerate(self.answer_fields):
            html_id = f"id_{field.name}"
            if field.kind == AnswerKind.SEATS:
                # a seat's number toggles its box (drills.js): no separate key
                sent = set(self.data.getlist(field.name)) if self.is_bound else set()
                choices = [(v, gettext("Seat %(seat)s") % {"seat": v}) for v, _ in field.choices]
                keys = []
            else:
                sent = {self.data.get(field.name, "")} if self.is_bound else set()
                choices = list(field.choices)
                keys = list(field.keys or (v if len(v) == 1 else "" for v, _ in field.choices))
            options = tuple(
                Option(
                    value=str(value),
                    label=label,
                    key=keys[i] if i < len(keys) else "",
                    id=f"{html_id}_{i}",
                    checked=str(value) in sent,
                )
                for i, (value, label) in enumerate(choices)
            )
            chips: tuple[ChipInput, ...] = ()
            if field.kind == AnswerKind.CHIPS:
                input_type = "chips"
                chips = tuple(
                    ChipInput(
                        value=int(v),
                        name=name,
                        colour=self.chip_set.chip(int(v)).colour,
                        key=field.keys[n] if n < len(field.keys) else "",
                        count=self.data.get(f"{field.name}.{v}", "0") if self.is_bound else "0",
                    )
                    for n, (v, name) in enumerate(field.choices)
                )
            elif field.kind in (AnswerKind.AMOUNT, AnswerKind.SIGNED):
                input_type = "text"
            elif field.kind == AnswerKind.WATCH:
                input_type = "watch"
            else:
                input_type = "checkbox" if field.kind == AnswerKind.SEATS else "radio"
            said = meaning(field, self.answer_fields)
            shown.append(
                AnswerInput(
                    hint=said.text if said else "",
                    zero=said.zero if said else "",
                    name=field.name,
                    label=field.label,
                    input_type=input_type,
                    id=html_id,
                    value=self.data.get(field.name, "") if self.is_bound else "",
                    options=options if input_type in ("radio", "checkbox") else (),
                    errors=tuple(errors.get(field.name, ())),
                    autofocus=index == 0,
                    chips=chips,
                    chip_set=self.chip_set,
                    situations=field.choices if field.kind == AnswerKind.WATCH else (),
                    seats=field.seats,
                    sent=self._sent_parts(field) if field.kind == AnswerKind.WATCH else (),
                    kind=field.kind,
                )
            )
        return shown

    def _sent_parts(self, field) -> tuple[tuple[str, str], ...]:
        """What was sent for each part of a watched settlement, shown again with its errors."""
        if not self.is_bound:
            return ()
        parts = ["call", "situation", "amount", *(f"share.{seat}" for seat in field.seats)]
        return tuple((part, self.data.get(f"{field.name}.{part}", "")) for part in parts)

    def spots(self, table_seats: list[str], order: str) -> list[Spot]:
        """The inputs by spot, the table's own first, then seat by seat in the settle `order`
        (`trainer.engine.drills.spots`): the order Tab and Enter move through them."""
        by_name = {i.name: i for i in self.inputs()}
        out = [
            Spot(spot.seat, tuple(replace(by_name[f.name], autofocus=False) for f in spot.fields))
            for spot in spots(self.answer_fields, table_seats, order)
        ]
        if out and out[0].inputs:  # the hand goes first to the first spot's first answer
            first = out[0]
            out[0] = Spot(first.seat, (replace(first.inputs[0], autofocus=True), *first.inputs[1:]))
        return out

    def raw_answer(self) -> dict:
        return raw_answer(self.answer_fields, self.data)

    def show(self, problems: dict[str, str]) -> None:
        self.is_valid()
        for name, message in problems.items():
            # an engine message, said in the reader's language
            self.add_error(name if name in self.fields else None, render(message))
