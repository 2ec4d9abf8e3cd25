"""The paytable designer: the rows as a form, the exact house edge of the table as it stands
beside them (htmx posts the form as a row changes; "Show the edge" does without JavaScript),
its hit frequency and each row's return, the difference from the active table; a row that
makes the table unusable named in words; saved as a new version."""

import re
import threading
from fractions import Fraction

import pytest
from django.contrib.messages import get_messages
from django.db import connection
from django.test import Client
from django.urls import reverse

from tests.desk.conftest import SMALL_DECK, counts_built, exact_sheet, table_of
from tests.edges import shown_edge
from tests.factories import ManagerFactory
from trainer.desk import services
from trainer.desk.figures import edge_figures, percent_words
from trainer.desk.forms import as_data, initial_of, new_token, to_field, win_field
from trainer.engine import Category, HouseRules
from trainer.engine.catalog import GAMES
from trainer.engine.parsheets.money import cap_effect
from trainer.engine.paytables import Paytable
from trainer.houses import precompute
from trainer.houses.config import paytable_of
from trainer.houses.models import (
    HouseRulesSettings,
    ParSheetResult,
    PaytableVersion,
    PrecomputedCounts,
)

MS = GAMES["mississippi-stud"]
HTMX = {"HX-Request": "true"}


@pytest.fixture
def counts(db):
    """Mississippi Stud's counts built on the site (about a second, once per session)."""
    counts_built("mississippi-stud")


def form_of(version, **rows) -> dict[str, str]:
    """The designer's form as posted for `version`'s table, with `rows` changed
    (category label -> (win, to), or None to leave the row out), and a token of its own."""
    data = {**as_data(initial_of(version.engine_game, version)), "token": new_token()}
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
    assert shown_edge(sheet.house_edge) in page
    assert "no change" in page  # the table designed is the active one, as it stands


def test_a_row_changed_moves_the_edge_and_every_figure_follows(desk, demo, counts):
    active = table_of(demo, MS.slug)
    answer = preview(desk, active, straight=(6, 1))  # the source pays a straight 4 to 1
    changed = exact_sheet(MS, engine_table(active, straight=(6, 1)), HouseRules())
    before = exact_sheet(MS, paytable_of(active), HouseRules())
    assert shown_edge(changed.house_edge) in answer
    assert shown_edge(changed.house_edge - before.house_edge, points=True) in answer
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
    assert "<html" in page and shown_edge(changed.house_edge) in page
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
    # the page only shows how they stand (a GET never writes); the panel's first post asks
    page = desk.get(reverse("desk:design", args=[active.pk])).content.decode()
    assert "Preparing the exact-edge tables for Mississippi Stud: 0%" in page
    assert 'hx-trigger="every 2s"' in page
    assert not PrecomputedCounts.objects.exists()
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


def token_of(page: str) -> str:
    """The save token of a designer page as drawn ("" if it has none)."""
    found = re.search(r'name="token" value="([^"]+)"', page)
    return found[1] if found else ""


def words_of(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


#: what a form posted again is told
ALREADY = "This form was already saved, as Mississippi Stud v3"


def test_the_same_form_saved_twice_makes_one_draft(desk, demo):
    """A double click or a replayed form: the second post answers the draft the first made
    and saves nothing; a post without the page's token is refused in words."""
    active = table_of(demo, MS.slug)
    url = reverse("desk:design", args=[active.pk])
    data = {**form_of(active, straight=(6, 1)), "token": token_of(desk.get(url).content.decode())}
    data["action"] = "save"
    first, again = desk.post(url, data), desk.post(url, data)
    saved = PaytableVersion.objects.get(house=demo, game=MS.slug, number=3)
    assert first["Location"] == again["Location"] == reverse("desk:version", args=[saved.pk])
    assert any(ALREADY in words for words in words_of(again))
    assert PaytableVersion.objects.filter(house=demo, game=MS.slug).count() == 3
    page = desk.post(url, {**data, "token": ""})
    assert page.status_code == 400 and "This form is out of date" in page.content.decode()
    assert token_of(page.content.decode())  # drawn again with a token of its own, to save
    assert PaytableVersion.objects.filter(house=demo, game=MS.slug).count() == 3


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    connection.vendor == "sqlite",
    reason="SQLite allows one writer at a time by locking the whole database: two saves "
    "cannot overlap there (the test above gives the replay's words on it too); the test "
    "runs on PostgreSQL",
)
def test_saves_at_the_same_moment_number_their_drafts_once_each(roles, riverboat, monkeypatch):
    """Three posts of a house's first table reach the save together (the barrier): two of
    one form (a double click), one of another manager's.  Two drafts are made, numbered 1
    and 2; the double click's second post answers the first's draft; none fails."""
    managers = [ManagerFactory(house=riverboat, username=f"manager-{n}") for n in "ab"]
    url = reverse("desk:design-game", args=[MS.slug])
    data = {**as_data(initial_of(MS, None)), "action": "save"}
    barrier = threading.Barrier(3, timeout=30)
    save = services.new_version

    def at_once(**kwargs):
        barrier.wait()  # every post checked and about to save, none saved yet
        return save(**kwargs)

    monkeypatch.setattr(services, "new_version", at_once)
    responses, errors = [None] * 3, []

    def post(n, user, token):
        try:
            client = Client()
            client.force_login(user)
            responses[n] = client.post(url, {**data, "token": token})
        except Exception as exc:  # noqa: BLE001 -- reported below
            errors.append(exc)
        finally:
            connection.close()

    clicked_twice, other = new_token(), new_token()
    posts = [(managers[0], clicked_twice), (managers[0], clicked_twice), (managers[1], other)]
    threads = [threading.Thread(target=post, args=(n, *p)) for n, p in enumerate(posts)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert [r.status_code for r in responses] == [302, 302, 302]
    made = PaytableVersion.objects.filter(house=riverboat, game=MS.slug)
    assert sorted(made.values_list("number", flat=True)) == [1, 2]
    clicked = made.get(created_by=managers[0])
    assert (
        responses[0]["Location"]
        == responses[1]["Location"]
        == reverse("desk:version", args=[clicked.pk])
    )
    said = [" ".join(words_of(r)) for r in responses[:2]]
    assert sum("already saved" in words for words in said) == 1
    assert all(f"v{clicked.number}" in words for words in said)


def test_a_house_without_a_table_designs_from_the_source_texts(client, riverboat, other_manager):
    client.force_login(other_manager)
    response = client.get(reverse("desk:design-game", args=[MS.slug]))
    assert response.context["form"].initial["label"] == "Mississippi Stud table"
    data = {**as_data(initial_of(MS, None)), "token": new_token(), "action": "save"}
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


def capped_edges_shown(answer: str, effect) -> None:
    """Each Ante the engine priced the cap at, with its edge, in the designer's panel."""
    for point in effect.points:
        assert f'<th scope="row">{point.ante:,}</th><td><span class="exact-figure"' in answer
        assert f">{percent_words(point.house_edge)}</span>" in answer
    changed = [p for p in effect.points if p.house_edge != effect.uncapped_edge]
    assert changed and answer.count("(changed by the cap)") == len(changed)
    assert f"From an Ante of {effect.from_ante:,} the cap changes the edge." in answer


def test_the_designer_shows_the_edge_at_each_ante_under_the_houses_cap(desk, demo, monkeypatch):
    # a reduced deck's counts (no straight, no royal flush: four of a kind is the top win)
    counts = MS.parsheet_counts(deck=SMALL_DECK)
    monkeypatch.setattr(precompute, "ready_counts", lambda game: counts)
    active = table_of(demo, MS.slug)
    top = MS.enumeration.capped_most(MS.fast_parsheet(paytable_of(active), HouseRules(), counts))
    cap = int(top * 20)  # from an Ante above 20 the cap takes from the top win
    HouseRulesSettings.objects.filter(house=demo).update(mississippi_payout_cap=cap)
    rules = HouseRules(mississippi_payout_cap=cap)
    url = reverse("desk:design-preview", args=[active.pk])
    # as a row is typed: where the cap bites at once, and the panel asks for the edges
    answer = preview(desk, active)
    assert f"is {cap:,}: it starts to take from a win at an Ante above 20.00" in answer
    assert """hx-vals='{"cap": "now"}'""" in answer and 'class="cap-edges"' not in answer
    # asked for: the edge at each Ante, the engine's, for the table as typed
    answer = desk.post(url, {**form_of(active), "cap": "now"}, headers=HTMX).content.decode()
    before = cap_effect(MS.enumeration, counts, paytable_of(active), rules)
    assert before.from_ante == 21
    capped_edges_shown(answer, before)
    # four of a kind paying 80 to 1 (the source's 40): a larger top win, a lower bite
    typed = {"four_of_a_kind": (80, 1)}
    answer = desk.post(url, {**form_of(active, **typed), "cap": "now"}, headers=HTMX)
    after = cap_effect(MS.enumeration, counts, engine_table(active, **typed), rules)
    assert after.bites_above < before.bites_above
    assert [p.house_edge for p in after.points] != [p.house_edge for p in before.points]
    capped_edges_shown(answer.content.decode(), after)
    # without JavaScript, "Show the edge" posts the page and it has them at once
    data = {**form_of(active, **typed), "action": "preview"}
    page = desk.post(reverse("desk:design", args=[active.pk]), data).content.decode()
    assert "<html" in page
    capped_edges_shown(page, after)
