"""Reading cases: the list (own house, newest first), search, the printable page, notes that
only ever append, and who may see what."""

import pytest
from django.core.exceptions import ValidationError

from tests.site.pages import without_csrf_token
from trainer.cases.models import NOTE_MAX, Case, CaseNote

#: a Caribbean Stud hand: flush against a king-high dealer who does not qualify (RULES.md)
CARIBBEAN = {
    "game": "caribbean-stud",
    "player": "2h 5h 9h Jh Kh",
    "dealer": "Kc 9d 7s 4c 2s",
    "ante": 10,
    "action": "call",
}


@pytest.fixture
def cases(demo, supervisor, keep):
    """Two demo cases: 1 (Mississippi Stud, a note) and 2 (Caribbean Stud)."""
    return [
        keep(supervisor, note="Player claims the fifth street bet was five chips."),
        keep(supervisor, CARIBBEAN, note="Dealer paid the call; surveillance reviewed."),
    ]


@pytest.fixture
def sue(client, supervisor):
    client.force_login(supervisor)
    return supervisor


def numbers(response) -> list[int]:
    return [c.number for c in response.context["page"]]


def test_the_list_shows_the_houses_cases_newest_first(client, sue, cases):
    response = client.get("/cases/")
    assert response.status_code == 200
    assert numbers(response) == [2, 1]


def test_the_list_shows_no_other_houses_cases(client, cases, other_supervisor, keep):
    mine = keep(other_supervisor, house="riverboat")
    client.force_login(other_supervisor)
    assert [c.pk for c in client.get("/cases/").context["page"]] == [mine.pk]


@pytest.mark.parametrize(
    "q, found",
    [
        ("2", [2]),
        ("#1", [1]),
        ("surveillance", [2]),
        ("FIFTH street", [1]),
        ("caribbean", [2]),
        ("q♥", [1]),  # written Q♥ in the request, searched in another spelling
        ("Kh", [2]),
        ("Kh surveillance", [2]),
        ("Kh fifth", []),
        ("Ad", []),  # a card in neither hand nor any note
    ],
)
def test_search_finds_by_number_words_game_and_cards(client, sue, cases, q, found):
    assert numbers(client.get("/cases/", {"q": q})) == found


def test_the_case_page_shows_the_record_and_loads_the_print_stylesheet(client, sue, cases):
    case = cases[0]
    response = client.get(f"/cases/demo/{case.number}/")
    page = response.content.decode()
    assert response.status_code == 200
    assert 'href="/static/cases/print.css" media="print"' in page
    for text in (case.paytable_label, "super-sue", "fifth street bet", case.steps[0], "chip unit"):
        assert text in page
    css = b"".join(client.get("/static/cases/print.css").streaming_content).decode()
    assert ".site-header" in css and "display: none" in css


def test_a_stored_case_holding_fields_its_game_does_not_read_still_opens(client, sue, cases):
    # a case kept before such fields were refused, or a row edited by hand: the Caribbean Stud
    # case also holds another game's fields, of shapes no field of its own has
    case = cases[1]
    odd = {**case.request, "hands": [1, 2], "up": "x", "hole": 5, "player": 7}
    Case.objects.filter(pk=case.pk).update(request=odd)  # what Case.save never allows
    response = client.get(f"/cases/demo/{case.number}/")
    assert response.status_code == 200
    page = response.content.decode()
    assert 'aria-label="king of clubs"' in page  # the dealer's cards, still laid out
    assert "Player" not in page.split('class="answer"')[0]  # a number is not cards to lay out


def test_notes_append_and_the_case_never_changes(client, sue, cases):
    case = cases[0]
    before = (case.request, case.ruling, case.steps, case.saved_at)
    response = client.post(f"/cases/demo/{case.number}/notes/", {"text": "Correction: 3 chips."})
    assert response.status_code == 302
    case = Case.objects.get(pk=case.pk)
    assert (case.request, case.ruling, case.steps, case.saved_at) == before
    assert [n.text for n in case.notes.all()] == [
        "Player claims the fifth street bet was five chips.",
        "Correction: 3 chips.",
    ]
    assert case.notes.last().author_name == "super-sue"


def test_a_saved_case_or_note_refuses_to_be_changed_or_deleted(cases):
    case, note = cases[0], CaseNote.objects.first()
    case.ruling = {"net": 1000}
    for attempt in (case.save, case.delete, note.save, note.delete):
        with pytest.raises(ValidationError):
            attempt()
    assert Case.objects.get(pk=case.pk).ruling != {"net": 1000}


@pytest.mark.parametrize(
    "text, words", [("   ", "This field is required"), ("x" * (NOTE_MAX + 1), "at most")]
)
def test_an_empty_or_over_long_note_is_refused_and_adds_nothing(client, sue, cases, text, words):
    response = client.post(f"/cases/demo/{cases[0].number}/notes/", {"text": text})
    assert response.status_code == 400
    assert words in response.content.decode()
    assert cases[0].notes.count() == 1


# -- who may see what ---------------------------------------------------------------------------


def test_trainees_may_not_see_or_keep_cases(client, trainee, cases, save_form):
    client.force_login(trainee)
    for url in ("/cases/", f"/cases/demo/{cases[0].number}/"):
        assert client.get(url).status_code == 403
    assert client.post(f"/cases/demo/{cases[0].number}/notes/", {"text": "x"}).status_code == 403
    assert client.post("/cases/save/", {"request": "{}", "token": "t"}).status_code == 403
    assert Case.objects.count() == 2 and CaseNote.objects.count() == 2
    assert 'href="/cases/"' not in client.get("/").content.decode()


def test_anonymous_visitors_are_sent_to_sign_in(client, cases):
    for url in ("/cases/", f"/cases/demo/{cases[0].number}/"):
        response = client.get(url)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_another_houses_case_answers_as_a_missing_one(client, cases, other_supervisor):
    client.force_login(other_supervisor)
    theirs = client.get(f"/cases/demo/{cases[0].number}/")
    missing = client.get("/cases/demo/999/")
    assert theirs.status_code == 404
    # the same page, but for the CSRF token each response masks afresh
    assert (theirs.status_code, without_csrf_token(theirs.content)) == (
        missing.status_code,
        without_csrf_token(missing.content),
    )
    note = client.post(f"/cases/demo/{cases[0].number}/notes/", {"text": "probe"})
    assert note.status_code == 404
    assert CaseNote.objects.count() == 2


def test_supervisors_see_the_cases_link(client, sue):
    assert 'href="/cases/"' in client.get("/").content.decode()


def test_the_admin_shows_cases_read_only(admin_client, cases):
    case = cases[0]
    assert admin_client.get(f"/admin/cases/case/{case.pk}/change/").status_code == 200
    assert admin_client.get("/admin/cases/case/add/").status_code == 403
    delete = admin_client.post(f"/admin/cases/case/{case.pk}/delete/", {"post": "yes"})
    assert delete.status_code == 403
    assert Case.objects.filter(pk=case.pk).exists()


# -- words, not codes -------------------------------------------------------------------------


def test_the_list_names_each_hand_apart(client, sue, cases):
    page = client.get("/cases/").content.decode()
    # the Caribbean Stud case above: the player's hand and the dealer's, each with its label,
    # drawn as cards
    player = page.split("<li><strong>Player</strong>", 1)[1].split("</li>", 1)[0]
    dealer = page.split("<li><strong>Dealer</strong>", 1)[1].split("</li>", 1)[0]
    assert player.count('role="img"') == 5 and 'aria-label="king of hearts"' in player
    assert dealer.count('role="img"') == 5 and 'aria-label="two of spades"' in dealer


def test_the_printed_house_rules_are_in_words(client, sue, cases):
    from trainer.houses.models import HouseRulesSettings

    page = client.get("/cases/demo/1/").content.decode()
    rules = page.split('<ul class="house-rules">', 1)[1].split("</ul>", 1)[0]
    standard = HouseRulesSettings._meta.get_field("pay_standard")
    stored = cases[0].house_rules["pay_standard"]
    assert f"pay standard: {dict(standard.flatchoices)[stored]}</li>" in rules
    assert f"pay standard: {stored}</li>" not in rules
    assert "chips: common" not in rules
