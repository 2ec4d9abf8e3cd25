"""The shift audit's part of a supervisor's class page (`trainer.progress.sections`): the
class's dealers due a re-audit, and per dealer the floor's mispays beside their drill
accuracy on the same skills, so a trainee who drills well but mispays at the table stands
out."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q

from trainer.drills.models import Attempt
from trainer.progress.sections import Section
from trainer.progress.stats import kind_title

from . import reaudit
from .models import AuditFinding, situation_said


@dataclass(frozen=True)
class FloorLine:
    trainee: object
    drill: str
    situation: str
    #: the audit's mispays of this skill (each applied once to the card)
    floor: int
    #: practice answers of this skill, and how many right
    attempts: int
    right: int

    @property
    def accuracy(self) -> float | None:
        return self.right / self.attempts if self.attempts else None


def floor_and_drill(trainees: list) -> list[FloorLine]:
    """Each skill the audit found a trainee of `trainees` mispaying at the table, with their
    practice on it; most floor mispays first."""
    findings = (
        AuditFinding.objects.filter(card__trainee__in=trainees)
        .values("card__trainee", "card__kind", "card__situation")
        .annotate(n=Count("pk"))
    )
    rows = list(findings)
    if not rows:
        return []
    practice = {
        (row["trainee"], row["kind"], row["question__situation"]): (row["n"], row["right"])
        for row in Attempt.objects.filter(trainee__in=trainees)
        .practice()
        .values("trainee", "kind", "question__situation")
        .annotate(n=Count("pk"), right=Count("pk", filter=Q(is_correct=True)))
    }
    people = {t.pk: t for t in trainees}
    lines = []
    for row in rows:
        key = (row["card__trainee"], row["card__kind"], row["card__situation"])
        attempts, right = practice.get(key, (0, 0))
        lines.append(
            FloorLine(
                trainee=people[row["card__trainee"]],
                drill=kind_title(row["card__kind"]),
                situation=situation_said(row["card__situation"]),
                floor=row["n"],
                attempts=attempts,
                right=right,
            )
        )
    return sorted(lines, key=lambda ln: (-ln.floor, ln.trainee.get_username(), ln.drill))


def class_section(cohort, trainees: list) -> Section | None:
    if not trainees:
        return None
    return Section(
        "audits/_class_section.html",
        {
            "reaudits": reaudit.due(cohort.house, people=[t.pk for t in trainees]),
            "reaudit_days": cohort.house.reaudit_days,
            "floor": floor_and_drill(trainees),
        },
    )
