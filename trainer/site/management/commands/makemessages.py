"""`manage.py makemessages`, as this project's catalogues need it (`make messages` runs it):
Django's command, which also extracts

- the engine's messages: `say("... %(x)s", x=...)` and `say_n(singular, plural, count, ...)`
  (trainer/engine, which cannot import Django's gettext), as xgettext keywords;
- the felt's Jinja partials (templates/felt/), whose `_("Seat %(seat)s", seat=n)` Django's
  template lexer does not read (it finds no message in them): Jinja's own extraction reads
  each, into a `.py` beside it for the xgettext run, each message on its template's line, and
  the catalogue's references name the template;

and leaves out what the site never shows (the tests, the tools, the docs, the virtualenv).
"""

from __future__ import annotations

import re
from pathlib import Path

from django.core.management.commands import makemessages

from trainer.site.jinja import environment

#: the felt's Jinja partials, from the project's root (where makemessages runs)
FELT = Path("templates") / "felt"
#: what the site never shows a person; the felt's partials are read by Jinja (above).  Django
#: leaves out a folder of one of these names wherever it is: no folder of the site's own
#: templates or code may be named so
IGNORED = [".venv", "tests", "tools", "docs", "deploy", "fixtures", "staticfiles", "*.egg-info"]
IGNORED_FELT = f"{FELT.as_posix()}/*.html"
#: the Jinja calls read, each as the gettext function xgettext knows, and how many of its
#: leading arguments are the message (its context, its singular and plural)
JINJA_CALLS = {
    "_": ("gettext", 1),
    "gettext": ("gettext", 1),
    "ngettext": ("ngettext", 2),
    "pgettext": ("pgettext", 2),
    "npgettext": ("npgettext", 3),
}
#: the Python a partial is read into, as the catalogue's references name it
_READ_INTO = re.compile(r"(templates/felt/\S+?\.html)\.py\b")


def python_of_partial(source: str) -> str:
    """The gettext calls of a Jinja partial as Python, each on the line it is on in the partial.

    >>> print(python_of_partial('<p>\\n{{ _("Seat %(seat)s", seat=n) }} {{ _("Why") }}</p>'))
    <BLANKLINE>
    gettext('Seat %(seat)s', 0); gettext('Why', 0)
    """
    lines = [""] * (source.count("\n") + 1)
    for lineno, function, message in environment().extract_translations(source):
        if function not in JINJA_CALLS:
            continue
        name, count = JINJA_CALLS[function]
        strings = message if isinstance(message, tuple) else (message,)
        if len(strings) < count or any(not isinstance(s, str) for s in strings[:count]):
            continue  # a message that is not a literal is nothing to extract
        arguments = ", ".join([*(repr(s) for s in strings[:count]), "0"])
        call = f"{name}({arguments})"
        lines[lineno - 1] = f"{lines[lineno - 1]}; {call}" if lines[lineno - 1] else call
    return "\n".join(lines)


class Command(makemessages.Command):
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        # the engine's messages (trainer.engine): say(message, **values), say_n(one, many, n)
        "--keyword=say",
        "--keyword=say_n:1,2",
    ]

    def handle(self, *args, **options):
        options["ignore_patterns"] = [*options["ignore_patterns"], *IGNORED, IGNORED_FELT]
        read = self._read_partials()
        try:
            super().handle(*args, **options)
        finally:
            for path in read:
                path.unlink(missing_ok=True)
        self._name_partials()

    def _read_partials(self) -> list[Path]:
        """Each partial of the felt read into a `.py` beside it, for xgettext."""
        written = []
        for partial in sorted(FELT.rglob("*.html")):
            python = partial.with_name(partial.name + ".py")
            python.write_text(python_of_partial(partial.read_text(encoding="utf-8")), "utf-8")
            written.append(python)
        return written

    def _name_partials(self) -> None:
        """The catalogues' references to a partial's `.py` name the partial itself."""
        for locale_path in getattr(self, "locale_paths", []):
            for catalogue in Path(locale_path).glob("*/LC_MESSAGES/django.po"):
                text = catalogue.read_text(encoding="utf-8")
                named = _READ_INTO.sub(r"\1", text)
                if named != text:
                    catalogue.write_text(named, encoding="utf-8")
