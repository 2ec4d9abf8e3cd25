"""Forms for drills.  The answer form only gathers what was typed or chosen; the engine's
`parse_answer` decides what is valid and says what is wrong."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from html import escape

from django import forms
from django.utils.safestring import mark_safe

from trainer.engine.drills import REGISTRY
from trainer.engine.drills.spots import meaning, spots

from .chipping import disc, stacks_html
from .dealing import config_for
from .grading import fields_of, raw_answer


class StartForm(forms.Form):
    kind = forms.ChoiceField(choices=[])
    level = forms.TypedChoiceField(coerce=int, choices=[(1, "1"), (2, "2"), (3, "3")], initial=1)
    natural = forms.BooleanField(required=False, label="natural odds (plain random deals)")
    in_chips = forms.BooleanField(
        required=False, label="in chips (build each amount paid from the house's chips)"
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = [(k.slug, k.title) for k in REGISTRY.values()]


_SEAT_PREFIX = re.compile(r"(Seat [0-9]+: )(.*)", re.DOTALL)


def unseated(label: str) -> str:
    """A field's label without its "Seat 3: ".

    >>> unseated("Seat 3: Ante amount"), unseated("Winners")
    ('Ante amount', 'Winners')
    """
    m = _SEAT_PREFIX.fullmatch(label)
    return label if m is None else m.group(2)


def seat_label(label: str) -> str:
    """A field's label, its "Seat 3: " said to a screen reader but not shown: the field sits
    at seat 3's spot already."""
    m = _SEAT_PREFIX.fullmatch(label)
    if m is None:
        return escape(label)
    return f'<span class="visually-hidden">{escape(m.group(1))}</span>{escape(m.group(2))}'


@dataclass(frozen=True)
class Spot:
    """One place of the felt with the answers asked there: `seat` None for the table's own."""

    seat: str | None
    inputs: tuple[AnswerInput, ...]

    def html(self) -> str:
        return mark_safe("".join(i.html() for i in self.inputs))


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


@dataclass(frozen=True)
class AnswerInput:
    """One answer field as the drill page draws it (`html`, through drills/_answer_fields.html):
    a text box for an amount, keyed radio buttons for a choice, check boxes for seats."""

    name: str
    label: str
    input_type: str  # "text", "radio" or "checkbox"
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
    #: a watched settlement's (issue 33): what went wrong, offered, and a pot's seats; what
    #: was sent for its parts ("call", "situation", "amount", "share.<seat>")
    situations: tuple[tuple[str, str], ...] = ()
    seats: tuple[str, ...] = ()
    sent: tuple[tuple[str, str], ...] = ()

    def watch_html(self) -> str:
        """A watched settlement: Right or Wrong (keys R and W), then, for a wrong one (shown
        while it is not marked right), what went wrong and the right settlement: the net, or
        each seat's chips of a pot.  Its inputs are named "<field>.call" and so on
        (`grading.raw_answer`)."""
        i, name = escape(self.id), escape(self.name)
        sent = dict(self.sent)
        calls = "".join(
            f'<label class="choice"><input type="radio" name="{name}.call" value="{value}" '
            f'id="{i}_{value}" data-key="{key}"'
            + (" checked" if sent.get("call") == value else "")
            + (" autofocus" if self.autofocus and value == "right" else "")
            + f"> {label} <kbd>{key.upper()}</kbd></label>"
            for value, label, key in (("right", "Right", "r"), ("wrong", "Wrong", "w"))
        )
        options = "".join(
            f'<option value="{escape(value)}"'
            + (" selected" if sent.get("situation") == value else "")
            + f">{escape(label)}</option>"
            for value, label in self.situations
        )
        if self.seats:
            amounts = "".join(
                f'<label class="share" for="{i}_share_{escape(seat)}">Seat {escape(seat)} '
                f'<input type="text" name="{name}.share.{escape(seat)}" '
                f'id="{i}_share_{escape(seat)}" value="{escape(sent.get("share." + seat, ""))}" '
                'inputmode="numeric" autocomplete="off" class="amount"></label>'
                for seat in self.seats
            )
            amount = (
                f'<fieldset class="shares"><legend>The right settlement: each seat\'s chips'
                f"</legend>{amounts}</fieldset>"
            )
        else:
            amount = (
                f'<label for="{i}_amount">The right settlement</label>'
                f'<span class="amount-line"><input type="text" name="{name}.amount" '
                f'id="{i}_amount" value="{escape(sent.get("amount", ""))}" inputmode="numeric" '
                f'autocomplete="off" class="amount" aria-describedby="{i}_hint"></span>'
                f'<span class="hint" id="{i}_hint">the player\'s net: + paid, − taken, 0 when '
                "nothing moves</span>"
            )
        return (
            f'<fieldset class="watch-field" id="{i}"><legend>{seat_label(self.label)}</legend>'
            f'<div class="choices" role="radiogroup" aria-label="Settled right or wrong">'
            f"{calls}</div>"
            f'<div class="correction"><label for="{i}_situation">What went wrong</label>'
            f'<select name="{name}.situation" id="{i}_situation"><option value="">—</option>'
            f"{options}</select>{amount}</div></fieldset>"
        )

    def chips_html(self) -> str:
        """The chip builder: a tray that takes a key per chip (Backspace takes the last one
        off) and draws the chips as stacks; without JavaScript, a count box per chip."""
        i = escape(self.id)
        keys = ", ".join(f"{c.key} {c.name}" for c in self.chips)
        counts = {}
        for c in self.chips:
            n = c.count.strip()
            # ASCII digits only: "²".isdigit() is true, and int() refuses it
            counts[c.value] = int(n) if re.fullmatch(r"[0-9]{1,6}", n) else 0
        boxes = "".join(
            f'<span class="chip-box"><label for="{i}_{c.value}">{disc(c.value, c.colour)} '
            f'<span class="chip-name">{escape(c.name)} {c.value:,}</span> '
            f"<kbd>{escape(c.key)}</kbd></label>"
            f'<input type="number" min="0" step="1" inputmode="numeric" class="chip-input" '
            f'name="{escape(self.name)}.{c.value}" id="{i}_{c.value}" value="{escape(c.count)}" '
            f'data-chip="{c.value}" data-chip-key="{escape(c.key)}" '
            f'data-chip-name="{escape(c.name)}" '
            f'data-chip-colour="{escape(c.colour)}"></span>'
            for c in self.chips
        )
        autofocus = " autofocus" if self.autofocus else ""
        total = sum(v * n for v, n in counts.items())
        # what the chips are for ("no chips on a loss"), said beside them as beside an amount
        hint = f'<p class="hint" id="{i}_hint">{escape(self.hint)}</p>' if self.hint else ""
        described = f"{i}_said {i}_hint" if self.hint else f"{i}_said"
        return (
            f'<fieldset class="chip-builder" id="{i}" data-chips>'
            f"<legend>{seat_label(self.label)}</legend>{hint}"
            f'<div class="chip-tray" tabindex="0" role="group" id="{i}_tray" '
            f'aria-label="Chips: keys {escape(keys)} add a chip; Backspace takes the last off"'
            f' aria-describedby="{described}"{autofocus}>'
            f'<span class="chip-said" id="{i}_said" aria-live="polite">'
            f"{stacks_html(self.chip_set, counts)}</span></div>"
            f'<p class="chip-total">Total <output id="{i}_total" for="{i}_tray">{total:,}</output>'
            "</p>"
            f'<div class="chip-boxes">{boxes}</div></fieldset>'
        )

    def html(self) -> str:
        """The field with its label and its errors.  Built here rather than in a template
        (with html.escape, as Django's escape does, and f-strings rather than format_html,
        which costs a third of a millisecond a question): every question draws several, and
        the drill page is the site's hot path."""
        i = escape(self.id)
        if self.input_type == "watch":
            control = self.watch_html()
        elif self.input_type == "chips":
            control = self.chips_html()
        elif self.input_type == "text":
            autofocus = " autofocus" if self.autofocus else ""
            hint = described = zero = ""
            if self.hint:
                hint = f'<span class="hint" id="{i}_hint">{escape(self.hint)}</span>'
                described = f' aria-describedby="{i}_hint"'
            if self.zero:
                # drills.js shows it: without JavaScript the 0 is typed like any amount
                zero = (
                    f'<button type="button" class="zero secondary" data-zero="{i}" hidden '
                    f'aria-label="{escape(self.zero)}: answer 0 for {escape(self.label)}">'
                    f"{escape(self.zero)}</button>"
                )
            control = (
                f'<label for="{i}">{seat_label(self.label)}</label>'
                f'<span class="amount-line"><input type="text" '
                f'name="{escape(self.name)}" id="{i}" value="{escape(self.value)}" '
                f'inputmode="numeric" autocomplete="off" class="amount"{described}{autofocus}>'
                f"{zero}</span>{hint}"
            )
        else:
            role = "radiogroup" if self.input_type == "radio" else "group"
            control = (
                f'<span class="field-label" id="{i}_label">{seat_label(self.label)}</span>'
                f'<div class="choices" role="{role}" id="{i}" aria-labelledby="{i}_label">'
                f"{self.choices_html()}</div>"
            )
        errors = "".join(
            f'<span class="field-error" role="alert">{escape(e)}</span>' for e in self.errors
        )
        has_error = " has-error" if self.errors else ""
        # a chip builder's or a watched settlement's inputs are named per part: the field
        # says whose they are
        parted = self.input_type in ("chips", "watch")
        named = f' data-field="{escape(self.name)}"' if parted else ""
        watch = " watch" if self.input_type == "watch" else ""
        return mark_safe(f'<div class="field{watch}{has_error}"{named}>{control}{errors}</div>')

    def choices_html(self) -> str:
        """The radio buttons or check boxes, each in its label with its key."""
        kind, name = escape(self.input_type), escape(self.name)
        shown = []
        for n, o in enumerate(self.options):
            key = escape(o.key)
            shown.append(
                f'<label class="choice"><input type="{kind}" name="{name}" '
                f'value="{escape(o.value)}" id="{escape(o.id)}"'
                + (f' data-key="{key}"' if key else "")
                + (" checked" if o.checked else "")
                + (" autofocus" if self.autofocus and n == 0 else "")
                + f"> {escape(o.label)}"
                + (f" <kbd>{escape(o.key.upper())}</kbd>" if key else "")
                + "</label>"
            )
        return mark_safe("".join(shown))


class AnswerForm(forms.Form):
    def __init__(self, data=None, *, question):
        super().__init__(data)
        self.question = question
        self.answer_fields = fields_of(question)
        self.chip_set = None
        if any(f.kind == "chips" for f in self.answer_fields):
            # the chips it was dealt with: the house rules snapshot's
            self.chip_set = config_for(question).rules.chip_set
        # the form's own fields check what was sent; a form only drawn (unbound) needs none
        for field in self.answer_fields if self.is_bound else ():
            if field.kind in ("amount", "signed", "chips"):
                form_field = forms.CharField(label=field.label, required=False)
            elif field.kind == "watch":
                # its parts are read whole by the engine (`grading.raw_answer`): the field
                # only carries what is wrong with them, beside it
                form_field = forms.CharField(label=field.label, required=False)
            elif field.kind == "seats":
                form_field = forms.MultipleChoiceField(
                    label=field.label,
                    required=False,
                    choices=[(v, f"Seat {v}") for v, _ in field.choices],
                )
            else:
                form_field = forms.ChoiceField(
                    label=field.label, required=False, choices=list(field.choices)
                )
            self.fields[field.name] = form_field

    def inputs(self) -> list[AnswerInput]:
        """The fields to draw, with what was sent and what was wrong when shown again.  Drawn
        by one small template instead of a widget template per field and per option: the
        drill page is the hot path of the site."""
        errors = self.errors if self.is_bound else {}
        shown = []
        for index, field in enumerate(self.answer_fields):
            html_id = f"id_{field.name}"
            if field.kind == "seats":
                # a seat's number toggles its box (drills.js): no separate key
                sent = set(self.data.getlist(field.name)) if self.is_bound else set()
                choices = [(v, f"Seat {v}") for v, _ in field.choices]
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
            if field.kind == "chips":
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
            elif field.kind in ("amount", "signed"):
                input_type = "text"
            elif field.kind == "watch":
                input_type = "watch"
            else:
                input_type = "checkbox" if field.kind == "seats" else "radio"
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
                    situations=field.choices if field.kind == "watch" else (),
                    seats=field.seats,
                    sent=self._sent_parts(field) if field.kind == "watch" else (),
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
            self.add_error(name if name in self.fields else None, message)
