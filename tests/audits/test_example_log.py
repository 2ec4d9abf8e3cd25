"""The example logs the Audits page offers are logs the site takes: each, downloaded as a
person would and uploaded back, is audited with every hand ruled and the verdicts the page
promises (two overpaid, one underpaid, one pot split to the wrong seats, three paid right).

Worked out from the rulebook with the demo house's tables (the standard ones): Mississippi
Stud's pair of sixes pushes and a pair of queens pays 1 to 1 on every bet; a fold loses its
bets; Caribbean Stud's queens beat the dealer's jacks for Ante and Call (1 + 2), and take the
Ante alone when the dealer does not qualify; Mississippi Gonorrhea's 7-7 hogs the pot.
"""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from trainer.audits import services
from trainer.audits.models import AuditReport

#: (verdict, difference, situation) of every hand not paid right
MISPAYS = [
    ("overpaid", 4, "pair of sixes to tens paid instead of pushed"),
    ("overpaid", 3, "fold's bets returned"),
    ("underpaid", -2, "one pair underpaid"),
    ("misdirected", 25, "pot split though sevens hog"),
]


@pytest.mark.parametrize("format", ["jsonl", "csv"])
def test_each_example_log_downloads_and_audits_cleanly(
    staff_client, demo, format, django_capture_on_commit_callbacks
):
    page = staff_client.get("/audits/").content.decode()
    assert f'href="/audits/example.{format}"' in page

    download = staff_client.get(f"/audits/example.{format}")
    assert download.status_code == 200
    assert f'filename="example-shift.{format}"' in download["Content-Disposition"]

    with django_capture_on_commit_callbacks():  # the worker's task is run below, here
        uploaded = staff_client.post(
            "/audits/", {"log": SimpleUploadedFile(f"example-shift.{format}", download.content)}
        )
    assert uploaded.status_code == 302
    report = AuditReport.objects.get()
    services.run_audit(report.pk, report.attempt)
    report.refresh_from_db()

    summary = report.summary
    assert report.status == "done" and summary["errors"] == 0
    assert (summary["hands"], summary["correct"]) == (7, 3)
    assert (summary["overpaid"], summary["underpaid"], summary["misdirected"]) == (2, 1, 1)
    assert (summary["overpaid_total"], summary["underpaid_total"]) == (7, 2)
    assert sorted(summary["by_dealer"]) == ["Ann", "Bo", "Cy"]
    rows = report.lines.order_by("number")
    assert sorted((r.verdict, r.difference, r.situation) for r in rows) == sorted(MISPAYS)
    assert {r.request["id"] for r in rows} == {101, 103, 201, 301}

    # the report names each line by the log's own hand and time, and a line shows its bets
    # as logged (hand 101: Mississippi Stud's ante and three street bets of 1 each)
    page = staff_client.get(reverse("audits:report", args=[report.pk])).content.decode()
    for row in rows:
        assert f'<td>{row.request["id"]}, <time datetime="{row.request["at"]}' in page
    first = next(r for r in rows if r.request["id"] == 101)
    line = staff_client.get(reverse("audits:line", args=[report.pk, first.number]))
    text = line.content.decode()
    assert f"Line {first.number} (hand 101): overpaid" in text
    assert "<dt>Bets</dt><dd>1, 1, 1, 1</dd>" in text
    assert '<dt>Dealt</dt><dd><time datetime="2026-05-01T21:30:00' in text


def test_only_audit_staff_download_the_examples_and_only_the_two(client, staff_client, trainee):
    assert staff_client.get("/audits/example.txt").status_code == 404
    client.force_login(trainee)
    assert client.get("/audits/example.jsonl").status_code == 403
