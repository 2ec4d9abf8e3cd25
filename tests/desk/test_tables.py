"""The desk's first page: each paid game's active table, drafts and history with the house
edge of each (or its par sheet's state and a Compute button), dates in the site's own form;
a version's page; Compute from the desk and from the landing page."""

import re

from django.urls import reverse

from tests.desk.conftest import store_sheet, table_of
from tests.edges import shown_edge
from trainer.engine.catalog import paid_games
from trainer.houses import services
from trainer.houses.models import ParSheetResult


def section(page: str, game: str) -> str:
    start = page.index(f'id="game-{game}"')
    end = page.find('<section class="desk-game"', start + 1)
    return page[start : end if end > 0 else len(page)]


def test_each_paid_game_of_the_registry_has_its_section_in_registry_order(desk):
    page = desk.get(reverse("desk:home")).content.decode()
    found = re.findall(r'<section class="desk-game" id="game-([a-z-]+)"', page)
    assert found == [g.slug for g in paid_games()]


def test_the_active_table_the_drafts_and_the_history_are_apart(desk, demo, manager):
    active = table_of(demo, "mississippi-stud")
    draft = table_of(demo, "mississippi-stud", 2)
    services.activate(draft, by=manager)  # v2 active, v1 history
    page = section(desk.get(reverse("desk:home")).content.decode(), "mississippi-stud")
    groups = {g: page[page.index(f'<tbody class="{g}">') :].split("</tbody>")[0]
              for g in ("active", "history")}  # fmt: skip
    assert f"v{draft.number}: {draft.label}" in groups["active"]
    assert f"v{active.number}: {active.label}" in groups["history"]
    assert '<tbody class="drafts">' not in page


def test_dates_read_as_the_site_writes_them(desk):
    page = desk.get(reverse("desk:home")).content.decode()
    # the demo tables were activated on 29 Nov 2026 at 00:00 UTC (fixtures/demo_house.json)
    assert "29 Nov, 00:00 UTC" in page
    assert "midnight" not in page and "Nov." not in page


def test_a_computed_table_shows_its_edge_and_one_not_computed_a_compute_button(desk, demo):
    computed = store_sheet(table_of(demo, "mississippi-stud"))
    page = section(desk.get(reverse("desk:home")).content.decode(), "mississippi-stud")
    assert shown_edge(computed.figures["house_edge_exact"]) in page
    draft = table_of(demo, "mississippi-stud", 2)
    assert f'action="{reverse("desk:compute", args=[draft.pk])}"' in page
    assert "Not computed." in page


def test_compute_queues_the_sheet_and_the_page_follows_its_progress(
    desk, demo, django_capture_on_commit_callbacks
):
    draft = table_of(demo, "mississippi-stud", 2)
    home = reverse("desk:home")
    with django_capture_on_commit_callbacks() as queued:
        response = desk.post(reverse("desk:compute", args=[draft.pk]), {"next": home})
    assert response["Location"] == home
    assert len(queued) == 1  # the computation, for the task worker
    sheet = services.parsheet_of(draft)
    assert sheet.status == ParSheetResult.Status.QUEUED
    page = desk.get(home).content.decode()
    poll = reverse("desk:sheet", args=[draft.pk])
    assert f'hx-get="{poll}?next=/desk/"' in page and 'hx-trigger="every 2s"' in page
    # the poll answers the state, then the edge once the worker is done
    assert "Par sheet queued" in desk.get(poll, headers={"HX-Request": "true"}).content.decode()
    done = store_sheet(draft)
    answer = desk.get(poll, headers={"HX-Request": "true"}).content.decode()
    assert shown_edge(done.figures["house_edge_exact"]) in answer and "hx-get" not in answer


def test_compute_from_another_site_goes_back_to_the_version_not_away(desk, demo):
    draft = table_of(demo, "mississippi-stud", 2)
    response = desk.post(
        reverse("desk:compute", args=[draft.pk]), {"next": "https://elsewhere.example/"}
    )
    assert response["Location"] == reverse("desk:version", args=[draft.pk])


def test_the_landing_page_offers_compute_for_a_sheet_not_computed(desk, demo):
    page = desk.get("/").content.decode()
    for game in paid_games():
        version = table_of(demo, game.slug)
        assert f'action="{reverse("desk:compute", args=[version.pk])}"' in page
        assert reverse("desk:version", args=[version.pk]) in page
    assert f'href="{reverse("desk:home")}"' in page
    assert "/admin/houses/" not in page  # nothing a manager needs is only in the admin
    response = desk.post(
        reverse("desk:compute", args=[table_of(demo, "casino-stud").pk]), {"next": "/"}
    )
    assert response["Location"] == "/"
    page = desk.get("/").content.decode()
    assert "Par sheet queued" in page


def test_the_version_page_shows_its_rows_figures_and_the_way_on(desk, demo):
    version = table_of(demo, "mississippi-stud", 2)
    sheet = store_sheet(version)
    store_sheet(table_of(demo, "mississippi-stud"))
    page = desk.get(reverse("desk:version", args=[version.pk])).content.decode()
    assert "Straight</th><td>5 to 1" in page  # its own row (fixtures/demo_house.json)
    assert shown_edge(sheet.figures["house_edge_exact"]) in page
    assert "Hit frequency" in page and "Against the active table" in page
    assert reverse("desk:activate", args=[version.pk]) in page
    assert reverse("desk:design", args=[version.pk]) in page
    assert "Example hands" in page
