"""House rules, chips and the pay standard on the desk, through the gate activation goes
through: a change that moves an active table's par sheet waits for the sheet under the new
rules, as a state of the page with its progress (never an error), and is then made; a player
edge is confirmed; a change that cannot be made is refused in words and changes nothing."""

import dataclasses

import pytest
from django.urls import reverse

from tests.desk.conftest import SMALL_DECK, store_sheet, table_of
from tests.factories import PaytableVersionFactory
from trainer.desk.house_rules import PENDING, RULE_PAGES
from trainer.engine import HouseRules
from trainer.houses import services
from trainer.houses.config import house_rules_of
from trainer.houses.models import HouseRulesSettings, ParSheetResult

HTMX = {"HX-Request": "true"}


def saved(house) -> HouseRules:
    return house_rules_of(HouseRulesSettings.objects.get(house=house))


def post(client, house, page="rules", *, follow=False, **changes):
    """A page's form as the browser posts it: the house's rules with `changes`."""
    data = {**dataclasses.asdict(saved(house)), **changes}
    form = {}
    for name in RULE_PAGES[page][1]:
        value = data.get(name)
        if value is True or (name == "player_edge_confirmed" and value):
            form[name] = "on"
        elif value is not None and value is not False:
            form[name] = value
    return client.post(reverse(f"desk:{page}"), form, follow=follow)


def test_a_change_no_sheet_reads_is_saved_at_once(desk, demo):
    response = post(desk, demo, stand_pat_allowed=False, follow=True)
    assert "The house rules are saved." in response.content.decode()
    assert saved(demo).stand_pat_allowed is False
    assert not ParSheetResult.objects.exists()


def test_a_call_multiple_change_waits_for_its_sheet_as_a_state_with_progress(
    desk, demo, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks() as queued:
        response = post(desk, demo, call_multiple=3)
    assert response.status_code == 302 and len(queued) == 1
    assert saved(demo).call_multiple == 2  # not yet
    page = desk.get(reverse("desk:rules")).content.decode()
    caribbean = table_of(demo, "caribbean-stud")
    assert "A change is waiting for its par sheets" in page
    assert f"Computing the sheet of Caribbean Stud v{caribbean.number} under the new rules: 0%" in (
        page
    )
    assert "Caribbean Stud call multiple: 3" in page  # what was asked for, by its name
    assert f'hx-get="{reverse("desk:pending")}' in page
    for words in ("correct the error", "save again", "errorlist"):
        assert words not in page
    # the form shows the change asked for
    assert 'name="call_multiple" value="3"' in page
    # the poll answers the progress while the worker computes
    sheet = services.parsheet_of(caribbean, HouseRules(call_multiple=3))
    ParSheetResult.objects.filter(pk=sheet.pk).update(status="running", done=40, total=100)
    poll = desk.get(reverse("desk:pending"), headers=HTMX).content.decode()
    assert "under the new rules: 40%" in poll and 'hx-trigger="every 2s"' in poll


def test_once_computed_a_player_edge_is_confirmed_then_the_change_is_made(desk, demo):
    post(desk, demo, call_multiple=3)
    caribbean = table_of(demo, "caribbean-stud")
    # the worker's sheet under the new rules (the engine's figures on a reduced deck, where
    # the player has the edge)
    after = store_sheet(caribbean, HouseRules(call_multiple=3), deck=SMALL_DECK)
    assert after.player_edge
    assert desk.get(reverse("desk:pending"), headers=HTMX)["HX-Refresh"] == "true"
    page = desk.get(reverse("desk:rules")).content.decode()
    assert "(player edge)" in page and 'name="player_edge_confirmed"' in page
    # making it without the box: still waiting for the confirmation, nothing saved
    desk.post(reverse("desk:pending"), {"action": "apply"})
    assert saved(demo).call_multiple == 2 and desk.session.get(PENDING)
    response = desk.post(
        reverse("desk:pending"),
        {"action": "apply", "player_edge_confirmed": "on"},
        follow=True,
    )
    assert saved(demo).call_multiple == 3
    assert "The house rules are saved." in response.content.decode()
    assert not desk.session.get(PENDING)


@pytest.mark.slow  # the banked games' counts, made once per session (about ten seconds)
def test_a_waiting_change_is_made_as_soon_as_its_sheets_are_done(client, riverboat, other_manager):
    # the riverboat's own Caribbean Stud table, paying even money on every row: the house has
    # the edge whatever the Call (on a reduced deck the player has it even here, so the full
    # deck's figures)
    flat = PaytableVersionFactory(
        house=riverboat, game="caribbean-stud", label="Flat",
        rows={c.label: "1:1" for c in table_of_rows("caribbean-stud")},
    )  # fmt: skip
    services.activate(flat, by=other_manager)
    client.force_login(other_manager)
    post(client, riverboat, call_multiple=3)
    assert saved(riverboat).call_multiple == 2
    after = store_sheet(flat, HouseRules(call_multiple=3))
    assert not after.player_edge
    # the page's poll, once the sheet is done, makes the change: its answer posts it as it
    # loads (htmx), and that post reloads the page
    poll = client.get(reverse("desk:pending"), headers=HTMX).content.decode()
    assert 'hx-trigger="load"' in poll and '"action": "apply"' in poll
    response = client.post(reverse("desk:pending"), {"action": "apply"}, headers=HTMX)
    assert response["HX-Refresh"] == "true"
    assert saved(riverboat).call_multiple == 3


def table_of_rows(game):
    from trainer.engine.catalog import GAMES

    return GAMES[game].rows


def test_a_waiting_change_can_be_dropped(desk, demo):
    post(desk, demo, call_multiple=3)
    response = desk.post(reverse("desk:pending"), {"action": "discard"}, follow=True)
    assert "dropped" in response.content.decode()
    assert not desk.session.get(PENDING) and saved(demo).call_multiple == 2


def test_a_chip_unit_a_table_cannot_take_is_refused_naming_it(desk, demo):
    response = post(desk, demo, "chips", chip_unit=5, chips="common", follow=True)
    page = response.content.decode()
    assert "does not take a chip unit of 5" in page
    assert saved(demo).chip_unit == 1 and not desk.session.get(PENDING)


@pytest.mark.parametrize(
    "changes, words",
    [
        ({"call_multiple": "three"}, "Enter a whole number."),
        ({"call_multiple": 0}, "greater than or equal to 1"),
        ({"settle_order": "sideways"}, "Select a valid choice."),
    ],
)
def test_bad_input_is_named_and_changes_nothing(desk, demo, changes, words):
    before = saved(demo)
    response = post(desk, demo, **changes)
    assert response.status_code == 400
    assert words in response.content.decode()
    assert saved(demo) == before


def test_the_chips_and_pay_standard_are_saved_from_their_page(desk, demo):
    response = post(desk, demo, "chips", pay_standard="fewest", colour_up_at=12, follow=True)
    assert "The house rules are saved." in response.content.decode()
    assert saved(demo).pay_standard == "fewest" and saved(demo).colour_up_at == 12


def test_nothing_changed_says_so(desk, demo):
    response = post(desk, demo, follow=True)
    assert "Nothing changed" in response.content.decode()
