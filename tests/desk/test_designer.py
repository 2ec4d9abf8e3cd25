"""The paytable designer: the rows as a form, the exact house edge of the table as it stands
beside them (htmx posts the form as a row changes; "Show the edge" does without JavaScript),
its hit frequency and each row's return, the difference from the active table; a row that
makes the table unusable named in words; saved as a new version."""

from fractions import Fraction

import pytest
from django.urls import reverse

from tests.desk.conftest import SMALL_DECK, counts_built, exact_sheet, table_of
from trainer.desk.figures import difference_words, edge_figures, percent_words
from trainer.desk.forms import as_data, initial_of, to_field, win_field
from trainer.engine import Category, HouseRules
from trainer.engine.catalog import GAMES
from trainer.engine.figures import edge_words
from trainer.engine.paytables import Paytable
from trainer.houses.config import paytable_of
from trainer.houses.models import ParSheetResult, PaytableVersion, PrecomputedCounts

MS = GAMES["mississippi-stud"]
HTMX = {"HX-Request": "true"}


@pytest.fixture
def counts(db):
    """Mississippi Stud's counts built on the site (about a second, once per session)."""
    counts_built("mississippi-stud")


def form_of(version, **rows) -> dict[str, str]:
    """The designer's form as posted for `version`'s table, with `rows` changed
    (category label -> (win, to), or None to leave the row out)."""
    data = as_data(initial_of(version.engine_game, version))
    for label, odds in rows.items():
        order = Category.from_label(label.replace("_", " ")).order
        win, to = odds if odds is not None else ("", "")
        data[win_field(order)], data[to_field(order)] = str(win), str(to)
    return data


def preview(client, version, **rows) -> str:
    url = reverse("desk:design-preview", args=[version.pk])
    return client.post(url, form_of(version, **rows), headers=HTMX).content.decode()


def engine_table(version, **rows) -> Paytable:
    odds = {**version.engine_game.paytable.as_dict()}
    for c in version.rows.all():
        odds[next(x for x in Category if x.order == c.category).label] = f"{c.win}:{c.to}"
    for label, (win, to) in rows.items():
        odds[label.replace("_", " ")] = f"{win}:{to}"
    base = paytable_of(version)
    return Paytable.build("t", odds, pair_band=base.pair_band, push_band=base.push_band)


def test_every_row_is_a_labelled_pair_of_inputs(desk, demo, counts):
    page = desk.get(reverse("desk:design-game", args=[MS.slug])).content.decode()
    for category in MS.rows:
        for name in (win_field(category.order), to_field(category.order)):
            assert f'<label for="id_{name}" class="visually-hidden">' in page
            assert f'id="id_{name}"' in page
    for name in ("label", "bet_unit", "pair_band_low", "push_band_low", "push_band_high"):
        assert f'<label for="id_{name}">' in page
    # htmx posts the rows as they change; a button does it without JavaScript
    preview_url = reverse("desk:design-game-preview", args=[MS.slug])
    assert f'hx-post="{preview_url}" hx-trigger="input delay:300ms"' in page
    assert 'name="action" value="preview"' in page and 'name="action" value="save"' in page


def test_the_active_tables_exact_edge_shows_at_once(desk, demo, counts):
    active = table_of(demo, MS.slug)
    page = desk.get(reverse("desk:design-game", args=[MS.slug])).content.decode()
    sheet = exact_sheet(MS, paytable_of(active), HouseRules())
    assert edge_words(sheet.house_edge) in page
    assert "no change" in page  # the table designed is the active one, as it stands


def test_a_row_changed_moves_the_edge_and_every_figure_follows(desk, demo, counts):
    active = table_of(demo, MS.slug)
    answer = preview(desk, active, straight=(6, 1))  # the source pays a straight 4 to 1
    changed = exact_sheet(MS, engine_table(active, straight=(6, 1)), HouseRules())
    before = exact_sheet(MS, paytable_of(active), HouseRules())
    assert edge_words(changed.house_edge) in answer
    assert difference_words(changed.house_edge - before.house_edge) in answer
    assert changed.house_edge < before.house_edge  # a straight paying more: a smaller edge
    paid = [changed.outcome(c.label) for c, _ in engine_table(active).rows]
    assert percent_words(sum(paid)) in answer  # the hit frequency
    # the straight's return: its probability times its odds (Mississippi Stud's table pays
    # every bet of the hand, so per unit of the final bet)
    assert percent_words(changed.outcome("straight") * 6) in answer
    assert "<html" not in answer  # a fragment, for htmx to swap in


def test_without_javascript_show_the_edge_posts_the_whole_page(desk, demo, counts):
    active = table_of(demo, MS.slug)
    data = {**form_of(active, straight=(6, 1)), "action": "preview"}
    page = desk.post(reverse("desk:design", args=[active.pk]), data).content.decode()
    changed = exact_sheet(MS, engine_table(active, straight=(6, 1)), HouseRules())
    assert "<html" in page and edge_words(changed.house_edge) in page
    assert 'value="6"' in page  # the form keeps what was typed
    assert PaytableVersion.objects.filter(house=demo, game=MS.slug).count() == 2  # not saved


@pytest.mark.parametrize(
    "rows, words",
    [
        ({"royal_flush": ("lots", 1)}, "Royal flush: write the odds as two whole numbers"),
        ({"royal_flush": (0, 0)}, "Royal flush: both parts of the odds must be at least 1."),
        ({"royal_flush": None}, "The royal flush row is missing."),
        ({"flush": (6, "")}, "Flush: give both parts of the odds"),
        ({"straight": (5, 2)}, "Straight at 5 to 2 would pay a fraction of a chip"),
        ({"flush": (60, 1)}, "A stronger hand pays less than a weaker one: four of a kind pays"),
    ],
)
def test_a_row_that_makes_the_table_unusable_is_named(desk, demo, rows, words):
    active = table_of(demo, MS.slug)
    answer = preview(desk, active, **rows)
    assert words in answer and "House edge</dt>" not in answer
    # saving it is refused, and nothing is saved
    data = {**form_of(active, **rows), "action": "save"}
    response = desk.post(reverse("desk:design", args=[active.pk]), data)
    assert response.status_code == 400 and words in response.content.decode()
    assert PaytableVersion.objects.filter(house=demo, game=MS.slug).count() == 2


@pytest.mark.parametrize(
    "bands, words",
    [
        ({"push_band_high": "11"}, "The push band (6-J) overlaps the paying pairs (J-A)."),
        ({"push_band_high": "9"}, "The bands leave a gap: a pair of tens would neither push"),
        ({"push_band_high": ""}, "Pushing pairs up to: Give both ends of the push band"),
        ({"pair_band_low": ""}, "Paying pairs from: A Mississippi Stud table needs its lowest"),
        ({"bet_unit": "0"}, "Bet unit: Ensure this value is greater than or equal to 1."),
    ],
)
def test_bands_and_the_bet_unit_are_checked_as_the_rows_are(desk, demo, bands, words):
    active = table_of(demo, MS.slug)
    data = {**form_of(active), **bands}
    url = reverse("desk:design-preview", args=[active.pk])
    assert words in desk.post(url, data, headers=HTMX).content.decode()


def test_an_inversion_confirmed_is_allowed(desk, demo, counts):
    active = table_of(demo, MS.slug)
    data = {**form_of(active, flush=(60, 1)), "inversions_confirmed": "on"}
    answer = desk.post(reverse("desk:design-preview", args=[active.pk]), data, headers=HTMX)
    assert "House edge</dt>" in answer.content.decode()


def test_until_the_counts_are_built_the_panel_follows_their_preparation(
    desk, demo, django_capture_on_commit_callbacks
):
    active = table_of(demo, MS.slug)
    with django_capture_on_commit_callbacks() as queued:
        answer = preview(desk, active, straight=(6, 1))
    assert "Preparing the exact-edge tables for Mississippi Stud: 0%" in answer
    assert 'hx-trigger="every 2s"' in answer and 'hx-include="#designer"' in answer
    assert len(queued) == 1  # the one-time build, for the task worker
    assert PrecomputedCounts.objects.get().status == "queued"
    counts_built(MS.slug)
    answer = preview(desk, active, straight=(6, 1))
    assert "Preparing" not in answer and "House edge</dt>" in answer


def test_saved_as_a_new_version_a_draft_with_its_sheet(desk, demo, manager, counts):
    active = table_of(demo, MS.slug)
    data = {**form_of(active, straight=(6, 1)), "label": "Straight 6", "action": "save"}
    response = desk.post(reverse("desk:design", args=[active.pk]), data)
    saved = PaytableVersion.objects.get(house=demo, game=MS.slug, label="Straight 6")
    assert response["Location"] == reverse("desk:version", args=[saved.pk])
    assert saved.number == 3 and not saved.is_active and saved.created_by == manager
    assert paytable_of(saved).odds_for(Category.STRAIGHT).words() == "6 to 1"
    assert paytable_of(saved).pair_band == paytable_of(active).pair_band
    # with the counts built, its par sheet is computed at once
    sheet = ParSheetResult.objects.get(key=saved.engine_game.parsheet_key(
        paytable_of(saved), HouseRules()))  # fmt: skip
    assert sheet.status == "done"
    active.refresh_from_db()
    assert active.is_active  # activating is its own step


def test_a_house_without_a_table_designs_from_the_source_texts(client, riverboat, other_manager):
    client.force_login(other_manager)
    response = client.get(reverse("desk:design-game", args=[MS.slug]))
    assert response.context["form"].initial["label"] == "Mississippi Stud table"
    data = {**as_data(initial_of(MS, None)), "action": "save"}
    client.post(reverse("desk:design-game", args=[MS.slug]), data)
    saved = PaytableVersion.objects.get(house=riverboat)
    assert saved.number == 1 and paytable_of(saved).as_dict() == MS.paytable.as_dict()


def test_another_houses_version_cannot_be_saved_from(client, demo, other_manager):
    client.force_login(other_manager)
    active = table_of(demo, MS.slug)
    data = {**form_of(active), "action": "save"}
    assert client.post(reverse("desk:design", args=[active.pk]), data).status_code == 404
    assert not PaytableVersion.objects.filter(created_by=other_manager).exists()


def test_a_banked_games_rows_return_per_ante_through_the_second_bet():
    """The figures beside a Caribbean Stud table: its odds pay the Call, 2 × Ante under the
    house's call multiple, so a row returns its probability × odds × 2 per Ante."""
    game = GAMES["caribbean-stud"]
    rules = HouseRules(call_multiple=2)
    sheet = exact_sheet(game, game.paytable, rules, deck=SMALL_DECK)
    figures = edge_figures(sheet.as_dict(), game, game.paytable, rules)
    flush = next(r for r in figures.rows if r.label == "Flush")
    odds = game.paytable.odds_for(Category.FLUSH)
    assert flush.returns == sheet.outcome("flush") * Fraction(odds.win, odds.to) * 2
    assert figures.returns_per.startswith("per Ante (the table pays the Call, 2 × Ante)")
    assert figures.hit == sum(sheet.outcome(c.label) for c in game.rows)
    assert figures.edge == sheet.house_edge and figures.versus is None
