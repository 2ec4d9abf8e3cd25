"""The task worker's entry point for audits (`manage.py parsheet_worker` runs every task);
the work is `trainer.audits.services.run_audit`."""

from __future__ import annotations

from django_tasks import task

from . import services


@task()
def audit_report(report_id: int, attempt: int) -> None:
    services.run_audit(report_id, attempt)
