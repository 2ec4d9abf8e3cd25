"""Numbers in the reader's language (Django's formats): Spanish groups thousands with a point
and writes decimals after a comma, English the other way round; an amount a trainee types in
their language's grouping is read as its digits, and nothing that could be decimals is."""

import pytest
from django.template import engines
from django.utils import translation

from trainer.core.i18n import render
from trainer.core.numbers import grouped, localized, thousands_separator, ungrouped
from trainer.engine.messages import say


@pytest.mark.parametrize(
    ("language", "shown"),
    [("en", "1,250"), ("es", "1.250"), (None, "1,250")],
)
def test_a_whole_number_is_grouped_as_its_readers_language_groups_it(language, shown):
    # None: translation off (makemigrations), where Django's formats would group nothing
    with translation.override(language):
        assert grouped(1250) == shown
        assert grouped(-1234567) == "-1{0}234{0}567".format(shown[1])
        assert grouped(999) == "999"


def test_a_figure_with_decimals_takes_the_languages_separators():
    with translation.override("es"):
        assert localized("12,345.6780") == "12.345,6780"
        assert localized("4.9149% (53223/1082900)") == "4,9149% (53223/1082900)"
        assert thousands_separator() == "."
    with translation.override("en"):
        assert localized("12,345.6780") == "12,345.6780"
        assert thousands_separator() == ","


def test_the_felts_number_filter_follows_the_language():
    # (a variable: Jinja works out a filter of a constant once, when it compiles)
    felt = engines["jinja2"].from_string("{{ amount|number }} {{ thousands_separator() }}")
    with translation.override("es"):
        assert felt.render({"amount": 1250}) == "1.250 ."
    with translation.override("en"):
        assert felt.render({"amount": 1250}) == "1,250 ,"


@pytest.mark.parametrize(
    ("typed", "read"),
    [("1.250", "1250"), (" 12.500 ", "12500"), ("-1.250.000", "-1250000"), ("1250", "1250")],
)
def test_a_spanish_grouping_is_read_as_its_digits(typed, read):
    with translation.override("es"):
        assert ungrouped(typed) == read


@pytest.mark.parametrize(
    "typed",
    ["1.25", "12.50", "1250.5", "1,250", "1,25", "1.2500", ".250", "1..250", "1.250.", "١.٢٥٠"],
)
def test_nothing_a_spanish_reader_could_mean_as_decimals_is_ungrouped(typed):
    # left as typed: the rules engine refuses it as no whole number of chips
    with translation.override("es"):
        assert ungrouped(typed) == typed


def test_an_english_reader_types_a_comma_grouping_never_a_point():
    with translation.override("en"):
        assert ungrouped("1,250") == "1250"
        assert ungrouped("1.250") == "1.250"


def test_an_amount_in_an_engine_sentence_reads_in_the_readers_grouping():
    # the engine writes its sentences' amounts the English way; a Spanish reader's are regrouped
    said = say("paid %(amount)s", amount="1,250")
    with translation.override("es"):
        spanish = render(said)
    with translation.override("en"):
        english = render(said)
    assert "1.250" in spanish and "1,250" not in spanish
    assert english == "paid 1,250"
