"""`{% felt question.table %}`: a question's table (trainer.drills.presenting.felt);
`{{ step|card_text }}`: a line with its cards drawn as cards; `{{ label|at_seat }}`: a
field's label with its "Seat 3: " said to screen readers only (it sits under seat 3)."""

from django import template

from trainer.core.i18n import render
from trainer.core.templatetags.cards import card_text as card_text_html
from trainer.core.templatetags.partials import partial
from trainer.drills.presenting import felt as felt_html
from trainer.drills.presenting import shown_steps as shown_steps_of

register = template.Library()


@register.simple_tag
def felt(table):
    return felt_html(table)


@register.filter
def card_text(text):
    return card_text_html(render(text))


# `{{ text|said }}`: an engine message in the reader's language (trainer.core.i18n.render)
register.filter("said", render)


@register.filter
def shown_steps(question):
    """A question's steps as its feedback shows them (numbered as its table is)."""
    return shown_steps_of(question)


@register.filter
def at_seat(label):
    return partial("felt/seat_label.html", label=str(label))
