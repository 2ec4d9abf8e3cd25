"""A house-rule change goes through the same gate as activating a table: the par sheet of every
active table it moves is computed under the new rules first, a player edge needs confirming
(for this change only), and a chip unit an active table cannot take is refused."""

import pytest

from tests.factories import ManagerFactory
from trainer.engine import HouseRules
from trainer.engine.figures import edge_words
from trainer.houses import services
from trainer.houses.config import house_rules_of
from trainer.houses.models import HouseRulesSettings, ParSheetResult, PaytableVersion


@pytest.fixture
def demo_client(client, demo):
    client.force_login(ManagerFactory(house=demo, username="manager-mona"))
    return client


def change_url(demo) -> str:
    return f"/admin/houses/houserulessettings/{demo.rules.pk}/change/"


def post_rules(client, demo, *, confirmed=False, **changes):
    """The demo house's rules as the change form posts them, with `changes`."""
    rules = house_rules_of(HouseRulesSettings.objects.get(house=demo))
    data = {**rules.__dict__, **changes}
    form = {k: ("" if v is None else v) for k, v in data.items() if not isinstance(v, bool)}
    form.update({k: "on" for k, v in data.items() if v is True})
    if confirmed:
        form["player_edge_confirmed"] = "on"
    return client.post(change_url(demo), form)


def caribbean(demo) -> PaytableVersion:
    """The demo house's active Caribbean Stud table (the source text's)."""
    return PaytableVersion.objects.active().get(house=demo, game="caribbean-stud")


def saved_rules(demo) -> HouseRules:
    return house_rules_of(HouseRulesSettings.objects.get(house=demo))


def errors(response) -> str:
    assert response.status_code == 200, "the form was saved"
    return " ".join(response.context["adminform"].form.non_field_errors())


def test_a_change_no_par_sheet_reads_saves_at_once(demo_client, demo):
    # standing pat is a Mississippi Gonorrhea rule: no table's par sheet reads it
    response = post_rules(demo_client, demo, stand_pat_allowed=False)
    assert response.status_code == 302
    assert saved_rules(demo).stand_pat_allowed is False
    assert not ParSheetResult.objects.exists()


def test_a_chip_unit_an_active_table_cannot_take_is_refused_naming_the_table(demo_client, demo):
    # the demo tables bet in units of 1 (fixtures/demo_house.json): 5-unit chips cannot pay it
    response = post_rules(demo_client, demo, chip_unit=5)
    message = errors(response)
    assert str(caribbean(demo)) in message and "chip unit of 5" in message
    assert saved_rules(demo).chip_unit == 1
    assert not ParSheetResult.objects.exists()


def test_a_call_multiple_change_waits_for_the_par_sheet_under_the_new_rules(
    demo_client, demo, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks() as queued:
        response = post_rules(demo_client, demo, call_multiple=3)
    message = errors(response)
    version = caribbean(demo)
    assert f"The par sheet of {version} under these rules is being computed (0%)" in message
    assert saved_rules(demo).call_multiple == 2
    # queued for the worker under the proposed rules, not the house's own
    sheet = services.parsheet_of(version, HouseRules(call_multiple=3))
    assert sheet.status == "queued" and sheet.rules["call_multiple"] == 3
    assert len(queued) == 1
    # Casino Stud's Raise is fixed by its rules: its sheet is not moved, so not queued
    assert ParSheetResult.objects.count() == 1


def test_a_failed_par_sheet_says_so_and_is_queued_again(
    demo_client, demo, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks():
        post_rules(demo_client, demo, call_multiple=3)
    ParSheetResult.objects.update(status="failed", error="the worker stopped")
    with django_capture_on_commit_callbacks() as queued:
        message = errors(post_rules(demo_client, demo, call_multiple=3))
    assert "failed (the worker stopped) and has been queued again" in message
    assert ParSheetResult.objects.get().status == "queued" and len(queued) == 1
    assert saved_rules(demo).call_multiple == 2


@pytest.mark.slow  # one Caribbean Stud par sheet, computed for real
def test_call_multiple_3_gives_the_player_the_edge_and_needs_confirming_each_time(
    demo_client, demo, immediate_tasks, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks() as queued:
        errors(post_rules(demo_client, demo, call_multiple=3))
    for run in queued:  # the worker's turn: the immediate backend computes it here
        run()
    version = caribbean(demo)
    sheet = services.parsheet_of(version, HouseRules(call_multiple=3))
    assert sheet.status == "done" and sheet.player_edge
    edge = edge_words(sheet.figures["house_edge_exact"])
    assert edge.startswith("\u22128.")  # the "8% edge" for the player
    message = errors(post_rules(demo_client, demo, call_multiple=3))
    assert f"{version} gives the PLAYER the edge: its house edge would be {edge}" in message
    assert saved_rules(demo).call_multiple == 2

    assert post_rules(demo_client, demo, call_multiple=3, confirmed=True).status_code == 302
    assert saved_rules(demo).call_multiple == 3
    # the house edge shown for the table is now the new one
    listed = demo_client.get("/admin/houses/paytableversion/").content.decode()
    assert edge in listed

    # a later change that leaves the sheet where it is needs no confirmation (the Call's cap is
    # not an input of the sheet); the box is not kept, so the next change that moves a sheet
    # is checked afresh
    assert post_rules(demo_client, demo, call_payout_cap=1000).status_code == 302
    assert saved_rules(demo) == HouseRules(call_multiple=3, call_payout_cap=1000)
    assert not hasattr(HouseRulesSettings.objects.get(house=demo), "player_edge_confirmed")
