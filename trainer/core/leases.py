"""Work a task worker holds under a lease (a par sheet, an audit): one reading of "stale".

A model using `Leased` has a `Status` with QUEUED and RUNNING, a `heartbeat_at` the worker
renews, and `STALE_AFTER_SECONDS`: a RUNNING row whose heartbeat is older than that has lost
its worker, and the worker's sweep (`trainer.core.signals.worker_sweep`) queues it again."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils import timezone


class Leased:
    """The lease's readings, for a model with `status`, `heartbeat_at` and the constants."""

    STALE_AFTER_SECONDS = 60

    @classmethod
    def stale_before(cls) -> datetime:
        """A RUNNING row whose last heartbeat is older than this has lost its worker."""
        return timezone.now() - timedelta(seconds=cls.STALE_AFTER_SECONDS)

    @property
    def is_stale(self) -> bool:
        lapsed = self.heartbeat_at is None or self.heartbeat_at < self.stale_before()
        return self.status == self.Status.RUNNING and lapsed

    @property
    def under_way(self) -> bool:
        """Queued or running under a live lease: its status block keeps following it."""
        live = self.status in (self.Status.QUEUED, self.Status.RUNNING)
        return live and not self.is_stale
