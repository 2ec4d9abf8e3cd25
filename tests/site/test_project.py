"""The project itself: settings from the environment, the deploy check, the home page."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def manage(*args, env_overrides=None, unset=("DEBUG", "SECRET_KEY", "ALLOWED_HOSTS")):
    env = {k: v for k, v in os.environ.items() if k not in unset}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    env.update(env_overrides or {})
    return subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )


@pytest.mark.slow  # a migration replayed, a subprocess or a big log: the slow tier
def test_secret_key_is_required_when_debug_is_off():
    done = manage("check")
    assert done.returncode != 0
    assert "SECRET_KEY is not set" in done.stderr
    assert "Traceback" not in done.stderr.split("ImproperlyConfigured")[-1]


@pytest.mark.slow  # a migration replayed, a subprocess or a big log: the slow tier
def test_debug_on_runs_without_a_secret_key():
    done = manage("check", env_overrides={"DEBUG": "1"})
    assert done.returncode == 0, done.stderr


@pytest.mark.slow  # a migration replayed, a subprocess or a big log: the slow tier
def test_deploy_check_is_clean_with_production_settings():
    done = manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        env_overrides={"SECRET_KEY": secrets.token_urlsafe(50), "ALLOWED_HOSTS": "trainer.example"},
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


@pytest.mark.slow  # a migration replayed, a subprocess or a big log: the slow tier
@pytest.mark.parametrize(
    ("url", "engine"),
    [
        (None, "django.db.backends.sqlite3"),
        ("postgres://postgres@127.0.0.1:5432/postgres", "django.db.backends.postgresql"),
    ],
)
def test_database_comes_from_database_url(url, engine):
    env = {"DEBUG": "1"}
    unset = ("DEBUG", "SECRET_KEY", "DATABASE_URL")
    if url:
        env["DATABASE_URL"] = url
    done = manage(
        "shell",
        "-c",
        "from django.conf import settings; print(settings.DATABASES['default'])",
        env_overrides=env,
        unset=unset,
    )
    assert done.returncode == 0, done.stderr
    assert engine in done.stdout
    if url is None:
        assert str(ROOT / "db.sqlite3") in done.stdout


def test_home_page_says_what_the_site_is(client):
    response = client.get("/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "Dealer training and rule verification" in page
    for game in ("Mississippi Stud", "Caribbean Stud", "Casino Stud Poker", "English Stud"):
        assert game in page
    # htmx is served by the site itself, never from a CDN
    assert "/static/django_htmx/htmx-2.min.js" in page
    assert "https://" not in page.split("<body")[0]


def test_static_files_are_found(client):
    from django.contrib.staticfiles import finders

    assert finders.find("trainer/site.css")
    assert finders.find("django_htmx/htmx-2.min.js")


def test_the_site_has_an_icon_on_every_page(client, db):
    # no favicon was a 404 on every page: the layout names the icon, and
    # /favicon.ico, which browsers ask for on pages that name none (the admin's), leads to it
    from django.contrib.staticfiles import finders

    assert finders.find("trainer/favicon.svg")
    page = client.get("/").content.decode()
    assert '<link rel="icon" href="/static/trainer/favicon.svg"' in page
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"] == "/static/trainer/favicon.svg"


@pytest.mark.slow  # a migration replayed, a subprocess or a big log: the slow tier
def test_the_upload_limits_come_from_the_environment():
    # AUDIT_UPLOAD_MAX_BYTES was read only from a settings module nobody edits
    shown = (
        "from django.conf import settings as s; "
        "print(s.AUDIT_UPLOAD_MAX_BYTES, s.REQUEST_BODY_MAX_BYTES)"
    )
    limits = {"AUDIT_UPLOAD_MAX_BYTES": "1234", "REQUEST_BODY_MAX_BYTES": "5678"}
    done = manage("shell", "-v", "0", "-c", shown, env_overrides={"DEBUG": "1", **limits})
    assert done.stdout.split() == ["1234", "5678"], done.stderr


def test_make_serve_gives_gunicorn_its_timeout_explicitly():
    # gunicorn's own default (30 s) killed the imports of more than about twenty
    # trainees; the timeout is the Makefile's decision, with its reason in docs/operations.md
    env = {k: v for k, v in os.environ.items() if k not in ("TIMEOUT", "MAKEFLAGS")}
    done = subprocess.run(
        ["make", "-n", "serve"], capture_output=True, text=True, cwd=ROOT, env=env, timeout=60
    )
    gunicorn = done.stdout[done.stdout.index("gunicorn trainer.wsgi") :]
    assert " --timeout 30 " in gunicorn.replace("\\\n", " ")
