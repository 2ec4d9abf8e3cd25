"""Where the games' records are kept and looked up.  The list of games itself is the catalogue
(`trainer.engine.catalog`), which registers each game here; what sits beneath the games (the
drills, the audit, the ruling desk) looks a game up by slug without naming one.

>>> game("caribbean-stud").title
'Caribbean Stud'
>>> game("poker")
Traceback (most recent call last):
...
trainer.engine.errors.EngineError: There is no game 'poker'. The games are mississippi-stud, \
caribbean-stud, casino-stud, mississippi-gonorrhea, english-stud.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..errors import EngineError
from ..house import SOURCE_TABLES
from ..messages import say
from .game import Game

#: slug -> game, in the order the product lists them
GAMES: dict[str, Game] = {}
#: what a drill that belongs to no one game (reading hands) gives as its game
ANY = "any"
#: the drills of the house's chips, which every game shares (colour up, make change)
CHIPS = "chips"


def register(entry: Game) -> Game:
    if entry.slug in GAMES:
        raise EngineError(f"A game called '{entry.slug}' is already registered.")
    GAMES[entry.slug] = entry
    SOURCE_TABLES[entry.slug] = (entry.title, entry.paytable)
    return entry


def unregister(slug: str) -> None:
    """Remove a game (for tests that register a variant of their own)."""
    GAMES.pop(slug, None)
    SOURCE_TABLES.pop(slug, None)


def game(slug: str) -> Game:
    """The game called `slug`; EngineError naming the games when there is none."""
    try:
        return GAMES[slug]
    except (KeyError, TypeError):
        names = ", ".join(GAMES)
        raise EngineError(f"There is no game '{slug}'. The games are {names}.") from None


def title_of(slug: str) -> str:
    """A game's title for a page, also for the drills every game shares.

    >>> title_of("casino-stud"), title_of(ANY)
    ('Casino Stud Poker', 'Hand reading (every game)')
    """
    if slug == ANY:
        return say("Hand reading (every game)")
    if slug == CHIPS:
        return say("Chips (every game)")
    entry = GAMES.get(slug)
    return entry.title if entry is not None else slug


def paid_games() -> Iterator[Game]:
    """The games that pay from a paytable a house can set, in registry order."""
    return (g for g in GAMES.values() if g.pays_from_paytable)


def round_games() -> Iterator[Game]:
    """The games a whole round of which can be dealt, in registry order."""
    return (g for g in GAMES.values() if g.deals_rounds)
