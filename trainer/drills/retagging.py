"""Stored questions retagged with the situations their drills give them now.

Once every situation became a skill dealt at every level, and a few drills' tags that named
what only some levels deal became level-free ("bank win, 1 void deal" is "bank win"; "3
colours" is "colour up"; a bigger chip to change, or a first-to-act tag, by what decides it).
Each such drill's `situation_now` says what an old tag is now; migration drills 0005 runs
`retag` over the stored questions once, so error analysis, a class's skills missed most,
progress by skill and Practise my mistakes all read one set of tags.
"""

from __future__ import annotations

from trainer.engine import EngineError
from trainer.engine.drills import REGISTRY, DrillKind
from trainer.engine.house import HouseConfig, HouseRules

#: questions read and written at a time
BATCH = 2000


def renaming_kinds() -> list[str]:
    """The drills whose tags an earlier version wrote otherwise (they say so by overriding
    `DrillKind.situation_now`)."""
    return [
        slug
        for slug, kind in REGISTRY.items()
        if type(kind).situation_now is not DrillKind.situation_now
    ]


def situation_now(kind: str, situation: str, request, config) -> str:
    """The tag a stored question of `kind` has now under `config` (a HouseConfig, or the
    house-rules snapshot it was dealt with, as stored); its old tag where that cannot be
    worked out (a snapshot or request no longer readable)."""
    try:
        if not isinstance(config, HouseConfig):
            config = HouseConfig({}, HouseRules(**config))
        return REGISTRY[kind].situation_now(situation, request, config)
    except (EngineError, TypeError, ValueError, KeyError):
        return situation


def retag(question_model) -> int:
    """Retag every stored question of a renaming drill (`question_model`: the model, or the
    migration's historical one); how many changed."""
    changed = []
    rows = (
        question_model.objects.filter(kind__in=renaming_kinds())
        .only("pk", "kind", "situation", "request", "house_rules")
        .order_by("pk")
    )
    total = 0
    for q in rows.iterator(chunk_size=BATCH):
        now = situation_now(q.kind, q.situation, q.request, q.house_rules)
        if now != q.situation:
            q.situation = now
            changed.append(q)
        if len(changed) >= BATCH:
            question_model.objects.bulk_update(changed, ["situation"])
            total += len(changed)
            changed = []
    if changed:
        question_model.objects.bulk_update(changed, ["situation"])
        total += len(changed)
    return total
