"""The counts behind the fast par sheets (`PrecomputedCounts`): claimed, built under a lease,
stored, loaded, kept in memory.

A game's counts are made once per site by the task worker, from the build task
(`tasks.prepare_counts` queues it) or in line by the first par sheet of the game that needs
them (`services.compute_parsheet`), and stored as the engine's bytes in a database row that
every app server reads.  Each process loads them once and keeps them (`ready_counts`): a
table's sheet is then a short sum in the engine, well under a second, which is what lets a
web request price a table (`services.instant_parsheet`).
"""

from __future__ import annotations

import functools
import logging
import threading
import time
from collections.abc import Callable

from django.db import DatabaseError, Error, close_old_connections, connection
from django.db.models import F
from django.utils import timezone

from trainer.engine import EngineError
from trainer.engine.catalog import GAMES, Game
from trainer.engine.parsheets import Counts

from .models import PrecomputedCounts

logger = logging.getLogger(__name__)

#: counts key -> (row id, the counts): what this process has loaded
_LOADED: dict[str, tuple[int, Counts]] = {}
_LOADING = threading.Lock()


def ready_counts(entry: Game) -> Counts | None:
    """The game's counts if this site has built them (loaded from their row once per process,
    then from memory), else None.  Asks the database whether they are done each time (one
    short query), so a process never answers from counts its site does not hold."""
    if not entry.has_fast_parsheet:
        return None
    key = entry.parsheet_counts_key()
    row_id = (
        PrecomputedCounts.objects.filter(key=key, status=PrecomputedCounts.Status.DONE)
        .values_list("pk", flat=True)
        .first()
    )
    if row_id is None:
        return None
    loaded = _LOADED.get(key)
    if loaded is not None and loaded[0] == row_id:
        return loaded[1]
    with _LOADING:  # two threads of one process load them once
        loaded = _LOADED.get(key)
        if loaded is not None and loaded[0] == row_id:
            return loaded[1]
        data = PrecomputedCounts.objects.filter(pk=row_id).values_list("data", flat=True).first()
        if data is None:
            return None
        counts = Counts.from_bytes(bytes(data))
        if counts.key != key:
            raise EngineError(f"The stored counts {row_id} are not the ones their key names.")
        _LOADED[key] = (row_id, counts)
        return counts


def claim_counts(entry: Game) -> tuple[PrecomputedCounts, bool]:
    """The counts row of a game with a fast path, and whether it needs building: False when
    it is done or under way (failed counts, and stale ones whose worker died, are queued again
    as a new attempt)."""
    if not entry.has_fast_parsheet:
        raise EngineError(f"The engine has no fast par sheet for {entry.title}.")
    key = entry.parsheet_counts_key()
    row, created = PrecomputedCounts.objects.without_data().get_or_create(
        key=key, defaults={"game": entry.slug, "heartbeat_at": timezone.now()}
    )
    if created:
        return row, True
    again = requeue_counts(row)
    return (again or row), again is not None


def requeue_counts(row: PrecomputedCounts) -> PrecomputedCounts | None:
    """Queue failed or stale counts again as their next attempt, and return the row; None,
    changing nothing, when they are done, queued or building under a live lease (compare-and-
    set on the attempt, as `services.requeue_parsheet`)."""
    count = (
        PrecomputedCounts.objects.retryable(PrecomputedCounts.stale_before())
        .filter(pk=row.pk, attempt=row.attempt)
        .update(
            status=PrecomputedCounts.Status.QUEUED,
            attempt=F("attempt") + 1,
            heartbeat_at=timezone.now(),
            error="",
            done=0,
            total=0,
        )
    )
    if not count:
        row.refresh_from_db(fields=["status", "attempt", "done", "total", "error", "heartbeat_at"])
        return None
    return PrecomputedCounts.objects.without_data().get(pk=row.pk)


def requeue_stale_counts() -> list[PrecomputedCounts]:
    """Every stale build queued again (`requeue_counts`); one whose worker died
    `MAX_ATTEMPTS` times is marked failed instead (asking for the counts again retries it)."""
    requeued = []
    stale = PrecomputedCounts.objects.without_data().stale(PrecomputedCounts.stale_before())
    for row in stale:
        if row.attempt >= PrecomputedCounts.MAX_ATTEMPTS:
            stale.filter(pk=row.pk, attempt=row.attempt).update(
                status=PrecomputedCounts.Status.FAILED,
                finished_at=timezone.now(),
                error=f"its worker stopped {row.attempt} times without finishing them",
            )
        elif (again := requeue_counts(row)) is not None:
            requeued.append(again)
    return requeued


def start_counts(row_id: int, attempt: int) -> bool:
    """Take the lease of queued counts at `attempt`: False if they are not queued at that
    attempt (built, queued again, or taken by another worker)."""
    return bool(
        PrecomputedCounts.objects.filter(
            pk=row_id, attempt=attempt, status=PrecomputedCounts.Status.QUEUED
        ).update(
            status=PrecomputedCounts.Status.RUNNING, heartbeat_at=timezone.now(), done=0, total=0
        )
    )


def beat_counts(row_id: int, attempt: int, **progress: int) -> bool:
    """Renew the lease of a build at `attempt` (and record `progress`); False, changing
    nothing, if the counts are no longer building at that attempt."""
    return bool(
        PrecomputedCounts.objects.filter(
            pk=row_id, attempt=attempt, status=PrecomputedCounts.Status.RUNNING
        ).update(heartbeat_at=timezone.now(), **progress)
    )


class LeaseLost(Exception):
    """The work was queued again (its lease went stale) while this worker did it."""


class Heartbeat(threading.Thread):
    """Renews a lease every `seconds` with the latest progress, in a thread of its own (with
    its own database connection), so the lease stays fresh while the engine works through a
    stretch that reports no progress.  `beat(**progress)` renews it, False once lost."""

    def __init__(self, name: str, beat: Callable[..., bool], seconds: float):
        super().__init__(name=name, daemon=True)
        self.beat, self.seconds = beat, seconds
        self.progress: dict[str, int] = {}
        self.lost = threading.Event()
        self.stopped = threading.Event()

    def run(self) -> None:
        try:
            while not self.stopped.wait(self.seconds):
                try:
                    if not self.beat(**self.progress):
                        self.lost.set()
                        return
                except Error:  # DatabaseError or InterfaceError
                    # the connection dropped: try again with a new one at the next beat
                    logger.warning("%s: heartbeat failed", self.name, exc_info=True)
                    close_old_connections()
        finally:
            connection.close()

    def stop(self) -> None:
        self.stopped.set()
        self.join()


class Lease:
    """Progress reports and a live lease for one leased row while the engine works: a
    `Heartbeat` thread, or, inside a transaction (a test, a task run at once in a request),
    where another connection cannot see the row, a beat written in line now and then.
    Calling it reports progress; it raises `LeaseLost` once the lease is gone."""

    def __init__(self, name: str, beat: Callable[..., bool], seconds: float):
        self.beat, self.seconds = beat, seconds
        self.thread = None if connection.in_atomic_block else Heartbeat(name, beat, seconds)
        self.last = time.monotonic()
        self.latest: dict[str, int] = {}
        #: whether this lease was lost (a LeaseLost raised while it is held may be another's)
        self.lost = False

    def __enter__(self) -> Lease:
        if self.thread is not None:
            self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.thread is not None:
            self.thread.stop()

    def __call__(self, done: int, total: int) -> None:
        self.latest = {"done": done, "total": total}
        if self.thread is None:
            now = time.monotonic()
            if now - self.last >= self.seconds:
                self.last = now
                if not self.beat(**self.latest):
                    self.lost = True
                    raise LeaseLost("the lease was lost")
            return
        self.thread.progress = dict(self.latest)
        if self.thread.lost.is_set():
            self.lost = True
            raise LeaseLost("the lease was lost")


def build_counts(
    row_id: int,
    attempt: int,
    *,
    entry: Game | None = None,
    also: Callable[[int, int], None] | None = None,
) -> Counts | None:
    """Build the counts of `PrecomputedCounts` `row_id` as `attempt` under its lease, store
    them and return them; None if the lease is not to be had (built, or taken by another
    worker) or is lost on the way.  `entry` is a game that reads them (by default, one the
    registry finds by their key).  `also` hears the progress too: a par sheet building them
    in line reports it on its own row, and raises `LeaseLost` if the sheet's lease is lost,
    which stops the build (marked failed) and goes up.  Any other failure but a database
    error is recorded on the row, then raised."""
    if not start_counts(row_id, attempt):
        return None
    row = PrecomputedCounts.objects.without_data().get(pk=row_id)
    mine = PrecomputedCounts.objects.filter(
        pk=row_id, attempt=attempt, status=PrecomputedCounts.Status.RUNNING
    )

    def failed(error: str) -> None:
        mine.update(status=PrecomputedCounts.Status.FAILED, error=error, finished_at=timezone.now())

    beat = functools.partial(beat_counts, row_id, attempt)
    started = time.perf_counter()
    lease = Lease(f"counts-{row_id}", beat, PrecomputedCounts.HEARTBEAT_SECONDS)
    try:
        with lease:

            def progress(done: int, total: int) -> None:
                lease(done, total)
                if also is not None:
                    also(done, total)

            counts = (entry or _entry(row)).parsheet_counts(progress)
    except LeaseLost:
        if not lease.lost:
            failed("the par sheet building them was stopped")
        raise
    except DatabaseError:
        raise
    except Exception as exc:
        logger.exception("Par-sheet counts %s failed", row_id)
        failed(f"the build stopped with an error ({type(exc).__name__}: {exc})")
        raise
    if counts.key != row.key:
        failed("the engine made counts under another key")
        return None
    data = counts.to_bytes()
    stored = mine.update(
        status=PrecomputedCounts.Status.DONE,
        data=data,
        size=len(data),
        error="",
        finished_at=timezone.now(),
        heartbeat_at=timezone.now(),
        **(lease.latest or {"done": 1, "total": 1}),
    )
    if not stored:
        return None
    logger.info(
        "Par-sheet counts %s (%s) built in %.1f s: %d bytes stored, %d in memory",
        row.key[:12],
        row.game,
        time.perf_counter() - started,
        len(data),
        counts.nbytes,
    )
    _LOADED[counts.key] = (row_id, counts)
    return counts


def _entry(row: PrecomputedCounts) -> Game:
    """A game of the registry that reads the counts: the one that asked for them, or any
    other whose counts have their key; EngineError if there is none (the counts of a variant
    registered by a process that no longer runs)."""
    asked = GAMES.get(row.game)
    for entry in (asked, *GAMES.values()):
        if entry is not None and entry.has_fast_parsheet and entry.parsheet_counts_key() == row.key:
            return entry
    raise EngineError(f"No game here reads the par-sheet counts {row.key[:12]} ({row.game}).")


def counts_for_sheet(entry: Game, progress: Callable[[int, int], None]) -> Counts | None:
    """For the worker computing one of `entry`'s par sheets: the game's counts, built in line
    first when nobody has (progress reported to `progress`, which raises `LeaseLost` to stop
    the sheet: that goes up); None when another worker is building them or the build failed,
    and the sheet is then computed the exhaustive way."""
    counts = ready_counts(entry)
    if counts is not None:
        return counts
    row, _ = claim_counts(entry)
    if row.status != PrecomputedCounts.Status.QUEUED:
        return ready_counts(entry)  # done meanwhile, or under way elsewhere
    try:
        return build_counts(row.pk, row.attempt, entry=entry, also=progress)
    except (DatabaseError, LeaseLost):
        raise
    except Exception:  # recorded on the counts (build_counts): the sheet goes on without
        return None
