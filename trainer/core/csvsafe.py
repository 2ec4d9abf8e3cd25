"""CSV that a spreadsheet opens as data, never as formulas: the one writer every export uses.

A spreadsheet (Excel, LibreOffice Calc, Google Sheets) reads a cell that begins with ``=``,
``+``, ``-``, ``@``, a tab or a carriage return as a formula, so a trainee named
``=HYPERLINK("http://x","y")`` would put a live link in the supervisor's sheet.  As OWASP
advises for CSV injection, such a cell gets a leading single quote (which the spreadsheet
takes as "this is text") and every text cell is written between double quotes (with inner
double quotes doubled, as RFC 4180 has it), so that no cell can start a new one.  ASVS adds
the NUL character to the list; it is treated the same way.

One exception, decided here: a cell that is a plain number (an optional minus sign, digits,
optionally a decimal point and more digits, such as ``-5`` or ``-12.50``) is left as it is,
so a negative amount stays a number the spreadsheet can add up.  A plain number cannot call
anything.  Anything else with a dangerous first character, ``-1+2`` or ``-5e3`` included, is
neutralised.  Python numbers (``int``, ``float``, ``Decimal``) are written unquoted, as numbers.

>>> safe_cell('=HYPERLINK("http://x","y")')
'\\'=HYPERLINK("http://x","y")'
>>> safe_cell("@SUM(1+1)"), safe_cell("-1+2")
("'@SUM(1+1)", "'-1+2")
>>> safe_cell("-5"), safe_cell(-5), safe_cell("Tina")
('-5', -5, 'Tina')
>>> import io
>>> out = io.StringIO()
>>> writer(out).writerow(["=1+1", -2.5, "a,b"])
>>> out.getvalue()
'"\\'=1+1",-2.5,"a,b"\\r\\n'
"""

from __future__ import annotations

import csv
import re
from typing import Any, Protocol

#: first characters a spreadsheet reads as the start of a formula (OWASP; NUL from ASVS 1.2.10)
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\0")

_PLAIN_NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?", re.ASCII)


def is_plain_number(text: str) -> bool:
    """An optional minus sign, ASCII digits, optionally a point and more digits: nothing else."""
    return _PLAIN_NUMBER.fullmatch(text) is not None


def safe_cell(value: Any) -> Any:
    """`value` as a spreadsheet should read it: text that could start a formula gets a
    leading single quote; numbers and every other value are returned unchanged."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS) and not is_plain_number(value):
        return "'" + value
    return value


class _Writes(Protocol):
    def write(self, text: str, /) -> Any: ...


class SafeWriter:
    """A `csv.writer` whose every row goes through `safe_cell`, text cells quoted."""

    def __init__(self, stream: _Writes) -> None:
        # QUOTE_NONNUMERIC: every str cell between double quotes, numbers bare
        self._writer = csv.writer(stream, quoting=csv.QUOTE_NONNUMERIC)

    def writerow(self, row) -> None:
        self._writer.writerow([safe_cell(cell) for cell in row])

    def writerows(self, rows) -> None:
        for row in rows:
            self.writerow(row)


def writer(stream: _Writes) -> SafeWriter:
    """The CSV writer for every export of the site (see the module's docstring)."""
    return SafeWriter(stream)
