"""The house-rules form: a change goes through the same gate as activating a table."""

from __future__ import annotations

import dataclasses

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy

from trainer.core.i18n import render
from trainer.engine import EngineError, HouseRules
from trainer.engine.house import SETTLE_ORDERS

from . import activation
from .models import HouseRulesSettings


class HouseRulesForm(forms.ModelForm):
    """A house's rules, saved only once every active table they change has passed the checks
    of activation (`activation.house_rules_problems`)."""

    player_edge_confirmed = forms.BooleanField(
        required=False,
        label=gettext_lazy("player edge confirmed"),
        help_text=gettext_lazy(
            "Tick to save rules under which an active table gives the player the edge. "
            "It confirms this change only: it is not kept, and the next change is checked again."
        ),
    )

    class Meta:
        model = HouseRulesSettings
        fields = ["house", *(f.name for f in dataclasses.fields(HouseRules))]
        # the model's help names the rulebook's source file, for developers; a manager reads this
        help_texts = {
            "split_pot_odd_chip": gettext_lazy(
                "Mississippi Gonorrhea: which half gets the odd chip when the pot does not "
                "halve evenly (by default, the high half)."
            ),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # the settle orders in the reader's language (the model's choices are the engine's)
        order = self.fields.get("settle_order")
        if isinstance(order, forms.ChoiceField):
            order.choices = [(value, render(words)) for value, words in SETTLE_ORDERS.items()]

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        house = data.get("house") or getattr(self.instance, "house", None)
        if house is None:
            return data
        try:
            proposed = HouseRules(
                **{
                    f.name: data.get(f.name, getattr(self.instance, f.name))
                    for f in dataclasses.fields(HouseRules)
                }
            )
            proposed.check_caps_payable()
        except EngineError as exc:
            raise ValidationError(str(exc)) from None
        problems = activation.house_rules_problems(
            house, proposed, player_edge_confirmed=data.get("player_edge_confirmed", False)
        )
        if problems:
            raise ValidationError(problems)
        return data
