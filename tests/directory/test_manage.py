"""The games manager's Directory page: who may see it, the provider's settings checked as they
are saved (a wrong one named in words, never a 500), secrets sealed and never shown again,
SCIM tokens issued once and revoked, every change in the provisioning log."""

import pytest
from django.urls import reverse

from trainer.directory.models import Directory, GroupRole, ProvisioningEvent, ScimToken
from trainer.houses.roles import SUPERVISOR, TRAINEE

#: every test reaches the database (some only through fixtures asked for by name)
pytestmark = pytest.mark.django_db

SECRET = "the-client-secret-4f9a"


def settings_post(provider, **changes):
    data = {
        "site_passwords": "on",
        "oidc_enabled": "on",
        "oidc_name": "Demo staff login",
        "oidc_issuer": provider.issuer,
        "oidc_client_id": "the-client",
        "oidc_client_secret": SECRET,
        "oidc_username_claim": "preferred_username",
        "oidc_groups_claim": "groups",
        "ldap_user_filter": "(uid=%(user)s)",
        "groups-TOTAL_FORMS": "2",
        "groups-INITIAL_FORMS": "0",
        "groups-MIN_NUM_FORMS": "0",
        "groups-MAX_NUM_FORMS": "1000",
        "groups-0-group": "dealers",
        "groups-0-role": TRAINEE,
        "groups-1-group": "pit-bosses",
        "groups-1-role": SUPERVISOR,
    }
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


@pytest.mark.parametrize("who", ["trainee", "supervisor"])
def test_only_games_managers_see_the_page(client, request, who):
    client.force_login(request.getfixturevalue(who))
    assert client.get(reverse("directory:manage")).status_code == 403
    assert client.post(reverse("directory:issue-token"), {"name": "x"}).status_code == 403
    assert not ScimToken.objects.exists()


def test_a_manager_sets_the_provider_and_the_group_map(client, manager, demo, provider):
    client.force_login(manager)
    assert client.get(reverse("directory:manage")).status_code == 200
    saved = client.post(reverse("directory:manage"), settings_post(provider))
    assert saved.status_code == 302, saved.content.decode()[:2000]
    directory = Directory.objects.get(house=demo)
    assert directory.oidc_ready and directory.oidc_client_secret == SECRET
    # sealed: the secret is not in the database's text
    assert SECRET not in directory.oidc_client_secret_sealed
    assert set(GroupRole.objects.filter(house=demo).values_list("group", "role")) == {
        ("dealers", TRAINEE),
        ("pit-bosses", SUPERVISOR),
    }
    page = client.get(reverse("directory:manage")).content.decode()
    assert SECRET not in page and "Demo staff login" in page
    # saved again without the secret: the sealed one is kept
    again = settings_post(provider, oidc_client_secret="", **{"groups-TOTAL_FORMS": "0"})
    assert client.post(reverse("directory:manage"), again).status_code == 302
    assert Directory.objects.get(house=demo).oidc_client_secret == SECRET
    assert ProvisioningEvent.objects.filter(house=demo, action="settings", actor=manager).exists()


@pytest.mark.parametrize(
    "issuer, words",
    [
        ("http://127.0.0.1:9/", "no OpenID Connect configuration could be read"),
        ("PROVIDER/", "the provider calls itself"),
    ],
)
def test_a_wrong_issuer_is_named_in_words_and_nothing_is_saved(
    client, manager, demo, provider, issuer, words
):
    client.force_login(manager)
    issuer = issuer.replace("PROVIDER", provider.issuer)
    answer = client.post(reverse("directory:manage"), settings_post(provider, oidc_issuer=issuer))
    assert answer.status_code == 200
    assert words in answer.content.decode() and "Issuer" in answer.content.decode()
    assert not Directory.objects.filter(house=demo).exists()
    assert not GroupRole.objects.filter(house=demo).exists()


def test_missing_settings_and_passwords_off_without_another_way_are_refused(
    client, manager, demo, provider
):
    client.force_login(manager)
    answer = client.post(
        reverse("directory:manage"),
        settings_post(provider, oidc_enabled=None, site_passwords=None, oidc_client_id=""),
    )
    assert (
        answer.status_code == 200
        and "otherwise nobody of the house could sign in" in answer.content.decode()
    )
    answer = client.post(reverse("directory:manage"), settings_post(provider, oidc_client_id=""))
    assert "Needed to sign in with the provider." in answer.content.decode()
    answer = client.post(
        reverse("directory:manage"),
        settings_post(
            provider, oidc_enabled=None, ldap_enabled="on", ldap_uri="http://x", ldap_user_base=""
        ),
    )
    text = answer.content.decode()
    assert "ldap://host:389" in text and "Needed to check passwords against LDAP." in text
    assert not Directory.objects.filter(house=demo).exists()


def test_a_token_is_shown_once_kept_as_a_digest_and_revoked(client, manager, demo, caplog):
    client.force_login(manager)
    issued = client.post(reverse("directory:issue-token"), {"name": "Okta provisioning"})
    assert (
        issued.status_code == 200
        and issued["Cache-Control"].startswith("no-store")
        or "no-store" in issued["Cache-Control"]
    )
    page = issued.content.decode()
    secret = page.split('<code class="token">')[1].split("</code>")[0]
    assert secret.startswith("scim_") and len(secret) > 40
    token = ScimToken.objects.get(house=demo)
    assert secret not in (token.digest, token.hint) and ScimToken.objects.holding(secret) == token
    assert secret not in client.get(reverse("directory:manage")).content.decode()
    assert secret not in caplog.text
    assert client.post(reverse("directory:revoke-token", args=[token.pk])).status_code == 302
    assert ScimToken.objects.holding(secret) is None
    log = client.get(reverse("directory:log")).content.decode()
    assert "provisioning token issued" in log and "provisioning token revoked" in log


def test_another_houses_token_cannot_be_revoked(client, manager, riverboat, other_supervisor):
    token, _ = ScimToken.issue(house=riverboat, name="theirs", by=other_supervisor)
    client.force_login(manager)
    assert client.post(reverse("directory:revoke-token", args=[token.pk])).status_code == 404
    token.refresh_from_db()
    assert token.revoked_at is None
