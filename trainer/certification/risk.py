"""Recall at risk (docs/rulebook.md, *Certification in a game*).

For a dealer holding a standing certificate of a game (valid or due for renewal), the site
predicts, from the dealer's spaced-repetition cards of the game's skills (every card of a
drill of that game, the watch drills aside), each skill's recall on the day `RISK_DAYS` from
now (or on the certificate's expiry, if sooner) with no more practice: FSRS's forgetting
curve, `trainer.engine.scheduling.retrievability`.  The weakest tenth of those skills (at
least one) is the dealer's weak edge; the certification is **at risk** when the mean of their
predicted recall is below the house's threshold (`Requirement.risk_recall`, 0.80 unless it
sets another).  Today's practice then leads with the weak tenth's skills below the threshold,
each once a day; as those reviews raise their stability the prediction rises, and the flag
clears by itself.

FSRS-6's curve, as the scheduler has it: R(t) = (1 + f·t/S)^-d, with S the card's stability
in days, d its decay (0.1542, FSRS-6's default) and f = 0.9^(-1/d) - 1 (0.9803), so that R is
0.90 when t = S.

Why 30 days and not the next renewal, up to two years away: with no practice every skill
falls below 0.80 within 3.3 times its stability, so a two-year horizon would flag every
dealer the day they are certified.  Thirty days is as far ahead as the practice schedule
acts."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils import timezone

from trainer.assessments.models import Certificate
from trainer.drills.practice.models import SkillCard
from trainer.engine import scheduling
from trainer.engine.drills import REGISTRY

from .models import Requirement

#: how far ahead the prediction looks
RISK_DAYS = 30


@dataclass(frozen=True)
class Risk:
    at_risk: bool
    #: the mean predicted recall of the weakest tenth, on `on`
    recall: float
    on: datetime
    #: the weakest tenth's skills below the threshold: (kind, situation, predicted recall)
    skills: tuple[tuple[str, str, float], ...]


def kinds_of(game: str) -> list[str]:
    """The drills whose skills a game's certification covers (the watch drills aside)."""
    return [k.slug for k in REGISTRY.values() if k.game == game and not k.watches]


def predict(
    requirement: Requirement, dealer, certificate: Certificate | None, now: datetime | None = None
) -> Risk | None:
    """The prediction for a dealer's standing certificate of the requirement's game; None
    without one, or without a card of the game."""
    now = now or timezone.now()
    if certificate is None or certificate.is_revoked or certificate.is_expired:
        return None
    on = now + timedelta(days=RISK_DAYS)
    if certificate.expires_at is not None:
        on = min(on, certificate.expires_at)
    cards = SkillCard.objects.filter(
        trainee=dealer, kind__in=kinds_of(requirement.game)
    ).values_list("kind", "situation", "state")
    recalls = sorted(
        (scheduling.retrievability(state, on), kind, situation)
        for kind, situation, state in cards
        if state
    )
    if not recalls:
        return None
    weakest = recalls[: max(1, math.ceil(len(recalls) / 10))]
    mean = sum(r for r, _, _ in weakest) / len(weakest)
    threshold = float(requirement.risk_recall)
    below = tuple((k, s, r) for r, k, s in weakest if r < threshold)
    return Risk(mean < threshold, mean, on, below)


def leading_skills(trainee, now: datetime, requirements: list[Requirement]) -> set[tuple[str, str]]:
    """The weak skills of each of the trainee's certifications at risk (for Today's practice:
    `trainer.certification.leaders`)."""
    held = {
        c.game: c
        for c in Certificate.objects.filter(trainee=trainee, revoked_at__isnull=True)
        .exclude(game="")
        .select_related("sitting__assignment__test__house")
        .order_by("issued_at", "pk")
    }
    skills: set[tuple[str, str]] = set()
    for requirement in requirements:
        if requirement.game not in held:
            continue
        risk = predict(requirement, trainee, held[requirement.game], now)
        if risk is not None and risk.at_risk:
            skills |= {(k, s) for k, s, _ in risk.skills}
    return skills
