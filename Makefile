# The two commands of the README: `make run` and `make test`.  Everything else serves them.
# The first Python 3.11+ that can make a venv, the distribution's own first: Debian's python3
# is built with profile-guided and link-time optimisation, a pyenv build is not, and the site
# answers about 10% faster on it (`make load`).  `make PYTHON=...` picks another.
PYTHON ?= $(or $(shell for p in /usr/bin/python3 python3; do \
  $$p -c 'import sys, ensurepip; sys.exit(sys.version_info < (3, 11))' 2>/dev/null \
  && { echo $$p; break; }; done),python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run serve worker test test-fast test-db lint bench load install migrate seed clean messages

# Python keeps each module it compiles as bytecode (__pycache__/, ignored by git) and reads that
# back in the next process.  An environment that sets PYTHONDONTWRITEBYTECODE (this machine's
# does) makes every process compile every module it imports again: a Django process's start
# cost 3.4 CPU-s instead of 1.6 here, and the tests start dozens (pytest's workers, the task
# worker, manage.py in subprocesses).  Every command below writes and reuses it.
unexport PYTHONDONTWRITEBYTECODE

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# --no-compile: pip does not write bytecode for every module of every package (6 CPU-s of a
# fresh install); Python writes it for the modules actually imported, the first time.
# The system packages the install builds against: python-ldap (beneath django-auth-ldap, the
# LDAP sign-in) ships no wheel and compiles against OpenLDAP's and Cyrus SASL's headers.
# Installed with apt-get where they are missing and the user may (root, Debian or Ubuntu);
# otherwise the command to run is printed and the install stops.
BUILD_PACKAGES := libldap2-dev libsasl2-dev
# What the tests start: a real OpenLDAP server (tests/directory/ldap_server.py)
TEST_PACKAGES := slapd ldap-utils
define apt_install
	@missing=$$(for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "== installing $$missing"; \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null \
	    || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; }; \
	  elif command -v dpkg >/dev/null; then \
	    echo "missing system packages: sudo apt-get install $$missing" >&2; exit 1; \
	  fi; \
	fi
endef

$(STAMP): pyproject.toml | $(BIN)/python
	$(call apt_install,$(BUILD_PACKAGES))
	$(BIN)/python -m pip install --quiet --no-compile -e '.[test]'
	touch $(STAMP)

.PHONY: test-packages
test-packages:
	$(call apt_install,$(TEST_PACKAGES))

# The translations' compiled catalogues (.mo, not committed), built from the committed .po by
# GNU gettext's msgfmt, as Django's compilemessages runs it (`msgfmt --check-format`), without
# starting Django for it: where msgfmt is missing the site runs in English only, and says so
# here (Debian: apt-get install gettext).
MO_FILES := $(patsubst %.po,%.mo,$(wildcard locale/*/LC_MESSAGES/django.po))
locale/%/LC_MESSAGES/django.mo: locale/%/LC_MESSAGES/django.po
	@if command -v msgfmt >/dev/null 2>&1; then \
	  msgfmt --check-format -o $@ $<; \
	else echo "msgfmt (GNU gettext) not found: $@ not built, the site shows English only" >&2; fi

install: $(STAMP) $(MO_FILES)

# The catalogues made again from the code (README, "Languages"): every message of the
# templates, the Python, the engine's say()/say_n() and the felt's Jinja partials, merged into
# each language's locale/<code>/LC_MESSAGES/django.po (today `-l es`); what the code no longer
# says is dropped.  A new language: mkdir -p locale/<code>/LC_MESSAGES, then this.  Needs GNU
# gettext.
MESSAGE_LANGUAGES := $(patsubst locale/%/LC_MESSAGES,%,$(wildcard locale/*/LC_MESSAGES))
messages: install
	DEBUG=1 $(BIN)/python manage.py makemessages $(addprefix -l ,$(MESSAGE_LANGUAGES)) --no-obsolete

migrate: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py createcachetable

# The par-sheet worker (`manage.py parsheet_worker`: queues stale sheets again, reconnects to
# the database) in a loop that starts it again 5 s after it exits, whatever the reason; the
# loop itself ends on SIGTERM (sent by the trap of `run` and `serve`), stopping the worker.
SUPERVISED_WORKER = sh -c 'trap "kill \$$w 2>/dev/null; exit 0" TERM INT; \
  while :; do $(BIN)/python manage.py parsheet_worker & w=$$!; wait $$w; \
  echo "par-sheet worker exited ($$?); starting it again in 5 s" >&2; sleep 5; done'

# development settings unless the caller says otherwise
run: export DEBUG ?= 1
run: migrate
	$(BIN)/python manage.py seed_demo
	@# the task worker (par sheets) runs beside the site, restarted if it exits, and stops with it
	$(SUPERVISED_WORKER) & worker=$$!; \
	trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
	$(BIN)/python manage.py runserver 127.0.0.1:8000

# Production settings (DEBUG off; SECRET_KEY and ALLOWED_HOSTS must be set) under gunicorn,
# with the task worker beside it.  See the README's "Production" section.
BIND ?= 127.0.0.1:8001
# Four single-threaded (sync) worker processes, two per core: on this project's load test they
# answered with a third less latency and a little less CPU than 3 processes x 2 threads (no GIL
# to share between threads).  Sync workers want a buffering proxy in front (see the README).
# THREADS above 1 makes gunicorn use threaded (gthread) workers instead.
WORKERS ?= 4
THREADS ?= 1
# gunicorn's timeout, set here rather than left to its default: a sync worker silent this long
# is killed and replaced.  No request does long work (par sheets, audits and trainee imports
# are the task worker's); the longest is storing a 64 MiB audit log, under a second here.  An
# import that hashed its passwords in the request was killed at 30 s and created nobody
#: a request that would need more than this belongs in the task worker, not in a
# longer timeout.  docs/operations.md says so for operators.
TIMEOUT ?= 30
serve: install
	$(BIN)/python manage.py check --deploy
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py createcachetable
	$(BIN)/python manage.py collectstatic --noinput -v0
	@# an upgrade that changes what a par sheet holds: the active tables' sheets asked for again
	$(BIN)/python manage.py queue_parsheets
	$(SUPERVISED_WORKER) & worker=$$!; \
	trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
	$(BIN)/gunicorn trainer.wsgi --bind $(BIND) --workers $(WORKERS) --threads $(THREADS) \
	  --worker-class sync --timeout $(TIMEOUT) --access-logfile - --graceful-timeout 20

worker: install
	$(SUPERVISED_WORKER)

# 50 simulated trainees (Locust, from the `load` extra) for 60 s against gunicorn +
# PostgreSQL on 127.0.0.1 (database trainer_load, dropped and recreated), and the same load
# against the floor (tools/floor) at the same time; prints answers/s, latency, errors, CPU
# per answer against the floor's, and lost/doubled attempts
LOAD_STAMP := $(VENV)/.installed-load
$(LOAD_STAMP): pyproject.toml | $(STAMP)
	$(BIN)/python -m pip install --quiet --no-compile -e '.[test,load]'
	touch $(LOAD_STAMP)

# `make load LOAD_LANGUAGE=es`: every trainee of both runs reads that language (their profile's)
LOAD_LANGUAGE ?=
load: install $(LOAD_STAMP)
	$(BIN)/python -m tools.load $(if $(LOAD_LANGUAGE),--language $(LOAD_LANGUAGE))

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	@# strict types on the rules engine (pyproject.toml [tool.mypy])
	$(BIN)/mypy trainer/engine
	@# the apps' one-way stack of layers and the pure engine (pyproject.toml [tool.importlinter])
	$(BIN)/lint-imports
	@# every model change has its migration
	DEBUG=1 $(BIN)/python manage.py makemigrations --check --dry-run

# Tests run in one pytest-xdist worker per core (2 here).  TEST_WORKERS=0 runs them in one
# process; a plain `pytest` is one process.  What each tier costs is in the README ("Tests");
# `tools/cpu_seconds make test` measures it, Chromium's processes included.
TEST_WORKERS ?= auto
# The quick tier runs in one process: a second xdist worker halves its wall time (43 s, not
# 66 s) but costs about 18 CPU-seconds more (its own Django, test database and demo house),
# and on this shared machine two workers measured 83 to 104 CPU-seconds against the tier's
# budget of 100; one process measured 66.  FAST_WORKERS=auto for the shorter wait.
FAST_WORKERS ?= 0

# numpy's OpenBLAS runs a thread per core whose waiting spins: in the tests' small matrix
# products (the par sheets and card exposure on reduced decks) that doubled their CPU for no
# gain in time, about 13 CPU-s of the quick tier.  The tests (each xdist worker its own
# process) take one thread each.
test test-fast test-db: export OPENBLAS_NUM_THREADS = 1

# Everything, as CI runs it: lint, the slow enumerations and the browser tests included, and
# (on PostgreSQL) a short load run, which needs the `load` extra (Locust).  The browser tier
# runs in one worker and the rest in the others (`--dist loadgroup`, the groups in
# tests/conftest.py): each worker warms only its own part, 541 CPU-s of tests against 605
# when both workers ran some of everything.
test: lint $(LOAD_STAMP) test-packages
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadgroup

# What a developer runs all day: the engine and the unit tests, without the tests marked slow
# (full enumerations, fuzzing, long runs) or browser (pyproject.toml lists the marks).
# Its test database is made from the models (--no-migrations: pytest-django's syncdb), not by
# running the ~130 migrations, whose historical model states cost 10 to 12 CPU-seconds of the
# tier; the roles the migrations would make come from the same function (tests/conftest.py).
# `make test` and `make test-db` build it by the migrations, and lint checks none is missing.
# tests/browser is not even collected (every test in it is marked browser: tests/conftest.py),
# so its modules are neither imported nor rewritten by pytest; and the readers of every page
# are left to `make test` (READ_EVERY_PAGE, tests/settings.py).
test-fast: install test-packages
	READ_EVERY_PAGE=0 $(BIN)/python -m pytest -n $(FAST_WORKERS) -m "not slow and not browser" \
	  --no-migrations --ignore=tests/browser

# The tests that reach the database (marked `database` by tests/conftest.py), slow ones
# included, on the database DATABASE_URL names: how CI runs the suite a second time, on
# PostgreSQL, after `make test` on SQLite.  Left out: the tests that never touch a database
# (the engine's, the docs'), which would only repeat themselves, and the browser tier, whose
# database work is the views' that the Django tests run here, and which is most of the
# suite's CPU (Chromium).
test-db: install $(LOAD_STAMP) test-packages
	$(BIN)/python -m pytest -n $(TEST_WORKERS) -m "database and not browser"

bench: install
	$(BIN)/python -m tools.bench
	$(BIN)/python -m tools.parsheet_bench
	@# the fast par sheets: the one-time counts, then per table against the full enumeration
	$(BIN)/python -m tools.fast_parsheet_bench
	@# the card-exposure figures of each game's source table, and the published ones (minutes)
	$(BIN)/python -m tools.exposure_bench

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles
