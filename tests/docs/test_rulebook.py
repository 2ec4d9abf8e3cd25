"""docs/rulebook.md and its Spanish translation docs/rulebook.es.md cannot drift from the engine
or from each other: each paytable either prints is the engine's source table row for row (the
Spanish in the glossary's words for the categories), the Mississippi Stud pair bands and the
house rules' defaults are the engine's, the speed standards and rounds an hour are the drills'
defaults, and the two rulebooks have the same sections and tables with the same numbers in
each, so that no worked example can say one thing in English and another in Spanish."""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Callable

import pytest

from trainer.assessments.services import NETWORK_ALLOWANCE_MS
from trainer.drills.practice.targets import seconds_words
from trainer.engine import Category, HouseRules, mispays, pace
from trainer.engine.catalog import paid_games, round_games
from trainer.engine.drills import REGISTRY
from trainer.engine.house import DEFAULT_CONFIG, RULE_NAMES
from trainer.engine.paytables import Odds
from trainer.site.docs import render_markdown

from .markdown import DOCS, glossary, headings, section_text, table_rows, tables

ENGLISH = "rulebook.md"
SPANISH = "rulebook.es.md"
#: the network allowance of a test's answer times, as the rulebooks word it
HALF_A_SECOND_MS = 500


@dataclasses.dataclass(frozen=True)
class Rulebook:
    """A rulebook in one language and the words its tables and rules are written in."""

    name: str
    category: Callable[[Category], str]
    odds: Callable[[Odds], str]
    #: the Mississippi Stud pair bands' sentences, `{band}` for the band ("J-A")
    pairs_pay: str
    pairs_push: str
    #: a house rule's default as the table writes it
    default: Callable[[object], str]
    #: the bounds of a pace target, `{seconds}` for the bound
    least_target: str
    most_target: str
    half_a_second: str


def _words(value: object, none: str, yes: str, no: str) -> str:
    # `is`, not a dict: 1 == True, and a chip unit of 1 is not "yes"
    if value is None:
        return none
    if value is True:
        return yes
    if value is False:
        return no
    return str(value)


def _english_default(value: object) -> str:
    return _words(value, "none", "yes", "no")


def _spanish_default(value: object) -> str:
    # the options a house stores (`high`, `fewest` ...) are written as stored, in code
    if isinstance(value, str):
        return f"`{value}`"
    return _words(value, "ninguno", "sí", "no")


def _spanish_category(category: Category) -> str:
    # the glossary fixes each category's Spanish name ("one pair": "pareja")
    return glossary()[category.label]


BOOKS = {
    ENGLISH: Rulebook(
        ENGLISH,
        category=lambda c: c.label,
        odds=lambda odds: odds.words(),
        pairs_pay="Pairs {band} pay",
        pairs_push="pairs {band} push",
        default=_english_default,
        least_target="from {seconds} second",
        most_target="to {seconds} seconds",
        half_a_second="never more than **half a second**",
    ),
    SPANISH: Rulebook(
        SPANISH,
        category=_spanish_category,
        odds=lambda odds: f"{odds.win} a {odds.to}",
        pairs_pay="Las parejas {band} pagan",
        pairs_push="las parejas {band} empatan",
        default=_spanish_default,
        least_target="desde {seconds} segundo",
        most_target="hasta {seconds} segundos",
        half_a_second="nunca más de **medio segundo**",
    ),
}
both = pytest.mark.parametrize("book", list(BOOKS.values()), ids=list(BOOKS))


def section(book: Rulebook, english: str) -> str:
    """The title, in `book`, of the level-2 section titled `english` in the English rulebook:
    the one at the same place (the two have the same sections, as a test below shows)."""
    titles = [text for level, text in headings(ENGLISH) if level == 2]
    return [text for level, text in headings(book.name) if level == 2][titles.index(english)]


def documented_paytable(book: Rulebook, game_title: str) -> list[tuple[str, str]]:
    names = {book.category(c) for c in Category}
    return [
        (row[0], row[1])
        for row in table_rows(book.name, section=section(book, game_title))
        if row and row[0] in names
    ]


# -- against the engine, in both languages ---------------------------------------------------


def test_the_glossary_names_every_category_apart():
    spanish = [_spanish_category(c) for c in Category]
    assert len(set(spanish)) == len(spanish)


@pytest.mark.slow  # every table of both rulebooks: out of the quick tier
@both
@pytest.mark.parametrize("game", list(paid_games()), ids=lambda g: g.slug)
def test_each_paytable_is_the_engines_source_table(book, game):
    expected = [(book.category(category), book.odds(odds)) for category, odds in game.paytable.rows]
    assert documented_paytable(book, game.title) == expected


@both
def test_a_changed_engine_table_would_not_match(book):
    # the comparison above reads real rows: the Mississippi Stud royal is 500 to 1 in both
    royal = book.category(Category.ROYAL_FLUSH)
    rows = dict(documented_paytable(book, "Mississippi Stud"))
    assert rows[royal] == book.odds(Odds(500, 1))
    assert rows != {**rows, royal: book.odds(Odds(800, 1))}


@both
def test_mississippi_stud_pair_bands_are_the_engines(book):
    table = next(g for g in paid_games() if g.slug == "mississippi-stud").paytable
    text = section_text(book.name, section(book, "Mississippi Stud"))
    assert book.pairs_pay.format(band=table.pair_band.short()) in text
    assert book.pairs_push.format(band=table.push_band.short()) in text


@both
def test_house_rules_table_lists_every_house_rule_with_its_default(book):
    rows = {
        row[0].strip("`"): row
        for row in table_rows(book.name, section=section(book, "House rules"))
        if row and row[0].startswith("`")
    }
    fields = {f.name: f.default for f in dataclasses.fields(HouseRules)}
    assert set(rows) == set(fields) == set(RULE_NAMES)
    for name, default in fields.items():
        assert rows[name][-1] == book.default(default), name


@both
def test_the_watch_drill_names_every_situation_the_audit_names(book):
    """Each mispay the watch drills plant is in the rulebook's table, in the audit's
    own words (a hand's name standing for each hand: "*hand* overpaid"); the Spanish table
    gives them beside its own words while the engine words them in English."""
    text = section_text(book.name, section(book, "Watch the game"))
    for game in mispays.games():
        for word in mispays.vocabulary(game, DEFAULT_CONFIG):
            for hand, stands in (("pair of sixes to tens", "*pushing pair*"), ("Raise", "Call")):
                word = word.replace(hand, stands)
            if word.endswith((" overpaid", " underpaid")):
                word = "*hand* " + word.rsplit(" ", 1)[1]
            assert word in text, (game.slug, word)


@both
def test_the_speed_standards_are_every_drills_default_targets_by_level(book):
    # the Spanish names the drills in Spanish: its rows are the English rows' drills, in order
    english = table_rows(ENGLISH, section="Speed standards")[1:]
    written = table_rows(book.name, section=section(book, "Speed standards"))[1:]
    kinds = {kind.title: kind for kind in REGISTRY.values()}
    assert {row[0] for row in english} == set(kinds)
    assert len(written) == len(english)
    for english_row, row in zip(english, written, strict=True):
        kind = kinds[english_row[0]]
        expected = [seconds_words(kind.target_seconds(lv.number)) for lv in kind.levels]
        assert row[1 : 1 + len(expected)] == expected, kind.slug
        assert row[-1].strip(), f"{kind.slug}: the reasoning is missing"


@both
def test_the_rulebook_states_the_bounds_a_house_may_set(book):
    text = " ".join(section_text(book.name, section(book, "Speed standards")).split())
    assert book.least_target.format(seconds=pace.MIN_TARGET_SECONDS) in text
    assert book.most_target.format(seconds=pace.MAX_TARGET_SECONDS) in text


@both
def test_the_rulebook_says_what_a_tests_time_allows_for_the_connection(book):
    words = " ".join(section_text(book.name, section(book, "Speed standards")).split())
    assert NETWORK_ALLOWANCE_MS == HALF_A_SECOND_MS and book.half_a_second in words


@both
def test_the_rulebook_gives_each_games_rounds_an_hour(book):
    # the games keep their names in every language
    rows = {
        row[0]: row[1:] for row in table_rows(book.name, section=section(book, "Dealing the round"))
    }
    for entry in round_games():
        assert rows[entry.title][0] == str(entry.round_procedure().rounds_per_hour), entry.slug


@both
def test_every_link_within_the_rulebook_reaches_a_heading(book):
    html, _toc = render_markdown((DOCS / book.name).read_text(encoding="utf-8"))
    links = set(re.findall(r'href="#([^"]+)"', html))
    anchors = set(re.findall(r' id="([^"]+)"', html))
    assert links and links <= anchors, links - anchors


# -- the two rulebooks agree -----------------------------------------------------------------

_NUMBER = re.compile(r"\d[\d,.]*\d|\d")


def _numbers(text: str) -> Counter[str]:
    """The numbers written in digits in `text` ("1,000", "3.59", the 3 of "3rd"), counted."""
    return Counter(_NUMBER.findall(text))


def _sections(name: str) -> list[str]:
    """The Markdown source cut at each level-2 and level-3 heading, the part before the first
    one included."""
    return re.split(r"\n(?=###? )", (DOCS / name).read_text(encoding="utf-8"))


def test_the_two_rulebooks_have_the_same_sections():
    english, spanish = headings(ENGLISH), headings(SPANISH)
    assert [level for level, _text in spanish] == [level for level, _text in english]
    # a section named for a game keeps its name
    games = {game.title for game in round_games()} | {game.title for game in paid_games()}
    for (_level, title), (_same, translated) in zip(english, spanish, strict=True):
        if title in games:
            assert translated == title


def test_the_two_rulebooks_have_the_same_tables_with_the_same_numbers():
    english, spanish = tables(ENGLISH), tables(SPANISH)
    assert len(spanish) == len(english)
    for number, (table, translated) in enumerate(zip(english, spanish, strict=True), 1):
        assert [len(row) for row in translated] == [len(row) for row in table], number
        for row, translated_row in zip(table, translated, strict=True):
            for cell, translated_cell in zip(row, translated_row, strict=True):
                assert _numbers(translated_cell) == _numbers(cell), (number, cell)


def test_the_two_rulebooks_give_the_same_numbers_section_by_section():
    """Every worked example's cards, stakes and sums: the same numbers in each section."""
    english, spanish = _sections(ENGLISH), _sections(SPANISH)
    assert len(spanish) == len(english)
    for part, translated in zip(english, spanish, strict=True):
        assert _numbers(translated) == _numbers(part), part.splitlines()[0]


_CARD = r"(?:[2-9TJQKA]|10)[cdhs]"
#: the cards of a worked example: two or more cards in a row ("Qh Qs 9d 6c 2h")
_HAND = re.compile(rf"(?<![^\s(]){_CARD}(?: {_CARD})+(?![^\s,.:;)])")


def _hands(name: str) -> Counter[str]:
    return Counter(_HAND.findall(" ".join((DOCS / name).read_text(encoding="utf-8").split())))


def test_the_two_rulebooks_deal_the_same_hands():
    hands = _hands(ENGLISH)
    assert hands["Qh Qs 9d 6c 2h"] and hands["Jh Jc As 8d 3c"]  # the Caribbean Stud example
    assert _hands(SPANISH) == hands


def _shape(part: str) -> tuple[int, int, int, int]:
    """A section's bullets, numbered steps, bold phrases and links, counted."""
    lines = part.split("\n")
    return (
        sum(line.startswith("- ") for line in lines),
        sum(bool(re.match(r"\d+\. ", line)) for line in lines),
        len(re.findall(r"\*\*[^*]+\*\*", part)),
        len(re.findall(r"\]\(", part)),
    )


def test_the_two_rulebooks_have_the_same_shape_section_by_section():
    """Each section has as many points, steps, bold rule names and links in both: a point the
    translation left out (or added) shows."""
    english, spanish = _sections(ENGLISH), _sections(SPANISH)
    assert sum(_shape(part)[0] for part in english) > 0  # the shapes are read
    for part, translated in zip(english, spanish, strict=True):
        assert _shape(translated) == _shape(part), part.splitlines()[0]
