"""A log with one of each kind of mispay, uploaded, audited by the task and shown."""

import json

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile

from trainer.audits.models import AuditChunk, AuditLine, AuditReport

from .conftest import LOG, UNREADABLE, audited, log_text

WRONG = [(n, verdict, diff) for n, (_, verdict, diff) in enumerate(LOG, 1) if verdict != "correct"]
UNREADABLE_LINE = len(LOG) + 1


@pytest.fixture
def immediate_tasks(settings):
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}


def test_an_upload_is_audited_by_the_task_and_the_report_shows_its_figures(
    staff_client, demo, immediate_tasks, django_capture_on_commit_callbacks
):
    log = SimpleUploadedFile("shift.jsonl", log_text().encode())
    with django_capture_on_commit_callbacks(execute=True):
        response = staff_client.post("/audits/", {"log": log})
    report = AuditReport.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/audits/{report.pk}/"
    assert report.status == "done" and report.done == report.total == len(LOG) + 1
    summary = report.summary
    assert (summary["hands"], summary["correct"], summary["errors"]) == (len(LOG) + 1, 2, 2)
    assert (summary["overpaid"], summary["underpaid"], summary["misdirected"]) == (2, 1, 1)
    # 4 (sixes paid) + 2 (a fold paid 1 instead of losing 1); 2 short on the queens
    assert (summary["overpaid_total"], summary["underpaid_total"]) == (6, 2)
    assert summary["by_dealer"]["Bob"]["overpaid_total"] == 2
    assert summary["by_table"]["MS1"]["overpaid"] == 1
    assert summary["by_situation"]["fold paid"]["hands"] == 1
    page = staff_client.get(f"/audits/{report.pk}/").content.decode()
    assert "pair of sixes to tens paid instead of pushed" in page
    assert "Demo house · Mississippi Stud v1" in page  # the version used


def test_only_mispays_and_lines_not_ruled_are_kept_as_rows(report):
    rows = list(
        AuditLine.objects.filter(report=report).values_list("number", "verdict", "difference")
    )
    assert rows == [*WRONG, (UNREADABLE_LINE, "error", 0)]
    unreadable = AuditLine.objects.get(report=report, number=UNREADABLE_LINE)
    assert unreadable.raw == UNREADABLE and unreadable.request is None


def test_a_mispaid_hand_shows_its_cards_what_was_paid_what_is_right_and_why(staff_client, report):
    page = staff_client.get(f"/audits/{report.pk}/lines/1/").content.decode()
    assert 'aria-label="six of hearts"' in page and 'aria-label="king of clubs"' in page
    assert "pair of sixes to tens paid instead of pushed" in page
    assert "<dt>Paid</dt><dd>4</dd>" in page and "<dt>Right</dt><dd>0</dd>" in page
    assert '<ol class="steps"><li>' in page


def test_a_split_pot_shows_each_seats_chips(staff_client, report):
    page = staff_client.get(f"/audits/{report.pk}/lines/5/").content.decode()
    assert "seat 1: 0, seat 2: 12, seat 4: 13" in page  # paid
    assert "seat 1: 25, seat 2: 0, seat 4: 0" in page  # right: the sevens hog


def test_a_line_paid_right_has_no_page(staff_client, report):
    assert staff_client.get(f"/audits/{report.pk}/lines/2/").status_code == 404


@pytest.mark.parametrize(
    ("query", "numbers"),
    [
        ("verdict=overpaid", [1, 4]),
        ("dealer=Bob", [3, 4]),
        ("table=MG3", [5]),
        ("game=caribbean-stud", [3, 4]),
        ("situation=fold+paid", [4]),
        ("verdict=error", [7, UNREADABLE_LINE]),
        ("verdict=no-such-verdict", [n for n, _, _ in WRONG] + [UNREADABLE_LINE]),
    ],
)
def test_the_filters_narrow_the_lines(staff_client, report, query, numbers):
    response = staff_client.get(f"/audits/{report.pk}/?{query}")
    assert [r["line"].number for r in response.context["rows"]] == numbers


def test_reports_are_listed_newest_first(staff_client, demo, supervisor):
    first = audited(demo, supervisor, log_text())
    second = audited(demo, supervisor, log_text())
    listed = list(staff_client.get("/audits/").context["reports"])
    assert listed == [second, first]


def test_a_report_running_shows_its_progress_and_a_refresh_link(staff_client, demo, supervisor):
    from trainer.audits import services

    from .conftest import upload

    report = services.store_log(
        house=demo, user=supervisor, upload=upload(log_text()), format="jsonl"
    )
    page = staff_client.get(f"/audits/{report.pk}/").content.decode()
    assert f'hx-get="/audits/{report.pk}/status/"' in page
    assert f'<a href="/audits/{report.pk}/">Refresh</a>' in page
    polled = staff_client.get(f"/audits/{report.pk}/status/", headers={"HX-Request": "true"})
    assert f"0 of {len(LOG) + 1} lines audited" in polled.content.decode()
    services.run_audit(report.pk, report.attempt)
    done = staff_client.get(f"/audits/{report.pk}/status/", headers={"HX-Request": "true"})
    assert done["HX-Refresh"] == "true"


def test_deleting_a_report_asks_first_and_removes_its_log_and_rows(staff_client, report):
    assert staff_client.get(f"/audits/{report.pk}/delete/").status_code == 200
    assert AuditReport.objects.filter(pk=report.pk).exists()
    response = staff_client.post(f"/audits/{report.pk}/delete/")
    assert response.status_code == 302
    assert not AuditReport.objects.exists()
    assert not AuditChunk.objects.exists() and not AuditLine.objects.exists()


@pytest.mark.parametrize(
    "bad",
    [
        {"game": "mississippi-gonorrhea", "pot": 5, "hands": ["7c 7d"], "paid": {}},
        {"game": "english-stud", "ask": "showdown", "pot": 5, "hands": {"1": 5}, "paid": {}},
        {"game": "mississippi-stud", "hole": ["Qh", "Qs"], "board": 5, "bets": [1], "paid": 0},
    ],
)
def test_a_line_that_could_not_be_ruled_has_a_page_showing_it_as_logged(
    staff_client, demo, supervisor, bad
):
    report = audited(demo, supervisor, json.dumps(bad) + "\n")
    page = staff_client.get(f"/audits/{report.pk}/lines/1/")
    assert page.status_code == 200
    assert "error" in page.content.decode()


def test_a_mispaid_line_keeps_only_the_fields_the_audit_reads(staff_client, demo, supervisor):
    # the sixes of LOG's first line, overpaid, with fields no Mississippi Stud request has
    sixes, _, _ = LOG[0]
    logged = {**sixes, "hands": [1], "up": "x", "shoe": 4}
    report = audited(demo, supervisor, json.dumps(logged) + "\n")
    kept = AuditLine.objects.get(report=report)
    assert kept.verdict == "overpaid" and kept.request == sixes
    page = staff_client.get(f"/audits/{report.pk}/lines/1/")
    assert page.status_code == 200 and 'aria-label="six of hearts"' in page.content.decode()


def test_a_stored_line_holding_fields_its_game_does_not_read_still_opens(staff_client, report):
    # a row kept before such fields were left out: its page lays out what it can
    line = AuditLine.objects.get(report=report, number=1)
    odd = {**line.request, "hands": [1], "up": "x", "board": 5}
    AuditLine.objects.filter(pk=line.pk).update(request=odd)
    page = staff_client.get(f"/audits/{report.pk}/lines/1/")
    assert page.status_code == 200 and 'aria-label="six of hearts"' in page.content.decode()
    # and one that is not a request at all: its page and the export still answer
    AuditLine.objects.filter(report=report, number=3).update(request=[1])
    assert staff_client.get(f"/audits/{report.pk}/lines/3/").status_code == 200
    export = staff_client.get(f"/audits/{report.pk}/discrepancies.csv")
    assert b"".join(export.streaming_content).count(b"\n") == len(WRONG) + 2  # + header, error


def test_the_summary_counts_one_hand_and_one_chip_in_the_singular(staff_client, demo, supervisor):
    # one line of the shared log: a pair of sixes pushes (net 0) and was paid 4 (overpaid 4);
    # a pair of queens, 7 staked at 1 to 1 on every spot, paid 6 where 7 is right (under by 1)
    (overpaid, _, _), (paid_right, _, _) = LOG[0], LOG[1]
    under = {**paid_right, "paid": paid_right["paid"] - 1}
    report = audited(demo, supervisor, "\n".join(json.dumps(x) for x in (overpaid, under)) + "\n")
    page = staff_client.get(f"/audits/{report.pk}/").content.decode()
    assert "<dt>Underpaid</dt><dd>1 hand, 1 chip</dd>" in page
    assert "<dt>Overpaid</dt><dd>1 hand, 4 chips</dd>" in page


@pytest.mark.skipif(
    not (settings.BASE_DIR / "locale" / "es" / "LC_MESSAGES" / "django.mo").exists(),
    reason="no Spanish catalogue built (compilemessages)",
)
def test_a_spanish_reader_sees_the_situations_said_and_filters_by_their_stored_key(
    staff_client, report
):
    spanish = {"HTTP_ACCEPT_LANGUAGE": "es"}
    pushed = "pago con pareja de seises a dieces en lugar de devolver la apuesta"
    page = staff_client.get(f"/audits/{report.pk}/", **spanish).content.decode()
    assert pushed in page and "retirada pagada" in page
    # the filter offers the stored key, said in Spanish
    assert '<option value="fold paid">retirada pagada</option>' in page
    line = staff_client.get(f"/audits/{report.pk}/lines/1/", **spanish).content.decode()
    assert pushed in line and "pair of sixes to tens paid" not in line
    filtered = staff_client.get(f"/audits/{report.pk}/?situation=fold+paid", **spanish)
    assert [r["line"].number for r in filtered.context["rows"]] == [4]
    assert AuditLine.objects.get(report=report, number=4).situation == "fold paid"
    response = staff_client.get(f"/audits/{report.pk}/discrepancies.csv", **spanish)
    csv = b"".join(response.streaming_content).decode()
    assert "fold paid" in csv and "retirada pagada" not in csv
