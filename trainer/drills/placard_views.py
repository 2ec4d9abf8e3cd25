"""The printable placard of each game, for the signed-in members of a house (placard/,
its URL in trainer.drills.placard_urls)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from trainer.engine.house import DEFAULT_CONFIG
from trainer.houses.config import house_setup

from .access import may_watch
from .placard import pace_of, placard, placard_games


def may_read_placards(user) -> bool:
    """The members of a house who deal or oversee its games: trainees, supervisors and games
    managers (and superusers); someone with no role sees no house's placard."""
    return user.has_perm("houses.practise_drills") or user.has_perm("houses.view_house")


def placard_of(user, game: str):
    """The placard of `game` at `user`'s house as it runs the game now (its active table and its
    rules); one with no house sees the source texts' tables and RULES.md's defaults.  None for
    a game that has no placard."""
    if game not in dict(placard_games()):
        return None
    house = user.house
    if house is not None:
        setup = house_setup(house)
        config, version = setup.config, setup.versions.get(game)
    else:
        config, version = DEFAULT_CONFIG, None
    pace = pace_of(game, house.pk if house else None, watching=may_watch(user))
    return placard(game, config, version, pace=pace)


@login_required
@require_GET
def placard_page(request, game: str):
    """The printable placard of `game` at the user's house."""
    if not may_read_placards(request.user):
        raise PermissionDenied(gettext("The placard is for the people who deal and run the games."))
    shown = placard_of(request.user, game)
    if shown is None:
        raise Http404(gettext("There is no such game."))
    return render(
        request,
        "houses/placard.html",
        {"placard": shown, "house": request.user.house, "games": placard_games()},
    )
