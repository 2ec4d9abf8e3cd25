"""Versioned paytables: numbering, read-only once used, explicit activation, and every
validation message a games manager can meet in the admin."""

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from tests.factories import PaytableVersionFactory
from trainer.engine import Category
from trainer.engine.paytables import CARIBBEAN_STUD_BASE, MISSISSIPPI_STUD_BASE
from trainer.houses import services
from trainer.houses.config import config_of, paytable_of
from trainer.houses.models import PaytableRow, PaytableVersion

ADD_URL = "/admin/houses/paytableversion/add/"


def test_versions_are_numbered_per_house_and_game(house):
    first = PaytableVersionFactory(house=house)
    second = PaytableVersionFactory(house=house)
    other_game = PaytableVersionFactory(house=house, game="casino-stud")
    assert (first.number, second.number, other_game.number) == (1, 2, 1)


def test_a_version_reads_back_as_the_engine_table(ms_version):
    table = paytable_of(ms_version)
    assert table.rows == MISSISSIPPI_STUD_BASE.rows
    assert table.pair_band == MISSISSIPPI_STUD_BASE.pair_band
    assert table.push_band == MISSISSIPPI_STUD_BASE.push_band


def test_a_used_version_refuses_edits(ms_version):
    services.mark_used(ms_version)
    ms_version.label = "changed"
    with pytest.raises(ValidationError, match="read-only"):
        ms_version.save()
    row = ms_version.rows.first()
    row.win = 999
    with pytest.raises(ValidationError, match="read-only"):
        row.save()
    with pytest.raises(ValidationError, match="read-only"):
        row.delete()
    assert PaytableRow.objects.get(pk=row.pk).win != 999


def test_a_used_version_shows_read_only_in_the_admin(manager_client, ms_version):
    services.mark_used(ms_version)
    url = f"/admin/houses/paytableversion/{ms_version.pk}/change/"
    page = manager_client.get(url).content.decode()
    assert 'name="label"' not in page  # shown, not editable
    response = manager_client.post(url, {"label": "sneaky"})
    assert response.status_code == 403
    ms_version.refresh_from_db()
    assert ms_version.label == "Base"


def test_activating_version_two_leaves_version_one_unchanged(house, manager, ms_version):
    services.activate(ms_version, by=manager)
    services.mark_used(ms_version)
    rows_before = list(ms_version.rows.values_list("category", "win", "to"))
    second = services.copy_version(ms_version, by=manager, label="Straight 5 to 1")
    second.rows.filter(category=Category.STRAIGHT.order).update(win=5)
    services.activate(second, by=manager)
    ms_version.refresh_from_db()
    second.refresh_from_db()
    assert second.is_active and not ms_version.is_active
    assert ms_version.first_used_at is not None
    assert list(ms_version.rows.values_list("category", "win", "to")) == rows_before
    odds = config_of(house).paytable("mississippi-stud").odds_for(Category.STRAIGHT)
    assert (odds.win, odds.to) == (5, 1)


def test_there_is_never_a_second_active_version(house, manager):
    first = PaytableVersionFactory(house=house)
    second = PaytableVersionFactory(house=house)
    services.activate(first, by=manager)
    services.activate(second, by=manager)
    assert PaytableVersion.objects.filter(house=house, is_active=True).count() == 1
    with pytest.raises(IntegrityError), transaction.atomic():
        PaytableVersion.objects.filter(pk=first.pk).update(is_active=True)
    first.is_active = True
    with pytest.raises(ValidationError, match="already has an active table"):
        first.validate_constraints()


def test_a_broken_table_cannot_be_activated(house, manager):
    version = PaytableVersionFactory(house=house, game="caribbean-stud")
    version.rows.filter(category=Category.FLUSH.order).delete()
    with pytest.raises(ValidationError, match="The flush row is missing"):
        services.activate(version, by=manager)
    assert not PaytableVersion.objects.get(pk=version.pk).is_active


# --- the admin form, as a games manager posts it --------------------------------------------


def form_data(house, game="mississippi-stud", rows=None, **fields):
    """The POST of the admin's add page: the version and its rows inline."""
    table = {"mississippi-stud": MISSISSIPPI_STUD_BASE, "caribbean-stud": CARIBBEAN_STUD_BASE}
    rows = rows if rows is not None else {c.order: (o.win, o.to) for c, o in table[game].rows}
    data = {
        "house": house.pk,
        "game": game,
        "label": "New table",
        "bet_unit": 1,
        "rows-TOTAL_FORMS": len(rows),
        "rows-INITIAL_FORMS": 0,
        "rows-MIN_NUM_FORMS": 1,
        "rows-MAX_NUM_FORMS": 1000,
    }
    if game == "mississippi-stud":
        data.update(pair_band_low=11, push_band_low=6, push_band_high=10)
    for i, (category, (win, to)) in enumerate(rows.items()):
        data.update({f"rows-{i}-category": category, f"rows-{i}-win": win, f"rows-{i}-to": to})
    data.update(fields)
    return data


def errors_of(response) -> str:
    assert response.status_code == 200, "the form should come back with errors"
    return response.content.decode()


def test_a_manager_saves_a_good_table(manager_client, house, manager):
    response = manager_client.post(ADD_URL, form_data(house))
    assert response.status_code == 302
    version = PaytableVersion.objects.get(house=house)
    assert version.created_by == manager and not version.is_active
    assert paytable_of(version).rows == MISSISSIPPI_STUD_BASE.rows


def test_a_missing_row_is_refused(manager_client, house):
    rows = {c.order: (o.win, o.to) for c, o in MISSISSIPPI_STUD_BASE.rows}
    del rows[Category.FLUSH.order]
    page = errors_of(manager_client.post(ADD_URL, form_data(house, rows=rows)))
    assert "The flush row is missing." in page
    assert not PaytableVersion.objects.filter(house=house).exists()


@pytest.mark.parametrize(("win", "to"), [(0, 1), (-2, 1), (3, 0)])
def test_zero_or_negative_odds_are_refused(manager_client, house, win, to):
    data = form_data(house)
    data.update({"rows-0-win": win, "rows-0-to": to})
    page = errors_of(manager_client.post(ADD_URL, data))
    assert "Ensure this value is greater than or equal to" in page
    assert not PaytableVersion.objects.filter(house=house).exists()


def test_a_non_integer_is_refused(manager_client, house):
    data = form_data(house)
    data["rows-3-win"] = "2.5"
    assert "Enter a whole number." in errors_of(manager_client.post(ADD_URL, data))
    assert not PaytableVersion.objects.filter(house=house).exists()


def test_overlapping_bands_are_refused(manager_client, house):
    page = errors_of(manager_client.post(ADD_URL, form_data(house, push_band_high=11)))
    assert "overlaps the paying pairs" in page
    assert not PaytableVersion.objects.filter(house=house).exists()


def test_bands_that_leave_a_gap_are_refused(manager_client, house):
    page = errors_of(manager_client.post(ADD_URL, form_data(house, push_band_high=9)))
    assert "The bands leave a gap: a pair of tens would neither push nor pay." in page
    assert not PaytableVersion.objects.filter(house=house).exists()


def test_a_bet_unit_that_pays_fractions_is_refused(manager_client, house):
    rows = {c.order: (o.win, o.to) for c, o in MISSISSIPPI_STUD_BASE.rows}
    rows[Category.STRAIGHT.order] = (9, 2)  # 9 to 2 on a bet of 1 pays 4.5
    page = errors_of(manager_client.post(ADD_URL, form_data(house, rows=rows)))
    assert "Straight at 9 to 2 would pay a fraction of a chip on a bet of 1" in page
    assert not PaytableVersion.objects.filter(house=house).exists()
    response = manager_client.post(ADD_URL, form_data(house, rows=rows, bet_unit=2))
    assert response.status_code == 302  # a bet unit of 2 pays 9 whole chips


def test_a_higher_category_paying_less_needs_confirmation(manager_client, house):
    rows = {c.order: (o.win, o.to) for c, o in MISSISSIPPI_STUD_BASE.rows}
    rows[Category.FLUSH.order] = (3, 1)  # flush 3 to 1 below straight 4 to 1
    page = errors_of(manager_client.post(ADD_URL, form_data(house, rows=rows)))
    assert "flush pays 3 to 1 but straight pays 4 to 1" in page
    assert not PaytableVersion.objects.filter(house=house).exists()
    response = manager_client.post(ADD_URL, form_data(house, rows=rows, inversions_confirmed="on"))
    assert response.status_code == 302
    assert PaytableVersion.objects.filter(house=house).get().inversions_confirmed


def test_new_version_from_this_one_and_activate_through_the_admin(manager_client, ms_version):
    response = manager_client.post(
        "/admin/houses/paytableversion/",
        {"action": "new_version_from_this_one", "_selected_action": [ms_version.pk]},
    )
    copy = PaytableVersion.objects.filter(house=ms_version.house).exclude(pk=ms_version.pk).get()
    assert response.status_code == 302 and response["Location"].endswith(f"/{copy.pk}/change/")
    assert copy.number == 2 and list(copy.rows.values_list("category", "win")) == list(
        ms_version.rows.values_list("category", "win")
    )
    # activation waits for the copy's par sheet (an identical table's would do)
    sheet, _ = services.claim_parsheet(copy)
    services.compute_parsheet(sheet.pk, attempt=sheet.attempt)
    manager_client.post(
        "/admin/houses/paytableversion/",
        {"action": "activate", "_selected_action": [copy.pk]},
    )
    copy.refresh_from_db()
    assert copy.is_active


def test_the_version_page_previews_example_hands(manager_client, ms_version):
    page = manager_client.get(f"/admin/houses/paytableversion/{ms_version.pk}/change/")
    text = page.content.decode()
    # mississippi-stud.txt §07: 6h 6s with Ac 9d Kc only pushes; a royal pays 500:1 on 4 units
    assert "push" in text
    # each example hand's cards drawn as cards, never written as codes
    row = next(r for r in text.split("<tr>") if "push" in r and "six of clubs" in r)
    assert 'aria-label="six of hearts"' in row and 'aria-label="king of clubs"' in row
    assert "6c 6h" not in text
    assert "win at 500:1" in text and "<td>2000</td>" in text


def test_rows_are_listed_in_rank_order(manager_client, ms_version):
    text = manager_client.get(f"/admin/houses/paytableversion/{ms_version.pk}/change/")
    text = text.content.decode().split('id="rows-group"')[1]
    positions = [
        text.index(f'value="{c.order}" selected') for c in MISSISSIPPI_STUD_BASE.categories
    ]
    assert positions == sorted(positions)


def test_the_admin_history_shows_who_changed_what(manager_client, house, manager):
    manager_client.post(ADD_URL, form_data(house))
    version = PaytableVersion.objects.filter(house=house).get()
    history = manager_client.get(f"/admin/houses/paytableversion/{version.pk}/history/")
    assert manager.username in history.content.decode()
