"""A game registered in the engine (the whole-game fixture package, tests/triple_stud)
reaches the ruling desk with no Django change: the page lists it, draws its form from its
request shape, names its second bet and rules it."""

from __future__ import annotations

import pytest

from tests.triple_stud import installed


@pytest.fixture
def triple():
    with installed() as entry:
        yield entry


def test_the_rule_check_page_lists_and_rules_a_registered_game(signed_in, triple):
    page = signed_in.get("/rule-check/").content.decode()
    assert "?game=casino-stud-triple" in page and "Casino Stud (3x raise)" in page
    form = signed_in.get("/rule-check/", {"game": "casino-stud-triple"}).content.decode()
    assert 'name="game" value="casino-stud-triple"' in form
    assert "Raise" in form
    response = signed_in.post(
        "/rule-check/",
        {
            "game": "casino-stud-triple",
            "player": "9h 9s 9d 9c 2h",
            "dealer": "Ah Kc 7s 4d 3c",
            "ante": "5",
            "action": "call",
        },
    )
    page = response.content.decode()
    # Raise 15 wins at the quads row, 20 to 1 (casino-stud-poker.txt): 300, Ante 5 wins 5
    assert "stake 15, profit 300" in page
    assert "305" in page
