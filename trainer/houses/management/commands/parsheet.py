"""`python manage.py parsheet GAME [--house SLUG | --paytable JSON | --paytables FILE] [--json]`:
the exact house edge of a table under optimal play, computed by the engine.

`--paytables FILE` prices many tables in one process: JSON Lines in (each line a table as
`--paytable` takes it; `-` reads standard input), one line out per table.  A line that is no
table (not UTF-8, not JSON, odds beyond the bound, a name that is no category) gets one
message naming it, and the lines after it are still priced.  A game with a fast
path reads its counts from the database, or builds them here first (seconds, once: they are
stored for the site), and each table then takes well under a second.

Beside the sheet: the distribution of the player's net per round, its variance and standard
deviation, the hit frequency, the return column, the ties of optimal play, and a manager's
figures (`trainer.houses.sheet_figures`): the theoretical win an hour and a shift at
`--rounds-per-hour` (the house's pace for the game with `--house`, else the game's default),
`--seats` and `--ante`, the hold against `--drop`, the rounds after which the house is ahead
with 95% probability, a shift's range, and the edge at each Ante under the house's payout
cap."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import TypeVar

from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError

from trainer.engine import EngineError
from trainer.engine.catalog import GAMES
from trainer.engine.figures import edge_words, exact_fraction, rules_note
from trainer.engine.house import DEFAULT_CONFIG, HouseRules
from trainer.engine.paytables import Band, Paytable
from trainer.houses import precompute, services
from trainer.houses.config import config_of
from trainer.houses.models import House
from trainer.houses.sheet_figures import MoneyInputs, has_cap, sheet_figures

T = TypeVar("T")


def parsheet_games() -> list[str]:
    return [g.slug for g in GAMES.values() if g.has_parsheet]


class Command(BaseCommand):
    help = (
        "Print the par sheet (house edge, element of risk, outcome probabilities) of a "
        "paytable: the source texts' table, a house's active table, or one given as JSON."
    )
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("game", choices=parsheet_games())
        source = parser.add_mutually_exclusive_group()
        source.add_argument("--house", metavar="SLUG", help="the house's active table and rules")
        source.add_argument(
            "--paytable",
            metavar="JSON",
            help='category name to profit odds, e.g. \'{"royal flush": "500", ...}\'; for '
            "Mississippi Stud `one pair` is the paying pairs, J-A unless "
            '"pair_band": [low, high] says otherwise (and "push_band": [low, high] or null)',
        )
        source.add_argument(
            "--paytables",
            metavar="FILE",
            help="many tables, one --paytable object a line (JSON Lines; - for standard "
            "input): one result a line, in one process",
        )
        parser.add_argument(
            "--json", dest="as_json", action="store_true", help="print one JSON object"
        )
        money = parser.add_argument_group("a manager's figures")
        money.add_argument(
            "--rounds-per-hour",
            type=_positive,
            metavar="N",
            help="rounds an hour (default: the house's pace for the game, or the game's)",
        )
        money.add_argument("--seats", type=_positive, default=1, help="seats filled (default 1)")
        money.add_argument(
            "--ante", type=_positive, metavar="AMOUNT", help="average Ante (default: the bet unit)"
        )
        money.add_argument(
            "--shift-hours", type=_positive, default=8, metavar="H", help="a shift (default 8)"
        )
        money.add_argument(
            "--drop", type=_positive, metavar="AMOUNT", help="a shift's drop: gives the hold"
        )

    def handle(
        self, *args, game, house=None, paytable=None, paytables=None, as_json=False, **options
    ):
        config = DEFAULT_CONFIG
        found = None
        if house:
            found = House.objects.filter(slug=house).first()
            if found is None:
                raise CommandError(f"There is no house '{house}'.", returncode=2)
            config = config_of(found)
        self.money = MoneyInputs(
            rounds_per_hour=options.get("rounds_per_hour"),
            seats=options.get("seats") or 1,
            ante=options.get("ante"),
            drop=options.get("drop"),
            shift_hours=options.get("shift_hours") or 8,
        )
        self.house = found
        table: Paytable = config.paytable(game)
        if paytables:
            self._many(game, paytables, table, config.rules, as_json)
            return
        entry = GAMES[game]
        if paytable:
            try:
                table = _table(paytable, table, "--paytable")
            except EngineError as exc:
                raise CommandError(str(exc), returncode=2) from None
        progress = _Bar(self.stderr) if sys.stderr.isatty() else None
        try:
            # from the game's counts when the site has them; else enumerated in full, which
            # for one table is quicker than making the counts
            sheet = _stored(lambda: services.instant_parsheet(game, table, config.rules))
            if sheet is None:
                sheet = GAMES[game].parsheet(table, config.rules, progress=progress)
        except EngineError as exc:
            raise CommandError(str(exc), returncode=2) from None
        if progress:
            progress.close()
        counts = self._counts(entry) if has_cap(game, config.rules) else None
        try:
            figures = self._figures(sheet, table, config.rules, counts)
        except EngineError as exc:
            raise CommandError(str(exc), returncode=2) from None
        if as_json:
            self.stdout.write(json.dumps(figures))
        else:
            self._readable(sheet, config.rules, figures)

    def _figures(self, sheet, table: Paytable, rules: HouseRules, counts) -> dict:
        return sheet_figures(
            sheet, table=table, rules=rules, house=self.house, inputs=self.money, counts=counts
        )

    def _many(self, game: str, path: str, base: Paytable, rules: HouseRules, as_json: bool):
        """One sheet per line of `path`, from the game's counts (built here first when the
        site has none); a line that is no table gets an error line, numbered."""
        try:
            # bytes, decoded line by line: a line that is not UTF-8 is that line's error
            stream = (
                getattr(sys.stdin, "buffer", sys.stdin) if path == "-" else open(path, "rb")  # noqa: SIM115
            )
        except OSError as exc:
            raise CommandError(f"--paytables: {exc}", returncode=2) from None
        entry = GAMES[game]
        counts = self._counts(entry) if entry.has_fast_parsheet else None
        with stream:
            for number, line in _lines(stream):
                try:
                    if isinstance(line, EngineError):
                        raise line
                    table = _table(line, base, f"line {number}")
                    if counts is not None:
                        sheet = entry.fast_parsheet(table, rules, counts)
                    else:
                        sheet = entry.parsheet(table, rules)
                    figures = self._figures(sheet, table, rules, counts)
                except EngineError as exc:
                    if as_json:
                        self.stdout.write(json.dumps({"line": number, "error": str(exc)}))
                    else:
                        self._say(f"Line {number}: {exc}\n")
                    continue
                if as_json:
                    self.stdout.write(json.dumps({"line": number, **figures}))
                else:
                    self.stdout.write(f"Line {number}:")
                    self._readable(sheet, rules, figures)
                    self.stdout.write("")

    def _say(self, text: str) -> None:
        """`text` on standard output; on one that is not UTF-8 (PYTHONIOENCODING=ascii, an old
        locale), with what it cannot carry escaped, never a traceback."""
        try:
            self.stdout.write(text)
        except UnicodeEncodeError:
            self.stdout.write(text.encode("ascii", "backslashreplace").decode("ascii"))

    def _counts(self, entry):
        """The game's counts: the site's, or built here (and stored for the site when nobody
        else is building them), with a note on standard error."""
        counts = _stored(lambda: precompute.ready_counts(entry))
        if counts is not None:
            return counts
        self.stderr.write(
            f"{entry.title}: building the counts its par sheets read (once for this site)..."
        )
        started = time.monotonic()
        progress = _Bar(self.stderr) if sys.stderr.isatty() else None
        noted = progress or (lambda done, total: None)
        counts = _stored(lambda: precompute.counts_for_sheet(entry, noted))
        stored = counts is not None
        if counts is None:  # another worker is building them, or no database: our own
            counts = entry.parsheet_counts(progress)
        if progress:
            progress.close()
        self.stderr.write(
            f"{entry.title}: counts built in {time.monotonic() - started:.1f} s"
            + ("" if stored else " (not stored: being built elsewhere, or no database)")
        )
        return counts

    def _readable(self, sheet, rules: HouseRules, figures: dict) -> None:
        out = self.stdout.write
        out(f"Par sheet: {sheet.game}, {sheet.paytable}")
        out(f"  house edge       {edge_words(sheet.house_edge)}")
        out(f"  average bet      {float(sheet.average_bet):9.4f} Antes")
        out(f"  element of risk  {float(sheet.element_of_risk) * 100:9.4f}%")
        if sheet.player_edge:
            out("  WARNING: this table gives the PLAYER the edge.")
        out(f"  deals enumerated {sheet.combinations:,}")
        assumed, unmodelled = rules_note(GAMES[sheet.game], rules)
        out(f"  house rules      {'; '.join(assumed) or 'none change these figures'}")
        capped = "; the cap's effect at each Ante is below" if figures["cap_effect"] else ""
        out(
            f"  not modelled     {'; '.join(unmodelled)} (per Ante, as if no payout cap "
            f"applied{capped})"
        )
        out("Outcomes:")
        for name, p in sheet.outcomes:
            out(f"  {name:<28} {float(p):.6f}")
        out("Decisions under optimal play:")
        for street, choices in sheet.decisions:
            shares = ", ".join(f"{c} {float(p):.4f}" for c, p in choices)
            out(f"  {street:<12} {shares}")
        out(
            f"  ties             {sheet.ties:,} decisions worth the same either way "
            f"({float(sheet.tie_share) * 100:.2f}% of rounds): {sheet.tie_rule}"
        )
        out("The player's net per round (Antes):")
        out(f"  variance         {float(sheet.variance):12.4f} = {exact_fraction(sheet.variance)}")
        out(f"  standard dev.    {sheet.sd:12.4f}")
        for label, share in (
            ("ahead (hit freq.)", sheet.hit_frequency),
            ("level (push)", sheet.push_share),
            ("behind (loss)", sheet.loss_share),
        ):
            out(f"  {label:<17}{float(share) * 100:11.4f}% = {exact_fraction(share)}")
        out("  distribution:")
        for net, p in sheet.distribution:
            out(f"    {_number(net):>8}  {float(p):.8f}  {exact_fraction(p)}")
        out("Return column (probability × pay):")
        for row in sheet.contributions:
            out(
                f"  {row.name:<24} {row.combinations:>18,} {float(row.probability):.8f} "
                f"{row.pays:<22} {float(row.contribution):+.6f}"
            )
        out(f"  {'total':<24} {'':>18} {'':10} {'':<22} {float(sheet.expected_return):+.6f}")
        hour, shift = figures["win_per_hour"], figures["win_per_shift"]
        out("Money (theoretical win = rounds an hour × seats × average Ante × house edge):")
        out(
            f"  rounds an hour   {_number(hour['rounds_per_hour'])} "
            f"({hour['rounds_per_hour_from']}), seats {hour['seats']}, "
            f"average Ante {_number(hour['average_ante'])}"
        )
        out(f"  win an hour      {hour['amount']:.2f} = {exact_fraction(hour['amount_exact'])}")
        out(
            f"  win a shift      {shift['amount']:.2f} over {_number(shift['hours'])} hours "
            f"= {exact_fraction(shift['amount_exact'])}"
        )
        if figures["hold"] is not None:
            held = figures["hold"]
            out(
                f"  hold             {held['hold'] * 100:.4f}% of a drop of {_number(held['drop'])}"
            )
        ahead = figures["rounds_to_ahead_95"]
        out(
            "  house ahead      "
            + ("never (no house edge)" if ahead is None else f"with 95% after {ahead:,} rounds")
            + " (normal approximation)"
        )
        spread = figures["shift_range"]
        out(
            f"  a shift's result {spread['low']:,.0f} to {spread['high']:,.0f} for the house "
            f"(95%, {spread['rounds']:,} positions; {spread['approximation']})"
        )
        caps = figures["cap_effect"]
        if caps is not None:
            start = caps["from_ante"]
            out(
                f"Payout cap {caps['cap']:,} ({caps['rule'].replace('_', ' ')}): "
                + (
                    "never changes the edge"
                    if start is None
                    else f"changes the edge from an Ante of {start:,}"
                )
            )
            for point in caps["points"]:
                out(
                    f"  Ante {point['ante']:>8,}  house edge "
                    f"{edge_words(Fraction(point['house_edge_exact']))}"
                )


def _positive(text: str) -> int:
    """A whole number from 1, for argparse (which names the option in its error)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is below 1")
    return value


def _number(value) -> str:
    """A figure without needless decimals: 40, 12.5, -3/2 as -1.5."""
    return f"{float(value):g}"


def _stored(read: Callable[[], T]) -> T | None:
    """What `read` finds in the database, or None without one (not migrated, not reachable):
    the command then computes everything itself."""
    try:
        return read()
    except DatabaseError:
        return None


def _lines(stream: Iterable[bytes | str]) -> Iterable[tuple[int, str | EngineError]]:
    """The numbered lines that hold something, as text, or the error of a line that is not
    UTF-8; a byte-order mark opening the file is dropped."""
    for number, raw in enumerate(stream, start=1):
        if isinstance(raw, bytes):
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                yield (
                    number,
                    EngineError(
                        f"line {number} is not UTF-8 text (byte {raw[exc.start]:#04x} at column "
                        f"{exc.start + 1}); save the file as UTF-8."
                    ),
                )
                continue
        else:
            line = raw
        if number == 1:
            line = line.removeprefix("\ufeff")
        if line.strip():
            yield number, line


#: digits of the longest integer a table reads as one (odds, ranks): longer ones are kept as
#: text, which the odds and the bands then refuse naming their bound
INTEGER_DIGITS = 20


def _integer(digits: str) -> int | str:
    return int(digits) if len(digits) <= INTEGER_DIGITS else digits


def _table(text: str, base: Paytable, where: str) -> Paytable:
    """A table from a JSON object of category names to odds (and, optionally, "pair_band"
    and "push_band"), the bands `base`'s unless given; EngineError saying what is wrong."""
    try:
        rows = json.loads(text, parse_int=_integer)
    except ValueError as exc:
        raise EngineError(f"{where} is not JSON: {exc}") from None
    except RecursionError:
        raise EngineError(f"{where} is not JSON: it is nested too deep.") from None
    if not isinstance(rows, dict) or not rows:
        raise EngineError(f'{where} must be an object like {{"royal flush": "500", ...}}.')
    bands = {"pair_band": base.pair_band, "push_band": base.push_band}
    for name in bands:
        if name in rows:
            band = rows.pop(name)
            if band is not None and not (
                isinstance(band, list)
                and len(band) == 2
                and all(
                    isinstance(r, int) and not isinstance(r, bool) and 2 <= r <= 14 for r in band
                )
            ):
                raise EngineError(f"{where}: {name} must be [low, high] (ranks 2 to 14) or null.")
            bands[name] = None if band is None else Band(*band)
    return Paytable.build(where, {k: str(v) for k, v in rows.items()}, **bands)


class _Bar:
    """A one-line progress bar on the terminal."""

    def __init__(self, stream) -> None:
        self.stream = stream
        self.started = time.monotonic()

    def __call__(self, done: int, total: int) -> None:
        share = done / total if total else 0
        filled = int(share * 30)
        elapsed = time.monotonic() - self.started
        self.stream.write(
            f"\r[{'#' * filled}{'.' * (30 - filled)}] {share:6.1%} {elapsed:5.1f} s", ending=""
        )
        self.stream.flush()

    def close(self) -> None:
        self.stream.write("")
