"""What the drill tests share: the kinds by slug, a few houses that differ from the source
texts, and a batch of questions dealt from fixed seeds."""

from __future__ import annotations

from trainer.engine.drills import REGISTRY, Question
from trainer.engine.house import DEFAULT_CONFIG, HouseConfig, HouseRules
from trainer.engine.paytables import MISSISSIPPI_STUD_BASE, Paytable

SLUGS = {
    "hand-five": "any",
    "hand-seven": "any",
    "ms-pay": "mississippi-stud",
    "cs-qualify": "caribbean-stud",
    "csp-qualify": "casino-stud",
    "cs-settle": "caribbean-stud",
    "csp-settle": "casino-stud",
    "cs-ledger": "caribbean-stud",
    "mg-split": "mississippi-gonorrhea",
    "es-bring-in": "english-stud",
    "es-first-to-act": "english-stud",
    "es-exchange": "english-stud",
    "es-showdown": "english-stud",
    "colour-up": "chips",
    "make-change": "chips",
    # for those who watch the game, one for each game the audit checks
    "watch-mississippi-stud": "mississippi-stud",
    "watch-caribbean-stud": "caribbean-stud",
    "watch-casino-stud": "casino-stud",
    "watch-mississippi-gonorrhea": "mississippi-gonorrhea",
    "watch-english-stud": "english-stud",
}
CASES = [(slug, level) for slug in SLUGS for level in (1, 2, 3)]
SEEDS = range(12)

#: a house that differs from the source texts wherever a drill could notice
ODD_HOUSE = HouseConfig(
    {
        "mississippi-stud": Paytable(
            "Mississippi Stud, bet unit 2",
            MISSISSIPPI_STUD_BASE.rows,
            pair_band=MISSISSIPPI_STUD_BASE.pair_band,
            push_band=MISSISSIPPI_STUD_BASE.push_band,
            bet_unit=2,
        )
    },
    rules=HouseRules(chip_unit=1, call_multiple=3, mississippi_payout_cap=1000),
)

#: a house of big chips that reuses nothing and keeps odd chips for the low half
STRICT_HOUSE = HouseConfig(
    rules=HouseRules(
        chip_unit=5,
        split_pot_odd_chip="low",
        stand_pat_allowed=False,
        reuse_discards=False,
        stud_stock_shortage=False,
        call_payout_cap=50,
    )
)


def questions(
    slug: str,
    level: int,
    *,
    natural: bool = False,
    config: HouseConfig = DEFAULT_CONFIG,
    n: int | None = None,
) -> list[Question]:
    """The questions of seeds 0 to n - 1 (12 unless told)."""
    kind = REGISTRY[slug]
    return [kind.generate(seed, level, config, natural=natural) for seed in range(n or 12)]
