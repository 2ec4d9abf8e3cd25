"""The one way Django code asks the engine for a ruling."""

from __future__ import annotations

from typing import Any

from django.core.validators import slug_re

from trainer.engine.house import HouseConfig
from trainer.engine.rulings import rule, unknown_house
from trainer.houses.config import house_setup
from trainer.houses.models import House


def house_resolver(user=None):
    """Looks a house up by slug for a ruling.  Signed-in staff may name only their own house
    (superusers any); the command line (user None) is trusted with every house.  A house the
    asker may not see is answered exactly like one that does not exist."""

    found: dict[str, HouseConfig] = {}  # a batch looks each house up once

    def resolve(slug: str) -> HouseConfig:
        if not slug_re.match(slug):
            # no house has it; and PostgreSQL refuses to compare text holding NUL
            return unknown_house(slug)
        if slug not in found:
            houses = House.objects.all() if user is None else House.objects.visible_to(user)
            house = houses.filter(slug=slug).first()
            if house is None:
                return unknown_house(slug)
            found[slug] = house_setup(house).config
        return found[slug]

    return resolve


def give_ruling(request: object, *, user=None, resolve=None) -> dict[str, Any]:
    """Rule one request (a decoded JSON object); bad input comes back as an error object."""
    return rule(request, resolve_house=resolve or house_resolver(user))
