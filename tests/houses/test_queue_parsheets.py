"""`manage.py queue_parsheets` (run by `make serve` after migrating): the active tables whose
par sheet the site has not got under the current way of computing are asked for, once."""

from django.core.management import call_command
from django_tasks import default_task_backend

from trainer.houses import services
from trainer.houses.models import ParSheetResult, PaytableVersion


def test_the_active_tables_without_a_sheet_are_asked_for_once(demo, settings, capsys):
    # queued and never run: a full-deck sheet takes the worker seconds
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}
    default_task_backend.clear()
    active = [
        v for v in PaytableVersion.objects.filter(house=demo).active() if v.engine_game.has_parsheet
    ]
    assert active and all(services.parsheet_of(v) is None for v in active)
    call_command("queue_parsheets")
    assert f"{len(active)} active tables' par sheets asked for." in capsys.readouterr().out
    for version in active:
        assert services.parsheet_of(version).status == ParSheetResult.Status.QUEUED
    drafts = PaytableVersion.objects.filter(house=demo, is_active=False)
    assert all(services.parsheet_of(v) is None for v in drafts)  # only the tables in use
    call_command("queue_parsheets")  # asked already: nothing asked twice
    assert "0 active tables' par sheets asked for." in capsys.readouterr().out
