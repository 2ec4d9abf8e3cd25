"""Settings for the dealer trainer, read from the environment.

DATABASE_URL   default: a SQLite file `db.sqlite3` in the project root; postgres://... for
               PostgreSQL (psycopg 3).
SECRET_KEY     required when DEBUG is off.
DEBUG          off unless set to 1/true/yes/on.
ALLOWED_HOSTS  comma-separated; defaults to the loopback names when DEBUG is on.
"""

import os
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from trainer.directory.scim_config import scim_service_provider

BASE_DIR = Path(__file__).resolve().parent.parent

_TRUE = {"1", "true", "yes", "on"}


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    return value.strip().lower() in _TRUE


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


DEBUG = env_bool("DEBUG", False)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        # one sentence: manage.py prints it alone (no traceback)
        raise ImproperlyConfigured(
            "SECRET_KEY is not set: with DEBUG off, set SECRET_KEY to a long random string "
            "(python3 -c 'import secrets; print(secrets.token_urlsafe(50))'), "
            "or set DEBUG=1 for local development."
        )
    # Development only: DEBUG is on, so this key never signs anything that leaves the machine.
    SECRET_KEY = "django-insecure-development-only-key-do-not-use-in-production"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "trainer.core.apps.AdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "axes",
    "csp",
    "django_tasks",
    "django_tasks_db",
    "trainer.core",
    "trainer.houses",
    "trainer.rulings",
    "trainer.drills",
    "trainer.assessments",
    # dealing the round: above assessments, whose sections it registers
    "trainer.rounds",
    "trainer.progress",
    # a dealer's certification per game: above progress, whose class page it adds to
    "trainer.certification",
    "trainer.cases",
    "trainer.audits",
    # the house's directory: sign-in through its identity provider or LDAP, SCIM provisioning
    "trainer.directory",
    # the games manager's desk: tables, the paytable designer, house rules
    "trainer.desk",
    # people actions and their log, CSV imports of trainees, classes
    "trainer.roster",
    # skills scheduled with FSRS, game enrolments, pace targets
    "trainer.drills.practice",
    # watch the game: the watch drills' sets from audits, who may watch
    "trainer.drills.watch",
    # the home and landing pages, account and docs pages, the URLs: the top of the stack
    "trainer.site",
]
AUTH_USER_MODEL = "houses.User"

MIDDLEWARE = [
    # first: a request body over its page's limit is refused before anything reads it (the
    # CSRF check below reads a form's body in full on every POST, signed in or not)
    "trainer.core.bodies.RequestBodyLimit",
    # a view that lost the database answers a 503 page in words (trainer.core.outage; the
    # site's handler500 answers the same for an error raised by a middleware)
    "trainer.core.outage.DatabaseUnavailable",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # the request's language from the header's switch (its cookie), else the browser's
    # Accept-Language, else LANGUAGE_CODE; after sessions, before common, as Django asks
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # a signed-in user's language (their own, else their house's) over the browser's; before
    # the temporary-password page, which is read in it too (trainer.core.languages)
    "trainer.core.languages.UserLanguage",
    # a temporary password (trainer.roster) is changed before any other page is seen
    "trainer.roster.middleware.TemporaryPasswordChange",
    # every time shown in the signed-in user's house's own zone (House.time_zone)
    "trainer.core.times.HouseTimeZone",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Cache-Control: no-store on every page of a signed-in user and every CSV export
    "trainer.core.middleware.PrivatePagesNotStored",
    "csp.middleware.CSPMiddleware",
    # last, as django-axes asks: it turns a locked-out sign-in into the lockout page
    "axes.middleware.AxesMiddleware",
]

# The largest request body a page takes, in bytes (trainer.core.bodies: refused by its length
# before it is read).  Every page: 3 MiB, above Django's own 2.5 MiB limit on a form's plain
# fields (DATA_UPLOAD_MAX_MEMORY_SIZE), so that limit still answers first for a form, and far
# above any form of the site.  The pages that take a file say their own limit: the audit
# upload AUDIT_UPLOAD_MAX_BYTES (the log; default 64 MiB) and the trainee import 512 KiB (the
# file), each plus a little for the form around the file.
REQUEST_BODY_MAX_BYTES = int(os.environ.get("REQUEST_BODY_MAX_BYTES", str(3 * 1024 * 1024)))
AUDIT_UPLOAD_MAX_BYTES = int(os.environ.get("AUDIT_UPLOAD_MAX_BYTES", str(64 * 1024 * 1024)))

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    # a house's directory: its identity provider's verified sign-ins, passwords checked against
    # its LDAP directory, and the site's own passwords stopped where the house turned them off
    "trainer.directory.backends.DirectoryBackend",
    # Django's ModelBackend, keeping each user's permissions in memory between role changes
    "trainer.core.auth.HouseModelBackend",
]

# SCIM 2.0 provisioning (django-scim2): its adapters, filters and bearer-token check are the
# house's own (trainer.directory.scim, scim_auth, scim_filters; the dict in scim_config)
SCIM_SERVICE_PROVIDER = scim_service_provider(
    netloc=os.environ.get("SCIM_NETLOC", (ALLOWED_HOSTS or ["localhost"])[0])
)

ROOT_URLCONF = "trainer.site.urls"
WSGI_APPLICATION = "trainer.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
    # The drill page's partials (templates/felt/: the felt, the seat, a card, a chip stack,
    # the answer inputs, the answer area): the answer cycle's hot path, where Django's engine
    # drew them at four times Jinja2's cost (README, "Templates").  Same folder, the same
    # context processors, autoescape on; drawn through `trainer.core.templatetags.partials`.
    {
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "NAME": "jinja2",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": False,
        "OPTIONS": {
            "environment": "trainer.site.jinja.environment",
            "autoescape": True,
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# CONN_MAX_AGE (seconds; 0, the default, closes the connection after every request) keeps
# each process's connection between requests.  CONN_HEALTH_CHECKS tests a kept connection
# before a request first uses it and opens a new one if the server dropped it (a restart, a
# failover, pg_terminate_backend): without it the first request after a drop fails.  A request
# the database fails in the middle answers a 503 page (trainer.core.outage), and its broken
# connection is closed as it ends; docs/operations.md, "The database going away".
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "0")),
        conn_health_checks=True,
    )
}
FIXTURE_DIRS = [BASE_DIR / "fixtures"]
# Long work (par sheets) runs in the task worker, `manage.py parsheet_worker` (the database
# backend's worker, made to survive crashes: trainer.houses.tasks), off the database queue.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
# A table's card-exposure figures (minutes of the worker's time: trainer.houses.exposure) are
# queued with its par sheet unless this is off
PARSHEET_EXPOSURE = env_bool("PARSHEET_EXPOSURE", True)

# The cache is a database table, so several app servers (gunicorn workers on one machine or
# many) share it; `make migrate` creates the table.
# "local" is each app server's own memory, for what is keyed by a serial that every change
# moves on (a user's permissions, a house's tables: trainer.core.auth and .config), so it
# never needs sharing or clearing; old keys age out.  It keeps the objects themselves
# (trainer.core.localcache: LocMemCache would unpickle a copy on every read).
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "trainer_cache",
    },
    "local": {
        "BACKEND": "trainer.core.localcache.ObjectCache",
        "LOCATION": "trainer-local",
        "TIMEOUT": None,
        "OPTIONS": {"MAX_ENTRIES": 10_000},
    },
}
# Sessions are cookies signed with SECRET_KEY: every app server reads them without a database
# query (all app servers must share SECRET_KEY).  They hold only who is signed in.  A session
# ends at sign-out on every device and copy, because the user's sessions serial (moved on at
# sign-out) is part of the signed hash; a password change or a deactivated account ends it too.
SESSION_ENGINE = "django.contrib.sessions.backends.signed_cookies"

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Passwords are hashed with Argon2 (Django's recommended hasher; argon2-cffi).  The others are
# listed so that a password stored before (PBKDF2, Django's default) still signs in: Django
# hashes it again with Argon2 at that sign-in, so old hashes go as people sign in.
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
    "django.contrib.auth.hashers.ScryptPasswordHasher",
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Login throttling (django-axes; trainer.core.throttle says how): wrong passwords are counted
# per username at one client address, and per address alone.  Five for one username from one
# address lock that username at that address for an hour (elsewhere it still signs in, so
# nobody can lock a supervisor out by typing their name); fifty from one address, across
# usernames, lock that address (a training room shares one address, and fifty covers its
# typos in an hour while stopping a guess tried across a list of names).  Staff unlock in the
# admin (Axes › Access attempts: delete) or with `manage.py axes_reset_username NAME` /
# `axes_reset_ip ADDRESS`.
LOGIN_FAILURES_PER_USERNAME = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
LOGIN_FAILURES_PER_ADDRESS = int(os.environ.get("LOGIN_FAILURES_PER_ADDRESS", "50"))
AXES_FAILURE_LIMIT = "trainer.core.throttle.failure_limit"
AXES_COOLOFF_TIME = 1  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
# A sign-in forgets only that user's own failures at that address (trainer.core.throttle):
# axes' reset on success would forget the whole address's.
AXES_RESET_ON_SUCCESS = False
# The client's address: behind PROXY_COUNT proxies that append to X-Forwarded-For, the entry
# that many from the right; with none (the default), the connection's own address.
PROXY_COUNT = int(os.environ.get("PROXY_COUNT", "0"))
AXES_CLIENT_IP_CALLABLE = "trainer.core.throttle.client_address"

# Mail: configured when EMAIL_HOST is set in the environment, and only then is the password
# reset by email offered (without mail it would fail unseen).  Otherwise the sign-in page says
# to ask a supervisor, who sets a new password on the People page (trainer.site.accounts).
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
PASSWORD_RESET_BY_EMAIL = bool(EMAIL_HOST)
if PASSWORD_RESET_BY_EMAIL:
    EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
    DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "webmaster@localhost")
else:
    # the notices (trainer.assessments.notices) are still kept on the site; their mail is
    # written to the worker's output rather than sent
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en-us"
# The site's languages: English, and Spanish from locale/es/LC_MESSAGES/django.po.
# A third language is a new catalogue and a line here (README, "Languages").  Each is named in
# its own language: the header's switch lists them so.  Who reads which: trainer.core.languages.
LANGUAGES = [("en", "English"), ("es", "Español")]
LOCALE_PATHS = [BASE_DIR / "locale"]
# numbers and dates by Django's formats, with the site's own changes (Spanish groups thousands
# with a point): trainer/core/formats/<language>/formats.py
FORMAT_MODULE_PATH = ["trainer.core.formats"]
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Production hardening: on unless DEBUG is on; each can be turned off from the environment
# for a deployment that terminates TLS elsewhere and says so.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", not DEBUG)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", not DEBUG)
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "0" if DEBUG else "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", not DEBUG)
if env_bool("SECURE_PROXY_SSL_HEADER", False):
    # Only behind a proxy that sets X-Forwarded-Proto itself and strips it from clients.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
# Content security policy: scripts only from this site (htmx is served locally, there is no
# inline script); inline style attributes stay allowed because the Django admin uses them.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF, "'unsafe-inline'"],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "font-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# A failed CSRF check answers in the caller's terms: JSON for the API, a page for people.
CSRF_FAILURE_VIEW = "trainer.site.views.csrf_failure"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
