"""Saving a ruling as a case from the Rule check page."""

import html
import json

import pytest

from trainer.cases.models import Case, CaseCounter
from trainer.houses.config import house_setup
from trainer.rulings.services import give_ruling

from .conftest import HAND


@pytest.fixture
def sue(client, supervisor):
    client.force_login(supervisor)
    return supervisor


def test_a_supervisor_sees_save_as_a_case_under_a_ruling(client, sue):
    page = client.post("/rule-check/", {**HAND, "house": "demo"}).content.decode()
    assert 'action="/cases/save/"' in page and "Save as a case" in page


def test_a_trainee_never_sees_it(trainee_client):
    page = trainee_client.post("/rule-check/", {**HAND, "house": "demo"}).content.decode()
    assert "/cases/save/" not in page


def test_a_ruling_by_the_source_texts_says_to_rule_with_the_house(client, sue):
    page = client.post("/rule-check/", {**HAND, "house": ""}).content.decode()
    assert "/cases/save/" not in page
    assert "rule it with your house" in page


def test_the_stored_ruling_is_the_engines_with_the_version_and_rules_used(
    client, sue, demo, rule_and_keep
):
    response = rule_and_keep(note="Player says the 5th Street bet was 3.")
    case = Case.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/cases/demo/{case.number}/"
    expected = give_ruling(case.request, user=sue)
    assert case.ruling == expected and "error" not in expected
    assert case.steps == expected["steps"]
    assert case.request == {**case.request, "game": "mississippi-stud", "house": "demo"}
    setup = house_setup(demo)
    version = setup.versions["mississippi-stud"]
    assert case.paytable_version == version
    assert case.paytable_label == str(version)
    assert case.house_rules["chip_unit"] == setup.config.rules.chip_unit
    assert (case.house, case.saved_by, case.saved_by_name) == (demo, sue, "super-sue")
    assert [n.text for n in case.notes.all()] == ["Player says the 5th Street bet was 3."]
    version.refresh_from_db()
    assert version.is_in_use()  # the table the case was paid from can no longer change


def test_cases_are_numbered_per_house(client, sue, other_supervisor, rule_and_keep):
    rule_and_keep()
    rule_and_keep()
    client.force_login(other_supervisor)
    rule_and_keep(house="riverboat")
    numbers = sorted(Case.objects.values_list("house__slug", "number"))
    assert numbers == [("demo", 1), ("demo", 2), ("riverboat", 1)]


def test_a_forged_ruling_in_the_post_is_ignored(client, sue, rule_and_keep):
    forged = {"game": "mississippi-stud", "net": 1000, "steps": ["Pay the player 1000."]}
    rule_and_keep(extra={"ruling": json.dumps(forged), "steps": "Pay 1000", "net": "1000"})
    case = Case.objects.get()
    assert case.ruling == give_ruling(case.request, user=sue)
    assert case.ruling["net"] != 1000 and "Pay the player 1000." not in case.steps


def test_a_double_click_saves_once(client, sue, save_form):
    form = save_form()
    first = client.post("/cases/save/", form)
    again = client.post("/cases/save/", form, follow=True)
    assert Case.objects.count() == 1
    assert first["Location"] == again.redirect_chain[-1][0]
    assert "already saved, as case 1" in again.content.decode()


def test_the_same_hand_ruled_again_is_a_new_case(client, sue, rule_and_keep):
    # a new ruling shows a new form: two disputes over the same cards are two cases
    rule_and_keep()
    rule_and_keep()
    assert Case.objects.count() == 2


def test_another_users_token_is_not_theirs_to_reuse(client, sue, manager, save_form):
    form = save_form()
    client.post("/cases/save/", form)
    client.force_login(manager)
    response = client.post("/cases/save/", form)
    assert response.status_code == 400
    assert "expired" in response.content.decode()
    assert Case.objects.count() == 1


def test_a_games_manager_keeps_cases_too(client, manager, rule_and_keep):
    client.force_login(manager)
    assert rule_and_keep().status_code == 302
    assert Case.objects.get().saved_by == manager


def test_a_superuser_keeps_a_case_for_the_house_they_name(
    client, superuser, riverboat, rule_and_keep
):
    client.force_login(superuser)
    rule_and_keep(house="riverboat")
    case = Case.objects.get()
    assert (case.house, case.number) == (riverboat, 1)
    # riverboat has no table of its own: the case says it paid from the standard table
    assert case.paytable_version is None
    assert "the standard Mississippi Stud table" in case.paytable_label


# -- bad input: a clear message, nothing saved --------------------------------------------------


def assert_nothing_saved():
    assert not Case.objects.exists()
    assert not CaseCounter.objects.filter(last_number__gt=0).exists()


def test_an_unrulable_request_is_refused_with_the_engines_reason(client, sue, save_form):
    form = save_form()
    duplicate = {**json.loads(form["request"]), "board": "Q♥ 7d 9s"}
    response = client.post("/cases/save/", {**form, "request": json.dumps(duplicate)})
    assert response.status_code == 400
    page = response.content.decode()
    assert "cannot be ruled" in page and "Q" in page
    assert_nothing_saved()


@pytest.mark.parametrize(
    "request_text, words",
    [
        ("not json", "The hand sent with this form cannot be read"),
        ("[1, 2]", "not one request"),
        (json.dumps({**HAND, "house": "riverboat"}), "choose your house"),
        (json.dumps({**HAND, "house": "nowhere"}), "choose your house"),
        (json.dumps(HAND), "choose your house"),
    ],
)
def test_a_request_that_is_not_one_of_the_houses_is_refused(
    client, sue, riverboat, save_form, request_text, words
):
    form = save_form()
    response = client.post("/cases/save/", {**form, "request": request_text})
    assert response.status_code == 400
    assert words in response.content.decode()
    assert_nothing_saved()


def test_an_over_long_note_is_refused_and_shown_back_to_shorten(client, sue, rule_and_keep):
    from trainer.cases.models import NOTE_MAX

    response = rule_and_keep(note="x" * (NOTE_MAX + 1))
    assert response.status_code == 400
    page = response.content.decode()
    assert f"at most {NOTE_MAX:,} characters" in page
    assert 'name="note"' in page and 'name="token"' in page  # the form, to save it shorter
    assert_nothing_saved()


def test_a_form_without_its_token_is_refused(client, sue, save_form):
    form = save_form()
    response = client.post("/cases/save/", {**form, "token": ""})
    assert response.status_code == 400
    assert "expired" in response.content.decode()
    assert_nothing_saved()


def test_a_request_edited_to_hold_more_cards_than_a_case_keeps_is_refused(client, sue, save_form):
    # the engine ignores fields it does not read, so an edited request still rules; fields
    # its game does not read are refused (below), so card-like strings cannot overflow the
    # case's searchable cards either: refused, nothing saved
    form = save_form()
    request = json.loads(form["request"])
    request.update({f"extra{i}": "Ah Kd Qs Jc" for i in range(60)})
    response = client.post("/cases/save/", {**form, "request": json.dumps(request)})
    assert response.status_code == 400
    assert "cannot be kept as a case" in response.content.decode()
    assert_nothing_saved()


@pytest.mark.parametrize(
    "extra, named",
    [
        ({"hands": [1, 2]}, "'hands' is not a field of a Mississippi Stud request"),
        ({"up": "x", "player": 5}, "'up', 'player' are not fields of a Mississippi Stud"),
    ],
)
def test_a_request_holding_fields_its_game_does_not_read_is_refused(
    client, sue, save_form, extra, named
):
    # the repro: the demo Mississippi Stud request plus "hands": [1, 2], saved, left a
    # case whose page answered 500 for ever (a case never changes)
    form = save_form()
    request = {**json.loads(form["request"]), **extra}
    response = client.post("/cases/save/", {**form, "request": json.dumps(request)})
    assert response.status_code == 400
    assert named in html.unescape(response.content.decode())
    assert_nothing_saved()
