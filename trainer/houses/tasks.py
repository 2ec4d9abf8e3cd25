"""Par sheets, and the counts their fast path reads, are computed outside the web request, by
the task worker (`manage.py parsheet_worker`, which `make run` starts beside the site).  This
module is only the worker's entry points and the queueing: the work is done by
`trainer.houses.services` and `trainer.houses.precompute`, which never import this module."""

from __future__ import annotations

import logging

from django.conf import settings
from django.db import DatabaseError, transaction
from django_tasks import task
from django_tasks_db import DatabaseBackend
from django_tasks_db.models import DBTaskResult

from trainer.core.leases import close_lost_tasks, enqueue_lost_queued
from trainer.engine import EngineError, HouseRules
from trainer.engine.catalog import GAMES

from . import exposure, precompute, services
from .models import ExposureResult, ParSheetResult, PaytableVersion, PrecomputedCounts

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
    stale one whose worker died, are tried again).  When the site has the game's counts the
    sheet is computed at once instead, and stored done.  The table's card-exposure figures
    are queued with it (`request_exposure`) unless `settings.PARSHEET_EXPOSURE` is off."""
    result, needed = services.claim_parsheet(version, rules)
    if settings.PARSHEET_EXPOSURE:
        request_exposure(version, rules)
    if needed:
        sheet = services.instant_parsheet_of(version, rules)
        if sheet is not None:
            return services.record_parsheet(version, rules, sheet)
        _enqueue(result)
    return result


@task(priority=-10)
def compute_exposure(result_id: int, attempt: int) -> None:
    """Compute a table's card-exposure figures (`exposure.compute_exposure`): minutes, so
    behind the par sheets queued with them."""
    exposure.compute_exposure(result_id, attempt)


def _enqueue_exposure(row: ExposureResult) -> None:
    transaction.on_commit(lambda: compute_exposure.enqueue(row.pk, attempt=row.attempt))


def request_exposure(
    version: PaytableVersion, rules: HouseRules | None = None
) -> ExposureResult | None:
    """Queue the card-exposure figures of a version's table under `rules` (the house's own
    unless given) unless an identical table's are done or under way (failed and stale ones
    are tried again); their row, or None when the game has none or the table cannot be
    computed as it stands.  `exposure.exposure_for` reads them."""
    claimed = exposure.claim_exposure(version, rules)
    if claimed is None:
        return None
    row, needed = claimed
    if needed:
        _enqueue_exposure(row)
    return row


def requeue_stale_exposures() -> list[ExposureResult]:
    """The same for card-exposure figures (`exposure.requeue_stale_exposures`)."""
    requeued = exposure.requeue_stale_exposures()
    for again in requeued:
        _enqueue_exposure(again)
    if isinstance(compute_exposure.get_backend(), DatabaseBackend):
        close_lost_tasks(compute_exposure, ExposureResult, _sheet_of_task)
        requeued += enqueue_lost_queued(
            compute_exposure, ExposureResult, _enqueue_exposure, _sheet_of_task
        )
    return requeued


@task()
def build_counts(counts_id: int, attempt: int) -> None:
    """Build a game's par-sheet counts (`precompute.build_counts`) as `attempt`; a failure is
    recorded on their row, which asking for them again retries."""
    try:
        precompute.build_counts(counts_id, attempt)
    except DatabaseError:
        raise  # the worker reconnects; the lease lapses and the sweep queues them again
    except Exception:  # recorded on their row by build_counts, or their lease was lost
        return


def prepare_counts(game: str) -> PrecomputedCounts:
    """Queue the one-time precomputation of `game`'s counts for the task worker unless it is
    done or under way (a failed or stale one is queued again); returns its row, which has
    .status ("queued" | "running" | "done" | "failed"), .percent (0-100), .error (words) and
    .ready (bool).  `game` is a registry slug of a game with a fast par sheet
    (`Game.has_fast_parsheet`); EngineError otherwise.  Games whose sheets rest on the same
    counts share the row (Caribbean Stud and Casino Stud Poker)."""
    entry = GAMES.get(game)
    if entry is None:
        raise EngineError(f"'{game}' is not a game.")
    row, needed = precompute.claim_counts(entry)
    if needed:
        _enqueue_counts(row)
    return row


def counts_state(game: str) -> PrecomputedCounts:
    """`game`'s counts as they stand, asking for nothing (what a page shows on a GET): their
    row, or, before anyone has asked for them, an unsaved one queued at 0%.  EngineError as
    `prepare_counts` for a game that is not one or has no fast par sheet."""
    entry = GAMES.get(game)
    if entry is None:
        raise EngineError(f"'{game}' is not a game.")
    if not entry.has_fast_parsheet:
        raise EngineError(f"The engine has no fast par sheet for {entry.title}.")
    key = entry.parsheet_counts_key()
    row = PrecomputedCounts.objects.without_data().filter(key=key).first()
    return row if row is not None else PrecomputedCounts(key=key, game=entry.slug)


def _enqueue_counts(row: PrecomputedCounts) -> None:
    transaction.on_commit(lambda: build_counts.enqueue(row.pk, attempt=row.attempt))


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
        close_lost_tasks(compute_parsheet, ParSheetResult, _sheet_of_task)
        requeued += enqueue_lost_queued(compute_parsheet, ParSheetResult, _enqueue, _sheet_of_task)
    return requeued


def request_missing_parsheets() -> list[ParSheetResult]:
    """Ask for the par sheet of every house's active table that has none under the way sheets
    are computed now: when an upgrade adds figures to the sheets, their keys change, and the
    tables in use get their new sheets without a games manager asking table by table.  A
    table that cannot be computed as it stands is left to its desk page, which says why."""
    asked = []
    active = PaytableVersion.objects.active().select_related("house").prefetch_related("rows")
    for version in active:
        if not version.engine_game.has_parsheet or services.parsheet_key_of(version) is None:
            continue
        if services.parsheet_of(version) is None and not services.table_problems(version):
            asked.append(request_parsheet(version))
    return asked


def requeue_stale_counts() -> list[PrecomputedCounts]:
    """The same for the builds of par-sheet counts (`precompute.requeue_stale_counts`)."""
    requeued = precompute.requeue_stale_counts()
    for again in requeued:
        _enqueue_counts(again)
    if isinstance(build_counts.get_backend(), DatabaseBackend):
        close_lost_tasks(build_counts, PrecomputedCounts, _sheet_of_task)
        requeued += enqueue_lost_queued(
            build_counts, PrecomputedCounts, _enqueue_counts, _sheet_of_task
        )
    return requeued


def _sheet_of_task(row: DBTaskResult) -> tuple[int | None, int | None]:
    """The row (a sheet, or counts) a task row works on, and the attempt (None for a task
    queued before attempts)."""
    args, kwargs = row.args_kwargs["args"], row.args_kwargs["kwargs"]
    result_id = args[0] if args else kwargs.get("result_id", kwargs.get("counts_id"))
    # compute_parsheet(result_id, version_id, attempt); build_counts(counts_id, attempt);
    # compute_exposure(result_id, attempt)
    at = 2 if row.task_path == compute_parsheet.module_path else 1
    attempt = kwargs.get("attempt", args[at] if len(args) > at else None)
    return result_id, attempt
