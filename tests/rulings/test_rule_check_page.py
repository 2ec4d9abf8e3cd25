"""The Rule check page: a form per game, the ruling with its steps, errors beside the field."""

import re

import pytest
from django.conf import settings
from django.http import QueryDict
from django_htmx.middleware import HtmxDetails

from trainer.rulings.views import rule_check

URL = "/rule-check/"


def post(client, data, **headers):
    return client.post(URL, data, headers=headers)


def field_error(page: str, field: str) -> str:
    """The error text shown in the field block of `field`."""
    match = re.search(
        rf'<div class="field has-error">\s*<label for="id_{field}">.*?</div>', page, re.S
    )
    assert match, f"no error beside {field}"
    return match.group(0)


def test_anonymous_users_are_sent_to_sign_in(client):
    response = client.get(URL)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


@pytest.mark.parametrize(
    "game",
    ["mississippi-stud", "caribbean-stud", "casino-stud", "mississippi-gonorrhea", "english-stud"],
)
def test_every_game_has_its_form(signed_in, game):
    response = signed_in.get(URL, {"game": game})
    assert response.status_code == 200
    page = response.content.decode()
    assert f'name="game" value="{game}"' in page
    assert "csrfmiddlewaretoken" in page


def test_mississippi_ruling_shows_cards_and_steps(signed_in):
    response = post(
        signed_in,
        {
            "game": "mississippi-stud",
            "hole": "Q♥ Qs",
            "board": "2c 7d 9s",
            "ante": 1,
            "third": 1,
            "fourth": 2,
            "fifth": 3,
        },
    )
    page = response.content.decode()
    assert response.status_code == 200
    # cards drawn as cards: rank and suit symbol, red or black, named for screen readers
    assert 'class="card red" role="img" aria-label="queen of hearts"' in page
    assert 'class="card black" role="img" aria-label="queen of spades"' in page
    assert '<ol class="steps">' in page and "Total 1 + 1 + 2 + 3 = 7" in page
    assert "<dt>Returned to the player</dt><dd>14</dd>" in page


def test_a_fold_is_the_later_streets_left_empty(signed_in):
    response = post(
        signed_in, {"game": "mississippi-stud", "hole": "2h 7s", "board": "", "ante": 1, "third": 2}
    )
    page = response.content.decode()
    assert "<dt>Outcome</dt><dd>fold</dd>" in page
    assert "<dt>Net</dt><dd>-3</dd>" in page  # mississippi-stud.txt §06: Ante 1 + 3rd 2 lost


def test_a_dealer_who_does_not_qualify_is_said_in_words(signed_in):
    # RULES.md: Caribbean Stud's dealer qualifies with ace-king or better; king-high does not
    # (the ante wins, the call pushes).  The page once showed the API's code, "no-qualify"
    page = post(
        signed_in,
        {
            "game": "caribbean-stud",
            "player": "2h 5h 9h Jh Kh",
            "dealer": "Kc 9d 7s 4c 2s",
            "ante": 10,
            "action": "call",
        },
    ).content.decode()
    assert "<dt>Outcome</dt><dd>the dealer does not qualify</dd>" in page
    assert "no-qualify" not in page.split('<dl class="answer">', 1)[1].split("</dl>", 1)[0]


def test_a_street_bet_after_a_fold_is_refused_beside_it(signed_in):
    response = post(
        signed_in,
        {"game": "mississippi-stud", "hole": "2h 7s", "board": "2c 7d 9s", "ante": 1, "fourth": 2},
    )
    assert "needs the streets before it" in field_error(response.content.decode(), "fourth")


@pytest.mark.parametrize(
    ("data", "field", "words"),
    [
        (
            {
                "game": "mississippi-stud",
                "hole": "Qh Qx",
                "board": "2c 7d 9s",
                "ante": 1,
                "third": 1,
                "fourth": 1,
                "fifth": 1,
            },
            "hole",
            "Qx",
        ),
        (
            {
                "game": "mississippi-stud",
                "hole": "Qh Qs Qd",
                "board": "2c 7d 9s",
                "ante": 1,
                "third": 1,
                "fourth": 1,
                "fifth": 1,
            },
            "hole",
            "2 cards",
        ),
        (
            {
                "game": "mississippi-stud",
                "hole": "Qh Qs",
                "board": "2c 7d 9s",
                "ante": 1,
                "third": 1,
                "fourth": 4,
                "fifth": 1,
            },
            "fourth",
            "1, 2 or 3",
        ),
        (
            {
                "game": "mississippi-stud",
                "hole": "Qh Qs",
                "board": "2c 7d 9s",
                "ante": "x",
                "third": 1,
                "fourth": 1,
                "fifth": 1,
            },
            "ante",
            "whole number",
        ),
        (
            {
                "game": "caribbean-stud",
                "player": "Qh Qs 9d 6c 2h",
                "dealer": "Qh Jc As 8d 3c",
                "ante": 1,
                "action": "call",
            },
            "dealer",
            "Qh",
        ),
        (
            {
                "game": "caribbean-stud",
                "player": "Qh Qs 9d 6c 2h",
                "dealer": "Jh Jc As 8d 3c",
                "ante": 0,
                "action": "call",
            },
            "ante",
            "",
        ),
        (
            {"game": "mississippi-gonorrhea", "pot": -1, "seat_1": "7c 7d", "seat_2": "3h 2s"},
            "pot",
            "",
        ),
        (
            {"game": "mississippi-gonorrhea", "pot": 10, "seat_1": "7c 7d", "seat_2": "3h 2s 4d"},
            "seat_2",
            "2 cards",
        ),
        (
            {
                "game": "english-stud",
                "ask": "showdown",
                "pot": 10,
                "seat_1": "As Ks Qs Js Ts 2c 3d",
            },
            None,
            "at least 2 seats",
        ),
        (
            {"game": "english-stud", "ask": "first-to-act", "seat_1": "Kd", "seat_2": "Qd"},
            "street",
            "Choose the street",
        ),
    ],
)
def test_errors_are_shown_beside_the_field(signed_in, data, field, words):
    response = post(signed_in, data)
    assert response.status_code == 200
    page = response.content.decode()
    assert '<section class="ruling"' not in page
    if field:
        assert words in field_error(page, field)
    else:
        assert words in page and 'class="field-error"' in page


def test_an_unknown_game_falls_back_to_a_real_form(signed_in):
    response = signed_in.get(URL, {"game": "poker"})
    assert response.status_code == 200
    assert 'name="game" value="mississippi-stud"' in response.content.decode()


def test_htmx_swaps_only_the_desk(signed_in):
    response = post(
        signed_in,
        {"game": "english-stud", "ask": "bring-in", "seat_1": "2c", "seat_2": "2d", "seat_3": "Ks"},
        HX_Request="true",
    )
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="desk">') and "<html" not in page
    # RULES.md: lowest up card brings it in, ties by suit (clubs lowest): seat 1's 2c.
    assert "<dt>Seat</dt><dd>1</dd>" in page


def test_a_forged_unknown_game_is_refused_with_a_message(signed_in):
    response = post(signed_in, {"game": "poker", "hole": "Qh Qs"})
    page = response.content.decode()
    assert response.status_code == 200
    assert "Unknown game: &#x27;poker&#x27;" in page and '<section class="ruling"' not in page


def test_a_forged_unknown_house_is_refused_beside_the_field(signed_in):
    response = post(
        signed_in,
        {
            "game": "mississippi-stud",
            "house": "nowhere",
            "hole": "Qh Qs",
            "board": "2c 7d 9s",
            "ante": 1,
            "third": 1,
            "fourth": 1,
            "fifth": 1,
        },
    )
    assert "nowhere is not one of the available choices" in field_error(
        response.content.decode(), "house"
    )


# A browser cannot post a lone surrogate (Django reads a form's bytes as UTF-8, replacing what
# is not), but a page must never fail on one: the view is given one directly.
def rule_check_posting(rf, user, data: dict):
    request = rf.post(URL)
    request.user = user
    request.htmx = HtmxDetails(request)
    request.POST = QueryDict(mutable=True)
    request.POST.update(data)
    return rule_check(request)


@pytest.mark.parametrize(
    ("field", "data"),
    [
        ("hole", {"hole": "Qh Q\ud800", "board": "2c 7d 9s"}),
        ("board", {"hole": "Qh Qs", "board": "\udfff2c 7d 9s"}),
        ("house", {"hole": "Qh Qs", "board": "2c 7d 9s", "house": "demo\ud800"}),
    ],
)
def test_a_lone_surrogate_in_a_field_is_refused_beside_it(rf, django_user_model, field, data):
    user = django_user_model.objects.create_user("surrogate", password="pw-x-1234")
    posted = {"game": "mississippi-stud", "ante": "1", "third": "1", **data}
    response = rule_check_posting(rf, user, posted)
    assert response.status_code == 200
    page = response.content.decode("utf-8")
    assert "not text" in field_error(page, field)
    assert "<h2>Ruling</h2>" not in page


def test_a_lone_surrogate_as_the_game_is_refused_with_a_message(rf, django_user_model):
    user = django_user_model.objects.create_user("surrogate", password="pw-x-1234")
    response = rule_check_posting(rf, user, {"game": "mississippi\ud800"})
    assert response.status_code == 200
    assert "Unknown game: &#x27;mississippi\ufffd&#x27;" in response.content.decode("utf-8")


def test_a_street_bets_error_goes_beside_its_street_by_the_streets_number(signed_in):
    # 1, 2 and 4: the 5th Street bet breaks the rule (1 to 3 times the Ante), not the 4th
    data = {"game": "mississippi-stud", "hole": "Qh Qs", "board": "2c 7d 9s", "ante": 1}
    response = post(signed_in, {**data, "third": 1, "fourth": 2, "fifth": 4})
    assert "5th Street bet must be 1, 2 or 3 times the Ante" in field_error(
        response.content.decode(), "fifth"
    )


@pytest.mark.skipif(
    not (settings.BASE_DIR / "locale" / "es" / "LC_MESSAGES" / "django.mo").exists(),
    reason="no Spanish catalogue built (compilemessages)",
)
def test_a_spanish_reader_sees_the_error_in_spanish_beside_its_seat_and_street(signed_in):
    """The form finds the input by the error's seat and street, not by its English words."""
    response = signed_in.post(
        URL,
        {"game": "mississippi-gonorrhea", "pot": 10, "seat_1": "7c 7d", "seat_2": "3h 2s 4d"},
        HTTP_ACCEPT_LANGUAGE="es",
    )
    assert "Asiento 2 necesita 2 cartas; se dieron 3." in field_error(
        response.content.decode(), "seat_2"
    )
    data = {"game": "mississippi-stud", "hole": "Qh Qs", "board": "2c 7d 9s", "ante": 1}
    response = signed_in.post(
        URL, {**data, "third": 1, "fourth": 5, "fifth": 1}, HTTP_ACCEPT_LANGUAGE="es"
    )
    assert "Cuarta calle: la apuesta debe ser 1, 2 o 3 veces el ante (1); 5 no lo es." in (
        field_error(response.content.decode(), "fourth")
    )
