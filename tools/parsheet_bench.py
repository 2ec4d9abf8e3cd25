"""Par sheet benchmark: wall time and peak memory of each full enumeration, and the figures
against the published ones.  Printed, never asserted (targets: Mississippi Stud within 10 s,
Caribbean Stud within 60 s, under 2 GB).

    python -m tools.parsheet_bench            # every sheet, each in a fresh process
    python -m tools.parsheet_bench caribbean  # one of them, in this process

Each sheet runs in its own interpreter so that its peak resident memory
(`resource.getrusage(...).ru_maxrss`) is its own and not the largest so far.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from trainer.engine.games.banked_stud.parsheet import banked_stud_parsheet
from trainer.engine.games.banked_stud.rules import CARIBBEAN, CASINO
from trainer.engine.games.mississippi_stud.parsheet import mississippi_stud_parsheet
from trainer.engine.hands import Category
from trainer.engine.parsheets import ParSheet
from trainer.engine.paytables import (
    CARIBBEAN_STUD_BASE,
    CASINO_STUD_POKER,
    MISSISSIPPI_STUD_BASE,
    Odds,
    Paytable,
)

C = Category

#: Mississippi Stud's base table with a straight at 5 to 1
MISSISSIPPI_STRAIGHT_5 = Paytable(
    "Mississippi Stud, straight 5 to 1",
    tuple((c, Odds(5, 1) if c is C.STRAIGHT else o) for c, o in MISSISSIPPI_STUD_BASE.rows),
    MISSISSIPPI_STUD_BASE.pair_band,
    MISSISSIPPI_STUD_BASE.push_band,
)
#: the Caribbean Stud table of the published analysis: 100/50/20/7/5/4/3/2/1, A-K high 1
CARIBBEAN_100_50_20 = Paytable.build(
    "Caribbean Stud 100/50/20/7/5/4/3/2/1",
    {
        C.ROYAL_FLUSH: 100,
        C.STRAIGHT_FLUSH: 50,
        C.FOUR_OF_A_KIND: 20,
        C.FULL_HOUSE: 7,
        C.FLUSH: 5,
        C.STRAIGHT: 4,
        C.THREE_OF_A_KIND: 3,
        C.TWO_PAIR: 2,
        C.ONE_PAIR: 1,
        C.HIGH_CARD: 1,
    },
)


@dataclass(frozen=True)
class Case:
    name: str
    compute: Callable[[], ParSheet]
    #: published figures: field -> (value, decimals it is published to); fields are
    #: house_edge and element_of_risk (in percent), average_bet, combinations
    published: dict[str, tuple[float, int]]


CASES = (
    Case(
        "mississippi",
        lambda: mississippi_stud_parsheet(MISSISSIPPI_STUD_BASE),
        {"house_edge": (4.9149, 4), "average_bet": (3.59, 2), "element_of_risk": (1.37, 2)},
    ),
    Case(
        "mississippi-straight-5",
        lambda: mississippi_stud_parsheet(MISSISSIPPI_STRAIGHT_5),
        {"house_edge": (3.7591, 4)},
    ),
    Case(
        "caribbean",
        lambda: banked_stud_parsheet(CARIBBEAN, CARIBBEAN_100_50_20),
        {
            "house_edge": (5.224, 3),
            "element_of_risk": (2.555, 3),
            "combinations": (19_933_230_517_200, 0),
        },
    ),
    Case(
        "caribbean-source-text",
        lambda: banked_stud_parsheet(CARIBBEAN, CARIBBEAN_STUD_BASE),
        {},
    ),
    Case("casino-stud", lambda: banked_stud_parsheet(CASINO, CASINO_STUD_POKER), {}),
)
_BY_NAME = {case.name: case for case in CASES}
_PERCENT = ("house_edge", "element_of_risk")


def run_one(name: str) -> dict:
    """Compute one sheet in this process: its figures, wall time and peak memory."""
    case = _BY_NAME[name]
    start = time.perf_counter()
    sheet = case.compute()
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    checks = []
    for field, (value, places) in case.published.items():
        raw = getattr(sheet, field)
        ours = float(raw) * (100 if field in _PERCENT else 1)
        checks.append(
            {
                "field": field,
                "published": value,
                "ours": ours,
                "agrees": round(ours, places) == value,
            }
        )
    return {
        "name": name,
        "paytable": sheet.paytable,
        "seconds": seconds,
        "peak_mib": peak / 1024,
        "house_edge": float(sheet.house_edge),
        "house_edge_exact": sheet.as_dict()["house_edge_exact"],
        "average_bet": float(sheet.average_bet),
        "element_of_risk": float(sheet.element_of_risk),
        "combinations": sheet.combinations,
        "checks": checks,
    }


def report(result: dict) -> None:
    print(
        f"{result['name']}: {result['paytable']}\n"
        f"  wall {result['seconds']:.2f} s, peak memory {result['peak_mib']:.0f} MiB\n"
        f"  house edge {result['house_edge'] * 100:.4f}% = {result['house_edge_exact']}, "
        f"average bet {result['average_bet']:.4f}, "
        f"element of risk {result['element_of_risk'] * 100:.4f}%, "
        f"{result['combinations']:,} combinations"
    )
    for check in result["checks"]:
        unit = "%" if check["field"] in _PERCENT else ""
        verdict = "agrees" if check["agrees"] else "DIFFERS"
        ours = (
            f"{check['ours']:,.0f}" if check["field"] == "combinations" else f"{check['ours']:.6f}"
        )
        published = f"{check['published']:,}{unit}"
        print(f"  published {check['field']} {published}: ours {ours}{unit}, {verdict}")


def main(argv: Sequence[str] | None = None) -> int:
    names = list(sys.argv[1:] if argv is None else argv)
    if len(names) == 2 and names[0] == "--json" and names[1] in _BY_NAME:
        # the child process of a full run: one sheet, as JSON on standard output
        print(json.dumps(run_one(names[1])))
        return 0
    unknown = [n for n in names if n not in _BY_NAME]
    if unknown:
        print(f"unknown sheet {', '.join(unknown)}; choose from {', '.join(_BY_NAME)}")
        return 2
    if names:
        for name in names:
            report(run_one(name))
        return 0
    for case in CASES:
        done = subprocess.run(
            [sys.executable, "-m", f"{__package__}.parsheet_bench", "--json", case.name],
            capture_output=True,
            text=True,
        )
        if done.returncode:
            print(f"{case.name}: failed\n{done.stderr}")
            continue
        report(json.loads(done.stdout))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
