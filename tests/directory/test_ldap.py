"""Signing in against a house's LDAP directory (trainer.directory.ldap, through django-auth-ldap)
with a real OpenLDAP server (tests/directory/ldap_server.py, one per session).

The demo house checks passwords against the server: its group map gives "dealers" the
Trainee role and "pit-bosses" the Supervisor role.  A first sign-in comes through the house's
own sign-in page, which passes house= to `authenticate`; a person already linked signs in on
the site's sign-in page, /accounts/login/."""

from __future__ import annotations

import logging
import socket
import time
from threading import Timer

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import authenticate
from django.test import RequestFactory, override_settings

from tests.directory import ldap_server
from tests.directory.ldap_server import NAMESAKE, PROMOTED, SUPERVISOR, TRAINEE, VISITOR
from tests.factories import PASSWORD, ManagerFactory
from trainer.directory import ldap as directory_ldap
from trainer.directory.models import Directory, GroupRole, Identity, ProvisioningEvent
from trainer.houses.models import User
from trainer.houses.roles import SUPERVISOR as SUPERVISOR_ROLE
from trainer.houses.roles import TRAINEE as TRAINEE_ROLE

#: the sentence trainer.directory.people refuses a person with no mapped group with
NO_ACCESS = "Your directory groups give you no access to this site."


@pytest.fixture(scope="session")
def slapd(tmp_path_factory):
    with ldap_server.running(tmp_path_factory.mktemp("slapd")) as server:
        yield server


@pytest.fixture
def directory(demo, slapd):
    """The demo house's directory: passwords checked against the server, searched with the
    reader's account; dealers are trainees, pit bosses supervisors."""
    directory = Directory.objects.filter(house=demo).first() or Directory(house=demo)
    directory.ldap_enabled = True
    directory.ldap_uri = slapd.uri
    directory.ldap_bind_dn = ldap_server.READER_DN
    directory.ldap_user_base = ldap_server.PEOPLE_BASE
    directory.ldap_group_base = ldap_server.GROUPS_BASE
    directory.ldap_bind_password = ldap_server.READER_PASSWORD
    directory.save()
    GroupRole.objects.create(house=demo, group="dealers", role=TRAINEE_ROLE)
    GroupRole.objects.create(house=demo, group="pit-bosses", role=SUPERVISOR_ROLE)
    return directory


@pytest.fixture
def logs(caplog):
    """Everything logged, debug lines too (django-auth-ldap's among them)."""
    caplog.set_level(logging.DEBUG)
    return caplog


def house_page_request():
    """A request as the house's own sign-in page receives it (axes needs one)."""
    return RequestFactory().post("/directory/sign-in/", REMOTE_ADDR="127.0.0.1")


def first_sign_in(house, person, password=None):
    """The house's sign-in page's `authenticate`: (the account or None, the request)."""
    request = house_page_request()
    user = authenticate(
        request,
        username=person.uid,
        password=person.password if password is None else password,
        house=house,
    )
    return user, request


def roles(user) -> set[str]:
    return set(user.groups.values_list("name", flat=True))


def warnings(logs) -> list[str]:
    """What trainer.directory.ldap warned of."""
    return [
        r.getMessage()
        for r in logs.records
        if r.name == "trainer.directory.ldap" and r.levelno == logging.WARNING
    ]


def no_secret_in(logs) -> bool:
    text = logs.text
    secrets = [ldap_server.READER_PASSWORD, *(p.password for p in ldap_server.PEOPLE)]
    return not any(secret in text for secret in secrets)


def test_a_trainee_and_a_supervisor_are_made_with_their_roles_then_sign_in_again(
    client, demo, directory, logs
):
    dana, _ = first_sign_in(demo, TRAINEE)
    assert dana is not None
    dana.refresh_from_db()
    assert (dana.username, dana.house) == (TRAINEE.uid, demo)
    assert roles(dana) == {TRAINEE_ROLE}
    assert (dana.first_name, dana.last_name, dana.email, dana.employee_number) == (
        "Dana",
        "Dealer",
        TRAINEE.email,
        "E-1001",
    )
    assert not dana.has_usable_password()  # the directory keeps the password
    link = Identity.objects.get(user=dana)
    assert (link.house, link.source, link.subject) == (demo, "ldap", TRAINEE.dn.lower())

    bella, _ = first_sign_in(demo, SUPERVISOR)
    assert (bella.username, bella.house, roles(bella)) == (SUPERVISOR.uid, demo, {SUPERVISOR_ROLE})
    made = ProvisioningEvent.objects.filter(house=demo, source="ldap", action="created")
    assert set(made.values_list("about", flat=True)) == {TRAINEE.uid, SUPERVISOR.uid}

    # linked now: the site's own sign-in page checks the password against the directory
    response = client.post(
        "/accounts/login/", {"username": TRAINEE.uid, "password": TRAINEE.password}
    )
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(dana.pk)
    assert User.objects.filter(username__iexact=TRAINEE.uid).count() == 1
    assert no_secret_in(logs)


def test_an_empty_password_never_binds(demo, directory):
    # (an empty simple bind is an anonymous one, which the server would accept)
    assert directory_ldap.sign_in(house_page_request(), directory, TRAINEE.uid, "") is None
    assert first_sign_in(demo, TRAINEE, password="")[0] is None
    assert not User.objects.filter(username=TRAINEE.uid).exists()


def test_a_wrong_password_fails_and_is_counted_by_the_throttle(client, demo, directory, logs):
    # on the house's own page: no account is made, and the failure counts
    assert first_sign_in(demo, TRAINEE, password="not-dana's-password")[0] is None
    assert not User.objects.filter(username=TRAINEE.uid).exists()
    assert AccessAttempt.objects.get(username=TRAINEE.uid).failures_since_start == 1
    AccessAttempt.objects.all().delete()
    first_sign_in(demo, TRAINEE)
    wrong = {"username": TRAINEE.uid, "password": "not-dana's-password"}
    assert client.post("/accounts/login/", wrong).status_code == 200  # the form again
    assert AccessAttempt.objects.get(username=TRAINEE.uid).failures_since_start == 1
    assert "_auth_user_id" not in client.session
    # the throttle's limit, lowered: the second wrong password locks the name, and then the
    # directory's right password is refused as well
    with override_settings(LOGIN_FAILURES_PER_USERNAME=2):
        assert client.post("/accounts/login/", wrong).status_code == 429
        right = {"username": TRAINEE.uid, "password": TRAINEE.password}
        assert client.post("/accounts/login/", right).status_code == 429
    assert "_auth_user_id" not in client.session
    assert no_secret_in(logs)


def test_a_person_in_no_mapped_group_is_refused_in_words(demo, directory):
    user, request = first_sign_in(demo, VISITOR)
    assert user is None
    assert request.directory_refusal.startswith(NO_ACCESS)
    assert not User.objects.filter(username__iexact=VISITOR.uid).exists()
    refusal = ProvisioningEvent.objects.get(house=demo, action="refused")
    assert (refusal.about, refusal.detail) == (VISITOR.uid, request.directory_refusal)


def test_an_account_of_another_house_with_the_same_name_is_never_taken_over(
    client, demo, directory, stranger
):
    # stranger: the riverboat's trainee-uma, with a password of the site's own
    uma, _ = first_sign_in(demo, NAMESAKE)
    assert uma is not None and uma.pk != stranger.pk
    assert (uma.username, uma.house, roles(uma)) == (f"{NAMESAKE.uid}@demo", demo, {TRAINEE_ROLE})
    stranger.refresh_from_db()
    assert stranger.house.slug == "riverboat" and stranger.check_password(PASSWORD)
    assert not Identity.objects.filter(user=stranger).exists()
    # on the site's sign-in page, the name alone is the riverboat's, whose password it asks
    taken = {"username": NAMESAKE.uid, "password": NAMESAKE.password}
    assert client.post("/accounts/login/", taken).status_code == 200
    # and the demo's Uma signs in there under the name the site gave her
    own = {"username": uma.username, "password": NAMESAKE.password}
    assert client.post("/accounts/login/", own).status_code == 302
    assert client.session["_auth_user_id"] == str(uma.pk)


def test_groups_changed_in_the_directory_change_roles_at_the_next_sign_in(demo, directory, slapd):
    pat, _ = first_sign_in(demo, PROMOTED)
    assert roles(pat) == {TRAINEE_ROLE}
    slapd.set_groups(PROMOTED, ("pit-bosses",))
    try:
        again, _ = first_sign_in(demo, PROMOTED)
    finally:
        slapd.set_groups(PROMOTED, PROMOTED.groups)
    assert again.pk == pat.pk
    assert roles(again) == {SUPERVISOR_ROLE}
    change = ProvisioningEvent.objects.get(house=demo, action="roles", person=pat)
    assert SUPERVISOR_ROLE in change.detail and TRAINEE_ROLE in change.detail


def test_an_unreachable_server_fails_in_words_and_the_site_passwords_still_work(
    client, demo, directory, logs
):
    directory.ldap_uri = f"ldap://127.0.0.1:{ldap_server.free_port()}"  # nobody listens
    directory.save()
    user, request = first_sign_in(demo, TRAINEE)
    assert user is None
    assert request.directory_refusal == directory_ldap.unreachable_message()
    assert "ldap_uri" in warnings(logs)[-1]
    # the house keeps the site's own passwords: its games manager, who holds one, signs in
    # (and can correct the address)
    manager = ManagerFactory(house=demo, username="manager-mo")
    signed_in = client.post("/accounts/login/", {"username": "manager-mo", "password": PASSWORD})
    assert signed_in.status_code == 302
    assert client.session["_auth_user_id"] == str(manager.pk)
    assert no_secret_in(logs)


def test_a_server_that_never_answers_fails_in_words_within_the_timeout(
    demo, directory, monkeypatch
):
    """A server that accepts the connection and never answers (a hung one): each of its
    answers is waited for ANSWER_SECONDS (10 s; a fifth of a second here), then refused in words."""
    monkeypatch.setattr(directory_ldap, "ANSWER_SECONDS", 0.2)
    with socket.socket() as hung:
        hung.bind(("127.0.0.1", 0))
        hung.listen()  # connections wait in its backlog, unanswered
        # should the timeout not apply, closing it after a while ends the wait, and the test
        # fails on the time taken instead of hanging
        safety = Timer(30, hung.close)
        safety.start()
        directory.ldap_uri = f"ldap://127.0.0.1:{hung.getsockname()[1]}"
        directory.save()
        started = time.monotonic()
        try:
            user, request = first_sign_in(demo, TRAINEE)
        finally:
            safety.cancel()
        waited = time.monotonic() - started
    assert user is None
    assert request.directory_refusal == directory_ldap.unreachable_message()
    assert waited < 20


def test_settings_the_server_rejects_are_logged_by_name_never_the_password(demo, directory, logs):
    directory.ldap_bind_password = "a-stale-bind-password-" + ldap_server.READER_PASSWORD
    directory.save()
    user, request = first_sign_in(demo, SUPERVISOR)
    assert user is None
    assert request.directory_refusal == directory_ldap.unreachable_message()
    assert "ldap_bind_dn" in warnings(logs)[-1]
    assert "a-stale-bind-password-" not in logs.text and no_secret_in(logs)
    # groups where there are none: the person's password is right, their groups unknown
    directory.ldap_bind_password = ldap_server.READER_PASSWORD
    directory.ldap_group_base = f"ou=nowhere,{ldap_server.SUFFIX}"
    directory.save()
    user, request = first_sign_in(demo, SUPERVISOR)
    assert user is None
    assert request.directory_refusal == directory_ldap.unreachable_message()
    assert "ldap_group_base" in warnings(logs)[-1]
    assert not User.objects.filter(username=SUPERVISOR.uid).exists()
    # a filter that does not hold the name typed would find the same entry for everyone
    directory.ldap_group_base = ldap_server.GROUPS_BASE
    directory.ldap_user_filter = f"(uid={SUPERVISOR.uid})"
    directory.save()
    user, request = first_sign_in(demo, SUPERVISOR)
    assert user is None
    assert request.directory_refusal == directory_ldap.unreachable_message()
    assert "ldap_user_filter" in warnings(logs)[-1]


def test_the_settings_page_checks_the_server_as_it_saves(client, demo, slapd):
    """A manager's LDAP settings are tried against the server as they are saved: a wrong bind
    password or base is named on its field in words and nothing is saved; right ones save."""
    client.force_login(ManagerFactory(house=demo, username="manager-max"))
    form = {
        "site_passwords": "on",
        "ldap_enabled": "on",
        "ldap_uri": slapd.uri,
        "ldap_bind_dn": ldap_server.READER_DN,
        "ldap_bind_password": "not-the-readers-password",
        "ldap_user_base": ldap_server.PEOPLE_BASE,
        "ldap_user_filter": "(uid=%(user)s)",
        "ldap_group_base": ldap_server.GROUPS_BASE,
        "oidc_username_claim": "preferred_username",
        "oidc_groups_claim": "groups",
        "groups-TOTAL_FORMS": "0",
        "groups-INITIAL_FORMS": "0",
    }
    wrong = client.post("/directory/", form)
    assert wrong.status_code == 200 and "The LDAP server answered" in wrong.content.decode()
    assert "not-the-readers-password" not in wrong.content.decode()
    assert not Directory.objects.filter(house=demo).exists()
    missing_base = dict(form, ldap_bind_password=ldap_server.READER_PASSWORD)
    missing_base["ldap_user_base"] = "ou=nobody," + ldap_server.PEOPLE_BASE.split(",", 1)[1]
    assert "The LDAP server answered" in client.post("/directory/", missing_base).content.decode()
    right = dict(form, ldap_bind_password=ldap_server.READER_PASSWORD)
    saved = client.post("/directory/", right)
    assert saved.status_code == 302
    assert Directory.objects.get(house=demo).ldap_ready
