"""Par sheets as the task worker computes them, and the counts the fast ones read."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy, pgettext_lazy

from trainer.core.leases import Leased

from .paytables import paid_game_choices


class ParSheetResultQuerySet(models.QuerySet):
    def stale(self, before):
        """Sheets whose computation holds a lease nobody has renewed since `before`: its worker
        died (killed, or its machine lost) and nobody else will finish it."""
        return self.filter(self._stale(before))

    def retryable(self, before):
        """Sheets worth queueing again: failed ones, and stale ones (see `stale`)."""
        return self.filter(Q(status=ParSheetResult.Status.FAILED) | self._stale(before))

    @staticmethod
    def _stale(before) -> Q:
        lapsed = Q(heartbeat_at__lt=before) | Q(heartbeat_at__isnull=True)
        return Q(status=ParSheetResult.Status.RUNNING) & lapsed


class ParSheetResult(Leased, models.Model):
    """The par sheet of one paytable as the engine computes it.  Keyed by what the figures
    depend on (`trainer.engine.parsheets.paytable_key`), so identical tables of any house share
    one computation, and a version's table never changes, so its par sheet never goes stale.

    A computation is a lease: `attempt` numbers each queueing, the worker computing attempt n
    renews `heartbeat_at` every few seconds, and every write it makes is conditional on the
    row still being RUNNING at attempt n.  A sheet whose heartbeat stops is queued again as
    attempt n + 1, and whatever the old worker writes afterwards changes nothing."""

    class Status(models.TextChoices):
        QUEUED = "queued", pgettext_lazy("par sheet status", "queued")
        RUNNING = "running", pgettext_lazy("par sheet status", "running")
        DONE = "done", pgettext_lazy("par sheet status", "done")
        FAILED = "failed", pgettext_lazy("par sheet status", "failed")

    key = models.CharField(gettext_lazy("key"), max_length=64, unique=True)
    game = models.CharField(gettext_lazy("game"), max_length=30, choices=paid_game_choices)
    status = models.CharField(
        gettext_lazy("status"), max_length=10, choices=Status.choices, default=Status.QUEUED
    )
    done = models.BigIntegerField(gettext_lazy("done"), default=0)
    total = models.BigIntegerField(gettext_lazy("total"), default=0)
    figures = models.JSONField(gettext_lazy("figures"), null=True, blank=True)
    error = models.TextField(gettext_lazy("error"), blank=True)
    # what to compute: this version's table under these house rules (`HouseRules` as a dict),
    # so that any worker can compute or recompute the sheet from the row alone
    version = models.ForeignKey(
        "PaytableVersion",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text="The version whose table is computed (identical tables share the sheet).",
        verbose_name=gettext_lazy("version"),
    )
    rules = models.JSONField(
        gettext_lazy("rules"),
        null=True,
        blank=True,
        help_text="The house rules the sheet is computed under.",
    )
    requested_at = models.DateTimeField(gettext_lazy("requested at"), auto_now_add=True)
    finished_at = models.DateTimeField(gettext_lazy("finished at"), null=True, blank=True)
    attempt = models.PositiveIntegerField(
        gettext_lazy("attempt"),
        default=1,
        help_text="How many times the sheet has been queued (the lease's number).",
    )
    heartbeat_at = models.DateTimeField(
        gettext_lazy("heartbeat at"),
        null=True,
        blank=True,
        help_text="When the computing worker last said it is alive.",
    )

    #: A computing worker renews its lease this often ...
    HEARTBEAT_SECONDS = 5
    #: ... and a RUNNING sheet whose lease is older than this is stale (its worker died) and
    #: is queued again: twelve missed beats, so that a loaded machine never trips it, while a
    #: sheet whose worker was killed is taken up again within about a minute.
    STALE_AFTER_SECONDS = 60
    #: A sheet whose worker died this many times is marked failed rather than queued again.
    MAX_ATTEMPTS = 3

    objects = ParSheetResultQuerySet.as_manager()

    class Meta:
        verbose_name = gettext_lazy("par sheet")

    def __str__(self) -> str:
        return f"Par sheet {self.key[:12]} ({self.get_game_display()}, {self.status})"

    @property
    def percent(self) -> int:
        return int(100 * self.done / self.total) if self.total else 0

    @property
    def player_edge(self) -> bool:
        return bool(self.figures and self.figures.get("player_edge"))


class PrecomputedCountsQuerySet(models.QuerySet):
    def stale(self, before):
        """Counts whose build holds a lease nobody has renewed since `before`."""
        return self.filter(self._stale(before))

    def retryable(self, before):
        """Counts worth building again: failed ones, and stale ones (see `stale`)."""
        return self.filter(Q(status=PrecomputedCounts.Status.FAILED) | self._stale(before))

    def without_data(self):
        """The rows without their bytes (megabytes): for status and progress."""
        return self.defer("data")

    @staticmethod
    def _stale(before) -> Q:
        lapsed = Q(heartbeat_at__lt=before) | Q(heartbeat_at__isnull=True)
        return Q(status=PrecomputedCounts.Status.RUNNING) & lapsed


class PrecomputedCounts(Leased, models.Model):
    """What a game's fast par sheets read, made once (`trainer.engine.parsheets.counts`): the
    counts that no paytable, band or call multiple changes, as the engine's bytes.  Keyed by
    what they depend on (`Game.parsheet_counts_key`), so games whose sheets rest on the same
    counts share one row (Caribbean Stud and Casino Stud Poker); `game` is the game that
    first asked.  A database row rather than a file, so that every app server of a site
    reads the same counts; each process keeps them in memory once loaded
    (`trainer.houses.precompute`).  Built by the task worker under a lease, as a
    `ParSheetResult` is computed: never in a web request (it takes seconds to tens of
    seconds)."""

    class Status(models.TextChoices):
        QUEUED = "queued", pgettext_lazy("par sheet status", "queued")
        RUNNING = "running", pgettext_lazy("par sheet status", "running")
        DONE = "done", pgettext_lazy("par sheet status", "done")
        FAILED = "failed", pgettext_lazy("par sheet status", "failed")

    key = models.CharField(gettext_lazy("key"), max_length=64, unique=True)
    game = models.CharField(
        gettext_lazy("game"), max_length=30, help_text="The game that first asked for them."
    )
    status = models.CharField(
        gettext_lazy("status"), max_length=10, choices=Status.choices, default=Status.QUEUED
    )
    done = models.BigIntegerField(gettext_lazy("done"), default=0)
    total = models.BigIntegerField(gettext_lazy("total"), default=0)
    error = models.TextField(gettext_lazy("error"), blank=True)
    data = models.BinaryField(
        gettext_lazy("data"), null=True, blank=True, help_text="The counts, as the engine's bytes."
    )
    size = models.PositiveIntegerField(gettext_lazy("size"), default=0, help_text="Bytes of data.")
    requested_at = models.DateTimeField(gettext_lazy("requested at"), auto_now_add=True)
    finished_at = models.DateTimeField(gettext_lazy("finished at"), null=True, blank=True)
    attempt = models.PositiveIntegerField(
        gettext_lazy("attempt"),
        default=1,
        help_text="How many times the build has been queued (the lease's number).",
    )
    heartbeat_at = models.DateTimeField(
        gettext_lazy("heartbeat at"),
        null=True,
        blank=True,
        help_text="When the building worker last said it is alive.",
    )

    #: as a par sheet's lease (`ParSheetResult`)
    HEARTBEAT_SECONDS = 5
    STALE_AFTER_SECONDS = 60
    MAX_ATTEMPTS = 3

    objects = PrecomputedCountsQuerySet.as_manager()

    class Meta:
        verbose_name = gettext_lazy("precomputed par-sheet counts")
        verbose_name_plural = gettext_lazy("precomputed par-sheet counts")

    def __str__(self) -> str:
        return f"Par-sheet counts {self.key[:12]} ({self.game}, {self.status})"

    @property
    def percent(self) -> int:
        if self.status == self.Status.DONE:
            return 100
        return int(100 * self.done / self.total) if self.total else 0

    @property
    def ready(self) -> bool:
        """Built: the game's par sheets come from them at once."""
        return self.status == self.Status.DONE


# -- history: what was in force when (trainer.houses.timeline) --------------------------------
