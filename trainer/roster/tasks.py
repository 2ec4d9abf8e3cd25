"""The path the trainee imports' task had before it moved beside its work
(`trainer.roster.imports.import_trainees`): a task queued under this path before an upgrade is
still found by the task worker, which imports a task by the path it was queued with."""

from __future__ import annotations

from .imports import import_trainees

__all__ = ["import_trainees"]
