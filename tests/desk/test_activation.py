"""Activation on the desk, behind the houses app's gate: the version's par sheet under the
house's rules is computed first (asked for on the page, which then follows it), shown beside
the active table's, and a player edge is confirmed; a replayed or overtaken activation
changes nothing, and of two managers activating two tables of one game at the same moment,
one wins and the other is told so."""

import threading

import pytest
from django.contrib.messages import get_messages
from django.db import connection
from django.test import Client
from django.urls import reverse

from tests.desk.conftest import store_sheet, table_of
from tests.edges import shown_edge
from tests.factories import ManagerFactory, PaytableVersionFactory
from trainer.engine.figures import edge_percent
from trainer.houses import activation, services
from trainer.houses.models import ParSheetResult, PaytableVersion, TableActivation

#: what the manager whose activation was overtaken is told
OVERTAKEN = "The active table has changed since this page was loaded"


def activate_url(version) -> str:
    return reverse("desk:activate", args=[version.pk])


def seen(demo) -> str:
    """What an activation page of the demo house's Mississippi Stud tables posts back."""
    return services.activation_state(demo, "mississippi-stud")


@pytest.mark.slow  # the state followed through a sheet computed in full: out of the quick tier
def test_a_version_without_its_sheet_waits_for_it_as_a_state(
    desk, demo, django_capture_on_commit_callbacks
):
    draft = table_of(demo, "mississippi-stud", 2)
    # the page writes nothing (a GET never writes): each sheet offers its own "Compute"
    with django_capture_on_commit_callbacks() as queued:
        page = desk.get(activate_url(draft)).content.decode()
    assert queued == [] and services.parsheet_of(draft) is None
    compute = reverse("desk:compute", args=[draft.pk])
    assert f'action="{compute}"' in page and "Activate v2" not in page
    active = table_of(demo, "mississippi-stud")
    assert f'action="{reverse("desk:compute", args=[active.pk])}"' in page  # to compare
    with django_capture_on_commit_callbacks() as queued:
        desk.post(compute, {"next": activate_url(draft)})
    assert len(queued) == 1
    assert services.parsheet_of(draft).status == ParSheetResult.Status.QUEUED
    page = desk.get(activate_url(draft)).content.decode()
    assert "is being computed" in page and "Activate v2" not in page
    poll = reverse("desk:sheet", args=[draft.pk])
    assert f'hx-get="{poll}?then=reload&amp;next=' in page
    assert "correct the error" not in page and "save again" not in page
    # a post made anyway (forged, or from an old page) changes nothing
    desk.post(activate_url(draft), {"seen": seen(demo)})
    draft.refresh_from_db()
    assert not draft.is_active
    # once the sheet is done the poll reloads the page, which then offers the button
    store_sheet(draft)
    assert desk.get(poll + "?then=reload", headers={"HX-Request": "true"})["HX-Refresh"] == "true"


@pytest.mark.slow  # reason: seconds (a full sheet computed), out of the quick tier
def test_the_old_and_the_new_edge_side_by_side_then_activated(desk, demo):
    active, draft = table_of(demo, "mississippi-stud"), table_of(demo, "mississippi-stud", 2)
    old, new = store_sheet(active), store_sheet(draft)
    response = desk.get(activate_url(draft))
    page = response.content.decode()
    old_edge, new_edge = old.figures["house_edge_exact"], new.figures["house_edge_exact"]
    assert f'class="old-edge">{shown_edge(old_edge)}' in page
    assert f'class="new-edge">{shown_edge(new_edge)}' in page
    assert (
        response.context["new"].versus
        == response.context["new"].edge - response.context["old"].edge
    )
    assert 'name="player_edge_confirmed"' not in page  # the house keeps its edge
    assert response.context["seen"] == seen(demo)
    response = desk.post(activate_url(draft), {"seen": seen(demo)}, follow=True)
    draft.refresh_from_db()
    active.refresh_from_db()
    assert draft.is_active and not active.is_active
    # a message has no tooltip: the percentages alone
    moved = f"House edge {edge_percent(old_edge)} → {edge_percent(new_edge)}"
    assert moved in response.content.decode()


def test_a_replayed_activation_changes_nothing(desk, demo, manager):
    active, draft = table_of(demo, "mississippi-stud"), table_of(demo, "mississippi-stud", 2)
    store_sheet(active), store_sheet(draft)
    form = {"seen": seen(demo)}  # what the page showed
    desk.post(activate_url(draft), form)
    # the same post again: the version is active already
    page = desk.post(activate_url(draft), form, follow=True).content.decode()
    assert "already the active table" in page
    # v1 activated again: the old page's post, replayed, is refused
    services.activate(active, by=manager)
    draft.refresh_from_db()
    page = desk.post(activate_url(draft), form, follow=True).content.decode()
    draft.refresh_from_db()
    assert not draft.is_active
    assert "The active table has changed since this page was loaded" in page


def test_a_player_edge_needs_its_box_ticked(desk, demo):
    # a royal flush paying a million to one: the player has the edge (about +1.5 Antes a hand)
    generous = PaytableVersionFactory(
        house=demo, game="mississippi-stud", label="Royal million",
        rows={**table_of(demo, "mississippi-stud").engine_game.paytable.as_dict(),
              "royal flush": "1000000:1"},
    )  # fmt: skip
    sheet = store_sheet(generous)
    assert sheet.player_edge
    active = table_of(demo, "mississippi-stud")
    store_sheet(active)
    page = desk.get(activate_url(generous)).content.decode()
    assert "gives the PLAYER the edge" in page and 'name="player_edge_confirmed"' in page
    page = desk.post(activate_url(generous), {"seen": seen(demo)}, follow=True).content.decode()
    generous.refresh_from_db()
    assert not generous.is_active and "tick the box to confirm it" in page
    desk.post(activate_url(generous), {"seen": seen(demo), "player_edge_confirmed": "on"})
    generous.refresh_from_db()
    assert generous.is_active


def test_a_table_that_cannot_be_used_says_why_and_offers_no_button(desk, demo):
    broken = PaytableVersionFactory(
        house=demo, game="mississippi-stud", label="No royal",
        rows={k: v for k, v in
              table_of(demo, "mississippi-stud").engine_game.paytable.as_dict().items()
              if k != "royal flush"},
    )  # fmt: skip
    page = desk.get(activate_url(broken)).content.decode()
    assert "The royal flush row is missing." in page and "Activate v" not in page
    desk.post(activate_url(broken), {"seen": seen(demo)})
    broken.refresh_from_db()
    assert not broken.is_active


def two_drafts(demo, manager):
    """The demo house's Mississippi Stud draft v2 and a copy of its active v1, each with its
    par sheet done, and the active v1 with its own: both drafts can be activated."""
    active = table_of(demo, "mississippi-stud")
    first, second = table_of(demo, "mississippi-stud", 2), services.copy_version(active, by=manager)
    for version in (active, first, second):
        store_sheet(version)
    return first, second


def words_of(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


def test_an_activation_overtaken_after_the_pages_check_is_refused_in_words(
    desk, demo, manager, monkeypatch
):
    """Another manager's activation commits after this post's `seen` was read but before this
    one writes: it is refused inside its own transaction, in words, and nothing is written."""
    first, second = two_drafts(demo, manager)
    checked = activation.activate_checked

    def overtaken(version, **kwargs):
        services.activate(second, by=manager)  # the other manager, a moment earlier
        return checked(version, **kwargs)

    monkeypatch.setattr(activation, "activate_checked", overtaken)
    before = TableActivation.objects.count()
    response = desk.post(activate_url(first), {"seen": seen(demo)})
    assert response.status_code == 302
    assert any(OVERTAKEN in words for words in words_of(response))
    first.refresh_from_db(), second.refresh_from_db()
    assert second.is_active and not first.is_active
    assert TableActivation.objects.count() == before + 1  # the other manager's only


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    connection.vendor == "sqlite",
    reason="SQLite allows one writer at a time by locking the whole database: two "
    "activations cannot overlap there (the test above gives the loser's words on it too); "
    "the test runs on PostgreSQL",
)
def test_two_managers_activating_at_the_same_moment(roles, demo, manager, monkeypatch):
    """Two managers post the activation of two drafts of one game with the same `seen`, and
    both requests pass the page's check before either writes (the barrier): one table becomes
    active, the other manager is refused in words, and neither request fails."""
    first, second = two_drafts(demo, manager)
    state = seen(demo)
    other = ManagerFactory(house=demo, username="manager-mia")
    barrier = threading.Barrier(2, timeout=30)
    checked = activation.activate_checked

    def at_once(version, **kwargs):
        barrier.wait()  # both past the page's check, neither written yet
        return checked(version, **kwargs)

    monkeypatch.setattr(activation, "activate_checked", at_once)
    responses, errors = {}, []

    def post(user, version):
        try:
            client = Client()
            client.force_login(user)
            responses[version.pk] = client.post(activate_url(version), {"seen": state})
        except Exception as exc:  # noqa: BLE001 -- reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [
        threading.Thread(target=post, args=(user, version))
        for user, version in ((manager, first), (other, second))
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert [r.status_code for r in responses.values()] == [302, 302]
    active = PaytableVersion.objects.filter(house=demo, game="mississippi-stud", is_active=True)
    assert active.count() == 1
    winner = active.get()
    loser = first if winner == second else second
    assert any(OVERTAKEN in words for words in words_of(responses[loser.pk]))
    assert any("is now the active table" in words for words in words_of(responses[winner.pk]))
    assert list(TableActivation.objects.filter(version=loser)) == []
