"""The task worker that survives: the database backend's worker (`db_worker`), wrapped so
that stale par sheets are queued again on start and every `--sweep-every` seconds, and so
that a dropped database connection is closed and reopened instead of ending the process.

    python manage.py parsheet_worker [--interval 1] [--sweep-every 15]

Between sweeps it runs django-tasks' own `Worker` in batch mode (every task ready, then
back here); a signal (Ctrl+C, SIGTERM) stops it as it stops `db_worker`: at once when idle,
after the task in hand otherwise.
"""

from __future__ import annotations

import logging
import time

from django.core.management.base import BaseCommand, CommandError
from django.db import Error, close_old_connections, connections
from django.utils.crypto import get_random_string
from django_tasks import DEFAULT_TASK_BACKEND_ALIAS, DEFAULT_TASK_QUEUE_NAME
from django_tasks_db.management.commands.db_worker import Worker

from trainer.core.leases import leased_models
from trainer.core.signals import worker_sweep
from trainer.houses.models import ParSheetResult

logger = logging.getLogger("trainer.houses.worker")


class Command(BaseCommand):
    help = (
        "Run the task worker (par sheets): stale par sheets are queued again on start and "
        "every --sweep-every seconds, and a lost database connection is reopened."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--interval",
            type=float,
            default=1.0,
            help="seconds to wait when no task is ready (default 1)",
        )
        parser.add_argument(
            "--sweep-every",
            type=float,
            default=15.0,
            help="seconds between looks for stale par sheets (default 15)",
        )
        parser.add_argument(
            "--reconnect-after",
            type=float,
            default=5.0,
            help="seconds to wait after losing the database before trying again (default 5)",
        )
        parser.add_argument(
            "--stale-after",
            type=float,
            default=ParSheetResult.STALE_AFTER_SECONDS,
            help="seconds without a heartbeat after which running work (a par sheet, an "
            "audit, an import) is stale "
            f"(default {ParSheetResult.STALE_AFTER_SECONDS}; keep it well above "
            f"{ParSheetResult.HEARTBEAT_SECONDS}, the heartbeat's period)",
        )
        parser.add_argument(
            "--once",
            action="store_true",
            help="sweep, run every ready task, and exit (for tests and cron)",
        )

    def handle(
        self, *, interval, sweep_every, reconnect_after, stale_after, once, verbosity, **options
    ):
        leased = leased_models()
        beat = max(getattr(model, "HEARTBEAT_SECONDS", 0) for model in leased)
        if stale_after <= beat:
            raise CommandError(
                f"--stale-after must be more than {beat} seconds (the heartbeat's period)."
            )
        # one limit for all work held under a lease (par sheets, counts, audits, imports)
        for model in leased:
            model.STALE_AFTER_SECONDS = stale_after
        # the backend logs every empty batch at INFO: only with -v 2
        logging.getLogger("django_tasks_db").setLevel(
            logging.INFO if verbosity > 1 else logging.WARNING
        )
        worker_id = get_random_string(32)
        self.stdout.write(f"Par-sheet worker {worker_id} started.")
        next_sweep, worker = 0.0, None
        while True:
            try:
                if time.monotonic() >= next_sweep:
                    self.sweep()
                    next_sweep = time.monotonic() + sweep_every
                worker = Worker(
                    queue_names=[DEFAULT_TASK_QUEUE_NAME],
                    interval=interval,
                    batch=True,
                    backend_name=DEFAULT_TASK_BACKEND_ALIAS,
                    startup_delay=False,
                    max_tasks=None,
                    worker_id=worker_id,
                    excluded_queue_names=[],
                )
                # its handlers: a signal ends an idle worker at once, a busy one after its task
                worker.configure_signals()
                worker.run()
            except Error as exc:  # DatabaseError or InterfaceError
                # a dropped connection (a restarted or failed-over database server, an idle
                # connection cut by a proxy, pg_terminate_backend): close it, wait, go on; a
                # par sheet it was computing goes stale and is queued again by a sweep
                self.stderr.write(f"Database error, reconnecting in {reconnect_after:g} s: {exc}")
                connections.close_all()
                if worker is not None and not worker.running:
                    return  # a signal asked it to stop before the error: stop
                time.sleep(reconnect_after)
                continue
            if once or not worker.running:
                return
            close_old_connections()
            time.sleep(interval)

    def sweep(self) -> None:
        """Every app's leftovers of dead workers queued again (`worker_sweep`)."""
        for _receiver, requeued in worker_sweep.send(sender=self.__class__):
            for work in requeued or ():
                self.stdout.write(f"Queued again (its worker stopped): {work}")
