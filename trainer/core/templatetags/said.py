"""`{{ step|said }}`: an engine message (`trainer.engine.messages.Message`) in the reader's
language; a plain string (stored before messages) as it is."""

from django import template

from trainer.core.i18n import render

register = template.Library()


@register.filter
def said(value) -> str:
    return render(value)
