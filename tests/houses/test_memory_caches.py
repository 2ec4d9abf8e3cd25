"""What each app server keeps in memory (a user's permissions, a house's tables) is read
afresh on the request after any change, because the change moves a serial that is read with
the user on every request; and a session, a signed cookie, ends on every copy at sign-out."""

import pytest
from django.contrib.auth.models import Group, Permission
from django.test import Client
from django.urls import reverse

from tests.factories import PASSWORD
from trainer.drills import services as drills
from trainer.houses import services as house_services
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
    second = drills.create_question(trainee=trainee, kind="ms-pay", level=1)
    assert second.paytable_version == other


def test_a_house_rule_saved_in_the_admin_reaches_the_next_question(trainee, demo):  # noqa: F811
    drills.create_question(trainee=trainee, kind="mg-split", level=1)  # keeps the setup
    rules = demo.rules
    rules.chip_unit = 5
    rules.save()
    trainee = User.objects.select_related("house").get(pk=trainee.pk)
    assert (
        drills.create_question(trainee=trainee, kind="mg-split", level=1).house_rules["chip_unit"]
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
