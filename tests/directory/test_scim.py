"""SCIM 2.0 provisioning (trainer.directory.scim) as a house's directory drives it: Django's
test client with a token issued as a games manager issues it, SCIM's own content type, and
the people, groups, roles, sessions and logs it changes read back from the database."""

from __future__ import annotations

import json
import logging

import pytest
from django.test import Client, RequestFactory
from django.urls import reverse

from tests.factories import TraineeFactory, UserFactory
from trainer.directory.models import (
    DirectoryGroup,
    GroupRole,
    Identity,
    ProvisioningEvent,
    ScimToken,
)
from trainer.directory.scim_filters import GroupFilter, UserFilter
from trainer.houses.models import User
from trainer.houses.roles import SUPERVISOR, TRAINEE
from trainer.roster.models import PersonAction

Action = ProvisioningEvent.Action
SCIM_JSON = "application/scim+json"
USERS = "/scim/v2/Users"
GROUPS = "/scim/v2/Groups"
USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User"
ENTERPRISE = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"
GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group"
PATCH_OP = "urn:ietf:params:scim:api:messages:2.0:PatchOp"
SEARCH = "urn:ietf:params:scim:api:messages:2.0:SearchRequest"
ERROR = "urn:ietf:params:scim:api:messages:2.0:Error"


class Directory:
    """A house's SCIM client: every request with its bearer token."""

    def __init__(self, secret: str, client: Client | None = None):
        self.client = client or Client()
        self.headers = {"Authorization": f"Bearer {secret}"}

    def send(self, method: str, path: str, body=None, **params):
        data = body if isinstance(body, (str, bytes)) or body is None else json.dumps(body)
        return getattr(self.client, method)(
            path,
            data=params if method == "get" else data,
            content_type=SCIM_JSON,
            headers=self.headers,
        )

    def get(self, path, **params):
        return self.send("get", path, **params)

    def post(self, path, body):
        return self.send("post", path, body)

    def put(self, path, body):
        return self.send("put", path, body)

    def patch(self, path, *operations):
        return self.send("patch", path, {"schemas": [PATCH_OP], "Operations": list(operations)})

    def delete(self, path):
        return self.send("delete", path)

    def found(self, resource: str, query: str) -> list[dict]:
        answer = self.get(resource, filter=query)
        assert answer.status_code == 200, answer.content
        return answer.json()["Resources"]


def read(response) -> dict:
    assert response["Content-Type"].startswith(SCIM_JSON)
    return json.loads(response.content)


def group_pk(group: dict) -> int:
    return DirectoryGroup.objects.get(scim_id=group["id"]).pk


def new_person(**extra) -> dict:
    return {
        "schemas": [USER_SCHEMA, ENTERPRISE],
        "userName": "dana.reyes",
        "externalId": "entra-0001",
        "name": {"givenName": "Dana", "familyName": "Reyes"},
        "emails": [
            {"value": "dana.home@casino.test", "type": "home"},
            {"value": "dana@casino.test", "type": "work", "primary": True},
        ],
        "active": True,
        ENTERPRISE: {"employeeNumber": "E-77", "department": "Tables"},
        **extra,
    }


@pytest.fixture
def issued(demo, manager):
    return ScimToken.issue(house=demo, name="Entra ID", by=manager)


@pytest.fixture
def scim(issued) -> Directory:
    return Directory(issued[1])


@pytest.fixture
def riverboat_scim(riverboat) -> Directory:
    return Directory(ScimToken.issue(house=riverboat, name="Okta", by=None)[1])


def created(scim: Directory, **extra) -> dict:
    answer = scim.post(USERS, new_person(**extra))
    assert answer.status_code == 201, answer.content
    return read(answer)


def test_the_directory_creates_a_person_reads_them_back_and_finds_them_by_filters(
    scim, issued, demo
):
    token, _ = issued
    # SCIM's views take no CSRF token: a client sends none
    scim.client = Client(enforce_csrf_checks=True)
    answer = scim.post(USERS, new_person())
    assert answer.status_code == 201
    dana = read(answer)
    person = User.objects.get(pk=dana["id"])
    assert answer["Location"] == f"http://testserver/scim/v2/Users/{person.pk}"  # as reached
    assert (person.house, person.username, person.first_name, person.last_name) == (
        demo,
        "dana.reyes",
        "Dana",
        "Reyes",
    )
    assert (person.email, person.employee_number, person.is_active) == (
        "dana@casino.test",
        "E-77",
        True,
    )
    # provisioned before their groups come: no role yet, and no password of the site's
    assert not person.groups.exists() and not person.has_usable_password()
    identity = Identity.objects.get(user=person, source="scim")
    assert (identity.subject, identity.external_id) == (str(person.pk), "entra-0001")
    logged = ProvisioningEvent.objects.get(person=person)
    assert (logged.action, logged.source, logged.token, logged.house) == (
        Action.CREATED,
        "scim",
        token,
        demo,
    )
    assert PersonAction.objects.filter(subject=person, kind=PersonAction.Kind.CREATED).exists()

    again = read(scim.get(f"{USERS}/{person.pk}"))
    assert again == dana
    assert again["userName"] == "dana.reyes" and again["externalId"] == "entra-0001"
    assert again["name"]["givenName"] == "Dana" and again["active"] is True
    assert again["emails"] == [{"value": "dana@casino.test", "primary": True, "type": "work"}]
    assert again[ENTERPRISE] == {"employeeNumber": "E-77"} and again["groups"] == []

    TraineeFactory(house=demo, username="trainee-zed", email="zed@casino.test")
    for query in (
        'userName eq "DANA.REYES"',  # userName is compared without regard to case
        'externalId eq "entra-0001"',
        'emails.value eq "dana@casino.test"',
        'emails eq "Dana@Casino.test"',
        f'{ENTERPRISE}:employeeNumber eq "E-77"',
        'name.familyName sw "rey" and active eq true',
        f'id eq "{person.pk}"',
        'USERNAME eq "dana.reyes"',  # so are attribute names
    ):
        assert [found["id"] for found in scim.found(USERS, query)] == [str(person.pk)], query
    assert scim.found(USERS, 'externalId eq "entra-0002"') == []
    searched = scim.post(
        f"{USERS}/.search", {"schemas": [SEARCH], "filter": 'userName eq "dana.reyes"'}
    )
    assert [found["id"] for found in read(searched)["Resources"]] == [str(person.pk)]
    actives = {found["userName"] for found in scim.found(USERS, "active eq true")}
    assert {"dana.reyes", "trainee-zed"} <= actives
    assert not scim.found(USERS, "active eq false")

    # pages, as django-scim2 counts them (startIndex from 1)
    listed = read(scim.get(USERS, startIndex=1, count=1))
    assert (listed["itemsPerPage"], listed["startIndex"]) == (1, 1)
    assert listed["totalResults"] == User.objects.filter(house=demo).count()
    second = read(scim.get(USERS, startIndex=2, count=1))
    assert second["Resources"][0]["id"] != listed["Resources"][0]["id"]
    assert read(scim.get("/scim/v2/ServiceProviderConfig"))["filter"]["supported"] is True


def test_put_and_patch_change_what_they_name_and_log_which_fields(scim, issued):
    token, _ = issued
    dana = created(scim)
    path = f"{USERS}/{dana['id']}"
    # Entra ID's way: one replace per attribute, emails by their type
    answer = scim.patch(
        path,
        {"op": "Replace", "path": "name.givenName", "value": "Danielle"},
        {"op": "Replace", "path": 'emails[type eq "work"].value', "value": "dr@casino.test"},
        {"op": "Replace", "path": "userName", "value": "danielle.reyes"},
        {"op": "Add", "path": "title", "value": "Dealer"},  # kept by the directory only
    )
    assert answer.status_code == 200, answer.content
    assert read(answer)["userName"] == "danielle.reyes"
    person = User.objects.get(pk=dana["id"])
    assert (person.username, person.first_name, person.email) == (
        "danielle.reyes",
        "Danielle",
        "dr@casino.test",
    )
    update = ProvisioningEvent.objects.filter(person=person, action=Action.UPDATED).get()
    assert update.detail == "username, first_name, email" and update.token == token

    # Okta's way: the whole person; what the body omits (the employee number) stays
    answer = scim.put(
        path,
        {
            "schemas": [USER_SCHEMA],
            "userName": "danielle.reyes",
            "name": {"givenName": "Danielle", "familyName": "Reyes-Ortiz"},
            "emails": [{"value": "dr@casino.test", "primary": True}],
            "externalId": "okta-9",
            "active": True,
        },
    )
    assert answer.status_code == 200, answer.content
    person.refresh_from_db()
    assert (person.last_name, person.employee_number) == ("Reyes-Ortiz", "E-77")
    assert Identity.objects.get(user=person, source="scim").external_id == "okta-9"
    assert ProvisioningEvent.objects.filter(person=person, action=Action.UPDATED).count() == 2

    # the same again changes nothing and logs nothing
    scim.patch(path, {"op": "replace", "value": {"name.givenName": "Danielle"}})
    assert ProvisioningEvent.objects.filter(person=person, action=Action.UPDATED).count() == 2


def test_deactivation_ends_the_persons_session_at_once_and_reactivation_brings_them_back(
    scim, trainee, supervisor
):
    # a person the site made before the directory came: the directory finds and adopts them
    [found] = scim.found(USERS, f'userName eq "{trainee.username}"')
    assert found["id"] == str(trainee.pk)
    signed_in = Client()
    signed_in.force_login(trainee)
    page = reverse("password_change")
    assert signed_in.get(page).status_code == 200

    answer = scim.patch(
        f"{USERS}/{trainee.pk}", {"op": "Replace", "path": "active", "value": "False"}
    )
    assert answer.status_code == 200, answer.content
    assert read(answer)["active"] is False
    # the next request of the open session is signed out
    refused = signed_in.get(page)
    assert refused.status_code == 302 and refused["Location"].startswith(reverse("login"))
    trainee.refresh_from_db()
    assert not trainee.is_active and trainee.groups.filter(name=TRAINEE).exists()
    assert list(
        ProvisioningEvent.objects.filter(person=trainee).values_list("action", flat=True)
    ) == [Action.DEACTIVATED, Action.LINKED]
    assert Identity.objects.get(user=trainee, source="scim").subject == str(trainee.pk)
    # the person page and its log say so, and who did it
    supervisors = Client()
    supervisors.force_login(supervisor)
    shown = supervisors.get(reverse("person", args=[trainee.pk])).content.decode()
    assert "by the house&#x27;s directory" in shown or "by the house's directory" in shown

    back = scim.patch(f"{USERS}/{trainee.pk}", {"op": "replace", "value": {"active": True}})
    assert back.status_code == 200 and read(back)["active"] is True
    trainee.refresh_from_db()
    assert trainee.is_active and trainee.groups.filter(name=TRAINEE).exists()
    assert ProvisioningEvent.objects.filter(person=trainee, action=Action.REACTIVATED).exists()
    kinds = set(PersonAction.objects.filter(subject=trainee).values_list("kind", flat=True))
    assert {PersonAction.Kind.DEACTIVATED, PersonAction.Kind.REACTIVATED} <= kinds
    # the session that ended stays ended; signing in again opens a new one
    assert signed_in.get(page).status_code == 302


def test_delete_deactivates_and_deletes_nothing(scim, trainee):
    for _ in range(3):
        PersonAction.objects.create(subject=trainee, kind=PersonAction.Kind.GAMES_ENROLLED)
    kept = PersonAction.objects.filter(subject=trainee).count()
    group = DirectoryGroup.objects.create(house=trainee.house, display_name="Dealers")
    group.members.add(trainee)

    assert scim.delete(f"{USERS}/{trainee.pk}").status_code == 204
    trainee.refresh_from_db()
    assert not trainee.is_active
    assert PersonAction.objects.filter(subject=trainee).count() == kept + 1  # deactivated
    assert list(group.members.all()) == [trainee]
    event = ProvisioningEvent.objects.get(person=trainee, action=Action.DEACTIVATED)
    assert event.detail == "deleted in the directory"
    # still there for the directory, a leaver who can come back
    assert read(scim.get(f"{USERS}/{trainee.pk}"))["active"] is False
    assert scim.delete(f"{USERS}/{trainee.pk}").status_code == 204
    assert ProvisioningEvent.objects.filter(person=trainee).count() == 1


def test_group_membership_gives_and_takes_the_roles_the_house_maps(scim, demo):
    GroupRole.objects.create(house=demo, group="Dealers", role=TRAINEE)
    GroupRole.objects.create(house=demo, group="pit bosses", role=SUPERVISOR)
    dana = created(scim)
    person = User.objects.get(pk=dana["id"])

    answer = scim.post(
        GROUPS,
        {"displayName": "Dealers", "externalId": "g-1", "members": [{"value": dana["id"]}]},
    )
    assert answer.status_code == 201, answer.content
    dealers = read(answer)
    assert [member["value"] for member in dealers["members"]] == [dana["id"]]
    assert set(person.groups.values_list("name", flat=True)) == {TRAINEE}
    pit = read(scim.post(GROUPS, {"displayName": "Pit Bosses"}))
    assert scim.post(GROUPS, {"displayName": "DEALERS"}).status_code == 409

    # Entra ID adds, Okta removes by a value filter
    added = scim.patch(
        f"{GROUPS}/{pit['id']}", {"op": "Add", "path": "members", "value": [{"value": dana["id"]}]}
    )
    assert added.status_code == 200, added.content
    assert set(person.groups.values_list("name", flat=True)) == {TRAINEE, SUPERVISOR}
    removed = scim.patch(
        f"{GROUPS}/{dealers['id']}", {"op": "remove", "path": f'members[value eq "{dana["id"]}"]'}
    )
    assert removed.status_code == 200 and read(removed)["members"] == []
    assert set(person.groups.values_list("name", flat=True)) == {SUPERVISOR}
    assert [group["display"] for group in read(scim.get(f"{USERS}/{dana['id']}"))["groups"]] == [
        "Pit Bosses"
    ]
    # a renamed group gives what its new name maps to
    renamed = scim.patch(
        f"{GROUPS}/{pit['id']}", {"op": "replace", "path": "displayName", "value": "Cashiers"}
    )
    assert renamed.status_code == 200
    assert not person.groups.exists()
    scim.patch(f"{GROUPS}/{pit['id']}", {"op": "replace", "value": {"displayName": "Dealers"}})
    assert (
        scim.patch(
            f"{GROUPS}/{pit['id']}", {"op": "replace", "value": {"displayName": "Dealers"}}
        ).status_code
        == 409
    )

    [found] = scim.found(GROUPS, 'displayName eq "dealers"')
    assert found["id"] == dealers["id"]
    in_groups = scim.found(GROUPS, f'members eq "{dana["id"]}"')
    assert [group["displayName"] for group in in_groups] == ["Cashiers"]
    # Okta's way: the whole group, its members included
    whole = scim.put(
        f"{GROUPS}/{dealers['id']}",
        {"schemas": [GROUP_SCHEMA], "displayName": "Dealers", "members": [{"value": dana["id"]}]},
    )
    assert whole.status_code == 200, whole.content
    in_groups = scim.found(GROUPS, f'members.value eq "{dana["id"]}"')
    assert {group["displayName"] for group in in_groups} == {"Cashiers", "Dealers"}
    assert set(person.groups.values_list("name", flat=True)) == {TRAINEE}
    emptied = scim.patch(f"{GROUPS}/{dealers['id']}", {"op": "remove", "path": "members"})
    assert emptied.status_code == 200 and not person.groups.exists()
    assert scim.found(GROUPS, f'id eq "{pit["id"]}"')[0]["displayName"] == "Cashiers"
    assert scim.delete(f"{GROUPS}/{pit['id']}").status_code == 204
    assert not DirectoryGroup.objects.filter(scim_id=pit["id"]).exists()
    assert User.objects.filter(pk=person.pk, is_active=True).exists()
    actions = list(
        ProvisioningEvent.objects.filter(house=demo).order_by("pk").values_list("action", flat=True)
    )
    assert actions == [
        Action.CREATED,
        Action.GROUP_CREATED,
        Action.ROLES,  # Trainee given
        Action.GROUP_CREATED,
        Action.GROUP_CHANGED,
        Action.ROLES,  # Supervisor given
        Action.GROUP_CHANGED,
        Action.ROLES,  # Trainee taken
        Action.GROUP_CHANGED,
        Action.ROLES,  # Supervisor taken
        Action.GROUP_CHANGED,
        Action.ROLES,  # Trainee given again
        Action.GROUP_CHANGED,
        Action.ROLES,  # and taken again
        Action.GROUP_DELETED,
    ]
    assert ProvisioningEvent.objects.get(action=Action.GROUP_DELETED).about == "Cashiers"


def test_no_token_a_wrong_one_or_a_revoked_one_is_refused(scim, issued, client, manager):
    token, secret = issued
    assert scim.get(USERS).status_code == 200
    token.refresh_from_db()
    assert token.last_used_at is not None
    # the service's own description is behind the token too
    for path, status in (("ResourceTypes", 200), ("Schemas", 200), ("Me", 501), ("Bulk", 501)):
        assert scim.get(f"/scim/v2/{path}").status_code == status
        assert client.get(f"/scim/v2/{path}").status_code == 401
    for headers in (
        {},
        {"Authorization": "Bearer scim_not-a-token"},
        {"Authorization": f"Basic {secret}"},
        {"Authorization": "Bearer"},
    ):
        refused = client.get(USERS, headers=headers)
        assert refused.status_code == 401
        assert refused["WWW-Authenticate"].startswith('Bearer realm="scim"')
        assert read(refused)["schemas"] == [ERROR]
    # a manager's own session is no token
    client.force_login(manager)
    assert client.post(USERS, new_person(), content_type=SCIM_JSON).status_code == 401
    ScimToken.objects.filter(pk=token.pk).update(revoked_at=token.issued_at)
    assert scim.get(USERS).status_code == 401
    assert scim.post(USERS, new_person()).status_code == 401
    assert not User.objects.filter(username="dana.reyes").exists()


def test_another_houses_token_neither_sees_nor_changes_this_houses_people(
    scim, riverboat_scim, trainee, demo, riverboat
):
    group = read(
        scim.post(GROUPS, {"displayName": "Dealers", "members": [{"value": str(trainee.pk)}]})
    )
    other = riverboat_scim
    assert read(other.get(USERS))["totalResults"] == 0
    assert read(other.get(GROUPS))["totalResults"] == 0
    assert other.found(USERS, f'userName eq "{trainee.username}"') == []
    # an `or` stays inside the house on each side
    assert other.found(USERS, f'userName eq "{trainee.username}" or active eq true') == []
    for answer in (
        other.get(f"{USERS}/{trainee.pk}"),
        other.put(f"{USERS}/{trainee.pk}", {"userName": "taken-over"}),
        other.patch(f"{USERS}/{trainee.pk}", {"op": "replace", "path": "active", "value": False}),
        other.delete(f"{USERS}/{trainee.pk}"),
        other.get(f"{GROUPS}/{group['id']}"),
        other.delete(f"{GROUPS}/{group['id']}"),
    ):
        assert answer.status_code == 404, answer.content
        assert read(answer)["schemas"] == [ERROR]
    # the filter's own SQL keeps to the house, before django-scim2 narrows its rows again
    request = RequestFactory().get(USERS)
    request.scim_token = ScimToken.objects.get(house=riverboat)
    query = 'userName eq "trainee-tina" or active eq true or not (active eq true)'
    assert list(UserFilter.search(query, request)) == []
    request.scim_token = ScimToken.objects.get(house=demo)
    assert set(UserFilter.search(query, request)) == set(User.objects.filter(house=demo))
    assert list(GroupFilter.search(f'members eq "{trainee.pk}"', request))[0].pk == group_pk(group)
    # nor can it put this house's people in its own groups
    assert (
        other.post(
            GROUPS, {"displayName": "Crew", "members": [{"value": str(trainee.pk)}]}
        ).status_code
        == 400
    )
    trainee.refresh_from_db()
    assert trainee.is_active and trainee.username == "trainee-tina"
    assert not DirectoryGroup.objects.filter(house=riverboat).exists()
    # superusers are nobody's to provision
    root = UserFactory(house=demo, username="root-rex", is_superuser=True, is_staff=True)
    assert scim.get(f"{USERS}/{root.pk}").status_code == 404
    assert scim.found(USERS, 'userName eq "root-rex"') == []
    assert "root-rex" not in {found["userName"] for found in read(scim.get(USERS))["Resources"]}


def test_a_username_of_another_house_makes_a_new_account_never_reaching_theirs(
    scim, stranger, trainee, demo
):
    answer = scim.post(USERS, new_person(userName=stranger.username, externalId="x-1"))
    assert answer.status_code == 201, answer.content
    made = User.objects.get(pk=read(answer)["id"])
    assert made.pk != stranger.pk and made.house == demo
    assert made.username == f"{stranger.username}@demo"
    stranger.refresh_from_db()
    assert (stranger.first_name, stranger.email) != ("Dana", "dana@casino.test")
    assert not Identity.objects.filter(user=stranger).exists()
    # once made, the same person again is a conflict, as is anyone's of the house
    for name in (stranger.username, trainee.username.upper()):
        conflict = scim.post(USERS, new_person(userName=name, externalId="x-2"))
        assert conflict.status_code == 409
        assert read(conflict)["scimType"] == "uniqueness"
    assert User.objects.filter(house=demo, first_name="Dana").count() == 1
    # nor does a rename reach another house's name: it is the house's own
    renamed = scim.patch(
        f"{USERS}/{trainee.pk}", {"op": "replace", "path": "userName", "value": "fresh-name"}
    )
    assert read(renamed)["userName"] == "fresh-name"
    clash = scim.patch(
        f"{USERS}/{trainee.pk}", {"op": "replace", "path": "userName", "value": made.username}
    )
    assert clash.status_code == 409


def test_malformed_requests_are_scim_errors_and_write_nothing(scim, trainee, demo):
    dana = created(scim)
    person = f"{USERS}/{dana['id']}"
    group = read(scim.post(GROUPS, {"displayName": "Dealers"}))
    events = ProvisioningEvent.objects.count()
    bad_requests = [
        scim.post(USERS, "{not json"),
        scim.post(USERS, "[1, 2]"),
        scim.send("post", USERS, b"\xff\xfe"),
        scim.post(USERS, new_person(userName="new.one", favouriteColour="red")),
        scim.post(USERS, new_person(userName="new.one", password="hunter2")),
        scim.post(USERS, new_person(userName="has space")),
        scim.post(USERS, new_person(userName="new.one", emails=[{"value": "not-an-address"}])),
        scim.post(USERS, new_person(userName="new.one", active="perhaps")),
        scim.post(USERS, {"name": {"givenName": "Nobody"}}),
        scim.post(USERS, new_person(userName="new.one", name={"givenName": "x" * 151})),
        scim.patch(person, {"op": "replace", "path": "shoeSize", "value": 9}),
        scim.patch(person, {"op": "replace", "path": "name[", "value": 9}),
        scim.patch(person, {"op": "replace", "value": "not an object"}),
        scim.patch(person, {"path": "active", "value": False}),
        scim.patch(person, {"op": "move", "path": "active", "value": False}),
        scim.patch(person, {"op": "replace", "path": "groups", "value": []}),
        scim.send("patch", person, {"Operations": "all of them"}),
        scim.send("patch", person, {"schemas": [PATCH_OP]}),
        # the first operation is good, the second is not: neither is written
        scim.patch(
            person,
            {"op": "replace", "path": "name.givenName", "value": "Changed"},
            {"op": "replace", "path": "active", "value": "perhaps"},
        ),
        scim.get(USERS, filter='userName eq "x" and shoeSize eq "9"'),
        scim.get(USERS, filter="userName eq"),
        scim.get(USERS, filter='userName ~ "x"'),
        scim.get(USERS, filter='active eq "maybe"'),
        scim.get(USERS, filter='id eq "abc"'),
        scim.get(USERS, startIndex=0),
        scim.get(USERS, count="many"),
        scim.post(GROUPS, {"displayName": "Crew", "members": [{"value": "abc"}]}),
        scim.post(GROUPS, {"displayName": "Crew", "members": "everyone"}),
        scim.post(GROUPS, {"members": []}),
        scim.patch(f"{GROUPS}/{group['id']}", {"op": "add", "path": "owners", "value": []}),
    ]
    for number, answer in enumerate(bad_requests):
        assert answer.status_code == 400, (number, answer.content)
        assert read(answer)["schemas"] == [ERROR]
    for path in (
        f"{USERS}/abc",
        f"{USERS}/-1",
        USERS + "/" + "9" * 30,
        f"{GROUPS}/not-a-uuid",
        f"{GROUPS}/{trainee.pk}",
    ):
        missing = scim.get(path)
        assert missing.status_code == 404, path
        assert read(missing)["schemas"] == [ERROR]
    assert ProvisioningEvent.objects.count() == events
    assert not User.objects.filter(username="new.one").exists()
    assert User.objects.get(pk=dana["id"]).first_name == "Dana"
    assert DirectoryGroup.objects.filter(house=demo).count() == 1


def test_the_token_never_appears_in_the_log(scim, issued, client, caplog):
    _, secret = issued
    caplog.set_level(logging.DEBUG)
    dana = created(scim)
    scim.get(USERS, filter='userName eq "dana.reyes"')
    scim.patch(f"{USERS}/{dana['id']}", {"op": "replace", "path": "active", "value": False})
    scim.post(USERS, "{not json")
    client.get(USERS, headers={"Authorization": f"Bearer {secret}x"})
    assert caplog.records  # django-scim2 logs each request's path, method and body
    for record in caplog.records:
        assert secret not in record.getMessage()
        assert secret not in repr(record.__dict__)
    assert secret not in caplog.text
