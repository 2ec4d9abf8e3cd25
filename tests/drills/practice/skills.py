"""The skills the Today's-practice tests give the drills: the first situations each deals."""

from trainer.engine.drills import REGISTRY
from trainer.engine.house import DEFAULT_CONFIG

#: the drills given situations, and how many each lists
LISTED = {"ms-pay": 3, "cs-qualify": 2}


def first_situations(slug: str, count: int) -> tuple[str, ...]:
    kind = REGISTRY[slug]
    seen: dict[str, None] = {}
    seed = 0
    while len(seen) < count:
        seen.setdefault(kind.generate(seed, 1, DEFAULT_CONFIG).situation)
        seed += 1
    return tuple(seen)


#: drill kind -> the situations it lists in these tests (a test may empty one)
SITUATIONS = {slug: first_situations(slug, n) for slug, n in LISTED.items()}
