"""`python manage.py rule`: JSON Lines in, JSON Lines out (RULING_API.md).

Exit status 0 when every line was ruled, 1 when any line came back with an error, 2 when the
command itself was misused (for instance a file that cannot be read).  A bad line never stops
the batch and never prints a traceback: it is answered with an error object in its place.
Every output line is strict JSON (no NaN, no Infinity, UTF-8 text): a request holding what
JSON cannot carry back is refused, naming the field.
"""

from __future__ import annotations

import sys

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import translation

from trainer.rulings.services import (
    NotJSON,
    as_json,
    give_ruling,
    house_resolver,
    read_json,
    said_in,
)


def read_line(number: int, raw: bytes) -> object:
    """The request on one input line, or an error response standing in for it."""
    try:
        return read_json(raw)
    except NotJSON as exc:
        return LineError(f"Line {number} {exc}: write one JSON object a line.")


class LineError(Exception):
    pass


class Command(BaseCommand):
    help = (
        "Rule JSON Lines requests (one object a line) from standard input or --file, "
        "writing one JSON response a line, in order. Exit 0: all ruled; 1: some line had an "
        "error; 2: misuse."
    )
    requires_system_checks = []  # a batch tool: start fast; the site's checks are not its concern

    def add_arguments(self, parser):
        parser.add_argument("--file", metavar="PATH", help="read requests from this file")
        parser.add_argument(
            "--lang",
            metavar="CODE",
            default=settings.LANGUAGES[0][0],
            help="the language of the reasons (steps, error messages): "
            + ", ".join(code for code, _ in settings.LANGUAGES)
            + "; keys and codes stay English",
        )

    def handle(self, *args, **options):
        try:
            language = translation.get_supported_language_variant(options["lang"].lower())
        except LookupError:
            codes = ", ".join(code for code, _ in settings.LANGUAGES)
            raise CommandError(
                f"--lang {options['lang']}: not a language of this site ({codes}).", returncode=2
            ) from None
        path = options.get("file")
        if path:
            try:
                source = open(path, "rb")  # noqa: SIM115 - closed below
            except OSError as exc:
                raise CommandError(f"cannot read {path}: {exc.strerror}", returncode=2) from None
        else:
            source = sys.stdin.buffer
        failed = False
        resolve = house_resolver(None)
        write = self.stdout.write
        try:
            for number, raw in enumerate(source, start=1):
                if not raw.strip():
                    continue
                request = read_line(number, raw)
                if isinstance(request, LineError):
                    response = {"error": {"field": None, "message": str(request)}}
                else:
                    response = said_in(give_ruling(request, resolve=resolve), language)
                response, line = as_json(response)
                failed = failed or "error" in response
                try:
                    write(line)
                except UnicodeEncodeError:
                    # an output that is not UTF-8 (a Latin-1 locale, say): JSON escapes fit it
                    write(as_json(response, ascii=True)[1])
        finally:
            if path:
                source.close()
        self.stdout.flush()
        if failed:
            sys.exit(1)
