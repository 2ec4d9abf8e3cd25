"""Rule check forms: one per shape of request (the games registry says each game's shape),
each turning its fields into a RULING_API.md request.

The forms only gather input; every rule (bet multiples, card counts, duplicates) is checked by
the engine, and its error is shown beside the field it names.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from trainer.core.i18n import render
from trainer.engine.catalog import GAMES, Game
from trainer.engine.kit.requests import NOT_TEXT, is_text


def readable(text: str) -> str:
    """`text` with each character that is not Unicode (a lone surrogate, which no page can
    be written with) replaced by U+FFFD, so it can be shown back.

    >>> readable("Qh\\ud800")
    'Qh\ufffd'
    """
    if is_text(text):
        return text
    return "".join("\ufffd" if "\ud800" <= c <= "\udfff" else c for c in text)


def game_choices() -> list[tuple[str, str]]:
    return [(g.slug, g.title) for g in GAMES.values()]


def cards_input(placeholder: str) -> forms.TextInput:
    return forms.TextInput(
        attrs={"placeholder": placeholder, "autocomplete": "off", "spellcheck": "false"}
    )


class RulingForm(forms.Form):
    #: request field -> form field, for errors the engine names
    error_fields: dict[str, str] = {}

    house = forms.ChoiceField(label=gettext_lazy("Rules of"), required=False)

    def __init__(self, data=None, *args, game: Game, houses=(), default_house="", **kwargs):
        self.game = game
        self.game_name = game.slug
        #: fields whose input held a character that is not text, refused in clean()
        self.not_text: set[str] = set()
        if data is not None:
            data = self.readable_data(data)
        super().__init__(data, *args, **kwargs)
        self.fields["house"].choices = [
            ("", gettext_lazy("the standard tables and rules (no house)"))
        ] + [(h.slug, h.name) for h in houses]
        self.fields["house"].initial = default_house

    def readable_data(self, data):
        """A copy of the posted data that can be shown back in the form, noting each field
        that held a character that is not text."""
        if hasattr(data, "getlist"):  # a QueryDict, as a request posts it
            copy = data.copy()
            for key in list(copy):
                values = copy.getlist(key)
                shown = [readable(v) if isinstance(v, str) else v for v in values]
                if shown != values:
                    self.not_text.add(key)
                    copy.setlist(key, shown)
            return copy
        copy = dict(data)
        for key, value in copy.items():
            if isinstance(value, str) and not is_text(value):
                self.not_text.add(key)
                copy[key] = readable(value)
        return copy

    def clean(self):
        data = super().clean()
        for name in sorted(self.not_text & set(self.fields)):
            self.add_error(
                name, gettext("This field %(fault)s: type it again.") % {"fault": NOT_TEXT}
            )
        return data

    def ruling_request(self) -> dict:
        request = self.game_request()
        if self.cleaned_data.get("house"):
            request["house"] = self.cleaned_data["house"]
        return request

    def game_request(self) -> dict:
        raise NotImplementedError

    def field_for_error(self, error: dict) -> str | None:
        field = error.get("field")
        # the error names the seat at fault (`give_ruling(..., locate=True)`)
        seat = error.get("seat")
        if seat is not None and f"seat_{seat}" in self.fields:
            return f"seat_{seat}"
        if field == "house":
            return "house"
        return self.error_fields.get(field) if field else None

    def show_error(self, error: dict) -> None:
        message = error.get("message")
        self.add_error(
            self.field_for_error(error),
            render(message) if message else gettext("This cannot be ruled."),
        )

    def seat_fields(self):
        return [self[f"seat_{n}"] for n in self.game.seats if f"seat_{n}" in self.fields]

    def other_fields(self):
        return [f for f in self if not f.name.startswith("seat_")]


class StreetBetsForm(RulingForm):
    """Hole cards, the board and the Ante with its street bets (Mississippi Stud's shape)."""

    hole = forms.CharField(label=gettext_lazy("Player's two cards"), widget=cards_input("Qh Qs"))
    board = forms.CharField(
        label=gettext_lazy("Community cards"),
        required=False,
        widget=cards_input("2c 7d 9s"),
        help_text=gettext_lazy("All three, or fewer if the player folded."),
    )
    ante = forms.IntegerField(label=gettext_lazy("Ante"), min_value=1)
    third = forms.IntegerField(label=gettext_lazy("3rd Street"), required=False, min_value=1)
    fourth = forms.IntegerField(label=gettext_lazy("4th Street"), required=False, min_value=1)
    fifth = forms.IntegerField(label=gettext_lazy("5th Street"), required=False, min_value=1)
    error_fields = {"hole": "hole", "board": "board"}
    #: each street's field and its number, as the engine's errors name it (`street`)
    streets = (("third", 3), ("fourth", 4), ("fifth", 5))

    def clean(self):
        data = super().clean()
        missing = False
        for name, _ in self.streets:
            if data.get(name) is None:
                missing = True
            elif missing:
                self.add_error(
                    name,
                    gettext(
                        "A %(street)s bet needs the streets before it: leave it empty "
                        "if the player folded."
                    )
                    % {"street": self.fields[name].label},
                )
        return data

    def field_for_error(self, error):
        if error.get("field") == "bets":
            street = error.get("street")
            return next((name for name, number in self.streets if number == street), "ante")
        return super().field_for_error(error)

    def game_request(self):
        data = self.cleaned_data
        bets = [data["ante"]] + [data[n] for n, _ in self.streets if data.get(n) is not None]
        return {"game": self.game_name, "hole": data["hole"], "board": data["board"], "bets": bets}


class BankedStudForm(RulingForm):
    """Five cards each for the player and the dealer, the Ante and the action."""

    player = forms.CharField(
        label=gettext_lazy("Player's five cards"), widget=cards_input("Qh Qs 9d 6c 2h")
    )
    dealer = forms.CharField(
        label=gettext_lazy("Dealer's five cards"), widget=cards_input("Jh Jc As 8d 3c")
    )
    ante = forms.IntegerField(label=gettext_lazy("Ante"), min_value=1)
    action = forms.ChoiceField(
        label=gettext_lazy("Action"),
        choices=[("call", gettext_lazy("Call")), ("fold", gettext_lazy("Fold"))],
        widget=forms.RadioSelect,
        initial="call",
    )
    error_fields = {"player": "player", "dealer": "dealer", "ante": "ante", "action": "action"}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # the second bet under this game's own name (a Raise at Casino Stud Poker)
        self.fields["action"].choices = [("call", self.game.second_bet), ("fold", gettext("Fold"))]

    def game_request(self):
        data = self.cleaned_data
        return {
            "game": self.game_name,
            "player": data["player"],
            "dealer": data["dealer"],
            "ante": data["ante"],
            "action": data["action"],
        }


def seat_field(placeholder: str) -> forms.CharField:
    return forms.CharField(required=False, widget=cards_input(placeholder))


class SeatsForm(RulingForm):
    seats_field = "hands"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for n in self.game.seats:
            self.fields[f"seat_{n}"] = seat_field(self.seat_placeholder)
            self.fields[f"seat_{n}"].label = gettext("Seat %(seat)s") % {"seat": n}

    def seats(self) -> dict[str, str]:
        return {
            n: self.cleaned_data[f"seat_{n}"]
            for n in self.game.seats
            if self.cleaned_data.get(f"seat_{n}", "").strip()
        }


class PotHandsForm(SeatsForm):
    """The pot and each seat's hand at the showdown (Mississippi Gonorrhea's shape)."""

    seat_placeholder = gettext_lazy("7c 7d (down, up)")
    pot = forms.IntegerField(label=gettext_lazy("Pot"), min_value=0)
    error_fields = {"pot": "pot"}

    def game_request(self):
        return {"game": self.game_name, "pot": self.cleaned_data["pot"], "hands": self.seats()}


class StudQuestionsForm(SeatsForm):
    """Bring-in, first to act or showdown, with each seat's cards (English Stud's shape)."""

    seat_placeholder = gettext_lazy("up cards, or all seven at a showdown")
    ask = forms.ChoiceField(
        label=gettext_lazy("Question"),
        choices=[
            ("bring-in", gettext_lazy("Who brings it in?")),
            ("first-to-act", gettext_lazy("Who acts first?")),
            ("showdown", gettext_lazy("Who wins the showdown?")),
        ],
    )
    street = forms.TypedChoiceField(
        label=gettext_lazy("Street (who acts first)"),
        coerce=int,
        required=False,
        empty_value=None,
        choices=[
            ("", "—"),
            (3, pgettext_lazy("street", "3rd")),
            (4, pgettext_lazy("street", "4th")),
            (5, pgettext_lazy("street", "5th")),
            (6, pgettext_lazy("street", "6th")),
            (7, pgettext_lazy("street", "7th")),
        ],
    )
    pot = forms.IntegerField(label=gettext_lazy("Pot (showdown)"), min_value=0, required=False)
    error_fields = {"ask": "ask", "street": "street", "pot": "pot"}

    def clean(self):
        data = super().clean()
        if data.get("ask") == "first-to-act" and data.get("street") is None:
            self.add_error("street", gettext("Choose the street: who acts first depends on it."))
        if data.get("ask") == "showdown" and data.get("pot") is None:
            self.add_error("pot", gettext("Enter the pot to divide at the showdown."))
        return data

    def game_request(self):
        data = self.cleaned_data
        request = {"game": self.game_name, "ask": data["ask"]}
        if data["ask"] == "showdown":
            request.update(pot=data["pot"], hands=self.seats())
        else:
            request["up"] = self.seats()
            if data["ask"] == "first-to-act":
                request["street"] = data["street"]
        return request


#: the form for each shape of request a game may have (`Game.shape`)
FORMS: dict[str, type[RulingForm]] = {
    "hole-board-bets": StreetBetsForm,
    "player-dealer-action": BankedStudForm,
    "pot-hands": PotHandsForm,
    "ask-seats": StudQuestionsForm,
}


def form_for(game: Game, *args, **kwargs) -> RulingForm:
    return FORMS[game.shape](*args, game=game, **kwargs)
