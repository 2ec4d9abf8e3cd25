"""Par sheets are computed outside the web request, by the task worker
(`manage.py db_worker`, which `make run` starts beside the site).  This module is only the
worker's entry point and the queueing: the work is done by `trainer.houses.services`, which
never imports this module."""

from __future__ import annotations

from django.db import transaction
from django_tasks import task

from trainer.engine import HouseRules

from . import services
from .models import ParSheetResult, PaytableVersion


@task()
def compute_parsheet(result_id: int, version_id: int | None = None) -> None:
    services.compute_parsheet(result_id, version_id)


def request_parsheet(version: PaytableVersion, rules: HouseRules | None = None) -> ParSheetResult:
    """Queue the computation of a version's par sheet under `rules` (the house's own unless
    given), unless an identical table's is already done or under way (a failed one is tried
    again)."""
    result, needed = services.claim_parsheet(version, rules)
    if needed:
        transaction.on_commit(lambda: compute_parsheet.enqueue(result.pk))
    return result
