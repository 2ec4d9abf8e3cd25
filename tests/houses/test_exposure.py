"""Card-exposure figures as the site keeps them: queued with a table's par sheet, computed by
the worker under a lease, read by `exposure_for`, printed by `manage.py parsheet --exposure`.
The engine's tests check the figures; here the engine works on a reduced deck (the full one
takes the worker minutes), which changes nothing of how they are queued, stored and read."""

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone
from django_tasks import default_task_backend

from tests.factories import HouseFactory, PaytableVersionFactory
from trainer.engine import EngineError
from trainer.engine.cards import parse_cards
from trainer.engine.kit.game import Game
from trainer.houses import exposure, services, tasks
from trainer.houses.models import ExposureResult

#: pairs that lose, push and pay: Mississippi Stud's next card, exact in a blink
SMALL = parse_cards("2c 2d 2h 7c 7d 7h Jc Jd Jh Ac Ad Ah")


@pytest.fixture
def small_deck(monkeypatch):
    """Every game's exposure figures computed on `SMALL`."""
    computed = Game.exposures

    def exposures(self, table, rules, progress=None, *, deck=None, rounds=None, seed=1):
        return computed(self, table, rules, progress, deck=SMALL, rounds=rounds)

    monkeypatch.setattr(Game, "exposures", exposures)


@pytest.fixture
def queued_nowhere(settings):
    """Tasks are queued and never run: the test runs the worker's part itself."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}
    settings.PARSHEET_EXPOSURE = True
    default_task_backend.clear()


def queued_tasks() -> list[str]:
    return [r.task.name for r in default_task_backend.results]


def test_a_par_sheet_queued_queues_the_tables_exposure_and_the_worker_computes_it(
    ms_version, queued_nowhere, small_deck, django_capture_on_commit_callbacks
):
    assert exposure.exposure_for(ms_version) is None  # nobody has asked
    with django_capture_on_commit_callbacks(execute=True):
        tasks.request_parsheet(ms_version)
    row = exposure.exposure_for(ms_version)
    assert row.status == "queued" and row.version == ms_version
    assert "compute_exposure" in queued_tasks()
    tasks.compute_exposure.call(row.pk, row.attempt)
    row = exposure.exposure_for(ms_version)
    assert row.status == "done" and row.ready and row.percent == 100
    (figure,) = row.figures
    assert figure["name"] == "next-card" and figure["simulated"] is False
    numerator, denominator = map(int, figure["house_edge_exact"].split("/"))
    assert figure["house_edge"] == pytest.approx(numerator / denominator)
    # the same table in another house shares the figures: nothing more is queued
    twin = PaytableVersionFactory(house=HouseFactory(), game="mississippi-stud")
    assert tasks.request_exposure(twin).pk == row.pk
    assert ExposureResult.objects.count() == 1


def test_tests_and_sites_that_turn_it_off_queue_no_exposure(ms_version, settings):
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}
    settings.PARSHEET_EXPOSURE = False
    tasks.request_parsheet(ms_version)
    assert not ExposureResult.objects.exists()


def test_a_failure_is_recorded_in_words_and_asking_again_retries(
    ms_version, queued_nowhere, monkeypatch
):
    def broken(self, *args, **kwargs):
        raise EngineError("This table cannot be priced.")

    monkeypatch.setattr(Game, "exposures", broken)
    row = tasks.request_exposure(ms_version)
    exposure.compute_exposure(row.pk, row.attempt)
    row.refresh_from_db()
    assert row.status == "failed" and row.error == "This table cannot be priced."
    again = tasks.request_exposure(ms_version)
    assert again.status == "queued" and again.attempt == 2
    # a worker holding an old attempt's task changes nothing
    exposure.compute_exposure(row.pk, 1)
    again.refresh_from_db()
    assert again.status == "queued"


def test_figures_whose_worker_died_are_queued_again(ms_version, queued_nowhere):
    row = tasks.request_exposure(ms_version)
    long_ago = timezone.now() - timezone.timedelta(seconds=ExposureResult.STALE_AFTER_SECONDS * 2)
    ExposureResult.objects.filter(pk=row.pk).update(status="running", heartbeat_at=long_ago)
    (again,) = tasks.requeue_stale_exposures()
    assert again.pk == row.pk and again.status == "queued" and again.attempt == 2


def test_the_command_prints_the_figures_stored_or_computed(capsys, ms_version, small_deck, db):
    call_command("parsheet", "mississippi-stud", "--exposure", "--json")
    printed = json.loads(capsys.readouterr().out)
    (figure,) = printed["exposures"]
    assert figure["name"] == "next-card" and "/" in figure["swing_exact"]
    # figures the worker stored for the same table and rules are read, not computed again
    row = tasks.request_exposure(ms_version)
    stored = [{**figure, "description": "as the worker stored it"}]
    ExposureResult.objects.filter(pk=row.pk).update(status="done", figures=stored)
    call_command("parsheet", "mississippi-stud", "--exposure")
    words = capsys.readouterr().out
    assert "as the worker stored it" in words and "every deal enumerated" in words
    with pytest.raises(CommandError, match="at least 2"):
        call_command("parsheet", "mississippi-stud", "--exposure", "--rounds", "1")


def test_the_par_sheet_key_and_the_exposure_key_differ(ms_version):
    assert exposure.exposure_key_of(ms_version) != services.parsheet_key_of(ms_version)
