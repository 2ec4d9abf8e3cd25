"""Cards drawn as cards: `{% cards "Qh Qs" %}` or `{% cards hand_tuple %}` (and `cards()` in
the felt's partials), through templates/felt/cards.html.

A hand is drawn once per app server and then looked up: every question draws a dozen cards,
and the drill pages, which each trainee loads several times a minute, are the hot path.
"""

from functools import lru_cache

from django import template

from trainer.core.templatetags.partials import drawn, partial
from trainer.engine import Card, CardError, parse_cards

register = template.Library()


@register.simple_tag
def cards(value, size=""):
    """Each card with its rank and suit symbol, red or black, and its name for screen readers;
    anything that is not cards (text, a number, a list of something else) is shown as it is."""
    if isinstance(value, str):
        return _cards_of_text(value, str(size))
    if not isinstance(value, (tuple, list)) or not all(isinstance(c, Card) for c in value):
        # a stored request may hold anything: what is not cards is shown as it is
        return drawn("felt/cards.html", "draw_cards", None, size, value)
    return _drawn(tuple(value), str(size))


@lru_cache(maxsize=4096)
def _cards_of_text(text: str, size: str):
    # a hand as a question stores it ("Qh Qs")
    try:
        value = parse_cards(text)
    except CardError:
        return drawn("felt/cards.html", "draw_cards", None, size, text)
    return _drawn(value, size)


@lru_cache(maxsize=4096)
def _drawn(value: tuple[Card, ...], size: str):
    return drawn("felt/cards.html", "draw_cards", tuple(_card(c) for c in value), size, "")


@lru_cache(maxsize=64)
def _card(card: Card):
    """One card (52 of them, each drawn once)."""
    return partial("felt/card.html", c=card)
