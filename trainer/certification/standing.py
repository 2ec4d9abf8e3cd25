"""Where a dealer stands in a game's certification: each part met or not, with its date and
figures, and the certificate that stands (docs/rulebook.md, *Certification*).

Practice hours are time actually spent answering: each answered question of the game
(practice, Today's practice, the steps of dealt rounds, tests) counts its measured response
time (`Attempt.response_ms`: from the question appearing to the answer being sent), at most
`CAP_SECONDS` each, so a question left open while the dealer is away counts as two minutes,
not as the time away; time between questions (reading feedback, choosing a drill) and time
signed in doing nothing count nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from decimal import ROUND_DOWN, Decimal

from django.db.models import Count, F, PositiveBigIntegerField, Q, Sum, Value
from django.db.models.functions import Least
from django.utils import timezone

from trainer.assessments.models import Certificate, Sitting
from trainer.drills.models import Attempt
from trainer.rounds.models import Round

from .models import Requirement, TableTest
from .risk import predict

#: the most one answer counts towards practice hours
CAP_SECONDS = 120
#: the days the figures beside a table test look back over
FIGURE_DAYS = 30


def practice_seconds(dealer_ids, game: str) -> dict[int, float]:
    """Each dealer's counted practice on `game`, in seconds (one query)."""
    cap = Value(CAP_SECONDS * 1000, output_field=PositiveBigIntegerField())
    rows = (
        Attempt.objects.filter(trainee_id__in=list(dealer_ids), game=game)
        .values("trainee_id")
        .annotate(ms=Sum(Least(F("response_ms"), cap)))
    )
    return {row["trainee_id"]: (row["ms"] or 0) / 1000 for row in rows}


def figures(dealer, game: str, now: datetime | None = None) -> dict:
    """The dealer's measured figures on `game` over the `FIGURE_DAYS` days before `now`, as a
    supervisor reads them beside a table test: answers (right, at pace of those with a pace
    target) and whole rounds dealt (finished, steps right, at the game's pace)."""
    now = now or timezone.now()
    since = now - timedelta(days=FIGURE_DAYS)
    answers = Attempt.objects.filter(
        trainee=dealer, game=game, answered_at__gt=since, answered_at__lte=now
    ).aggregate(
        answered=Count("pk"),
        right=Count("pk", filter=Q(is_correct=True)),
        timed=Count("pk", filter=Q(target_ms__isnull=False)),
        at_pace=Count("pk", filter=Q(target_ms__isnull=False, response_ms__lte=F("target_ms"))),
    )
    rounds = Round.objects.filter(
        trainee=dealer,
        game=game,
        finished_at__isnull=False,
        finished_at__gt=since,
        finished_at__lte=now,
    ).aggregate(
        rounds=Count("pk"),
        steps=Sum("steps_total"),
        steps_right=Sum("steps_right"),
        rounds_at_pace=Count("pk", filter=Q(elapsed_ms__lte=F("target_ms"))),
    )
    found = {**answers, **{k: v or 0 for k, v in rounds.items()}}
    found["days"] = FIGURE_DAYS
    found["accuracy"] = _percent(found["right"], found["answered"])
    found["pace"] = _percent(found["at_pace"], found["timed"])
    found["round_accuracy"] = _percent(found["steps_right"], found["steps"])
    found["round_pace"] = _percent(found["rounds_at_pace"], found["rounds"])
    found["hours"] = round(practice_seconds([dealer.pk], game).get(dealer.pk, 0) / 3600, 1)
    return found


def _percent(part: int, whole: int) -> int | None:
    return round(100 * part / whole) if whole else None


@dataclass
class PartStanding:
    """One part of a certification for one dealer: `key` "test", "hours" or "table"."""

    key: str
    met: bool
    at: datetime | None = None
    #: what the certificate keeps of it (JSON-able)
    facts: dict = field(default_factory=dict)
    #: the record behind it, for a link (a sitting or a table test)
    record: object | None = None


@dataclass
class Standing:
    requirement: Requirement
    dealer: object
    parts: list[PartStanding]
    #: the game's latest certificate of the dealer (renewals included), or None
    certificate: Certificate | None
    #: a renewal is what the parts are counted for (the certificate is due or expired)
    renewing: bool
    #: the last failed table test not yet past the house's wait, or None
    waiting_for: TableTest | None = None
    retake_from: datetime | None = None
    #: the recall prediction of a standing certificate (`risk.predict`), or None
    risk: object | None = None

    @property
    def complete(self) -> bool:
        return all(p.met for p in self.parts)

    @property
    def status(self) -> str:
        """ "certified", "at risk", "renewal due", "expired", "revoked" or "not certified"."""
        c = self.certificate
        if c is None:
            return "not certified"
        if c.status == "valid":
            return "at risk" if self.risk is not None and self.risk.at_risk else "certified"
        return c.status

    @property
    def may_table_test(self) -> bool:
        return self.waiting_for is None


def latest_certificate(dealer, game: str) -> Certificate | None:
    return (
        Certificate.objects.filter(trainee=dealer, game=game)
        .select_related("sitting__assignment__test__house")
        .order_by("-issued_at", "-pk")
        .first()
    )


def counted_from(certificate: Certificate | None, house) -> tuple[datetime | None, bool]:
    """From when parts count, and whether that is a renewal: a first certification counts
    them from any time; a revoked certificate's dealer starts again after its revocation; a
    certificate in its renewal window, or expired, is renewed by parts met since the window
    opened (its expiry less the house's renewal days)."""
    if certificate is None:
        return None, False
    if certificate.is_revoked:
        return certificate.revoked_at, False
    if certificate.expires_at is None:
        return None, False
    opens = certificate.expires_at - timedelta(days=house.renewal_days)
    # never a part the certificate itself was issued for, however short the validity
    return max(opens, certificate.issued_at + timedelta(microseconds=1)), True


def standing(requirement: Requirement, dealer, now: datetime | None = None) -> Standing:
    now = now or timezone.now()
    certificate = latest_certificate(dealer, requirement.game)
    since, renewing = counted_from(certificate, requirement.house)
    if renewing and now < since:
        # a certificate not yet in its renewal window stands: its parts are shown as met
        since, renewing = certificate.revoked_at, False
    parts = [_test_part(requirement, dealer, since, renewing)]
    if not renewing:
        parts.append(_hours_part(requirement, dealer))
    if requirement.table_test and (not renewing or requirement.renewal_table_test):
        parts.append(_table_part(requirement, dealer, since))
    found = Standing(requirement, dealer, parts, certificate, renewing)
    found.risk = predict(requirement, dealer, certificate, now)
    failed = (
        TableTest.objects.standing()
        .filter(dealer=dealer, game=requirement.game, house=requirement.house)
        .order_by("-signed_at", "-pk")
        .first()
    )
    if failed is not None and not failed.passed:
        retake = failed.signed_at + timedelta(days=requirement.retake_days)
        if retake > now:
            found.waiting_for, found.retake_from = failed, retake
    return found


def _test_part(requirement, dealer, since, renewing) -> PartStanding:
    test = (requirement.renewal_test or requirement.test) if renewing else requirement.test
    sittings = Sitting.objects.filter(
        trainee=dealer, assignment__test=test, passed=True, finished_at__isnull=False
    )
    if since is not None:
        sittings = sittings.filter(finished_at__gte=since)
    sitting = sittings.order_by("-finished_at", "-pk").first()
    facts = {"title": test.title, "test": test.pk, "pass_mark": test.pass_mark}
    if sitting is None:
        return PartStanding("test", False, facts=facts)
    facts |= {"sitting": sitting.pk, "right": sitting.right, "total": sitting.total}
    facts["percent"] = sitting.percent
    return PartStanding("test", True, sitting.finished_at, facts, sitting)


def _hours_part(requirement, dealer) -> PartStanding:
    seconds = practice_seconds([dealer.pk], requirement.game).get(dealer.pk, 0)
    # a tenth of an hour is counted once it is complete (never rounded up)
    hours = Decimal(seconds / 3600).quantize(Decimal("0.1"), rounding=ROUND_DOWN)
    required = requirement.practice_hours
    facts = {"hours": str(hours), "required": str(required)}
    return PartStanding("hours", hours >= required, None, facts)


def _table_part(requirement, dealer, since) -> PartStanding:
    tests = TableTest.objects.standing().filter(
        dealer=dealer, game=requirement.game, house=requirement.house, passed=True
    )
    if since is not None:
        tests = tests.filter(signed_at__gte=since)
    test = tests.select_related("supervisor").order_by("-signed_at", "-pk").first()
    if test is None:
        return PartStanding("table", False)
    judge = test.supervisor.get_full_name() or test.supervisor.get_username()
    facts = {"table_test": test.pk, "supervisor": judge, "table": test.table}
    return PartStanding("table", True, test.signed_at, facts, test)
