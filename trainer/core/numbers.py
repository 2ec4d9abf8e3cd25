"""Numbers as the reader's language writes them, by Django's formats
(`django.conf.locale.<language>.formats`, with the site's changes in `trainer.core.formats`):
English "1,250" and "0.25", Spanish "1.250" and "0,25"; and an amount typed in that
language's grouping read back as a whole number.

The separators are looked up once per language and kept: the felt shows a dozen amounts an
answer and the drill page is the site's hot path, so a number is Python's own English grouping
with the separators swapped, not a `number_format` call each.  A language that groups other
than by threes (Django's NUMBER_GROUPING) gets `number_format` itself.  With no language active
(`makemigrations` turns translation off, and Django's formats then group nothing) a number is
written as English writes it.

>>> from django.utils import translation
>>> with translation.override("es"):
...     grouped(1250), localized("12,345.6780"), ungrouped("1.250"), ungrouped("1,25")
('1.250', '12.345,6780', '1250', '1,25')
>>> with translation.override("en"):
...     grouped(1250), localized("12,345.6780"), ungrouped("1,250"), ungrouped("1.250")
('1,250', '12,345.6780', '1250', '1.250')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from django.utils.formats import get_format, number_format
from django.utils.translation import get_language

__all__ = ["grouped", "localized", "localized_amount", "thousands_separator", "ungrouped"]


@dataclass(frozen=True)
class _Separators:
    thousands: str
    decimal: str
    #: groups of three digits (True for every language of settings.LANGUAGES today)
    by_threes: bool
    #: English text of a number ("," and ".") to this language's, None when it is the same
    table: dict[int, str] | None
    #: an amount typed with `thousands` is read back (`ungrouped`)
    read_back: bool


_ENGLISH = _Separators(",", ".", True, None, True)


@cache
def _separators(language: str | None) -> _Separators:
    if language is None:
        return _ENGLISH
    thousands = str(get_format("THOUSAND_SEPARATOR", language))
    decimal = str(get_format("DECIMAL_SEPARATOR", language))
    by_threes = get_format("NUMBER_GROUPING", language) == 3
    english = (thousands, decimal) == (",", ".")
    table = None if english else str.maketrans({",": thousands, ".": decimal})
    # read back only when the grouping cannot be taken for the decimals: a separator apart
    # from the decimal one, and not a space, which a trainee may type by mistake in a number
    read_back = bool(by_threes and thousands and thousands != decimal and not thousands.isspace())
    return _Separators(thousands, decimal, by_threes, table, read_back)


def thousands_separator() -> str:
    """The reader's language's thousands separator ("," in English, "." in Spanish)."""
    return _separators(get_language()).thousands


def grouped(value: int) -> str:
    """A whole number with its thousands grouped as the reader's language groups them."""
    separators = _separators(get_language())
    if not separators.by_threes:
        return number_format(value, force_grouping=True)
    text = f"{value:,}"
    return text if separators.table is None else text.translate(separators.table)


def localized(text: str) -> str:
    """A number written the English way ("12,345.6780", "5.2632%") with the reader's
    language's separators; anything else in `text` is left as it is."""
    table = _separators(get_language()).table
    return text if table is None else text.translate(table)


def localized_amount(text: str) -> str:
    """`text` in the reader's language's grouping when it is a whole number the English way
    grouped ("1,250": an amount the rules engine put into one of its sentences); any other
    text as it is ("3 to 2", "Q♥", "1,2").

    >>> from django.utils import translation
    >>> with translation.override("es"):
    ...     localized_amount("1,250"), localized_amount("-12,500"), localized_amount("1,25")
    ('1.250', '-12.500', '1,25')
    """
    table = _separators(get_language()).table
    if table is None or "," not in text or not _grouped_by_threes(text, ","):
        return text
    return text.translate(table)


def ungrouped(text: str) -> str:
    """What a trainee typed for a whole number of chips, its thousands separators taken out
    when it is grouped exactly as the reader's language groups ("1.250" in Spanish, "1,250"
    in English); anything else as it was typed, for the rules engine to read or refuse.
    Amounts are whole numbers, so a Spanish "1.250" can only be twelve hundred and fifty: its
    decimals would follow a comma."""
    separators = _separators(get_language())
    stripped = text.strip()
    if not separators.read_back or not _grouped_by_threes(stripped, separators.thousands):
        return text
    return stripped.replace(separators.thousands, "")


def _grouped_by_threes(text: str, separator: str) -> bool:
    """`text` is an amount grouped with `separator`: an optional sign, one to three digits,
    then groups of three ("1.250", "-12.500"; never "1.25", "1250.5" or "1250")."""
    unsigned = text[1:] if text[:1] in "+-" else text
    groups = unsigned.split(separator)
    return (
        len(groups) > 1
        and 1 <= len(groups[0]) <= 3
        and all(len(g) == 3 for g in groups[1:])
        and all(g.isascii() and g.isdigit() for g in groups)
    )
