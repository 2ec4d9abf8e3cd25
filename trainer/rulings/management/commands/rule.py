"""`python manage.py rule`: JSON Lines in, JSON Lines out (RULING_API.md).

Exit status 0 when every line was ruled, 1 when any line came back with an error, 2 when the
command itself was misused (for instance a file that cannot be read).  A bad line never stops
the batch and never prints a traceback: it is answered with an error object in its place.
"""

from __future__ import annotations

import json
import sys

from django.core.management.base import BaseCommand, CommandError

from trainer.rulings.services import give_ruling, house_resolver


def read_line(number: int, raw: bytes) -> object:
    """The request on one input line, or an error response standing in for it."""
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        problem = "is not UTF-8 text"
    except RecursionError:
        problem = "nests too deeply to be a request"
    except ValueError as exc:
        problem = f"is not JSON ({getattr(exc, 'msg', exc)})"
    return LineError(f"Line {number} {problem}: write one JSON object a line.")


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

    def handle(self, *args, **options):
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
        encode = json.JSONEncoder(ensure_ascii=False).encode
        try:
            for number, raw in enumerate(source, start=1):
                if not raw.strip():
                    continue
                request = read_line(number, raw)
                if isinstance(request, LineError):
                    response = {"error": {"field": None, "message": str(request)}}
                else:
                    response = give_ruling(request, resolve=resolve)
                failed = failed or "error" in response
                write(encode(response))
        finally:
            if path:
                source.close()
        self.stdout.flush()
        if failed:
            sys.exit(1)
