"""Activation on the desk, behind the houses app's gate: the version's par sheet under the
house's rules is computed first (queued, the page following it), shown beside the active
table's, and a player edge is confirmed; a replayed or overtaken activation changes nothing."""

from django.urls import reverse

from tests.desk.conftest import store_sheet, table_of
from tests.factories import PaytableVersionFactory
from trainer.desk import services as services_desk
from trainer.engine.figures import edge_words
from trainer.houses import services
from trainer.houses.models import ParSheetResult


def activate_url(version) -> str:
    return reverse("desk:activate", args=[version.pk])


def seen(demo) -> str:
    """What an activation page of the demo house's Mississippi Stud tables posts back."""
    return services_desk.activation_state(demo, "mississippi-stud")


def test_a_version_without_its_sheet_waits_for_it_as_a_state(
    desk, demo, django_capture_on_commit_callbacks
):
    draft = table_of(demo, "mississippi-stud", 2)
    with django_capture_on_commit_callbacks() as queued:
        page = desk.get(activate_url(draft)).content.decode()
    assert len(queued) == 2  # this version's sheet, and the active table's, to compare
    assert services.parsheet_of(draft).status == ParSheetResult.Status.QUEUED
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


def test_the_old_and_the_new_edge_side_by_side_then_activated(desk, demo):
    active, draft = table_of(demo, "mississippi-stud"), table_of(demo, "mississippi-stud", 2)
    old, new = store_sheet(active), store_sheet(draft)
    response = desk.get(activate_url(draft))
    page = response.content.decode()
    old_words = edge_words(old.figures["house_edge_exact"])
    new_words = edge_words(new.figures["house_edge_exact"])
    assert f'class="old-edge">{old_words}' in page and f'class="new-edge">{new_words}' in page
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
    assert f"House edge {old_words} → {new_words}" in response.content.decode()


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
