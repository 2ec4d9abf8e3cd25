"""The catalogues (locale/<code>/LC_MESSAGES/django.po: today Spanish's) as the tests read
them: a small reader of the PO format (GNU gettext's: comments, flags, msgctxt, msgid,
msgid_plural, msgstr[n], obsolete `#~` entries left out), and the checks each entry must pass.

>>> text = '''
... #, fuzzy
... msgid ""
... msgstr "Language: es\\\\n"
...
... #: templates/base.html:3
... #, python-format
... msgid "Seat %(seat)s"
... msgstr "Asiento %(seat)s"
...
... msgctxt "language"
... msgid "Change"
... msgid_plural "Changes"
... msgstr[0] ""
... msgstr[1] "Cambios"
...
... #~ msgid "Gone"
... #~ msgstr "Ido"
... '''
>>> header, seat, change = parse(text)
>>> header.fuzzy, seat.key, seat.strings, change.key
(True, (None, 'Seat %(seat)s'), ['Asiento %(seat)s'], ('language', 'Change'))
>>> problems_of(seat), problems_of(change)
([], ["'Change' (language): its translation is empty"])
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings

#: the languages translated from the English of the code: each but the source (LANGUAGE_CODE)
TRANSLATED = [
    code
    for code, _ in settings.LANGUAGES
    if code.split("-")[0] != settings.LANGUAGE_CODE.split("-")[0]
]


def catalogue_of(code: str) -> Path:
    """The committed catalogue of a language."""
    return Path(settings.BASE_DIR) / "locale" / code / "LC_MESSAGES" / "django.po"


def no_catalogue(code: str) -> str:
    """Why a catalogue's tests skip in a checkout without it."""
    return (
        f"locale/{code}/LC_MESSAGES/django.po is not committed yet: there is no catalogue of "
        f"{code} to check (mkdir -p locale/{code}/LC_MESSAGES; make messages makes one)"
    )


#: the committed Spanish catalogue
SPANISH = catalogue_of("es")
NO_CATALOGUE = no_catalogue("es")

#: a placeholder of a message: Python's %-format, named (`%(name)s`) or not (`%s`), and a
#: brace one (`{name}`); `%%` is a percent sign, not a placeholder
PLACEHOLDER = re.compile(r"%%|%(?:\([^)]+\))?[-#0+]*\d*(?:\.\d+)?[sdifeEgGxXocr]|\{\w*\}")


@dataclass
class Entry:
    context: str | None = None
    msgid: str = ""
    plural: str | None = None
    strings: list[str] = field(default_factory=list)
    flags: set[str] = field(default_factory=set)
    references: list[str] = field(default_factory=list)

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.context, self.msgid)

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    @property
    def header(self) -> bool:
        return self.msgid == "" and self.context is None

    def name(self) -> str:
        return f"{self.msgid!r}" + (f" ({self.context})" if self.context else "")

    def pairs(self) -> list[tuple[str, str]]:
        """Each translated form with the English it translates: the singular for the first,
        the plural for the others (and for the only one of a language without plurals)."""
        if self.plural is None:
            return [(self.msgid, s) for s in self.strings]
        if len(self.strings) == 1:
            return [(self.plural, self.strings[0])]
        return [(self.msgid if i == 0 else self.plural, s) for i, s in enumerate(self.strings)]


_KEYWORD = re.compile(r"^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(\".*\")\s*$")


def parse(text: str) -> list[Entry]:
    """The entries of a PO file, in order, the obsolete ones left out."""
    entries: list[Entry] = []
    entry = Entry()
    started = False
    last: str | None = None

    def close() -> None:
        nonlocal entry, started, last
        if started:
            entries.append(entry)
        entry, started, last = Entry(), False, None

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            close()
            continue
        if line.startswith("#~"):
            continue
        if line.startswith("#,"):
            if started and last is not None:
                close()
            entry.flags |= {f.strip() for f in line[2:].split(",") if f.strip()}
            continue
        if line.startswith("#:"):
            if started and last is not None:
                close()
            entry.references += line[2:].split()
            continue
        if line.startswith("#"):
            continue
        match = _KEYWORD.match(line)
        if match:
            keyword, value = match.group(1), ast.literal_eval(match.group(2))
            if keyword in ("msgctxt", "msgid") and last not in (None, "msgctxt"):
                close()
            started, last = True, keyword
            _set(entry, keyword, value)
        elif line.startswith('"') and last is not None:
            _set(entry, last, ast.literal_eval(line), append=True)
    close()
    return entries


def _set(entry: Entry, keyword: str, value: str, append: bool = False) -> None:
    if keyword == "msgctxt":
        entry.context = (entry.context or "") + value if append else value
    elif keyword == "msgid":
        entry.msgid = entry.msgid + value if append else value
    elif keyword == "msgid_plural":
        entry.plural = (entry.plural or "") + value if append else value
    else:
        index = int(keyword[7:-1]) if "[" in keyword else 0
        while len(entry.strings) <= index:
            entry.strings.append("")
        entry.strings[index] = entry.strings[index] + value if append else value


def read(path: Path) -> list[Entry]:
    return parse(path.read_text(encoding="utf-8"))


def placeholders(text: str, percent: bool = True) -> Counter[str]:
    """The placeholders of a message, each as often as it comes (the %-format ones only if
    `percent`: a message that is not python-format may hold a plain "50%").

    >>> sorted(placeholders("%(n)s hands of %(n)s, 100%% {count} %d").elements())
    ['%(n)s', '%(n)s', '%d', '{count}']
    >>> sorted(placeholders("50% of {count}", percent=False).elements())
    ['{count}']
    """
    return Counter(
        m.group()
        for m in PLACEHOLDER.finditer(text)
        if m.group() != "%%" and (percent or m.group().startswith("{"))
    )


def problems_of(entry: Entry) -> list[str]:
    """What is wrong with one entry of a catalogue: a translated form empty, the entry marked
    fuzzy (msgmerge's guess, which gettext does not use), or placeholders that differ between
    the English and the translation."""
    if entry.header:
        return ["the catalogue's header is marked fuzzy: remove the flag"] if entry.fuzzy else []
    found = []
    if entry.fuzzy:
        found.append(f"{entry.name()}: marked fuzzy (check its Spanish, then remove the flag)")
    if not entry.strings or any(not s for s in entry.strings):
        found.append(f"{entry.name()}: its translation is empty")
        return found
    percent = "python-format" in entry.flags or "%(" in entry.msgid
    for english, spanish in entry.pairs():
        mine, theirs = placeholders(english, percent), placeholders(spanish, percent)
        if mine != theirs:
            found.append(
                f"{entry.name()}: its placeholders differ: {sorted(mine.elements())} in "
                f"English, {sorted(theirs.elements())} in {spanish!r}"
            )
    return found
