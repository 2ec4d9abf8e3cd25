"""The task worker makes an import's accounts: the confirming request hashes no
password (each takes about half a second with Django's hasher, and a file of a few dozen held
the request past gunicorn's timeout, so nobody was created); the page follows the worker; the
accounts are made all together or not at all, once, whatever happens to the worker."""

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
from datetime import timedelta

import pytest
from django.contrib.auth.hashers import MD5PasswordHasher
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from tests.houses.test_parsheet_recovery import ROOT, stop, wait_for
from trainer.houses.models import User
from trainer.roster import imports
from trainer.roster.models import PersonAction, RosterImport, TemporaryPassword

from .test_import import GOOD, new_users, run_worker, upload

#: GOOD's rows
ROWS = 2


@pytest.fixture
def staged(client, supervisor):
    client.force_login(supervisor)
    upload(client, GOOD)
    return RosterImport.objects.get()


def page_of(staged) -> str:
    return reverse("people-import-confirm", args=[staged.pk])


def test_the_confirmation_hashes_no_password_the_worker_does(
    client, staged, monkeypatch, django_capture_on_commit_callbacks
):
    hashed = []
    encode = MD5PasswordHasher.encode  # the test settings' hasher (tests/settings.py)

    def counted(self, password, salt):
        hashed.append(password)
        return encode(self, password, salt)

    monkeypatch.setattr(MD5PasswordHasher, "encode", counted)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(page_of(staged))
    assert response.status_code == 302 and response["Location"] == page_of(staged)
    assert hashed == [] and not new_users().exists()  # nothing done in the request
    task = DBTaskResult.objects.get()  # queued for the worker (settings.TASKS)
    assert task.task_path == imports.import_trainees.module_path
    imports.import_trainees.call(*task.args_kwargs["args"])  # what the worker runs
    assert len(hashed) == ROWS and new_users().count() == ROWS
    assert TemporaryPassword.objects.filter(user__in=new_users()).count() == ROWS


def test_the_page_follows_the_worker_then_shows_the_passwords(client, staged):
    client.post(page_of(staged))
    RosterImport.objects.filter(pk=staged.pk).update(status="running", prepared=1)
    page = client.get(page_of(staged)).content.decode()
    assert 'hx-trigger="every 2s"' in page and "1 of 2 accounts ready (50%)" in page
    assert "Refresh</a>" in page  # without JavaScript
    status = reverse("people-import-status", args=[staged.pk])
    polled = client.get(status, headers={"HX-Request": "true"})
    assert (
        "1 of 2 accounts ready" in polled.content.decode() and "<h1>" not in polled.content.decode()
    )
    assert client.get(status)["Location"] == page_of(staged)  # not htmx: the page
    RosterImport.objects.filter(pk=staged.pk).update(status="queued", prepared=0)
    run_worker()
    assert client.get(status, headers={"HX-Request": "true"})["HX-Refresh"] == "true"
    assert "Temporary passwords" in client.get(page_of(staged)).content.decode()


def test_progress_is_written_as_the_passwords_are_hashed(client, staged, monkeypatch):
    monkeypatch.setattr(RosterImport, "HEARTBEAT_SECONDS", 0)  # a beat after every password
    seen = []
    make_password = imports.make_password

    def watched(password):
        seen.append(RosterImport.objects.get(pk=staged.pk).prepared)
        return make_password(password)

    monkeypatch.setattr(imports, "make_password", watched)
    client.post(page_of(staged))
    run_worker()
    assert seen == [0, 1]  # ready before each password is hashed
    assert RosterImport.objects.get(pk=staged.pk).prepared == ROWS


class Killed(BaseException):
    """The worker's process ending where it stands (a kill, a lost machine)."""


def lapse(staged) -> None:
    """Its worker's heartbeat long past, as a killed worker leaves it."""
    long_ago = timezone.now() - timedelta(seconds=RosterImport.STALE_AFTER_SECONDS + 1)
    RosterImport.objects.filter(pk=staged.pk).update(heartbeat_at=long_ago)


def test_a_worker_killed_while_making_the_accounts_leaves_nobody_and_the_next_makes_all_once(
    client, staged, monkeypatch, django_capture_on_commit_callbacks
):
    client.post(page_of(staged))
    log_action = imports.log_action

    def killed_at_the_second(**kwargs):
        if PersonAction.objects.exists():
            raise Killed
        return log_action(**kwargs)

    monkeypatch.setattr(imports, "log_action", killed_at_the_second)
    with pytest.raises(Killed):
        run_worker()
    assert not new_users().exists()  # the transaction never committed
    staged.refresh_from_db()
    assert (staged.status, staged.attempt) == ("running", 1)
    monkeypatch.setattr(imports, "log_action", log_action)
    assert imports.requeue_stale_imports() == []  # its lease still holds
    lapse(staged)
    with django_capture_on_commit_callbacks() as queued:
        assert imports.requeue_stale_imports() == [staged]
    assert len(queued) == 1
    imports.run_import(staged.pk, 1)  # the killed attempt's task, come round late: nothing
    assert not new_users().exists()
    run_worker()
    staged.refresh_from_db()
    assert (staged.status, staged.attempt) == ("done", 2)
    assert sorted(new_users().values_list("username", flat=True)) == ["new-ann", "new-ben"]
    assert PersonAction.objects.count() == ROWS


def test_an_import_done_is_never_made_again(client, staged):
    client.post(page_of(staged))
    run_worker()
    staged.refresh_from_db()
    lapse(staged)  # a done import is not stale, whatever its heartbeat
    imports.run_import(staged.pk, staged.attempt)  # its task run twice
    assert imports.requeue_stale_imports() == []
    again = client.post(page_of(staged), follow=True)
    assert "imported already" in again.content.decode()
    assert new_users().count() == ROWS and PersonAction.objects.count() == ROWS


def test_a_second_confirmation_while_it_is_made_queues_nothing(client, staged):
    client.post(page_of(staged))
    again = client.post(page_of(staged), follow=True)
    assert "being created already" in again.content.decode()
    assert RosterImport.objects.get(pk=staged.pk).attempt == 1


def test_the_passwords_are_shown_once_and_only_to_whoever_confirmed(
    client, staged, supervisor, demo
):
    from tests.factories import SupervisorFactory

    client.post(page_of(staged))
    run_worker()
    colleague = SupervisorFactory(house=demo, username="super-sam")
    other = client.__class__()
    other.force_login(colleague)
    theirs = other.get(page_of(staged)).content.decode()
    assert "shown once, to super-sue" in theirs and 'code class="password"' not in theirs
    shown = client.get(page_of(staged))
    passwords = {e.user.username: e.password for e in shown.context["enrolled"]}
    assert User.objects.get(username="new-ann").check_password(passwords["new-ann"])
    again = client.get(page_of(staged)).content.decode()
    assert "were shown to super-sue" in again and passwords["new-ann"] not in again
    assert RosterImport.objects.get(pk=staged.pk).passwords is None  # not kept


def test_passwords_never_collected_are_erased_after_a_day(client, staged):
    client.post(page_of(staged))
    run_worker()
    day_ago = timezone.now() - RosterImport.PASSWORDS_KEPT - timedelta(minutes=1)
    RosterImport.objects.filter(pk=staged.pk).update(done_at=day_ago)
    imports.requeue_stale_imports()  # the worker's sweep
    assert RosterImport.objects.get(pk=staged.pk).passwords is None
    page = client.get(page_of(staged)).content.decode()
    assert "not collected within a day, and are erased" in page


def test_a_failure_is_recorded_and_the_import_can_be_tried_again(client, staged, monkeypatch):
    def broken(password):
        raise RuntimeError("no hasher")

    monkeypatch.setattr(imports, "make_password", broken)
    client.post(page_of(staged))
    run_worker()
    page = client.get(page_of(staged)).content.decode()
    assert "The import failed: the import stopped unexpectedly (RuntimeError)" in page
    assert "Try again" in page and not new_users().exists()
    monkeypatch.undo()
    client.post(page_of(staged))
    run_worker()
    assert RosterImport.objects.get(pk=staged.pk).status == "done"
    assert new_users().count() == ROWS


def test_a_stopped_import_says_so_and_gives_up_after_three_workers(client, staged):
    client.post(page_of(staged))
    for attempt in range(1, imports.MAX_ATTEMPTS + 1):
        RosterImport.objects.filter(pk=staged.pk).update(status="running")
        lapse(staged)
        if attempt == 1:
            page = client.get(page_of(staged)).content.decode()
            assert "its worker has not been heard from" in page and "Try again" in page
        imports.requeue_stale_imports()
    staged.refresh_from_db()
    assert (staged.status, staged.attempt) == ("failed", imports.MAX_ATTEMPTS)
    assert "its worker stopped 3 times" in client.get(page_of(staged)).content.decode()
    assert not new_users().exists()


def test_a_worker_killed_after_taking_the_task_before_the_import_is_queued_again(
    client, staged, django_capture_on_commit_callbacks
):
    # the worker took the task (its row RUNNING) and was killed before `run_import` took the
    # import: it read "queued" for ever, its page polling, and could not be confirmed again
    with django_capture_on_commit_callbacks(execute=True):
        client.post(page_of(staged))
    DBTaskResult.objects.get().claim("worker-a")
    with django_capture_on_commit_callbacks(execute=True):
        assert imports.requeue_stale_imports() == []  # it has not waited long: left alone
    long_ago = timezone.now() - timedelta(seconds=RosterImport.STALE_AFTER_SECONDS + 1)
    RosterImport.objects.filter(pk=staged.pk).update(heartbeat_at=long_ago)
    DBTaskResult.objects.running().update(started_at=long_ago)
    with django_capture_on_commit_callbacks(execute=True):
        assert [s.pk for s in imports.requeue_stale_imports()] == [staged.pk]
    # the dead worker's task row is closed, not left running; a task for attempt 1 waits
    assert DBTaskResult.objects.failed().count() == 1
    task = DBTaskResult.objects.ready().get()
    assert task.args_kwargs["args"] == [staged.pk, 1]
    with django_capture_on_commit_callbacks(execute=True):
        assert imports.requeue_stale_imports() == []  # and the next sweep queues no more
    imports.import_trainees.call(*task.args_kwargs["args"])
    staged.refresh_from_db()
    assert (staged.status, staged.attempt) == ("done", 1) and new_users().count() == ROWS


# --- a real worker process, killed ----------------------------------------------------------

#: trainees in the file: the most an import takes (imports.MAX_ROWS)
MANY = imports.MAX_ROWS

#: the import of MANY trainees staged and confirmed by a supervisor, as the site does (the
#: worker's process does it before it starts working, given QUEUED: a `manage.py shell` of
#: its own would be one Django more to start), its id written to the file QUEUED names
QUEUE_IMPORT = f"""
from trainer.houses.models import House, User
from trainer.roster import imports
house = House.objects.get(slug="demo")
sue = User.objects.create_user("super-sue", house=house)  # who confirms: the views check roles
data = ("username,first_name\\n" + "".join(f"new-{{i:03}},Trainee\\n" for i in range({MANY})))
_, staged = imports.stage_import(actor=sue, house=house, filename="intake.csv", data=data.encode())
assert imports.confirm_import(actor=sue, staged_id=staged.pk, house=house) is None
part = Path(os.environ["QUEUED"] + ".part")
part.write_text(str(staged.pk))
part.rename(os.environ["QUEUED"])
"""

#: the task worker with a cheap password hasher (a thousand of the site's own would cost the
#: suite a minute of CPU), and, given HOLD_AT, one that stops for good after making that many
#: accounts inside the import's transaction, saying so in the file HELD names: it stands for
#: a worker killed in the middle of the transaction, without racing a machine's speed
IMPORT_WORKER = """
import os, sys, threading
from pathlib import Path
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "trainer.settings")
import django
django.setup()
from django.conf import settings
settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
if os.environ.get("QUEUED"):
    exec(os.environ["QUEUE_IMPORT"])
if os.environ.get("HOLD_AT"):
    from trainer.roster import imports
    make, made = imports._make, []
    def held(*args):
        made.append(make(*args))
        if len(made) == int(os.environ["HOLD_AT"]):
            Path(os.environ["HELD"]).write_text("held")
            threading.Event().wait()
        return made[-1]
    imports._make = held
from django.core.management import execute_from_command_line
execute_from_command_line(["manage.py", *sys.argv[1:]])
"""


def start_import_worker(env, *args):
    return subprocess.Popen(
        [sys.executable, "-c", IMPORT_WORKER, "parsheet_worker", "--interval", "0.2", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.slow  # two worker processes and a file of 500 trainees
def test_a_worker_killed_in_the_transaction_of_500_leaves_nobody_and_the_next_makes_all(
    tmp_path, demo_sqlite
):
    db = tmp_path / "db.sqlite3"
    shutil.copyfile(demo_sqlite, db)  # migrated, with the demo house
    env = {**os.environ, "DEBUG": "1", "DATABASE_URL": f"sqlite:///{db}"}

    def read(sql: str, *params):
        with sqlite3.connect(db) as con:
            return con.execute(sql, params).fetchone()

    def state():
        return read("select status, attempt from roster_rosterimport where id = ?", import_id)

    def made() -> int:
        return read("select count(*) from houses_user where username like 'new-%'")[0]

    held, queued = tmp_path / "held", tmp_path / "queued"
    first = start_import_worker(
        {**env, "QUEUED": str(queued), "QUEUE_IMPORT": QUEUE_IMPORT}
        | {"HOLD_AT": str(MANY // 2), "HELD": str(held)}
    )
    try:
        import_id = int(wait_for(lambda: queued.exists() and queued.read_text(), "the import"))
        wait_for(held.exists, "the first worker to make half the accounts")
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait()
    # killed inside the transaction: nobody is made, and the import reads running, for now
    assert made() == 0 and state() == ("running", 1)
    # the next worker; a short stale limit (above the 5 s heartbeat of par sheets) so that the
    # test need not wait the production minute
    second = start_import_worker(env, "--stale-after", "8", "--sweep-every", "1")
    try:
        ended = wait_for(lambda: state()[0] not in ("queued", "running") and state(), "it")
    finally:
        err = stop(second)
    assert ended == ("done", 2), err
    assert made() == MANY
    logged = read("select count(*) from roster_personaction where kind = 'imported'")[0]
    assert logged == MANY  # each account once
    with sqlite3.connect(db) as con:
        tasks = sorted(
            s for (s,) in con.execute("select status from django_tasks_database_dbtaskresult")
        )
    # the killed worker's task is closed as failed, not left running; the next one succeeded
    assert tasks == ["FAILED", "SUCCESSFUL"], err
