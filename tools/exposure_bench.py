"""Card-exposure benchmark: each game's full-deck exposure figures (`Game.exposures`, as the
task worker computes them) with the CPU seconds each took, and the published figures beside
ours where there are some.  Printed, never asserted.

    python -m tools.exposure_bench                      # every game's, the source tables
    python -m tools.exposure_bench caribbean-published  # one case

The published figures (Eliot Jacobson, "Caribbean Stud Collusion", after James Grosjean's
*Beyond Counting*; the 100/50/20/7/5/4/3/2/1 table, Call 2 × Ante): the up card and one hole
card known, a house edge of 1.74%; six players sharing their 30 cards, a house edge of about
0.4%.  The engine's hole card differs (about 0.55%): docs/rulebook.md, *Against the published
figures*, says what each computes.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence

from trainer.engine.catalog import GAMES
from trainer.engine.games.banked_stud.exposure import full_table_exposure
from trainer.engine.games.banked_stud.parsheet import banked_stud_parsheet
from trainer.engine.games.banked_stud.rules import CARIBBEAN
from trainer.engine.house import HouseRules
from trainer.engine.parsheets.exposure import Exposure

from .parsheet_bench import CARIBBEAN_100_50_20


def _registry(game: str) -> Callable[[], tuple[Exposure, ...]]:
    entry = GAMES[game]
    assert entry.paytable is not None
    table = entry.paytable
    return lambda: entry.exposures(table, HouseRules())


def _published() -> tuple[Exposure, ...]:
    table = CARIBBEAN_100_50_20
    normal = banked_stud_parsheet(CARIBBEAN, table)
    found = GAMES["caribbean-stud"].exposures(table, HouseRules())
    six = full_table_exposure(CARIBBEAN, table, players=6, normal=normal)
    return (*found, six)


CASES: dict[str, Callable[[], tuple[Exposure, ...]]] = {
    "mississippi-stud": _registry("mississippi-stud"),
    "caribbean-stud": _registry("caribbean-stud"),
    "casino-stud": _registry("casino-stud"),
    "caribbean-published": _published,
}


def report(name: str) -> None:
    started = time.process_time()
    found = CASES[name]()
    seconds = time.process_time() - started
    print(f"{name}: {found[0].paytable}, {seconds:.1f} CPU-s")
    for e in found:
        how = (
            f"simulated, {e.rounds:,} {e.unit}, seed {e.seed}, standard error "
            f"{(e.standard_error or 0) * 100:.4f}%"
            if e.simulated
            else f"exact over {e.rounds:,} deals"
        )
        print(
            f"  {e.description}:\n"
            f"    house edge {float(e.house_edge) * 100:.4f}% ({e.house_edge}), without it "
            f"{float(e.normal_edge) * 100:.4f}%, swing {float(e.swing) * 100:.4f}% per Ante; "
            f"{how}",
            flush=True,
        )


def main(argv: Sequence[str] | None = None) -> int:
    names = list(sys.argv[1:] if argv is None else argv) or list(CASES)
    unknown = [n for n in names if n not in CASES]
    if unknown:
        print(f"unknown case {', '.join(unknown)}; choose from {', '.join(CASES)}")
        return 2
    for name in names:
        report(name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
