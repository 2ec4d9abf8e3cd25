"""Every page the suite renders is read for code words a person should never see.

A test middleware (listed in `tests/settings.py`) reads the visible text of every HTML
response the tests receive, the browser tier's included, and fails the request on a word of
the code's rather than the trade's: an outcome's API name such as "no-qualify", Django's
empty choice "---------", or a template tag left unrendered (`CODE_WORDS`); and on a
developer's word a trainee, a supervisor or a manager would have to ask about: a file of the
repository, a data format, a library, a Python value printed as it is (`DEVELOPER_WORDS`);
and on a card written as its code ("Jd") where the felt would draw it (`CARD_CODE`).
The admin is Django's own and is not read; the documentation written for developers and
operators (the API reference, the operator notes) is read for code words only.
"""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser

#: what a person never reads on a page, and what to write instead
CODE_WORDS: dict[str, str] = {
    "(s)": "the singular or the plural, as the count says (ngettext)",
    "no-qualify": "the dealer's words for the outcome",
    "---------": "a label that says what choosing nothing means",
    "{{": "a rendered value (a template variable was left unrendered)",
    "{%": "a rendered tag (a template tag was left unrendered)",
}
#: what a trainee, a supervisor or a manager should not have to ask a developer about, and
#: what to write instead; each is a regular expression (a word is matched whole)
DEVELOPER_WORDS: dict[str, str] = {
    r"\bRULES\.md\b": "the rulebook, or the game's standard rules",
    r"\bREADME\b": "what the page itself says, or a link to the page that says it",
    r"\bJSON\b": "what the data holds, in the trade's words",
    r"\bAPI\b": "what it is for: a ruling, a report",
    r"\bIANA\b": '"time zone", with an example such as Europe/London',
    r"\bAnki": "what the setting does for the trainee's practice",
    r"\bFSRS\b": "the practice schedule",
    r"\b[Dd]esired retention\b": "what the figure means: how often a skill comes back",
    r"\bscheduler's\b": "the practice schedule, or what it predicts in plain words",
    r"\b[Ss]lugs?\b": "the name the page shows for it",
    r"\b[Rr]egex(?:es|p)?\b": "what a valid entry looks like, with an example",
    r"\brepositor(?:y|ies)\b": "the site's pages, or the operator's copy of the software",
    r"\bdocs/": "the documentation pages",
    r"\bnull\b": "a word that says what nothing means here",
    # an exact fraction printed for people to read, like "(184565677343/4983307629300)"
    r"\([+\u2212-]?\d+/\d{3,}\)": "the percentage, the exact fraction kept for a tooltip",
    # a Python value printed as it is: the whole text of an element, or after a label's colon
    r"(?:^|: )(?:None|True|False)(?=$|[.,;)])": "the words for nothing, yes or no",
}
#: a card written as its code ("Jd", "10h"; "As" opening a sentence is the English word): a
#: person sees cards drawn; codes stay in what is typed (an input's placeholder, <kbd>), the
#: exports and the API, none of them HTML a person reads
CARD_CODE = re.compile(
    r"(?<!\w)(?!(?:(?<=^)|(?<=[.:;!?] ))As\s+[a-z])(?:10|[2-9TJQKA])[cdhs](?!\w)"
)
#: attributes whose values a person reads or hears
READ_ATTRIBUTES = frozenset({"aria-label", "title", "placeholder", "alt"})
#: elements whose content is not text on the page
UNREAD_ELEMENTS = frozenset({"script", "style", "template", "textarea", "pre", "code", "kbd"})
#: pages that are not the site's own words
UNREAD_PATHS = re.compile(r"^/(admin|static)/")
#: pages written for developers and operators, where a developer's word is the right one
DEVELOPER_PATHS = re.compile(r"^/docs/(api|operations)/")


def _pattern(words) -> re.Pattern[str]:
    """Every word of `words` (regular expressions) in one pattern, so that a page is read once."""
    return re.compile("|".join(f"(?:{word})" for word in words))


#: every word a page is read for, in one pattern: a page costs one search, whatever the lists
ALL_WORDS = _pattern([*(re.escape(word) for word in CODE_WORDS), *DEVELOPER_WORDS])
#: the code words alone, for the pages written for developers
ONLY_CODE_WORDS = _pattern(re.escape(word) for word in CODE_WORDS)

#: pages not read for card codes: the docs, written in the notation the rulebook defines (where
#: "three 4s" are chips)
CODED_PATHS = re.compile(r"^/docs/")


class VisibleText(HTMLParser):
    """The text a reader sees or a screen reader says, in document order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        #: inputs' placeholders: what to type, read for code words but not for card codes
        self.typed: list[str] = []
        self._skipping: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in UNREAD_ELEMENTS:
            self._skipping.append(tag)
        values = dict(attrs)
        for k, v in attrs:
            if k in READ_ATTRIBUTES and v:
                (self.typed if k == "placeholder" else self.parts).append(v)
        if tag == "input" and values.get("type") in {"submit", "button"} and values.get("value"):
            self.parts.append(values["value"] or "")

    def handle_endtag(self, tag: str) -> None:
        if self._skipping and self._skipping[-1] == tag:
            self._skipping.pop()

    def handle_data(self, data: str) -> None:
        if not self._skipping:
            self.parts.append(data)


#: a first look at a page, with regular expressions alone: it reads at least all the text the
#: parser below reads (script and style aside, every piece of text between tags, every read
#: attribute, wherever it is), so a page it finds clean is clean, and only a page where it
#: finds something is parsed for what a person really sees (most pages are clean)
_SCRIPTS = re.compile(r"<(script|style)\b[^>]*>.*?</\1\s*>", re.S | re.I)
_TAGS = re.compile(r"<[^>]*>")
_READ = re.compile(
    r"""\s(aria-label|title|alt|placeholder|value)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))""",
    re.I,
)
#: between two pieces of text: no word, space or line of one runs into the next
_APART = "\n\x00\n"
#: a card's code anywhere, "As" opening a sentence too (the parser's reading tells them apart)
_ANY_CARD = re.compile(r"(?<!\w)(?:10|[2-9TJQKA])[cdhs](?!\w)")
_AT_A_GLANCE: dict[re.Pattern[str], tuple] = {}


#: a piece of text each developer's word needs (a search for plain text is many times quicker
#: than the words' pattern): a page holding none of them holds none of the words; a word not
#: listed here is always searched for
NEEDS = {
    r"\bRULES\.md\b": "RULES.md",
    r"\bREADME\b": "README",
    r"\bJSON\b": "JSON",
    r"\bAPI\b": "API",
    r"\bIANA\b": "IANA",
    r"\bAnki": "Anki",
    r"\bFSRS\b": "FSRS",
    r"\b[Dd]esired retention\b": "esired retention",
    r"\bscheduler's\b": "scheduler's",
    r"\b[Ss]lugs?\b": "lug",
    r"\b[Rr]egex(?:es|p)?\b": "egex",
    r"\brepositor(?:y|ies)\b": "repositor",
    r"\bdocs/": "docs/",
    r"\bnull\b": "null",
}


def _glance(words: re.Pattern[str]) -> tuple[list[str], re.Pattern[str] | None, re.Pattern[str]]:
    """For `words`: the plain texts that send a page to its pattern, the pattern of its words
    looked for on every page (the code words, and a developer's word NEEDS does not list),
    and its whole pattern; each piece of text its own line for ^ and $."""
    if words not in _AT_A_GLANCE:
        mine = [w for w in DEVELOPER_WORDS if f"(?:{w})" in words.pattern]
        always = [w for w in mine if w not in NEEDS] + [re.escape(w) for w in CODE_WORDS]
        _AT_A_GLANCE[words] = (
            [NEEDS[w] for w in mine if w in NEEDS],
            re.compile("|".join(f"(?:{w})" for w in always), re.M) if always else None,
            re.compile(words.pattern, re.M),
        )
    return _AT_A_GLANCE[words]


def _clean_at_a_glance(html: str, words: re.Pattern[str], cards: bool) -> bool:
    listed, always, whole = _glance(words)
    body = _SCRIPTS.sub(" ", html)
    shown = unescape(_TAGS.sub("\x00", body)).split("\x00")
    read, typed = [], []
    for m in _READ.finditer(body):
        value = unescape(m.group(2) or m.group(3) or m.group(4) or "")
        (typed if m.group(1).lower() == "placeholder" else read).append(value)
    seen = [" ".join(part.split()) for part in (*shown, *read)]
    text = _APART.join([*seen, *(" ".join(t.split()) for t in typed)])
    if always is not None and always.search(text):
        return False
    if any(needed in text for needed in listed) and whole.search(text):
        return False
    return not (cards and _ANY_CARD.search(_APART.join(seen)))


def code_words_in(html: str, words: re.Pattern[str] = ALL_WORDS, cards: bool = True) -> list[str]:
    """Each code or developer word and card code the page shows, with the text around it.

    >>> code_words_in("<p>no-qualify paid</p><script>x = 'no-qualify'</script>")
    ["'no-qualify' in 'no-qualify paid'"]
    >>> code_words_in('<option value="">---------</option><span title="no-qualify">x</span>')
    ["'---------' in '---------'", "'no-qualify' in 'no-qualify'"]
    >>> code_words_in('<p class="no-qualify">The dealer does not qualify</p>')
    []
    >>> page = "<p>As the API answers it (JSON)</p><td>None</td><p>None of the hands</p>"
    >>> for found in code_words_in(page):
    ...     print(found)
    'API' in 'As the API answers it (JSON)'
    'JSON' in 'As the API answers it (JSON)'
    'None' in 'None'
    >>> code_words_in("<p>The RAPID time zone: Europe/London</p><p>Cap: None.</p>")
    ["'None' in 'Cap: None.'"]
    >>> code_words_in('<td>4.9149% (53223/1082900)</td><span title="Exactly 1/20">5%</span>')
    ["'(53223/1082900)' in '4.9149% (53223/1082900)'"]
    >>> code_words_in('<p>As dealt: Jd Ad</p><input placeholder="Qh Qs"><kbd>"Qh"</kbd>')
    ["card code 'Jd' in 'As dealt: Jd Ad'"]
    """
    if _clean_at_a_glance(html, words, cards):
        return []
    parser = VisibleText()
    parser.feed(html)
    parser.close()
    found = []
    for part in parser.parts + parser.typed:
        text = " ".join(part.split())
        found.extend(f"{m.group().lstrip(': ')!r} in {text[:80]!r}" for m in words.finditer(text))
    for part in parser.parts if cards else ():
        if code := CARD_CODE.search(part):
            found.append(f"card code {code.group()!r} in {' '.join(part.split())[:80]!r}")
    return found


class CodeWordsOnPages:
    """Fails any HTML response whose visible text holds a code or developer word, naming the
    page."""

    def __init__(self, get_response):  # type: ignore[no-untyped-def]
        self.get_response = get_response

    def __call__(self, request):  # type: ignore[no-untyped-def]
        response = self.get_response(request)
        if (
            response.get("Content-Type", "").startswith("text/html")
            and not getattr(response, "streaming", False)
            and not UNREAD_PATHS.match(request.path)
        ):
            words = ONLY_CODE_WORDS if DEVELOPER_PATHS.match(request.path) else ALL_WORDS
            html = response.content.decode(response.charset or "utf-8")
            found = code_words_in(html, words, cards=not CODED_PATHS.match(request.path))
            if found:
                raise AssertionError(
                    f"{request.method} {request.path} shows code words: " + "; ".join(found)
                )
        return response
