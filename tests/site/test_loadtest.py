"""`make load` (tools.load): a short real run against gunicorn and PostgreSQL, product and
floor, and the pieces it reads pages and figures with."""

import importlib.util
import json
import sys

import pytest
from django.db import connection

from tools import load
from tools.drillpage import answer_from_page
from trainer.houses.models import User
from trainer.houses.roles import TRAINEE


def test_a_trainee_answers_from_the_page_alone():
    page = (
        '<input type="hidden" name="csrfmiddlewaretoken" value="t">'
        '<input type="radio" name="p1.outcome" value="win" id="a">'
        '<input type="radio" name="p1.outcome" value="push" id="b">'
        '<input type="text" name="p1.amount" id="c" value="">'
        '<input type="checkbox" name="winners" value="3" id="d">'
    )
    assert answer_from_page(page) == {
        "p1.outcome": "win",
        "p1.amount": "0",
        "winners": "3",
    }


def test_percentiles_are_nearest_rank():
    values = [float(v) for v in range(1, 101)]
    assert [load.percentile(values, p) for p in (50, 95, 99)] == [50.0, 95.0, 99.0]
    assert load.percentile([7.0], 95) == 7.0


def test_only_a_loopback_database_of_its_own_is_accepted():
    with pytest.raises(SystemExit):
        load.main(["--database-url", "postgres://postgres@db.example:5432/trainer_load"])
    with pytest.raises(SystemExit):
        load.recreate_database("postgres://postgres@127.0.0.1:5432/postgres")


@pytest.mark.parametrize(("language", "header"), [("es", "es"), ("", "the browser's")])
def test_the_trainees_of_both_runs_read_the_language_given(demo, monkeypatch, language, header):
    # the set-up's script, run here on the test database rather than in a process of its own
    monkeypatch.setattr(sys, "argv", ["-c", "2", "pw", language, load.PRODUCT, load.FLOOR])
    exec(load.CREATE_TRAINEES, {})
    trainees = User.objects.filter(username__regex=r"^(load|floor)-trainee-")
    assert sorted(t.username for t in trainees) == [
        "floor-trainee-000", "floor-trainee-001", "load-trainee-000", "load-trainee-001",
    ]  # fmt: skip
    assert {t.language for t in trainees} == {language}
    assert all(t.house == demo and t.groups.filter(name=TRAINEE).exists() for t in trainees)
    assert header in load.language_words(language)


def test_a_language_the_site_does_not_have_stops_the_set_up(demo, monkeypatch):
    monkeypatch.setattr(sys, "argv", ["-c", "2", "pw", "tl", load.PRODUCT])
    with pytest.raises(SystemExit, match="'tl' is not a language of the site"):
        exec(load.CREATE_TRAINEES, {})
    assert not User.objects.filter(username__startswith=load.PRODUCT).exists()


class NoWatchdog:
    """A stand-in for the run's watchdog, which ends the whole process when it fires."""

    def __init__(self, *args, **kwargs):
        self.daemon = True

    def start(self):
        pass

    def cancel(self):
        pass


def test_the_language_option_is_read_and_named_in_the_figures(monkeypatch, tmp_path):
    asked = {}

    def stop(*args):
        asked["language"] = args[-1]
        raise SystemExit(0)

    # the run stops at its set-up (no database dropped, no server started)
    monkeypatch.setattr(load, "set_up", stop)
    monkeypatch.setattr(load.importlib.util, "find_spec", lambda name: True)
    monkeypatch.setattr(load.threading, "Timer", NoWatchdog)
    monkeypatch.setattr(load.tempfile, "mkdtemp", lambda prefix: str(tmp_path))
    with pytest.raises(SystemExit):
        load.main(["--language", "es", "--users", "1", "--seconds", "1"])
    assert asked["language"] == "es"
    run = load.Run("product", load.PRODUCT, "trainer.settings", None, "postgres://h/d")
    run.figures = {"elapsed": 1.0, "tallies": [], "cpu_ms": [0, 0]}
    assert load.summary(run, None, "es")["language"] == "es"


def test_the_site_never_imports_the_tools():
    from trainer.site import urls  # noqa: F401  (the whole site, as a request loads it)

    assert not [name for name in sys.modules if name.startswith("trainer.") and "bench" in name]
    assert "locust" not in sys.modules


def drop_database(name):
    import psycopg
    from psycopg import sql

    maintenance = "postgres://postgres@127.0.0.1:5432/postgres"
    with psycopg.connect(maintenance, autocommit=True, connect_timeout=5) as conn:
        drop = sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)")
        conn.execute(drop.format(sql.Identifier(name)))


@pytest.mark.database  # a database of its own, on the server the suite runs on
@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the load test runs on PostgreSQL only"
)
@pytest.mark.skipif(
    importlib.util.find_spec("locust") is None, reason="Locust comes with the load extra"
)
def test_a_short_load_run_stores_exactly_what_was_acknowledged(capsys):
    url = "postgres://postgres@127.0.0.1:5432/trainer_load_test"
    try:
        code = load.main(["--users", "4", "--seconds", "3", "--database-url", url])
    finally:
        drop_database("trainer_load_test")
        drop_database("trainer_load_test_floor")
    out = capsys.readouterr().out
    # Locust ran in its own process: this one's standard library is not patched for gevent
    assert "locust" not in sys.modules and "gevent" not in sys.modules
    figures = json.loads(out.strip().splitlines()[-1])
    assert code == 0, out  # no errors, nothing lost or doubled, in either run
    assert figures["answers"] > 0 and figures["stored"] == figures["answers"]
    assert figures["doubled"] == 0 and figures["errors"] == 0
    assert figures["floor_answers"] > 0 and figures["floor_stored"] == figures["floor_answers"]
    assert figures["floor_errors"] == 0 and figures["floor_ratio"] > 0
    # 4 trainees sharing 165 answers/s (the first target, 150, and a tenth)
    assert "offered: 165 answers/s" in out
    assert "x the floor's" in out
