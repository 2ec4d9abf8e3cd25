"""docs/rulebook.md cannot drift from the engine: each paytable it prints is the engine's
source table row for row, the Mississippi Stud pair bands are the engine's, and the house
rules table lists every house rule with the engine's default."""

from __future__ import annotations

import dataclasses

import pytest

from trainer.engine import Category, HouseRules
from trainer.engine.catalog import paid_games
from trainer.engine.house import RULE_NAMES

from .markdown import section_text, table_rows

RULEBOOK = "rulebook.md"
CATEGORY_LABELS = {c.label for c in Category}


def documented_paytable(title: str) -> list[tuple[str, str]]:
    return [
        (row[0], row[1])
        for row in table_rows(RULEBOOK, section=title)
        if row and row[0] in CATEGORY_LABELS
    ]


@pytest.mark.parametrize("game", list(paid_games()), ids=lambda g: g.slug)
def test_each_paytable_is_the_engines_source_table(game):
    expected = [(category.label, odds.words()) for category, odds in game.paytable.rows]
    assert documented_paytable(game.title) == expected


def test_a_changed_engine_table_would_not_match():
    # the comparison above reads real rows: the Mississippi Stud royal is 500 to 1 in both
    rows = dict(documented_paytable("Mississippi Stud"))
    assert rows["royal flush"] == "500 to 1"
    assert rows != {**rows, "royal flush": "800 to 1"}


def test_mississippi_stud_pair_bands_are_the_engines():
    table = next(g for g in paid_games() if g.slug == "mississippi-stud").paytable
    text = section_text(RULEBOOK, "Mississippi Stud")
    assert f"Pairs {table.pair_band.short()} pay" in text
    assert f"pairs {table.push_band.short()} push" in text


def _default_words(value) -> str:
    if value is None:
        return "none"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)


def test_house_rules_table_lists_every_house_rule_with_its_default():
    rows = {
        row[0].strip("`"): row
        for row in table_rows(RULEBOOK, section="House rules")
        if row and row[0].startswith("`")
    }
    fields = {f.name: f.default for f in dataclasses.fields(HouseRules)}
    assert set(rows) == set(fields) == set(RULE_NAMES)
    for name, default in fields.items():
        assert rows[name][-1] == _default_words(default), name


def test_the_watch_drill_names_every_situation_the_audit_names():
    """Each mispay the watch drills plant is in the rulebook's table, in the audit's
    own words (a hand's name standing for each hand: "*hand* overpaid")."""
    from trainer.engine import mispays
    from trainer.engine.house import DEFAULT_CONFIG

    text = section_text("rulebook.md", "Watch the game")
    for game in mispays.games():
        for word in mispays.vocabulary(game, DEFAULT_CONFIG):
            for hand, stands in (("pair of sixes to tens", "*pushing pair*"), ("Raise", "Call")):
                word = word.replace(hand, stands)
            if word.endswith((" overpaid", " underpaid")):
                word = "*hand* " + word.rsplit(" ", 1)[1]
            assert word in text, (game.slug, word)
