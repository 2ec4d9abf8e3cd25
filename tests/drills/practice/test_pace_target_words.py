"""A house's pace target as the admin lists it: in words (it read
"ms-pay level 1, 8.0")."""

from decimal import Decimal

from trainer.drills.practice.models import PaceTarget
from trainer.engine.drills import REGISTRY


def test_a_pace_target_is_named_by_its_drill_and_seconds_in_words(demo):
    target = PaceTarget(house=demo, kind="ms-pay", level=1, seconds=Decimal("8.0"))
    assert str(target) == f"{demo}: {REGISTRY['ms-pay'].title}, level 1, 8 s"
    target.seconds = Decimal("4.5")
    assert str(target).endswith(", level 1, 4.5 s")
