"""Cards drawn as cards: `{% cards "Qh Qs" %}` or `{% cards hand_tuple %}`."""

from django import template

from trainer.engine import CardError, parse_cards

register = template.Library()


@register.inclusion_tag("partials/cards.html")
def cards(value, size=""):
    """Each card with its rank and suit symbol, red or black, and its name for screen readers."""
    if isinstance(value, str):
        try:
            value = parse_cards(value)
        except CardError:
            return {"cards": [], "text": value, "size": size}
    shown = [
        {
            "rank": "10" if c.rank == 10 else c.rank_char,
            "symbol": c.symbol,
            "colour": "red" if c.is_red else "black",
            "name": c.name,
        }
        for c in value
    ]
    return {"cards": shown, "text": "", "size": size}
