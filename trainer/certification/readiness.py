"""Ready by the date (docs/rulebook.md, *Certification in a game*).

A dealer's date for a game: the due date of their assigned, not yet passed, written or
renewal test of the game's certification, if within `PLAN_DAYS`; else the opening of their
certificate's renewal window if within `PLAN_DAYS` (or, inside the window, its expiry).  For
that date the plan (`trainer.engine.readiness.review_day`) gives each of the game's skills
not ready (its recall predicted for the date below the house's readiness recall, 0.95) the
day to review it; Today's practice leads with the skills planned for today or earlier, each
once a day."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date as Date
from datetime import datetime, timedelta

from django.utils import timezone

from trainer.assessments.models import Assignment, Certificate
from trainer.drills.practice.models import SkillCard
from trainer.drills.practice.today import house_config
from trainer.engine import readiness, scheduling
from trainer.engine.drills import REGISTRY

from .models import Requirement
from .risk import kinds_of

#: how far ahead of a date the plan starts
PLAN_DAYS = 60


@dataclass
class Plan:
    requirement: Requirement
    date: datetime
    #: "test" (a test's due date) or "renewal"
    why: str
    title: str
    #: skills with a card, ready for the date without more practice
    ready: int = 0
    #: skills with a card, in all
    scheduled: int = 0
    #: skills of the game never met (no card): met through Today's practice's new skills
    unseen: int = 0
    #: day -> how many skills the plan reviews that day
    days: dict[Date, int] = field(default_factory=dict)
    #: the skills planned for today or earlier
    now: set[tuple[str, str]] = field(default_factory=set)
    #: the lowest recall predicted for the date with no more practice (None: no card)
    lowest: float | None = None

    @property
    def not_ready(self) -> int:
        return self.scheduled - self.ready + self.unseen


def target(requirement: Requirement, dealer, now: datetime) -> tuple[datetime, str, str] | None:
    """The dealer's date for the requirement's game, why, and what it is for."""
    tests = [requirement.test_id, requirement.renewal_test_id]
    assigned = (
        Assignment.objects.filter(
            trainee=dealer,
            test_id__in=[t for t in tests if t],
            test__due_at__gt=now,
            test__due_at__lte=now + timedelta(days=PLAN_DAYS),
        )
        .exclude(sittings__passed=True)
        .select_related("test")
        .order_by("test__due_at")
        .first()
    )
    if assigned is not None:
        return assigned.test.due_at, "test", assigned.test.title
    held = (
        Certificate.objects.filter(trainee=dealer, game=requirement.game, revoked_at__isnull=True)
        .exclude(expires_at__isnull=True)
        .order_by("-issued_at", "-pk")
        .first()
    )
    if held is None or held.expires_at <= now:
        return None
    opens = held.expires_at - timedelta(days=requirement.house.renewal_days)
    on = opens if opens > now else held.expires_at
    if on > now + timedelta(days=PLAN_DAYS):
        return None
    return on, "renewal", requirement.game_title


def plan(requirement: Requirement, dealer, now: datetime | None = None) -> Plan | None:
    now = now or timezone.now()
    found = target(requirement, dealer, now)
    if found is None:
        return None
    date, why, title = found
    result = Plan(requirement, date, why, title)
    recall = float(requirement.ready_recall)
    kinds = kinds_of(requirement.game)
    cards = {
        (kind, situation): state
        for kind, situation, state in SkillCard.objects.filter(
            trainee=dealer, kind__in=kinds
        ).values_list("kind", "situation", "state")
        if state
    }
    config = house_config(dealer)
    every = {(k, s) for k in kinds for s in REGISTRY[k].situations(config)}
    result.unseen = len(every - cards.keys())
    result.scheduled = len(cards)
    lowest = []
    for skill, state in cards.items():
        lowest.append(scheduling.retrievability(state, date))
        day = readiness.review_day(state, now, date, recall)
        if day is None:
            result.ready += 1
            continue
        local = timezone.localdate(day)
        result.days[local] = result.days.get(local, 0) + 1
        if day <= now:
            result.now.add(skill)
    result.lowest = min(lowest, default=None)
    result.days = dict(sorted(result.days.items()))
    return result


def plans(dealer, now: datetime | None = None, requirements=None) -> list[Plan]:
    now = now or timezone.now()
    if dealer.house_id is None:
        return []
    if requirements is None:
        requirements = Requirement.objects.filter(house_id=dealer.house_id)
    found = (plan(r, dealer, now) for r in requirements)
    return [p for p in found if p is not None]


def leading_skills(trainee, now: datetime, requirements: list) -> set[tuple[str, str]]:
    """The skills each plan reviews today or earlier (for Today's practice:
    `trainer.certification.leaders`)."""
    skills: set[tuple[str, str]] = set()
    for p in plans(trainee, now, requirements):
        skills |= p.now
    return skills
