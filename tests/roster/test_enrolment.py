"""A supervisor (or a games manager) sets the games a trainee is enrolled in on the trainee's
page: the registry's games by title, none for every game.  Logged; another house's trainee
answers 404; a game the registry does not have is refused in words, with nothing changed."""

import re

import pytest
from django.urls import reverse

from trainer.drills.practice.enrolment import enrolled_games
from trainer.drills.practice.models import Enrolment
from trainer.engine.catalog import GAMES
from trainer.engine.drills import REGISTRY
from trainer.roster.models import PersonAction

Kind = PersonAction.Kind
EVERY_GAME = {kind.game for kind in REGISTRY.values()}
#: hand reading and chips: part of every game, whatever the trainee is enrolled in
SHARED = EVERY_GAME - set(GAMES)


def enrol(client, person, *games):
    return client.post(
        reverse("person-act", args=[person.pk]), {"action": "games", "games": list(games)}
    )


def enrolled(person) -> set[str]:
    return set(Enrolment.objects.filter(trainee=person).values_list("game", flat=True))


@pytest.mark.parametrize("who", ["supervisor", "manager"])
def test_staff_enrol_a_trainee_in_games_and_it_is_logged(client, request, trainee, who):
    actor = request.getfixturevalue(who)
    client.force_login(actor)
    response = enrol(client, trainee, "mississippi-stud", "english-stud")
    assert response.status_code == 302
    assert enrolled(trainee) == {"mississippi-stud", "english-stud"}
    assert enrolled_games(trainee) == {"mississippi-stud", "english-stud"} | SHARED
    action = PersonAction.objects.get(subject=trainee)
    assert (action.kind, action.actor) == (Kind.GAMES_ENROLLED, actor)
    assert action.detail == "every game (none chosen) → Mississippi Stud, English Stud"


def test_the_page_offers_the_registrys_games_by_title_and_says_none_is_every_game(
    client, supervisor, trainee
):
    client.force_login(supervisor)
    page = client.get(reverse("person", args=[trainee.pk])).content.decode()
    for slug, game in GAMES.items():
        assert f'value="{slug}"' in page and game.title in page
    assert "Enrolled in: every game (none chosen)." in page
    assert "With none ticked they practise every game." in page
    Enrolment.objects.create(trainee=trainee, game="caribbean-stud")
    page = client.get(reverse("person", args=[trainee.pk])).content.decode()
    assert "Enrolled in: Caribbean Stud." in page
    assert re.search(r'value="caribbean-stud"[^>]*checked', page)
    assert not re.search(r'value="mississippi-stud"[^>]*checked', page)


def test_ticking_none_puts_them_back_in_every_game(client, supervisor, trainee):
    Enrolment.objects.create(trainee=trainee, game="casino-stud")
    client.force_login(supervisor)
    assert enrol(client, trainee).status_code == 302
    assert enrolled(trainee) == set()
    assert enrolled_games(trainee) == EVERY_GAME
    assert PersonAction.objects.get(subject=trainee).detail == (
        "Casino Stud Poker → every game (none chosen)"
    )


def test_saving_the_same_games_again_logs_nothing(client, supervisor, trainee):
    client.force_login(supervisor)
    enrol(client, trainee, "casino-stud")
    enrol(client, trainee, "casino-stud")
    assert PersonAction.objects.filter(subject=trainee).count() == 1
    assert enrolled(trainee) == {"casino-stud"}


def test_an_unknown_game_is_refused_in_words_and_nothing_changes(client, supervisor, trainee):
    Enrolment.objects.create(trainee=trainee, game="casino-stud")
    client.force_login(supervisor)
    response = enrol(client, trainee, "mississippi-stud", "blackjack")
    assert response.status_code == 302
    page = client.get(response["Location"]).content.decode()
    assert "There is no game called “blackjack”: nothing was changed." in page
    assert enrolled(trainee) == {"casino-stud"}
    assert not PersonAction.objects.filter(subject=trainee).exists()


def test_a_forged_post_for_another_houses_trainee_answers_404(client, supervisor, stranger):
    client.force_login(supervisor)
    assert enrol(client, stranger, "mississippi-stud").status_code == 404
    assert enrolled(stranger) == set()
    assert not PersonAction.objects.filter(subject=stranger).exists()


def test_a_trainee_cannot_enrol_anyone(client, trainee, other_trainee):
    client.force_login(trainee)
    for person in (trainee, other_trainee):
        assert enrol(client, person, "mississippi-stud").status_code in (403, 404)
        assert enrolled(person) == set()


def test_only_trainees_are_enrolled(client, manager, supervisor):
    client.force_login(manager)
    response = enrol(client, supervisor, "mississippi-stud")
    assert response.status_code == 302
    assert (
        "Only trainees are enrolled in games." in client.get(response["Location"]).content.decode()
    )
    assert enrolled(supervisor) == set()


def test_a_post_without_the_csrf_token_is_refused(supervisor, trainee):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(supervisor)
    assert enrol(client, trainee, "mississippi-stud").status_code == 403
    assert enrolled(trainee) == set()
