"""A shift's dealers matched to the house's people, and their mispays on their cards (issue
43, "Done when"): a planted log with three matched dealers and one unknown name is audited,
the unknown one is named, each dealer's Today's practice is led by their own audited
situations, and a second audit of the same log changes no card.

The hands are the demo house's (the source texts' tables): Mississippi Stud's pair of sixes
to tens pushes, a flush pays 6 to 1 on each bet; a Caribbean Stud fold loses the Ante;
Mississippi Gonorrhea's 7-7 hogs the pot."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from tests.audits.conftest import audited
from tests.factories import TraineeFactory
from trainer.audits import findings
from trainer.audits.models import AuditFinding, AuditLine, LogAlias
from trainer.drills.practice.models import SkillCard
from trainer.drills.practice.today import standing
from trainer.engine import practice

pytestmark = pytest.mark.django_db

#: FSRS's first learning step (`scheduling.scheduler`): a lapse reviewed now is due after it
LEARNING_STEP = timedelta(minutes=1, seconds=1)

AT = "2026-11-14T21:30:00Z"
#: a push (net 0) paid as a win of 4: "pair of sixes to tens paid instead of pushed"
PUSH_PAID = {
    "game": "mississippi-stud",
    "hole": "6h 6s",
    "board": "Ac 9d Kc",
    "bets": [1, 1, 1, 1],
    "paid": 4,
}
#: a fold loses its Ante (-1), paid 1: "fold paid"
FOLD_PAID = {
    "game": "caribbean-stud",
    "player": "Qh Qs 9d 6c 2h",
    "dealer": "Jh Jc As 8d 3c",
    "ante": 1,
    "action": "fold",
    "paid": 1,
}
#: 7-7 hogs the 25 chips, split instead: "pot split though sevens hog"
HOG_SPLIT = {
    "game": "mississippi-gonorrhea",
    "pot": 25,
    "hands": {"1": "7c 7d", "2": "3h 2s", "4": "Ah Ad"},
    "paid": {"1": 0, "2": 12, "4": 13},
}
#: a flush on four bets of 1 wins 6 to 1 on each (net 24), paid 28: "flush overpaid"
FLUSH_OVERPAID = {
    "game": "mississippi-stud",
    "hole": "Ah Kh",
    "board": "Qh 9h 2h",
    "bets": [1, 1, 1, 1],
    "paid": 28,
}


def _log() -> str:
    """Ann by her employee number, Bob and Cy by log aliases, "D. Ortiz" unknown; the
    Caribbean Stud dealer written in the log's other field (`dealer_name`)."""
    lines = [
        {**PUSH_PAID, "dealer": "4417", "table": "3", "at": AT},
        {**FOLD_PAID, "dealer_name": "B. Ruiz", "table": "7", "at": AT},
        {**HOG_SPLIT, "dealer": "Cy", "table": "9"},
        {**FLUSH_OVERPAID, "dealer": "D. Ortiz", "table": "3", "at": AT},
    ]
    return "\n".join(json.dumps(line) for line in lines) + "\n"


@pytest.fixture
def dealers(demo, supervisor):
    ann = TraineeFactory(house=demo, username="ann", employee_number="4417")
    bob = TraineeFactory(house=demo, username="bob")
    cy = TraineeFactory(house=demo, username="cy")
    dee = TraineeFactory(house=demo, username="dee")
    LogAlias.objects.create(house=demo, person=bob, alias="B. Ruiz", created_by=supervisor)
    LogAlias.objects.create(house=demo, person=cy, alias="Cy", created_by=supervisor)
    return {"ann": ann, "bob": bob, "cy": cy, "dee": dee}


def _cards(person) -> dict:
    return {
        (c.kind, c.situation): (c.reviews, c.state)
        for c in SkillCard.objects.filter(trainee=person)
    }


def _leads(person, later=timedelta(0)):
    now = timezone.now() + later
    return practice.pick(standing(person, now), now, dealt=0, last=None)


def test_a_shift_becomes_each_dealers_practice_once(demo, supervisor, dealers):
    report = audited(demo, supervisor, _log())
    ann, bob, cy, dee = dealers.values()
    by_dealer = dict(AuditLine.objects.filter(report=report).values_list("dealer", "person"))
    assert by_dealer == {"4417": ann.pk, "B. Ruiz": bob.pk, "Cy": cy.pk, "D. Ortiz": None}
    assert findings.unmatched(report) == ["D. Ortiz"]

    # each matched dealer's Today's practice is led by the skill their own mispay exercises
    assert _leads(ann) == ("ms-pay", "pair of 6-10 pushes")
    assert _leads(bob) == ("cs-settle", "player folds")
    # a hand with no time is reviewed at the upload: due at FSRS's first learning step
    assert _leads(cy, later=LEARNING_STEP) == ("mg-split", "hog")
    assert SkillCard.objects.filter(trainee=dee).count() == 0

    # named from the report: her line is linked and her practice is led by it
    findings.add_alias(house=demo, actor=supervisor, alias="D. Ortiz", person=dee)
    assert AuditLine.objects.get(report=report, dealer="D. Ortiz").person == dee
    assert _leads(dee) == ("ms-pay", "flush wins")

    # the lapse is dated the hand's time (the log's `at`), a line without one the upload's
    finding = AuditFinding.objects.get(card__trainee=ann)
    assert finding.at == datetime(2026, 11, 14, 21, 30, tzinfo=UTC)
    assert (finding.table, finding.report) == ("3", report)
    assert AuditFinding.objects.get(card__trainee=cy).at == report.uploaded_at
    card = SkillCard.objects.get(trainee=ann, kind="ms-pay", situation="pair of 6-10 pushes")
    assert (card.reviews, card.state["last_review"][:16]) == (1, "2026-11-14T21:30")

    # the same log audited again, and the name given again after an undo: no card moves
    before = {person: _cards(person) for person in dealers.values()}
    again = audited(demo, supervisor, _log())
    assert findings.unmatched(again) == []
    alias = LogAlias.objects.get(alias="D. Ortiz")
    findings.remove_alias(house=demo, alias_id=alias.pk)
    findings.add_alias(house=demo, actor=supervisor, alias="D. Ortiz", person=dee)
    assert {person: _cards(person) for person in dealers.values()} == before
    assert AuditFinding.objects.count() == 4


def test_removing_a_name_unlinks_its_lines_and_its_note(demo, supervisor, dealers):
    report = audited(demo, supervisor, _log())
    bob = dealers["bob"]
    alias = LogAlias.objects.get(alias="B. Ruiz")
    findings.remove_alias(house=demo, alias_id=alias.pk)
    assert AuditLine.objects.get(report=report, dealer="B. Ruiz").person is None
    assert findings.unmatched(report) == ["B. Ruiz", "D. Ortiz"]
    assert findings.latest_finding(bob, "cs-settle", "player folds") is None


def test_a_name_already_someone_elses_is_refused_and_changes_nothing(demo, supervisor, dealers):
    audited(demo, supervisor, _log())
    with pytest.raises(ValidationError, match="already"):
        findings.add_alias(house=demo, actor=supervisor, alias="B. Ruiz", person=dealers["dee"])
    with pytest.raises(ValidationError, match="already"):
        # an employee number is a name too
        findings.add_alias(house=demo, actor=supervisor, alias="4417", person=dealers["dee"])
    assert LogAlias.objects.get(alias="B. Ruiz").person == dealers["bob"]
    assert not LogAlias.objects.filter(alias="4417").exists()


def test_a_person_of_another_house_cannot_be_named(demo, riverboat, supervisor, dealers):
    report = audited(demo, supervisor, _log())
    stranger = TraineeFactory(house=riverboat, username="stranger")
    with pytest.raises(ValidationError, match="not one of your house"):
        findings.add_alias(house=demo, actor=supervisor, alias="D. Ortiz", person=stranger)
    assert findings.unmatched(report) == ["D. Ortiz"]
    assert not SkillCard.objects.filter(trainee=stranger).exists()
