"""Any manage.py command without DEBUG and without SECRET_KEY says, in one sentence, what to
set, and exits non-zero (it used to print a 40-line traceback)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # subprocesses, a second or two each (left out of make test-fast)

ROOT = Path(__file__).resolve().parents[2]


def run_manage(*args: str, **extra_env: str) -> subprocess.CompletedProcess:
    # as `env -u DEBUG -u SECRET_KEY python manage.py ...` (the tests' own settings unset too)
    unset = {"DEBUG", "SECRET_KEY", "DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env = {k: v for k, v in os.environ.items() if k not in unset}
    env.update(extra_env)
    return subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )


@pytest.mark.parametrize("command", [("check",), ("migrate", "--plan"), ("rule",), ("help",)])
def test_without_a_secret_key_one_sentence_says_what_to_set(command):
    done = run_manage(*command)
    assert done.returncode != 0
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    (line,) = lines
    assert "Traceback" not in line
    assert "set SECRET_KEY" in line and "DEBUG=1" in line
    # one sentence: it ends with the only full stop that closes a sentence
    assert line.endswith(".") and line.count(". ") == 0
    assert done.stdout == ""


def test_with_debug_on_the_command_runs():
    done = run_manage("check", DEBUG="1")
    assert done.returncode == 0, done.stderr
