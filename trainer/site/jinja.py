"""The Jinja2 environment (settings.TEMPLATES) of the felt's partials (templates/felt/):
Django's own backend with autoescape, Django's translations behind `_()`, `url()` for
reversing, and the filters the partials share with Django's templates."""

from __future__ import annotations

from functools import lru_cache

from django.conf import settings
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils import translation
from jinja2 import Environment
from markupsafe import Markup

from trainer.core.i18n import render
from trainer.core.numbers import grouped, thousands_separator
from trainer.core.templatetags.cards import cards
from trainer.core.templatetags.times import when
from trainer.drills.forms import seat_parts


def _capfirst(value) -> str:
    text = str(value)
    return text[:1].upper() + text[1:]


def _translated(message: str, **variables) -> Markup:
    """`_()` of the partials: Django's translation of `message` with `variables` put in,
    escaped, as the i18n extension's newstyle gettext does under autoescape, in one call
    rather than its three (the felt draws some thirty strings an answer).  A message without
    a `%` formats to itself, so it is not formatted."""
    translated = Markup(translation.gettext(message))
    return translated % variables if "%" in translated else translated


@lru_cache(maxsize=4096)
def _reversed(prefix: str, urlconf, name: str, args: tuple) -> str:
    return reverse(name, urlconf=urlconf, args=args)


def _url(name: str, *args) -> str:
    """`url()` of the partials: Django's reverse, kept for the script prefix and URL
    configuration it was made under.  A session's pages name the same few URLs (its next,
    its end) in every answer; Django's reverse walks its patterns again each time."""
    return _reversed(get_script_prefix(), get_urlconf() or settings.ROOT_URLCONF, name, args)


def environment(**options) -> Environment:
    # every value escaped by Django's own escape, as in Django's templates (Jinja2's marks
    # what it returns safe, so autoescape leaves it as it is): one escaping on the site
    env = Environment(extensions=["jinja2.ext.i18n"], **options)
    # Django's catalogues: the partials are translated exactly as the Django templates are
    env.install_gettext_callables(  # type: ignore[attr-defined]
        translation.gettext, translation.ngettext, newstyle=True
    )
    # `_()` straight to Django's gettext, not through the extension's alias of `gettext`
    env.globals["_"] = _translated
    env.globals.update(
        url=_url, cards=cards, seat_parts=seat_parts, thousands_separator=thousands_separator
    )
    # `number`: a whole number grouped as the reader's language groups it (1,250; 1.250);
    # `said`: an engine message in the reader's language (a plain string costs one isinstance)
    env.filters.update(number=grouped, capfirst=_capfirst, when=when, said=render)
    return env
