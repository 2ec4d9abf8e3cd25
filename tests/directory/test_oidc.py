"""Signing in with the house's OpenID Connect provider, against a real provider on a real port
(tests/directory/provider.py): the site's client goes through discovery, the authorization
page (a username and password form at the provider), the code exchanged with PKCE, the ID
token verified against the provider's keys."""

from urllib.parse import parse_qs, urlsplit

import pytest
import requests
from django.contrib.auth import SESSION_KEY
from django.urls import reverse
from joserfc.jwk import RSAKey

from tests.factories import TraineeFactory
from trainer.directory.models import Directory, GroupRole, Identity, ProvisioningEvent
from trainer.houses.models import User
from trainer.houses.roles import SUPERVISOR, TRAINEE

#: every test reaches the database (some only through fixtures asked for by name)
pytestmark = pytest.mark.django_db

CALLBACK = "http://testserver" + "/directory/{slug}/sign-in/callback"


@pytest.fixture
def house(riverboat, provider):
    client = provider.register(CALLBACK.format(slug=riverboat.slug))
    directory = Directory(
        house=riverboat,
        oidc_enabled=True,
        oidc_name="Riverboat staff login",
        oidc_issuer=provider.issuer,
        oidc_client_id=client.client_id,
    )
    directory.oidc_client_secret = client.client_secret
    directory.save()
    GroupRole.objects.create(house=riverboat, group="dealers", role=TRAINEE)
    GroupRole.objects.create(house=riverboat, group="pit-bosses", role=SUPERVISOR)
    return riverboat


def through_provider(client, house, username, password, *, tamper=None):
    """The browser's round trip, its provider leg over real HTTP: the site's redirect to the
    provider, the provider's form posted, its redirect back to the site followed."""
    start = client.get(reverse("directory:oidc-start", args=[house.slug]))
    assert start.status_code == 302, start.content
    authorize = start["Location"]
    query = parse_qs(urlsplit(authorize).query)
    assert query["code_challenge_method"] == ["S256"] and query["nonce"] and query["state"]
    assert requests.get(authorize, timeout=10).status_code == 200
    answer = requests.post(
        authorize,
        data={"username": username, "password": password},
        allow_redirects=False,
        timeout=10,
    )
    assert answer.status_code == 302, answer.text
    back = urlsplit(answer.headers["Location"])
    query = back.query if tamper is None else tamper(back.query)
    return client.get(f"{back.path}?{query}")


def test_a_first_sign_in_creates_the_person_in_the_house_with_the_mapped_role(client, house, demo):
    # a person of another house holds the same username: never reached
    other = TraineeFactory(house=demo, username="dana")
    answer = through_provider(client, house, "dana", "dana-pw-1")
    assert answer.status_code == 302 and answer["Location"] == reverse("home")
    person = User.objects.get(pk=client.session[SESSION_KEY])
    assert person != other and person.house == house and person.username == f"dana@{house.slug}"
    assert (person.first_name, person.last_name, person.email) == (
        "Dana",
        "Reyes",
        "dana@casino.test",
    )
    assert list(person.groups.values_list("name", flat=True)) == [TRAINEE]
    assert not person.has_usable_password()
    assert Identity.objects.get(user=person).subject == "sub-dana"
    assert ProvisioningEvent.objects.filter(house=house, person=person, action="created").exists()
    other.refresh_from_db()
    assert other.house == demo and not other.identities.exists()
    # the second sign-in reaches the same account
    client.logout()
    through_provider(client, house, "dana", "dana-pw-1")
    assert int(client.session[SESSION_KEY]) == person.pk


def test_later_sign_ins_follow_the_groups_and_a_person_without_access_is_refused(
    client, house, provider
):
    through_provider(client, house, "pat", "pat-pw-1")
    pat = User.objects.get(username="pat")
    assert set(pat.groups.values_list("name", flat=True)) == {SUPERVISOR}
    client.logout()
    provider.people["pat"].groups = ["dealers"]
    try:
        through_provider(client, house, "pat", "pat-pw-1")
        assert set(pat.groups.values_list("name", flat=True)) == {TRAINEE}
        client.logout()
        provider.people["pat"].groups = []
        refused = through_provider(client, house, "pat", "pat-pw-1")
    finally:
        provider.people["pat"].groups = ["pit-bosses"]
    assert refused.status_code == 403
    assert "give you no access to this site" in refused.content.decode()
    assert SESSION_KEY not in client.session
    # the refusal changed nothing (the roles it would have taken stay) and is logged
    assert set(pat.groups.values_list("name", flat=True)) == {TRAINEE}
    assert ProvisioningEvent.objects.filter(house=house, action="refused", about="pat").exists()


def test_no_mapped_group_no_account(client, house):
    refused = through_provider(client, house, "nobody", "nobody-pw-1")
    assert refused.status_code == 403 and not User.objects.filter(username="nobody").exists()


def test_a_forged_state_or_a_replayed_code_signs_nobody_in(client, house):
    forged = through_provider(
        client, house, "dana", "dana-pw-1", tamper=lambda q: q.replace("state=", "state=x")
    )
    assert forged.status_code == 400 and SESSION_KEY not in client.session
    assert "did not complete" in forged.content.decode()
    # a good round trip, then its code replayed in a fresh session: refused
    answer = through_provider(client, house, "dana", "dana-pw-1")
    assert answer.status_code == 302
    client.logout()
    client.get(reverse("directory:oidc-start", args=[house.slug]))  # a state of its own
    replay = client.get(answer.wsgi_request.get_full_path())
    assert replay.status_code == 400 and SESSION_KEY not in client.session


def test_a_deactivated_person_is_refused_in_words(client, house):
    through_provider(client, house, "dana", "dana-pw-1")
    person = User.objects.get(pk=client.session[SESSION_KEY])
    person.is_active = False
    person.save()
    assert client.get(reverse("home")).wsgi_request.user.is_anonymous  # the session ended
    refused = through_provider(client, house, "dana", "dana-pw-1")
    assert refused.status_code == 403 and "deactivated" in refused.content.decode()


def test_a_house_that_turned_passwords_off_refuses_them(client, house):
    TraineeFactory(house=house, username="local-lee", password="the-lee-password-9")
    credentials = {"username": "local-lee", "password": "the-lee-password-9"}
    assert client.post(reverse("login"), credentials).status_code == 302
    client.logout()
    Directory.objects.filter(house=house).update(site_passwords=False)
    page = client.post(reverse("login"), credentials)
    assert page.status_code == 200 and SESSION_KEY not in client.session
    # the house's page offers the provider only
    page = client.get(reverse("directory:sign-in", args=[house.slug])).content.decode()
    assert "Sign in with Riverboat staff login" in page and 'name="password"' not in page


def test_the_sign_in_page_leads_to_the_house_page(client, house):
    page = client.get(reverse("login")).content.decode()
    assert reverse("directory:find-house") in page
    answer = client.get(reverse("directory:find-house"), {"house": house.slug, "next": "/a?b=1&c"})
    assert (
        answer["Location"]
        == reverse("directory:sign-in", args=[house.slug]) + "?next=%2Fa%3Fb%3D1%26c"
    )
    # a next page off the site is not followed: home instead
    answer = client.get(
        reverse("directory:find-house"), {"house": house.slug, "next": "https://evil.test/"}
    )
    assert answer["Location"].endswith("?next=%2F")
    unknown = client.get(reverse("directory:find-house"), {"house": "no-such-house"}, follow=True)
    assert "There is no house with that short name." in unknown.content.decode()


@pytest.mark.parametrize(
    "spoil, named",
    [
        ("signing_key", "Client ID or issuer"),  # signed with a key the provider never published
        ("lifetime", "Client ID or issuer"),  # expired five minutes ago (past the 2 min leeway)
        ("audience", "Client ID or issuer"),  # issued for another client
        ("secret", "Client ID or client secret"),  # the house's secret is not the provider's
    ],
)
def test_an_id_token_that_does_not_check_out_signs_nobody_in(client, house, provider, spoil, named):
    saved = (provider.signing_key, provider.lifetime, provider.audience)
    if spoil == "signing_key":
        provider.signing_key = RSAKey.generate_key(
            2048, parameters={"kid": "test-key"}, private=True
        )
    elif spoil == "lifetime":
        provider.lifetime = -300
    elif spoil == "audience":
        provider.audience = "another-client"
    else:
        directory = Directory.objects.get(house=house)
        directory.oidc_client_secret = "not-the-secret"
        directory.save()
    try:
        refused = through_provider(client, house, "dana", "dana-pw-1")
    finally:
        provider.signing_key, provider.lifetime, provider.audience = saved
    assert refused.status_code == 400 and SESSION_KEY not in client.session
    assert not User.objects.filter(username="dana").exists()
    event = ProvisioningEvent.objects.get(house=house, action="refused")
    assert event.detail.startswith(named) and "not-the-secret" not in event.detail


def test_a_name_locked_by_wrong_passwords_is_refused_by_the_provider_too(client, house, settings):
    """The site's sign-in throttle counts every method: a name locked out on the password form
    is refused after the provider's round trip as well."""
    settings.LOGIN_FAILURES_PER_USERNAME = 2
    for _ in range(2):
        client.post(reverse("login"), {"username": "dana", "password": "guess"})
    refused = through_provider(client, house, "dana", "dana-pw-1")
    assert refused.status_code in (403, 429) and SESSION_KEY not in client.session
    assert not User.objects.filter(username="dana").exists()


def test_a_house_whose_claim_is_the_employee_number_links_the_account_it_already_has(
    client, house, provider
):
    """The house's people already have accounts here (made by CSV import, say) with their
    employee numbers: the provider's employee-number claim reaches each one's own account,
    whatever the username, and the account keeps its history."""
    Directory.objects.filter(house=house).update(
        oidc_username_claim="employee_number", oidc_username_is_employee_number=True
    )
    existing = TraineeFactory(house=house, username="dana-r", employee_number="E-1001")
    provider.people["dana"].employee_number = "E-1001"
    try:
        answer = through_provider(client, house, "dana", "dana-pw-1")
    finally:
        provider.people["dana"].employee_number = ""
    assert answer.status_code == 302 and int(client.session[SESSION_KEY]) == existing.pk
    assert Identity.objects.get(user=existing).subject == "sub-dana"
    assert ProvisioningEvent.objects.filter(person=existing, action="linked").exists()
    assert User.objects.filter(house=house).count() == 1
