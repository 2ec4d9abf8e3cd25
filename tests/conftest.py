"""What the whole suite shares: the hypothesis profiles, the browser mark, and the houses and
people most tests stand on.

Two houses: `demo`, loaded from the demo fixture as `make run` loads it (the source texts'
tables, active), and `riverboat`, made by the factories with default house rules and no
tables.  Their people have usernames nobody would write in a page by accident
("trainee-tina", not "tina"), so that "not in the page" means something.  A folder's own
conftest keeps only what its tests alone use.
"""

import fcntl
import gc
import os
import pickle
import shutil
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from django.apps import apps
from django.core.cache import caches
from django.core.management import call_command
from django.utils import translation
from hypothesis import HealthCheck, settings

from tests.factories import (
    HouseFactory,
    HouseRulesFactory,
    ManagerFactory,
    SupervisorFactory,
    TraineeFactory,
    UserFactory,
)
from trainer.engine.catalog import Game
from trainer.engine.parsheets import Counts
from trainer.houses.models import House
from trainer.houses.roles import sync_roles

# CI runs the examples a developer's run does, derandomized (the same ones every run), so a
# red CI run is one a developer reproduces; more examples cost CPU the budget does not have.
settings.register_profile(
    "ci",
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=60, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

BROWSER_TESTS = Path(__file__).parent / "browser"


#: the fixtures through which a test reaches the database (pytest-django's)
DATABASE_FIXTURES = {"db", "transactional_db", "django_db_setup", "live_server"}


@pytest.fixture(autouse=True)
def _the_language_of_no_request():
    """Each test starts in the site's default language.  The test client answers in the test's
    own thread, and a page for a Spanish reader leaves Spanish active there (LocaleMiddleware
    and the user's language activate it, nothing deactivates it): a later test's numbers and
    words would read in Spanish."""
    yield
    translation.deactivate()


def pytest_collection_finish(session):
    """Once every test module is imported: what exists now (Django, the apps, the engine's
    tables, the tests themselves) is moved out of the garbage collector's sight, and its
    youngest generation is collected after 50,000 new objects rather than 700.  The suite
    makes many short-lived objects and few cycles: with Python's default thresholds the
    collector's passes over the same long-lived objects cost about an eighth of the quick
    tier's CPU (132 CPU-s against 116 on this machine).  Memory stays bounded: every cycle is
    still collected, in larger batches."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 50)


def _worker_group(item) -> str:
    """Which xdist worker runs `item` under `make test` (`--dist loadgroup`): the browser tier
    in one, the rest, a whole test file at a time, in the others.  Each worker then warms
    only its own part (Chromium and the live server; the engine's tables, the par sheets
    and the enumerations): on two cores 541 CPU-s for the suite against 605 with the tests
    dealt out one by one to both (`--dist load`), and no longer a wait (335 s against 351)."""
    if BROWSER_TESTS in item.path.parents:
        return "browser"
    others = max(1, int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "2")) - 1)
    where = str(item.path.relative_to(Path(__file__).parents[1]))
    return f"rest-{zlib.crc32(where.encode()) % others}"


@pytest.hookimpl(tryfirst=True)  # before xdist's, which reads the groups (loadgroup)
def pytest_collection_modifyitems(items):
    for item in items:
        # Every test in tests/browser/ drives Chromium: marked here once, not in each file.
        if BROWSER_TESTS in item.path.parents:
            item.add_marker(pytest.mark.browser)
        item.add_marker(pytest.mark.xdist_group(_worker_group(item)))
        # The tests that reach the database: the ones PostgreSQL runs again (`make test-db`).
        fixtures = set(getattr(item, "fixturenames", ()))
        if item.get_closest_marker("django_db") or fixtures & DATABASE_FIXTURES:
            item.add_marker(pytest.mark.database)


def _load_demo() -> House:
    call_command("loaddata", "demo_house", verbosity=0)
    return House.objects.get(slug="demo")


def _sqlite_made_by_migrations(request) -> bool:
    from django.conf import settings

    engine = settings.DATABASES["default"]["ENGINE"]
    return engine == "django.db.backends.sqlite3" and not request.config.option.nomigrations


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings, request, tmp_path_factory):
    """On SQLite, the test database is a copy of the file `demo_sqlite` makes by the
    migrations (once for the whole run, under xdist by the first worker to ask), kept as it
    is (`django_db_keepdb`): every migration still runs, once, rather than once more for each
    worker's test database (each run of the ~130 migrations costs 11 to 13 CPU-seconds)."""
    if _sqlite_made_by_migrations(request):
        from django.conf import settings

        copy = tmp_path_factory.mktemp("test-database") / "test.sqlite3"
        shutil.copyfile(request.getfixturevalue("demo_sqlite"), copy)
        settings.DATABASES["default"].setdefault("TEST", {})["NAME"] = str(copy)


@pytest.fixture(scope="session")
def django_db_keepdb(django_db_keepdb, request) -> bool:
    """Kept: on SQLite the database is the migrated copy above, not made again."""
    return django_db_keepdb or _sqlite_made_by_migrations(request)


@pytest.fixture(scope="session")
def django_db_setup(request, django_db_setup, django_db_blocker):
    """The test database, with the demo house loaded once for the whole session (once per
    xdist worker): every test's transaction rolls back to it, so no test pays for loading it.
    The roles (groups) come from the migrations; where the tables are made from the models
    without them (`--no-migrations`: the quick tier, README "Tests"), from the function the
    migration runs."""
    with django_db_blocker.unblock():
        if request.config.option.nomigrations:
            sync_roles(apps)
        if not House.objects.filter(slug="demo").exists():  # (the migrated copy holds it)
            _load_demo()


@pytest.fixture(autouse=True)
def _cold_local_cache():
    """Each test starts with an empty in-memory cache (trainer.core.localcache).  Its keys carry
    serials that a rolled-back test moved on; the next test moves them on to the same numbers
    with other data, which a process that lived on would never see."""
    caches["local"].clear()


#: (enumeration, key, deck) -> (the sheet, the progress calls made computing it)
_SHEETS: dict[tuple, tuple] = {}


def full_deck_counts(tmp_path_factory, key: str, build) -> tuple[Counts, list]:
    """A game's full-deck counts (`key`, its `parsheet_counts_key()`) and the progress calls
    made building them, built once for the whole run: under xdist the first worker to ask
    builds them and leaves them in the run's shared temporary folder, the others read them
    (the build is the suite's longest computation, and each worker would pay it again).
    `build(progress)` makes them.  A plain `pytest` (no workers) builds them in its one
    process: the folder above its own outlives the run."""
    calls: list = []

    def made():
        return build(lambda done, total: calls.append((done, total))), calls

    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return made()
    shared = tmp_path_factory.getbasetemp().parent
    path = shared / f"counts-{key}.pickle"
    with open(shared / f"counts-{key}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # the others wait for the one building
        if path.exists():
            data, calls = pickle.loads(path.read_bytes())
            return Counts.from_bytes(data), calls
        counts, calls = made()
        path.write_bytes(pickle.dumps((counts.to_bytes(), calls)))
        return counts, calls


@pytest.fixture(scope="session")
def demo_sqlite(tmp_path_factory) -> Path:
    """A SQLite file migrated and holding the demo house, for the tests whose own processes (a
    worker, a command) need a database file of their own: each copies it.  Made once for the
    run by `manage.py migrate` and `loaddata` as a house would (under xdist, by the first
    worker to ask, in the run's shared folder), not once per test: a migration of every app
    from nothing costs seconds."""
    xdist = bool(os.environ.get("PYTEST_XDIST_WORKER"))
    shared = tmp_path_factory.getbasetemp().parent if xdist else tmp_path_factory.getbasetemp()
    path = shared / "demo.sqlite3"
    with open(shared / "demo.sqlite3.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # the others wait for the one making it
        if not path.exists():
            making = shared / "demo.sqlite3.part"
            env = {**os.environ, "DEBUG": "1", "DATABASE_URL": f"sqlite:///{making}"}
            for args in (("migrate", "-v0"), ("loaddata", "demo_house", "-v0")):
                command = [sys.executable, "manage.py", *args]
                subprocess.run(command, cwd=Path(__file__).parents[1], env=env, check=True)
            making.rename(path)
    return path


@pytest.fixture(autouse=True)
def _par_sheets_computed_once(request, monkeypatch, tmp_path_factory):
    """Outside the engine's own tests, a par sheet is computed once per test session (per
    worker) and handed out again, with the same progress reported, whenever a test asks for the
    same table under the same rules; so are the counts behind a game's fast sheets.  The Django
    tests check how a sheet is queued, stored, shared and shown, which a repeated enumeration
    (two seconds each for Mississippi Stud, many more for the banked games) proves nothing more
    about; tests/engine checks the figures, and the worker tests (test_parsheet_recovery)
    compute in processes of their own."""
    if "engine" in request.node.path.parts:
        return
    compute = Game.parsheet

    def parsheet(self, table, rules, progress=None, *, deck=None):
        memo = (
            type(self.enumeration).__qualname__,
            self.slug,
            self.parsheet_key(table, rules, deck=deck),
            tuple(deck) if deck is not None else None,
        )
        if memo not in _SHEETS:
            calls = []

            def record(done, total):
                calls.append((done, total))
                if progress is not None:
                    progress(done, total)

            _SHEETS[memo] = (compute(self, table, rules, record, deck=deck), calls)
            return _SHEETS[memo][0]
        sheet, calls = _SHEETS[memo]
        for done, total in calls if progress is not None else ():
            progress(done, total)
        return sheet

    monkeypatch.setattr(Game, "parsheet", parsheet)
    made = Game.parsheet_counts

    def parsheet_counts(self, progress=None, *, deck=None):
        """The counts behind the fast sheets, made once per session the same way."""
        memo = ("counts", self.parsheet_counts_key(deck=deck))
        if memo not in _SHEETS and deck is None:
            _SHEETS[memo] = full_deck_counts(
                tmp_path_factory, memo[1], lambda record: made(self, record)
            )
        if memo not in _SHEETS:
            calls = []

            def record(done, total):
                calls.append((done, total))
                if progress is not None:
                    progress(done, total)

            _SHEETS[memo] = (made(self, record, deck=deck), calls)
            return _SHEETS[memo][0]
        counts, calls = _SHEETS[memo]
        for done, total in calls if progress is not None else ():
            progress(done, total)
        return counts

    monkeypatch.setattr(Game, "parsheet_counts", parsheet_counts)
    fast = Game.fast_parsheet

    def fast_parsheet(self, table, rules, counts):
        """A sheet from the counts (a tenth of a second for Mississippi Stud), made once per
        session for the same table, rules and counts: the desk's and the houses' tests ask
        for the same few tables again and again."""
        memo = (
            "fast",
            self.slug,
            table.name,  # the sheet names its table
            self.parsheet_key(table, rules, deck=counts.deck),
            counts.key,
        )
        if memo not in _SHEETS:
            _SHEETS[memo] = fast(self, table, rules, counts)
        return _SHEETS[memo]

    monkeypatch.setattr(Game, "fast_parsheet", fast_parsheet)


@pytest.fixture
def roles(transactional_db):
    """For a transactional test: the groups the migration made, made again, because the flush
    after an earlier transactional test removed them.  Ask for it before the people."""
    sync_roles(apps)


# --- houses ---------------------------------------------------------------------------------


@pytest.fixture
def demo(db):
    """The demo house, from fixtures/demo_house.json: loaded once per session (above), and
    loaded again only after a transactional test's flush emptied the database."""
    return House.objects.filter(slug="demo").first() or _load_demo()


@pytest.fixture
def riverboat(db):
    """Another house, with the default house rules and no paytables."""
    house = HouseFactory(name="Riverboat", slug="riverboat")
    HouseRulesFactory(house=house)
    return house


# --- people of the demo house ---------------------------------------------------------------


@pytest.fixture
def trainee(demo):
    return TraineeFactory(house=demo, username="trainee-tina")


@pytest.fixture
def other_trainee(demo):
    return TraineeFactory(house=demo, username="trainee-otto")


@pytest.fixture
def supervisor(demo):
    return SupervisorFactory(house=demo, username="super-sue")


@pytest.fixture
def manager(demo):
    return ManagerFactory(house=demo, username="manager-max")


@pytest.fixture
def trainee_client(client, trainee):
    client.force_login(trainee)
    return client


# --- people of the riverboat, and of no house -----------------------------------------------


@pytest.fixture
def stranger(riverboat):
    """A trainee of another house."""
    return TraineeFactory(house=riverboat, username="trainee-uma")


@pytest.fixture
def other_supervisor(riverboat):
    return SupervisorFactory(house=riverboat, username="super-olga")


@pytest.fixture
def superuser(db):
    return UserFactory(username="root-rita", house=None, is_superuser=True, is_staff=True)
