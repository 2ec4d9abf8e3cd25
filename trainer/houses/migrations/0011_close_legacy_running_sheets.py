"""Sheets left "running" by a worker that died before sheets held a lease (and recorded what
they compute) would read "running" for ever: no sweep can compute them from the row.  They are
marked failed, saying what to do, so that "Compute par sheet" or "Retry" queues them again
with what to compute."""

from django.db import migrations
from django.utils import timezone

ERROR = (
    "its worker stopped before this version of the site recorded what a sheet computes; "
    "choose “Retry” or “Compute par sheet” on the version"
)


def close_legacy_running(apps, schema_editor):
    ParSheetResult = apps.get_model("houses", "ParSheetResult")
    ParSheetResult.objects.filter(status="running", version__isnull=True).update(
        status="failed", error=ERROR, finished_at=timezone.now()
    )


class Migration(migrations.Migration):
    dependencies = [("houses", "0010_parsheet_lease")]

    operations = [migrations.RunPython(close_legacy_running, migrations.RunPython.noop)]
