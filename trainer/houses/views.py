"""The printable house card of each game, for the signed-in members of a house."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_GET

from trainer.engine.house import DEFAULT_CONFIG

from .card import card_games, house_card
from .config import house_setup


@login_required
@require_GET
def house_card_page(request, game: str):
    """The card of `game` at the user's house as it runs the game now (its active table and
    its rules); one with no house sees the source texts' tables and RULES.md's defaults."""
    games = card_games()
    if game not in dict(games):
        raise Http404("There is no such game.")
    house = request.user.house
    if house is not None:
        setup = house_setup(house)
        config, version = setup.config, setup.versions.get(game)
    else:
        config, version = DEFAULT_CONFIG, None
    return render(
        request,
        "houses/house_card.html",
        {"card": house_card(game, config, version), "house": house, "games": games},
    )
