"""Par sheets are computed outside the web request, by the task worker
(`manage.py db_worker`, which `make run` starts beside the site).  The task is only the
worker's entry point: the work is `trainer.houses.services.compute_parsheet`."""

from __future__ import annotations

from django_tasks import task

from . import services


@task()
def compute_parsheet(result_id: int, version_id: int) -> None:
    services.compute_parsheet(result_id, version_id)
