"""Supervisors add trainees and look after their accounts; games managers the supervisors of
their house.  A temporary password must be changed at the first sign-in.  Every action is
logged and shown on the person's page; nobody acts on another house or a higher role."""

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.urls import reverse
from django.utils import timezone

from tests.factories import PASSWORD, ManagerFactory, SupervisorFactory, TraineeFactory
from trainer.houses.models import User
from trainer.roster import services
from trainer.roster.models import TEMPORARY_PASSWORD_LIFETIME, PersonAction, TemporaryPassword
from trainer.roster.people import people_in_charge

Kind = PersonAction.Kind


def sign_in(client, username, password) -> bool:
    """Through the sign-in page, as a person does (axes needs the request)."""
    response = client.post("/accounts/login/", {"username": username, "password": password})
    return response.status_code == 302


def add(client, **data):
    return client.post(reverse("person-add"), {"username": "new-nell", **data})


def test_a_supervisor_adds_a_trainee_with_a_temporary_password(client, supervisor, demo):
    client.force_login(supervisor)
    response = add(client, first_name="Nell", last_name="North")
    assert response.status_code == 200
    nell = User.objects.get(username="new-nell")
    assert nell.house == demo and nell.has_perm("houses.practise_drills")
    password = response.context["enrolled"][0].password
    assert nell.check_password(password) and password in response.content.decode()
    assert TemporaryPassword.objects.filter(user=nell).exists()
    assert PersonAction.objects.get(subject=nell).kind == Kind.CREATED


def test_a_taken_username_is_refused_in_words_and_nothing_is_stored(client, supervisor, trainee):
    client.force_login(supervisor)
    before = User.objects.count()
    response = add(client, username="Trainee-Tina")  # the same name to a reader
    assert response.status_code == 400
    assert "is taken" in response.content.decode()
    assert User.objects.count() == before


def test_a_trainee_cannot_add_trainees(trainee_client):
    assert trainee_client.post(reverse("person-add"), {"username": "x"}).status_code == 403


def test_the_first_sign_in_leads_to_choosing_a_password_before_anything_else(client, supervisor):
    enrolled = services.add_trainee(actor=supervisor, house=supervisor.house, username="new-ned")
    assert sign_in(client, "new-ned", enrolled.password)
    for url in ("/", "/drills/", "/tests/", "/progress/"):
        response = client.get(url)
        assert response.status_code == 302 and response["Location"] == "/accounts/first-password/"
    same = client.post(
        "/accounts/first-password/",
        {"new_password1": enrolled.password, "new_password2": enrolled.password},
    )
    assert same.status_code == 400 and "not the temporary one" in same.content.decode()
    done = client.post(
        "/accounts/first-password/",
        {"new_password1": "a-fresh-password-of-mine", "new_password2": "a-fresh-password-of-mine"},
    )
    assert done.status_code == 302
    assert client.get("/drills/").status_code == 200  # still signed in, and free to go on
    assert not TemporaryPassword.objects.filter(user__username="new-ned").exists()


def test_a_weak_new_password_is_refused_by_the_sites_validators(client, supervisor):
    enrolled = services.add_trainee(actor=supervisor, house=supervisor.house, username="new-nia")
    assert sign_in(client, "new-nia", enrolled.password)
    response = client.post(
        "/accounts/first-password/", {"new_password1": "12345678", "new_password2": "12345678"}
    )
    assert response.status_code == 400
    assert TemporaryPassword.objects.filter(user__username="new-nia").exists()


def act(client, person, action):
    return client.post(reverse("person-act", args=[person.pk]), {"action": action})


def test_deactivate_reactivate_and_temporary_password_are_logged_and_shown(
    client, supervisor, trainee
):
    client.force_login(supervisor)
    act(client, trainee, "deactivate")
    trainee.refresh_from_db()
    assert not trainee.is_active
    act(client, trainee, "reactivate")
    trainee.refresh_from_db()
    assert trainee.is_active
    response = act(client, trainee, "temporary-password")
    password = response.context["enrolled"][0].password
    trainee.refresh_from_db()
    assert trainee.check_password(password)
    kinds = list(PersonAction.objects.filter(subject=trainee).values_list("kind", flat=True))
    assert kinds == [Kind.TEMPORARY_PASSWORD, Kind.REACTIVATED, Kind.DEACTIVATED]
    page = client.get(reverse("person", args=[trainee.pk])).content.decode()
    for kind in kinds:
        assert str(Kind(kind).label) in page
    assert page.count("super-sue") >= 3  # who did each


def test_a_deactivated_trainee_cannot_sign_in(client, supervisor, trainee):
    services.deactivate(actor=supervisor, person=trainee)
    assert not sign_in(client, trainee.username, PASSWORD)


def test_a_session_from_before_a_deactivation_stays_ended_after_reactivation(
    client, supervisor, trainee
):
    client.force_login(trainee)
    assert client.get(reverse("home")).wsgi_request.user == trainee
    services.deactivate(actor=supervisor, person=trainee)
    services.reactivate(actor=supervisor, person=trainee)
    assert client.get(reverse("home")).wsgi_request.user.is_anonymous
    assert sign_in(client, trainee.username, PASSWORD)  # a new sign-in works


def test_unlocking_forgets_the_wrong_passwords_of_that_username_only(
    client, supervisor, trainee, other_trainee
):
    for who in (trainee, other_trainee):
        AccessAttempt.objects.create(
            username=who.username,
            ip_address="10.0.0.9",
            user_agent="test",
            failures_since_start=5,
            get_data="",
            post_data="",
            http_accept="",
            path_info="/accounts/login/",
        )
    client.force_login(supervisor)
    page = client.get(reverse("person", args=[trainee.pk])).content.decode()
    assert "⚠ 5 recorded" in page
    shown = client.post(
        reverse("person-act", args=[trainee.pk]), {"action": "unlock"}, follow=True
    ).content.decode()
    # one record was cleared: the singular, never "record(s)"
    assert "(1 record of wrong passwords cleared)" in shown
    assert not AccessAttempt.objects.filter(username=trainee.username).exists()
    assert AccessAttempt.objects.filter(username=other_trainee.username).exists()
    log = PersonAction.objects.get(subject=trainee, kind=Kind.UNLOCKED)
    assert log.actor == supervisor and "1 record" in log.detail


def test_a_locked_out_trainee_signs_in_once_unlocked(client, supervisor, trainee, settings):
    for _ in range(settings.LOGIN_FAILURES_PER_USERNAME):
        client.post("/accounts/login/", {"username": trainee.username, "password": "wrong"})
    locked = client.post("/accounts/login/", {"username": trainee.username, "password": PASSWORD})
    assert locked.status_code == 429
    services.unlock(actor=supervisor, person=trainee)
    ok = client.post("/accounts/login/", {"username": trainee.username, "password": PASSWORD})
    assert ok.status_code == 302


def test_a_supervisor_cannot_act_on_another_supervisor_or_a_manager(
    client, supervisor, manager, demo
):
    fellow = SupervisorFactory(house=demo, username="super-sam")
    client.force_login(supervisor)
    for person in (fellow, manager):
        assert client.get(reverse("person", args=[person.pk])).status_code == 404
        assert act(client, person, "deactivate").status_code == 404
        person.refresh_from_db()
        assert person.is_active


def test_a_games_manager_looks_after_the_supervisors_of_their_house(client, manager, supervisor):
    client.force_login(manager)
    act(client, supervisor, "deactivate")
    supervisor.refresh_from_db()
    assert not supervisor.is_active
    assert PersonAction.objects.get(subject=supervisor).actor == manager


def test_people_lists_deactivated_trainees_to_be_reactivated(client, supervisor, trainee, demo):
    services.deactivate(actor=supervisor, person=trainee)
    TraineeFactory(house=demo, username="trainee-tom")
    client.force_login(supervisor)
    page = client.get(reverse("people")).content.decode()
    assert 'data-person="trainee-tina"' in page and "✘ deactivated" in page


@pytest.mark.parametrize("action", ["", "delete", "make-manager"])
def test_an_unknown_action_changes_nothing(client, supervisor, trainee, action):
    client.force_login(supervisor)
    act(client, trainee, action)
    trainee.refresh_from_db()
    assert trainee.is_active and not PersonAction.objects.exists()


@pytest.mark.parametrize("factory", [SupervisorFactory, ManagerFactory])
def test_someone_of_no_house_looks_after_nobody_of_no_house(db, client, factory):
    actor = factory(house=None, username="houseless-hal")
    loose = [
        TraineeFactory(house=None, username="houseless-tia"),
        SupervisorFactory(house=None, username="houseless-sid"),
    ]
    assert not people_in_charge(actor).exists()
    client.force_login(actor)
    for person in loose:
        assert client.get(reverse("person", args=[person.pk])).status_code == 404
        assert act(client, person, "deactivate").status_code == 404
        person.refresh_from_db()
        assert person.is_active


@pytest.mark.parametrize("name", ["set_password", "first_password"])
def test_new_passwords_are_hidden_from_error_reports(rf, supervisor, trainee, name):
    """Django's sensitive_post_parameters on every page that takes a new password: a crash
    report (the admins' email, the debug page) shows stars in their place."""
    from django.contrib.sessions.backends.db import SessionStore
    from django.views.debug import SafeExceptionReporterFilter

    from trainer.roster.views import first_password
    from trainer.site.accounts import set_password

    services.give_temporary_password(actor=supervisor, person=trainee)
    view, user, args = {
        "set_password": (set_password, supervisor, [trainee.pk]),
        "first_password": (first_password, trainee, []),
    }[name]
    request = rf.post("/", {"new_password1": "a-secret-of-mine", "new_password2": "not-the-same"})
    request.user, request.session = user, SessionStore()
    view(request, *args)
    shown = SafeExceptionReporterFilter().get_post_parameters(request)
    assert "a-secret-of-mine" not in list(shown.values())


def test_before_the_first_password_an_api_call_gets_the_apis_json_error(client, supervisor):
    enrolled = services.add_trainee(actor=supervisor, house=supervisor.house, username="new-ida")
    assert sign_in(client, "new-ida", enrolled.password)
    response = client.post(
        "/api/rulings", {"game": "caribbean-stud"}, content_type="application/json"
    )
    assert response.status_code == 403
    assert response["Content-Type"] == "application/json"
    error = response.json()["error"]
    assert error["field"] is None and "/accounts/first-password/" in error["message"]


def test_before_the_first_password_htmx_is_sent_there_with_hx_redirect(client, supervisor):
    enrolled = services.add_trainee(actor=supervisor, house=supervisor.house, username="new-ivy")
    assert sign_in(client, "new-ivy", enrolled.password)
    response = client.get("/drills/", headers={"HX-Request": "true"})
    assert response["HX-Redirect"] == "/accounts/first-password/"
    assert "<html" not in response.content.decode().lower()


def age_temporary_password(person, days):
    """As if the temporary password had been given `days` ago (set_at is auto_now)."""
    TemporaryPassword.objects.filter(user=person).update(
        set_at=timezone.now() - timedelta(days=days)
    )


def test_a_temporary_password_stops_signing_in_after_its_lifetime(client, supervisor):
    enrolled = services.add_trainee(actor=supervisor, house=supervisor.house, username="new-eda")
    age_temporary_password(enrolled.user, TEMPORARY_PASSWORD_LIFETIME.days - 1)
    assert sign_in(client, "new-eda", enrolled.password)  # a day left: still good
    client.logout()
    age_temporary_password(enrolled.user, TEMPORARY_PASSWORD_LIFETIME.days)
    response = client.post(
        "/accounts/login/", {"username": "new-eda", "password": enrolled.password}
    )
    assert response.status_code == 200  # the sign-in page again, saying why
    assert "temporary password has expired" in response.content.decode()
    assert "Ask your supervisor" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_a_session_on_a_temporary_password_ends_when_it_expires(client, supervisor):
    enrolled = services.add_trainee(actor=supervisor, house=supervisor.house, username="new-eli")
    assert sign_in(client, "new-eli", enrolled.password)
    age_temporary_password(enrolled.user, TEMPORARY_PASSWORD_LIFETIME.days)
    response = client.get("/accounts/first-password/")
    assert response.status_code == 302 and response["Location"] == "/accounts/login/?expired=1"
    assert "_auth_user_id" not in client.session
    page = client.get(response["Location"]).content.decode()
    assert "temporary password has expired" in page


def test_the_person_page_says_when_a_temporary_password_stops_working(client, supervisor, trainee):
    services.give_temporary_password(actor=supervisor, person=trainee)
    client.force_login(supervisor)
    url = reverse("person", args=[trainee.pk])
    assert "it stops working" in client.get(url).content.decode()
    age_temporary_password(trainee, TEMPORARY_PASSWORD_LIFETIME.days + 1)
    assert "✘ temporary, expired" in client.get(url).content.decode()


def test_the_passwords_page_does_not_promise_one_sign_in(client, supervisor):
    client.force_login(supervisor)
    page = add(client).content.decode()
    assert "one sign-in" not in page
    assert f"stops working {TEMPORARY_PASSWORD_LIFETIME.days} days from now" in page


def test_a_password_set_on_the_people_page_must_be_changed_at_the_next_sign_in(
    client, supervisor, trainee
):
    client.force_login(supervisor)
    chosen = "supervisor-knows-this-1"
    response = client.post(
        reverse("set-password", args=[trainee.pk]),
        {"new_password1": chosen, "new_password2": chosen},
    )
    assert response.status_code == 302
    assert TemporaryPassword.objects.get(user=trainee).set_by == supervisor
    client.logout()
    assert sign_in(client, trainee.username, chosen)
    response = client.get("/drills/")
    assert response["Location"] == "/accounts/first-password/"
