"""Every desk page is for a games manager of the house (or a superuser), signed in: anyone
signed out is sent to sign in, a trainee or a supervisor is refused (403), and another
house's games manager finds none of this house's versions (404, as one that does not exist).
Every write is a POST with the CSRF token."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.desk.conftest import table_of
from tests.factories import SupervisorFactory, TraineeFactory
from trainer.houses.models import PaytableVersion


def pages(demo) -> list[tuple[str, str]]:
    """(method, URL) of every desk address, with a demo-house version where one is named."""
    version = table_of(demo, "mississippi-stud")
    return [
        ("get", reverse("desk:home")),
        ("get", reverse("desk:design-game", args=["mississippi-stud"])),
        ("post", reverse("desk:design-game-preview", args=["mississippi-stud"])),
        ("get", reverse("desk:version", args=[version.pk])),
        ("get", reverse("desk:version-pdf", args=[version.pk])),
        ("get", reverse("desk:design", args=[version.pk])),
        ("post", reverse("desk:design-preview", args=[version.pk])),
        ("get", reverse("desk:activate", args=[version.pk])),
        ("get", reverse("desk:sheet", args=[version.pk])),
        ("post", reverse("desk:compute", args=[version.pk])),
        ("get", reverse("desk:rules")),
        ("get", reverse("desk:chips")),
        ("get", reverse("desk:pending")),
        ("get", reverse("desk:pace")),
        ("get", reverse("desk:house")),
        ("post", reverse("desk:decide", args=[1])),
    ]


def test_every_page_is_named_here():
    from trainer.desk.urls import urlpatterns

    assert len(urlpatterns) == 16  # one (method, URL) above for each


def test_signed_out_every_page_sends_to_sign_in(client, demo):
    for method, url in pages(demo):
        response = getattr(client, method)(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith(reverse("login")), url


@pytest.mark.parametrize("factory", [TraineeFactory, SupervisorFactory])
def test_a_trainee_or_a_supervisor_is_refused_every_page(client, demo, factory):
    client.force_login(factory(house=demo))
    for method, url in pages(demo):
        assert getattr(client, method)(url).status_code == 403, url


def test_another_houses_manager_finds_none_of_its_versions(client, demo, other_manager):
    client.force_login(other_manager)
    for method, url in pages(demo):
        if "/versions/" in url:
            assert getattr(client, method)(url).status_code == 404, url
    # and their own desk names nothing of the demo house
    page = client.get(reverse("desk:home")).content.decode()
    assert "Riverboat" in page and "Demo" not in page
    assert "Straight pays 5 to 1" not in page  # a demo-house draft's label


def test_a_forged_version_id_is_404(desk):
    missing = (PaytableVersion.objects.order_by("-pk").first().pk or 0) + 1000
    for name in ("desk:version", "desk:design", "desk:activate"):
        assert desk.get(reverse(name, args=[missing])).status_code == 404
    assert desk.post(reverse("desk:compute", args=[missing])).status_code == 404


def test_an_unknown_game_is_404(desk):
    assert desk.get(reverse("desk:design-game", args=["no-such-game"])).status_code == 404
    # a game that pays from no table has no table to design
    assert desk.get(reverse("desk:design-game", args=["mississippi-gonorrhea"])).status_code == 404


def test_the_manager_and_a_superuser_open_every_page(desk, client, demo, superuser):
    for method, url in pages(demo):
        # a sheet's state and a change waiting are htmx's; the PDF waits for its sheet
        if method == "get" and not url.endswith(("/sheet/", "/waiting/", ".pdf")):
            assert desk.get(url).status_code == 200, url
    admin = Client()
    admin.force_login(superuser)
    version = table_of(demo, "mississippi-stud")
    assert admin.get(reverse("desk:version", args=[version.pk])).status_code == 200


def test_a_post_without_the_csrf_token_is_refused(manager, demo):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(manager)
    version = table_of(demo, "mississippi-stud", 2)
    response = strict.post(reverse("desk:compute", args=[version.pk]))
    assert response.status_code == 403
    response = strict.post(reverse("desk:activate", args=[version.pk]), {"seen": "none:0"})
    assert response.status_code == 403
    version.refresh_from_db()
    assert not version.is_active
