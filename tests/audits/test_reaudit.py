"""The re-audit prompt: a dealer with a mispay the audit found is
listed, with the day the house's window closes, until a later audited shift of theirs has
the same situations clean; listed on the audits' page and on their class's page, beside
their practice on the same skills.  The hands are tests/audits/test_findings.py's (the demo
house's tables, each worked out there)."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, timedelta

import pytest

from tests.audits.conftest import audited
from tests.audits.test_findings import AT, FOLD_PAID, PUSH_PAID
from tests.factories import TraineeFactory
from trainer.audits import reaudit
from trainer.audits.models import AuditReport
from trainer.roster import services as roster

pytestmark = pytest.mark.django_db

#: a pair of queens on bets 1, 1, 2, 3: 1 to 1 on each, net +7, paid right (conftest's LOG)
QUEENS_RIGHT = {
    "game": "mississippi-stud",
    "hole": "Qh Qs",
    "board": "2c 7d 9s",
    "bets": [1, 1, 2, 3],
    "paid": 7,
}


def log(*lines) -> str:
    return "\n".join(json.dumps(line) for line in lines) + "\n"


@pytest.fixture
def ann(demo):
    return TraineeFactory(house=demo, username="ann", employee_number="4417")


def listed(house):
    return [(d.person.username, d.situations, d.closes) for d in reaudit.due(house)]


def test_a_dealer_is_listed_until_a_later_shift_is_clean(demo, supervisor, ann):
    audited(demo, supervisor, log({**PUSH_PAID, "dealer": "4417", "table": "3", "at": AT}))
    # the house's window (10 days by default) from the mispaid hand's time
    closes = datetime(2026, 11, 14, 21, 30, tzinfo=UTC) + timedelta(days=demo.reaudit_days)
    assert listed(demo) == [("ann", ("pair of sixes to tens paid instead of pushed",), closes)]
    # a later shift she did not deal: still listed
    audited(demo, supervisor, log({**QUEENS_RIGHT, "dealer": "Bob", "table": "3"}))
    assert [name for name, *_ in listed(demo)] == ["ann"]
    # the same log audited again: she dealt, but made the same mispay: still listed
    audited(demo, supervisor, log({**PUSH_PAID, "dealer": "4417", "table": "3", "at": AT}))
    assert [name for name, *_ in listed(demo)] == ["ann"]
    # a later shift of hers with another mispay, none of that situation: her first is
    # followed up, the new one opens its own window
    audited(demo, supervisor, log({**FOLD_PAID, "dealer_name": "4417", "table": "7"}))
    [(name, situations, _)] = listed(demo)
    assert (name, situations) == ("ann", ("fold paid",))
    # a later shift of hers, every hand right: nobody is due
    audited(demo, supervisor, log({**QUEENS_RIGHT, "dealer": "4417", "table": "3"}))
    assert listed(demo) == []


def test_the_audits_page_and_the_class_page_list_her(client, demo, supervisor, ann):
    audited(demo, supervisor, log({**PUSH_PAID, "dealer": "4417", "table": "3", "at": AT}))
    cohort = roster.create_class(
        actor=supervisor, house=demo, name="Autumn", starts_on=date(2026, 9, 1), trainees=[ann]
    )
    client.force_login(supervisor)
    audits_page = client.get("/audits/").content.decode()
    assert 'id="reaudits"' in audits_page and f"/audits/people/{ann.pk}/" in audits_page
    # the report of her shift lists her too
    report = AuditReport.objects.latest("pk")
    report_page = client.get(f"/audits/{report.pk}/").content.decode()
    assert f"/audits/people/{ann.pk}/" in report_page[report_page.index('id="reaudits"') :]
    # and she reaches her own record from her progress page, and no one else's
    client.force_login(ann)
    mine = client.get("/progress/").content.decode()
    assert f'href="/audits/people/{ann.pk}/"' in mine
    assert client.get(f"/audits/people/{ann.pk}/").status_code == 200
    assert client.get(f"/audits/people/{supervisor.pk}/").status_code == 404
    client.force_login(supervisor)
    class_page = client.get(f"/classes/{cohort.pk}/").content.decode()
    section = class_page[class_page.index('id="reaudits"') :]
    assert "ann" in section and "(passed)" in section  # 24 Nov is behind us
    # her floor mispay on the skill it exercises (test_findings: Mississippi Stud payouts,
    # a pair of 6-10 pushing), beside her practice on it: none yet
    floor = class_page[class_page.index('id="floor-and-drill"') :]
    row = floor[floor.index('<th scope="row">ann') :].split("</tr>")[0]
    assert "pair of 6-10 pushes" in row and "<td>1</td>" in row and "not practised" in row


def test_a_changed_employee_number_moves_the_lines_it_wrote(demo, supervisor, ann):
    """The logs wrote the dealer by "4417", then by "5520" after her number changed: each
    change of her number on the site moves the lines of the number with it."""
    from trainer.audits.models import AuditFinding, AuditLine
    from trainer.roster.services import set_employee_number

    audited(demo, supervisor, log({**PUSH_PAID, "dealer": "5520", "table": "3", "at": AT}))
    line = AuditLine.objects.get(dealer="5520")
    assert line.person is None
    set_employee_number(actor=supervisor, person=ann, number="5520")
    line.refresh_from_db()
    assert line.person == ann and AuditFinding.objects.filter(card__trainee=ann).count() == 1
    # numbered again: the lines of the old number are hers no more
    set_employee_number(actor=supervisor, person=ann, number="9999")
    line.refresh_from_db()
    assert line.person is None


def test_a_leavers_lines_still_link_to_their_kept_record(client, demo, supervisor, ann):
    """A dealer who left (deactivated: their record kept) is still who the logs' number names:
    a late log's lines link to them, and audit staff read their record."""
    from trainer.audits.models import AuditLine
    from trainer.roster.services import deactivate

    deactivate(actor=supervisor, person=ann)
    audited(demo, supervisor, log({**PUSH_PAID, "dealer": "4417", "table": "3", "at": AT}))
    assert AuditLine.objects.get(dealer="4417").person == ann
    client.force_login(supervisor)
    page = client.get(f"/audits/people/{ann.pk}/").content.decode()
    assert "4417" in page and "Mississippi Stud" in page
