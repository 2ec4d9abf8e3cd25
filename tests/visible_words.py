"""Every page the suite renders is read for code words a person should never see.

A test middleware (listed in `tests/settings.py`) reads the visible text of every HTML
response the tests receive, the browser tier's included, and fails the request on a word of
the code's rather than the trade's: an outcome's API name such as "no-qualify", Django's
empty choice "---------", or a template tag left unrendered.  The admin is Django's own and
is not read.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

#: what a person never reads on a page, and what to write instead
CODE_WORDS: dict[str, str] = {
    "(s)": "the singular or the plural, as the count says (ngettext)",
    "no-qualify": "the dealer's words for the outcome",
    "---------": "a label that says what choosing nothing means",
    "{{": "a rendered value (a template variable was left unrendered)",
    "{%": "a rendered tag (a template tag was left unrendered)",
}
#: attributes whose values a person reads or hears
READ_ATTRIBUTES = frozenset({"aria-label", "title", "placeholder", "alt"})
#: elements whose content is not text on the page
UNREAD_ELEMENTS = frozenset({"script", "style", "template", "textarea", "pre", "code"})
#: pages that are not the site's own words
UNREAD_PATHS = re.compile(r"^/(admin|static)/")


class VisibleText(HTMLParser):
    """The text a reader sees or a screen reader says, in document order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skipping: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in UNREAD_ELEMENTS:
            self._skipping.append(tag)
        values = dict(attrs)
        self.parts.extend(v for k, v in attrs if k in READ_ATTRIBUTES and v)
        if tag == "input" and values.get("type") in {"submit", "button"} and values.get("value"):
            self.parts.append(values["value"] or "")

    def handle_endtag(self, tag: str) -> None:
        if self._skipping and self._skipping[-1] == tag:
            self._skipping.pop()

    def handle_data(self, data: str) -> None:
        if not self._skipping:
            self.parts.append(data)


def code_words_in(html: str) -> list[str]:
    """Each code word the page shows, with the text around it.

    >>> code_words_in("<p>no-qualify paid</p><script>x = 'no-qualify'</script>")
    ["'no-qualify' in 'no-qualify paid'"]
    >>> code_words_in('<option value="">---------</option><span title="no-qualify">x</span>')
    ["'---------' in '---------'", "'no-qualify' in 'no-qualify'"]
    >>> code_words_in('<p class="no-qualify">The dealer does not qualify</p>')
    []
    """
    parser = VisibleText()
    parser.feed(html)
    parser.close()
    found = []
    for part in parser.parts:
        text = " ".join(part.split())
        found.extend(f"{word!r} in {text[:80]!r}" for word in CODE_WORDS if word in text)
    return found


class CodeWordsOnPages:
    """Fails any HTML response whose visible text holds a code word, naming the page."""

    def __init__(self, get_response):  # type: ignore[no-untyped-def]
        self.get_response = get_response

    def __call__(self, request):  # type: ignore[no-untyped-def]
        response = self.get_response(request)
        if (
            response.get("Content-Type", "").startswith("text/html")
            and not getattr(response, "streaming", False)
            and not UNREAD_PATHS.match(request.path)
        ):
            found = code_words_in(response.content.decode(response.charset or "utf-8"))
            if found:
                raise AssertionError(
                    f"{request.method} {request.path} shows code words: " + "; ".join(found)
                )
        return response
