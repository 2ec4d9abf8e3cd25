"""The path audits' task had before it moved beside its work
(`trainer.audits.services.audit_report`): a task queued under this path before an upgrade is
still found by the task worker, which imports a task by the path it was queued with."""

from __future__ import annotations

from .services import audit_report

__all__ = ["audit_report"]
