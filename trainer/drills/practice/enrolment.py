"""The games a trainee practises: those they are enrolled in, or every game when none."""

from __future__ import annotations

from trainer.engine.catalog import GAMES
from trainer.engine.drills import REGISTRY

from .models import Enrolment


def enrolled_games(trainee) -> set[str]:
    """The games (slugs of drill kinds' `game`) whose skills the trainee practises: the games
    of their enrolments, with the drills every game shares (hand reading, chips); every
    game of the registry when they have no enrolment."""
    every = {kind.game for kind in REGISTRY.values()}
    chosen = set(Enrolment.objects.filter(trainee=trainee).values_list("game", flat=True))
    if not chosen:
        return every
    shared = every - set(GAMES)  # "any" (hand reading) and "chips": part of every game
    return (chosen & every) | shared
