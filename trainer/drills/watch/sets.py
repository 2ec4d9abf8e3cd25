"""What a session of a watch set deals next: the set's hands in order, one question each
(`planning.next_deal` asks here for a session of mode "set")."""

from __future__ import annotations

from trainer.drills.practice.planning import Deal

from .access import watch_kinds
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
