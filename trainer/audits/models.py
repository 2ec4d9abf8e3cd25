"""An audit report: one uploaded hand log, kept in the database in chunks (any app server's
worker can read it), and what the audit found: the summary and the lines that matter."""

from __future__ import annotations

import datetime

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from trainer.core.i18n import MessagesField, render
from trainer.core.leases import Leased
from trainer.engine.kit.situations import situation_words
from trainer.houses.models import House


class AuditReportQuerySet(models.QuerySet):
    def visible_to(self, user) -> AuditReportQuerySet:
        """Superusers see every house's reports; staff only their own house's."""
        if user.is_superuser:
            return self
        if not user.is_authenticated or user.house_id is None:
            return self.none()
        return self.filter(house_id=user.house_id)

    def newest_first(self) -> AuditReportQuerySet:
        return self.order_by("-uploaded_at", "-pk")


class AuditReport(Leased, models.Model):
    """One hand log and its audit.  The audit is a lease, as a par sheet's is
    (`trainer.houses.models.ParSheetResult`): `attempt` numbers each queueing, the worker
    running attempt n writes only while the report is RUNNING at attempt n, and a report
    whose heartbeat stops can be run again as attempt n + 1, which starts over."""

    class Status(models.TextChoices):
        QUEUED = "queued", pgettext_lazy("audit status", "queued")
        RUNNING = "running", pgettext_lazy("audit status", "running")
        DONE = "done", pgettext_lazy("audit status", "done")
        FAILED = "failed", pgettext_lazy("audit status", "failed")

    class Format(models.TextChoices):
        JSONL = "jsonl", "JSON Lines"
        CSV = "csv", "CSV"

    #: each format as the pages name it to the audit staff: by what the file is and its
    #: ending, not by the format's technical name (the choices above are the admin's)
    FORMAT_WORDS = {
        Format.JSONL: gettext_lazy("hand log (.jsonl)"),
        Format.CSV: gettext_lazy("spreadsheet (.csv)"),
    }

    house = models.ForeignKey(House, on_delete=models.PROTECT, related_name="audit_reports")
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    uploaded_at = models.DateTimeField(default=timezone.now)
    name = models.CharField(max_length=255, help_text="The uploaded file's name.")
    format = models.CharField(max_length=5, choices=Format.choices)
    size = models.PositiveBigIntegerField(default=0, help_text="The log's size in bytes.")
    total = models.PositiveBigIntegerField(default=0, help_text="Lines in the log.")
    done = models.PositiveBigIntegerField(default=0, help_text="Lines audited so far.")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    summary = models.JSONField(null=True, blank=True)
    #: game -> the labels of the house's versions used for its hands
    versions = models.JSONField(default=dict, blank=True)
    error = models.TextField(blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    attempt = models.PositiveIntegerField(default=1)
    heartbeat_at = models.DateTimeField(null=True, blank=True)

    #: the worker writes progress (and so renews its lease) about this often ...
    HEARTBEAT_SECONDS = 1
    #: ... and a running report not heard from for this long has lost its worker
    STALE_AFTER_SECONDS = 60

    objects = AuditReportQuerySet.as_manager()

    class Meta:
        permissions = [("audit_hands", "Can audit the hand logs of their house")]

    def __str__(self) -> str:
        return gettext("Audit of %(name)s (%(house)s)") % {"name": self.name, "house": self.house}

    @property
    def format_words(self) -> str:
        """The log's format as the report names it ("hand log (.jsonl)")."""
        return str(self.FORMAT_WORDS.get(self.format, self.get_format_display()))

    @property
    def percent(self) -> int:
        return min(100, int(100 * self.done / self.total)) if self.total else 0

    @property
    def can_run_again(self) -> bool:
        return self.status == self.Status.FAILED or self.is_stale


class AuditChunk(models.Model):
    """About a megabyte of the log's text, cut at a line's end where a line allows."""

    report = models.ForeignKey(AuditReport, on_delete=models.CASCADE, related_name="chunks")
    index = models.PositiveIntegerField()
    text = models.TextField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["report", "index"], name="one_chunk_per_index")
        ]

    def __str__(self) -> str:
        return f"Chunk {self.index} of {self.report_id}"


class AuditLineQuerySet(models.QuerySet):
    def filtered(self, **filters: str) -> AuditLineQuerySet:
        """The lines matching the report page's filters (verdict, dealer, table, game,
        situation); an empty filter matches everything."""
        return self.filter(**{name: value for name, value in filters.items() if value})


#: each of the engine's verdicts (`trainer.engine.audit.VERDICTS`) as the pages name it
VERDICT_WORDS = {
    "correct": pgettext_lazy("audit verdict", "correct"),
    "overpaid": pgettext_lazy("audit verdict", "overpaid"),
    "underpaid": pgettext_lazy("audit verdict", "underpaid"),
    "misdirected": pgettext_lazy("audit verdict", "misdirected"),
    "error": pgettext_lazy("audit verdict", "error"),
}


#: the verdicts that are a dealer's mispay (an "error" line is the log's, not the dealer's)
MISPAID = ("overpaid", "underpaid", "misdirected")
#: what the cost page reads of a line besides its grouping: which report, which day, and the
#: money (`trainer.audits.costs`)
COST_FIELDS = ("report", "day", "verdict", "overpaid", "underpaid", "difference")
#: the cost page's passes over the lines, each read from an index of its own that leads with
#: its grouping (`AuditLine.Meta.indexes`); a pass groups by several columns where their
#: combinations stay few (a dealer meets a few situations of a few games; a table is one game's,
#: a year has 53 weeks; a day 1,440 minutes), so that three passes give the six groupings
COST_GROUPS = {
    "dealer": ("person", "dealer", "game", "situation"),
    "table": ("table", "week"),
    "minute": ("minute",),
}


def on_house_clock(when, zone) -> dict:
    """A hand's time as the cost page counts it on the house's clock (`zone`): its day, the
    Monday of its week, and its minute of the day."""
    local = when.astimezone(zone)
    day = local.date()
    return {
        "day": day,
        "week": day - datetime.timedelta(days=day.weekday()),
        "minute": local.hour * 60 + local.minute,
    }


class AuditLine(models.Model):
    """A line of the log the audit found wrong: a mispay, or a line it could not rule."""

    report = models.ForeignKey(AuditReport, on_delete=models.CASCADE, related_name="lines")
    number = models.PositiveBigIntegerField(help_text="The line's number in the log, from 1.")
    verdict = models.CharField(max_length=12)
    game = models.CharField(max_length=40, blank=True)
    dealer = models.CharField(max_length=200, blank=True)
    table = models.CharField(max_length=200, blank=True)
    situation = models.CharField(max_length=300, blank=True)
    difference = models.BigIntegerField(default=0)
    overpaid = models.BigIntegerField(default=0)
    underpaid = models.BigIntegerField(default=0)
    version = models.CharField(max_length=300, blank=True)
    #: when the hand was dealt as far as the audit knows: the log's `at` (a time without a
    #: zone is the site's), else the report's upload
    at = models.DateTimeField(null=True, blank=True)
    #: that time on the house's clock when audited, as the cost page counts it: its day, the
    #: Monday of its week, and its minute of the day (the shift is worked out from it)
    day = models.DateField(null=True, blank=True)
    week = models.DateField(null=True, blank=True)
    minute = models.PositiveSmallIntegerField(null=True, blank=True)
    #: the house's person the log's dealer is (`trainer.audits.findings`: matched exactly on
    #: an employee number or a log alias); None: not matched (yet)
    person = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="audit_lines",
    )
    #: the log line as read (None: it could not be read), and the audit's output object
    request = models.JSONField(null=True, blank=True)
    #: (its steps kept as the engine's messages, to read in the reader's language)
    result = MessagesField()
    #: the line as written, for a line that could not be read
    raw = models.TextField(blank=True)

    objects = AuditLineQuerySet.as_manager()

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["report", "number"], name="one_row_per_log_line")
        ]
        # the cost page (`trainer.audits.costs`): each pass read from an index holding
        # everything it adds up, in the grouping's order, so the database neither sorts nor
        # reads the rows (a million lines: about 0.25 s of CPU per pass on SQLite)
        indexes = [
            models.Index(fields=[*group, *COST_FIELDS], name=f"audit_cost_{name}")
            for name, group in COST_GROUPS.items()
        ]

    def __str__(self) -> str:
        return f"Line {self.number}: {self.verdict}"

    @property
    def verdict_words(self) -> str:
        """The verdict in the reader's language (its code where the pages know no words)."""
        return str(VERDICT_WORDS.get(self.verdict, self.verdict))

    @property
    def situation_said(self) -> str:
        """The situation in the reader's language; the stored key (filters, grouping and the
        CSV export read it) stays the engine's English."""
        return situation_said(self.situation)


class LogAliasQuerySet(models.QuerySet):
    def of_house(self, house) -> LogAliasQuerySet:
        return self.filter(house=house).select_related("person", "created_by")


class LogAlias(models.Model):
    """How a house's table system writes one of its people in a hand log ("D. Ortiz",
    "4417"): a log's dealer written exactly so is that person.  Added from a report's
    unmatched names by audit staff (who, when); deleting it unlinks the lines it linked."""

    house = models.ForeignKey(House, on_delete=models.CASCADE, related_name="log_aliases")
    person = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="log_aliases"
    )
    alias = models.CharField(max_length=AuditLine._meta.get_field("dealer").max_length)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)

    objects = LogAliasQuerySet.as_manager()

    class Meta:
        ordering = ["alias"]
        constraints = [
            models.UniqueConstraint(fields=["house", "alias"], name="one_person_per_log_alias")
        ]

    def __str__(self) -> str:
        return f"{self.alias} = {self.person}"


class AuditFinding(models.Model):
    """A mispay of a matched dealer applied to their skill card as a lapse: once per hand
    and card (`hand`: a digest of the line as audited, the same in a second report of the
    same log), so auditing a log again or linking a name again changes no card twice.  It
    keeps what the dealer is told on Today's practice even after its report is deleted."""

    report = models.ForeignKey(
        AuditReport, on_delete=models.SET_NULL, null=True, blank=True, related_name="findings"
    )
    line = models.ForeignKey(
        AuditLine, on_delete=models.SET_NULL, null=True, blank=True, related_name="findings"
    )
    card = models.ForeignKey(
        "practice.SkillCard", on_delete=models.CASCADE, related_name="audit_findings"
    )
    hand = models.CharField(max_length=64, help_text="SHA-256 of the line as audited.")
    #: the hand's time (the log's, else the report's upload): the lapse's review time
    at = models.DateTimeField()
    game = models.CharField(max_length=40)
    table = models.CharField(max_length=200, blank=True)
    situation = models.CharField(max_length=300)
    applied_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["card", "hand"], name="one_lapse_per_hand_and_card")
        ]

    def __str__(self) -> str:
        return f"{self.card}: {self.situation} at {self.at:%Y-%m-%d %H:%M}"


def situation_said(situation: str) -> str:
    """A stored situation key as the pages say it (`engine.kit.situations.situation_words`)."""
    return render(situation_words(situation))
