"""One vocabulary: where an English message of a catalogue uses a term of docs/glossary.md
(a whole word, any case, in the singular or the plural), its translation uses the term of the
glossary's column for that language (headed with the language's English name, "Spanish"):
in Spanish in any gender or number (a verb in any form), accents aside, or a form a note of
the glossary gives in italics.  A longer term is read first and the shorter ones inside it are
then not read again ("full house" asks for *full*, not *casa* as "house" would), and a
placeholder's name is not a word of the message (`%(house)s` is a value; a number in a term, as
in "pays 3 to 1", still stands for a placeholder).  How the table is read is shown below on its
own rows."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.conf import settings
from django.utils.translation import get_language_info

from . import catalogue
from .catalogue import TRANSLATED, catalogue_of, no_catalogue

GLOSSARY = Path(settings.BASE_DIR) / "docs" / "glossary.md"
#: the glossary's column of the language whose words are inflected as Spanish's are
COLUMN = "Spanish"
#: a note's own term: an English phrase in quotes, then its Spanish in italics
NOTE_TERM = re.compile(r'"([^"]+)"\s*(?::|is)\s*\*([^*]+)\*')
NOTE_ITALICS = re.compile(r"\*([^*]+)\*")
#: a number in a term ("pays 3 to 1") stands for any number or placeholder in a message
NUMBER = r"(\d+|%\(\w+\)[sd]|\{\w+\})"
#: where a placeholder's name begins: a term is never read there
PLACEHOLDER_NAME_BEFORE = r"(?<!%\()(?<!\{)"
#: a stem's vowel as a stressed syllable of a verb says it (resolver: resuelve)
DIPHTHONG = {"o": "ue", "e": "ie"}
#: a word this long takes other endings too (apuesta: apueste, apuestan)
LONG_WORD = 5
#: an infinitive: any form of the verb is the term (retirarse: se retira, retírese)
INFINITIVE = re.compile(r"(?:ar|er|ir)(?:se)?$")


@dataclass(frozen=True)
class Term:
    english: str
    spanish: tuple[str, ...]  # the column's term first, then a note's forms

    def pattern(self) -> re.Pattern[str]:
        """The English term as a message uses it: whole words, any case, a plural -s; never a
        placeholder's name (`%(house)s` is a value, not the word "house").

        >>> term = Term("house", ("casa",))
        >>> [m.start() for m in term.pattern().finditer("%(house)s: the house, houses")]
        [15, 22]
        """
        words = [NUMBER if w.isdigit() else re.escape(w) for w in self.english.split()]
        return re.compile(
            PLACEHOLDER_NAME_BEFORE + r"\b" + r"\s+".join(words) + r"(?:s|es)?\b",
            re.I,
        )


def plain(text: str) -> str:
    """Lower case, accents aside, one apostrophe.

    >>> plain("Retírese ya, CORAZÓN’s")
    "retirese ya, corazon's"
    """
    text = text.replace("\u2019", "'").casefold()
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))


def _word_forms(word: str) -> str:
    """A Spanish word in any gender and number, or a verb in any form, as a pattern.

    >>> [bool(re.fullmatch(_word_forms(plain("pareja")), w)) for w in ("parejas", "par")]
    [True, False]
    >>> [bool(re.fullmatch(_word_forms("retirarse"), w)) for w in ("retira", "retirese")]
    [True, True]
    >>> [bool(re.fullmatch(_word_forms("contener"), w)) for w in ("contiene", "contenia", "cont")]
    [True, True, False]
    >>> [bool(re.fullmatch(_word_forms("as"), w)) for w in ("as", "ases", "asi")]
    [True, True, False]
    >>> [bool(re.fullmatch(_word_forms("apuesta"), w)) for w in ("apueste", "apuestas", "apuro")]
    [True, True, False]
    """
    if not word.isalpha():
        return re.escape(word)
    if INFINITIVE.search(word):
        stem = INFINITIVE.sub("", word)
        # a stem's last o or e becomes ue or ie where stressed (resolver: resuelva; contener:
        # contiene)
        changed = re.sub(r"([oe])([^aeiou]*)$", lambda m: DIPHTHONG[m[1]] + m[2], stem)
        return "(?:" + "|".join(re.escape(s) for s in {stem, changed}) + r")\w*"
    stems = {word}
    if word.endswith("es") and len(word) > 3:
        stems.add(word[:-2])
    if word.endswith("s") and len(word) > 2:
        stems.add(word[:-1])
    forms = set()
    for stem in stems:
        forms |= {stem, stem + "s", stem + "es"}
        if stem[-1] in "oa":
            forms |= {stem[:-1] + v for v in ("o", "a", "os", "as")}
        if stem.endswith("z"):
            forms.add(stem[:-1] + "ces")
    alternatives = sorted(map(re.escape, forms), key=len, reverse=True)
    if len(word) >= LONG_WORD:
        # a longer word with another ending: a noun's verb (apuesta: apueste) or a form the
        # rules above miss
        alternatives.append(re.escape(word[:-1]) + r"\w{0,4}")
    return "(?:" + "|".join(alternatives) + ")"


def spanish_pattern(
    spanish: str, numbers: tuple[str, ...] = (), inflected: bool = True
) -> re.Pattern[str]:
    """A Spanish term as a translation may write it (another language's term as it is, unless
    `inflected`); its numbers are the English message's."""
    given = iter(numbers)
    words = []
    for word in plain(spanish).split():
        if word.isdigit():
            words.append(re.escape(next(given, word)))
        else:
            words.append(_word_forms(word) if inflected else re.escape(word))
    return re.compile(r"(?<!\w)" + r"\s+".join(words) + r"(?!\w)")


def _terms_of(english: str, spanish: str, note: str) -> list[Term]:
    """A row of the glossary as terms: its lists paired ("ace, king" with "as, rey"), a note's
    italics as further forms, a note's quoted phrase as a term of its own."""
    english = re.sub(r"\s*\([^)]*\)", "", english).strip()
    quoted = [(e, s) for e, s in NOTE_TERM.findall(note)]
    italics = [s for s in NOTE_ITALICS.findall(note) if s not in {s for _, s in quoted}]
    englishes, spanishes = [e.strip() for e in english.split(",")], spanish.split(",")
    if len(englishes) != len(spanishes):
        englishes, spanishes = [english], [spanish]
    terms = [Term(e, (s.strip(), *italics)) for e, s in zip(englishes, spanishes, strict=True) if e]
    return terms + [Term(e.strip(), (s.strip(),)) for e, s in quoted]


def glossary(text: str, column: str = COLUMN) -> list[Term]:
    """The glossary's terms, longest English first.

    >>> rows = '''| English | Spanish | note |
    ... |---|---|---|
    ... | raise (the bet) | apuesta de subida | the act: *subir* |
    ... | ace, king | as, rey | |
    ... | the dealer qualifies | la banca califica | "it does not qualify": *no califica* |
    ... '''
    >>> for term in glossary(rows):
    ...     print(term.english, "->", " / ".join(term.spanish))
    the dealer qualifies -> la banca califica
    it does not qualify -> no califica
    raise -> apuesta de subida / subir
    king -> rey
    ace -> as
    """
    lines = [line.strip() for line in text.splitlines() if line.strip().startswith("|")]
    heads = [cell.strip() for cell in lines[0].strip("|").split("|")]
    english, spanish, note = heads.index("English"), heads.index(column), heads.index("note")
    terms: list[Term] = []
    for line in lines[2:]:
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        terms += _terms_of(cells[english], cells[spanish], cells[note])
    return sorted(terms, key=lambda t: len(t.english), reverse=True)


def misused(terms: list[Term], english: str, spanish: str, inflected: bool = True) -> list[str]:
    """Each term of `terms` the English message uses whose Spanish the translation lacks.

    >>> terms = glossary(GLOSSARY.read_text(encoding="utf-8"))
    >>> misused(terms, "The dealer does not qualify: ante", "La banca no califica: ante")
    []
    >>> misused(terms, "Pairs, two pair and a full house", "Parejas, doble pareja y un full")
    []
    >>> misused(terms, "Pays %(win)s to %(to)s", "Paga %(win)s a %(to)s")
    []
    >>> misused(terms, "Fold, or raise the bet", "Retírese, o suba la apuesta")
    []
    >>> misused(terms, "The player folds", "El jugador abandona")
    ["'fold' (retirarse)"]
    >>> misused(terms, "Pays 3 to 1", "Paga 2 a 1")
    ["'pays 3 to 1' (paga 3 a 1)"]
    """
    text, translation = plain(english), plain(spanish)
    found = []
    for term in terms:
        pattern = term.pattern()
        for match in list(pattern.finditer(text)):
            numbers = tuple(g for g in match.groups() if g)
            if not any(
                spanish_pattern(s, numbers, inflected).search(translation) for s in term.spanish
            ):
                found.append(f"{term.english!r} ({term.spanish[0]})")
                break
        # what a longer term said is not read again for the shorter ones inside it
        text = pattern.sub(" \x00 ", text)
    return found


@pytest.mark.slow  # every message against every word of the glossary: out of the quick tier
@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_uses_the_glossarys_words(code):
    path = catalogue_of(code)
    if not path.exists():
        pytest.skip(no_catalogue(code))
    column = get_language_info(code)["name"]
    text = GLOSSARY.read_text(encoding="utf-8")
    assert f"| {column} |" in text, f"docs/glossary.md has no column {column!r} for {code}"
    terms = glossary(text, column)
    problems = []
    for entry in catalogue.read(path):
        if entry.header or entry.fuzzy:
            continue
        for english, translated in entry.pairs():
            lacking = translated and misused(terms, english, translated, column == COLUMN)
            if lacking:
                problems.append(f"{english!r} -> {translated!r} lacks {', '.join(lacking)}")
    assert not problems, (
        f"{len(problems)} messages of the catalogue of {code} leave the glossary's words: "
        + "; ".join(problems[:40])
    )


def test_the_glossary_is_read_whole():
    terms = {t.english: t.spanish for t in glossary(GLOSSARY.read_text(encoding="utf-8"))}
    assert terms["full house"][0] == "full"
    assert terms["jack"][0] == "jota" and terms["spades"][0] == "picas"
    assert terms["sign out"] == ("cerrar sesión",)
    assert "pays 3 to 1" in terms and "raise" in terms and "case" in terms
