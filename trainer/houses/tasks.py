"""Par sheets are computed outside the web request, by the task worker
(`manage.py db_worker`, which `make run` starts beside the site)."""

from __future__ import annotations

import time

from django.utils import timezone
from django_tasks import task

from trainer.engine import EngineError
from trainer.engine.parsheets import parsheet_for

from .models import ParSheetResult, PaytableVersion


@task()
def compute_parsheet(result_id: int, version_id: int) -> None:
    """Compute the par sheet of a version's table into `ParSheetResult` `result_id`,
    recording progress as it goes (at most a write a second)."""
    from .config import house_rules_of, paytable_of
    from .services import parsheet_inputs

    result = ParSheetResult.objects.get(pk=result_id)
    if result.status == ParSheetResult.Status.DONE:
        return
    version = PaytableVersion.objects.select_related("house").get(pk=version_id)
    ParSheetResult.objects.filter(pk=result_id).update(status=ParSheetResult.Status.RUNNING)
    last = [0.0]

    def progress(done: int, total: int) -> None:
        now = time.monotonic()
        if now - last[0] >= 1 or done == total:
            last[0] = now
            ParSheetResult.objects.filter(pk=result_id).update(done=done, total=total)

    try:
        game, paytable, multiple = parsheet_inputs(
            version, paytable_of(version), house_rules_of(getattr(version.house, "rules", None))
        )
        sheet = parsheet_for(game, paytable, call_multiple=multiple, progress=progress)
    except EngineError as exc:
        ParSheetResult.objects.filter(pk=result_id).update(
            status=ParSheetResult.Status.FAILED, error=str(exc), finished_at=timezone.now()
        )
        return
    ParSheetResult.objects.filter(pk=result_id).update(
        status=ParSheetResult.Status.DONE,
        figures=sheet.as_dict(),
        finished_at=timezone.now(),
        error="",
    )
