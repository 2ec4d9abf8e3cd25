"""Names people read, from the registries: `{{ kind|drill_title }}`, `{{ game|game_title }}`,
`{{ kind|drill_game }}`, in the reader's language.  A page never shows a slug such as ``ms-pay``
or ``cs-settle``.

>>> drill_title("ms-pay"), game_title("casino-stud"), drill_game("cs-settle")
('Mississippi Stud: pay the position', 'Casino Stud Poker', 'Caribbean Stud')

A name the registries no longer know (a drill removed since an answer was stored) is shown as
it was stored rather than failing the page:

>>> drill_title("retired-drill")
'retired-drill'
"""

from django import template

from trainer.core.i18n import render
from trainer.engine.catalog import title_of
from trainer.engine.drills import REGISTRY

register = template.Library()


@register.filter
def drill_title(kind) -> str:
    """The drill kind's title (its slug, or a stored kind's slug, in)."""
    slug = getattr(kind, "slug", kind)
    drill = REGISTRY.get(slug)
    return render(drill.title) if drill is not None else str(slug)


@register.filter
def drill_task(kind) -> str:
    """The drill's title without its game's name, for a list under that game's heading:
    "Caribbean Stud: settle the player" is "Settle the player" there.

    >>> drill_task("cs-settle"), drill_task("retired-drill")
    ('Settle the player', 'retired-drill')
    """
    title = drill_title(kind)
    head, sep, task = title.partition(": ")
    if not sep:
        return title
    # the first letter, after any opening mark ("¿la banca califica?" is "¿La banca ...")
    at = next((n for n, c in enumerate(task) if c.isalpha()), 0)
    return task[:at] + task[at : at + 1].upper() + task[at + 1 :]


@register.filter
def game_title(game) -> str:
    """The game's title, including the shared 'Hand reading (every game)'."""
    return render(title_of(getattr(game, "slug", game)))


@register.filter
def drill_game(kind) -> str:
    """The title of the game a drill kind belongs to."""
    drill = REGISTRY.get(getattr(kind, "slug", kind))
    return render(title_of(drill.game)) if drill is not None else ""
