"""A games manager adds the supervisors and audit staff of their own house from the People
page, with a temporary password shown once; nobody else adds staff, nor to another house.
Audit staff open the audits and the cases, and nothing of the trainees' progress."""

import pytest
from django.contrib.auth.models import Group
from django.test import Client
from django.urls import reverse

from tests.factories import ManagerFactory, UserFactory
from trainer.houses.models import User
from trainer.houses.roles import AUDIT_STAFF, GIVEN_BY_MANAGERS, ROLES, SUPERVISOR, TITLES
from trainer.roster.models import PersonAction, TemporaryPassword

URL = reverse("person-add-staff")


def add(client, role, username="new-nora", **data):
    return client.post(URL, {"username": username, "role": role, **data})


@pytest.mark.parametrize("role", GIVEN_BY_MANAGERS)
def test_a_manager_adds_each_role_to_their_house_with_a_password_shown_once(
    client, manager, demo, role
):
    client.force_login(manager)
    response = add(client, role, first_name="Nora", last_name="North", email="nora@example.com")
    assert response.status_code == 200
    nora = User.objects.get(username="new-nora")
    assert nora.house == demo and not nora.is_staff
    assert list(nora.groups.values_list("name", flat=True)) == [role]
    password = response.context["enrolled"][0].password
    assert nora.check_password(password) and password in response.content.decode()
    assert TemporaryPassword.objects.filter(user=nora).exists()
    action = PersonAction.objects.get(subject=nora)
    assert (action.kind, action.actor, action.detail) == (PersonAction.Kind.CREATED, manager, role)
    # the new person is one the manager looks after: on the People page, their page opens
    assert "new-nora" in client.get(reverse("people")).content.decode()
    assert client.get(reverse("person", args=[nora.pk])).status_code == 200


def test_the_people_page_offers_the_roles_a_manager_gives(client, manager):
    client.force_login(manager)
    response = client.get(reverse("people"))
    page = response.content.decode()
    assert f'action="{URL}"' in page and "csrfmiddlewaretoken" in page
    offered = [value for value, _ in response.context["staff_form"].fields["role"].choices]
    assert offered == list(GIVEN_BY_MANAGERS)
    for role in GIVEN_BY_MANAGERS:
        assert f'value="{role}"' in page and str(TITLES[role]) in page


def test_the_add_staff_page_opens_for_a_manager(client, manager):
    client.force_login(manager)
    response = client.get(URL)
    assert response.status_code == 200
    assert "Add a supervisor or audit staff" in response.content.decode()


def test_a_replayed_post_creates_nobody_twice(client, manager):
    client.force_login(manager)
    assert add(client, AUDIT_STAFF).status_code == 200
    again = add(client, AUDIT_STAFF)
    assert again.status_code == 400
    assert "The username “new-nora” is taken." in again.content.decode()
    assert User.objects.filter(username="new-nora").count() == 1


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"username": "", "role": SUPERVISOR}, "A username is needed."),
        ({"username": "no spaces", "role": SUPERVISOR}, "is not a username"),
        ({"username": "new-nora"}, "Choose the role they will have."),
        # a role stronger than a supervisor's is never given here
        ({"username": "new-nora", "role": "Games manager"}, "Choose one of the roles offered"),
        ({"username": "new-nora", "role": SUPERVISOR, "email": "nora"}, "not an email address"),
    ],
)
def test_bad_input_is_refused_in_words_and_nobody_is_made(client, manager, data, words):
    client.force_login(manager)
    before = User.objects.count()
    response = client.post(URL, data)
    assert response.status_code == 400
    assert words in response.content.decode()
    assert User.objects.count() == before


def test_the_form_needs_its_csrf_token(manager):
    client = Client(enforce_csrf_checks=True)
    client.force_login(manager)
    assert add(client, SUPERVISOR).status_code == 403
    assert not User.objects.filter(username="new-nora").exists()


@pytest.mark.parametrize("who", ["trainee", "supervisor"])
def test_a_supervisor_or_trainee_cannot_add_staff(db, client, request, who):
    client.force_login(request.getfixturevalue(who))
    assert client.get(URL).status_code == 403
    assert add(client, SUPERVISOR).status_code == 403
    assert not User.objects.filter(username="new-nora").exists()
    people = client.get(reverse("people"))
    assert f'action="{URL}"' not in people.content.decode()


def test_a_superuser_of_no_house_adds_nobody(client, superuser):
    client.force_login(superuser)
    assert add(client, SUPERVISOR).status_code == 403
    assert not User.objects.filter(username="new-nora").exists()


def test_another_houses_manager_neither_sees_nor_adds_to_this_house(client, manager, riverboat):
    client.force_login(manager)
    add(client, AUDIT_STAFF)
    nora = User.objects.get(username="new-nora")
    other = Client()
    other.force_login(ManagerFactory(house=riverboat))
    assert "new-nora" not in other.get(reverse("people")).content.decode()
    assert other.get(reverse("person", args=[nora.pk])).status_code == 404
    # whatever house a post names, the staff added are of the manager's own house
    response = other.post(
        URL, {"username": "new-nils", "role": SUPERVISOR, "house": manager.house_id}
    )
    assert response.status_code == 200
    assert User.objects.get(username="new-nils").house == riverboat


@pytest.fixture
def auditor(demo):
    return UserFactory(house=demo, username="audit-ada", role=AUDIT_STAFF)


def test_audit_staff_open_the_audits_and_the_cases(client, auditor):
    client.force_login(auditor)
    assert client.get(reverse("audits:index")).status_code == 200
    assert client.get(reverse("cases:index")).status_code == 200
    nav = client.get(reverse("audits:index")).content.decode()
    assert f'href="{reverse("audits:index")}"' in nav and f'href="{reverse("cases:index")}"' in nav


def test_audit_staff_cannot_open_the_trainees_progress(client, auditor, trainee):
    client.force_login(auditor)
    for url in (
        reverse("progress:trainees"),
        reverse("progress:trainee", args=[trainee.pk]),
        reverse("progress:trainees-csv"),
        reverse("people"),
        reverse("person", args=[trainee.pk]),
    ):
        assert client.get(url).status_code in (403, 404), url


def test_audit_staff_hold_only_the_audits_permission(db):
    assert ROLES[AUDIT_STAFF] == ["audits.audit_hands"]
    group = Group.objects.get(name=AUDIT_STAFF)
    assert [p.codename for p in group.permissions.all()] == ["audit_hands"]
