"""Activations that wait: for a time to come given on the activation page, and, where the
house asks for it, for a second games manager's approval on the desk.  Either way they take
effect through the activation of today (its lock, checks and history), by the approval's post
when already due or else by the worker's sweep; the version's page shows who asked, who
approved and when it took effect; bad input is refused in words, nothing changed."""

import zoneinfo
from datetime import datetime, timedelta

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.desk.conftest import store_sheet, table_of
from tests.factories import ManagerFactory
from trainer.core.signals import worker_sweep
from trainer.houses import scheduled, services
from trainer.houses.models import House, PendingActivation, TableActivation

State = PendingActivation.State
GAME = "mississippi-stud"


@pytest.fixture
def draft(demo):
    """The demo house's Mississippi Stud v2, its sheet and the active table's computed."""
    store_sheet(table_of(demo, GAME))
    version = table_of(demo, GAME, 2)
    store_sheet(version)
    return version


@pytest.fixture
def approving(demo):
    House.objects.filter(pk=demo.pk).update(activations_need_approval=True)
    demo.refresh_from_db()
    return demo


@pytest.fixture
def second(demo):
    """Another games manager of the demo house, signed in on a client of their own."""
    client = Client()
    client.force_login(ManagerFactory(house=demo, username="manager-mia"))
    return client


def ask(desk, version, **data):
    data = {"seen": services.activation_state(version.house_id, GAME), **data}
    return desk.post(reverse("desk:activate", args=[version.pk]), data)


def decide(client, pending, decision):
    return client.post(reverse("desk:decide", args=[pending.pk]), {"decision": decision})


def words_of(response) -> str:
    return " ".join(str(m) for m in get_messages(response.wsgi_request))


def counts():
    return PendingActivation.objects.count(), TableActivation.objects.count()


def test_without_a_time_or_approval_activation_is_immediate_as_before(desk, demo, draft):
    page = desk.get(reverse("desk:activate", args=[draft.pk])).content.decode()
    assert 'name="effective_at"' in page and 'type="datetime-local"' in page
    assert "second games manager's approval" not in page
    ask(desk, draft, effective_at="")
    draft.refresh_from_db()
    assert draft.is_active and not PendingActivation.objects.exists()


def test_the_house_turns_approval_on_on_its_settings_page(desk, demo):
    page = desk.get(reverse("desk:house")).content.decode()
    assert 'name="activations_need_approval"' in page
    data = {"name": "Demo house", "time_zone": demo.time_zone, "day_starts": "04:00",
            "desired_retention": "0.90", "activations_need_approval": "on",
            "reaudit_days": "10", "shifts": demo.shifts, "certificate_months": "24",
            "renewal_days": "60"}  # fmt: skip
    desk.post(reverse("desk:house"), data)
    assert House.objects.get(pk=demo.pk).activations_need_approval


def test_a_second_manager_approves_and_the_history_shows_who(
    desk, manager, second, approving, draft
):
    page = desk.get(reverse("desk:activate", args=[draft.pk])).content.decode()
    assert "second games manager's approval" in page
    response = ask(desk, draft)
    assert "waits for another games manager's approval" in words_of(response)
    draft.refresh_from_db()
    assert not draft.is_active
    pending = PendingActivation.objects.get()
    assert pending.state == State.AWAITING and pending.requested_by == manager
    # the post sent again asks for nothing more
    assert "already waiting" in words_of(ask(desk, draft))
    assert PendingActivation.objects.count() == 1
    # the requester sees it waiting, with no buttons; the second manager has them
    decide_url = reverse("desk:decide", args=[pending.pk])
    mine = desk.get(reverse("desk:home")).content.decode()
    assert "Activations waiting" in mine and decide_url not in mine
    theirs = second.get(reverse("desk:home")).content.decode()
    assert f'action="{decide_url}"' in theirs and 'value="approve"' in theirs
    # approving one's own request is refused in words
    before = counts()
    assert "You asked for this activation" in words_of(decide(desk, pending, "approve"))
    assert counts() == before and PendingActivation.objects.get().state == State.AWAITING
    # the second manager approves: it was due, so it takes effect at once
    response = decide(second, pending, "approve")
    assert "is now the active table" in words_of(response)
    draft.refresh_from_db()
    pending.refresh_from_db()
    assert draft.is_active and pending.state == State.APPLIED
    assert pending.activation.by == manager and pending.approved_by.username == "manager-mia"
    # approving twice changes nothing
    before = counts()
    assert "no longer waiting" in words_of(decide(second, pending, "approve"))
    assert counts() == before
    page = desk.get(reverse("desk:version", args=[draft.pk])).content.decode()
    assert "Took effect at" in page and "asked for by manager-max" in page
    assert "approved by manager-mia" in page


def test_a_refusal_leaves_the_table_as_it_was(desk, second, approving, draft):
    ask(desk, draft)
    pending = PendingActivation.objects.get()
    assert "will not take effect" in words_of(decide(second, pending, "refuse"))
    draft.refresh_from_db()
    pending.refresh_from_db()
    assert not draft.is_active and pending.state == State.REFUSED
    assert "no longer waiting" in words_of(decide(second, pending, "approve"))
    page = desk.get(reverse("desk:version", args=[draft.pk])).content.decode()
    assert "refused by manager-mia" in page
    assert "Activations waiting" not in desk.get(reverse("desk:home")).content.decode()


def test_another_houses_manager_cannot_decide(desk, client, other_manager, approving, draft):
    ask(desk, draft)
    pending = PendingActivation.objects.get()
    client.force_login(other_manager)
    before = counts()
    # another house's activation is a missing one (a 404, as another house's version is)
    assert decide(client, pending, "maybe").status_code == 404
    assert decide(client, pending, "approve").status_code == 404
    assert counts() == before and PendingActivation.objects.get().state == State.AWAITING


def test_a_time_in_the_past_is_refused_in_words(desk, demo, draft):
    past = timezone.localtime(
        timezone.now() - timedelta(hours=1), zoneinfo.ZoneInfo(demo.time_zone)
    )
    before = counts()
    response = ask(desk, draft, effective_at=past.strftime("%Y-%m-%dT%H:%M"))
    assert "already passed" in words_of(response)
    draft.refresh_from_db()
    assert counts() == before and not draft.is_active
    with pytest.raises(Exception, match="already passed"):
        scheduled.request_activation(
            draft, by=None, seen="x", effective_at=timezone.now() - timedelta(minutes=1)
        )


def test_a_time_to_come_is_read_on_the_house_clock_and_applied_by_the_sweep(desk, demo, draft):
    zone = zoneinfo.ZoneInfo(demo.time_zone)
    later = datetime.now(zone).replace(second=0, microsecond=0) + timedelta(days=2)
    response = ask(desk, draft, effective_at=later.strftime("%Y-%m-%dT%H:%M"))
    assert "takes effect at" in words_of(response)
    pending = PendingActivation.objects.get()
    assert pending.state == State.SCHEDULED and pending.effective_at == later
    # the sweep leaves it until its time has come
    worker_sweep.send(sender=None)
    draft.refresh_from_db()
    assert not draft.is_active
    PendingActivation.objects.filter(pk=pending.pk).update(
        effective_at=timezone.now() - timedelta(seconds=1)
    )
    worker_sweep.send(sender=None)
    draft.refresh_from_db()
    pending.refresh_from_db()
    assert draft.is_active and pending.state == State.APPLIED
    assert pending.activation == TableActivation.objects.filter(version=draft).get()


def test_approved_before_its_time_it_waits_for_the_sweep(desk, second, approving, draft):
    later = timezone.localtime(
        timezone.now() + timedelta(days=1), zoneinfo.ZoneInfo(approving.time_zone)
    )
    ask(desk, draft, effective_at=later.strftime("%Y-%m-%dT%H:%M"))
    pending = PendingActivation.objects.get()
    assert "takes effect at" in words_of(decide(second, pending, "approve"))
    draft.refresh_from_db()
    pending.refresh_from_db()
    assert not draft.is_active and pending.state == State.SCHEDULED
    page = desk.get(reverse("desk:version", args=[draft.pk])).content.decode()
    assert "approved by manager-mia" in page and "waiting for its time" in page
    assert scheduled.apply_due(now=pending.effective_at + timedelta(seconds=1)) == [pending]
    draft.refresh_from_db()
    assert draft.is_active


def test_one_overtaken_before_its_time_does_not_take_effect_and_says_why(desk, demo, draft):
    later = timezone.localtime(
        timezone.now() + timedelta(days=1), zoneinfo.ZoneInfo(demo.time_zone)
    )
    ask(desk, draft, effective_at=later.strftime("%Y-%m-%dT%H:%M"))
    pending = PendingActivation.objects.get()
    # another table of the game is activated meanwhile, at once
    other = services.copy_version(table_of(demo, GAME), by=None)
    services.activate(other, by=None)
    scheduled.apply_due(now=pending.effective_at + timedelta(seconds=1))
    draft.refresh_from_db()
    pending.refresh_from_db()
    assert not draft.is_active and pending.state == State.FAILED
    assert "has changed" in pending.reason
    page = desk.get(reverse("desk:version", args=[draft.pk])).content.decode()
    assert "could not take effect" in page
