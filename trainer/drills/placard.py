"""The placard: what the placard on a real table shows for one game at one house, its
paytable and the house rules that matter, exactly as a question is graded (or as the house
runs the game now), and the speed standards its drills are timed against.  Read from the
engine's types: the placard never re-states a rule."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext, ngettext

from trainer.core.i18n import render
from trainer.core.numbers import grouped
from trainer.drills.chipping import Disc
from trainer.drills.practice.targets import in_force
from trainer.engine.catalog import ANY, GAMES, title_of
from trainer.engine.chips import STANDARD_WORDS, TABLE_LEVELS, Standard
from trainer.engine.drills import REGISTRY
from trainer.engine.house import RULE_NAMES, HouseConfig
from trainer.engine.kit.stakes import TABLE_MINIMUMS, stake_base
from trainer.engine.paytables import Paytable
from trainer.engine.words import cap
from trainer.houses.models import HouseRulesSettings, PaytableVersion

#: the house rules a placard shows for the drills every game shares (hand reading)
SHARED_RULES = ("chip_unit",)


def placard_games() -> list[tuple[str, str]]:
    """(slug, title) of every game a placard can be printed for, in registry order, then
    the hand-reading drills every game shares."""
    return [(slug, g.title) for slug, g in GAMES.items()] + [(ANY, render(title_of(ANY)))]


@dataclass(frozen=True)
class PlacardChip:
    disc: Disc
    name: str


@dataclass(frozen=True)
class Placard:
    game: str
    title: str
    #: the table's name: the house's version, or the source texts' table
    table_name: str
    #: (category, odds in words), strongest first; empty for a game paid from no table
    rows: list[tuple[str, str]] = field(default_factory=list)
    #: sentences about the table beyond its rows: pair bands, the bet unit, the second bet
    notes: list[str] = field(default_factory=list)
    #: (the house rule in a games manager's words, its setting in words)
    rules: list[tuple[str, str]] = field(default_factory=list)
    #: the house's chips drawn (value written on each, named), and how it pays in them
    chips: tuple[PlacardChip, ...] = ()
    pay: list[tuple[str, str]] = field(default_factory=list)
    #: the game's drills with their pace target per level (trainer.drills.practice.targets.in_force)
    pace: list = field(default_factory=list)


def _setting(name: str, value) -> str:
    """A house rule's setting as the admin offers it ("none" for no cap, "yes" or "no")."""
    if value is None:
        return gettext("none")
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    choices = dict(HouseRulesSettings._meta.get_field(name).flatchoices)
    return render(choices.get(value, value))


def _table_notes(game, table: Paytable, config: HouseConfig) -> list[str]:
    notes = []
    if table.pair_band is not None:
        notes.append(
            gettext("Pairs %(band)s pay at the one pair row.") % {"band": table.pair_band.short()}
        )
    if table.push_band is not None:
        notes.append(
            gettext("Pairs %(band)s push; lower pairs and high cards lose.")
            % {"band": table.push_band.short()}
        )
    unit = table.stake_unit(config.rules.chip_unit)
    if unit > 1:
        notes.append(gettext("Every bet is a multiple of %(unit)s.") % {"unit": unit})
    multiple = game.multiple(config.rules)
    if multiple is not None:
        notes.append(
            gettext("The %(bet)s is %(multiple)s × Ante.")
            % {"bet": game.second_bet, "multiple": multiple}
        )
    return notes


def _chips(config: HouseConfig) -> tuple[tuple[PlacardChip, ...], list[tuple[str, str]]]:
    """The house's chips, drawn as the drill pages draw chips, and its pay standard in words
    (every drill in chips and the chip drills grade by them)."""
    chips, standard = config.rules.chip_set, config.rules.pay
    drawn = tuple(PlacardChip(Disc(c.value, c.colour), c.name) for c in chips.chips)
    base = stake_base(config.rules.chip_unit)  # tables named in the house's own stakes
    floors = ", ".join(
        gettext("$%(minimum)s table %(chip)s")
        % {
            "minimum": grouped(TABLE_MINIMUMS[level] * base),
            "chip": chips.chip(standard.floor(chips, level)).name,
        }
        for level in TABLE_LEVELS
    )
    pay = [(gettext("Pay standard"), STANDARD_WORDS[standard.standard])]
    if standard.standard is Standard.BET_COLOURS:
        above = ngettext("%(count)s chip", "%(count)s chips", standard.colour_up_at)
        pay.append((gettext("Colour up above"), above % {"count": standard.colour_up_at}))
    pay.append((gettext("Smallest payout chip"), floors))
    return drawn, pay


def placard_drills(game_slug: str, *, watching: bool = True) -> list:
    """The drills a placard lists the speed standards of: the game's own, or for the placard of the
    drills every game shares (hand reading) those shared drills, chips included; the watch
    drills' clocks only for a reader who watches the game (`watching`)."""
    if game_slug in GAMES:
        kinds = [kind for kind in REGISTRY.values() if kind.game == game_slug]
    else:
        kinds = [kind for kind in REGISTRY.values() if kind.game not in GAMES]
    return [kind for kind in kinds if watching or not kind.watches]


def pace_of(game_slug: str, house_id: int | None, *, watching: bool = True) -> list:
    """The game's drills with the targets in force at the house `house_id` (the drills'
    defaults for None)."""
    return in_force(house_id, placard_drills(game_slug, watching=watching))


def placard(
    game_slug: str,
    config: HouseConfig,
    version: PaytableVersion | None,
    *,
    pace: list | None = None,
) -> Placard:
    """The placard of `game_slug` under `config` (a house's rules and tables, or a question's
    snapshot of them); `version` names the table (None: the source texts' table).  `pace`:
    the speed standards to print (`pace_of`), or None for a placard without them (a
    question's placard: the question's own target is on its page)."""
    game = GAMES.get(game_slug)
    names = (*game.house_rules, *game.table_rules) if game is not None else SHARED_RULES
    rules = [(render(cap(RULE_NAMES[n])), _setting(n, getattr(config.rules, n))) for n in names]
    chips, pay = _chips(config)
    if game is None or not game.pays_from_paytable:
        return Placard(
            game_slug,
            render(title_of(game_slug)),
            "",
            rules=rules,
            chips=chips,
            pay=pay,
            pace=pace or [],
        )
    table = config.paytable(game_slug)
    name = (
        gettext("%(label)s (version %(number)s)")
        % {"label": version.label, "number": version.number}
        if version is not None
        else gettext("the game's standard table")
    )
    return Placard(
        game_slug,
        game.title,
        name,
        rows=[(category.label, odds.words()) for category, odds in table.rows],
        notes=_table_notes(game, table, config),
        rules=rules,
        chips=chips,
        pay=pay,
        pace=pace or [],
    )
