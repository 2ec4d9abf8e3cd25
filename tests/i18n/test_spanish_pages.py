"""Every page the suite walks, read as a Spanish user reads it, shows no English sentence of the
catalogue.

The pages are those of the accessibility walk (tests/browser/walk.py: each role's
pages of the URL conf, with things made as the site makes them; `test_every_page_is_walked`
keeps that list whole), asked here with Django's test client rather than a browser: each
signed-in user has chosen Spanish on their profile, the visitor's browser asks for it
(Accept-Language).  Each page's visible text is read for the catalogue's English wordings as
tests/i18n/english_on_pages.py reads every Spanish page the suite renders, and every one found
is listed with its page, so that one run shows them all.

What the rules engine writes in English and the catalogue does not hold as a message yet (a
drill's name, a situation, a reason) is not the pages' fault: a wording found inside a text the
engine's source writes (`engine_texts`, its values filled in) is left to the engine's messages,
and stops being left as soon as that text is one of the engine's messages in the catalogue.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.test import Client
from django.urls import reverse

from tests.browser.walk import ROLES, Page, pages_of, world
from tests.visible_words import DEVELOPER_PATHS, UNREAD_PATHS, VisibleText
from trainer.assessments.models import Assessment
from trainer.houses.models import User

from . import catalogue
from .catalogue import NO_CATALOGUE, SPANISH
from .english_on_pages import english_pattern

#: the language read, and the browser's wish of a visitor who is not signed in
SPANISH_CODE = "es"
#: pages that are rightly in two languages: the glossary sets each English term beside its
#: Spanish one, and the Spanish rulebook gives each audit situation's stored English key (the
#: CSV export's and the hand log's word) beside its Spanish
BILINGUAL_PATHS = re.compile(r"^/docs/(glossary|rulebook)/")
#: names that stay as they are in any language (a book's title), read as no wording
NAMES = ("Robert's Rules of Poker",)
#: English the site's Django code stores, found elsewhere than in the engine: the wording, and
#: where it comes from.  Left out of the failure so that the rest stays checked; each goes
#: when its source is fixed (the list should end up empty).
KNOWN_ELSEWHERE: dict[str, str] = {
    "after the deal": (
        "trainer/engine/games/banked_stud/parsheet.py: a stored par sheet names its decision "
        "points in English, and the desk's figures show them as stored"
    ),
    "house rules as they are now": (
        "trainer/houses/timeline.py: an audit keeps its words for the rules it used in the "
        "language it ran in (the report's line is stored, not drawn for its reader)"
    ),
}
#: a value in the engine's text: a placeholder of a string, an f-string's value
_ENGINE_VALUE = re.compile(r"\{[^{}]*\}|%(?:\([^)]*\))?[-#0+ ]*\d*(?:\.\d+)?[sdrfgi]")
#: the fewest words (or, in one word, letters) an engine text spells out in one piece for a
#: page's text to be read as its: "{a} pays {b}" is too little to know it by, "before {street}"
#: is enough
_FEWEST_WORDS, _FEWEST_LETTERS = 2, 6
ENGINE = Path(django_settings.BASE_DIR) / "trainer" / "engine"


def _plain(text: str) -> str:
    return " ".join(text.split()).casefold()


@dataclass(frozen=True)
class EngineText:
    """A text the engine's source writes: its longest piece of its own words, and the pattern
    of the whole, each value standing for any text."""

    longest: str
    pattern: re.Pattern[str]


def _engine_text(parts: list[str | None]) -> EngineText | None:
    """`parts`: the text's own words, and None for each value; None for a text whose own words
    are too few to know it by (a word or two around values: "{a} pays {b}")."""
    words = [_plain(p) for p in parts if p is not None and p.strip()]
    longest = max(words, key=len, default="")
    if len(longest.split()) < _FEWEST_WORDS and len(longest) < _FEWEST_LETTERS:
        return None
    pattern = "".join(
        r"\s*" + r"\s+".join(map(re.escape, p.split())) + r"\s*"
        if p is not None
        else (".*" if n == len(parts) - 1 else ".*?")
        for n, p in enumerate(parts)
    )
    return EngineText(longest, re.compile(pattern, re.I))


@cache
def engine_texts() -> tuple[EngineText, ...]:
    """The English the engine's source writes (each string, each f-string with its values),
    but for the engine's messages of the catalogue (referenced from trainer/engine).

    >>> any("pushed in seat order" in t.longest for t in engine_texts())
    True
    """
    entries = catalogue.read(SPANISH) if SPANISH.exists() else []
    messages = {
        _plain(e.msgid)
        for e in entries
        if any(r.startswith("trainer/engine/") for r in e.references)
    }
    found = set()
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        # a docstring is read by developers, not drawn on a page
        docstrings = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr)}
        for node in ast.walk(tree):
            if id(node) in docstrings:
                continue
            if isinstance(node, ast.JoinedStr):
                parts = [
                    v.value if isinstance(v, ast.Constant) and isinstance(v.value, str) else None
                    for v in node.values
                ]
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                if _plain(node.value) in messages:
                    continue
                parts = []
                for n, piece in enumerate(_ENGINE_VALUE.split(node.value)):
                    parts += [None, piece] if n else [piece]
            else:
                continue
            text = _engine_text(parts)
            if text is not None:
                found.add(text)
    return tuple(found)


def from_engine(wording: str, text: str) -> bool:
    """Whether the English `wording` found in `text` lies in a text the engine writes, as the
    page shows it (its values filled in)."""
    wording, text = _plain(wording), _plain(text)
    at = [m.span() for m in re.finditer(re.escape(wording), text)]
    for engine in engine_texts():
        if engine.longest not in text:
            continue
        for m in engine.pattern.finditer(text):
            # the engine's text around the wording, or the engine's text alone ("The chip
            # unit"): not the wording by itself within a sentence of the page's own
            if any(m.start() <= a and b <= m.end() for a, b in at) and (
                len(m.group().strip()) > len(wording) or m.group().strip() == text.strip(" .,:;")
            ):
                return True
    return False


def wordings(html: str) -> list[tuple[str, str]]:
    """Each English wording of the catalogue the page shows, with the text it is in."""
    for name in NAMES:
        html = html.replace(name, "")
    parser = VisibleText()
    parser.feed(html)
    parser.close()
    pattern = english_pattern()
    assert pattern is not None
    found = []
    for part in parser.parts + parser.typed:
        text = " ".join(part.split())
        found += [(m.group(), text) for m in pattern.finditer(text)]
    return found


def extra_pages(w) -> dict[str, list[Page]]:
    """The walk's pages seen by another user than a role's own (test_accessibility's
    `walk_as`): the other trainee's result and certificate, a new trainee's first password."""
    return {
        "trainee-otto": [
            Page("result", "", reverse("assessments:result", args=[w["finished"].pk])),
            Page("certificate", "", reverse("assessments:certificate", args=[w["certificate"].pk])),
        ],
        "new-fred": [Page("first password", "", reverse("first-password"))],
    }


def read(client: Client, pages: list[Page], who: str, engine: list[str]) -> list[str]:
    """What each page shows in English, for `who` (the engine's own English into `engine`); a
    page not in Spanish is itself a finding."""
    found = []
    for page in pages:
        response = client.get(page.url)
        assert response.status_code == page.status, (who, page, response.status_code)
        if any(p.match(page.url) for p in (UNREAD_PATHS, DEVELOPER_PATHS, BILINGUAL_PATHS)):
            continue  # the admin is Django's own; the integrators' docs may stay English
        where = f"{who} {page.label} {page.url}"
        if not response.get("Content-Language", "").startswith(SPANISH_CODE):
            found.append(f"{where}: not in Spanish")
            continue
        for wording, text in wordings(response.content.decode(response.charset or "utf-8")):
            said = f"{where}: {wording!r} in {text[:100]!r}"
            if from_engine(wording, text):
                engine.append(said)
            elif not any(known in text for known in KNOWN_ELSEWHERE):
                found.append(said)
    return found


@pytest.mark.slow
def test_every_page_read_in_spanish_shows_no_english_of_the_catalogue(
    settings, trainee, other_trainee, supervisor, manager
):
    if not SPANISH.exists():
        pytest.skip(NO_CATALOGUE)
    assert english_pattern() is not None, "the catalogue translates nothing to look for"
    # the pages are read here, each English wording listed, rather than failed one at a time
    settings.MIDDLEWARE = [m for m in settings.MIDDLEWARE if "NoEnglishOnSpanishPages" not in m]
    w = world(trainee, other_trainee, supervisor)
    # a test's title is its supervisor's words, in the house's language
    Assessment.objects.filter(title="Deal the round").update(title="Repartir la ronda")
    User.objects.update(language=SPANISH_CODE)
    users = {"trainee": trainee, "supervisor": supervisor, "manager": manager}
    found: list[str] = []
    engine: list[str] = []
    for role in ROLES:
        client = Client(HTTP_ACCEPT_LANGUAGE=SPANISH_CODE)
        if role != "anonymous":
            client.force_login(users[role])
        found += read(client, pages_of(role, w), role, engine)
    for username, pages in extra_pages(w).items():
        client = Client(HTTP_ACCEPT_LANGUAGE=SPANISH_CODE)
        client.force_login(User.objects.get(username=username))
        found += read(client, pages, username, engine)
    assert not found, f"{len(found)} English wordings on Spanish pages:\n" + "\n".join(found)


def test_a_wording_is_left_to_the_engine_only_inside_the_engines_own_text():
    # how a round's part is worked, as the engine writes it; the same words in a sentence of a
    # template not marked for translation are the page's
    assert from_engine("the pot", "paso 3: the pot is pushed in seat order from the dealer's left")
    assert not from_engine("the pot", "Pay the winners, then the pot goes to the rest")
    # a value the engine fills in is the engine's too ("fold on {street}")
    assert from_engine("3rd Street", "fold on 3rd Street: aún sin practicar")
    assert not from_engine("3rd Street", "3rd Street: aún sin practicar")
