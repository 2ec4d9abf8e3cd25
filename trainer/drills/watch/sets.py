"""What a session of a watch set deals next: the set's hands in order, one question each
(registered with `planning` for the sessions of mode "set")."""

from __future__ import annotations

from django.utils.translation import gettext

from trainer.drills.access import watch_kinds
from trainer.drills.practice.planning import Deal, Mode, register

from .models import SetSession


def kind_of(game: str):
    """The watch drill of `game`, or None for a game no watch drill watches."""
    return next((kind for kind in watch_kinds() if kind.game == game), None)


def next_deal(session) -> Deal | None:
    """The set's next hand, a question of level 1 of its game's watch drill; None once every
    hand is dealt (or the set is gone)."""
    run = SetSession.objects.select_related("watch_set").filter(session=session).first()
    if run is None:
        return None
    hands = run.watch_set.hands
    for hand in hands[session.dealt :]:
        kind = kind_of(hand.get("game"))
        if kind is not None:
            return Deal(kind=kind.slug, level=1, hands=(hand,))
    return None


def nothing_to_deal(trainee) -> str | None:
    return gettext("A watch set is started from its own page.")


def register_mode() -> None:
    """The sessions of a watch set deal from here (`planning.register`)."""
    register("set", Mode(next_deal, nothing_to_deal))
