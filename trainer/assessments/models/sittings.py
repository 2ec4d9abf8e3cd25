"""Assigned tests: the test a supervisor builds (`Assessment`, its sections `Part`), its
assignment to a trainee (`Assignment`), each sitting (`Sitting`) and its questions in order
(`SittingQuestion`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from trainer.drills.models import Question
from trainer.houses.models import House

from ..sections import title_of

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
    def certificate(self) -> models.Model | None:
        """The test's own certificate of this sitting (a passed certification test's), if
        any (a `Certificate`, read through the reverse relation); a game's certificate that
        names the sitting as its written test is not it."""
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
