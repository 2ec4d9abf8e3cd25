"""Ready by the date: with a certification's test due in 20 days, the
plan gives each skill not ready (recall predicted for the day below 0.95) the earliest day one
right review lands it there; a dealer who answers right what Today's practice leads with each
day has every skill at 0.95 or more on the day, in the model the tests use (FSRS's own)."""

from datetime import timedelta

from django.urls import reverse
from django.utils import timezone

from tests.factories import AssignmentFactory
from trainer.certification import readiness
from trainer.drills.practice import today
from trainer.drills.practice.models import SkillCard
from trainer.drills.practice.today import house_config
from trainer.engine import scheduling
from trainer.engine.drills import REGISTRY

#: each skill's past reviews, days before the plan starts: from one answer a month ago (weak
#: by the date) to five spaced ones (strong)
HISTORIES = [(30,), (30, 29), (30, 29, 26), (30, 29, 26, 20), (30, 29, 26, 20, 5), (3,)]


def test_following_the_plan_lands_every_skill_ready_on_the_date(
    client, requirement, written, trainee, supervisor, later
):
    now = timezone.now()
    written.due_at = now + timedelta(days=20)
    written.save()
    AssignmentFactory(test=written, trainee=trainee, assigned_by=supervisor)
    situations = REGISTRY["cs-qualify"].situations(house_config(trainee))[: len(HISTORIES)]
    for situation, history in zip(situations, HISTORIES, strict=True):
        state = scheduling.replay([("good", now - timedelta(days=d)) for d in history])
        SkillCard.objects.create(
            trainee=trainee, kind="cs-qualify", situation=situation, state=state,
            due=scheduling.due(state), stability=state["stability"], reviews=len(history),
        )  # fmt: skip
    plan = readiness.plan(requirement, trainee)
    assert (plan.why, plan.title, plan.date) == ("test", written.title, written.due_at)
    assert plan.scheduled == len(HISTORIES) and plan.ready < plan.scheduled
    assert sum(plan.days.values()) == plan.scheduled - plan.ready
    assert plan.lowest < 0.95
    client.force_login(trainee)
    page = client.get(reverse("certification:index")).content.decode()
    assert 'id="plan-caribbean-stud"' in page and "Reviews planned, by day" in page
    # each day, the dealer answers right every skill Today's practice leads with
    reviewed = 0
    for day in range(20):
        later(timedelta(days=day))
        moment = timezone.now()
        for kind, situation in today.standing(trainee, moment).leading:
            card = SkillCard.objects.get(trainee=trainee, kind=kind, situation=situation)
            card.state = scheduling.review(card.state, "good", moment)
            card.save()
            reviewed += 1
    recalls = [
        scheduling.retrievability(card.state, written.due_at)
        for card in SkillCard.objects.filter(trainee=trainee, kind="cs-qualify")
    ]
    assert min(recalls) >= 0.95, recalls
    # the plan asked no more reviews than days it planned, plus a review a day for any skill
    # no single review could land yet
    assert reviewed >= plan.scheduled - plan.ready
