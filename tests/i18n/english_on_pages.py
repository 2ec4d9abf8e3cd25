"""A Spanish page shows no English sentence of the catalogue.

A test middleware (listed in tests/settings.py only when the Spanish catalogue exists) reads
the visible text of every HTML page the tests receive in Spanish (Content-Language: es), as
tests/visible_words.py reads every page for code words, and fails the request when it holds,
verbatim, the English of a message the catalogue translates: a string left unmarked, marked
but translated before the language was known (gettext at import time, not gettext_lazy), or
drawn outside the request's language.

What is looked for is each English message's wording between its placeholders and tags, where
it is at least two words and its Spanish differs (a name such as "Mississippi Stud" stays as
it is, and "Error:" reads the same in both).  The admin is Django's own (it ships Spanish), and
the pages written for integrators and operators may stay English (the issue says so).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from tests.visible_words import DEVELOPER_PATHS, UNREAD_PATHS, VisibleText

from . import catalogue

#: what a message's wording is cut at: its placeholders and its tags
_CUTS = re.compile(catalogue.PLACEHOLDER.pattern + r"|<[^>]*>")
#: the fewest words of English looked for: one word is too often the same in Spanish
FEWEST_WORDS = 2


def fragments_of(entries: list[catalogue.Entry]) -> list[str]:
    """The English wordings to look for on a Spanish page, longest first.

    >>> entries = catalogue.parse('''
    ... msgid "Sign out"
    ... msgstr "Cerrar sesión"
    ...
    ... msgid "Seat %(seat)s of the <strong>Mississippi Stud</strong> table"
    ... msgstr "Asiento %(seat)s de la mesa de <strong>Mississippi Stud</strong>"
    ...
    ... msgid "Not yet translated"
    ... msgstr ""
    ... ''')
    >>> fragments_of(entries)
    ['Sign out', 'of the']
    """
    spanish = "\n".join(s for e in entries for s in e.strings)
    found = set()
    for entry in entries:
        if entry.header or entry.fuzzy or not all(entry.strings):
            continue
        for english, translated in entry.pairs():
            if english == translated:
                continue
            for piece in _CUTS.split(english):
                words = " ".join(piece.split()).strip(" .,:;")
                if len(words.split()) >= FEWEST_WORDS and words not in spanish:
                    found.add(words)
    return sorted(found, key=lambda f: (-len(f), f))


@cache
def english_pattern(path: Path = catalogue.SPANISH) -> re.Pattern[str] | None:
    """The catalogue's English wordings as one pattern (None when it translates none)."""
    fragments = fragments_of(catalogue.read(path)) if path.exists() else []
    if not fragments:
        return None
    alternatives = "|".join(re.escape(f).replace(r"\ ", r"\s+") for f in fragments)
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)")


def english_on_page(html: str, pattern: re.Pattern[str] | None) -> list[str]:
    """Each English wording of `pattern` the page shows, with the text around it.

    >>> pattern = re.compile(r"(?<!\\w)(?:Sign\\s+out)(?!\\w)")
    >>> english_on_page('<button>Sign out</button><p title="Sign out">Cerrar sesión</p>', pattern)
    ["'Sign out' in 'Sign out'", "'Sign out' in 'Sign out'"]
    >>> english_on_page("<p>Cerrar sesión</p><script>'Sign out'</script>", pattern)
    []
    """
    if pattern is None:
        return []
    parser = VisibleText()
    parser.feed(html)
    parser.close()
    found = []
    for part in parser.parts + parser.typed:
        text = " ".join(part.split())
        found.extend(f"{m.group()!r} in {text[:80]!r}" for m in pattern.finditer(text))
    return found


class NoEnglishOnSpanishPages:
    """Fails any HTML page served in Spanish whose visible text holds an English wording of the
    catalogue, naming the page."""

    def __init__(self, get_response):  # type: ignore[no-untyped-def]
        self.get_response = get_response

    def __call__(self, request):  # type: ignore[no-untyped-def]
        response = self.get_response(request)
        if (
            response.get("Content-Language", "").startswith("es")
            and response.get("Content-Type", "").startswith("text/html")
            and not getattr(response, "streaming", False)
            and not UNREAD_PATHS.match(request.path)
            and not DEVELOPER_PATHS.match(request.path)
        ):
            html = response.content.decode(response.charset or "utf-8")
            found = english_on_page(html, english_pattern())
            if found:
                raise AssertionError(
                    f"{request.method} {request.path} in Spanish shows English: "
                    + "; ".join(found[:20])
                )
        return response
