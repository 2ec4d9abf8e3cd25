"""Card-exposure figures (`ExposureResult`): claimed, computed by the task worker under a
lease, stored, and read (`exposure_for`).  What a card seen gives the player at a table is
the engine's (`Game.exposures`); nothing here knows which game is which.

`trainer.houses.tasks.request_parsheet` queues a table's figures with its par sheet
(`tasks.request_exposure`); the worker computes them (`compute_exposure`), minutes for the
banked games on the full deck; a page reads them with `exposure_for`.
"""

from __future__ import annotations

import functools
import logging

from django.db import DatabaseError
from django.db.models import F
from django.utils import timezone

from trainer.engine import EngineError, HouseRules

from . import precompute
from .config import paytable_of
from .models import ExposureResult, PaytableVersion
from .services import inputs_of, rules_of, table_problems

logger = logging.getLogger(__name__)


def exposure_key_of(version: PaytableVersion, rules: HouseRules | None = None) -> str | None:
    """The key of the exposure figures of this version's table under `rules` (the house's
    own unless given); None when its game has none or the table cannot be computed."""
    entry = version.engine_game
    if not entry.has_exposure:
        return None
    try:
        return entry.exposure_key(
            paytable_of(version), rules if rules is not None else rules_of(version)
        )
    except EngineError:
        return None


def exposure_for(
    version: PaytableVersion, rules: HouseRules | None = None
) -> ExposureResult | None:
    """The card-exposure figures of a version's table under `rules` (the house's own unless
    given), as they stand: a row with `.status` ("queued", "running", "done", "failed"),
    `.percent`, `.error` and, once done, `.figures` (a list of `Exposure.as_dict()`: each
    figure's decimal beside its exact fraction, whether it was simulated, with its sample
    size and standard error); None when nobody has asked for them or the game has none.
    Reads only: `tasks.request_exposure` asks for them."""
    key = exposure_key_of(version, rules)
    return ExposureResult.objects.filter(key=key).first() if key else None


def exposure_payload(version: PaytableVersion, rules: HouseRules | None = None) -> dict | None:
    """The card-exposure figures of a version's table as the par sheet's JSON carries them
    (its `exposure`): where they stand (`status`, `percent`, `error`) and, once done, the
    figures; None when nobody has asked for them or the game has none."""
    row = exposure_for(version, rules)
    if row is None:
        return None
    done = row.status == ExposureResult.Status.DONE
    return {
        "status": row.status,
        "percent": row.percent,
        "error": row.error,
        "figures": (row.figures or []) if done else [],
    }


def claim_exposure(
    version: PaytableVersion, rules: HouseRules | None = None
) -> tuple[ExposureResult, bool] | None:
    """The exposure row of a version's table under `rules`, and whether it needs computing
    (False when done or under way; failed and stale ones are queued again as a new
    attempt); None when the game has no exposure figures or the table cannot be computed as
    it stands (its par sheet's claim says why)."""
    key = exposure_key_of(version, rules)
    if key is None or table_problems(version):
        return None
    inputs = inputs_of(version, rules)
    row, created = ExposureResult.objects.get_or_create(
        key=key, defaults={"game": version.game, "heartbeat_at": timezone.now(), **inputs}
    )
    if created:
        return row, True
    again = requeue_exposure(row, **inputs)
    return (again or row), again is not None


def requeue_exposure(row: ExposureResult, **inputs) -> ExposureResult | None:
    """Queue failed or stale figures again as their next attempt and return the row; None,
    changing nothing, when they are done, queued or running under a live lease (compare-and-
    set on the attempt, as `services.requeue_parsheet`)."""
    count = (
        ExposureResult.objects.retryable(ExposureResult.stale_before())
        .filter(pk=row.pk, attempt=row.attempt)
        .update(
            status=ExposureResult.Status.QUEUED,
            attempt=F("attempt") + 1,
            heartbeat_at=timezone.now(),
            error="",
            done=0,
            total=0,
            **inputs,
        )
    )
    if not count:
        row.refresh_from_db()
        return None
    return ExposureResult.objects.get(pk=row.pk)


def requeue_stale_exposures() -> list[ExposureResult]:
    """Every stale computation queued again; one whose worker died `MAX_ATTEMPTS` times is
    marked failed instead (asking for the figures again retries it)."""
    requeued = []
    for row in ExposureResult.objects.stale(ExposureResult.stale_before()):
        if row.attempt >= ExposureResult.MAX_ATTEMPTS:
            ExposureResult.objects.stale(ExposureResult.stale_before()).filter(
                pk=row.pk, attempt=row.attempt
            ).update(
                status=ExposureResult.Status.FAILED,
                finished_at=timezone.now(),
                error=f"its worker stopped {row.attempt} times without finishing them",
            )
        elif (again := requeue_exposure(row)) is not None:
            requeued.append(again)
    return requeued


def start_exposure(row_id: int, attempt: int) -> bool:
    """Take the lease of queued figures at `attempt`: False if they are not queued at it."""
    return bool(
        ExposureResult.objects.filter(
            pk=row_id, attempt=attempt, status=ExposureResult.Status.QUEUED
        ).update(status=ExposureResult.Status.RUNNING, heartbeat_at=timezone.now(), done=0, total=0)
    )


def beat_exposure(row_id: int, attempt: int, **progress: int) -> bool:
    """Renew the lease of `attempt` (and record `progress`); False once it is lost."""
    return bool(
        ExposureResult.objects.filter(
            pk=row_id, attempt=attempt, status=ExposureResult.Status.RUNNING
        ).update(heartbeat_at=timezone.now(), **progress)
    )


def compute_exposure(row_id: int, attempt: int) -> None:
    """Compute the figures recorded in `ExposureResult` `row_id` (its version's table under
    its rules) as `attempt`, holding the lease and reporting progress as it goes.  Does
    nothing if they are not queued at that attempt; stops if the lease is lost.  A database
    error goes up to the worker (the lease lapses, the sweep queues them again); any other
    failure is recorded on the row."""
    if not start_exposure(row_id, attempt):
        return
    row = ExposureResult.objects.get(pk=row_id)
    mine = ExposureResult.objects.filter(
        pk=row_id, attempt=attempt, status=ExposureResult.Status.RUNNING
    )

    def failed(error: str) -> None:
        mine.update(status=ExposureResult.Status.FAILED, error=error, finished_at=timezone.now())

    lease = precompute.Lease(
        f"exposure-{row_id}",
        functools.partial(beat_exposure, row_id, attempt),
        ExposureResult.HEARTBEAT_SECONDS,
    )
    try:
        with lease:
            version = (
                PaytableVersion.objects.select_related("house").filter(pk=row.version_id).first()
            )
            if version is None:
                failed("it does not say which table to compute")
                return
            rules = HouseRules(**row.rules) if row.rules else rules_of(version)
            found = version.engine_game.exposures(paytable_of(version), rules, progress=lease)
    except EngineError as exc:
        failed(str(exc))
        return
    except precompute.LeaseLost:
        return
    except DatabaseError:
        raise
    except Exception as exc:
        logger.exception("Card exposure %s failed", row_id)
        failed(f"the computation stopped with an error ({type(exc).__name__}: {exc})")
        return
    mine.update(
        status=ExposureResult.Status.DONE,
        figures=[e.as_dict() for e in found],
        finished_at=timezone.now(),
        error="",
        heartbeat_at=timezone.now(),
        **lease.latest,
    )
