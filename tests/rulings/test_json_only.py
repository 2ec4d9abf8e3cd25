"""What JSON cannot carry never gets in or out of the ruling desk: a lone surrogate, NaN and
Infinity are refused naming the field, every answer is strict JSON, and a batch goes on."""

import json
import os
import subprocess
import sys

import pytest
from django.conf import settings
from django.test import Client

from tests.rulings.conftest import strict_json
from tests.rulings.test_ruling_desk import EXAMPLES, ROOT

pytestmark = pytest.mark.django_db

GOOD = json.dumps(EXAMPLES[0])  # RULING_API.md's Mississippi Stud example
MISSISSIPPI = '"game": "mississippi-stud", "hole": "Qh Qs", "board": "2c 7d 9s"'
# A number of more digits than Python reads as an integer (sys.get_int_max_str_digits, 4300).
TOO_MANY_DIGITS = "9" * 5000
# A whole number Python holds but no table would: far beyond the engine's largest amount
# (10**9), and too long to quote in full in a message.
HUGE = "1" + "0" * 300

# (request line as sent, the field its error names, words of the message).  JSON's \uXXXX
# escapes spell the surrogates; Python's json reads NaN, Infinity and -Infinity.
UNWRITABLE = [
    pytest.param('{"game": "mississippi\\ud800-stud"}', "game", "not text", id="game name"),
    pytest.param(
        '{"game": "mississippi-stud", "hole": "Qh Q\\ud800", "board": "2c 7d 9s", '
        '"bets": [1, 1, 2, 3]}',
        "hole",
        "not text",
        id="card string",
    ),
    pytest.param(
        '{"game": "mississippi-gonorrhea", "pot": 4, "hands": {"1": "7c 7d", "\\udc00": "3h 2s"}}',
        "hands",
        "not text",
        id="seat key",
    ),
    pytest.param(
        '{"\\udfff": 1, ' + MISSISSIPPI + ', "bets": [1, 1, 2, 3]}',
        None,
        "field name",
        id="top-level key",
    ),
    pytest.param('{"id": "\\ud83d", ' + MISSISSIPPI + ', "bets": [1]}', "id", "not text", id="id"),
    pytest.param("{" + MISSISSIPPI + ', "bets": [NaN, 1, 2, 3]}', "bets", "NaN", id="NaN bet"),
    pytest.param('{"id": NaN, ' + MISSISSIPPI + ', "bets": [1]}', "id", "NaN", id="NaN id"),
    pytest.param(
        '{"game": "caribbean-stud", "player": "Qh Qs 9d 6c 2h", "dealer": "Jh Jc As 8d 3c", '
        '"ante": Infinity, "action": "call"}',
        "ante",
        "Infinity",
        id="Infinity",
    ),
    pytest.param(
        '{"game": "mississippi-gonorrhea", "pot": -Infinity, "hands": {"1": "7c 7d"}}',
        "pot",
        "Infinity",
        id="-Infinity",
    ),
    pytest.param(
        "{" + MISSISSIPPI + ', "bets": [1e400, 1, 2, 3]}', "bets", "too large", id="1e400"
    ),
    pytest.param(
        '{"game": "english-stud", "ask": "first-to-act", "street": ' + TOO_MANY_DIGITS + ", "
        '"up": {"1": "2c 2d 9s", "2": "Kd Qs 3h"}}',
        "street",
        "too large",
        id="5000 digits",
    ),
    pytest.param(
        "{" + MISSISSIPPI + ', "bets": [' + HUGE + ", 1, 2, 3]}",
        "bets",
        "beyond any table's limit",
        id="10**300",
    ),
]


@pytest.mark.parametrize(("line", "field", "words"), UNWRITABLE)
def test_the_command_refuses_it_and_rules_the_lines_after(run_rule, line, field, words):
    code, responses = run_rule([GOOD, line, GOOD])
    assert code == 1
    assert len(responses) == 3
    assert responses[0] == responses[2] and responses[2]["outcome"] == "win"
    error = responses[1]["error"]
    assert error["field"] == field and words in error["message"]
    assert len(error["message"]) < 200  # a huge number is not written out in full


def test_one_batch_of_every_kind_rules_every_good_line(run_rule):
    lines = [GOOD]
    for case in UNWRITABLE:
        lines += [case.values[0], GOOD]
    code, responses = run_rule(lines)
    assert code == 1 and len(responses) == len(lines)
    assert all(r["outcome"] == "win" for r in responses[0::2])
    assert all("error" in r for r in responses[1::2])


def test_an_error_echoes_the_game_and_an_id_it_can_write(run_rule):
    line = '{"id": "dispute-7", ' + MISSISSIPPI + ', "bets": [1, NaN]}'
    _, (response,) = run_rule([line])
    assert (response["game"], response["id"]) == ("mississippi-stud", "dispute-7")


@pytest.mark.parametrize(("line", "field", "words"), UNWRITABLE)
def test_the_api_refuses_it_with_the_error_object(signed_in, line, field, words):
    response = signed_in.post("/api/rulings", line.encode(), content_type="application/json")
    assert response.status_code == 400
    body = strict_json(response.content.decode("utf-8"))
    assert body["error"]["field"] == field and words in body["error"]["message"]


@pytest.mark.slow  # runs manage.py in a subprocess
def test_a_real_run_prints_no_traceback_and_strict_json_even_to_an_ascii_output():
    # the suite's one run of the real command line (the other tests of the command call it
    # in-process): bytes on its standard input, an exit status, what it prints.  An output
    # that holds ASCII only (an old locale): the id and the card must still come out; a line
    # not UTF-8 and one nested past any parser's depth are answered, not a traceback
    lines = [GOOD, '{"game": "x\\ud800"}', '{"id": "♥", "game": "Q♥"}', GOOD]
    raw = "\n".join(lines).encode() + b"\n\xff\xfe not utf-8\n" + b"[" * 100_000 + b"\n"
    env = {**os.environ, "DEBUG": "1", "PYTHONIOENCODING": "ascii"}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    done = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "rule"],
        input=raw,
        capture_output=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 1 and b"Traceback" not in done.stderr
    responses = [strict_json(line) for line in done.stdout.decode("ascii").splitlines()]
    assert len(responses) == 6 and responses[0] == responses[3]
    assert responses[1]["error"]["field"] == "game"
    assert responses[2]["id"] == "♥"
    assert "not UTF-8" in responses[4]["error"]["message"]
    assert "nests too deeply" in responses[5]["error"]["message"]


# --- bodies the API cannot read as one JSON request -------------------------------------------


@pytest.fixture
def csrf_client(django_user_model):
    """A signed-in client that sends the CSRF token as the site's pages do: Django's CSRF check
    reads a form body before the view, which is where a bad body used to get an HTML page."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(django_user_model.objects.create_user("bodies", password="pw-x-1234"))
    client.get("/rule-check/")
    client.defaults["HTTP_X_CSRFTOKEN"] = client.cookies["csrftoken"].value
    return client


def json_error(response) -> dict:
    assert response["Content-Type"] == "application/json"
    return strict_json(response.content.decode("utf-8"))["error"]


@pytest.mark.parametrize(
    ("content_type", "body"),
    [
        pytest.param("application/x-www-form-urlencoded", "game=mississippi-stud", id="form"),
        pytest.param("text/plain", GOOD, id="JSON sent as text"),
    ],
)
def test_a_body_that_is_not_json_gets_the_json_error(csrf_client, content_type, body):
    response = csrf_client.post("/api/rulings", body, content_type=content_type)
    assert response.status_code == 400
    assert "Content-Type: application/json" in json_error(response)["message"]


def test_a_multipart_form_gets_the_json_error(csrf_client):
    response = csrf_client.post("/api/rulings", {"game": "mississippi-stud"})  # multipart
    assert response.status_code == 400
    assert "multipart/form-data" in json_error(response)["message"]


def test_an_oversize_json_body_gets_413_and_the_json_error(csrf_client):
    body = '{"game": "' + "x" * settings.DATA_UPLOAD_MAX_MEMORY_SIZE + '"}'
    response = csrf_client.post("/api/rulings", body, content_type="application/json")
    assert response.status_code == 413
    assert "too large" in json_error(response)["message"]


def test_an_oversize_form_gets_the_json_error(csrf_client):
    body = "game=" + "x" * settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    response = csrf_client.post(
        "/api/rulings", body, content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 400
    assert "Content-Type: application/json" in json_error(response)["message"]


def test_json_with_its_charset_named_is_ruled(csrf_client):
    response = csrf_client.post(
        "/api/rulings", GOOD, content_type="application/json; charset=utf-8"
    )
    assert response.status_code == 200 and response.json()["outcome"] == "win"
