"""Par sheets at once: a game's counts are built once per site by the task worker (or in line
by the first sheet that needs them), stored in the database for every app server, and every
table's sheet is then computed from them in well under a second: by `instant_parsheet`, by
the worker, by the gates, and by `manage.py parsheet --paytables`.

Mississippi Stud's counts are the ones built here (a second and a half on the full deck,
once per test session: the root conftest hands them out again); the banked games' take
ten times as long and are never built by these tests."""

from __future__ import annotations

import io
import json
from datetime import timedelta
from fractions import Fraction

import pytest
from django.core.management import call_command
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from tests.factories import PaytableVersionFactory
from trainer.engine import EngineError, HouseRules
from trainer.engine.catalog import GAMES
from trainer.engine.paytables import MISSISSIPPI_STUD_BASE, Band, Paytable, PaytableError
from trainer.houses import activation, precompute, services, tasks
from trainer.houses.models import ParSheetResult, PrecomputedCounts

MS = "mississippi-stud"
# mississippi-stud.txt's base table: tests/engine/test_parsheets.py pins its exact edge
BASE_EDGE = Fraction(53223, 1082900)


def build(game: str, django_capture_on_commit_callbacks) -> PrecomputedCounts:
    """Queue the game's counts and run the build task at once, as the worker would."""
    with django_capture_on_commit_callbacks(execute=True):
        row = tasks.prepare_counts(game)
    return PrecomputedCounts.objects.get(pk=row.pk)


@pytest.fixture
def ms_counts(db, immediate_tasks, django_capture_on_commit_callbacks) -> PrecomputedCounts:
    return build(MS, django_capture_on_commit_callbacks)


def generous(version_house, **changes):
    rows = {c.label: str(o) for c, o in MISSISSIPPI_STUD_BASE.rows}
    rows.update(changes)
    return PaytableVersionFactory(
        house=version_house, rows=rows, label="Promotion", inversions_confirmed=True
    )


def test_no_sheet_at_once_until_the_counts_are_built(db, django_capture_on_commit_callbacks):
    assert services.instant_parsheet(MS, MISSISSIPPI_STUD_BASE, HouseRules()) is None
    with django_capture_on_commit_callbacks(execute=True):
        row = tasks.prepare_counts(MS)
    assert (row.status, row.percent, row.ready, row.error) == ("queued", 0, False, "")
    # asked again while queued: the same row, and one task for the worker between them
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.prepare_counts(MS).pk == row.pk
    assert DBTaskResult.objects.count() == 1
    assert services.instant_parsheet(MS, MISSISSIPPI_STUD_BASE, HouseRules()) is None


@pytest.mark.slow  # the full enumeration it is checked against, seconds: out of the quick tier
def test_the_built_counts_give_the_enumerations_sheet_at_once(ms_counts):
    assert (ms_counts.status, ms_counts.percent, ms_counts.ready) == ("done", 100, True)
    assert ms_counts.size == len(bytes(ms_counts.data)) > 0
    assert ms_counts.done == ms_counts.total > 0  # progress recorded to the end
    sheet = services.instant_parsheet(MS, MISSISSIPPI_STUD_BASE, HouseRules())
    assert sheet.house_edge == BASE_EDGE
    assert sheet == GAMES[MS].parsheet(MISSISSIPPI_STUD_BASE, HouseRules())
    # another process (an app server that has not loaded them yet) reads them from the row
    precompute._LOADED.clear()
    again = services.instant_parsheet(MS, MISSISSIPPI_STUD_BASE, HouseRules())
    assert again == sheet
    # any other table and bands, at once
    other = Paytable("tens pay", MISSISSIPPI_STUD_BASE.rows, Band(10, 14), Band(5, 9))
    assert services.instant_parsheet(MS, other, HouseRules()).house_edge != BASE_EDGE
    # done counts are not built again
    assert tasks.prepare_counts(MS).pk == ms_counts.pk
    assert PrecomputedCounts.objects.get(pk=ms_counts.pk).attempt == 1


def test_a_bad_table_raises_the_engines_error(ms_counts):
    short = Paytable("short", MISSISSIPPI_STUD_BASE.rows[1:], Band(11, 14), Band(6, 10))
    with pytest.raises(PaytableError, match="royal flush row is missing"):
        services.instant_parsheet(MS, short, HouseRules())


def test_caribbean_and_casino_share_one_row_and_a_game_without_counts_is_refused(db):
    assert tasks.prepare_counts("caribbean-stud").pk == tasks.prepare_counts("casino-stud").pk
    assert PrecomputedCounts.objects.count() == 1
    with pytest.raises(EngineError, match="no fast par sheet"):
        tasks.prepare_counts("english-stud")
    assert services.instant_parsheet("english-stud", MISSISSIPPI_STUD_BASE, HouseRules()) is None


def test_failed_and_stale_builds_are_queued_again(db, django_capture_on_commit_callbacks):
    row = tasks.prepare_counts(MS)
    PrecomputedCounts.objects.filter(pk=row.pk).update(status="failed", error="out of memory")
    with django_capture_on_commit_callbacks(execute=True):
        again = tasks.prepare_counts(MS)
    assert (again.pk, again.status, again.attempt, again.error) == (row.pk, "queued", 2, "")
    # a worker takes the task and the lease, and dies: the sweep closes its task and queues
    # the build again, with a task of its own
    DBTaskResult.objects.get().claim("worker-a")
    assert precompute.start_counts(row.pk, 2)
    long_ago = timezone.now() - timedelta(seconds=PrecomputedCounts.STALE_AFTER_SECONDS + 1)
    PrecomputedCounts.objects.filter(pk=row.pk).update(heartbeat_at=long_ago)
    DBTaskResult.objects.running().update(started_at=long_ago)
    with django_capture_on_commit_callbacks(execute=True):
        assert [r.pk for r in tasks.requeue_stale_counts()] == [row.pk]
    assert PrecomputedCounts.objects.get(pk=row.pk).attempt == 3
    assert DBTaskResult.objects.failed().count() == 1
    assert DBTaskResult.objects.ready().get().args_kwargs["kwargs"] == {"attempt": 3}


def test_the_worker_builds_the_counts_once_then_every_sheet_is_quick(
    ms_version, house, monkeypatch
):
    sheet, needed = services.claim_parsheet(ms_version)
    assert needed and not PrecomputedCounts.objects.exists()
    services.compute_parsheet(sheet.pk, attempt=sheet.attempt)
    sheet.refresh_from_db()
    assert sheet.status == "done" and sheet.figures["house_edge_exact"] == "53223/1082900"
    assert sheet.done == sheet.total > 0  # the counts' progress, on the sheet's row
    assert PrecomputedCounts.objects.get().ready
    # the next table's sheet reads the stored counts: nothing is built or enumerated again
    monkeypatch.setattr(type(GAMES[MS]), "parsheet_counts", None)
    monkeypatch.setattr(type(GAMES[MS]), "parsheet", None)
    second = generous(house, straight="5")
    sheet, needed = services.claim_parsheet(second)
    services.compute_parsheet(sheet.pk, attempt=sheet.attempt)
    sheet.refresh_from_db()
    assert needed and sheet.status == "done" and sheet.done == sheet.total == 1
    assert (
        sheet.figures
        == GAMES[MS]
        .fast_parsheet(
            services.paytable_of(second), HouseRules(), precompute.ready_counts(GAMES[MS])
        )
        .as_dict()
    )


@pytest.mark.slow  # a full enumeration, seconds: out of the quick tier
def test_a_failing_build_leaves_the_sheet_to_the_full_enumeration(ms_version, monkeypatch):
    def broken(*args, **kwargs):
        raise MemoryError("no room for the counts")

    monkeypatch.setattr(type(GAMES[MS]), "parsheet_counts", broken)
    sheet, _ = services.claim_parsheet(ms_version)
    services.compute_parsheet(sheet.pk, attempt=sheet.attempt)
    sheet.refresh_from_db()
    assert sheet.status == "done" and sheet.figures["house_edge_exact"] == "53223/1082900"
    counts = PrecomputedCounts.objects.get()
    assert counts.status == "failed" and "no room for the counts" in counts.error


def test_with_counts_a_table_is_checked_at_once_when_activated_and_when_requested(
    ms_counts, ms_version, house, manager_client
):
    # no "being computed, save again": the sheet is computed in the request and stored
    assert activation.activation_problems(ms_version) == []
    stored = services.parsheet_of(ms_version)
    assert stored.status == "done" and stored.figures["house_edge_exact"] == "53223/1082900"
    promotion = generous(house, **{"two pair": "20:1"})
    problems = activation.activation_problems(promotion)
    assert len(problems) == 1 and "gives the PLAYER the edge" in problems[0]
    assert activation.activation_problems(promotion, player_edge_confirmed=True) == []
    # the admin's "compute par sheet" (request_parsheet): done at once, no task queued
    third = generous(house, flush="7")
    assert tasks.request_parsheet(third).status == "done"
    assert not DBTaskResult.objects.exists()


def test_a_queued_sheet_is_finished_by_the_gate_and_its_worker_then_writes_nothing(
    ms_counts, ms_version
):
    sheet, _ = services.claim_parsheet(ms_version)
    assert activation.activation_problems(ms_version) == []
    assert ParSheetResult.objects.get(pk=sheet.pk).status == "done"
    # the task queued for it finds it done: nothing to do
    assert services.start_parsheet(sheet.pk, sheet.attempt) is None


# --- the command ------------------------------------------------------------------------------


@pytest.mark.slow  # the whole command, seconds: in make test, out of the quick tier
def test_the_command_prices_json_lines_and_numbers_a_bad_line(db, tmp_path):
    base = {c.label: str(o) for c, o in MISSISSIPPI_STUD_BASE.rows}
    lines = [
        json.dumps(base),
        "{oops",
        "",
        json.dumps({**base, "straight": "5", "pair_band": [10, 14], "push_band": [5, 9]}),
        json.dumps({"royal flush": "500"}),
    ]
    path = tmp_path / "tables.jsonl"
    path.write_text("\n".join(lines) + "\n")
    out, err = io.StringIO(), io.StringIO()
    call_command("parsheet", MS, "--paytables", str(path), "--json", stdout=out, stderr=err)
    results = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r["line"] for r in results] == [1, 2, 4, 5]
    assert results[0]["house_edge_exact"] == "53223/1082900"
    assert "not JSON" in results[1]["error"]
    tens = Paytable.build("x", {**base, "straight": "5"}, pair_band=(10, 14), push_band=(5, 9))
    sheet = GAMES[MS].parsheet(tens, HouseRules()).as_dict() | {"paytable": "line 4"}
    assert {name: results[2][name] for name in sheet} == sheet and results[2]["line"] == 4
    # and a manager's figures beside the sheet's (this table gives the player the edge)
    assert results[2]["rounds_to_ahead_95"] is None and results[2]["exposure"] is None
    assert "row is missing" in results[3]["error"]
    assert "building the counts" in err.getvalue()  # once, and stored for the site
    assert PrecomputedCounts.objects.get().ready
    # again, reading standard input: the stored counts, nothing built
    out, err = io.StringIO(), io.StringIO()
    with open(path) as stdin:
        monkeypatched = pytest.MonkeyPatch()
        monkeypatched.setattr("sys.stdin", stdin)
        try:
            call_command("parsheet", MS, "--paytables", "-", "--json", stdout=out, stderr=err)
        finally:
            monkeypatched.undo()
    assert len(out.getvalue().splitlines()) == 4 and "building" not in err.getvalue()


# in the quick tier: two good tables priced from the session's counts (tests/conftest.py),
# the hostile lines refused before any pricing
@pytest.mark.parametrize("as_json", [False, True])
def test_the_command_names_each_hostile_line_and_prices_the_rest(db, tmp_path, as_json):
    base = {c.label: str(o) for c, o in MISSISSIPPI_STUD_BASE.rows}
    hostile = {
        2: json.dumps({**base, "flush": "6"}).encode().replace(b'"6"', b'"6\xff"'),
        3: json.dumps({**base, "royal flush": "1" * 5000}).encode(),
        4: json.dumps({**base, "royal flush": "500:" + "7" * 5000}).encode(),
        5: json.dumps(base).encode().replace(b'"500:1"', b"1" * 5000),  # a JSON number
        6: json.dumps({**base, "\ud800 flush": "5"}).encode(),  # a lone surrogate
        7: json.dumps({**base, "x" * 5000: "5"}).encode(),
        8: json.dumps({**base, "pair_band": [10**9, 14]}).encode(),
        9: b"[" * 100_000,  # deeper than the JSON reader's recursion
    }
    assert b"1" * 5000 in hostile[5]
    says = {
        2: "not UTF-8",
        3: "above 1,000,000",
        4: "above 1,000,000",
        5: "above 1,000,000",
        6: "\\ud800 flush",
        7: "is not a hand category",
        8: "ranks 2 to 14",
        9: "not JSON",
    }
    lines = [json.dumps(base).encode(), *hostile.values(), json.dumps(base).encode()]
    path = tmp_path / "hostile.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    out, err = io.StringIO(), io.StringIO()
    call_command(
        "parsheet", MS, "--paytables", str(path), *(["--json"] if as_json else []),
        stdout=out, stderr=err,
    )  # fmt: skip
    text = out.getvalue()
    text.encode("utf-8")  # nothing a terminal cannot show: no lone surrogate echoed
    if as_json:
        results = {r["line"]: r for r in map(json.loads, text.splitlines())}
        assert sorted(results) == list(range(1, 11))
        errors = {n: r["error"] for n, r in results.items() if "error" in r}
        priced = [n for n, r in results.items() if "house_edge_exact" in r]
    else:
        said = [line for line in text.splitlines() if line.startswith("Line ")]
        errors = {int(w.split()[1].rstrip(":")): w for w in said if not w.endswith(":")}
        priced = [int(w.split()[1].rstrip(":")) for w in said if w.endswith(":")]
        assert len(said) == 10  # one message a line
    assert priced == [1, 10]
    assert sorted(errors) == sorted(says)
    for number, words in says.items():
        assert words in errors[number], (number, errors[number])
        assert as_json or errors[number].startswith(f"Line {number}: ")
        assert len(errors[number]) < 400
    assert "set_int_max_str_digits" not in text
