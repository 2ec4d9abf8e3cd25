"""`python manage.py parsheet GAME [--house SLUG | --paytable JSON] [--json]`: the exact
house edge of a table under optimal play, computed by the engine."""

from __future__ import annotations

import json
import sys
import time

from django.core.management.base import BaseCommand, CommandError

from trainer.engine import EngineError
from trainer.engine.figures import edge_words, rules_note
from trainer.engine.games import GAMES
from trainer.engine.house import DEFAULT_CONFIG, HouseRules
from trainer.engine.paytables import Paytable
from trainer.houses.config import config_of
from trainer.houses.models import House


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
            "Mississippi Stud `one pair` is the J-A band",
        )
        parser.add_argument(
            "--json", dest="as_json", action="store_true", help="print one JSON object"
        )

    def handle(self, *args, game, house=None, paytable=None, as_json=False, **options):
        config = DEFAULT_CONFIG
        if house:
            found = House.objects.filter(slug=house).first()
            if found is None:
                raise CommandError(f"There is no house '{house}'.", returncode=2)
            config = config_of(found)
        table: Paytable = config.paytable(game)
        if paytable:
            table = self._table(paytable, table)
        progress = _Bar(self.stderr) if sys.stderr.isatty() else None
        try:
            sheet = GAMES[game].parsheet(table, config.rules, progress=progress)
        except EngineError as exc:
            raise CommandError(str(exc), returncode=2) from None
        if progress:
            progress.close()
        if as_json:
            self.stdout.write(json.dumps(sheet.as_dict()))
        else:
            self._readable(sheet, config.rules)

    def _table(self, text: str, base: Paytable) -> Paytable:
        try:
            rows = json.loads(text)
        except ValueError as exc:
            raise CommandError(f"--paytable is not JSON: {exc}", returncode=2) from None
        if not isinstance(rows, dict) or not rows:
            raise CommandError(
                '--paytable must be an object like {"royal flush": "500", ...}.', returncode=2
            )
        try:
            return Paytable.build(
                "--paytable",
                {k: str(v) for k, v in rows.items()},
                pair_band=base.pair_band,
                push_band=base.push_band,
            )
        except EngineError as exc:
            raise CommandError(str(exc), returncode=2) from None

    def _readable(self, sheet, rules: HouseRules) -> None:
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
        out(f"  not modelled     {'; '.join(unmodelled)} (per Ante, as if no payout cap applied)")
        out("Outcomes:")
        for name, p in sheet.outcomes:
            out(f"  {name:<28} {float(p):.6f}")
        out("Decisions under optimal play:")
        for street, choices in sheet.decisions:
            shares = ", ".join(f"{c} {float(p):.4f}" for c, p in choices)
            out(f"  {street:<12} {shares}")


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
