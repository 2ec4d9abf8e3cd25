"""The map from the audit's situations to the dealer's drill skills (`trainer.engine.findings`):
whole, for every game the audit reads and every situation it can name under houses that differ
(a payout cap, other paytables and chips), and landing on a skill the house's drill deals."""

from __future__ import annotations

import pytest

from tests.engine.test_mispays import HOUSES
from trainer.engine import findings, mispays
from trainer.engine.drills import REGISTRY

GAMES = [pytest.param(game.slug, id=game.slug) for game in mispays.games()]


def test_every_game_the_audit_reads_has_a_map_on_its_settling_drill():
    assert set(findings.MAP) == {game.slug for game in mispays.games()}
    for game, entry in findings.MAP.items():
        drill = REGISTRY[entry.kind]
        # the drill that deals the game's hands is the one that settles a position
        assert (drill.game, drill.deals_hands, drill.watches) == (game, True, False), game
        assert entry.level in [level.number for level in drill.levels], game


@pytest.mark.parametrize("house", HOUSES)
@pytest.mark.parametrize("game", GAMES)
def test_every_situation_the_audit_names_finds_a_skill_the_house_deals(game, house):
    config = HOUSES[house]
    assert findings.unmapped(game, config) == ()
    dealt = REGISTRY[findings.MAP[game].kind].situations(config)
    for situation in mispays.vocabulary(game, config):
        skill = findings.skill_for(game, situation, config)
        assert skill is not None and skill.situation in dealt, situation


def test_a_win_overpaid_lands_on_that_category_not_on_the_dealer_winning():
    config = HOUSES["source"]
    assert findings.skill_for("caribbean-stud", "flush overpaid", config).situation == (
        "call pays flush"
    )
    assert findings.skill_for("caribbean-stud", "winning hand not paid", config).situation == (
        "call pays one pair"
    )
    assert findings.skill_for("casino-stud", "losing hand paid", config).situation == "dealer wins"


def test_a_situation_or_game_not_in_the_map_finds_nothing():
    config = HOUSES["source"]
    assert findings.skill_for("mississippi-stud", "paid in the wrong currency", config) is None
    assert findings.skill_for("blackjack", "fold paid", config) is None
