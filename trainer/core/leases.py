"""Work a task worker holds under a lease (a par sheet, an audit): one reading of "stale".

A model using `Leased` has a `Status` with QUEUED and RUNNING, a `heartbeat_at` the worker
renews, and `STALE_AFTER_SECONDS`: a RUNNING row whose heartbeat is older than that has lost
its worker, and the worker's sweep (`trainer.core.signals.worker_sweep`) queues it again.

The database task backend marks a task finished only when its worker says so, so the sweep
also tidies the task rows a killed worker leaves (`close_lost_tasks`) and queues work again
that a worker killed between taking its task and taking its lease left queued with no task
(`enqueue_lost_queued`)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta

from django.db.models import Q
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

logger = logging.getLogger(__name__)


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


def leased_models() -> list[type]:
    """Every model whose work is held under a lease (each subclass of `Leased`), for the
    worker to give them all one stale limit (`parsheet_worker --stale-after`)."""
    found, todo = [], [Leased]
    while todo:
        for model in todo.pop().__subclasses__():
            found.append(model)
            todo.append(model)
    return found


class WorkerLost(Exception):
    """Recorded on a task row whose worker stopped without saying how the task ended."""


#: (row id, attempt) that a task row works on (attempt None for a task queued before
#: attempts), read from its arguments
Target = Callable[[DBTaskResult], tuple[int | None, int | None]]


def close_lost_tasks(task, model, target: Target) -> None:
    """Close as failed each RUNNING task row of `task` that started longer ago than a lease
    of `model` lasts and whose row is not running that attempt under a live lease: its
    worker is gone, and the row would read "running" for ever."""
    before = model.stale_before()
    running = DBTaskResult.objects.running().filter(
        task_path=task.module_path, started_at__lt=before
    )
    for row in running:
        result_id, attempt = target(row)
        live = model.objects.filter(
            pk=result_id, status=model.Status.RUNNING, heartbeat_at__gte=before
        )
        if attempt is not None:
            live = live.filter(attempt=attempt)
        if not live.exists():
            what = f"{model._meta.verbose_name} {result_id}"
            logger.warning("Task %s (%s) lost its worker: marked failed", row.pk, what)
            row.set_failed(WorkerLost(f"the worker working on {what} stopped"))


def enqueue_lost_queued(task, model, enqueue, target: Target) -> list:
    """Queue a task again (`enqueue(row)`) for each row of `model` that has waited in the
    queue longer than a lease lasts with no `task` left to work on it: a worker killed
    between taking the task and taking the row's lease leaves the row "queued" and its task
    closed (`close_lost_tasks`).  The attempt stays the same, so a task that was only slow
    to come round does no harm: whichever task takes the lease first works, the other finds
    it taken and stops."""
    before = model.stale_before()
    waiting = list(
        model.objects.filter(status=model.Status.QUEUED)
        .filter(Q(heartbeat_at__lt=before) | Q(heartbeat_at__isnull=True))  # null: queued before
        .only("pk", "attempt", "status", "heartbeat_at")
    )
    if not waiting:
        return []
    pending = DBTaskResult.objects.ready() | DBTaskResult.objects.running()
    covered = {
        target(row)[0] for row in pending.filter(task_path=task.module_path).only("args_kwargs")
    }
    lost = []
    for row in waiting:
        if row.pk in covered:
            continue
        # compare-and-set on the wait's start, so two sweeps queue one task between them
        touched = model.objects.filter(
            pk=row.pk,
            attempt=row.attempt,
            status=model.Status.QUEUED,
            heartbeat_at=row.heartbeat_at,
        ).update(heartbeat_at=timezone.now())
        if touched:
            logger.warning("%s had no task left to work on it: queued again", row)
            enqueue(row)
            lost.append(row)
    return lost
