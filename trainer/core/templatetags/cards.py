"""Cards drawn as cards: `{% cards "Qh Qs" %}` or `{% cards hand_tuple %}`.

Built in Python rather than through an included template: every question draws a dozen cards,
and on the drill pages, which each trainee loads several times a minute, this is the hot path.
"""

from django import template
from django.utils.html import format_html, format_html_join

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
        try:
            value = parse_cards(value)
        except CardError:
            return format_html('<span class="cards {}">{}</span>', size, value)
    elif not isinstance(value, (tuple, list)) or not all(isinstance(c, Card) for c in value):
        return format_html('<span class="cards {}">{}</span>', size, value)
    shown = format_html_join(
        "",
        CARD,
        (
            (
                "red" if c.is_red else "black",
                c.name,
                "10" if c.rank == 10 else c.rank_char,
                c.symbol,
            )
            for c in value
        ),
    )
    return format_html('<span class="cards {}">{}</span>', size, shown)
