"""Accounts: sign-in throttling by username *and* address, the deploy check on demo
passwords, and passwords without mail (reset by email only where mail is configured; set by a
supervisor or games manager on the People page otherwise)."""

import io

import pytest
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.core import mail
from django.core.management import call_command
from django.core.management.base import SystemCheckError
from django.test import Client, RequestFactory

from tests.factories import PASSWORD, ManagerFactory, SupervisorFactory, TraineeFactory
from trainer import settings as site_settings
from trainer.core.throttle import client_address
from trainer.site.checks import DEMO_PASSWORD_ID, check_demo_passwords
from trainer.site.demo import DEFAULT_PASSWORD

LOGIN = "/accounts/login/"
A, B = "192.0.2.1", "192.0.2.2"  # documentation addresses (RFC 5737)
LOCKED = 429  # axes' AXES_HTTP_RESPONSE_CODE


def sign_in(client, username, password, address):
    return client.post(LOGIN, {"username": username, "password": password}, REMOTE_ADDR=address)


# -- throttling ------------------------------------------------------------------------------


def test_wrong_passwords_lock_a_username_only_at_the_address_they_came_from(db, settings):
    TraineeFactory(username="tina")
    TraineeFactory(username="otto")
    for _ in range(settings.LOGIN_FAILURES_PER_USERNAME):
        sign_in(Client(), "tina", "wrong-guess", A)
    # at A, tina is locked, even with the right password
    assert sign_in(Client(), "tina", PASSWORD, A).status_code == LOCKED
    # from elsewhere tina still signs in: typing her name at A did not lock her out
    assert sign_in(Client(), "tina", PASSWORD, B).status_code == 302
    # and at A, others still sign in: one name's failures do not close the address
    assert sign_in(Client(), "otto", PASSWORD, A).status_code == 302


def test_guessing_across_usernames_locks_the_address(db, settings):
    TraineeFactory(username="tina")
    limit = settings.LOGIN_FAILURES_PER_ADDRESS
    assert limit > settings.LOGIN_FAILURES_PER_USERNAME  # the room's typos get more room
    for n in range(limit - 1):  # one wrong password each for many names, none locked alone
        assert sign_in(Client(), f"name-{n}", "guess", A).status_code == 200
    assert sign_in(Client(), "tina", PASSWORD, A).status_code == 302  # not yet
    sign_in(Client(), "one-more-name", "guess", A)
    # the address is locked for every username, the right password too ...
    assert sign_in(Client(), "tina", PASSWORD, A).status_code == LOCKED
    assert sign_in(Client(), "a-fresh-name", "guess", A).status_code == LOCKED
    # ... and only that address
    assert sign_in(Client(), "tina", PASSWORD, B).status_code == 302


def test_signing_in_to_ones_own_account_does_not_forgive_guesses_at_another(db, settings):
    TraineeFactory(username="tina")
    SupervisorFactory(username="sue")
    for _ in range(settings.LOGIN_FAILURES_PER_USERNAME - 1):
        sign_in(Client(), "sue", "guess", A)
    assert sign_in(Client(), "tina", PASSWORD, A).status_code == 302
    sign_in(Client(), "sue", "guess", A)
    assert sign_in(Client(), "sue", PASSWORD, A).status_code == LOCKED


def test_a_sign_in_forgives_the_users_own_typos(db, settings):
    TraineeFactory(username="tina")
    for _ in range(settings.LOGIN_FAILURES_PER_USERNAME - 1):
        sign_in(Client(), "tina", "typo", A)
    assert sign_in(Client(), "tina", PASSWORD, A).status_code == 302
    sign_in(Client(), "tina", "typo", A)
    assert sign_in(Client(), "tina", PASSWORD, A).status_code == 302


@pytest.mark.parametrize(
    ("proxies", "forwarded", "expected"),
    [
        (0, "203.0.113.9", "127.0.0.1"),  # no proxy: the header is the client's own words
        (1, "203.0.113.9", "203.0.113.9"),
        (1, "198.51.100.7, 203.0.113.9", "203.0.113.9"),  # the left one was sent by the client
        (2, "198.51.100.7, 203.0.113.9", "198.51.100.7"),
        (2, "203.0.113.9", "127.0.0.1"),  # shorter than the proxies: not to be trusted
        (1, "not-an-address", "127.0.0.1"),
        (1, "", "127.0.0.1"),
    ],
)
def test_the_client_address_behind_proxies(settings, proxies, forwarded, expected):
    settings.PROXY_COUNT = proxies
    request = RequestFactory().get("/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR=forwarded)
    assert client_address(request) == expected


def test_behind_a_proxy_the_lock_follows_the_forwarded_address(db, settings):
    settings.PROXY_COUNT = 1
    TraineeFactory(username="tina")

    def via_proxy(password, address):
        return Client().post(
            LOGIN,
            {"username": "tina", "password": password},
            REMOTE_ADDR="127.0.0.1",
            HTTP_X_FORWARDED_FOR=address,
        )

    for _ in range(settings.LOGIN_FAILURES_PER_USERNAME):
        via_proxy("wrong-guess", A)
    assert via_proxy(PASSWORD, A).status_code == LOCKED
    assert via_proxy(PASSWORD, B).status_code == 302


# -- demo users in production ----------------------------------------------------------------


@pytest.fixture
def production(settings):
    settings.DEBUG = False
    return settings


def test_a_demo_user_with_the_demo_password_fails_the_deploy_check(db, production):
    user = TraineeFactory(username="trainee", password=DEFAULT_PASSWORD)
    errors = check_demo_passwords(None)
    assert [e.id for e in errors] == [DEMO_PASSWORD_ID]
    assert "trainee" in errors[0].msg
    with pytest.raises(SystemCheckError, match="demo password"):
        call_command("check", "--deploy", stdout=io.StringIO(), stderr=io.StringIO())
    user.set_password("a-new-private-password-7")
    user.save()
    assert check_demo_passwords(None) == []


def test_the_demo_password_from_the_environment_counts_too(db, production, monkeypatch):
    monkeypatch.setenv("DEMO_PASSWORD", "our-own-demo-password")
    TraineeFactory(username="supervisor", password="our-own-demo-password")
    assert [e.id for e in check_demo_passwords(None)] == [DEMO_PASSWORD_ID]


def test_the_demo_password_is_fine_with_debug_on(db, settings):
    settings.DEBUG = True
    TraineeFactory(username="trainee", password=DEFAULT_PASSWORD)
    assert check_demo_passwords(None) == []


def test_the_demo_check_runs_only_with_deploy(db, production):
    TraineeFactory(username="trainee", password=DEFAULT_PASSWORD)
    call_command("check", stdout=io.StringIO())  # no error: not a check of every command


def test_another_user_with_that_password_is_not_a_demo_user(db, production):
    TraineeFactory(username="tina", password=DEFAULT_PASSWORD)
    assert check_demo_passwords(None) == []


def test_seed_demo_warns_about_the_demo_password(db, settings):
    settings.DEBUG = True
    out = io.StringIO()
    call_command("seed_demo", stdout=out, stderr=io.StringIO())
    assert "published demo password" in out.getvalue()


# -- passwords without mail ------------------------------------------------------------------


def test_without_mail_the_sign_in_page_says_ask_your_supervisor(client, db, settings):
    settings.PASSWORD_RESET_BY_EMAIL = False
    page = client.get(LOGIN).content.decode()
    assert "Forgot your password? Ask your supervisor (supervisors: your games manager)." in page
    assert "/accounts/password_reset/" not in page


@pytest.mark.parametrize(
    "url",
    [
        "/accounts/password_reset/",
        "/accounts/password_reset/done/",
        "/accounts/reset/MQ/set-password/",
        "/accounts/reset/done/",
    ],
)
def test_without_mail_the_reset_pages_are_not_there(client, db, settings, url):
    settings.PASSWORD_RESET_BY_EMAIL = False
    TraineeFactory(username="tina", email="tina@example.com")
    page = client.get(url)
    assert page.status_code == 404
    assert "Ask your supervisor" in page.content.decode()
    assert client.post(url, {"email": "tina@example.com"}).status_code == 404
    assert mail.outbox == []


def test_with_mail_the_reset_by_email_is_offered(client, db, settings):
    settings.PASSWORD_RESET_BY_EMAIL = True
    TraineeFactory(username="tina", email="tina@example.com")
    assert "/accounts/password_reset/" in client.get(LOGIN).content.decode()
    response = client.post("/accounts/password_reset/", {"email": "tina@example.com"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1 and "/accounts/reset/" in mail.outbox[0].body


NEW = "a-fresh-table-password-9"


def set_url(user):
    return f"/accounts/people/{user.pk}/password"


def set_password(client, user):
    return client.post(set_url(user), {"new_password1": NEW, "new_password2": NEW})


def test_a_supervisor_sets_a_trainees_password(client, trainee, supervisor):
    signed_in_trainee = Client()
    signed_in_trainee.force_login(trainee)
    client.force_login(supervisor)
    assert trainee.username in client.get("/accounts/people/").content.decode()
    assert client.get(set_url(trainee)).status_code == 200
    response = set_password(client, trainee)
    assert response.status_code == 302
    trainee.refresh_from_db()
    assert trainee.check_password(NEW)
    entry = LogEntry.objects.get(object_id=str(trainee.pk))
    assert entry.user == supervisor and entry.action_flag == CHANGE
    # the trainee's sessions end with the old password
    assert signed_in_trainee.get("/drills/").status_code == 302
    assert sign_in(Client(), trainee.username, NEW, A).status_code == 302


def test_a_weak_password_is_refused_and_nothing_changes(client, trainee, supervisor):
    client.force_login(supervisor)
    response = client.post(set_url(trainee), {"new_password1": "1234", "new_password2": "1234"})
    assert response.status_code == 400
    trainee.refresh_from_db()
    assert trainee.check_password(PASSWORD) and not LogEntry.objects.exists()


def test_the_trainee_page_links_to_setting_a_password(client, trainee, supervisor):
    client.force_login(supervisor)
    page = client.get(f"/progress/trainees/{trainee.pk}/").content.decode()
    assert set_url(trainee) in page


def test_a_games_manager_sets_a_supervisors_password(client, supervisor, manager):
    client.force_login(manager)
    assert set_password(client, supervisor).status_code == 302
    supervisor.refresh_from_db()
    assert supervisor.check_password(NEW)


def test_a_trainee_never_reaches_the_page(client, trainee, other_trainee):
    client.force_login(trainee)
    assert client.get("/accounts/people/").status_code == 403
    assert client.get(set_url(other_trainee)).status_code == 403
    assert set_password(client, other_trainee).status_code == 403
    other_trainee.refresh_from_db()
    assert other_trainee.check_password(PASSWORD)


@pytest.mark.parametrize(
    ("who", "whom"),
    [
        ("supervisor", "stranger"),  # another house's trainee
        ("supervisor", "manager"),  # a games manager: above a supervisor
        ("supervisor", "fellow_supervisor"),
        ("supervisor", "superuser"),
        ("manager", "stranger"),
        ("manager", "other_supervisor"),  # another house's supervisor
        ("manager", "fellow_manager"),
    ],
)
def test_anyone_else_is_a_404_and_keeps_their_password(request, client, demo, who, whom):
    actor = request.getfixturevalue(who)
    if whom == "fellow_supervisor":
        target = SupervisorFactory(house=demo, username="super-sam")
    elif whom == "fellow_manager":
        target = ManagerFactory(house=demo, username="manager-mo")
    else:
        target = request.getfixturevalue(whom)
    client.force_login(actor)
    assert client.get(set_url(target)).status_code == 404
    assert set_password(client, target).status_code == 404
    target.refresh_from_db()
    assert not target.check_password(NEW)
    assert target.username not in client.get("/accounts/people/").content.decode()


def test_setting_a_password_needs_the_csrf_token(trainee, supervisor):
    client = Client(enforce_csrf_checks=True)
    client.force_login(supervisor)
    assert set_password(client, trainee).status_code == 403
    trainee.refresh_from_db()
    assert trainee.check_password(PASSWORD)


# -- one's own password, in the site's look ---------------------------------------------------

ADMIN_LOOK = ("Django administration", "admin/css/")


@pytest.mark.parametrize("factory", [TraineeFactory, SupervisorFactory, ManagerFactory])
def test_everyone_changes_their_own_password_on_a_page_of_the_site(client, db, factory):
    user = factory()
    client.force_login(user)
    home = client.get("/").content.decode()
    assert 'href="/accounts/settings/"' in home  # the user's name in the header
    settings_page = client.get("/accounts/settings/").content.decode()
    assert 'href="/accounts/password_change/"' in settings_page
    page = client.get("/accounts/password_change/").content.decode()
    assert not any(mark in page for mark in ADMIN_LOOK)
    assert 'aria-label="Main"' in page  # the site's own layout and navigation
    for field in ("old_password", "new_password1", "new_password2"):
        assert f'for="id_{field}"' in page
    response = client.post(
        "/accounts/password_change/",
        {"old_password": PASSWORD, "new_password1": NEW, "new_password2": NEW},
    )
    assert response["Location"] == "/accounts/password_change/done/"
    done = client.get(response["Location"]).content.decode()
    assert "Your password is changed" in done and not any(m in done for m in ADMIN_LOOK)
    user.refresh_from_db()
    assert user.check_password(NEW)


def test_a_wrong_present_password_changes_nothing_and_says_so(client, trainee):
    client.force_login(trainee)
    response = client.post(
        "/accounts/password_change/",
        {"old_password": "not-it", "new_password1": NEW, "new_password2": NEW},
    )
    assert response.status_code == 200
    assert "Your old password was entered incorrectly" in response.content.decode()
    trainee.refresh_from_db()
    assert trainee.check_password(PASSWORD)


# -- password hashing ------------------------------------------------------------------------


def test_a_password_stored_with_pbkdf2_signs_in_and_is_hashed_again_with_argon2(db, settings):
    # the site's hashers, not the tests' quick one: Argon2 first, PBKDF2 still read
    settings.PASSWORD_HASHERS = site_settings.PASSWORD_HASHERS
    tina = TraineeFactory(username="tina")
    # a hash from before Argon2 (Django's default hasher; few iterations keep the test quick,
    # and Django upgrades a hash of another hasher or cost either way)
    tina.password = PBKDF2PasswordHasher().encode(PASSWORD, "a-fixed-salt", iterations=1_000)
    tina.save(update_fields=["password"])
    response = sign_in(Client(), "tina", PASSWORD, A)
    assert response.status_code == 302, "the old hash signs in"
    tina.refresh_from_db()
    assert tina.password.startswith("argon2$"), tina.password[:20]
    assert tina.check_password(PASSWORD)
