"""What the certification asks Today's practice to lead with
(`trainer.drills.practice.today.LEADERS`): the weak skills of a certification at risk
(`risk`) and the skills a readiness plan reviews today (`readiness`), each at most once a day.
One query for a trainee whose house certifies no game."""

from __future__ import annotations

from datetime import datetime

from . import readiness, risk
from .models import Requirement


def leading_skills(trainee, now: datetime) -> set[tuple[str, str]]:
    if trainee.house_id is None:
        return set()
    requirements = list(
        Requirement.objects.filter(house_id=trainee.house_id).select_related("house")
    )
    if not requirements:
        return set()
    return risk.leading_skills(trainee, now, requirements) | readiness.leading_skills(
        trainee, now, requirements
    )
