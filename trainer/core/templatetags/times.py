"""`{{ moment|when }}`: a time in the house's zone with the zone named, as a <time> element.

Styles as in `trainer.core.times.STYLES`: `{{ t|when }}`, `{{ t|when:"seconds" }}`,
`{{ t|when:"time" }}`, `{{ t|when:"short" }}`, `{{ t|when:"day" }}`.
"""

from django import template
from django.utils.html import format_html

from trainer.core.times import when as when_text

register = template.Library()


@register.filter
def when(moment, style="full"):
    if not moment:
        return ""
    return format_html(
        '<time datetime="{}">{}</time>', moment.isoformat(), when_text(moment, style)
    )
