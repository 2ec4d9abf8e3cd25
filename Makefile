# The two commands of the README: `make run` and `make test`.  Everything else serves them.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench install migrate seed clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

migrate: install
	$(BIN)/python manage.py migrate --noinput

# development settings unless the caller says otherwise
run: export DEBUG ?= 1
run: migrate
	$(BIN)/python manage.py seed_demo
	$(BIN)/python manage.py runserver 127.0.0.1:8000

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

test: lint
	$(BIN)/python -m pytest

bench: install
	$(BIN)/python -m trainer.bench

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles
