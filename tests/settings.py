"""Test settings: the production settings module, with a throwaway key and plain static
storage (the manifest storage needs `collectstatic`, which tests do not run)."""

import os

os.environ.setdefault("SECRET_KEY", "test-only-secret-key-not-used-anywhere-else-0123456789")

from trainer.settings import *  # noqa: E402,F403

STORAGES = {
    **STORAGES,  # noqa: F405
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
SECURE_SSL_REDIRECT = False
# Serve static files from the finders, as runserver does: tests never run collectstatic.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
# every page a test renders is read for code words (tests/visible_words.py), and every page
# a test renders in Spanish for the catalogue's English (tests/i18n/english_on_pages.py), once
# there is a Spanish catalogue to read; except where READ_EVERY_PAGE=0 (`make test-fast`: the
# readers cost that tier about 4 of its CPU-seconds; `make test`, what CI runs, reads them)
if os.environ.get("READ_EVERY_PAGE", "1") != "0":
    MIDDLEWARE = [*MIDDLEWARE, "tests.visible_words.CodeWordsOnPages"]  # noqa: F405
    if (BASE_DIR / "locale" / "es" / "LC_MESSAGES" / "django.po").exists():  # noqa: F405
        MIDDLEWARE = [*MIDDLEWARE, "tests.i18n.english_on_pages.NoEnglishOnSpanishPages"]
# no GET or HEAD a test sends writes to the database (tests/readonly.py); first, so the whole
# request is watched
MIDDLEWARE = ["tests.readonly.GetsNeverWrite", *MIDDLEWARE]
# a par sheet queued by a test queues no card-exposure figures (minutes of a worker's time on
# the full deck); tests/houses/test_exposure.py turns it on where it checks the queueing
PARSHEET_EXPOSURE = False
# On SQLite the test database is a file (a copy of the migrated one, tests/conftest.py), not
# memory: it need not survive a crash, so it is not synced to the disk at every commit (the
# live-server and transactional tests commit often), and its rollback journal stays in memory.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    DATABASES["default"].setdefault("OPTIONS", {})["init_command"] = (  # noqa: F405
        "PRAGMA synchronous=OFF; PRAGMA journal_mode=MEMORY"
    )
