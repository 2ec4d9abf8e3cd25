import io
import json
import sys

import pytest
from django.core.management import call_command


@pytest.fixture
def run_rule(monkeypatch):
    """Run `manage.py rule` in-process on the given lines; return (exit code, responses)."""

    def run(lines: list[str | dict]) -> tuple[int, list[dict]]:
        text = "".join((json.dumps(x) if isinstance(x, dict) else x) + "\n" for x in lines)

        class Stdin:
            buffer = io.BytesIO(text.encode("utf-8"))

        monkeypatch.setattr(sys, "stdin", Stdin)
        out = io.StringIO()
        code = 0
        try:
            call_command("rule", stdout=out)
        except SystemExit as exc:
            code = exc.code
        return code, [strict_json(line) for line in out.getvalue().splitlines()]

    return run


def strict_json(text: str) -> object:
    """`text` read as RFC 8259 JSON: Python's json also reads NaN and Infinity, and a str may
    hold a lone surrogate that no UTF-8 output can; either fails here."""
    text.encode("utf-8")

    def refuse(constant):
        raise AssertionError(f"{constant} is not JSON: {text[:200]}")

    value = json.loads(text, parse_constant=refuse)
    json.dumps(value, ensure_ascii=False).encode("utf-8")  # no escaped lone surrogate either
    return value


@pytest.fixture
def signed_in(client, django_user_model):
    user = django_user_model.objects.create_user("desk", password="pw-for-tests-only")
    client.force_login(user)
    return client
