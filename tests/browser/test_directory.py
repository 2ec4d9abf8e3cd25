"""The directory in Chromium: a games manager sets the house's identity provider and
group map on the Directory page, and a trainee signs in through the provider (a real OpenID
Connect provider on a real port: tests/directory/provider.py) from the house's sign-in page."""

import pytest

from tests.browser.conftest import sign_in
from tests.directory.conftest import provider  # noqa: F401  (the provider, once a session)
from tests.factories import PASSWORD, ManagerFactory
from trainer.houses.models import User

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_manager_sets_the_provider_and_a_trainee_signs_in_through_it(
    page,
    live_server,
    demo,
    provider,  # noqa: F811
):
    manager = ManagerFactory(house=demo, username="manager-max")
    client = provider.register(f"{live_server.url}/directory/{demo.slug}/sign-in/callback")
    sign_in(page, manager.username, PASSWORD)
    page.goto("/desk/")
    page.get_by_role("link", name="Directory and sign-in").click()
    page.check("#id_oidc_enabled")
    page.fill("#id_oidc_name", "Demo staff login")
    page.fill("#id_oidc_issuer", provider.issuer)
    page.fill("#id_oidc_client_id", client.client_id)
    page.fill("#id_oidc_client_secret", client.client_secret)
    page.fill("#id_groups-0-group", "dealers")
    page.select_option("#id_groups-0-role", label="Trainee")
    page.get_by_role("button", name="Save").click()
    page.get_by_text("The directory's settings are saved.").wait_for()
    page.get_by_role("button", name="Sign out").click()

    # a trainee the site has never met, from the general sign-in page to the house's
    page.goto("/accounts/login/")
    page.fill("#house-short-name", demo.slug)
    page.get_by_role("button", name="Go to my house's sign-in").click()
    page.get_by_role("link", name="Sign in with Demo staff login").click()
    page.fill("#idp-username", "dana")
    page.fill("#idp-password", "dana-pw-1")
    page.click("#idp-submit")
    page.wait_for_url(f"{live_server.url}/")
    dana = User.objects.get(username="dana")
    assert page.get_by_role("link", name="dana").is_visible()  # the header names who is in
    assert dana.house == demo and list(dana.groups.values_list("name", flat=True)) == ["Trainee"]
