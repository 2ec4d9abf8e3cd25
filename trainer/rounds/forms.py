"""The form that starts a round.  It gathers what was posted; the services and the engine say
what can be dealt."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext, gettext_lazy

from trainer.engine.catalog import round_games

LEVELS = [
    (1, gettext_lazy("1: a $5 table")),
    (2, gettext_lazy("2: a $25 table, odd stakes")),
    (3, gettext_lazy("3: a $100 table, odd stakes")),
]


def game_choices() -> list[tuple[str, str]]:
    return [(g.slug, g.title) for g in round_games()]


def players_range() -> tuple[int, int]:
    ranges = [g.round_procedure().players for g in round_games()]
    return min(low for low, _ in ranges), max(high for _, high in ranges)


class StartRoundForm(forms.Form):
    game = forms.ChoiceField(label=gettext_lazy("Game"), choices=())
    level = forms.TypedChoiceField(
        label=gettext_lazy("Level"), coerce=int, choices=LEVELS, initial=1
    )
    players = forms.IntegerField(
        label=gettext_lazy("Players (positions)"),
        initial=3,
        min_value=players_range()[0],
        max_value=players_range()[1],
    )
    in_chips = forms.BooleanField(
        required=False,
        label=gettext_lazy("in chips (build each amount paid from the house's chips)"),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = game_choices()
        self.fields["players"].help_text = "; ".join(
            gettext("%(game)s %(low)s to %(high)s") % {"game": g.title, "low": low, "high": high}
            for g in round_games()
            for low, high in [g.round_procedure().players]
        )

    def clean(self):
        data = super().clean()
        game, players = data.get("game"), data.get("players")
        if game and players is not None:
            low, high = next(g for g in round_games() if g.slug == game).round_procedure().players
            if not low <= players <= high:
                title = dict(game_choices())[game]
                self.add_error(
                    "players",
                    gettext("%(game)s deals a round to %(low)s to %(high)s players.")
                    % {"game": title, "low": low, "high": high},
                )
        return data
