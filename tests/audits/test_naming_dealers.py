"""The pages of the log's dealers: a report lists its unmatched dealers, each
with a "this is …" form that audit staff of the house use and nobody else; the house's log
names, each removable; a person's audit record, shown to them and their house's audit staff
only; and Today's practice says where a lapse the audit found came from."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import strip_tags

from tests.audits.conftest import audited
from tests.audits.test_findings import _log
from tests.factories import SupervisorFactory, TraineeFactory
from trainer.audits.models import AuditLine, LogAlias
from trainer.drills import services as drills
from trainer.drills.practice.models import SkillCard

pytestmark = pytest.mark.django_db


@pytest.fixture
def dee(demo):
    return TraineeFactory(house=demo, username="dee", first_name="Dolores", last_name="Ortiz")


@pytest.fixture
def shift(demo, supervisor, dee):
    TraineeFactory(house=demo, username="ann", employee_number="4417")
    return audited(demo, supervisor, _log())


def _name(client, report, person, alias="D. Ortiz"):
    url = reverse("audits:name-dealer", args=[report.pk])
    return client.post(url, {"alias": alias, "person": person.pk}, follow=True)


def test_the_report_offers_this_is_for_each_unmatched_dealer(client, supervisor, shift, dee):
    client.force_login(supervisor)
    page = client.get(reverse("audits:report", args=[shift.pk])).content.decode()
    section = page[page.index('id="unmatched"') :]
    section = section[: section.index("</section>")]
    for name in ("D. Ortiz", "B. Ruiz", "Cy"):
        assert f'name="alias" value="{name}"' in section
    assert "4417" not in section  # Ann's employee number matched her
    assert "Dolores Ortiz (dee)" in section  # the house's people to choose from


def test_audit_staff_name_a_dealer_and_undo_it(client, supervisor, shift, dee):
    client.force_login(supervisor)
    page = _name(client, shift, dee).content.decode()
    assert "is Dolores Ortiz (dee): 1 line linked" in page
    assert AuditLine.objects.get(report=shift, dealer="D. Ortiz").person == dee
    alias = LogAlias.objects.get(alias="D. Ortiz")
    assert (alias.person, alias.created_by) == (dee, supervisor)
    names = client.get(reverse("audits:names")).content.decode()
    assert "D. Ortiz" in names and "super-sue" in names
    client.post(reverse("audits:remove-name", args=[alias.pk]))
    assert AuditLine.objects.get(report=shift, dealer="D. Ortiz").person is None
    assert not LogAlias.objects.exists()


def test_a_trainee_cannot_name_a_dealer(client, shift, dee):
    client.force_login(dee)
    assert _name(client, shift, dee).status_code == 403
    assert not LogAlias.objects.exists()


def test_a_person_of_another_house_is_refused_in_words(client, supervisor, shift, riverboat):
    stranger = TraineeFactory(house=riverboat, username="stranger")
    client.force_login(supervisor)
    page = _name(client, shift, stranger).content.decode()
    assert "Choose one of your house&#39;s people." in page
    assert not LogAlias.objects.exists()


def test_a_name_already_someone_elses_is_refused_in_words(client, supervisor, shift, dee):
    client.force_login(supervisor)
    page = _name(client, shift, dee, alias="4417").content.decode()
    assert "is already ann in this house" in page
    assert not LogAlias.objects.exists()


def test_a_forged_post_is_refused(supervisor, shift, dee):
    forged = Client(enforce_csrf_checks=True)
    forged.force_login(supervisor)
    assert _name(forged, shift, dee).status_code == 403
    assert not LogAlias.objects.exists()


def test_another_houses_staff_see_neither_the_report_nor_the_records(client, shift, dee, riverboat):
    client.force_login(SupervisorFactory(house=riverboat, username="super-river"))
    assert _name(client, shift, dee).status_code == 404
    assert client.get(reverse("audits:record", args=[dee.pk])).status_code == 404


def test_a_dealer_sees_their_own_record_and_nobody_elses(client, demo, supervisor, shift, dee):
    client.force_login(supervisor)
    _name(client, shift, dee)
    client.force_login(dee)
    page = client.get(reverse("audits:record", args=[dee.pk])).content.decode()
    assert "Audit record of Dolores Ortiz" in page
    assert "flush overpaid" in page
    assert "From the audit of 14 Nov 2026, table 3: flush overpaid." in strip_tags(page)
    ann = SkillCard.objects.get(situation="pair of 6-10 pushes").trainee
    assert client.get(reverse("audits:record", args=[ann.pk])).status_code == 404


def test_todays_practice_says_where_the_lapse_came_from(client, supervisor, shift, dee):
    client.force_login(supervisor)
    _name(client, shift, dee)
    session = drills.start_mode(trainee=dee, mode="today")
    question = drills.current_question(session)
    assert (question.kind, question.situation) == ("ms-pay", "flush wins")
    client.force_login(dee)
    page = client.get(reverse("drills:session", args=[session.pk])).content.decode()
    assert "From the audit of 14 Nov 2026, table 3: flush overpaid." in page
