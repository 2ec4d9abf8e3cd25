"""Signing a table test and issuing a game's certificate (docs/rulebook.md, *Certification*).

A game's certificate is issued, once, the moment every part of the house's certification is
met: when the written test's sitting is passed (the sittings' finish signal), when a passed
table test is signed, and at the task worker's sweep (practice hours grow with every answer;
the sweep finds the dealers whose hours now suffice).  It is an assessments certificate that
names the game and the parts with their dates; the verify page, the PDF, the badge, the
expiry and the notices treat it as any certificate."""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext

from trainer.assessments.models import Certificate
from trainer.core.times import add_months
from trainer.houses.models import User

from .models import Requirement, TableTest
from .standing import figures, practice_seconds, standing


def may_judge(supervisor, dealer) -> bool:
    """A supervisor of the dealer's house, never the dealer."""
    return (
        supervisor.pk != dealer.pk
        and supervisor.has_perm("certification.judge_table_tests")
        and (supervisor.is_superuser or supervisor.house_id == dealer.house_id)
        and dealer.house_id is not None
    )


def sign_table_test(
    *,
    requirement: Requirement,
    dealer,
    supervisor,
    table: str,
    judged: list[dict],
    passed: bool,
    comment: str = "",
    corrects: TableTest | None = None,
    token: str = "",
    now: datetime | None = None,
) -> TableTest:
    """Record a table test as signed, in one transaction, then issue the certificate if it
    completes the dealer's parts.  `judged`: for each of the requirement's points, in order,
    {"met": bool, "comment": str}.  ValidationError, in the supervisor's words, for a test
    they may not sign (their own, another house's dealer, a failed test's wait not over,
    points that are not the requirement's), and nothing is written.  A `token` already signed
    answers its record: the same form posted again signs nothing more."""
    now = now or timezone.now()
    token = token or secrets.token_urlsafe(24)
    kept = _already_signed(token, supervisor)
    if kept is not None:
        return kept
    if not may_judge(supervisor, dealer):
        raise ValidationError(
            gettext(
                "Only a supervisor of the dealer's house signs their table test, never the dealer."
            )
        )
    points = requirement.points()
    if len(judged) != len(points):
        raise ValidationError(gettext("Every point is judged met or not met."))
    if corrects is not None and (
        corrects.dealer_id != dealer.pk
        or corrects.game != requirement.game
        or corrects.corrections.exists()
    ):
        raise ValidationError(
            gettext("A correction names a standing table test of the same dealer and game.")
        )
    found = standing(requirement, dealer, now)
    if corrects is None and found.waiting_for is not None:
        raise ValidationError(
            gettext("The last table test was not passed: it may be taken again from %(day)s.")
            % {"day": timezone.localtime(found.retake_from).date().isoformat()}
        )
    try:
        with transaction.atomic():
            test = TableTest.objects.create(
                house_id=dealer.house_id,
                game=requirement.game,
                dealer=dealer,
                supervisor=supervisor,
                table=table,
                signed_at=now,
                passed=passed,
                points=[
                    {
                        "key": p["key"],
                        "words": p["words"],
                        "met": bool(j["met"]),
                        "comment": j.get("comment", ""),
                    }
                    for p, j in zip(points, judged, strict=True)
                ],
                figures=figures(dealer, requirement.game, now),
                comment=comment,
                corrects=corrects,
                token=token,
            )
    except IntegrityError:
        # the same form posted twice at the same moment: the first signed it
        kept = _already_signed(token, supervisor)
        if kept is None:
            raise
        return kept
    if passed:
        certify(requirement, dealer, now)
    return test


def _already_signed(token: str, supervisor) -> TableTest | None:
    """The record a form with `token` signed; a token of another supervisor's is refused."""
    kept = TableTest.objects.filter(token=token).first()
    if kept is not None and kept.supervisor_id != supervisor.pk:
        raise ValidationError(gettext("This form was signed by someone else: open it again."))
    return kept


def certify(requirement: Requirement, dealer, now: datetime | None = None) -> Certificate | None:
    """The game's certificate, issued if every part is met and the dealer holds none that
    stands clear of its renewal window; None when nothing is issued.  A renewal names the
    certificate it renews and, renewed before it expired, runs on from its expiry."""
    now = now or timezone.now()
    found = standing(requirement, dealer, now)
    held = found.certificate
    if not found.complete or found.status in ("certified", "at risk"):
        return None
    test_part = found.parts[0]
    months = requirement.house.certificate_months
    start = now
    renews = None
    if found.renewing and held is not None:
        renews = held
        if held.expires_at is not None and held.expires_at > now:
            start = held.expires_at
    parts = [{"part": p.key, "at": (p.at or now).isoformat(), **p.facts} for p in found.parts]
    signer = next((p.record.supervisor_id for p in found.parts if p.key == "table"), None)
    try:
        with transaction.atomic():
            return Certificate.objects.create(
                sitting=test_part.record,
                game=requirement.game,
                trainee=dealer,
                issued_at=now,
                signed_by_id=signer or test_part.record.assignment.assigned_by_id,
                expires_at=add_months(start, months) if months else None,
                parts=parts,
                renews=renews,
            )
    except IntegrityError:
        # issued by a concurrent caller for the same sitting: the one issued stands
        return None


def certify_everyone(now: datetime | None = None) -> int:
    """The sweep: every dealer of every house with a certification who may now complete it
    (their hours reached since the last look).  Returns how many certificates were issued."""
    now = now or timezone.now()
    issued = 0
    for requirement in Requirement.objects.select_related("house", "test"):
        house = requirement.house
        # holding a certificate clear of its renewal window: nothing to look at
        clear = Certificate.objects.filter(
            game=requirement.game, revoked_at__isnull=True, trainee__house_id=house.pk
        ).filter(
            Q(expires_at__isnull=True) | Q(expires_at__gt=now + timedelta(days=house.renewal_days))
        )
        dealers = list(
            User.objects.trainees_of(house.pk).exclude(pk__in=clear.values("trainee_id"))
        )
        hours = practice_seconds([d.pk for d in dealers], requirement.game)
        needed = float(requirement.practice_hours) * 3600
        for dealer in dealers:
            if hours.get(dealer.pk, 0) < needed:
                continue
            if certify(requirement, dealer, now) is not None:
                issued += 1
    return issued
