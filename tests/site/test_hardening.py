"""Hardening: security headers, secure cookies, login throttling with an admin unlock,
password validation, and a backup that restores everything a house needs."""

import json

import pytest
from axes.models import AccessAttempt
from django.core.management import call_command
from django.test import Client, override_settings

from tests.factories import PASSWORD, TraineeFactory, UserFactory, right_answer
from trainer.drills import services as drill_services
from trainer.drills.models import Attempt, Question
from trainer.houses.models import House, PaytableRow, PaytableVersion, User

PRODUCTION = {
    "DEBUG": False,
    "SECURE_SSL_REDIRECT": True,
    "SESSION_COOKIE_SECURE": True,
    "CSRF_COOKIE_SECURE": True,
    "SECURE_HSTS_SECONDS": 31_536_000,
    "SECURE_HSTS_INCLUDE_SUBDOMAINS": True,
}


@override_settings(**PRODUCTION)
def test_security_headers_on_every_page(client, db):
    response = client.get("/", secure=True)
    assert response.status_code == 200
    csp = response["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "default-src 'self'" in csp
    assert "frame-ancestors 'none'" in csp and "object-src 'none'" in csp
    assert "unsafe-eval" not in csp and "script-src 'self' 'unsafe-inline'" not in csp
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains; preload"
    plain = client.get("/")
    assert plain.status_code == 301 and plain["Location"].startswith("https://")


@override_settings(**PRODUCTION)
def test_session_and_csrf_cookies_are_secure(client, db):
    TraineeFactory(username="tina")
    page = client.get("/accounts/login/", secure=True)
    assert page.cookies["csrftoken"]["secure"]
    response = client.post(
        "/accounts/login/", {"username": "tina", "password": PASSWORD}, secure=True
    )
    assert response.status_code == 302
    cookie = response.cookies["sessionid"]
    assert cookie["secure"] and cookie["httponly"] and cookie["samesite"] == "Lax"


def test_no_page_uses_an_inline_script(client, db):
    user = TraineeFactory(username="tina")
    client.force_login(user)
    for url in ("/", "/drills/", "/progress/", "/rule-check/", "/tests/"):
        page = client.get(url).content.decode()
        for tag in page.split("<script")[1:]:
            assert " src=" in tag.split(">")[0], f"inline script on {url}"


def sign_in(client, password):
    return client.post("/accounts/login/", {"username": "tina", "password": password})


def test_password_guessing_locks_the_account_and_an_admin_unlocks_it(db):
    TraineeFactory(username="tina")
    client = Client()
    for _ in range(4):
        assert sign_in(client, "wrong-guess").status_code == 200  # the form again
    # the fifth wrong password (AXES_FAILURE_LIMIT) locks the account, and then even the
    # right password is refused
    assert sign_in(client, "wrong-guess").status_code == 429
    locked = sign_in(client, PASSWORD)
    assert locked.status_code == 429
    assert "Too many wrong passwords" in locked.content.decode()
    assert "_auth_user_id" not in client.session
    # a superuser unlocks it in the admin: Axes › Access attempts, delete
    admin = Client()
    admin.force_login(UserFactory(username="root", is_superuser=True, is_staff=True))
    attempts = AccessAttempt.objects.filter(username="tina")
    assert admin.get("/admin/axes/accessattempt/").status_code == 200
    response = admin.post(
        "/admin/axes/accessattempt/",
        {"action": "delete_selected", "_selected_action": [a.pk for a in attempts], "post": "yes"},
    )
    assert response.status_code == 302 and not AccessAttempt.objects.exists()
    assert sign_in(client, PASSWORD).status_code == 302


def test_password_validation_refuses_a_weak_password(db):
    admin = Client()
    admin.force_login(UserFactory(username="root", is_superuser=True, is_staff=True))
    response = admin.post(
        "/admin/houses/user/add/",
        {
            "username": "newbie",
            "password1": "12345678",
            "password2": "12345678",
            "usable_password": "true",
        },
    )
    assert response.status_code == 200
    assert "This password is too common" in response.content.decode()
    assert not User.objects.filter(username="newbie").exists()


# --- backups --------------------------------------------------------------------------------

BACKUP = [
    "--natural-foreign", "--natural-primary",
    "--exclude", "contenttypes", "--exclude", "auth.permission",
    "--exclude", "sessions", "--exclude", "admin.logentry", "--exclude", "axes",
]  # fmt: skip


def snapshot() -> dict:
    return {
        "houses": list(House.objects.values_list("slug", flat=True)),
        "users": sorted(User.objects.values_list("username", "house__slug")),
        "groups": sorted(User.objects.values_list("username", "groups__name")),
        "versions": sorted(
            PaytableVersion.objects.values_list("house__slug", "game", "number", "is_active")
        ),
        "rows": PaytableRow.objects.count(),
        # versions restore by natural key (house, game, number), perhaps under a new pk
        "questions": sorted(
            Question.objects.values_list(
                "pk",
                "seed",
                "paytable_version__house__slug",
                "paytable_version__game",
                "paytable_version__number",
            )
        ),
        "attempts": sorted(
            (a.question_id, json.dumps(a.answer, sort_keys=True), a.is_correct)
            for a in Attempt.objects.all()
        ),
    }


@pytest.mark.django_db(transaction=True)
def test_a_backup_restores_everything_a_house_needs(tmp_path, roles, trainee):
    from django.apps import apps

    from trainer.houses.roles import sync_roles

    session = drill_services.start_session(trainee=trainee, kind="ms-pay", level=1)
    question = drill_services.current_question(session)
    drill_services.answer_question(
        trainee=trainee, question_id=question.pk, raw=right_answer(question)
    )
    before = snapshot()
    path = tmp_path / "backup.json"
    call_command("dumpdata", *BACKUP, "--output", str(path), verbosity=0)
    assert '"model": "houses.house"' in path.read_text()
    call_command("flush", interactive=False, verbosity=0)
    sync_roles(apps)  # what `migrate` gives a new, empty database
    assert not House.objects.exists()
    call_command("loaddata", str(path), verbosity=0)
    assert snapshot() == before
    restored = User.objects.get(username=trainee.username)
    assert restored.check_password(PASSWORD)
