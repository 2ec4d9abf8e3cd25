"""The ruling desk's three doors (command, API, page) answer RULING_API.md's requests."""

import io
import json
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainer.rulings.management.commands.rule import Command as RuleCommand

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db

# RULING_API.md's own example requests, one per question.
EXAMPLES = [
    {"game": "mississippi-stud", "hole": "Qh Qs", "board": "2c 7d 9s", "bets": [1, 1, 2, 3]},
    {
        "game": "caribbean-stud",
        "player": "Qh Qs 9d 6c 2h",
        "dealer": "Jh Jc As 8d 3c",
        "ante": 1,
        "action": "call",
    },
    {
        "game": "casino-stud",
        "player": "Qh Qs 9d 6c 2h",
        "dealer": "Jh Jc As 8d 3c",
        "ante": 1,
        "action": "raise",
    },
    {
        "game": "mississippi-gonorrhea",
        "pot": 25,
        "hands": {"1": "7c 7d", "2": "3h 2s", "4": "Ah Ad"},
    },
    {"game": "english-stud", "ask": "bring-in", "up": {"1": "2c", "2": "2d", "3": "Ks"}},
    {
        "game": "english-stud",
        "ask": "first-to-act",
        "street": 5,
        "up": {"1": "2c 2d 9s", "2": "Kd Qs 3h"},
    },
    {
        "game": "english-stud",
        "ask": "showdown",
        "pot": 30,
        "hands": {"1": "As Ks Qs Js Ts 2c 3d", "2": "Ah Kh Qh Jh 9d 2h 3h"},
    },
]

# The fields each answer must carry (RULING_API.md), besides game, id and steps.
FIELDS = {
    "mississippi-stud": {
        "outcome",
        "category",
        "odds",
        "stake",
        "profit",
        "returned",
        "net",
        "spots",
    },
    "caribbean-stud": {
        "dealer_qualifies",
        "player_category",
        "dealer_category",
        "outcome",
        "bets",
        "returned",
        "net",
    },
    "casino-stud": {
        "dealer_qualifies",
        "player_category",
        "dealer_category",
        "outcome",
        "bets",
        "returned",
        "net",
    },
    "mississippi-gonorrhea": {"hog", "high", "low", "shares"},
}
ENGLISH_FIELDS = {
    "bring-in": {"seat"},
    "first-to-act": {"seat"},
    "showdown": {"winners", "best", "categories", "shares"},
}


def expected_fields(request):
    if request["game"] == "english-stud":
        return ENGLISH_FIELDS[request["ask"]]
    return FIELDS[request["game"]]


# The error cases RULING_API.md lists: (request, field, words the message must hold).
ERRORS = [
    ({"game": "poker"}, "game", "Unknown game"),
    (
        {"game": "mississippi-stud", "hole": "Qh Qx", "board": "2c 7d 9s", "bets": [1, 1, 1, 1]},
        "hole",
        "Qx",
    ),
    (
        {
            "game": "caribbean-stud",
            "player": "Qh Qs 9d 6c 2h",
            "dealer": "Qh Jc As 8d 3c",
            "ante": 1,
            "action": "call",
        },
        "dealer",
        "Qh",
    ),
    (
        {"game": "mississippi-stud", "hole": "Qh Qs Qd", "board": "2c 7d 9s", "bets": [1, 1, 1, 1]},
        "hole",
        "2 cards",
    ),
    (
        {"game": "mississippi-stud", "hole": "Qh Qs", "board": "2c 7d 9s", "bets": [1, 4, 1, 1]},
        "bets",
        "1, 2 or 3",
    ),
    (
        {"game": "mississippi-stud", "hole": "Qh Qs", "board": "2c 7d 9s", "bets": [0, 1, 1, 1]},
        "bets",
        "",
    ),
    (
        {
            "game": "caribbean-stud",
            "player": "Qh Qs 9d 6c 2h",
            "dealer": "Jh Jc As 8d 3c",
            "ante": "two",
            "action": "call",
        },
        "ante",
        "whole number",
    ),
    (
        {"game": "mississippi-gonorrhea", "pot": -5, "hands": {"1": "7c 7d", "2": "3h 2s"}},
        "pot",
        "below zero",
    ),
    (
        {
            "game": "english-stud",
            "ask": "showdown",
            "pot": 10,
            "hands": {"1": "As Ks Qs Js Ts 2c 3d"},
        },
        "hands",
        "at least 2 seats",
    ),
    (
        {
            "game": "mississippi-stud",
            "house": "nowhere",
            "hole": "Qh Qs",
            "board": "2c 7d 9s",
            "bets": [1, 1, 1, 1],
        },
        "house",
        "nowhere",
    ),
]


def test_the_api_examples_are_ruled_with_every_field(run_rule):
    requests = [{**r, "id": i} for i, r in enumerate(EXAMPLES)]
    code, responses = run_rule(requests)
    assert code == 0
    assert len(responses) == len(requests)
    for request, response in zip(requests, responses, strict=True):
        assert "error" not in response, response
        assert response["game"] == request["game"] and response["id"] == request["id"]
        assert expected_fields(request) <= set(response)
        assert response["steps"] and all(isinstance(s, str) and s for s in response["steps"])


def test_mississippi_worked_example_through_the_command(run_rule):
    # mississippi-stud.txt §07: total 1 + 1 + 2 + 3 = 7; pair of queens 1:1; profit 7, 14 back.
    _, (response,) = run_rule([EXAMPLES[0]])
    assert response["outcome"] == "win" and response["category"] == "one pair"
    assert (response["odds"], response["stake"], response["profit"], response["returned"]) == (
        "1:1",
        7,
        7,
        14,
    )
    assert [s["profit"] for s in response["spots"]] == [1, 1, 2, 3]


def test_caribbean_worked_example_through_the_command(run_rule):
    # caribbean-stud.txt §08: dealer qualifies with jacks and loses; net +3, receives 6.
    _, (response,) = run_rule([EXAMPLES[1]])
    assert response["dealer_qualifies"] is True and response["outcome"] == "win"
    assert (response["net"], response["returned"]) == (3, 6)


@pytest.mark.parametrize(("request_", "field", "words"), ERRORS)
def test_every_error_case_through_the_command(run_rule, request_, field, words):
    code, (response,) = run_rule([{**request_, "id": "x1"}])
    assert code == 1
    assert response["error"]["field"] == field
    assert words in response["error"]["message"]
    assert response["id"] == "x1"
    assert set(response) <= {"game", "id", "error"}


@pytest.mark.parametrize(("request_", "field", "words"), ERRORS)
def test_every_error_case_through_the_api(signed_in, request_, field, words):
    response = signed_in.post("/api/rulings", request_, content_type="application/json")
    assert response.status_code == 400
    body = response.json()
    assert body["error"]["field"] == field and words in body["error"]["message"]


def test_one_bad_line_does_not_stop_the_batch(run_rule):
    code, responses = run_rule([EXAMPLES[0], "{not json", "", "[1, 2]", EXAMPLES[4], '"text"'])
    assert code == 1
    assert len(responses) == 5  # the blank line is not a request
    assert "error" not in responses[0] and "error" not in responses[3]
    assert "Line 2 is not JSON" in responses[1]["error"]["message"]
    assert "one JSON object" in responses[2]["error"]["message"]
    assert "error" in responses[4]


def _rule_bytes(monkeypatch, raw: bytes, **options) -> tuple[int, list[str]]:
    """`manage.py rule` in-process on raw bytes (not UTF-8, say) as its standard input: its
    exit status and its output lines.  The real command line, bytes in and an ASCII output
    out, is run once, in tests/rulings/test_json_only.py."""

    class Stdin:
        buffer = io.BytesIO(raw)

    monkeypatch.setattr(sys, "stdin", Stdin)
    out = io.StringIO()
    try:
        call_command("rule", stdout=out, **options)
    except SystemExit as exc:
        return exc.code, out.getvalue().splitlines()
    return 0, out.getvalue().splitlines()


def test_the_command_exit_codes_and_no_traceback(tmp_path, monkeypatch, capsys):
    good = (json.dumps(EXAMPLES[0]) + "\n").encode()
    assert _rule_bytes(monkeypatch, good)[0] == 0
    bad = good + b"\xff\xfe not utf-8\n" + b"[" * 100_000 + b"\n"
    code, lines = _rule_bytes(monkeypatch, bad)
    assert code == 1
    assert len(lines) == 3 and "not UTF-8" in lines[1] and "nests too deeply" in lines[2]
    # misuse: a CommandError, which the command line prints as one line (no traceback) and
    # ends with its return code
    with pytest.raises(CommandError, match="cannot read") as missing:
        call_command("rule", file=str(tmp_path / "missing.jsonl"))
    assert missing.value.returncode == 2
    # an option it does not know: the command line's parser says so and exits 2
    with pytest.raises(SystemExit) as unknown:
        RuleCommand().run_from_argv(["manage.py", "rule", "--no-such-option"])
    assert unknown.value.code == 2 and "--no-such-option" in capsys.readouterr().err
    path = tmp_path / "batch.jsonl"
    path.write_bytes(good * 3)
    code, lines = _rule_bytes(monkeypatch, b"", file=str(path))
    assert code == 0 and len(lines) == 3


def test_the_api_needs_a_signed_in_user(client):
    response = client.post("/api/rulings", EXAMPLES[0], content_type="application/json")
    assert response.status_code == 403
    assert "Sign in" in response.json()["error"]["message"]


def test_the_api_rules_one_request(signed_in):
    response = signed_in.post(
        "/api/rulings", {**EXAMPLES[3], "id": 9}, content_type="application/json"
    )
    assert response.status_code == 200
    body = response.json()
    # RULES.md: a pair of sevens hogs the whole pot, even against A-A.
    assert body["hog"] == ["1"] and body["shares"] == {"1": 25, "2": 0, "4": 0}
    assert body["id"] == 9


@pytest.mark.parametrize("body", [b"{", b"[]", b"\xff", b'"x"', b"null"])
def test_the_api_answers_bad_bodies_with_400(signed_in, body):
    response = signed_in.post("/api/rulings", body, content_type="application/json")
    assert response.status_code == 400
    assert "error" in response.json()


def test_the_api_refuses_get(signed_in):
    wrong_method = signed_in.get("/api/rulings")
    assert wrong_method.status_code == 405 and wrong_method["Allow"] == "POST"
    assert wrong_method.json()["error"]["message"] == "Send one ruling request with POST."


def test_the_api_needs_the_csrf_token(django_user_model):
    client = Client(enforce_csrf_checks=True)
    client.force_login(django_user_model.objects.create_user("csrf", password="pw-x-1234"))
    response = client.post("/api/rulings", EXAMPLES[0], content_type="application/json")
    assert response.status_code == 403
    assert "did not come from this site" in response.json()["error"]["message"]
    client.get("/rule-check/")
    token = client.cookies["csrftoken"].value
    response = client.post(
        "/api/rulings", EXAMPLES[0], content_type="application/json", headers={"X-CSRFToken": token}
    )
    assert response.status_code == 200


# --- random input never crashes the command --------------------------------------------------

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**12), 10**12)
    | st.floats()  # NaN and Infinity too: Python's json reads them, and they must be refused
    | st.text(max_size=12)
    | st.sampled_from(["Qh Qs", "2c 7d 9s", "7c 7d", "As Ks Qs Js Ts 2c 3d", "Qh \ud800"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(["1", "2", "3", "7", "x", "\udfff"]), inner, max_size=4)
    ),
    max_leaves=10,
)
games = st.sampled_from(
    [
        "mississippi-stud",
        "caribbean-stud",
        "casino-stud",
        "mississippi-gonorrhea",
        "english-stud",
        "other",
    ]
)
fields = st.sampled_from(
    [
        "hole",
        "board",
        "bets",
        "player",
        "dealer",
        "ante",
        "action",
        "pot",
        "hands",
        "ask",
        "up",
        "street",
        "id",
        "house",
    ]
)
requests = st.builds(
    lambda game, extra: {"game": game, **extra},
    games,
    st.dictionaries(fields, json_values, max_size=6),
)


@pytest.mark.slow  # a fuzz run of 150 batches
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], max_examples=150)
@given(st.lists(requests, min_size=1, max_size=5))
def test_random_requests_never_crash_the_command(run_rule, batch):
    code, responses = run_rule(batch)
    assert code in (0, 1)
    assert len(responses) == len(batch)
    for response in responses:
        assert ("error" in response) or ("steps" in response)
        if "error" in response:
            assert isinstance(response["error"]["message"], str) and response["error"]["message"]
