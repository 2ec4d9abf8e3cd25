"""The product's documentation, served as pages from the same Markdown files as the
repository's `docs/`: the rulebook, the glossary, the ruling API reference and the operator notes.

Signed-in staff (supervisors, games managers, superusers) read them all; trainees read the
rulebook, which is what they are trained on, and the glossary of its words. The API reference
and the operator notes describe doors trainees do not use (a script's JSON, the server's
settings) and stay with staff.

A doc `<name>.md` is written in the site's default language (English); a translation of it sits
beside it as `<name>.<lang>.md` (`rulebook.es.md`) and is served to a reader whose active
language is `<lang>`, with links to the doc's other languages (`?lang=en`). A new language's
translation needs no code: only the file.

Markdown is rendered with markdown-it-py, CommonMark with tables, with raw HTML turned off: an
HTML tag in a doc is shown as text, never run. Headings get anchors (the same as a Git host
gives them, so links like `#house-rules` work on both), and a link to another doc (`api.md`)
becomes a link to its page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.text import slugify
from django.utils.translation import get_language, get_language_info, gettext
from django.utils.translation import gettext_lazy as _
from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml

#: permissions that make a signed-in user staff here (trainer/houses/roles.py)
STAFF_PERMISSIONS = ("houses.review_trainees", "houses.manage_tables")
TRAINEE_PERMISSION = "houses.practise_drills"


def _primary(code: str) -> str:
    """The language of a code without its region: "es-mx" and "es" are both "es"."""
    return code.split("-")[0].lower()


#: the language the docs' plain `<name>.md` files are written in
DEFAULT_LANGUAGE = _primary(settings.LANGUAGE_CODE)


@dataclass(frozen=True)
class Doc:
    slug: str
    title: str | Promise
    filename: str
    #: whether trainees may read it (staff read every doc)
    for_trainees: bool = False

    @property
    def path(self):
        return settings.BASE_DIR / "docs" / self.filename

    def path_in(self, language: str):
        """The file of the doc in `language` (one of `languages()`)."""
        if language == DEFAULT_LANGUAGE:
            return self.path
        return self.path.with_suffix(f".{language}.md")

    def languages(self) -> list[str]:
        """The site's languages the doc is written in, the default language first."""
        return [DEFAULT_LANGUAGE] + [
            code
            for code in (_primary(code) for code, _name in settings.LANGUAGES)
            if code != DEFAULT_LANGUAGE and self.path_in(code).is_file()
        ]

    def language_for(self, active: str | None) -> str:
        """The language to serve the doc in to a reader whose active language is `active`:
        its own where the doc has it, else the default language."""
        wanted = _primary(active or DEFAULT_LANGUAGE)
        return wanted if wanted in self.languages() else DEFAULT_LANGUAGE


DOCS: dict[str, Doc] = {
    doc.slug: doc
    for doc in (
        Doc("rulebook", _("Rulebook"), "rulebook.md", for_trainees=True),
        Doc("glossary", _("Glossary"), "glossary.md", for_trainees=True),
        Doc("api", _("Rulings for other systems"), "api.md"),
        Doc("operations", _("Operator notes"), "operations.md"),
    )
}
_BY_FILENAME = {doc.filename: doc for doc in DOCS.values()}
_DOC_LINK = re.compile(r"^(?P<name>[a-z0-9-]+)(?:\.(?P<lang>[a-z]{2}))?\.md(?P<anchor>#[\w-]*)?$")


def is_staff(user) -> bool:
    return user.is_superuser or any(user.has_perm(p) for p in STAFF_PERMISSIONS)


def may_read(user, doc: Doc) -> bool:
    if not user.is_authenticated:
        return False
    if is_staff(user):
        return True
    return doc.for_trainees and user.has_perm(TRAINEE_PERMISSION)


def readable_by(user) -> list[Doc]:
    return [doc for doc in DOCS.values() if may_read(user, doc)]


# raw HTML off: a tag in a doc is escaped, not passed through
_MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")


def _table_in_a_scroll_box(self, tokens, idx, options, env):
    # a table wider than a phone scrolls sideways in its own box, which takes the keyboard
    # focus so that it scrolls without a mouse too (axe: scrollable-region-focusable)
    html = self.renderToken(tokens, idx, options, env)
    if tokens[idx].type == "table_close":
        return html + "</div>\n"
    # each box named apart (axe: landmark-unique), by its number and the heading it is under
    env["tables"] = number = env.get("tables", 0) + 1
    heading = next(
        (tokens[i + 1].content for i in range(idx - 1, -1, -1) if tokens[i].type == "heading_open"),
        "",
    )
    name = escapeHtml(
        gettext("Table %(number)s: %(heading)s") % {"number": number, "heading": heading}
        if heading
        else gettext("Table %(number)s") % {"number": number}
    )
    return f'<div class="table-scroll" tabindex="0" role="region" aria-label="{name}">{html}'


_MARKDOWN.add_render_rule("table_open", _table_in_a_scroll_box)
_MARKDOWN.add_render_rule("table_close", _table_in_a_scroll_box)


@dataclass(frozen=True)
class Heading:
    level: int
    text: str
    anchor: str


def render_markdown(text: str) -> tuple[str, list[Heading]]:
    """The HTML of `text` and its table of contents (its level-2 and level-3 headings):
    every heading gets an `id` anchor, and raw HTML comes out escaped
    (tests/docs/test_docs_pages.py shows both)."""
    env: dict = {}
    tokens = _MARKDOWN.parse(text, env)
    toc: list[Heading] = []
    used: set[str] = set()
    for i, token in enumerate(tokens):
        if token.type == "heading_open":
            inline = tokens[i + 1]
            words = "".join(
                child.content
                for child in inline.children or []
                if child.type in ("text", "code_inline")
            )
            anchor = base = slugify(words) or "section"
            n = 1
            while anchor in used:  # a repeated heading gets -1, -2 ... as a Git host does
                anchor = f"{base}-{n}"
                n += 1
            used.add(anchor)
            token.attrSet("id", anchor)
            level = int(token.tag[1])
            if level in (2, 3):
                toc.append(Heading(level, words, anchor))
        elif token.type == "inline":
            for child in token.children or []:
                if child.type == "link_open":
                    _point_at_page(child)
    return _MARKDOWN.renderer.render(tokens, _MARKDOWN.options, env), toc


def _point_at_page(link) -> None:
    """A link to another doc's file (`api.md#errors`) goes to that doc's page, and a link to
    one of its translations (`rulebook.es.md`) to the page in that language."""
    match = _DOC_LINK.match(str(link.attrGet("href") or ""))
    doc = _BY_FILENAME.get(f"{match['name']}.md") if match else None
    if match and doc is not None:
        href = reverse("docs:page", args=[doc.slug])
        if match["lang"] and match["lang"] in doc.languages():
            href += f"?lang={match['lang']}"
        link.attrSet("href", href + (match["anchor"] or ""))


@dataclass(frozen=True)
class Version:
    """A doc in one language, as a page links to it."""

    language: str
    #: the language's name in that language ("English", "español")
    name: str
    url: str


def _version(doc: Doc, language: str) -> Version:
    url = reverse("docs:page", args=[doc.slug]) + f"?lang={language}"
    return Version(language, get_language_info(language)["name_local"], url)


@login_required
def index(request):
    """The docs the signed-in user may read."""
    return render(request, "core/docs_index.html", {"docs": readable_by(request.user)})


@login_required
def page(request, name: str):
    """One doc as a page, with its table of contents, in the reader's language where the doc
    is written in it (or in the language `?lang=` asks for); an unknown name or language is
    404."""
    doc = DOCS.get(name)
    if doc is None:
        raise Http404(gettext("There is no such document."))
    if not may_read(request.user, doc):
        raise PermissionDenied(gettext("This document is for supervisors and games managers."))
    language = request.GET.get("lang") or doc.language_for(get_language())
    if language not in doc.languages():
        raise Http404(gettext("This document is not written in that language."))
    html, toc = render_markdown(doc.path_in(language).read_text(encoding="utf-8"))
    context = {
        "doc": doc,
        "html": html,
        "toc": toc,
        "docs": readable_by(request.user),
        "language": language,
        "others": [_version(doc, other) for other in doc.languages() if other != language],
    }
    return render(request, "core/doc.html", context)
