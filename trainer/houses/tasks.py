"""Par sheets are computed outside the web request, by the task worker
(`manage.py parsheet_worker`, which `make run` starts beside the site).  This module is only
the worker's entry point and the queueing: the work is done by `trainer.houses.services`,
which never imports this module."""

from __future__ import annotations

import logging

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django_tasks import task
from django_tasks_db import DatabaseBackend
from django_tasks_db.models import DBTaskResult

from trainer.engine import HouseRules

from . import services
from .models import ParSheetResult, PaytableVersion

logger = logging.getLogger(__name__)


@task()
def compute_parsheet(
    result_id: int, version_id: int | None = None, attempt: int | None = None
) -> None:
    services.compute_parsheet(result_id, version_id, attempt)


def _enqueue(result: ParSheetResult) -> None:
    transaction.on_commit(lambda: compute_parsheet.enqueue(result.pk, attempt=result.attempt))


def request_parsheet(version: PaytableVersion, rules: HouseRules | None = None) -> ParSheetResult:
    """Queue the computation of a version's par sheet under `rules` (the house's own unless
    given), unless an identical table's is already done or under way (a failed one, and a
    stale one whose worker died, are tried again)."""
    result, needed = services.claim_parsheet(version, rules)
    if needed:
        _enqueue(result)
    return result


def retry_parsheet(
    result: ParSheetResult, version: PaytableVersion | None = None
) -> ParSheetResult | None:
    """Queue a failed or stale sheet again (the version page's "Retry", which names its
    version: the sheet then records it, as a sheet queued before sheets recorded what they
    compute needs); None if it is not failed or stale (done meanwhile, or already queued
    again by someone else)."""
    inputs = services.inputs_of(version) if version is not None else {}
    again = services.requeue_parsheet(result, **inputs)
    if again is not None:
        _enqueue(again)
    return again


class WorkerLost(Exception):
    """Recorded on a task row whose worker stopped without saying how the task ended."""


def requeue_stale_parsheets() -> list[ParSheetResult]:
    """Queue every stale sheet again (`services.requeue_stale_parsheets`), and close the
    database backend's task rows their dead workers left RUNNING: that backend marks a task
    finished only when its worker says so, so a killed worker's task would read "running"
    for ever.  A task row is closed once its sheet is no longer running that attempt under a
    live lease and it started longer ago than a lease lasts."""
    requeued = services.requeue_stale_parsheets()
    for again in requeued:
        _enqueue(again)
    if isinstance(compute_parsheet.get_backend(), DatabaseBackend):
        _close_lost_tasks()
        requeued += _enqueue_lost_queued()
    return requeued


def _sheet_of_task(row: DBTaskResult) -> tuple[int | None, int | None]:
    """The sheet (and attempt, None for a task queued before attempts) a task row computes."""
    args, kwargs = row.args_kwargs["args"], row.args_kwargs["kwargs"]
    result_id = args[0] if args else kwargs.get("result_id")
    attempt = kwargs.get("attempt", args[2] if len(args) > 2 else None)
    return result_id, attempt


def _enqueue_lost_queued() -> list[ParSheetResult]:
    """Queue a task again for each sheet that has waited in the queue longer than a lease
    lasts with no task left to compute it: a worker killed between taking the task and taking
    the sheet's lease leaves the sheet "queued" and its task closed (`_close_lost_tasks`).
    The attempt stays the same, so a task that was only slow to come round does no harm:
    whichever task takes the lease first computes, the other finds it taken and stops."""
    before = ParSheetResult.stale_before()
    waiting = list(
        ParSheetResult.objects.filter(status=ParSheetResult.Status.QUEUED).filter(
            Q(heartbeat_at__lt=before) | Q(heartbeat_at__isnull=True)  # null: queued before
        )
    )
    if not waiting:
        return []
    pending = DBTaskResult.objects.ready() | DBTaskResult.objects.running()
    covered = {
        _sheet_of_task(row)[0]
        for row in pending.filter(task_path=compute_parsheet.module_path).only("args_kwargs")
    }
    lost = []
    for sheet in waiting:
        if sheet.pk in covered:
            continue
        # compare-and-set on the wait's start, so two sweeps queue one task between them
        touched = ParSheetResult.objects.filter(
            pk=sheet.pk,
            attempt=sheet.attempt,
            status=ParSheetResult.Status.QUEUED,
            heartbeat_at=sheet.heartbeat_at,
        ).update(heartbeat_at=timezone.now())
        if touched:
            logger.warning("Par sheet %s had no task left to compute it: queued again", sheet.pk)
            _enqueue(sheet)
            lost.append(sheet)
    return lost


def _close_lost_tasks() -> None:
    before = ParSheetResult.stale_before()
    running = DBTaskResult.objects.running().filter(
        task_path=compute_parsheet.module_path, started_at__lt=before
    )
    for row in running:
        result_id, attempt = _sheet_of_task(row)
        live = ParSheetResult.objects.filter(
            pk=result_id, status=ParSheetResult.Status.RUNNING, heartbeat_at__gte=before
        )
        if attempt is not None:
            live = live.filter(attempt=attempt)
        if not live.exists():
            logger.warning(
                "Task %s (par sheet %s) lost its worker: marked failed", row.pk, result_id
            )
            row.set_failed(WorkerLost(f"the worker computing par sheet {result_id} stopped"))
