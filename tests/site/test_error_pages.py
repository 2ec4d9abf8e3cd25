"""The site's own 403, 404, 500 and 503 pages: the layout, the navigation and a plain sentence, with
DEBUG off (as in production; pytest-django turns it off for every test)."""

import pytest
from django.conf import settings
from django.db import InterfaceError
from django.middleware.csrf import get_token
from django.template import loader
from django.test import RequestFactory
from django.views import defaults

from trainer.core import outage

LAYOUT = ('class="site-header"', '<nav aria-label="Main">', 'id="main"', 'href="#main"')


def has_layout(html: str) -> bool:
    return all(mark in html for mark in LAYOUT)


def test_debug_is_off_here():
    assert not settings.DEBUG


def test_a_missing_page_is_the_sites_own(client, db):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    html = response.content.decode()
    assert has_layout(html)
    assert "<h1" in html and "Page not found" in html
    assert "Not Found</h1>" not in html  # not Django's bare page


def test_a_signed_in_404_shows_that_persons_navigation(trainee_client):
    html = trainee_client.get("/cases/demo/987654321/").content.decode()
    assert has_layout(html)
    assert 'href="/drills/"' in html  # the trainee's own navigation
    assert "trainee-tina" in html  # signed in, as the header says


def test_a_page_not_for_your_role_is_the_sites_own_403(trainee_client):
    response = trainee_client.get("/cases/")  # cases are for supervisors and games managers
    assert response.status_code == 403
    html = response.content.decode()
    assert has_layout(html)
    assert "This page is not for your role" in html
    assert "403 Forbidden" not in html


def test_the_500_page_renders_with_no_request_and_no_database():
    """Django's handler renders 500.html with an empty context; no database is touched here
    (this test has no database access: a query would fail it)."""
    html = loader.get_template("500.html").render()
    assert has_layout(html)
    assert "Something went wrong" in html
    response = defaults.server_error(RequestFactory().get("/"))
    assert response.status_code == 500
    assert has_layout(response.content.decode())


def test_an_error_in_a_view_answers_the_500_page(client, db, settings):
    settings.ROOT_URLCONF = "tests.site.broken_urls"
    client.raise_request_exception = False
    response = client.get("/broken/")
    assert response.status_code == 500
    assert has_layout(response.content.decode())
    assert "Traceback" not in response.content.decode()


def in_words(response) -> bool:
    """The 503 page of a lost database (trainer.core.outage), not a bare error."""
    html = response.content.decode()
    return (
        response.status_code == 503
        and response["Retry-After"] == str(outage.RETRY_AFTER_SECONDS)
        and has_layout(html)
        and "The database could not be reached" in html
        and "try again in a moment" in html
        and "Server Error" not in html
    )


def test_a_view_that_loses_the_database_answers_503_in_words(client, db, settings):
    settings.ROOT_URLCONF = "tests.site.broken_urls"
    assert in_words(client.get("/database-lost/"))


def test_a_database_error_outside_a_view_answers_503_and_any_other_the_500_page():
    """The site's handler500, as Django calls it for an error raised in a middleware (the
    signed-in user's first read): drawn with no database (this test has no database access)."""
    request = RequestFactory().get("/")
    try:
        raise InterfaceError("connection already closed")
    except InterfaceError:
        assert in_words(outage.server_error(request))
    try:
        raise RuntimeError("a bug")
    except RuntimeError:
        assert outage.server_error(request).status_code == 500


def test_the_csrf_refusal_has_the_same_look(db):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    response = client.post("/accounts/login/", {"username": "x", "password": "y"})
    assert response.status_code == 403
    html = response.content.decode()
    assert has_layout(html) and "Nothing was saved" in html


@pytest.mark.parametrize("template", ["403.html", "404.html", "403_csrf.html"])
def test_each_refusal_names_a_way_on(rf, db, template):
    request = rf.get("/")
    get_token(request)
    html = loader.render_to_string(template, {"message": "m"}, request=request)
    assert 'href="/"' in html  # Home, in the page itself as well as the navigation
