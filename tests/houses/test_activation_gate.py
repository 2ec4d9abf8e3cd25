"""Activating a table goes through the gate a house-rule change goes through: its par sheet
under the house's rules is computed first, and a player edge is confirmed on the page."""

from trainer.houses import services
from trainer.houses.models import ParSheetResult

LIST = "/admin/houses/paytableversion/"


def activate_url(version) -> str:
    return f"/admin/houses/paytableversion/{version.pk}/activate/"


def activate_from_list(client, version):
    return client.post(LIST, {"action": "activate", "_selected_action": [version.pk]})


def test_a_table_without_its_par_sheet_waits_for_it(
    manager_client, ms_version, django_capture_on_commit_callbacks
):
    # the list's action sends it to the activation page, which queues the sheet and offers no
    # button until it is done
    assert activate_from_list(manager_client, ms_version)["Location"] == activate_url(ms_version)
    with django_capture_on_commit_callbacks() as queued:
        page = manager_client.get(activate_url(ms_version)).content.decode()
    assert len(queued) == 1  # the computation, for the worker
    assert "is being computed" in page and 'type="submit" value="Activate"' not in page
    poll = f"/admin/houses/paytableversion/{ms_version.pk}/parsheet/?then=reload"
    assert f'hx-get="{poll}"' in page
    assert services.parsheet_of(ms_version).status == ParSheetResult.Status.QUEUED
    # a post made anyway (forged, or from an old page) changes nothing
    refused = manager_client.post(activate_url(ms_version), follow=True).content.decode()
    ms_version.refresh_from_db()
    assert not ms_version.is_active and "is being computed" in refused


def test_the_activation_page_reloads_once_the_sheet_is_done(manager_client, ms_version):
    manager_client.get(activate_url(ms_version))  # queues the sheet
    poll = f"/admin/houses/paytableversion/{ms_version.pk}/parsheet/?then=reload"
    assert "HX-Refresh" not in manager_client.get(poll, headers={"HX-Request": "true"})
    sheet = services.parsheet_of(ms_version)
    services.compute_parsheet(sheet.pk, attempt=sheet.attempt)
    assert manager_client.get(poll, headers={"HX-Request": "true"})["HX-Refresh"] == "true"
    page = manager_client.get(activate_url(ms_version)).content.decode()
    assert 'type="submit" value="Activate"' in page and "player_edge_confirmed" not in page
    manager_client.post(activate_url(ms_version))
    ms_version.refresh_from_db()
    assert ms_version.is_active


def test_a_computed_house_edge_table_activates_from_the_list_at_once(manager_client, ms_version):
    sheet, _ = services.claim_parsheet(ms_version)
    services.compute_parsheet(sheet.pk, attempt=sheet.attempt)
    manager_client.post(
        "/admin/houses/paytableversion/",
        {"action": "activate", "_selected_action": [ms_version.pk]},
    )
    ms_version.refresh_from_db()
    assert ms_version.is_active


def test_a_supervisor_cannot_activate(client, house, ms_version):
    from tests.factories import SupervisorFactory

    client.force_login(SupervisorFactory(house=house))
    client.post(
        "/admin/houses/paytableversion/",
        {"action": "activate", "_selected_action": [ms_version.pk]},
    )
    assert client.post(activate_url(ms_version)).status_code in (302, 403)
    ms_version.refresh_from_db()
    assert not ms_version.is_active
