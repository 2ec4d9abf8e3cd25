"""What each app server keeps in memory (a user's permissions, a house's tables, in Django's
cache framework: the per-process `CACHES["local"]`) is read once and then afresh on the
request after any change, because the change moves a serial that is read with the user on
every request; and a session, a signed cookie, ends on every copy at sign-out."""

import pytest
from django.contrib.auth.models import Group, Permission
from django.core.cache import caches
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import PASSWORD
from trainer.drills import dealing
from trainer.drills import services as drills
from trainer.houses import services as house_services
from trainer.houses.config import house_setup
from trainer.houses.models import House, PaytableVersion, User
from trainer.houses.roles import TRAINEE

DRILLS = reverse("drills:index")


@pytest.fixture
def signed_in(client, trainee):
    client.force_login(trainee)
    # the first request reads the permissions and keeps them in this process
    assert client.get(DRILLS).status_code == 200
    return client


def trainee_group():
    return Group.objects.get(name=TRAINEE)


def test_a_users_permissions_are_read_once_and_kept_in_the_local_cache(signed_in, trainee):
    with CaptureQueriesContext(connection) as queries:
        assert signed_in.get(DRILLS).status_code == 200
    assert not [q for q in queries if "auth_permission" in q["sql"]]
    key = f"permissions:{trainee.pk}:{trainee.roles_serial}:0"
    assert "houses.practise_drills" in caches["local"].get(key)


def test_a_houses_tables_are_read_once_per_config_serial(demo):  # noqa: F811
    first = house_setup(demo)
    with CaptureQueriesContext(connection) as queries:
        again = house_setup(demo)
    assert len(queries) == 0 and again == first
    assert caches["local"].get(f"house-setup:{demo.pk}:{demo.config_serial}") == first


def test_dealing_again_reads_nothing_of_the_house(trainee):
    dealing.create_question(trainee=trainee, kind="ms-pay", level=1)  # reads and marks the table
    with CaptureQueriesContext(connection) as queries:
        dealing.create_question(trainee=trainee, kind="ms-pay", level=1)
    assert not [q for q in queries if "houses_" in q["sql"]]


def test_the_local_cache_hands_out_the_object_itself_and_drops_the_least_recently_used():
    cache = caches["local"].__class__("test-local", {"OPTIONS": {"MAX_ENTRIES": 2}})
    kept = {"a": [1]}
    cache.set("a", kept)
    cache.set("b", 2)
    assert cache.get("a") is kept  # no pickled copy; and "a" is now the most recently used
    cache.set("c", 3)
    assert (cache.get("a"), cache.get("b"), cache.get("c")) == (kept, None, 3)
    assert cache.add("c", 4) is False and cache.get("c") == 3
    cache.delete("c")
    assert cache.has_key("c") is False


def test_taking_a_user_out_of_a_group_takes_effect_on_the_next_request(signed_in, trainee):
    trainee.groups.remove(trainee_group())
    assert signed_in.get(DRILLS).status_code == 403


def test_emptying_a_group_from_its_side_takes_effect_on_the_next_request(signed_in, trainee):
    trainee_group().user_set.clear()
    assert signed_in.get(DRILLS).status_code == 403


def test_removing_a_permission_from_a_group_takes_effect_on_the_next_request(signed_in):
    practise = Permission.objects.get(codename="practise_drills")
    trainee_group().permissions.remove(practise)
    assert signed_in.get(DRILLS).status_code == 403


def test_a_permission_given_to_the_user_alone_takes_effect_too(client, demo):  # noqa: F811
    user = User.objects.create_user("paula", password=PASSWORD, house=demo)
    client.force_login(user)
    assert client.get(DRILLS).status_code == 403
    user.user_permissions.add(Permission.objects.get(codename="practise_drills"))
    assert client.get(DRILLS).status_code == 200


def test_saving_a_user_read_before_a_role_change_keeps_the_change(signed_in, trainee):
    stale = User.objects.get(pk=trainee.pk)
    trainee_group().user_set.remove(trainee)
    stale.first_name = "Tina"
    stale.save()  # an older roles_serial must not come back with it
    assert signed_in.get(DRILLS).status_code == 403


def test_activating_a_table_reaches_the_next_question_dealt(trainee, demo):  # noqa: F811
    session = drills.start_session(trainee=trainee, kind="ms-pay", level=1)
    first = drills.current_question(session)
    active = PaytableVersion.objects.get(house=demo, game="mississippi-stud", is_active=True)
    assert first.paytable_version == active
    other = PaytableVersion.objects.get(house=demo, game="mississippi-stud", number=2)
    house_services.activate(other, by=None)
    trainee = User.objects.select_related("house").get(pk=trainee.pk)  # as the next request
    second = dealing.create_question(trainee=trainee, kind="ms-pay", level=1)
    assert second.paytable_version == other


def test_a_house_rule_saved_in_the_admin_reaches_the_next_question(trainee, demo):  # noqa: F811
    dealing.create_question(trainee=trainee, kind="mg-split", level=1)  # keeps the setup
    rules = demo.rules
    rules.chip_unit = 5
    rules.save()
    trainee = User.objects.select_related("house").get(pk=trainee.pk)
    assert (
        dealing.create_question(trainee=trainee, kind="mg-split", level=1).house_rules["chip_unit"]
        == 5
    )


def test_saving_a_house_read_before_a_change_keeps_the_change(demo):  # noqa: F811
    stale = House.objects.get(pk=demo.pk)
    version = PaytableVersion.objects.get(house=demo, game="mississippi-stud", number=2)
    house_services.activate(version, by=None)
    moved = House.objects.get(pk=demo.pk).config_serial
    stale.name = "Demo casino"
    stale.save()
    assert House.objects.get(pk=demo.pk).config_serial >= moved


def test_signing_out_ends_every_copy_of_the_session(trainee):
    browser = Client()
    signed = browser.post(reverse("login"), {"username": trainee.username, "password": PASSWORD})
    assert signed.status_code == 302
    copy = Client()
    copy.cookies = browser.cookies.__class__(browser.cookies)  # the cookie, copied
    assert copy.get(DRILLS).status_code == 200
    browser.post(reverse("logout"))
    response = copy.get(DRILLS)
    assert response.status_code == 302 and reverse("login") in response["Location"]


def test_a_forged_session_cookie_is_not_signed_in(client, trainee, settings):
    client.cookies[settings.SESSION_COOKIE_NAME] = "eyJfYXV0aF91c2VyX2lkIjoiMSJ9:forged:sig"
    response = client.get(DRILLS)
    assert response.status_code == 302


def test_signing_in_again_after_signing_out_works_with_an_old_user_object(client, trainee):
    client.force_login(trainee)
    client.post(reverse("logout"))
    client.force_login(trainee)  # `trainee` still holds the serial from before
    assert client.get(DRILLS).status_code == 200


def test_a_partly_read_user_saves_what_was_read_and_keeps_the_rest(trainee):
    partial = User.objects.only("first_name").get(pk=trainee.pk)
    partial.first_name = "Tina"
    partial.save()
    saved = User.objects.get(pk=trainee.pk)
    assert saved.first_name == "Tina"
    assert (saved.username, saved.house_id) == (trainee.username, trainee.house_id)
