"""`{{ step|said }}`: an engine message (`trainer.engine.messages.Message`) in the reader's
language; a plain string (stored before messages) as it is."""

from django import template

from trainer.core.i18n import render
from trainer.engine.kit.situations import situation_words

register = template.Library()


@register.filter
def said(value) -> str:
    return render(value)


@register.filter
def situation_said(key) -> str:
    """A stored situation key (a skill's, an audit line's) as the reader's language says it
    (`trainer.engine.kit.situations.situation_words`); a key its vocabulary does not hold yet
    as it is stored."""
    if not isinstance(key, str):
        return render(key)
    return render(situation_words(key)) if key else ""
