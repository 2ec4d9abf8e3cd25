"""Mispays planted and read back: every situation the watch drill plants in a hand
is read by the audit as the situation planted, and a hand settled right reads as right.

The hands are seeded deals of every game the audit checks, taken from the games registry and
the drill that deals its hands (never a list of games): one deal of each of its situations at
its first and its biggest table, under the source texts' house and under houses whose rules
differ (a payout cap, big chips, the odd chip to the low half).  Each planted payment goes
through the audit itself (`audit_line`), as a line of a hand log would.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tests.engine.drills.common import ODD_HOUSE, STRICT_HOUSE
from trainer.engine import mispays
from trainer.engine.audit import audit_line
from trainer.engine.drills import REGISTRY
from trainer.engine.errors import EngineError
from trainer.engine.house import DEFAULT_CONFIG, HouseConfig

#: the source texts' house, and one that differs wherever a mispay could notice: both payout
#: caps, a Mississippi Stud bet unit of 2, big chips (5), the odd chip to the low half
ODD_AND_STRICT = HouseConfig(
    ODD_HOUSE.paytables,
    replace(STRICT_HOUSE.rules, mississippi_payout_cap=1000, call_multiple=3),
)
HOUSES = {"source": DEFAULT_CONFIG, "odd and strict": ODD_AND_STRICT}
#: seeds of each situation's deal: enough for every planter's random choices to vary
SEEDS = range(1)


def _dealer_of(game):
    """The drill that deals `game`'s hands (its `deals_hands`)."""
    [kind] = [k for k in REGISTRY.values() if k.game == game.slug and k.deals_hands]
    return kind


def _lines(request: dict) -> list[dict]:
    """The ruling requests a deal holds: its positions, or itself."""
    return request.get("positions", [request])


GAMES = [pytest.param(game, id=game.slug) for game in mispays.games()]


def test_every_game_the_audit_checks_can_be_mispaid():
    audited = [slug for slug, g in mispays.GAMES.items() if g.settles is not None]
    assert [g.slug for g in mispays.games()] == audited
    for game in mispays.games():
        assert _dealer_of(game).game == game.slug


@pytest.mark.slow  # every planted mispay of every game and house: out of the quick tier
@pytest.mark.parametrize("house", HOUSES)
@pytest.mark.parametrize("game", GAMES)
def test_every_planted_mispay_is_read_back_as_planted(game, house):
    config = HOUSES[house]
    dealer = _dealer_of(game)
    words = mispays.vocabulary(game, config)
    assert len(set(words)) == len(words)
    planted: set[str] = set()
    levels = [lv.number for lv in dealer.levels]
    for level in (levels[0], levels[-1]):  # one position (three players) and a full table
        for aim in dealer.situations(config):
            for seed in SEEDS:
                q = dealer.generate(seed, level, config, situation=aim)
                for line in _lines(q.request):
                    planted |= _check_hand(game, line, config, words, seed)
    # every word of the game's vocabulary is planted somewhere among these hands
    assert planted == set(words), set(words) - planted


def _check_hand(game, line, config, words, seed) -> set[str]:
    hand = mispays.settle(game, line, config)
    right = hand.right
    assert mispays.read(hand, right, config) is None
    audited = audit_line({**line, "paid": right}, config)
    assert (audited.verdict, audited.situation) == ("correct", None), line
    planted = set()
    for n, situation in enumerate(words):
        paid = mispays.plant(hand, situation, config, random.Random(seed * 100 + n))
        if paid is None:
            continue
        audited = audit_line({**line, "paid": paid}, config)
        assert audited.verdict not in ("correct", "error"), (situation, line, paid)
        assert audited.situation == situation, (situation, line, paid, audited.situation)
        assert mispays.read(hand, paid, config) == situation
        planted.add(situation)
    assert set(mispays.plantable(hand, config)) <= planted | set(words)
    return planted


def test_a_situation_the_game_does_not_name_is_refused():
    game = mispays.games()[0]
    line = _lines(_dealer_of(game).generate(1, 1, DEFAULT_CONFIG).request)[0]
    hand = mispays.settle(game, line, DEFAULT_CONFIG)
    with pytest.raises(EngineError, match="no mispay"):
        mispays.plant(hand, "dealer sneezed", DEFAULT_CONFIG, random.Random(1))
