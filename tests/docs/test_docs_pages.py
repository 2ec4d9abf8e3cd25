"""The docs served as pages: who may read which, rendered from docs/*.md with a table of
contents, raw HTML escaped, unknown names 404, each in the reader's language where it is
translated (`rulebook.es.md` to a Spanish reader) with links to its other languages, and the
footer links to them."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from tests.factories import UserFactory
from trainer.site.docs import DOCS, Doc, render_markdown

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
    assert str(DOCS[slug].title) in response.content.decode()


def test_trainees_read_the_rulebook(trainee_client):
    response = trainee_client.get(page("rulebook"))
    assert response.status_code == 200
    assert "Mississippi Gonorrhea" in response.content.decode()


def test_trainees_read_the_glossary(trainee_client):
    response = trainee_client.get(page("glossary"))
    assert response.status_code == 200
    assert "la mano de la banca" in response.content.decode()


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


# -- the reader's language -----------------------------------------------------------------


def in_spanish(client, url: str):
    """The page as a Spanish reader gets it: the language active (and asked for by the browser,
    for the locale middleware)."""
    with translation.override("es"):
        return client.get(url, HTTP_ACCEPT_LANGUAGE="es")


def test_a_spanish_reader_gets_the_spanish_rulebook_with_a_link_to_the_english(trainee_client):
    html = in_spanish(trainee_client, page("rulebook")).content.decode()
    assert '<h1 id="reglamento">Reglamento</h1>' in html and "Rulebook</h1>" not in html
    assert '<article class="doc" lang="es">' in html
    # its own anchors: the contents and the links within it go to Spanish headings
    assert 'href="#reglas-de-la-casa"' in html and '<h2 id="reglas-de-la-casa">' in html
    assert f'href="{page("rulebook")}?lang=en" hreflang="en" lang="en">English</a>' in html


def test_an_english_reader_gets_the_english_rulebook_with_a_link_to_the_spanish(trainee_client):
    with translation.override("en"):
        html = trainee_client.get(page("rulebook"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<h1 id="rulebook">Rulebook</h1>' in html and '<article class="doc" lang="en">' in html
    assert f'href="{page("rulebook")}?lang=es" hreflang="es" lang="es">español</a>' in html


def test_the_other_languages_version_is_one_link_away(trainee_client):
    html = in_spanish(trainee_client, page("rulebook") + "?lang=en").content.decode()
    assert '<h1 id="rulebook">Rulebook</h1>' in html
    assert f'href="{page("rulebook")}?lang=es"' in html


def test_a_doc_not_translated_is_served_in_english_without_language_links(client, supervisor):
    client.force_login(supervisor)
    html = in_spanish(client, page("api")).content.decode()
    assert '<article class="doc" lang="en">' in html and "?lang=" not in html


@pytest.mark.parametrize("lang", ["fr", "ES", "es-mx", "../rulebook"])
def test_a_language_the_doc_is_not_written_in_is_404(client, supervisor, lang):
    client.force_login(supervisor)
    response = client.get(page("api"), {"lang": lang})
    assert response.status_code == 404
    assert client.get(page("rulebook"), {"lang": lang}).status_code == 404


def test_a_link_to_a_translation_goes_to_its_page_in_that_language():
    html, _toc = render_markdown("[es](rulebook.es.md#reglas-de-la-casa) [en](rulebook.md)")
    assert f'href="{page("rulebook")}?lang=es#reglas-de-la-casa"' in html
    assert f'href="{page("rulebook")}"' in html


def test_any_doc_is_served_in_each_language_it_has_a_file_for(settings, tmp_path):
    """No list of translations: a `<name>.<lang>.md` beside `<name>.md` is the translation,
    for a language the site has."""
    (tmp_path / "docs").mkdir()
    for name in ("notes.md", "notes.es.md", "notes.fr.md"):  # French is not a site language
        (tmp_path / "docs" / name).write_text("# Notes\n", encoding="utf-8")
    settings.BASE_DIR = tmp_path
    notes, other = Doc("notes", "Notes", "notes.md"), Doc("other", "Other", "other.md")
    assert notes.languages() == ["en", "es"] and other.languages() == ["en"]
    assert notes.path_in("es") == tmp_path / "docs" / "notes.es.md"
    assert notes.language_for("es-mx") == "es" and notes.language_for("fr") == "en"
    assert other.language_for("es") == "en" and notes.language_for(None) == "en"
