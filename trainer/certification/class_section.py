"""The certification's part of a supervisor's class page (`trainer.progress.sections`): the
class's dealers whose certification is at risk (their recall predicted to fade), due for
renewal or expired, game by game."""

from __future__ import annotations

from trainer.progress.sections import Section

from .models import Requirement
from .standing import standing

#: what the class page lists; a certified dealer clear of all three is not listed
LISTED = ("at risk", "renewal due", "expired")


def at_risk(cohort, trainees: list) -> Section | None:
    requirements = list(Requirement.objects.filter(house_id=cohort.house_id))
    if not requirements:
        return None
    rows = [
        found
        for trainee in trainees
        for found in (standing(r, trainee) for r in requirements)
        if found.status in LISTED
    ]
    return Section("certification/_class.html", {"rows": rows})
