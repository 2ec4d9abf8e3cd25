"""`{% felt question.table %}`: a question's table (trainer.drills.presenting.felt)."""

from django import template

from trainer.drills.presenting import felt as felt_html

register = template.Library()


@register.simple_tag
def felt(table):
    return felt_html(table)
