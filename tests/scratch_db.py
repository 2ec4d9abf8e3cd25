"""A migration's test on a database of its own: an empty SQLite file migrated forward, only as
far as the migration needs, on a connection beside the test database (whose data stays as it
is: nothing migrated back, nothing flushed and loaded again).  Every model (the historical
ones the test makes, the migration's own) reads and writes there while it is open.

Migrating the whole project back and forth on the test database cost a transactional test
(its flush, the demo house loaded again) and two passes over every app: tens of CPU-seconds
for each such test.  On PostgreSQL (`make test-db`) the scratch file is SQLite too: the data
migrations tested are plain ORM code."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.conf import settings as django_settings
from django.db import connections
from django.db.migrations.executor import MigrationExecutor

ALIAS = "migration-scratch"


class ScratchRouter:
    """Every model to the scratch database."""

    def db_for_read(self, model, **hints):
        return ALIAS

    def db_for_write(self, model, **hints):
        return ALIAS

    def allow_relation(self, obj1, obj2, **hints):
        return True

    def allow_migrate(self, db, app_label, **hints):
        return db == ALIAS


@dataclass
class Scratch:
    executor: MigrationExecutor

    def migrate(self, *targets: tuple[str, str]):
        """Forward to `targets` (with what they need, nothing more); the apps as they stand
        there."""
        self.executor.loader.build_graph()
        self.executor.migrate(list(targets))
        return self.executor.loader.project_state(list(targets)).apps


@contextmanager
def scratch_database(tmp_path, settings) -> Iterator[Scratch]:
    """The scratch database, open for the block; `settings` is pytest-django's fixture (the
    router is set through it, and put back after the test)."""
    path = str(tmp_path / "migrations.sqlite3")
    configured = connections.configure_settings(
        {
            "default": django_settings.DATABASES["default"],
            ALIAS: {"ENGINE": "django.db.backends.sqlite3", "NAME": path, "TEST": {"NAME": path}},
        }
    )
    connections.settings[ALIAS] = configured[ALIAS]
    settings.DATABASE_ROUTERS = [ScratchRouter()]
    try:
        yield Scratch(MigrationExecutor(connections[ALIAS]))
    finally:
        settings.DATABASE_ROUTERS = []
        connections[ALIAS].close()
        del connections[ALIAS]
        del connections.settings[ALIAS]
