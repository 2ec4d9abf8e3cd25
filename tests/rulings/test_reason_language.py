"""A ruling's reasons in the language asked for: `Accept-Language` on the API, `--lang` on
`manage.py rule`.  Only the reasons change; keys, verdict codes and categories stay English."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command

from trainer.rulings.services import language_of

CATALOGUE = Path(settings.BASE_DIR) / "locale" / "es" / "LC_MESSAGES" / "django.mo"
spanish = pytest.mark.skipif(
    not CATALOGUE.exists(), reason="no Spanish catalogue built (compilemessages)"
)

#: Casino Stud, the dealer's K-Q high does not qualify
NO_QUALIFY = {
    "game": "casino-stud",
    "player": "Qh Qs 9d 6c 2h",
    "dealer": "Kh Qc 7s 4d 3c",
    "ante": 1,
    "action": "raise",
}


@pytest.mark.parametrize(
    ("header", "language"),
    [
        (None, "en"),
        ("", "en"),
        ("es", "es"),
        ("es-MX,es;q=0.9,en;q=0.8", "es"),
        ("fr-CH, fr;q=0.9, en;q=0.8", "en"),
        ("en;q=0.5, es;q=0.9", "es"),
        ("es;q=0, en", "en"),
        ("tl, *;q=0.5", "en"),
        ("es;q=abc", "en"),
    ],
)
def test_the_reasons_language_comes_from_the_header(header, language):
    assert language_of(header) == language


def _rule(lines, *args):
    text = "".join(json.dumps(x) + "\n" for x in lines)

    class Stdin:
        buffer = io.BytesIO(text.encode("utf-8"))

    saved, sys.stdin = sys.stdin, Stdin
    out = io.StringIO()
    code = 0
    try:
        call_command("rule", *args, stdout=out)
    except SystemExit as exc:
        code = exc.code
    finally:
        sys.stdin = saved
    return code, [json.loads(line) for line in out.getvalue().splitlines()]


@pytest.mark.django_db
def test_the_api_answers_in_english_without_a_header(signed_in):
    response = signed_in.post("/api/rulings", NO_QUALIFY, content_type="application/json")
    steps = response.json()["steps"]
    assert "The dealer's king high, queen-seven-four-three kickers does not qualify" in steps[4]


@spanish
@pytest.mark.django_db
def test_the_api_says_the_reasons_in_spanish_and_keeps_keys_and_codes(signed_in):
    english = signed_in.post("/api/rulings", NO_QUALIFY, content_type="application/json").json()
    response = signed_in.post(
        "/api/rulings",
        NO_QUALIFY,
        content_type="application/json",
        headers={"Accept-Language": "es-MX,es;q=0.9"},
    )
    ruling = response.json()
    assert response.status_code == 200
    assert ruling["steps"][4].startswith("La mano de la banca, carta alta rey")
    assert ruling["steps"][-1] == "Neto +1; el jugador recibe 4."
    assert {k: v for k, v in ruling.items() if k != "steps"} == {
        k: v for k, v in english.items() if k != "steps"
    }
    assert ruling["outcome"] == "no-qualify" and ruling["dealer_category"] == "high card"


@spanish
@pytest.mark.django_db
def test_the_command_takes_a_language():
    code, (ruling,) = _rule([NO_QUALIFY], "--lang", "es")
    assert code == 0
    assert ruling["steps"][-1] == "Neto +1; el jugador recibe 4."
    assert ruling["outcome"] == "no-qualify"


@pytest.mark.django_db
def test_the_command_speaks_english_by_default():
    code, (ruling,) = _rule([NO_QUALIFY])
    assert code == 0 and ruling["steps"][-1] == "Net +1; the player receives 4."


def test_the_command_refuses_a_language_the_site_lacks():
    with pytest.raises(CommandError, match=r"--lang xx: not a language of this site") as exc:
        _rule([NO_QUALIFY], "--lang", "xx")
    assert exc.value.returncode == 2


@spanish
@pytest.mark.django_db
def test_an_error_message_is_said_in_spanish_and_its_field_stays(signed_in):
    response = signed_in.post(
        "/api/rulings",
        {"game": "poker"},
        content_type="application/json",
        headers={"Accept-Language": "es"},
    )
    assert response.status_code == 400
    assert response.json()["error"] == {
        "field": "game",
        "message": "Juego desconocido: 'poker'. Los juegos son mississippi-stud, caribbean-stud, "
        "casino-stud, mississippi-gonorrhea, english-stud.",
    }
