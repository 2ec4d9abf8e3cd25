"""An audit run again starts over and never counts a line twice; a task of an earlier attempt
changes nothing."""

import json
from datetime import timedelta

from django.utils import timezone

from trainer.audits import services
from trainer.audits.models import AuditLine, AuditReport


def stop_worker(report: AuditReport, *, done: int) -> None:
    """What a worker killed mid-audit leaves: RUNNING, its heartbeat long past, some rows."""
    long_ago = timezone.now() - timedelta(seconds=AuditReport.STALE_AFTER_SECONDS + 1)
    AuditReport.objects.filter(pk=report.pk).update(
        status=AuditReport.Status.RUNNING, heartbeat_at=long_ago, done=done, summary=None
    )
    report.refresh_from_db()


def test_a_report_whose_worker_stopped_runs_again_without_doubling_its_rows(
    report, django_capture_on_commit_callbacks
):
    rows = list(AuditLine.objects.filter(report=report).values_list("number", "verdict"))
    summary = report.summary
    stop_worker(report, done=3)
    assert report.is_stale and report.can_run_again
    with django_capture_on_commit_callbacks() as queued:
        assert services.run_again(report)
    assert len(queued) == 1
    report.refresh_from_db()
    assert (report.status, report.attempt) == ("queued", 2)
    services.run_audit(report.pk, 2)
    report.refresh_from_db()
    assert report.status == "done" and report.summary == summary
    assert list(AuditLine.objects.filter(report=report).values_list("number", "verdict")) == rows


def test_the_run_again_button_queues_a_stopped_audit(staff_client, report):
    stop_worker(report, done=3)
    page = staff_client.get(f"/audits/{report.pk}/").content.decode()
    assert "its worker has not been heard from" in page
    response = staff_client.post(f"/audits/{report.pk}/run-again/")
    assert response.status_code == 302
    assert AuditReport.objects.get(pk=report.pk).status == "queued"


def test_a_task_of_an_earlier_attempt_changes_nothing(report):
    stop_worker(report, done=3)
    services.run_again(report)
    services.run_audit(report.pk, 1)  # the first attempt's task, come round late
    report.refresh_from_db()
    assert (report.status, report.attempt, report.done) == ("queued", 2, 3)


def test_a_done_report_is_not_run_again(report):
    assert not services.run_again(report)
    services.run_audit(report.pk, report.attempt)
    assert AuditReport.objects.get(pk=report.pk).status == "done"


def test_a_failure_is_recorded_and_offers_to_run_again(demo, supervisor, monkeypatch):
    from .conftest import log_text, upload

    def broken(line, config, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(services, "audit_line", broken)
    report = services.store_log(
        house=demo, user=supervisor, upload=upload(log_text()), format="jsonl"
    )
    services.run_audit(report.pk, report.attempt)
    report.refresh_from_db()
    assert report.status == "failed" and "RuntimeError" in report.error
    assert report.can_run_again


def test_the_workers_sweep_queues_a_stopped_audit_again_and_gives_up_after_three(
    report, django_capture_on_commit_callbacks
):
    from trainer.core.signals import worker_sweep

    def sweep() -> list:
        with django_capture_on_commit_callbacks(execute=False):
            return [w for _, found in worker_sweep.send(sender=None) for w in found or ()]

    assert sweep() == []  # done: left alone
    stop_worker(report, done=3)
    assert [getattr(w, "pk", None) for w in sweep()] == [report.pk]
    report.refresh_from_db()
    assert (report.status, report.attempt) == ("queued", 2)
    for attempt in (2, 3):
        AuditReport.objects.filter(pk=report.pk).update(attempt=attempt)
        stop_worker(report, done=3)
        sweep()
    report.refresh_from_db()
    # attempt 3's worker died too: failed, saying so, and "Run again" is offered
    assert report.status == "failed" and "stopped 3 times" in report.error
    assert report.can_run_again


def test_names_holding_nul_or_a_lone_surrogate_are_audited_to_the_end(demo, supervisor):
    # PostgreSQL's text holds no NUL and JSON no lone surrogate: a summary keyed by such names
    # was refused at the last write, and the audit was retried until its worker "stopped 3
    # times".  The names are cleaned as the rows' are, so the filters still match the rows.
    from .conftest import LOG, audited

    sixes, _, _ = LOG[0]  # overpaid 4
    text = "".join(
        json.dumps(line) + "\n"  # json.dumps writes the escapes "\u0000" and "\ud800"
        for line in (
            {**sixes, "dealer": "Ann\0", "table": "MS\0"},
            {**sixes, "dealer": "Bo", "table": "MS\ud800"},  # an error, on `table`
        )
    )
    report = audited(demo, supervisor, text)
    assert report.status == "done", report.error
    summary = report.summary
    assert summary["by_dealer"]["Ann\ufffd"]["overpaid"] == 1
    assert summary["by_table"]["MS\ufffd"]["overpaid"] == 1
    assert summary["by_table"][""]["errors"] == 1  # a name JSON cannot write is no name
    rows = AuditLine.objects.filter(report=report)
    assert [r.dealer for r in rows.filtered(dealer="Ann\ufffd")] == ["Ann\ufffd"]


def test_a_database_refusing_a_write_is_recorded_as_that_at_once(demo, supervisor, monkeypatch):
    # a refusal fails the same way every time: recorded now, not left to the worker's sweep
    # (three attempts a minute apart, then "its worker stopped 3 times")
    from django.db import DataError

    from .conftest import audited, log_text

    def refused(*args, **kwargs):
        raise DataError("value too long for type character varying(200)")

    monkeypatch.setattr(AuditLine.objects, "bulk_create", refused)
    report = audited(demo, supervisor, log_text())
    assert report.status == "failed" and report.can_run_again
    assert report.error == (
        "the database refused to store what it found "
        "(DataError: value too long for type character varying(200))"
    )
