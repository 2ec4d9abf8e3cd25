"""A small hand log with known verdicts, and the way these tests upload and audit it.

Every expected figure below is worked out from RULES.md with the demo house's tables, which
are the source texts' (Mississippi Stud: a pair of sixes to tens pushes, a pair of jacks or
better pays 1:1; Caribbean Stud: Ante 1:1 and one pair 1:1 on the Call of twice the Ante;
Mississippi Gonorrhea: 7-7 hogs the pot, an odd chip goes to the high half).
"""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.factories import ManagerFactory, SupervisorFactory
from trainer.audits import services
from trainer.audits.models import AuditReport

MS = {"game": "mississippi-stud", "dealer": "Ann", "table": "MS1"}
CS = {"game": "caribbean-stud", "dealer_name": "Bob", "table": "CS2"}
MG = {"game": "mississippi-gonorrhea", "dealer": "Cy", "table": "MG3"}
QUEENS = {"player": "Qh Qs 9d 6c 2h", "dealer": "Jh Jc As 8d 3c", "ante": 1}

#: (line, verdict, difference): one of each kind of mispay, hands paid right, unreadable lines
LOG = [
    # pair of sixes: a push (net 0), paid as a win of 4
    ({**MS, "hole": "6h 6s", "board": "Ac 9d Kc", "bets": [1, 1, 1, 1], "paid": 4}, "overpaid", 4),
    # pair of queens, 7 staked: 1:1 on every spot, net +7, paid right
    ({**MS, "hole": "Qh Qs", "board": "2c 7d 9s", "bets": [1, 1, 2, 3], "paid": 7}, "correct", 0),
    # queens beat jacks: Ante 1 + Call 2 at 1:1 = +3, paid 1
    ({**CS, **QUEENS, "action": "call", "paid": 1}, "underpaid", -2),
    # a fold loses the Ante (-1), paid 1
    ({**CS, **QUEENS, "action": "fold", "paid": 1}, "overpaid", 2),
    # 7-7 hogs the 25 chips; the dealer split the pot instead
    (
        {
            **MG,
            "pot": 25,
            "hands": {"1": "7c 7d", "2": "3h 2s", "4": "Ah Ad"},
            "paid": {"1": 0, "2": 12, "4": 13},
        },
        "misdirected",
        25,
    ),
    # high A-A 13 (the odd chip), low 3-2 12: paid right
    (
        {
            **MG,
            "pot": 25,
            "hands": {"1": "Kc 7d", "2": "3h 2s", "4": "Ah Ad"},
            "paid": {"1": 0, "2": 12, "4": 13},
        },
        "correct",
        0,
    ),
    # a card that does not exist
    ({**MS, "hole": "6h 1s", "board": "Ac 9d Kc", "bets": [1, 1, 1, 1], "paid": 0}, "error", 0),
]
UNREADABLE = "this is not JSON"


def log_text(extra_lines=()) -> str:
    lines = [json.dumps(line) for line, _, _ in LOG] + [UNREADABLE, *extra_lines]
    return "\n".join(lines) + "\n"


def upload(text: str | bytes, name: str = "shift.jsonl") -> SimpleUploadedFile:
    data = text.encode() if isinstance(text, str) else text
    return SimpleUploadedFile(name, data, content_type="application/octet-stream")


def audited(house, user, text: str, *, format=AuditReport.Format.JSONL) -> AuditReport:
    """Store `text` as a log and audit it here and now, as the worker would."""
    report = services.store_log(house=house, user=user, upload=upload(text), format=format)
    services.run_audit(report.pk, report.attempt)
    report.refresh_from_db()
    return report


@pytest.fixture
def staff_client(client, supervisor):
    client.force_login(supervisor)
    return client


@pytest.fixture
def report(demo, supervisor):
    return audited(demo, supervisor, log_text())


@pytest.fixture
def other_supervisor_of_riverboat(riverboat):
    return SupervisorFactory(house=riverboat, username="super-river")


@pytest.fixture
def other_manager(riverboat):
    return ManagerFactory(house=riverboat, username="manager-river")
