"""What mispays cost: the cost page's figures are the planted lines'
over- and underpayments added up, never netted, by game, kind of error, dealer, table,
shift and week; each figure opens its lines; the CSV is formula-safe; bad input and other
houses change nothing.

The planted hands are tests/audits/conftest.py's LOG (the demo house's tables, the source
texts'), each worked out there; here each is dealt at a time of its own:
- Mississippi Stud, pair of sixes (a push, net 0) paid 4: overpaid 4 (Ann, MS1);
- Caribbean Stud, queens beat jacks on Ante 1 + Call 2 at 1 to 1 (net +3) paid 1:
  underpaid 2 (Bob, CS2);
- Caribbean Stud, a fold (loses the Ante, net -1) paid 1: overpaid 2 (Bob, CS2);
- Mississippi Gonorrhea, 25 chips that 7-7 (seat 1) hogs, split 12 and 13 to seats 2 and
  4: the pot went to the wrong seats, 25 chips misdirected, the house's money untouched
  (neither overpaid nor underpaid: `trainer.engine.audit`) (Cy, MG3);
- two hands paid right, one line with a card that does not exist (ruled by nobody) and one
  line that is not JSON: 6 hands ruled in all.
"""

from __future__ import annotations

import csv
import io
import json
from datetime import date

import pytest

from tests.audits.conftest import LOG, UNREADABLE, audited
from tests.factories import TraineeFactory
from trainer.audits.costs import Selection, costs, lines_of
from trainer.audits.models import AuditLine

pytestmark = pytest.mark.django_db

#: each planted line's time (UTC; the house's clock is set to UTC below): two weeks, three
#: shifts (Day 06:00-14:00, Swing 14:00-22:00, Graveyard 22:00-06:00)
TIMES = [
    "2026-11-09T07:00:00Z",  # MS push paid: Monday of week 1, Day
    "2026-11-09T08:00:00Z",  # MS right
    "2026-11-10T15:00:00Z",  # CS call underpaid: week 1, Swing
    "2026-11-16T23:30:00Z",  # CS fold paid: week 2 (Monday 16 Nov), Graveyard
    "2026-11-17T03:00:00Z",  # MG split instead of hog: week 2, Graveyard (before 06:00)
    "2026-11-17T04:00:00Z",  # MG right
    "2026-11-17T05:00:00Z",  # a card that does not exist
]


def planted_log() -> str:
    lines = [json.dumps({**line, "at": at}) for (line, _, _), at in zip(LOG, TIMES, strict=True)]
    return "\n".join([*lines, UNREADABLE]) + "\n"


@pytest.fixture
def house(demo):
    demo.time_zone = "UTC"
    demo.save()
    return demo


@pytest.fixture
def ann(house):
    return TraineeFactory(house=house, username="ann", employee_number="Ann")


def by_name(figures):
    return {f.name: (f.mispays, f.overpaid, f.underpaid, f.misdirected) for f in figures}


def test_the_costs_are_the_planted_lines_sums(house, supervisor, ann):
    report = audited(house, supervisor, planted_log())
    found = costs(Selection(house=house))
    # the hand-worked sums: overpaid 4 + 2, underpaid 2, misdirected 25; four mispaid hands
    assert by_name([found.total]) == {"": (4, 6, 2, 25)}
    # and the stored lines' own figures, line by line, add up the same
    stored = AuditLine.objects.filter(report=report).exclude(verdict="error")
    assert sum(line.overpaid for line in stored) == 6
    assert sum(line.underpaid for line in stored) == 2
    assert found.total.hands == 6 and found.total.per_thousand == pytest.approx(1000 * 4 / 6)
    assert by_name(found.groups["game"]) == {
        "mississippi-gonorrhea": (1, 0, 0, 25),
        "caribbean-stud": (2, 2, 2, 0),
        "mississippi-stud": (1, 4, 0, 0),
    }
    assert by_name(found.groups["table"]) == {
        "MG3": (1, 0, 0, 25),
        "MS1": (1, 4, 0, 0),
        "CS2": (2, 2, 2, 0),
    }
    # Ann is the house's person (her employee number is how the log writes her)
    dealers = by_name(found.groups["dealer"])
    assert dealers == {"Cy": (1, 0, 0, 25), "ann": (1, 4, 0, 0), "Bob": (2, 2, 2, 0)}
    # hands per dealer from the report's own counts: Ann dealt two (one right)
    ann_figure = next(f for f in found.groups["dealer"] if f.key == f"person:{ann.pk}")
    assert ann_figure.hands == 2
    assert by_name(found.groups["shift"]) == {
        "Graveyard": (2, 2, 0, 25),
        "Day": (1, 4, 0, 0),
        "Swing": (1, 0, 2, 0),
    }
    weeks = [(w.start, w.mispays, w.overpaid, w.underpaid, w.misdirected) for w in found.weeks]
    assert weeks == [(date(2026, 11, 9), 2, 4, 2, 0), (date(2026, 11, 16), 2, 2, 0, 25)]
    # the groups each add up to the total
    for figures in found.groups.values():
        assert sum(f.mispays for f in figures) == 4
        assert sum(f.overpaid for f in figures) == 6
        assert sum(f.underpaid for f in figures) == 2


def test_a_date_range_and_a_choice_of_reports_narrow_the_hands(house, supervisor):
    first = audited(house, supervisor, planted_log())
    audited(house, supervisor, planted_log())
    # both reports: every figure twice over
    assert by_name([costs(Selection(house=house)).total]) == {"": (8, 12, 4, 50)}
    # one report chosen: its own figures, its own hands
    one = costs(Selection(house=house, reports=(first.pk,))).total
    assert by_name([one]) == {"": (4, 6, 2, 25)} and one.hands == 6
    # week 2 only (16 to 22 November, the house's clock): the fold and the split pot; the
    # reports are cut short by the dates, so no rate per 1,000 hands is claimed
    week_2 = costs(
        Selection(
            house=house, start=date(2026, 11, 16), end=date(2026, 11, 22), reports=(first.pk,)
        )
    )
    assert by_name([week_2.total]) == {"": (2, 2, 0, 25)}
    assert week_2.total.hands is None and week_2.total.per_thousand is None
    # the last day counts whole: the 9th alone holds the push paid (07:00)
    day = Selection(
        house=house, start=date(2026, 11, 9), end=date(2026, 11, 9), reports=(first.pk,)
    )
    assert by_name([costs(day).total]) == {"": (1, 4, 0, 0)}


def test_each_figure_opens_its_own_lines(house, supervisor, ann):
    report = audited(house, supervisor, planted_log())
    selection = Selection(house=house)
    numbers = {
        (group, key): sorted(lines_of(selection, group, key).values_list("number", flat=True))
        for group, key in [
            ("game", "caribbean-stud"),
            ("dealer", f"person:{ann.pk}"),
            ("dealer", "name:Bob"),
            ("shift", "Graveyard"),
            ("week", "2026-11-09"),
            ("week", "not a day"),
            ("", ""),
        ]
    }
    assert numbers == {
        ("game", "caribbean-stud"): [3, 4],
        ("dealer", f"person:{ann.pk}"): [1],
        ("dealer", "name:Bob"): [3, 4],
        ("shift", "Graveyard"): [4, 5],
        ("week", "2026-11-09"): [1, 3],
        ("week", "not a day"): [],
        ("", ""): [1, 3, 4, 5],
    }
    assert report.lines.filter(verdict="error").exists()  # (never among the mispays)


def test_the_page_shows_the_figures_and_the_csv_is_formula_safe(client, house, supervisor):
    hostile = {**LOG[0][0], "dealer": '=HYPERLINK("http://x","y")', "at": TIMES[0]}
    audited(
        house,
        supervisor,
        planted_log().replace(json.dumps({**LOG[0][0], "at": TIMES[0]}), json.dumps(hostile)),
    )
    client.force_login(supervisor)
    page = client.get("/audits/costs/")
    assert page.status_code == 200
    text = page.content.decode()
    assert 'id="cost-total"' in text and "Graveyard" in text and "<svg" in text
    assert "/audits/costs/lines/?group=shift&amp;key=Graveyard" in text
    lines = client.get("/audits/costs/lines/", {"group": "game", "key": "caribbean-stud"})
    assert lines.status_code == 200 and lines.content.decode().count("/lines/") >= 2
    exported = client.get("/audits/costs.csv")
    assert exported.status_code == 200
    rows = list(csv.reader(io.StringIO(b"".join(exported.streaming_content).decode())))
    assert rows[0][:6] == ["group", "name", "mispays", "overpaid", "underpaid", "misdirected"]
    assert ["total", "", "4", "6", "2", "25", "6", "666.67"] in rows
    dealers = [row[1] for row in rows if row[0] == "dealer"]
    assert '\'=HYPERLINK("http://x","y")' in dealers  # written as text, never run


@pytest.mark.parametrize(
    "query, words",
    [
        ({"start": "yesterday"}, "Enter a valid date"),
        ({"start": "2026-11-20", "end": "2026-11-01"}, "The first day is after the last"),
        ({"reports": "999999"}, "Select a valid choice"),
    ],
)
def test_bad_choices_are_refused_in_words(client, house, supervisor, query, words):
    client.force_login(supervisor)
    for url in ("/audits/costs/", "/audits/costs/lines/", "/audits/costs.csv"):
        response = client.get(url, query)
        assert response.status_code == 400, url
        assert words in response.content.decode()


def test_only_the_houses_audit_staff_see_its_costs(
    client, house, supervisor, trainee, other_supervisor, riverboat
):
    report = audited(house, supervisor, planted_log())
    client.force_login(trainee)
    for url in ("/audits/costs/", "/audits/costs/lines/", "/audits/costs.csv"):
        assert client.get(url).status_code == 403
    # another house's supervisor adds up their own house's audits: none
    other = Selection(house=riverboat)
    assert by_name([costs(other).total]) == {"": (0, 0, 0, 0)}
    client.force_login(other_supervisor)
    assert "Graveyard" not in client.get("/audits/costs/").content.decode()
    # nor can they choose the demo house's report
    assert client.get("/audits/costs/", {"reports": report.pk}).status_code == 400


def test_lines_stored_before_the_cost_page_get_their_hand_times(house, supervisor):
    """The migration that added the hand's time and its day, week and minute on the house's
    clock fills them in for the lines already stored (`audits.0006`)."""
    from importlib import import_module

    from django.apps import apps

    migration = import_module("trainer.audits.migrations.0006_audit_follow_up")
    report = audited(house, supervisor, planted_log())
    report.lines.update(at=None, day=None, week=None, minute=None)
    migration.hand_times(apps, None)
    push, fold = report.lines.get(number=1), report.lines.get(number=4)
    # the log's times, on the house's clock (UTC here): 07:00 Monday 9 November, 23:30 16th
    assert (push.day, push.week, push.minute) == (date(2026, 11, 9), date(2026, 11, 9), 7 * 60)
    assert (fold.day, fold.week, fold.minute) == (date(2026, 11, 16), date(2026, 11, 16), 1410)
    # a line whose log gives no readable time: the upload's
    unreadable = report.lines.get(number=8)
    assert unreadable.at == report.uploaded_at


def test_the_lines_behind_a_figure_come_a_page_at_a_time(client, house, supervisor, monkeypatch):
    from trainer.audits import cost_views

    monkeypatch.setattr(cost_views, "LINES_PER_PAGE", 3)
    audited(house, supervisor, planted_log())
    client.force_login(supervisor)
    first = client.get("/audits/costs/lines/").content.decode()
    assert "Page 1 of 2" in first and "page=2" in first and first.count("/lines/") >= 3
    second = client.get("/audits/costs/lines/", {"page": "2"}).content.decode()
    assert "Page 2 of 2" in second and "page=1" in second
