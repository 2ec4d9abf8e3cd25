"""Card-exposure figures as the task worker computes them, beside each par sheet."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy

from trainer.core.leases import Leased

from .paytables import paid_game_choices


class ExposureResultQuerySet(models.QuerySet):
    def stale(self, before):
        """Figures whose computation holds a lease nobody has renewed since `before`."""
        return self.filter(self._stale(before))

    def retryable(self, before):
        """Figures worth queueing again: failed ones, and stale ones (see `stale`)."""
        return self.filter(Q(status=ExposureResult.Status.FAILED) | self._stale(before))

    @staticmethod
    def _stale(before) -> Q:
        lapsed = Q(heartbeat_at__lt=before) | Q(heartbeat_at__isnull=True)
        return Q(status=ExposureResult.Status.RUNNING) & lapsed


class ExposureResult(Leased, models.Model):
    """What a card seen gives the player at one table (`Game.exposures`: the dealer's hole
    card, the next community card, the full table sharing its hands), each beside the par
    sheet's edge, for surveillance.  Keyed by what the figures depend on
    (`Game.exposure_key`), so identical tables of any house share one computation; queued
    with the table's par sheet and computed by the task worker under a lease, as a
    `ParSheetResult` is (minutes on the full deck: never in a web request).  `figures` is
    the list of `Exposure.as_dict()`."""

    class Status(models.TextChoices):
        QUEUED = "queued", "queued"
        RUNNING = "running", "running"
        DONE = "done", "done"
        FAILED = "failed", "failed"

    key = models.CharField(gettext_lazy("key"), max_length=64, unique=True)
    game = models.CharField(gettext_lazy("game"), max_length=30, choices=paid_game_choices)
    status = models.CharField(
        gettext_lazy("status"), max_length=10, choices=Status.choices, default=Status.QUEUED
    )
    done = models.BigIntegerField(gettext_lazy("done"), default=0)
    total = models.BigIntegerField(gettext_lazy("total"), default=0)
    figures = models.JSONField(gettext_lazy("figures"), null=True, blank=True)
    error = models.TextField(gettext_lazy("error"), blank=True)
    version = models.ForeignKey(
        "PaytableVersion",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text="The version whose table is computed (identical tables share the figures).",
        verbose_name=gettext_lazy("version"),
    )
    rules = models.JSONField(
        gettext_lazy("rules"),
        null=True,
        blank=True,
        help_text="The house rules the figures are computed under.",
    )
    requested_at = models.DateTimeField(gettext_lazy("requested at"), auto_now_add=True)
    finished_at = models.DateTimeField(gettext_lazy("finished at"), null=True, blank=True)
    attempt = models.PositiveIntegerField(
        gettext_lazy("attempt"),
        default=1,
        help_text="How many times the figures have been queued (the lease's number).",
    )
    heartbeat_at = models.DateTimeField(
        gettext_lazy("heartbeat at"),
        null=True,
        blank=True,
        help_text="When the computing worker last said it is alive.",
    )

    #: as a par sheet's lease (`ParSheetResult`)
    HEARTBEAT_SECONDS = 5
    STALE_AFTER_SECONDS = 60
    MAX_ATTEMPTS = 3

    objects = ExposureResultQuerySet.as_manager()

    class Meta:
        verbose_name = gettext_lazy("card-exposure figures")
        verbose_name_plural = gettext_lazy("card-exposure figures")

    def __str__(self) -> str:
        return f"Card exposure {self.key[:12]} ({self.get_game_display()}, {self.status})"

    @property
    def percent(self) -> int:
        if self.status == self.Status.DONE:
            return 100
        return int(100 * self.done / self.total) if self.total else 0

    @property
    def ready(self) -> bool:
        return self.status == self.Status.DONE
