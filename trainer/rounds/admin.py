"""Round paces in the admin: games managers set their own house's rounds an hour per game, as
they set its pace targets; the form shows each game's default and where it comes from.  A
games manager sees and changes only their own house's; a superuser every house's."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.utils.text import format_lazy
from django.utils.translation import gettext, gettext_lazy

from trainer.engine.catalog import round_games, title_of
from trainer.houses.admin import HouseScopedAdmin

from .models import RoundPace


def _defaults() -> str:
    return "; ".join(f"{g.title} {g.round_procedure().rounds_per_hour}" for g in round_games())


class RoundPaceForm(forms.ModelForm):
    game = forms.ChoiceField(label=gettext_lazy("game"), choices=())

    class Meta:
        model = RoundPace
        fields = ["house", "game", "rounds_per_hour"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [
            ("", "---------"),
            *((g.slug, g.title) for g in round_games()),
        ]
        said = gettext("The defaults: %(defaults)s (the rulebook says why).")
        self.fields["rounds_per_hour"].help_text = format_lazy(
            "{} {}", self.fields["rounds_per_hour"].help_text, said % {"defaults": _defaults()}
        )

    def clean(self):
        data = super().clean()
        house, game = data.get("house"), data.get("game")
        if house is not None and game:
            taken = RoundPace.objects.filter(house=house, game=game)
            if self.instance.pk is not None:
                taken = taken.exclude(pk=self.instance.pk)
            existing = taken.first()
            if existing is not None:
                raise forms.ValidationError(
                    gettext(
                        "%(house)s already deals %(game)s at %(rate)s rounds an hour: change "
                        "that one instead."
                    )
                    % {"house": house, "game": title_of(game), "rate": existing.rounds_per_hour}
                )
        return data

    def validate_unique(self):
        # the clean above says it in the manager's words; the constraint stays the backstop
        pass


@admin.register(RoundPace)
class RoundPaceAdmin(HouseScopedAdmin):
    form = RoundPaceForm
    list_display = ["game_title", "rounds_per_hour", "default", "house"]
    list_filter = [("house", admin.RelatedOnlyFieldListFilter), "game"]

    @admin.display(description=gettext_lazy("game"), ordering="game")
    def game_title(self, obj):
        return title_of(obj.game)

    @admin.display(description=gettext_lazy("the game's default"))
    def default(self, obj):
        entry = next((g for g in round_games() if g.slug == obj.game), None)
        return entry.round_procedure().rounds_per_hour if entry is not None else "—"

    def get_changeform_initial_data(self, request):
        initial = super().get_changeform_initial_data(request)
        if not request.user.is_superuser and request.user.house_id:
            initial.setdefault("house", request.user.house_id)
        return initial
