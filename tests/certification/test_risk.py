"""Recall at risk: from the dealer's cards of the game's skills, the
recall predicted 30 days ahead; the weakest tenth's mean below the house's mark (0.80) puts
the certification at risk, Today's practice leads with those skills, the class page lists the
dealer, the dealer and the supervisors are told once; strong cards clear it by themselves."""

from datetime import UTC, datetime, timedelta

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from tests.assessments.test_retakes_and_sections import take
from tests.certification.test_certification import judge_url, judgement
from tests.factories import AssignmentFactory
from trainer.assessments.models import Certificate, Notice
from trainer.certification import risk
from trainer.certification.standing import standing
from trainer.core.signals import worker_sweep
from trainer.drills.practice import today
from trainer.drills.practice.models import SkillCard
from trainer.engine import practice, scheduling
from trainer.roster import services as roster


@pytest.fixture
def certified(client, requirement, written, trainee, supervisor, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    trainee.email = "tina@example.com"
    trainee.save()
    take(trainee, AssignmentFactory(test=written, trainee=trainee, assigned_by=supervisor),
         right=True)  # fmt: skip
    client.force_login(supervisor)
    client.post(judge_url(trainee), judgement(requirement))
    return Certificate.objects.get(game="caribbean-stud", trainee=trainee)


def strengthen(trainee, days: float) -> None:
    """Every card of the trainee made as strong as `days` of stability, reviewed now."""
    now = timezone.now().astimezone(UTC).isoformat()
    for card in SkillCard.objects.filter(trainee=trainee):
        state = {**card.state, "stability": days, "last_review": now, "state": 2}
        SkillCard.objects.filter(pk=card.pk).update(state=state, stability=days)


def test_the_prediction_is_fsrs_recall_30_days_ahead_of_the_weakest_tenth(
    requirement, certified, trainee
):
    """Hand-worked with FSRS-6's curve R(t) = (1 + f·t/S)^-d, d = 0.1542 (its default decay),
    f = 0.9^(-1/d) - 1 = 0.98035: a card of stability 8 days, 30 days on, is
    (1 + 0.98035 · 30/8)^-0.1542 = 0.7883, below 0.80; of stability 10 days,
    (1 + 0.98035 · 3)^-0.1542 = 0.8094, above it."""
    cards = SkillCard.objects.filter(trainee=trainee, kind__in=risk.kinds_of("caribbean-stud"))
    assert 1 <= cards.count() <= 2  # the two Caribbean Stud questions: one skill or two
    strengthen(trainee, 8)
    found = risk.predict(requirement, trainee, certified)
    assert found.at_risk and round(found.recall, 4) == 0.7883
    assert found.on - timezone.now() == pytest.approx(timedelta(days=30), abs=timedelta(seconds=5))
    strengthen(trainee, 10)
    found = risk.predict(requirement, trainee, certified)
    assert not found.at_risk and round(found.recall, 4) == 0.8094
    assert standing(requirement, trainee).status == "certified"
    # the formula the rulebook states is FSRS's own
    state = SkillCard.objects.filter(trainee=trainee).first().state
    on = datetime.fromisoformat(state["last_review"]) + timedelta(days=30)
    decay = 0.1542
    factor = 0.9 ** (-1 / decay) - 1
    assert scheduling.retrievability(state, on) == pytest.approx((1 + factor * 3) ** -decay)


def test_at_risk_leads_todays_practice_lists_the_dealer_and_tells_them_once(
    client, requirement, certified, trainee, supervisor, later
):
    strengthen(trainee, 8)
    weak = {(k, s) for k, s, _ in risk.predict(requirement, trainee, certified).skills}
    assert len(weak) == 1  # the weakest tenth of two skills: one
    # Today's practice leads with them (reviewed now: not again today), tomorrow they lead
    assert not today.standing(trainee, timezone.now()).leading
    later(timedelta(days=1))
    now = timezone.now()
    found = today.standing(trainee, now)
    assert found.leading == weak
    assert practice.pick(found, now, dealt=1, last=None) in weak
    # the class page lists the dealer
    cohort = roster.create_class(
        actor=supervisor,
        house=trainee.house,
        name="Risk class",
        starts_on=timezone.localdate(),
        trainees=[trainee],
    )
    client.force_login(supervisor)
    page = client.get(reverse("roster:class", args=[cohort.pk])).content.decode()
    assert 'id="class-certification"' in page and "at risk: recall" in page
    # one notice to the dealer, mailed once, and the supervisors' weekly list
    worker_sweep.send(sender=None)
    worker_sweep.send(sender=None)
    notices = Notice.objects.filter(key=f"at-risk:{certified.pk}")
    assert notices.count() == 1 and notices.get().recipient == trainee
    told = [m for m in mail.outbox if "keep your certificate" in m.subject]
    assert len(told) == 1 and told[0].to == ["tina@example.com"]
    assert Notice.objects.filter(recipient=supervisor, key__startswith="risk-digest:").count() == 1


def test_practice_that_strengthens_the_cards_clears_the_flag_by_itself(
    requirement, certified, trainee
):
    strengthen(trainee, 5)
    assert standing(requirement, trainee).status == "at risk"
    strengthen(trainee, 60)
    assert standing(requirement, trainee).status == "certified"
    assert not today.standing(trainee, timezone.now() + timedelta(days=1)).leading
