"""`python manage.py audit FILE`: a shift's hand log checked against the rulings
(RULING_API.md, "Audit").

One verdict line per log line, in order (an unreadable or unrulable line gets verdict "error",
its error object and its `line` number, and the run goes on), then the summary: with `--json`
one last line `{"summary": {...}}`, otherwise a block in words on standard error.  Exit status
as `rule`: 0 when every line was audited, 1 when any line was an error, 2 when the command was
misused (a file that cannot be read, an unknown house).  The file is read a line at a time.
"""

from __future__ import annotations

import sys
from collections import Counter, defaultdict
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.core.validators import slug_re

from trainer.engine.audit import Summary, audit_line, read_at, read_csv, read_jsonl
from trainer.engine.catalog import GAMES
from trainer.engine.errors import RulingError
from trainer.engine.house import DEFAULT_CONFIG
from trainer.houses.models import House
from trainer.houses.timeline import HouseTimeline
from trainer.rulings.services import as_json

FORMATS = ("jsonl", "csv")
SOURCE_TEXTS = "the source texts' tables, RULES.md's house rules"


class DefaultTimeline:
    """No house named: the source texts' tables and RULES.md's defaults, whatever the time."""

    def __init__(self) -> None:
        self.answer = (DEFAULT_CONFIG, dict.fromkeys(GAMES, SOURCE_TEXTS))

    def at(self, when):
        return self.answer


def decoded(source):
    """The lines of a binary file as text for the CSV reader: a byte that is not UTF-8 is kept
    as a lone surrogate, which the audit refuses naming the column it is in; a spreadsheet's
    byte-order mark is dropped."""
    for number, raw in enumerate(source):
        text = raw.decode("utf-8", errors="surrogateescape")
        yield text.removeprefix("\ufeff") if number == 0 else text


class Command(BaseCommand):
    help = (
        "Audit a hand log (JSON Lines or CSV): one verdict line per hand, in order, then a "
        "summary. Exit 0: all audited; 1: some line was an error; 2: misuse."
    )
    requires_system_checks = []  # a batch tool, as `rule`

    def add_arguments(self, parser):
        parser.add_argument("file", metavar="FILE", help="the hand log")
        parser.add_argument("--house", metavar="SLUG", help="audit with this house's tables")
        parser.add_argument(
            "--json", action="store_true", help='end with one {"summary": ...} JSON line'
        )
        parser.add_argument(
            "--format", choices=FORMATS, help="the log's format (default: from the extension)"
        )

    def handle(self, *args, **options):
        path = Path(options["file"])
        kind = options.get("format") or ("csv" if path.suffix.lower() == ".csv" else "jsonl")
        timeline = self.timeline(options.get("house"))
        try:
            source = path.open("rb")
        except OSError as exc:
            raise CommandError(f"cannot read {path}: {exc.strerror}", returncode=2) from None
        summary = Summary()
        used: dict[str, Counter] = defaultdict(Counter)
        with source:
            lines = read_csv(decoded(source)) if kind == "csv" else read_jsonl(source)
            for number, line in lines:
                config, labels = timeline.at(self.when(line))
                audited = audit_line(line, config, house=options.get("house"))
                summary.add(audited)
                if audited.game is not None and audited.verdict != "error":
                    used[audited.game][labels[audited.game]] += 1
                verdict = audited.as_json()
                if audited.verdict == "error":
                    verdict["line"] = number
                self.write_json(verdict)
        versions = {game: dict(labels) for game, labels in used.items()}
        if options["json"]:
            self.write_json({"summary": {**summary.as_json(), "versions": versions}})
        else:
            text = words(summary, versions)
            try:
                self.stderr.write(text)
            except UnicodeEncodeError:  # an error output that is not UTF-8: "Zo\xeb"
                self.stderr.write(text.encode("ascii", "backslashreplace").decode("ascii"))
        self.stdout.flush()
        if summary.total.errors:
            sys.exit(1)

    def write_json(self, response: dict) -> None:
        """One line of strict JSON; on an output that is not UTF-8 (PYTHONIOENCODING=ascii, an
        old locale), the same line with JSON's \\u escapes, never a traceback."""
        response, text = as_json(response)
        try:
            self.stdout.write(text)
        except UnicodeEncodeError:
            self.stdout.write(as_json(response, ascii=True)[1])

    def timeline(self, slug: str | None):
        if slug is None:
            return DefaultTimeline()
        house = House.objects.filter(slug=slug).first() if slug_re.match(slug) else None
        if house is None:
            names = ", ".join(House.objects.values_list("slug", flat=True)) or "none yet"
            raise CommandError(f"There is no house '{slug}'. The houses are {names}.", returncode=2)
        return HouseTimeline(house)

    @staticmethod
    def when(line):
        if isinstance(line, RulingError) or not hasattr(line, "get"):
            return None
        try:
            return read_at(line)
        except RulingError:
            return None  # audit_line refuses the line, naming `at`


def words(summary: Summary, versions: dict[str, dict[str, int]]) -> str:
    """The summary as a supervisor reads it."""
    t = summary.total
    out = [
        f"{t.hands} hands: {t.correct} correct, {t.overpaid} overpaid, {t.underpaid} underpaid, "
        f"{t.misdirected} misdirected, {t.errors} not audited (errors).",
        f"Money: {t.overpaid_total} overpaid, {t.underpaid_total} underpaid.",
    ]
    for title, groups in (
        ("dealer", summary.by_dealer),
        ("table", summary.by_table),
        ("game", summary.by_game),
        ("situation", summary.by_situation),
    ):
        for key in sorted(groups):
            c = groups[key]
            mispaid = c.overpaid + c.underpaid + c.misdirected
            if title != "situation" and not mispaid and not c.errors:
                continue
            out.append(
                f"  {title} {key or '(not given)'}: {c.hands} hands, {mispaid} mispaid "
                f"(+{c.overpaid_total} / -{c.underpaid_total}), {c.errors} errors"
            )
    for game, labels in versions.items():
        for label, hands in labels.items():
            out.append(f"  {GAMES[game].title}: {hands} hands ruled with {label}")
    return "\n".join(out)
