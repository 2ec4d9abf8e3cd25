"""Each catalogue (Spanish's today; every language of settings.LANGUAGES but English) is
complete and true to the code: `makemessages` (the project's,
trainer/site/management/commands/makemessages.py) run into a copy of the project finds no
message the committed catalogue lacks, and every entry has its translation, none fuzzy, with
the English's placeholders.  The checks themselves are shown failing on made-up catalogues."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import override_settings

from . import catalogue
from .catalogue import TRANSLATED, Entry, catalogue_of, no_catalogue, problems_of

#: what of the project makemessages reads (its command leaves the rest out anyway)
SOURCES = ("trainer", "templates")


def made_again(
    tmp: Path, monkeypatch, catalogue_text: str, extra: dict[str, str] | None = None, code="es"
):
    """The catalogue `makemessages -l <code> --no-obsolete` makes from the code (plus `extra`
    files, path -> text) over a copy of `catalogue_text`, in a copy of the project under `tmp`:
    the checkout's own catalogue is never written."""
    for source in SOURCES:
        shutil.copytree(
            Path(settings.BASE_DIR) / source,
            tmp / source,
            ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.mo"),
        )
    for path, text in (extra or {}).items():
        (tmp / path).write_text(text, encoding="utf-8")
    copy = tmp / "locale" / code / "LC_MESSAGES" / "django.po"
    copy.parent.mkdir(parents=True)
    copy.write_text(catalogue_text, encoding="utf-8")
    monkeypatch.chdir(tmp)
    with override_settings(LOCALE_PATHS=[tmp / "locale"]):
        call_command("makemessages", locale=[code], no_obsolete=True, verbosity=0)
    return catalogue.parse(copy.read_text(encoding="utf-8"))


def missing_from(committed: list[Entry], made: list[Entry]) -> list[str]:
    """The messages of the code (`made`) the committed catalogue does not hold."""
    held = {e.key for e in committed}
    return [e.name() for e in made if not e.header and e.key not in held]


# -- the committed catalogue -------------------------------------------------------------------


def committed(code: str) -> Path:
    path = catalogue_of(code)
    if not path.exists():
        pytest.skip(no_catalogue(code))
    return path


@pytest.mark.slow  # makemessages (GNU xgettext) over the whole code: out of the quick tier
@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_of_the_code_is_in_the_catalogue(code, tmp_path, monkeypatch):
    path = committed(code)
    made = made_again(tmp_path, monkeypatch, path.read_text(encoding="utf-8"), code=code)
    missing = missing_from(catalogue.read(path), made)
    assert not missing, (
        f"{len(missing)} messages of the code are not in the catalogue of {code} (make "
        "messages, then translate them): " + "; ".join(missing[:40])
    )


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_has_its_translation_with_the_same_placeholders(code):
    problems = [p for entry in catalogue.read(committed(code)) for p in problems_of(entry)]
    assert not problems, f"{len(problems)} problems in the catalogue of {code}: " + "; ".join(
        problems[:40]
    )


# -- the checks, failing where they must -------------------------------------------------------

HEADER = (
    'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: es\\n"\n'
    '"Plural-Forms: nplurals=2; plural=n != 1;\\n"\n\n'
)
NEW = "A message of the code that nobody has translated yet"


@pytest.mark.slow  # makemessages (GNU xgettext) over the whole code: out of the quick tier
def test_a_message_of_the_code_missing_from_the_catalogue_is_named(tmp_path, monkeypatch):
    python = f"from django.utils.translation import gettext\ngettext({NEW!r})\n"
    # a partial of the felt, in Jinja: read by Jinja's own extraction, named by its line
    felt = '<p>\n  {{ _("The felt says %(what)s", what=x) }}</p>\n'
    # the engine's messages: read, never run (xgettext knows the calls by their names)
    engine = (
        "say('The dealer pays %(amount)s', amount=5)\n"
        "say_n('%(count)s chip', '%(count)s chips', 2, count=2)\n"
    )
    made = made_again(
        tmp_path,
        monkeypatch,
        HEADER,
        {
            "trainer/core/untranslated.py": python,
            "templates/felt/zz_probe.html": felt,
            "trainer/engine/spoken.py": engine,
        },
    )
    missing = missing_from(catalogue.parse(HEADER), made)
    for new in (NEW, "The felt says %(what)s", "The dealer pays %(amount)s", "%(count)s chip"):
        assert repr(new) in missing
    said = next(e for e in made if e.msgid == "The felt says %(what)s")
    assert said.references == ["templates/felt/zz_probe.html:2"]
    assert "python-format" in said.flags
    assert not list((tmp_path / "templates" / "felt").glob("*.py"))  # the .py read are gone
    assert next(e for e in made if e.msgid == "%(count)s chip").plural == "%(count)s chips"


def test_an_empty_or_fuzzy_spanish_is_a_problem():
    empty, fuzzy = catalogue.parse(
        'msgid "Sign out"\nmsgstr ""\n\n#, fuzzy\nmsgid "Sign in"\nmsgstr "Cerrar sesión"\n'
    )
    assert problems_of(empty) == ["'Sign out': its translation is empty"]
    assert problems_of(fuzzy) == [
        "'Sign in': marked fuzzy (check its Spanish, then remove the flag)"
    ]


def test_placeholders_that_differ_are_a_problem():
    named, braces, plural, right = catalogue.parse(
        '#, python-format\nmsgid "Seat %(seat)s"\nmsgstr "Asiento %(asiento)s"\n\n'
        'msgid "{count} hands"\nmsgstr "{cuenta} manos"\n\n'
        '#, python-format\nmsgid "%(count)s hand"\nmsgid_plural "%(count)s hands"\n'
        'msgstr[0] "%(count)s mano"\nmsgstr[1] "manos"\n\n'
        '#, python-format\nmsgid "%(win)s to %(to)s, 50%% of rounds"\n'
        'msgstr "%(win)s a %(to)s, 50%% de las rondas"\n'
    )
    assert "'%(seat)s'" in problems_of(named)[0] and "'%(asiento)s'" in problems_of(named)[0]
    assert "'{cuenta}'" in problems_of(braces)[0]
    assert len(problems_of(plural)) == 1 and "'manos'" in problems_of(plural)[0]
    assert problems_of(right) == []
