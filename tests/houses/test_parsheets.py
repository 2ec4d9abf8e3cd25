"""Par sheets where users see them: the command, and the admin's background computation."""

import json
from fractions import Fraction

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.factories import HouseFactory, PaytableVersionFactory
from trainer.engine import Category
from trainer.engine.paytables import MISSISSIPPI_STUD_BASE
from trainer.houses import services, tasks
from trainer.houses.models import ParSheetResult, PaytableVersion
from trainer.rounds.models import RoundPace

# mississippi-stud.txt's base table: the published house edge is 4.9149%; the engine's exact
# figure (tests/engine/test_parsheets.py pins it) is 53223/1082900.
BASE_EDGE = "53223/1082900"


@pytest.mark.slow  # reason: seconds (a full sheet computed), out of the quick tier
def test_the_command_prints_the_base_tables_par_sheet_as_json(capsys, db):
    call_command("parsheet", "mississippi-stud", "--json")
    sheet = json.loads(capsys.readouterr().out)
    assert sheet["house_edge_exact"] == BASE_EDGE
    assert round(sheet["house_edge"] * 100, 4) == 4.9149
    assert {"house_edge", "element_of_risk", "average_bet", "outcomes"} <= set(sheet)


@pytest.mark.slow  # reason: seconds (the standard tables' spread simulated), out of the quick tier
def test_the_command_gives_the_spread_and_a_managers_figures(capsys, demo):
    """The new figures by name in --json, the inputs echoed; in words, the house's pace and
    payout cap read with --house."""
    call_command(
        "parsheet", "mississippi-stud", "--json", "--rounds-per-hour", "30", "--seats", "6",
        "--ante", "5", "--drop", "10000",
    )  # fmt: skip
    sheet = json.loads(capsys.readouterr().out)
    named = ("variance", "sd", "hit_frequency", "distribution", "contributions", "ties",
             "win_per_hour", "rounds_to_ahead_95", "cap_effect", "exposure")  # fmt: skip
    for name in named:
        assert name in sheet, name
    hour = sheet["win_per_hour"]
    assert (hour["rounds_per_hour"], hour["seats"], hour["average_ante"]) == (30, 6, 5)
    assert Fraction(hour["amount_exact"]) == 30 * 6 * 5 * Fraction(BASE_EDGE)
    assert sheet["hold"]["hold_exact"] == str(Fraction(hour["amount_exact"]) * 8 / 10_000)
    assert sheet["cap_effect"] is None and sheet["exposure"] is None
    RoundPace.objects.create(house=demo, game="mississippi-stud", rounds_per_hour=44)
    demo.rules.mississippi_payout_cap = 8_000  # 4,000 Antes at most: bites above an Ante of 2
    demo.rules.save()
    # in words (the API's tests read the same cap in JSON): the house's pace, its cap
    call_command("parsheet", "mississippi-stud", "--house", "demo")
    text = capsys.readouterr().out
    for words in ("variance", "ahead (hit freq.)", "Return column", "44 (", "ties ",
                  "normal approximation", "changes the edge from an Ante of 3"):  # fmt: skip
        assert words in text, words


def test_the_command_reads_a_paytable_and_refuses_bad_input(capsys, db):
    with pytest.raises(CommandError, match="not JSON"):
        call_command("parsheet", "mississippi-stud", "--paytable", "{oops")
    with pytest.raises(CommandError, match="flush row is missing"):
        call_command("parsheet", "caribbean-stud", "--paytable", '{"royal flush": 100}')
    with pytest.raises(CommandError, match="There is no house"):
        call_command("parsheet", "casino-stud", "--house", "nowhere")


def test_compute_action_stores_the_par_sheet_and_identical_tables_share_it(
    manager_client, ms_version, immediate_tasks, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        manager_client.post(
            "/admin/houses/paytableversion/",
            {"action": "compute_par_sheet", "_selected_action": [ms_version.pk]},
        )
    result = services.parsheet_of(ms_version)
    assert result.status == "done" and result.figures["house_edge_exact"] == BASE_EDGE
    page = manager_client.get(f"/admin/houses/paytableversion/{ms_version.pk}/change/")
    assert BASE_EDGE in page.content.decode()
    # the same table in another house: one computation serves both
    twin = PaytableVersionFactory(house=HouseFactory(), game="mississippi-stud")
    assert tasks.request_parsheet(twin).pk == result.pk
    assert ParSheetResult.objects.count() == 1


def test_a_table_that_gives_the_player_the_edge_is_flagged_before_activation(
    manager_client, house, immediate_tasks, django_capture_on_commit_callbacks
):
    generous = {c.label: str(o) for c, o in MISSISSIPPI_STUD_BASE.rows}
    # two pair at 20 to 1 (more than trips, hence confirmed) hands the player a large edge
    generous["two pair"] = "20:1"
    version = PaytableVersionFactory(
        house=house, rows=generous, label="Promotion", inversions_confirmed=True
    )
    with django_capture_on_commit_callbacks(execute=True):
        tasks.request_parsheet(version)
    assert services.parsheet_of(version).player_edge
    response = manager_client.post(
        "/admin/houses/paytableversion/",
        {"action": "activate", "_selected_action": [version.pk]},
    )
    url = f"/admin/houses/paytableversion/{version.pk}/activate/"
    assert response.status_code == 302 and response["Location"] == url
    version.refresh_from_db()
    assert not version.is_active
    page = manager_client.get(url).content.decode()
    assert "gives the PLAYER the edge" in page and "Activate anyway" in page
    assert 'name="player_edge_confirmed"' in page
    # a post without the page's confirmation (forged, or sent before the sheet was known)
    refused = manager_client.post(url, follow=True).content.decode()
    version.refresh_from_db()
    assert not version.is_active and "gives the PLAYER the edge" in refused
    manager_client.post(url, {"player_edge_confirmed": "1"})
    version.refresh_from_db()
    assert version.is_active


def test_a_broken_table_is_not_computed(manager_client, house):
    version = PaytableVersionFactory(house=house, game="caribbean-stud")
    version.rows.filter(category=Category.FLUSH.order).delete()
    response = manager_client.post(
        "/admin/houses/paytableversion/",
        {"action": "compute_par_sheet", "_selected_action": [version.pk]},
        follow=True,
    )
    assert "The flush row is missing." in response.content.decode()
    assert not ParSheetResult.objects.exists()
    assert PaytableVersion.objects.get(pk=version.pk).rows.count() == 9


@pytest.mark.django_db(transaction=True)
@pytest.mark.slow  # the real task worker computes a whole par sheet
def test_the_real_worker_computes_a_queued_par_sheet(ms_version):
    # the database backend of settings.TASKS, and its db_worker command, as `make run` runs it
    # (transactional: the worker closes and reopens database connections as it goes)
    result = tasks.request_parsheet(ms_version)
    assert ParSheetResult.objects.get(pk=result.pk).status == "queued"
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)
    result.refresh_from_db()
    assert result.status == "done" and result.figures["house_edge_exact"] == BASE_EDGE
    assert result.done == result.total > 0  # progress was recorded to the end
