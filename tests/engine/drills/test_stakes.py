"""Tables grow with the level: more seats, bigger and odder stakes; a deal keeps the stakes
it is asked to where the level deals them."""

from __future__ import annotations

import pytest

from tests.engine.drills.common import CASES, questions
from trainer.engine.drills import REGISTRY
from trainer.engine.house import DEFAULT_CONFIG


def test_players_and_positions_grow_with_the_level():
    def seats(q):
        for key in ("positions", "hands", "up"):
            found = q.request.get(key)
            if found:
                return len(found)
        return 1

    assert {seats(q) for q in questions("ms-pay", 1)} == {1}
    assert {seats(q) for q in questions("ms-pay", 2)} <= {2, 3}
    assert max(seats(q) for q in questions("ms-pay", 3, n=40)) == 6
    assert {seats(q) for q in questions("es-showdown", 1)} == {3}
    assert {seats(q) for q in questions("es-showdown", 3)} == {6}


def test_stakes_grow_with_the_level():
    antes = {lv: {q.table["ante"] for q in questions("ms-pay", lv, n=40)} for lv in (1, 2, 3)}
    assert antes[1] == {5}
    assert max(antes[2]) < 100 <= min(antes[3])
    assert 115 in antes[3] or 105 in antes[3]


# --- a deal asked to keep the stakes of another (Practise my mistakes) ----------------------


def _antes(table) -> set:
    """Every Ante the table shows: its own and each position's."""
    found = {table.get("ante")} - {None}
    for position in table.get("positions") or ():
        found |= {position.get("ante"), (position.get("bets") or {}).get("ante")} - {None}
    return found


@pytest.mark.parametrize(("slug", "level"), CASES)
def test_a_deal_asked_for_the_stakes_of_another_keeps_them(slug, level):
    kind = REGISTRY[slug]
    for seed in range(3):
        missed = kind.generate(seed, level, DEFAULT_CONFIG)
        stakes = kind.stakes_of(missed.table)
        assert set(stakes) <= {"ante", "pot"}
        fresh = kind.generate(seed + 1000, level, DEFAULT_CONFIG, stakes=stakes)
        assert kind.stakes_of(fresh.table) == stakes
        if "ante" in stakes:  # one Ante a table, at every position
            assert _antes(fresh.table) == {stakes["ante"]}
        # a situation asked for keeps them too
        aimed = (
            kind.generate(
                seed + 2000, level, DEFAULT_CONFIG, situation=missed.situation, stakes=stakes
            )
            if missed.situation in kind.situations(DEFAULT_CONFIG)
            else fresh
        )
        assert kind.stakes_of(aimed.table) == stakes


def test_a_stake_the_level_does_not_deal_at_the_house_is_drawn_as_usual():
    ms, mg = REGISTRY["ms-pay"], REGISTRY["mg-split"]
    for seed in range(5):
        own = ms.generate(seed, 3, DEFAULT_CONFIG).table["ante"]
        assert ms.generate(seed, 3, DEFAULT_CONFIG, stakes={"ante": 5}).table["ante"] == own
        assert ms.generate(seed, 3, DEFAULT_CONFIG, stakes={"ante": 117}).table["ante"] == own
        pot = mg.generate(seed, 1, DEFAULT_CONFIG).table["pot"]
        assert mg.generate(seed, 1, DEFAULT_CONFIG, stakes={"pot": 1000}).table["pot"] == pot
        # the cards are the seed's own either way: a stake kept changes nothing else
        kept = ms.generate(seed, 3, DEFAULT_CONFIG, stakes={"ante": own})
        assert kept == ms.generate(seed, 3, DEFAULT_CONFIG)


def test_the_same_hand_is_the_same_cards_however_laid_out():
    kind = REGISTRY["hand-five"]
    q = kind.generate(3, 3, DEFAULT_CONFIG)
    assert kind.same_hand(q.request, {"cards": " ".join(reversed(q.request["cards"].split()))})
    assert not kind.same_hand(q.request, kind.generate(4, 3, DEFAULT_CONFIG).request)
    chips = REGISTRY["make-change"]
    pile = chips.generate(3, 2, DEFAULT_CONFIG).request
    assert chips.same_hand(pile, dict(pile))
    assert not chips.same_hand(pile, {**pile, "bet": pile["bet"] + 1})
