"""Cards drawn as cards: `{% cards "Qh Qs" %}` or `{% cards hand_tuple %}`.

Built in Python rather than through an included template: every question draws a dozen cards,
and on the drill pages, which each trainee loads several times a minute, this is the hot path.
"""

from functools import lru_cache

from django import template
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe

from trainer.engine import Card, CardError, parse_cards

register = template.Library()

CARD = (
    '<span class="card {}" role="img" aria-label="{}"><span class="rank" aria-hidden="true">{}'
    '</span><span class="suit" aria-hidden="true">{}</span></span>'
)


@register.simple_tag
def cards(value, size=""):
    """Each card with its rank and suit symbol, red or black, and its name for screen readers;
    anything that is not cards (text, a number, a list of something else) is shown as it is."""
    if isinstance(value, str):
        return _cards_of_text(value, str(size))
    if not isinstance(value, (tuple, list)) or not all(isinstance(c, Card) for c in value):
        # a stored request may hold anything: what is not cards is shown as it is
        return format_html('<span class="cards {}">{}</span>', size, value)
    return _drawn(tuple(value), str(size))


@lru_cache(maxsize=4096)
def _cards_of_text(text: str, size: str) -> str:
    # a hand as a question stores it ("Qh Qs"): drawn once per app server, then looked up
    try:
        value = parse_cards(text)
    except CardError:
        return format_html('<span class="cards {}">{}</span>', size, text)
    return _drawn(value, size)


def _drawn(value: tuple[Card, ...], size: str) -> str:
    shown = "".join(_card(c) for c in value)
    return mark_safe(f'<span class="cards {conditional_escape(size)}">{shown}</span>')


@lru_cache(maxsize=64)
def _card(c: Card) -> str:
    """One card's markup (52 of them, each drawn once)."""
    rank = "10" if c.rank == 10 else c.rank_char
    return format_html(CARD, "red" if c.is_red else "black", c.name, rank, c.symbol)
