"""The printable house card of each game, for the signed-in members of a house (house-card/,
its URL in trainer.drills.card_urls)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_GET

from trainer.engine.house import DEFAULT_CONFIG
from trainer.houses.config import house_setup

from .access import may_watch
from .card import card_games, house_card, pace_of


def may_read_cards(user) -> bool:
    """The members of a house who deal or oversee its games: trainees, supervisors and games
    managers (and superusers); someone with no role sees no house's card."""
    return user.has_perm("houses.practise_drills") or user.has_perm("houses.view_house")


def card_of(user, game: str):
    """The card of `game` at `user`'s house as it runs the game now (its active table and its
    rules); one with no house sees the source texts' tables and RULES.md's defaults.  None for
    a game that has no card."""
    if game not in dict(card_games()):
        return None
    house = user.house
    if house is not None:
        setup = house_setup(house)
        config, version = setup.config, setup.versions.get(game)
    else:
        config, version = DEFAULT_CONFIG, None
    pace = pace_of(game, house.pk if house else None, watching=may_watch(user))
    return house_card(game, config, version, pace=pace)


@login_required
@require_GET
def house_card_page(request, game: str):
    """The printable card of `game` at the user's house."""
    if not may_read_cards(request.user):
        raise PermissionDenied("The house card is for the people who deal and run the games.")
    card = card_of(request.user, game)
    if card is None:
        raise Http404("There is no such game.")
    return render(
        request,
        "houses/house_card.html",
        {"card": card, "house": request.user.house, "games": card_games()},
    )
