"""`{% partial "felt/felt.html" felt=felt %}`: a partial of the Jinja2 engine (templates/felt/)
inside a Django template, and `partial(name, **context)` for the views that send one alone;
`drawn(name, macro, *args)`, a partial's macro called from Python.

The one place the two engines meet: Jinja2 escaped every value as it drew the partial
(autoescape is on), so what it returns is marked safe for Django's templates, which would
otherwise escape the markup a second time."""

from __future__ import annotations

from django import template
from django.template import engines
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.simple_tag
def partial(name: str, **context) -> SafeString:
    return mark_safe(engines["jinja2"].get_template(name).render(context))


def drawn(name: str, macro: str, *args) -> SafeString:
    """What the macro `macro` of the partial `name` draws of `args`.  The partial is made into
    a module once (Jinja2 keeps it with the template, its own imports run then), so a call
    builds no context and imports nothing: the answer cycle's partials are drawn this way."""
    module = engines["jinja2"].env.get_template(name).module
    return SafeString(getattr(module, macro)(*args))
