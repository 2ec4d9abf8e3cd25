"""Par sheets survive their worker: a lease (attempt number and heartbeat), stale sheets
queued again, a worker that reconnects, a Retry button, and a status that follows itself."""

import importlib
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.apps import apps as django_apps
from django.conf import settings
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from tests.factories import HouseFactory, ManagerFactory, SupervisorFactory
from trainer.houses import services, tasks
from trainer.houses.models import ParSheetResult

ROOT = Path(__file__).resolve().parents[2]
#: long enough for a worker subprocess on a loaded 2-core machine; a failure, not a duration
WAIT = 300


def lapse(sheet: ParSheetResult) -> None:
    """Age a sheet's heartbeat (and its task's start) past the stale limit."""
    long_ago = timezone.now() - timedelta(seconds=ParSheetResult.STALE_AFTER_SECONDS + 1)
    ParSheetResult.objects.filter(pk=sheet.pk).update(heartbeat_at=long_ago)
    DBTaskResult.objects.running().update(started_at=long_ago)


@pytest.fixture
def running_sheet(ms_version, django_capture_on_commit_callbacks):
    """A sheet whose worker took its task and its lease (attempt 1), as a real worker does."""
    with django_capture_on_commit_callbacks(execute=True):
        sheet = tasks.request_parsheet(ms_version)
    DBTaskResult.objects.get().claim("worker-a")
    assert services.start_parsheet(sheet.pk, sheet.attempt) == 1
    return ParSheetResult.objects.get(pk=sheet.pk)


def test_a_stale_sheet_is_queued_again_by_the_sweep(
    running_sheet, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.requeue_stale_parsheets() == []  # its lease is fresh: left alone
    lapse(running_sheet)
    with django_capture_on_commit_callbacks(execute=True):
        assert [s.pk for s in tasks.requeue_stale_parsheets()] == [running_sheet.pk]
    running_sheet.refresh_from_db()
    assert (running_sheet.status, running_sheet.attempt) == ("queued", 2)
    # the dead worker's task row is closed, and a task for attempt 2 waits
    assert DBTaskResult.objects.failed().count() == 1
    assert DBTaskResult.objects.ready().get().args_kwargs["kwargs"] == {"attempt": 2}


def test_a_sheet_whose_worker_died_before_taking_its_lease_is_queued_again(
    ms_version, django_capture_on_commit_callbacks
):
    # the worker took the task (its row RUNNING) and was killed before start_parsheet: the
    # sheet still reads "queued", and no task is left that would ever compute it
    with django_capture_on_commit_callbacks(execute=True):
        sheet = tasks.request_parsheet(ms_version)
    DBTaskResult.objects.get().claim("worker-a")
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.requeue_stale_parsheets() == []  # it has not waited long: left alone
    lapse(sheet)
    with django_capture_on_commit_callbacks(execute=True):
        assert [s.pk for s in tasks.requeue_stale_parsheets()] == [sheet.pk]
    # the dead worker's task is closed and a new one, for the same attempt, waits
    assert DBTaskResult.objects.failed().count() == 1
    assert DBTaskResult.objects.ready().get().args_kwargs["kwargs"] == {"attempt": 1}
    # the next sweep sees that task and queues nothing more
    lapse(sheet)
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.requeue_stale_parsheets() == []
    assert DBTaskResult.objects.ready().count() == 1
    services.compute_parsheet(sheet.pk, attempt=1)
    assert ParSheetResult.objects.get(pk=sheet.pk).status == "done"


def test_the_compute_action_on_a_stale_sheet_queues_it_again(manager_client, running_sheet):
    lapse(running_sheet)
    manager_client.post(
        "/admin/houses/paytableversion/",
        {"action": "compute_par_sheet", "_selected_action": [running_sheet.version_id]},
    )
    running_sheet.refresh_from_db()
    assert (running_sheet.status, running_sheet.attempt) == ("queued", 2)


def test_a_sheet_is_computed_by_one_worker_only(ms_version):
    sheet, _ = services.claim_parsheet(ms_version)
    assert services.start_parsheet(sheet.pk, 1) == 1
    assert services.start_parsheet(sheet.pk, 1) is None  # the second worker's task: nothing


def test_a_late_heartbeat_from_an_old_attempt_changes_nothing(running_sheet):
    lapse(running_sheet)
    again = services.requeue_parsheet(running_sheet)
    assert services.start_parsheet(again.pk, again.attempt) == 2
    ParSheetResult.objects.filter(pk=again.pk).update(status="done", figures={"house_edge": 0.05})
    # the first worker wakes up: its heartbeat, its progress and its whole task are refused
    assert not services.beat(again.pk, 1, done=5, total=10)
    services.compute_parsheet(again.pk, attempt=1)
    again.refresh_from_db()
    assert (again.status, again.figures, again.done) == ("done", {"house_edge": 0.05}, 0)


def test_a_sheet_that_keeps_losing_its_worker_is_marked_failed(running_sheet):
    ParSheetResult.objects.filter(pk=running_sheet.pk).update(attempt=ParSheetResult.MAX_ATTEMPTS)
    lapse(running_sheet)
    assert services.requeue_stale_parsheets() == []
    running_sheet.refresh_from_db()
    assert running_sheet.status == "failed" and "stopped 3 times" in running_sheet.error


def url(version) -> str:
    return f"/admin/houses/paytableversion/{version.pk}/parsheet/"


def test_retry_requeues_a_failed_sheet_for_a_games_manager_of_its_house(manager_client, ms_version):
    sheet, _ = services.claim_parsheet(ms_version)
    ParSheetResult.objects.filter(pk=sheet.pk).update(status="failed", error="out of memory")
    page = manager_client.get(f"/admin/houses/paytableversion/{ms_version.pk}/change/")
    assert f'formaction="{url(ms_version)}"' in page.content.decode()  # the Retry button
    response = manager_client.post(url(ms_version))
    assert response.status_code == 302
    sheet.refresh_from_db()
    assert (sheet.status, sheet.attempt, sheet.error) == ("queued", 2, "")


@pytest.mark.parametrize("who", ["supervisor of the house", "manager of another house"])
def test_retry_is_refused_to_anyone_else(client, house, ms_version, who):
    sheet, _ = services.claim_parsheet(ms_version)
    ParSheetResult.objects.filter(pk=sheet.pk).update(status="failed", error="out of memory")
    if who == "supervisor of the house":
        user = SupervisorFactory(house=house, is_staff=True)
    else:
        user = ManagerFactory(house=HouseFactory())
    client.force_login(user)
    assert client.post(url(ms_version)).status_code == 403
    assert client.get(url(ms_version)).status_code == 403  # nor may they poll it
    sheet.refresh_from_db()
    assert (sheet.status, sheet.attempt) == ("failed", 1)


def test_the_status_polls_itself_while_running_and_stops_when_done(
    manager_client, ms_version, running_sheet
):
    ParSheetResult.objects.filter(pk=running_sheet.pk).update(done=43, total=100)
    page = manager_client.get(f"/admin/houses/paytableversion/{ms_version.pk}/change/")
    html = page.content.decode()
    assert 'hx-trigger="every 2s"' in html and "43% done" in html
    assert "django_htmx/htmx" in html and "<noscript> Reload the page" in html
    polled = manager_client.get(url(ms_version) + "?in_form=1").content.decode()
    assert 'hx-trigger="every 2s"' in polled and "django_htmx/htmx" not in polled
    ParSheetResult.objects.filter(pk=running_sheet.pk).update(
        status="done", figures={"house_edge": 0.05, "house_edge_exact": "1/20"}
    )
    polled = manager_client.get(url(ms_version)).content.decode()
    assert "1/20" in polled and "hx-trigger" not in polled


def test_a_stale_sheet_says_so_and_offers_retry(manager_client, ms_version, running_sheet):
    lapse(running_sheet)
    html = manager_client.get(url(ms_version)).content.decode()
    assert "has not been heard from" in html and "Retry" in html and "hx-trigger" not in html


# --- real worker processes ------------------------------------------------------------------


def manage(*args, env, **kwargs):
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True, **kwargs
    )


#: a worker whose every par sheet, once taken, never finishes: it stands for a worker killed
#: in the middle of a long sheet, without racing a machine's speed to kill it in time.  Given
#: QUEUE_GAME, it first asks for that game's sheet as the site does and writes the sheet's id
#: to the file QUEUED names (in this process rather than a `manage.py shell` of its own: one
#: Django fewer to start, about a CPU-second)
HELD_WORKER = """
import os, sys, threading
from pathlib import Path
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "trainer.settings")
import django
django.setup()
if os.environ.get("QUEUE_GAME"):
    from trainer.houses import tasks
    from trainer.houses.models import PaytableVersion
    version = PaytableVersion.objects.filter(game=os.environ["QUEUE_GAME"]).first()
    part = Path(os.environ["QUEUED"] + ".part")
    part.write_text(str(tasks.request_parsheet(version).pk))
    part.rename(os.environ["QUEUED"])
from trainer.houses import precompute
precompute.counts_for_sheet = lambda *args, **kwargs: threading.Event().wait()
from django.core.management import execute_from_command_line
execute_from_command_line(["manage.py", *sys.argv[1:]])
"""


def start_worker(env, *args, held=False):
    command = ["-c", HELD_WORKER] if held else ["manage.py"]
    return subprocess.Popen(
        [sys.executable, *command, "parsheet_worker", "--interval", "0.2", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


QUEUE = (
    "from trainer.houses.models import PaytableVersion; from trainer.houses import tasks; "
    "print(tasks.request_parsheet(PaytableVersion.objects.filter(game='{game}').first()).pk)"
)


def queue(env, game: str) -> int:
    out = manage("shell", "-c", QUEUE.format(game=game), env=env, capture_output=True, text=True)
    return int(out.stdout.split()[-1])


def wait_for(check, what: str):
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if value := check():
            return value
        time.sleep(0.5)
    raise AssertionError(f"gave up waiting for {what}")


def stop(worker) -> str:
    worker.send_signal(signal.SIGTERM)
    _, err = worker.communicate(timeout=WAIT)
    return err


@pytest.mark.slow  # two worker processes and a Mississippi Stud sheet
def test_a_sheet_whose_worker_is_killed_is_finished_by_the_next_worker(tmp_path, demo_sqlite):
    db = tmp_path / "db.sqlite3"
    shutil.copyfile(demo_sqlite, db)  # migrated, with the demo house
    env = {**os.environ, "DEBUG": "1", "DATABASE_URL": f"sqlite:///{db}"}
    # the first worker holds the sheet until it is killed, so any game's sheet will do: the
    # cheapest to finish afterwards (the second worker builds its counts in line).  It asks
    # for the sheet itself before it starts working
    queued = tmp_path / "queued"
    first = start_worker(
        {**env, "QUEUE_GAME": "mississippi-stud", "QUEUED": str(queued)}, held=True
    )
    sheet_id = int(wait_for(lambda: queued.exists() and queued.read_text(), "the sheet queued"))

    def sheet():
        with sqlite3.connect(db) as con:
            return con.execute(
                "select status, done, attempt from houses_parsheetresult where id = ?",
                [sheet_id],
            ).fetchone()

    # killed once it holds the sheet (which it would never finish)
    wait_for(lambda: sheet()[0] == "running", "the first worker to take the sheet")
    first.send_signal(signal.SIGKILL)
    first.wait()
    assert sheet()[0] == "running"  # and it would stay so
    # the next worker; a short stale limit (above the 5 s heartbeat) so the test need not
    # wait the production minute
    second = start_worker(env, "--stale-after", "8", "--sweep-every", "1")
    try:
        status = wait_for(lambda: sheet()[0] in ("done", "failed") and sheet(), "the sheet")
    finally:
        out = stop(second)
    assert status[0] == "done" and status[2] == 2, out
    with sqlite3.connect(db) as con:
        task_rows = con.execute("select status from django_tasks_database_dbtaskresult").fetchall()
    # the killed worker's task is closed as failed, not left RUNNING; the others succeeded:
    # the sheet's second attempt (and the build of the game's counts, if one was queued)
    statuses = sorted(s for (s,) in task_rows)
    assert statuses[0] == "FAILED" and set(statuses[1:]) == {"SUCCESSFUL"}, statuses


@pytest.mark.slow  # a worker process on PostgreSQL
@pytest.mark.database  # a database of its own, on the server the suite runs on
@pytest.mark.skipif(
    settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql",
    reason="pg_terminate_backend is PostgreSQL's; SQLite has no server connection to drop",
)
def test_the_worker_reconnects_when_its_database_connection_is_dropped():
    import psycopg

    params = settings.DATABASES["default"]
    name = "trainer_crash_reconnect"
    server = {"host": params["HOST"], "port": params["PORT"], "user": params["USER"]}
    server["dbname"] = "postgres"
    if params.get("PASSWORD"):
        server["password"] = params["PASSWORD"]
    with psycopg.connect(**server, autocommit=True) as con:
        con.execute(f"drop database if exists {name} with (force)")
        con.execute(f"create database {name}")
    auth = params["USER"] + (f":{params['PASSWORD']}" if params.get("PASSWORD") else "")
    url_ = f"postgres://{auth}@{params['HOST']}:{params['PORT']}/{name}"
    # CONN_MAX_AGE keeps the worker's connection open between tasks, as in production
    env = {**os.environ, "DEBUG": "1", "DATABASE_URL": url_, "CONN_MAX_AGE": "60"}
    manage("migrate", "-v0", env=env)
    manage("loaddata", "demo_house", "-v0", env=env)
    # a banked game's sheet, so that the connection is dropped in the middle of it
    sheet_id = queue(env, "caribbean-stud")
    worker = start_worker(env, "--reconnect-after", "1", "--stale-after", "8", "--sweep-every", "1")
    try:
        with psycopg.connect(**{**server, "dbname": name}, autocommit=True) as con:

            def row(pk):
                return con.execute(
                    "select status, done, attempt from houses_parsheetresult where id = %s", [pk]
                ).fetchone()

            def status(pk):
                return row(pk) if row(pk) and row(pk)[0] in ("done", "failed") else None

            # dropped as soon as the worker holds the sheet, not after its first progress:
            # progress is written every 5 s, and on an idle machine the whole sheet can take
            # less than two beats (a busier machine only gives the drop a longer window)
            wait_for(lambda: row(sheet_id)[:1] == ("running",), "the worker to take the sheet")
            con.execute(
                "select pg_terminate_backend(pid) from pg_stat_activity "
                "where datname = %s and pid <> pg_backend_pid()",
                [name],
            )
            # the same worker finishes it (as a new attempt) and computes the next one
            cut_short = wait_for(lambda: status(sheet_id), "the sheet cut short")
            next_id = queue(env, "mississippi-stud")
            after = wait_for(lambda: status(next_id), "the sheet queued afterwards")
        assert worker.poll() is None  # still alive
    finally:
        err = stop(worker)
        with psycopg.connect(**server, autocommit=True) as con:
            con.execute(f"drop database if exists {name} with (force)")
    assert cut_short[0] == "done" and cut_short[2] == 2, err
    assert after[0] == "done", err
    assert "reconnecting" in err


def test_a_computation_that_breaks_is_recorded_as_failed_not_left_running(ms_version, monkeypatch):
    sheet, _ = services.claim_parsheet(ms_version)

    def broken(*args, **kwargs):
        raise RuntimeError("out of cards")

    # both ways a sheet is computed: from the game's counts, and enumerated in full
    monkeypatch.setattr(type(ms_version.engine_game), "parsheet", broken)
    monkeypatch.setattr(type(ms_version.engine_game), "fast_parsheet", broken)
    services.compute_parsheet(sheet.pk, attempt=sheet.attempt)
    sheet.refresh_from_db()
    assert sheet.status == "failed" and "RuntimeError: out of cards" in sheet.error


def test_a_sheet_left_running_before_the_upgrade_is_closed_and_retried_with_its_version(
    manager_client, ms_version, django_capture_on_commit_callbacks
):
    # as a worker killed before sheets recorded their inputs left it: running for ever
    key = services.parsheet_key_of(ms_version)
    legacy = ParSheetResult.objects.create(
        key=key, game=ms_version.game, status="running", done=43, total=100
    )
    migration = importlib.import_module(
        "trainer.houses.migrations.0011_close_legacy_running_sheets"
    )
    migration.close_legacy_running(django_apps, None)
    legacy.refresh_from_db()
    assert legacy.status == "failed" and "Retry" in legacy.error
    # Retry on the version's page records the version, so the sheet can be computed
    with django_capture_on_commit_callbacks(execute=True):
        manager_client.post(f"/admin/houses/paytableversion/{ms_version.pk}/parsheet/")
    legacy.refresh_from_db()
    assert (legacy.status, legacy.version_id, legacy.attempt) == ("queued", ms_version.pk, 2)
    services.compute_parsheet(legacy.pk, attempt=legacy.attempt)
    assert ParSheetResult.objects.get(pk=legacy.pk).status == "done"


def test_a_sheet_that_names_no_version_fails_saying_what_to_do(ms_version):
    legacy = ParSheetResult.objects.create(
        key=services.parsheet_key_of(ms_version), game=ms_version.game, status="queued"
    )
    services.compute_parsheet(legacy.pk, attempt=legacy.attempt)
    legacy.refresh_from_db()
    assert legacy.status == "failed" and "Compute par sheet" in legacy.error
