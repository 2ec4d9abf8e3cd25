"""Fast par sheets against the full enumerations, in one run: per game, the seconds of the
one-time precomputation (the counts), their size as stored and in memory, the seconds to read
them back; then per table the median seconds from the counts over random tables (seeded)
against the enumeration of some of the same tables, the ratio, and whether the sheets are
the same.  Printed, never asserted (the issue's target: under one second a table).

Each table's sheet carries every figure the enumeration gives (the edge, and the distribution
of results, the ties and the return column beside it); the CPU seconds of the manager's
figures from it (`parsheets.money.manager_figures`: variance, hit frequency, theoretical win,
rounds to be ahead, a shift's range) are printed beside the sheet's, with the sheet's time
before it carried the distribution (`EDGE_ONLY`, measured as the README says), and the CPU
seconds of one Ante priced under a payout cap (what `cap_effect` spends per Ante above the
cap's threshold).

    python -m tools.fast_parsheet_bench                    # both kinds, 20 tables, 3 enumerated
    python -m tools.fast_parsheet_bench mississippi --tables 50 --exhaustive 5

Each kind runs in a fresh interpreter, so that its peak memory is its own.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from trainer.engine.games.banked_stud.parsheet import (
    banked_stud_counts,
    banked_stud_fast,
    banked_stud_parsheet,
)
from trainer.engine.games.banked_stud.rules import CARIBBEAN, CASINO
from trainer.engine.games.mississippi_stud.parsheet import (
    mississippi_stud_counts,
    mississippi_stud_fast,
    mississippi_stud_parsheet,
)
from trainer.engine.parsheets import (
    Counts,
    ParSheet,
)
from trainer.engine.parsheets.money import manager_figures
from trainer.engine.paytables import (
    BANKED_STUD_ROWS,
    MISSISSIPPI_STUD_ROWS,
    Band,
    Odds,
    Paytable,
)

#: the generator's seed: the same tables every run
SEED = 30

#: a payout cap in Antes, for the time of one capped sheet
CAP = Fraction(50)

#: the CPU seconds of a table's sheet from the counts before sheets carried the distribution,
#: median over the same tables (measured on the commit before it, as the README says)
EDGE_ONLY = {"mississippi": 0.18, "banked": 0.0067}

#: a table to price: (its words, the sheet from the counts, the enumerated sheet, the sheet
#: from the counts with every payout held to 50 Antes)
Priced = tuple[
    str, Callable[[Counts], ParSheet], Callable[[], ParSheet], Callable[[Counts], ParSheet]
]


def _odds(rng: random.Random) -> Odds:
    to = rng.choice((1, 1, 1, 2, 5))
    return Odds(rng.randint(1, 60 * to), to)


def _mississippi(rng: random.Random) -> Priced:
    low = rng.randint(9, 13)
    table = Paytable(
        f"pairs {low}-A pay",
        tuple((c, _odds(rng)) for c in MISSISSIPPI_STUD_ROWS),
        Band(low, 14),
        Band(6, low - 1) if low > 6 else None,
    )
    return (
        table.name,
        lambda counts: mississippi_stud_fast(table, counts),
        lambda: mississippi_stud_parsheet(table),
        lambda counts: mississippi_stud_fast(table, counts, payout_cap=CAP),
    )


def _banked(rng: random.Random) -> Priced:
    table = Paytable("random", tuple((c, _odds(rng)) for c in BANKED_STUD_ROWS))
    if rng.random() < 0.5:
        multiple = rng.randint(1, 4)
        return (
            f"Caribbean, call {multiple}",
            lambda counts: banked_stud_fast(CARIBBEAN, table, counts, call_multiple=multiple),
            lambda: banked_stud_parsheet(CARIBBEAN, table, call_multiple=multiple),
            lambda counts: banked_stud_fast(
                CARIBBEAN, table, counts, call_multiple=multiple, payout_cap=CAP
            ),
        )
    return (
        "Casino Stud",
        lambda counts: banked_stud_fast(CASINO, table, counts),
        lambda: banked_stud_parsheet(CASINO, table),
        lambda counts: banked_stud_fast(CARIBBEAN, table, counts, payout_cap=CAP),
    )


@dataclass(frozen=True)
class Kind:
    name: str
    counts: Callable[[], Counts]
    table: Callable[[random.Random], Priced]


KINDS = {
    "mississippi": Kind("Mississippi Stud", mississippi_stud_counts, _mississippi),
    "banked": Kind("Caribbean Stud and Casino Stud Poker", banked_stud_counts, _banked),
}


def run_one(name: str, tables: int, exhaustive: int) -> dict:
    kind = KINDS[name]
    start = time.perf_counter()
    counts = kind.counts()
    precompute = time.perf_counter() - start
    data = counts.to_bytes()
    start = time.perf_counter()
    Counts.from_bytes(data)
    load = time.perf_counter() - start
    rng = random.Random(f"{SEED}-{name}")
    priced = [kind.table(rng) for _ in range(tables)]
    fast_seconds, slow_seconds, same = [], [], []
    sheet_cpu, figures_cpu, capped_cpu = [], [], []
    for i, (_, fast, full, capped) in enumerate(priced):
        start, cpu = time.perf_counter(), time.process_time()
        sheet = fast(counts)
        fast_seconds.append(time.perf_counter() - start)
        sheet_cpu.append(time.process_time() - cpu)
        cpu = time.process_time()
        manager_figures(sheet, rounds_per_hour=40, rounds_per_hour_from="given", drop=1000)
        figures_cpu.append(time.process_time() - cpu)
        cpu = time.process_time()
        capped(counts)
        capped_cpu.append(time.process_time() - cpu)
        if i < exhaustive:
            start = time.perf_counter()
            reference = full()
            slow_seconds.append(time.perf_counter() - start)
            same.append(sheet == reference)
    return {
        "name": kind.name,
        "precompute": precompute,
        "stored_bytes": len(data),
        "memory_bytes": counts.nbytes,
        "load": load,
        "tables": tables,
        "fast_median": statistics.median(fast_seconds),
        "fast_max": max(fast_seconds),
        "exhaustive": len(slow_seconds),
        "exhaustive_median": statistics.median(slow_seconds) if slow_seconds else None,
        "same": all(same),
        "sheet_cpu": statistics.median(sheet_cpu),
        "figures_cpu": statistics.median(figures_cpu),
        "capped_cpu": statistics.median(capped_cpu),
        "edge_only_cpu": EDGE_ONLY[name],
        "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def report(result: dict) -> None:
    print(
        f"{result['name']}:\n"
        f"  precomputation {result['precompute']:.2f} s (once): "
        f"{result['stored_bytes'] / 1024:,.0f} KiB stored, "
        f"{result['memory_bytes'] / 2**20:.1f} MiB in memory, read back in {result['load']:.3f} s"
        f"\n  per table {result['fast_median']:.4f} s median over {result['tables']} random "
        f"tables (slowest {result['fast_max']:.4f} s)"
    )
    if result["exhaustive_median"] is not None:
        verdict = "the same sheets" if result["same"] else "SHEETS DIFFER"
        ratio = result["exhaustive_median"] / result["fast_median"]
        print(
            f"  enumerated in full: {result['exhaustive_median']:.2f} s median over the first "
            f"{result['exhaustive']} of them, {ratio:,.0f} times as long; {verdict}"
        )
    print(
        f"  CPU per table: the sheet with every figure {result['sheet_cpu']:.4f} s (the edge "
        f"alone, before: {result['edge_only_cpu']:.4f} s), the manager's figures from it "
        f"{result['figures_cpu']:.4f} s, one Ante under a payout cap {result['capped_cpu']:.4f} s"
    )
    print(f"  peak memory {result['peak_mib']:.0f} MiB")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.fast_parsheet_bench")
    parser.add_argument("kinds", nargs="*", choices=[*KINDS, []], default=[])
    parser.add_argument("--tables", type=int, default=20, help="random tables priced (20)")
    parser.add_argument(
        "--exhaustive", type=int, default=3, help="of them also enumerated in full (3)"
    )
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.json:  # the child process of a run: one kind, as JSON on standard output
        print(json.dumps(run_one(args.kinds[0], args.tables, args.exhaustive)))
        return 0
    for name in args.kinds or list(KINDS):
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                f"{__package__}.fast_parsheet_bench",
                name,
                "--tables",
                str(args.tables),
                "--exhaustive",
                str(args.exhaustive),
                "--json",
            ],
            capture_output=True,
            text=True,
        )
        if done.returncode:
            print(f"{name}: failed\n{done.stderr}")
            continue
        report(json.loads(done.stdout))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
