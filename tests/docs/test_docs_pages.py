"""The docs served as pages: who may read which, rendered from docs/*.md with a table of
contents, raw HTML escaped, unknown names 404, and the footer links to them."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import UserFactory
from trainer.site.docs import DOCS, render_markdown

STAFF_ONLY = ("api", "operations")


def page(slug: str) -> str:
    return reverse("docs:page", args=[slug])


@pytest.fixture
def no_role(demo):
    """Signed in, of the house, but in no role group."""
    return UserFactory(house=demo, username="nobody-nina")


@pytest.mark.parametrize("who", ["supervisor", "manager", "superuser"])
@pytest.mark.parametrize("slug", list(DOCS))
def test_staff_read_every_doc(client, db, request, who, slug):
    # `db` named here, not only through getfixturevalue: pytest-django orders tests by the
    # fixtures they name, and one that reaches the database late could run after a
    # transactional test has flushed the role groups
    client.force_login(request.getfixturevalue(who))
    response = client.get(page(slug))
    assert response.status_code == 200
    assert DOCS[slug].title in response.content.decode()


def test_trainees_read_the_rulebook(trainee_client):
    response = trainee_client.get(page("rulebook"))
    assert response.status_code == 200
    assert "Mississippi Gonorrhea" in response.content.decode()


@pytest.mark.parametrize("slug", STAFF_ONLY)
def test_trainees_may_not_read_the_api_or_operator_notes(trainee_client, slug):
    assert trainee_client.get(page(slug)).status_code == 403


@pytest.mark.parametrize("slug", list(DOCS))
def test_a_user_without_a_role_reads_none(client, no_role, slug):
    client.force_login(no_role)
    assert client.get(page(slug)).status_code == 403


@pytest.mark.parametrize("slug", list(DOCS))
def test_anonymous_visitors_are_sent_to_sign_in(client, db, slug):
    response = client.get(page(slug))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_the_index_lists_what_the_user_may_read(trainee_client, client, supervisor):
    listed = trainee_client.get(reverse("docs:index")).content.decode()
    assert page("rulebook") in listed and page("api") not in listed
    client.force_login(supervisor)
    listed = client.get(reverse("docs:index")).content.decode()
    assert all(page(slug) in listed for slug in DOCS)


@pytest.mark.parametrize("name", ["nothing", "rulebook.md", "README", "settings"])
def test_unknown_doc_names_are_404(client, supervisor, name):
    client.force_login(supervisor)
    assert client.get(f"/docs/{name}/").status_code == 404


def test_a_page_has_its_table_of_contents_with_working_anchors(client, supervisor):
    client.force_login(supervisor)
    html = client.get(page("api")).content.decode()
    assert 'href="#errors"' in html and '<h2 id="errors">' in html
    assert 'href="#the-http-api"' in html and '<h2 id="the-http-api">' in html
    # a link to another doc's file goes to its page
    assert f'href="{page("rulebook")}"' in html


def test_rendering_escapes_raw_html_and_anchors_headings():
    html, toc = render_markdown(
        "# Doc\n\n## The `rule` command\n\n<script>alert(1)</script>\n\n"
        "## Errors\n\n### Errors\n\n[see](api.md#errors) [out](https://example.com)"
    )
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert [(h.level, h.text, h.anchor) for h in toc] == [
        (2, "The rule command", "the-rule-command"),
        (2, "Errors", "errors"),
        (3, "Errors", "errors-1"),
    ]
    assert 'href="/docs/api/#errors"' in html
    assert 'href="https://example.com"' in html


def test_the_footer_links_to_the_docs(client, supervisor):
    client.force_login(supervisor)
    html = client.get(reverse("home")).content.decode()
    assert f'href="{reverse("docs:index")}"' in html


def test_the_footer_has_no_docs_link_for_visitors(client, db):
    html = client.get(reverse("home")).content.decode()
    assert f'href="{reverse("docs:index")}"' not in html
