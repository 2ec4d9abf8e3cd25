"""The people of a house as a supervisor runs them: who must still change a temporary
password, what was done to whose account (the log), CSV imports waiting for confirmation, and
classes (cohorts) of trainees with the tests given to the whole class."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from trainer.core.leases import Leased
from trainer.houses.models import House

USER = settings.AUTH_USER_MODEL


#: how long a password someone else chose lets its holder sign in, unchanged
TEMPORARY_PASSWORD_LIFETIME = timedelta(days=7)


class TemporaryPasswordQuerySet(models.QuerySet):
    def expired(self, now=None) -> TemporaryPasswordQuerySet:
        return self.filter(set_at__lte=(now or timezone.now()) - TEMPORARY_PASSWORD_LIFETIME)


class TemporaryPassword(models.Model):
    """This user signs in with a password someone else chose, and must choose their own
    before anything else (trainer.roster.middleware); after TEMPORARY_PASSWORD_LIFETIME it
    signs nobody in (trainer.site.accounts.SignInForm).  Deleted once they have chosen."""

    user = models.OneToOneField(USER, on_delete=models.CASCADE, related_name="temporary_password")
    set_by = models.ForeignKey(USER, null=True, on_delete=models.SET_NULL, related_name="+")
    set_at = models.DateTimeField(auto_now=True)

    objects = TemporaryPasswordQuerySet.as_manager()

    def __str__(self) -> str:
        return f"{self.user} must change the password set on {self.set_at:%Y-%m-%d}"

    @property
    def expires_at(self):
        return self.set_at + TEMPORARY_PASSWORD_LIFETIME

    @property
    def is_expired(self) -> bool:
        return self.expires_at <= timezone.now()


class PersonAction(models.Model):
    """One thing done to a person's account on the site: who, when, what.  Never edited."""

    class Kind(models.TextChoices):
        CREATED = "created", _("account created")
        IMPORTED = "imported", _("account created from a CSV file")
        TEMPORARY_PASSWORD = "temporary-password", _("temporary password given")
        PASSWORD_SET = "password-set", _("new password set")
        DEACTIVATED = "deactivated", _("deactivated")
        REACTIVATED = "reactivated", _("reactivated")
        UNLOCKED = "unlocked", _("sign-in unlocked")
        CERTIFICATE_REVOKED = "certificate-revoked", _("certificate revoked")
        CLASS_JOINED = "class-joined", _("added to a class")
        ATTEMPT_ALLOWED = "attempt-allowed", _("one more attempt at a test allowed")
        GAMES_ENROLLED = "games-enrolled", _("games enrolled in changed")
        # the Floor supervisor role, given to a trainee or taken back
        PROMOTED = "promoted", _("promoted to watch the game")
        PROMOTION_WITHDRAWN = "promotion-withdrawn", _("promotion to watch the game taken back")
        EMPLOYEE_NUMBER = "employee-number", _("employee number changed")

    subject = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="actions_on")
    actor = models.ForeignKey(USER, null=True, on_delete=models.SET_NULL, related_name="+")
    at = models.DateTimeField(auto_now_add=True)
    kind = models.CharField(max_length=30, choices=Kind.choices)
    detail = models.CharField(max_length=400, blank=True)

    class Meta:
        ordering = ["-at", "-pk"]
        indexes = [models.Index(fields=["subject", "-at"])]
        permissions = [
            ("enrol_trainees", "Can add trainees to their house, one at a time or from CSV"),
            ("run_classes", "Can make classes of the trainees of their house"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.subject} by {self.actor} at {self.at}"


class RosterImport(Leased, models.Model):
    """A CSV file of trainees read and previewed, waiting for its confirmation; confirmed
    once, its accounts made by the task worker (`trainer.roster.imports.import_trainees`) in
    one transaction.

    Making an account hashes its temporary password, about half a second each with Django's
    hasher: a file of 500 would hold a web request for minutes, so the worker does it, under
    a lease as an audit is (`trainer.core.leases`): `attempt` numbers each queueing, the worker
    running attempt n writes only while the import is RUNNING at attempt n, and an import
    whose heartbeat stops is queued again as attempt n + 1, which starts over.  The accounts
    are made together, with `DONE`, in one transaction: a worker that dies before it commits
    leaves nobody, one that dies after leaves an import its next attempt finds done."""

    class Status(models.TextChoices):
        STAGED = "staged", _("waiting for confirmation")
        QUEUED = "queued", _("queued")
        RUNNING = "running", _("being created")
        DONE = "done", _("created")
        REFUSED = "refused", _("refused")  # a row could no longer be imported: nobody created
        FAILED = "failed", _("failed")

    house = models.ForeignKey(House, on_delete=models.CASCADE, related_name="+")
    created_by = models.ForeignKey(USER, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    filename = models.CharField(max_length=200, blank=True)
    rows = models.JSONField(help_text=_("The rows read: username, first_name, last_name, email."))
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.STAGED)
    confirmed_by = models.ForeignKey(
        USER, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    attempt = models.PositiveIntegerField(default=0)
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    prepared = models.PositiveIntegerField(
        default=0, help_text=_("Accounts of the current attempt whose password is hashed.")
    )
    refusal = models.JSONField(
        default=dict,
        blank=True,
        help_text=_("Why nobody was created: the file's problems, and each row's by its line."),
    )
    error = models.TextField(blank=True)
    done_at = models.DateTimeField(null=True, blank=True)
    created_users = models.JSONField(default=list, blank=True)
    #: [user id, temporary password] of each account made, from the transaction that makes
    #: them until the page shows them, once, to whoever confirmed (or PASSWORDS_KEPT passes)
    passwords = models.JSONField(null=True, blank=True)
    passwords_shown_at = models.DateTimeField(null=True, blank=True)

    #: the worker writes progress (and so renews its lease) about this often ...
    HEARTBEAT_SECONDS = 1
    #: ... and a running import not heard from for this long has lost its worker
    STALE_AFTER_SECONDS = 60
    #: temporary passwords never shown are erased this long after the accounts were made
    PASSWORDS_KEPT = timedelta(days=1)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"Import {self.pk} ({self.filename}) into {self.house}"

    @property
    def percent(self) -> int:
        total = len(self.rows)
        return min(100, 100 * self.prepared // total) if total else 0

    @property
    def can_run_again(self) -> bool:
        return self.status == self.Status.FAILED or self.is_stale


class CohortQuerySet(models.QuerySet):
    def visible_to(self, user) -> CohortQuerySet:
        if user.is_superuser:
            return self
        if not user.is_authenticated or user.house_id is None:
            return self.none()
        return self.filter(house_id=user.house_id)


class Cohort(models.Model):
    """A class: trainees of one house who started together.  A trainee may be in several."""

    house = models.ForeignKey(House, on_delete=models.CASCADE, related_name="classes")
    name = models.CharField(max_length=100)
    starts_on = models.DateField(_("starts on"))
    members = models.ManyToManyField(USER, through="Membership", related_name="classes")
    created_by = models.ForeignKey(USER, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    objects = CohortQuerySet.as_manager()

    class Meta:
        verbose_name = _("class")
        verbose_name_plural = _("classes")
        ordering = ["-starts_on", "name"]
        constraints = [
            models.UniqueConstraint(fields=["house", "name"], name="one_class_name_per_house")
        ]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    cohort = models.ForeignKey(Cohort, on_delete=models.CASCADE, related_name="memberships")
    trainee = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="memberships")
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["cohort", "trainee"], name="in_a_class_once")
        ]

    def __str__(self) -> str:
        return f"{self.trainee} in {self.cohort}"


class ClassTest(models.Model):
    """A test given to a whole class: each member has their own assignment; members who
    join later are given it with one button (trainer.assessments.services.assign_to_class).

    The test is named by its model's label, not imported: the tests app sits above the roster
    (it gives tests to classes and logs on people's records), and this table, the roster's
    since classes got tests, is the one place the roster points back at it."""

    cohort = models.ForeignKey(Cohort, on_delete=models.CASCADE, related_name="tests")
    test = models.ForeignKey("assessments.Assessment", on_delete=models.CASCADE, related_name="+")
    assigned_by = models.ForeignKey(USER, null=True, on_delete=models.SET_NULL, related_name="+")
    assigned_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-assigned_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["cohort", "test"], name="a_test_to_a_class_once")
        ]

    def __str__(self) -> str:
        return f"{self.test} for {self.cohort}"
