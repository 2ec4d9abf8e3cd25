"""Assigned tests: what a supervisor builds, who it is assigned to, and each sitting.

A test (`Assessment`) is a list of sections (`Part`: a drill kind at a level, so many
questions), with a pass mark over all the questions or one per section, an optional time
limit, an optional due date and a retake policy (attempts allowed, hours between them).
Assigning it to a trainee makes an `Assignment`; each attempt at it is a `Sitting`, numbered
1, 2, ... and all kept.  A sitting's questions are ordinary drills questions (dealt with no
practice session) linked in order by `SittingQuestion`, all dealt when the sitting starts.
Once a sitting is finished its score is a matter of record: `right`, `total`, `passed`, `pace`
and the per-section `sections` are written once and never again.  A test may require pace:
then passing also needs the median of the answers' times over their targets at most 1, each
answer's target being the one stored with it when it was graded (`Attempt.target_ms`), so a
house that changes its targets later changes no result.  Passing a test marked
"certification" issues a `Certificate`, in the same transaction.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from trainer.core.i18n import render
from trainer.drills.models import Question
from trainer.engine.kit import registry
from trainer.houses.models import House

from .sections import title_of

MAX_QUESTIONS_PER_KIND = 50
MAX_QUESTIONS = 100
MAX_MINUTES = 600
MAX_ATTEMPTS = 10
MAX_WAIT_HOURS = 24 * 90


class AssessmentQuerySet(models.QuerySet):
    def visible_to(self, user) -> AssessmentQuerySet:
        """Superusers see every house's tests; everyone else only their own house's."""
        if user.is_superuser:
            return self
        if not user.is_authenticated or user.house_id is None:
            return self.none()
        return self.filter(house_id=user.house_id)

    def with_counts(self) -> AssessmentQuerySet:
        return self.annotate(
            assigned=Count("assignments", distinct=True),
            finished=Count(
                "assignments__sittings",
                filter=Q(assignments__sittings__finished_at__isnull=False),
                distinct=True,
            ),
            passed=Count(
                "assignments__sittings",
                filter=Q(assignments__sittings__passed=True),
                distinct=True,
            ),
        )


class Assessment(models.Model):
    """A test a supervisor builds for the trainees of one house."""

    house = models.ForeignKey(
        House, on_delete=models.PROTECT, related_name="assessments", verbose_name=_("house")
    )
    title = models.CharField(max_length=100, verbose_name=_("title"))
    pass_mark = models.PositiveSmallIntegerField(
        _("pass mark (%)"),
        default=80,
        validators=[MinValueValidator(1), MaxValueValidator(100)],
        help_text=_("The share of all the questions, in per cent, a trainee must get right."),
    )
    pass_by_section = models.BooleanField(
        _("a pass mark per section"),
        default=False,
        help_text=_(
            "Passed only when every section reaches its own pass mark (the test's pass "
            "mark for a section given none), instead of one mark over all the questions."
        ),
    )
    attempts_allowed = models.PositiveSmallIntegerField(
        _("attempts allowed"),
        default=1,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_ATTEMPTS)],
        help_text=_("How many times a trainee may sit it (a passed test is not sat again)."),
    )
    retake_wait_hours = models.PositiveIntegerField(
        _("hours between attempts"),
        default=0,
        validators=[MaxValueValidator(MAX_WAIT_HOURS)],
        help_text=_("How long after a failed attempt the next may start; 0 for at once."),
    )
    pace_required = models.BooleanField(
        _("require pace"),
        default=False,
        help_text=_(
            "Passing also needs the answers at pace: the median of each answer's time "
            "over its drill's target at most 1 (over the whole test, or in every section for a "
            "test passed section by section)."
        ),
    )
    certification = models.BooleanField(
        _("certification"),
        default=False,
        help_text=_("Passing it issues a certificate with a code anyone can check."),
    )
    time_limit_minutes = models.PositiveSmallIntegerField(
        _("time limit (minutes)"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_MINUTES)],
        help_text=_("For the whole test, from the moment it is started; empty for no limit."),
    )
    due_at = models.DateTimeField(
        _("due"),
        null=True,
        blank=True,
        help_text=_("No sitting can start, and no answer is taken, after this; empty for none."),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))

    objects = AssessmentQuerySet.as_manager()

    class Meta:
        verbose_name = _("test")
        verbose_name_plural = _("tests")
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return self.title

    @property
    def time_limit(self) -> timedelta | None:
        if self.time_limit_minutes is None:
            return None
        return timedelta(minutes=self.time_limit_minutes)

    def is_due_by(self, moment) -> bool:
        return self.due_at is not None and moment >= self.due_at

    @property
    def is_past_due(self) -> bool:
        return self.is_due_by(timezone.now())

    @property
    def question_count(self) -> int:
        """Questions in all (uses a prefetch of `parts` when there is one)."""
        return sum(part.count for part in self.parts.all())

    @property
    def retake_wait(self) -> timedelta:
        return timedelta(hours=self.retake_wait_hours)

    @property
    def levels(self) -> list[int]:
        """The levels its sections are at, each once, lowest first."""
        return sorted({part.level for part in self.parts.all()})


class Part(models.Model):
    """A section of a test: so many questions of one drill kind at one level, with its own
    pass mark when the test is passed section by section."""

    assessment = models.ForeignKey(
        Assessment, on_delete=models.CASCADE, related_name="parts", verbose_name=_("assessment")
    )
    kind = models.CharField(max_length=30, verbose_name=_("kind"))
    level = models.PositiveSmallIntegerField(default=1, verbose_name=_("level"))
    count = models.PositiveSmallIntegerField(
        _("questions"),
        validators=[MinValueValidator(1), MaxValueValidator(MAX_QUESTIONS_PER_KIND)],
    )
    pass_mark = models.PositiveSmallIntegerField(
        _("pass mark (%)"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(100)],
        help_text=_("This section's own pass mark; empty for the test's."),
    )
    position = models.PositiveSmallIntegerField(verbose_name=_("position"))

    class Meta:
        verbose_name = _("section")
        verbose_name_plural = _("sections")
        ordering = ["assessment", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["assessment", "kind", "level"], name="one_section_per_kind_and_level"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.count} × {self.kind} (level {self.level})"

    @property
    def title(self) -> str:
        return title_of(self.kind)  # a drill's title, or a registered section's (rounds)

    @property
    def mark(self) -> int:
        """The pass mark that applies to this section."""
        return self.pass_mark or self.assessment.pass_mark


class AssignmentQuerySet(models.QuerySet):
    def for_trainee(self, trainee) -> AssignmentQuerySet:
        return self.filter(trainee=trainee)

    def visible_to(self, user) -> AssignmentQuerySet:
        if user.is_superuser:
            return self
        if not user.is_authenticated or user.house_id is None:
            return self.none()
        return self.filter(test__house_id=user.house_id)


class Assignment(models.Model):
    """A test given to one trainee: sat as many times as the test allows."""

    test = models.ForeignKey(
        Assessment, on_delete=models.CASCADE, related_name="assignments", verbose_name=_("test")
    )
    trainee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="test_assignments",
        verbose_name=_("trainee"),
    )
    assigned_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("assigned by"),
    )
    assigned_at = models.DateTimeField(auto_now_add=True, verbose_name=_("assigned at"))
    extra_attempts = models.PositiveSmallIntegerField(
        _("attempts added"),
        default=0,
        help_text=_(
            "Attempts a supervisor allowed this trainee beyond the test's own "
            "(logged on the trainee's page)."
        ),
    )

    objects = AssignmentQuerySet.as_manager()

    class Meta:
        verbose_name = _("test assignment")
        verbose_name_plural = _("test assignments")
        ordering = ["-assigned_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["test", "trainee"], name="assign_a_test_once"),
        ]

    def __str__(self) -> str:
        return f"{self.test} for {self.trainee}"

    @property
    def sitting(self) -> Sitting | None:
        """The latest sitting, if any was started (uses a prefetch of `sittings` when there
        is one; sittings are ordered newest first)."""
        sittings = self.attempts
        return sittings[0] if sittings else None

    @property
    def attempts(self) -> list[Sitting]:
        """Every sitting of this assignment, newest first."""
        return sorted(self.sittings.all(), key=lambda s: s.number, reverse=True)

    @property
    def passed(self) -> bool:
        return any(s.passed for s in self.sittings.all())

    @property
    def attempts_allowed(self) -> int:
        """The test's attempts, and those a supervisor added for this trainee."""
        return self.test.attempts_allowed + self.extra_attempts

    def next_attempt(self, now=None) -> NextAttempt:
        """Whether another sitting may start now, and if not why (uses the prefetches)."""
        now = now or timezone.now()
        test = self.test
        sittings = self.attempts
        if sittings and not sittings[0].is_finished:
            return NextAttempt(False, "running")
        if any(s.passed for s in sittings):
            return NextAttempt(False, "passed")
        if test.is_due_by(now):
            return NextAttempt(False, "past due")
        if len(sittings) >= self.attempts_allowed:
            return NextAttempt(False, "no attempts left")
        if sittings and sittings[0].finished_at + test.retake_wait > now:
            return NextAttempt(False, "waiting", sittings[0].finished_at + test.retake_wait)
        return NextAttempt(True, "", number=len(sittings) + 1)


@dataclass(frozen=True)
class NextAttempt:
    """May the trainee start a sitting now?  `why` says why not; `from_` when they may."""

    allowed: bool
    why: str
    from_: datetime | None = None
    number: int = 0


class SittingQuerySet(models.QuerySet):
    def for_trainee(self, trainee) -> SittingQuerySet:
        return self.filter(trainee=trainee)

    def visible_to(self, user) -> SittingQuerySet:
        """For reviewers: superusers see all, everyone else their own house's trainees."""
        if user.is_superuser:
            return self
        if not user.is_authenticated or user.house_id is None:
            return self.none()
        return self.filter(assignment__test__house_id=user.house_id)

    def finished(self) -> SittingQuerySet:
        return self.filter(finished_at__isnull=False)

    def running(self) -> SittingQuerySet:
        return self.filter(finished_at__isnull=True)

    def overdue(self, now=None) -> SittingQuerySet:
        """Still open although their deadline has passed: to be finished by the worker's sweep
        or the next post that needs it (`finishing.finish_overdue`)."""
        return self.running().filter(deadline__lte=now or timezone.now())

    def open_for(self, user, now=None) -> SittingQuerySet:
        """The sittings `user` is taking right now: started, not finished, and still taking
        answers (no deadline, or one still ahead).  An overdue sitting takes no answer, so it
        is not open even before it is finished."""
        return (
            self.running()
            .filter(trainee_id=user.pk)
            .filter(Q(deadline__isnull=True) | Q(deadline__gt=now or timezone.now()))
        )


class Sitting(models.Model):
    """One trainee taking one assigned test, from the start to the score."""

    class Ending(models.TextChoices):
        ANSWERED = "answered", _("every question answered")
        TIME_UP = "time-up", _("time ran out")
        STOPPED = "stopped", _("finished early by the trainee")

    assignment = models.ForeignKey(
        Assignment, on_delete=models.RESTRICT, related_name="sittings", verbose_name=_("assignment")
    )
    number = models.PositiveSmallIntegerField(
        _("attempt"),
        default=1,
        help_text=_("1 for the first sitting of the assignment, 2 for a retake..."),
    )
    # denormalised from the assignment, so progress can filter sittings by trainee directly
    trainee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="test_sittings",
        verbose_name=_("trainee"),
    )
    started_at = models.DateTimeField(default=timezone.now, verbose_name=_("started at"))
    deadline = models.DateTimeField(
        null=True,
        blank=True,
        help_text=_("No answer is taken from this moment on."),
        verbose_name=_("deadline"),
    )
    finished_at = models.DateTimeField(null=True, blank=True, verbose_name=_("finished at"))
    ending = models.CharField(
        max_length=10, choices=Ending.choices, blank=True, verbose_name=_("ending")
    )
    right = models.PositiveSmallIntegerField(default=0, verbose_name=_("right"))
    total = models.PositiveSmallIntegerField(default=0, verbose_name=_("total"))
    passed = models.BooleanField(null=True, blank=True, verbose_name=_("passed"))
    pace = models.FloatField(
        null=True,
        blank=True,
        help_text=_(
            "As scored: the median of the answers' times over their targets (1 is "
            "exactly at target); empty when no answer was timed."
        ),
        verbose_name=_("pace"),
    )
    sections = models.JSONField(
        default=list,
        blank=True,
        help_text=_(
            "Per section, as scored: kind, level, right, total, pass mark, the median "
            "time, target and pace, at pace, passed."
        ),
        verbose_name=_("sections"),
    )
    # The connection's round trip, measured by the server alone: each start and each answer is
    # answered by a redirect to the sitting's page, and the browser asks for that page at once.
    # The smallest of these is taken off each answer's time, up to a bound
    # (trainer.assessments.services.NETWORK_ALLOWANCE_MS): see the rulebook's Speed standards.
    redirected_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text=_("When the last redirect to the sitting's page was sent."),
        verbose_name=_("redirected at"),
    )
    round_trip_ms = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text=_(
            "The smallest round trip measured in this sitting: from a redirect sent to "
            "the page it names being asked for."
        ),
        verbose_name=_("round trip ms"),
    )

    objects = SittingQuerySet.as_manager()

    class Meta:
        verbose_name = _("sitting")
        verbose_name_plural = _("sittings")
        ordering = ["-started_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["assignment", "number"], name="one_sitting_per_attempt_number"
            ),
        ]
        indexes = [models.Index(fields=["trainee", "-started_at"])]

    def __str__(self) -> str:
        return f"{self.assignment.test} by {self.trainee} on {self.started_at:%Y-%m-%d %H:%M}"

    def save(self, *args, **kwargs):
        if self.pk is not None and Sitting.objects.finished().filter(pk=self.pk).exists():
            raise ValidationError(FINISHED_IS_FINAL)
        return super().save(*args, **kwargs)

    @property
    def certificate(self) -> Certificate | None:
        """The test's own certificate of this sitting (a passed certification test's), if
        any; a game's certificate that names the sitting as its written test is not it."""
        # from the prefetched certificates where a page prefetched them
        return next((c for c in self.certificates.all() if not c.game), None)

    @property
    def is_finished(self) -> bool:
        return self.finished_at is not None

    def is_past_deadline(self, now=None) -> bool:
        return self.deadline is not None and (now or timezone.now()) >= self.deadline

    def seconds_left(self, now=None) -> int | None:
        if self.deadline is None:
            return None
        return max(0, int((self.deadline - (now or timezone.now())).total_seconds()))

    @property
    def clock(self) -> str:
        """Time left as the countdown shows it, m:ss (empty with no deadline)."""
        seconds = self.seconds_left()
        return "" if seconds is None else f"{seconds // 60}:{seconds % 60:02d}"

    @property
    def percent(self) -> int | None:
        if not self.is_finished or not self.total:
            return None
        return round(100 * self.right / self.total)

    @property
    def at_pace(self) -> bool | None:
        """Whether the answers came at pace, as scored (None: none was timed)."""
        return None if self.pace is None else self.pace <= 1


FINISHED_IS_FINAL = _(
    "This sitting is finished: its result is a matter of record and cannot change."
)


class SittingQuestion(models.Model):
    """A question of a sitting, in the order it is asked."""

    sitting = models.ForeignKey(
        Sitting, on_delete=models.CASCADE, related_name="items", verbose_name=_("sitting")
    )
    question = models.OneToOneField(
        Question, on_delete=models.PROTECT, related_name="sitting_item", verbose_name=_("question")
    )
    part = models.ForeignKey(
        Part,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("part"),
    )
    position = models.PositiveSmallIntegerField(verbose_name=_("position"))

    class Meta:
        verbose_name = _("sitting question")
        verbose_name_plural = _("sitting questions")
        ordering = ["sitting", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["sitting", "position"], name="one_question_per_position"
            ),
        ]

    def __str__(self) -> str:
        return f"Question {self.position} of sitting {self.sitting_id}"


#: Crockford's base 32: digits and capitals without I, L, O and U, so that nothing read
#: off paper is mistaken for another character
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
#: a code's characters (100 random bits) and the size of the groups it is printed in
CODE_CHARACTERS, CODE_GROUP = 20, 4
#: what a reader may type for a character that looks like one of the code's
_LOOKALIKES = str.maketrans({"O": "0", "I": "1", "L": "1"})


def new_code() -> str:
    """A verification code nobody can guess (100 random bits) and anyone can read off paper
    and type: Crockford's base 32 in groups of four, such as "7K3Q-9ZXM-B4TD-1WPA-6HRC"."""
    characters = "".join(secrets.choice(CROCKFORD) for _ in range(CODE_CHARACTERS))
    return "-".join(characters[i : i + CODE_GROUP] for i in range(0, CODE_CHARACTERS, CODE_GROUP))


def code_as_typed(typed: str) -> str | None:
    """The code `typed` stands for, however it was typed (any case, with or without the
    hyphens, spaces between groups, O for 0 and I or L for 1); None when it is not one.

    >>> code_as_typed(" 7k3q 9zxm-b4td 1wpa-6hrc ")
    '7K3Q-9ZXM-B4TD-1WPA-6HRC'
    >>> code_as_typed("7K3Q-9ZXM-B4TD-IWPA-6HRC"), code_as_typed("7K3Q-9ZXM")
    ('7K3Q-9ZXM-B4TD-1WPA-6HRC', None)
    """
    characters = "".join(typed.upper().replace("-", " ").split()).translate(_LOOKALIKES)
    if len(characters) != CODE_CHARACTERS or any(c not in CROCKFORD for c in characters):
        return None
    return "-".join(characters[i : i + CODE_GROUP] for i in range(0, CODE_CHARACTERS, CODE_GROUP))


class CertificateQuerySet(models.QuerySet):
    def visible_to(self, user) -> CertificateQuerySet:
        """Staff of the certificate's house (superusers: all); a trainee, their own."""
        if user.is_superuser:
            return self
        if not user.is_authenticated or user.house_id is None:
            return self.none()
        if user.has_perm("houses.review_trainees"):
            return self.filter(sitting__assignment__test__house_id=user.house_id)
        return self.filter(trainee_id=user.pk)


class Certificate(models.Model):
    """Issued once, when a sitting of a certification test is passed (`game` empty), or when a
    dealer meets every part of a game's certification (`game` the game's slug, `parts` what
    was met and when, the sitting that of its written test: trainer.certification); revoked,
    never deleted; a renewal is a new certificate that names the one it renews."""

    sitting = models.ForeignKey(
        Sitting, on_delete=models.PROTECT, related_name="certificates", verbose_name=_("sitting")
    )
    #: the game a dealer is certified in; empty for a test's own certificate
    game = models.CharField(max_length=30, blank=True, default="", verbose_name=_("game"))
    #: each part of the game's certification as met when issued: [{"part": "test" | "hours" |
    #: "table", "at": ISO time, ...its figures}] (trainer.certification.standing)
    parts = models.JSONField(default=list, blank=True, verbose_name=_("parts"))
    renews = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="renewals",
        help_text=_("The certificate this one renews."),
        verbose_name=_("renews"),
    )
    trainee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="certificates",
        verbose_name=_("trainee"),
    )
    code = models.CharField(
        max_length=40, unique=True, default=new_code, editable=False, verbose_name=_("code")
    )
    issued_at = models.DateTimeField(default=timezone.now, verbose_name=_("issued at"))
    signed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text=_("The supervisor who assigned the test."),
        verbose_name=_("signed by"),
    )
    revoked_at = models.DateTimeField(null=True, blank=True, verbose_name=_("revoked at"))
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("revoked by"),
    )
    revoked_because = models.CharField(_("reason"), max_length=300, blank=True)
    #: when it stops standing: its issue plus the house's validity when it was issued (the
    #: house's `certificate_months`); None: it never expires
    expires_at = models.DateTimeField(null=True, blank=True, verbose_name=_("expires at"))

    objects = CertificateQuerySet.as_manager()

    class Meta:
        verbose_name = _("certificate")
        verbose_name_plural = _("certificates")
        ordering = ["-issued_at", "-pk"]
        permissions = [("revoke_certificates", _("Can revoke the certificates of their house"))]
        constraints = [
            models.UniqueConstraint(
                fields=["sitting", "game"], name="one_certificate_per_sitting_and_game"
            )
        ]

    def __str__(self) -> str:
        about = self.game or self.sitting.assignment.test
        return f"Certificate {self.pk}: {about} for {self.trainee}"

    @property
    def is_revoked(self) -> bool:
        return self.revoked_at is not None

    @property
    def is_expired(self) -> bool:
        return self.expires_at is not None and self.expires_at <= timezone.now()

    @property
    def renewal_due(self) -> bool:
        """Within the house's renewal window before it expires (and neither expired nor
        revoked)."""
        if self.expires_at is None or self.is_expired or self.is_revoked:
            return False
        window = timedelta(days=self.sitting.assignment.test.house.renewal_days)
        return timezone.now() >= self.expires_at - window

    @property
    def status(self) -> str:
        """ "revoked", "expired", "renewal due" or "valid" (docs/rulebook.md, *Certificates*)."""
        if self.is_revoked:
            return "revoked"
        if self.is_expired:
            return "expired"
        return "renewal due" if self.renewal_due else "valid"

    @property
    def test(self) -> Assessment:
        return self.sitting.assignment.test

    @property
    def title(self) -> str:
        """What it certifies, in the reader's language: "Certified dealer: <game>" for a game's
        certification, else the test's title."""
        if self.game:
            return gettext("Certified dealer: %(game)s") % {"game": self.game_title}
        return self.test.title

    @property
    def house(self):
        return self.test.house

    @property
    def game_title(self) -> str:
        return render(registry.title_of(self.game)) if self.game else ""

    @property
    def part_rows(self) -> list[dict]:
        """`parts` with each date read back as a time (they are stored as ISO text)."""
        return [{**p, "at": datetime.fromisoformat(p["at"])} for p in self.parts]


class Notice(models.Model):
    """A notice to a person (a test assigned, a certificate due for renewal or expired): kept
    on the site and mailed, each once (`key` names what it is about, unique per recipient, so
    a worker that starts again sends nothing twice).  `trainer.assessments.notices`."""

    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="notices",
        verbose_name=_("recipient"),
    )
    key = models.CharField(max_length=100, verbose_name=_("about"))
    subject = models.CharField(max_length=200, verbose_name=_("subject"))
    body = models.TextField(verbose_name=_("body"))
    created_at = models.DateTimeField(default=timezone.now, verbose_name=_("created at"))
    #: when it was mailed (None: not yet, or the person has no address)
    emailed_at = models.DateTimeField(null=True, blank=True, verbose_name=_("emailed at"))

    class Meta:
        verbose_name = _("notice")
        verbose_name_plural = _("notices")
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["recipient", "key"], name="one_notice_per_thing")
        ]

    def __str__(self) -> str:
        return f"{self.recipient}: {self.subject}"
