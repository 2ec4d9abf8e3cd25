"""The task worker's entry point for trainee imports (`manage.py parsheet_worker` runs every
task); the work is `trainer.roster.imports.run_import`."""

from __future__ import annotations

from django_tasks import task

from . import imports


@task()
def import_trainees(import_id: int, attempt: int) -> None:
    imports.run_import(import_id, attempt)
