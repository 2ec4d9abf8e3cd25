"""Tables grow with the level: more seats, bigger and odder stakes."""

from __future__ import annotations

from tests.engine.drills.common import questions


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
