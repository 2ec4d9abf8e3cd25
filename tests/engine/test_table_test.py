"""A table test's points come from the game's round procedure: every
part of a round a dealt round has is a point, in the round's order, and no point names a part
the round never has."""

from __future__ import annotations

import pytest

import trainer.engine.catalog  # noqa: F401  (registers the games)
from trainer.engine.house import DEFAULT_CONFIG
from trainer.engine.kit.registry import round_games
from trainer.engine.kit.rounds import Setting, play
from trainer.engine.kit.table_test import CLOSING, OPENING, POINTS, table_points

GAMES = [g.slug for g in round_games()]


@pytest.mark.slow  # reason: hundreds of rounds dealt (about 1.4 s), out of the quick tier
@pytest.mark.parametrize("slug", GAMES)
def test_the_points_are_the_parts_of_the_round_in_its_order(slug):
    """Dealt rounds (seeds until every declared phase is seen, at most 300; every level, every
    size of table: an odd one leaves a split pot's odd chip) pass through the declared phases
    only, each in the declared order; every declared phase is seen (a split pot's odd chip is
    the rarest), so the points neither miss a part of the round nor invent one."""
    game = next(g for g in round_games() if g.slug == slug)
    procedure = game.round_procedure()
    declared = list(procedure.phases)
    seen = set()
    for seed in range(300):
        if seen == set(declared) and seed >= 10:
            break
        for level in (1, 2, 3):
            players = procedure.players[0] + seed % (
                procedure.players[1] - procedure.players[0] + 1
            )
            setting = Setting(slug, level, players)
            dealt = procedure.deal(seed, setting, DEFAULT_CONFIG)
            phases = [s.phase for s in play(procedure, dealt, setting, DEFAULT_CONFIG)]
            assert set(phases) <= set(declared), (slug, phases)
            firsts = sorted(dict.fromkeys(phases), key=phases.index)
            assert firsts == sorted(firsts, key=declared.index), (slug, phases)
            seen.update(phases)
    assert seen == set(declared)
    keys = [p.key for p in table_points(procedure)]
    assert keys == [*OPENING, *declared, *CLOSING]
    assert all(str(p.words) == str(POINTS[p.key]) for p in table_points(procedure))
