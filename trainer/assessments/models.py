"""Assigned tests: what a supervisor builds, who it is assigned to, and each sitting.

A test (`Assessment`) is a fixed mix of drill kinds, each with a number of questions, at one
level, with a pass mark, an optional time limit and an optional due date.  Assigning it to a
trainee makes an `Assignment`; taking it makes the one `Sitting` that assignment may have.
The sitting's questions are ordinary drills questions (dealt with no practice session) linked
in order by `SittingQuestion`, all dealt when the sitting starts.  Once a sitting is finished
its score is a matter of record: `right`, `total` and `passed` are written once and never again.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Count, Q
from django.utils import timezone

from trainer.drills.models import Question
from trainer.engine.drills import REGISTRY
from trainer.houses.models import House

MAX_QUESTIONS_PER_KIND = 50
MAX_QUESTIONS = 100
MAX_MINUTES = 600


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

    house = models.ForeignKey(House, on_delete=models.PROTECT, related_name="assessments")
    title = models.CharField(max_length=100)
    level = models.PositiveSmallIntegerField(
        default=1, help_text="The drills' level for every question of the test."
    )
    pass_mark = models.PositiveSmallIntegerField(
        "pass mark (%)",
        default=80,
        validators=[MinValueValidator(1), MaxValueValidator(100)],
        help_text="The share of all the questions, in per cent, a trainee must get right.",
    )
    time_limit_minutes = models.PositiveSmallIntegerField(
        "time limit (minutes)",
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_MINUTES)],
        help_text="For the whole test, from the moment it is started; empty for no limit.",
    )
    due_at = models.DateTimeField(
        "due",
        null=True,
        blank=True,
        help_text="No sitting can start, and no answer is taken, after this; empty for none.",
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = AssessmentQuerySet.as_manager()

    class Meta:
        verbose_name = "test"
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


class Part(models.Model):
    """So many questions of one drill kind in a test."""

    assessment = models.ForeignKey(Assessment, on_delete=models.CASCADE, related_name="parts")
    kind = models.CharField(max_length=30)
    count = models.PositiveSmallIntegerField(
        "questions",
        validators=[MinValueValidator(1), MaxValueValidator(MAX_QUESTIONS_PER_KIND)],
    )
    position = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["assessment", "position"]
        constraints = [
            models.UniqueConstraint(fields=["assessment", "kind"], name="one_part_per_kind"),
        ]

    def __str__(self) -> str:
        return f"{self.count} × {self.kind}"

    @property
    def title(self) -> str:
        drill = REGISTRY.get(self.kind)
        return drill.title if drill else self.kind


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
    """A test given to one trainee: taken at most once."""

    test = models.ForeignKey(Assessment, on_delete=models.CASCADE, related_name="assignments")
    trainee = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="test_assignments"
    )
    assigned_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    assigned_at = models.DateTimeField(auto_now_add=True)

    objects = AssignmentQuerySet.as_manager()

    class Meta:
        ordering = ["-assigned_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["test", "trainee"], name="assign_a_test_once"),
        ]

    def __str__(self) -> str:
        return f"{self.test} for {self.trainee}"

    @property
    def sitting(self) -> Sitting | None:
        """The one sitting, if started (uses a prefetch of `sittings` when there is one)."""
        sittings = list(self.sittings.all())
        return sittings[0] if sittings else None


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
        """Still open although their deadline has passed: to be finished on the next visit."""
        return self.running().filter(deadline__lte=now or timezone.now())

    def open_for(self, user, now=None) -> SittingQuerySet:
        """The sittings `user` is taking right now: started, not finished, and still taking
        answers (no deadline, or one still ahead).  An overdue sitting takes no answer, so it
        is not open even before a visit finishes it."""
        return (
            self.running()
            .filter(trainee_id=user.pk)
            .filter(Q(deadline__isnull=True) | Q(deadline__gt=now or timezone.now()))
        )


class Sitting(models.Model):
    """One trainee taking one assigned test, from the start to the score."""

    class Ending(models.TextChoices):
        ANSWERED = "answered", "every question answered"
        TIME_UP = "time-up", "time ran out"
        STOPPED = "stopped", "finished early by the trainee"

    assignment = models.ForeignKey(Assignment, on_delete=models.RESTRICT, related_name="sittings")
    # denormalised from the assignment, so progress can filter sittings by trainee directly
    trainee = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="test_sittings"
    )
    started_at = models.DateTimeField(default=timezone.now)
    deadline = models.DateTimeField(
        null=True, blank=True, help_text="No answer is taken from this moment on."
    )
    finished_at = models.DateTimeField(null=True, blank=True)
    ending = models.CharField(max_length=10, choices=Ending.choices, blank=True)
    right = models.PositiveSmallIntegerField(default=0)
    total = models.PositiveSmallIntegerField(default=0)
    passed = models.BooleanField(null=True, blank=True)

    objects = SittingQuerySet.as_manager()

    class Meta:
        ordering = ["-started_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["assignment"], name="one_sitting_per_assignment"),
        ]
        indexes = [models.Index(fields=["trainee", "-started_at"])]

    def __str__(self) -> str:
        return f"{self.assignment.test} by {self.trainee} on {self.started_at:%Y-%m-%d %H:%M}"

    def save(self, *args, **kwargs):
        if self.pk is not None and Sitting.objects.finished().filter(pk=self.pk).exists():
            raise ValidationError(FINISHED_IS_FINAL)
        return super().save(*args, **kwargs)

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


FINISHED_IS_FINAL = "This sitting is finished: its result is a matter of record and cannot change."


class SittingQuestion(models.Model):
    """A question of a sitting, in the order it is asked."""

    sitting = models.ForeignKey(Sitting, on_delete=models.CASCADE, related_name="items")
    question = models.OneToOneField(Question, on_delete=models.PROTECT, related_name="sitting_item")
    position = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["sitting", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["sitting", "position"], name="one_question_per_position"
            ),
        ]

    def __str__(self) -> str:
        return f"Question {self.position} of sitting {self.sitting_id}"
