"""Cards drawn as cards: `{% cards "Qh Qs" %}` or `{% cards hand_tuple %}` (and `cards()` in
the felt's partials), through templates/felt/cards.html; `{{ line|card_text }}`, a line of text
(a reason, an example hand "Tc Td + 3h 8s 2d", an error) with the cards in it drawn as cards,
through templates/felt/card_text.html.

A hand is drawn once per app server and language (a card's name, read by screen readers, is
in the reader's) and then looked up: every question draws a dozen cards, and the drill pages,
which each trainee loads several times a minute, are the hot path.
"""

import re
from dataclasses import dataclass
from functools import lru_cache

from django import template
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from trainer.core.i18n import render
from trainer.core.templatetags.partials import drawn, partial
from trainer.engine import Card, CardError, parse_cards

register = template.Library()


@register.simple_tag
def cards(value, size=""):
    """Each card with its rank and suit symbol, red or black, and its name for screen readers;
    anything that is not cards (text, a number, a list of something else) is shown as it is."""
    language = get_language()
    if isinstance(value, str):
        return _cards_of_text(value, str(size), language)
    if not isinstance(value, (tuple, list)) or not all(isinstance(c, Card) for c in value):
        # a stored request may hold anything: what is not cards is shown as it is
        return drawn("felt/cards.html", "draw_cards", None, size, value)
    return _drawn(tuple(value), str(size), language)


@lru_cache(maxsize=4096)
def _cards_of_text(text: str, size: str, language: str | None):
    # a hand as a question stores it ("Qh Qs")
    try:
        value = parse_cards(text)
    except CardError:
        return drawn("felt/cards.html", "draw_cards", None, size, text)
    return _drawn(value, size, language)


@lru_cache(maxsize=4096)
def _drawn(value: tuple[Card, ...], size: str, language: str | None):
    cards = tuple(_card(c, language) for c in value)
    return drawn("felt/cards.html", "draw_cards", cards, size, "")


@lru_cache(maxsize=256)
def _card(card: Card, language: str | None):
    """One card (52 of them in each language, each drawn once)."""
    return partial("felt/card.html", c=card)


#: a card in a line of text ("Jc", "10d", "T\u2666"), or a quotation, which is text as it is
#: written ('like "Qh Qs"': an example of what to type, not a card; an apostrophe, as in
#: "the dealer's", opens none); "As" opening a sentence before a lowercase word ("As dealt,
#: ...") is the English word
_CARD_IN_TEXT = re.compile(
    r"""(?<!\w)(?:"[^"]*"|'[^']*')(?!\w)"""
    r"|(?<!\w)(?!(?:(?<=^)|(?<=[.:;!?] ))As\s+[a-z])"
    r"(?:10|[2-9TJQKA])[cdhs\u2663\u2666\u2665\u2660](?!\w)"
)


@dataclass(frozen=True)
class CardText:
    """A line of text as runs of text, each followed by a card ("" for none) and by a quoted
    code as it is typed ("" for none)."""

    parts: tuple[tuple[str, str, str], ...]


def card_parts(text: str) -> CardText:
    # an engine message is said in the reader's language first (a plain string as it is)
    text = render(text)
    parts, last = [], 0
    for m in _CARD_IN_TEXT.finditer(text):
        found = m.group(0)
        if found[0] in "\"'":
            if not _CARD_IN_TEXT.search(found[1:-1]):
                continue  # a quotation without a card is text like the rest
            parts.append((text[last : m.start()], "", found))
        else:
            parts.append((text[last : m.start()], found, ""))
        last = m.end()
    parts.append((text[last:], "", ""))
    return CardText(tuple(parts))


def card_text(text: str) -> SafeString:
    """A line of text with its cards drawn as cards, the rest escaped: "Jc Qc" and "T\u2666"
    read the same as on the felt; a quoted example of what to type stays as typed."""
    return drawn("felt/card_text.html", "draw_card_text", card_parts(text))


@register.filter(name="card_text")
def card_text_filter(text):
    return card_text(render(text))
