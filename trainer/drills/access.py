"""Who may watch the game: the permission `watch.watch_the_game`, which the Supervisor and
Games manager roles carry and a house gives the trainees it promotes through the Floor
supervisor role (trainer.houses.roles).  Everything that offers a drill asks here, so that a
trainee not promoted never meets a watch drill: not in the drills' list, not in Today's
practice, Practise my mistakes or My progress, and not in a test.  It stands in trainer.drills
itself, beneath both practice and watch, which ask it."""

from __future__ import annotations

from trainer.engine.drills import REGISTRY, DrillKind

WATCH_PERMISSION = "watch.watch_the_game"


def may_watch(user) -> bool:
    return user.is_authenticated and user.has_perm(WATCH_PERMISSION)


def may_take(user, kind: DrillKind | str) -> bool:
    """Whether `user` is offered the drill `kind` (a kind or its slug): every drill but a
    watch drill, which only those who may watch are."""
    drill = REGISTRY.get(kind) if isinstance(kind, str) else kind
    if drill is None:
        return False
    return not drill.watches or may_watch(user)


def kinds_for(user) -> list[str]:
    """The slugs of the drills `user` is offered, in the registry's order."""
    watching = may_watch(user)
    return [slug for slug, kind in REGISTRY.items() if watching or not kind.watches]


def watch_kinds() -> list[DrillKind]:
    return [kind for kind in REGISTRY.values() if kind.watches]
