"""Deleting an audit while it runs: the audit is stopped, and the delete never races the
worker's rows (it answered 500 about half the time: the rows were deleted before the
worker's last ones were committed, whose foreign key then named a report no longer there)."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection

from trainer.audits import services
from trainer.audits.models import AuditChunk, AuditLine, AuditReport

from .conftest import log_text, upload

#: the longest any step waits on another thread's condition (never a duration asserted)
WAIT_SECONDS = 60


@pytest.fixture
def queued_nowhere(settings):
    # the audit is run by the test itself, never by a worker the upload would queue it for
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}


def test_a_running_audit_is_stopped_by_deleting_it_and_says_so(
    staff_client, demo, supervisor, queued_nowhere
):
    report = services.store_log(
        house=demo, user=supervisor, upload=upload(log_text()), format="jsonl"
    )
    # a worker has claimed it and written its progress (its lease is live)
    mine = AuditReport.objects.filter(pk=report.pk, attempt=report.attempt)
    mine.update(status=AuditReport.Status.RUNNING)
    services._write(mine, [], done=3)
    page = staff_client.get(f"/audits/{report.pk}/delete/").content.decode()
    assert "deleting it stops the audit" in page
    response = staff_client.post(f"/audits/{report.pk}/delete/", follow=True)
    assert "is stopped and deleted" in response.content.decode()
    assert not AuditReport.objects.exists() and not AuditChunk.objects.exists()
    # the worker's next write finds the report gone: it stops, writing nothing
    row = AuditLine(report_id=report.pk, number=1, verdict="error", result={})
    with pytest.raises(services.LeaseLost):
        services._write(mine, [row], done=4)
    assert not AuditLine.objects.exists()


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    connection.vendor == "sqlite",
    reason="SQLite allows one writer at a time by locking the whole database: the worker's "
    "write and the delete cannot overlap; the test runs on PostgreSQL",
)
def test_deleting_an_audit_while_its_worker_writes_waits_for_the_write(
    roles, demo, supervisor, queued_nowhere, monkeypatch
):
    report = services.store_log(
        house=demo, user=supervisor, upload=upload(log_text()), format="jsonl"
    )
    # the worker is held inside its first write (one row a write: the log's first line is
    # mispaid, so that write is mid-log): its progress and its row written, not committed
    monkeypatch.setattr(services, "ROWS_PER_WRITE", 1)
    inside, go = threading.Event(), threading.Event()
    write_rows = AuditLine.objects.bulk_create

    def held(rows, *args, **kwargs):
        created = write_rows(rows, *args, **kwargs)
        if rows and not inside.is_set():
            inside.set()
            go.wait(WAIT_SECONDS)
        return created

    monkeypatch.setattr(AuditLine.objects, "bulk_create", held)
    errors: list[Exception] = []
    deleted: list[bool] = []

    def in_a_thread(work):
        def run():
            try:
                work()
            except Exception as exc:  # noqa: BLE001 -- reported below
                errors.append(exc)
            finally:
                connection.close()

        return threading.Thread(target=run)

    worker = in_a_thread(lambda: services.run_audit(report.pk, report.attempt))
    worker.start()
    assert inside.wait(WAIT_SECONDS)
    deleting = in_a_thread(lambda: deleted.append(services.delete_report(report)))
    deleting.start()
    # the delete waits on the row the worker's write holds (a condition, however long it takes)
    for _ in range(WAIT_SECONDS * 20):
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity "
                "WHERE datname = current_database() AND wait_event_type = 'Lock'"
            )
            if cursor.fetchone()[0]:
                break
        time.sleep(0.05)
    else:
        pytest.fail("the delete never waited on the worker's write")
    go.set()
    worker.join(WAIT_SECONDS)
    deleting.join(WAIT_SECONDS)
    assert errors == []
    assert deleted == [True]  # it was running: stopped and deleted (the worker found it gone)
    assert not AuditReport.objects.exists()
    assert not AuditLine.objects.exists() and not AuditChunk.objects.exists()
