"""Every drill has a default speed standard for each of its levels (trainer/engine/pace.py)."""

import pytest

from trainer.engine.drills import REGISTRY


@pytest.mark.parametrize("kind", list(REGISTRY.values()), ids=list(REGISTRY))
def test_every_level_of_every_drill_has_a_default_target(kind):
    assert len(kind.pace) == len(kind.levels)
    seconds = [kind.target_seconds(lv.number) for lv in kind.levels]
    assert all(s > 0 for s in seconds)
    assert seconds == sorted(seconds)  # a harder level never asks for more speed
