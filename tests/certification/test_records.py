"""Records that leave the site: the personnel file (CSV and PDF) and the
house's register (filtered by class and status), for the house's supervisors only; every
text cell formula-safe."""

import csv
import io
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.assessments.test_retakes_and_sections import take
from tests.certification.test_certification import judge_url, judgement
from tests.factories import AssignmentFactory
from trainer.assessments.models import Certificate
from trainer.roster import services as roster


@pytest.fixture
def certified(client, requirement, written, trainee, supervisor):
    trainee.first_name, trainee.last_name = "=HYPERLINK(1)", "Turner"
    trainee.employee_number = "E-0042"
    trainee.save()
    take(trainee, AssignmentFactory(test=written, trainee=trainee, assigned_by=supervisor),
         right=True)  # fmt: skip
    client.force_login(supervisor)
    client.post(judge_url(trainee), judgement(requirement, met_1="no", note_1="slow"))
    return Certificate.objects.get(game="caribbean-stud", trainee=trainee)


def read(response) -> list[dict]:
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    return list(csv.DictReader(io.StringIO(response.content.decode())))


def test_the_personnel_file_holds_every_part_and_point(client, certified, trainee, supervisor):
    client.force_login(supervisor)
    url = reverse("certification:personnel-file", args=[trainee.pk, "csv"])
    rows = read(client.get(url))
    assert {r["employee_number"] for r in rows} == {"E-0042"}
    assert {r["dealer"] for r in rows} == {"'=HYPERLINK(1) Turner"}  # formula-safe
    by = [(r["record"], r["status"]) for r in rows]
    assert by[0] == ("status", "at risk")  # certified on minutes-old cards (test_risk.py)
    assert ("certificate", "valid") in by
    assert [r for r, _ in by if r.startswith("part: ")] == [
        "part: test", "part: hours", "part: table",
    ]  # fmt: skip
    certificate_row = next(r for r in rows if r["record"] == "certificate")
    assert certificate_row["verify_url"].endswith(f"/tests/verify/{certified.code}/")
    assert ("table test", "passed") in by
    points = [r for r in rows if r["record"] == "table test point"]
    assert len(points) == 7 and points[1]["status"] == "not met"
    assert points[1]["detail"].endswith("(slow)")
    pdf = client.get(reverse("certification:personnel-file", args=[trainee.pk, "pdf"]))
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    page = reverse("certification:personnel-file", args=[trainee.pk, "xls"])
    assert client.get(page).status_code == 404


def test_the_register_by_class_and_status(
    client, certified, trainee, other_trainee, supervisor, demo
):
    cohort = roster.create_class(
        actor=supervisor, house=demo, name="Spring", starts_on=timezone.localdate(),
        trainees=[other_trainee],
    )  # fmt: skip
    client.force_login(supervisor)
    everyone = read(client.get(reverse("certification:register-file", args=["csv"])))
    assert {(r["username"], r["status"]) for r in everyone} == {
        (trainee.username, "at risk"),
        (other_trainee.username, "not certified"),
    }
    # the day on the house's clock
    house_day = certified.issued_at.astimezone(ZoneInfo(demo.time_zone)).date().isoformat()
    assert next(r for r in everyone if r["username"] == trainee.username)["certified_on"] == (
        house_day
    )
    url = reverse("certification:register-file", args=["csv"])
    only = read(client.get(url, {"cohort": cohort.pk}))
    assert [(r["username"], r["classes"]) for r in only] == [(other_trainee.username, "Spring")]
    risky = read(client.get(url, {"status": "at risk"}))
    assert [r["username"] for r in risky] == [trainee.username]
    page = client.get(reverse("certification:register"), {"status": "at risk"})
    assert page.status_code == 200 and b'id="register"' in page.content
    for bad in ({"status": "golden"}, {"cohort": "999999"}, {"cohort": "x"}):
        response = client.get(reverse("certification:register"), bad)
        assert response.status_code == 400 and b'role="alert"' in response.content
    pdf = client.get(reverse("certification:register-file", args=["pdf"]))
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")


def test_records_are_for_the_houses_supervisors(client, certified, trainee, other_supervisor):
    client.force_login(trainee)
    assert client.get(reverse("certification:register")).status_code == 403
    url = reverse("certification:personnel-file", args=[trainee.pk, "csv"])
    assert client.get(url).status_code == 403
    client.force_login(other_supervisor)
    assert client.get(url).status_code == 404
    rows = read(client.get(reverse("certification:register-file", args=["csv"])))
    assert rows == []
