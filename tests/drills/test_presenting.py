"""The felt (a question's table as the drill pages draw it), built in Python."""

import pytest

from trainer.drills.presenting import felt
from trainer.engine.drills import REGISTRY
from trainer.engine.house import DEFAULT_CONFIG


@pytest.mark.parametrize("kind", sorted(REGISTRY))
def test_the_felt_shows_every_seat_and_every_card_of_the_table(kind):
    table = REGISTRY[kind].generate(2024, 3, DEFAULT_CONFIG).table
    html = str(felt(table))
    # a match's ledger has nothing on the felt itself: its rounds are the table
    assert html.startswith(
        ('<div class="felt">', '<div class="felt seated">', '<table class="ledger" tabindex="0">')
    )
    for position in table.get("positions") or ():
        seat = position["seat"]
        assert f'<h3 class="spot-label" id="seat-{seat}">Seat {seat}</h3>' in html
    for seat in list(table.get("seats") or {}) + list(table.get("up") or {}):
        assert f'<h3 class="spot-label" id="seat-{seat}">Seat {seat}</h3>' in html
    if table.get("pile"):  # a chip drill's table: the player's chips, drawn as chips
        assert 'class="chip-disc' in html and 'role="img" aria-label="' in html
        return
    assert html.count('class="card ') >= 2 or '<table class="ledger">' in html


def test_a_pile_of_chips_is_drawn_with_values_and_said_in_words():
    table = REGISTRY["colour-up"].generate(4, 1, DEFAULT_CONFIG).table
    html = str(felt(table))
    # 10 red and 8 white: five discs drawn a stack, each with its value written on it
    assert 'aria-label="10 red 5, 8 white 1"' in html
    assert html.count(">5</span>") == 5 and "10 × red" in html


def test_a_folded_seat_and_named_bets_are_shown_and_escaped():
    table = {
        "call_name": "Raise <2x>",
        "positions": [
            {"seat": 2, "hole": "Qh Qs", "bets": {"ante": 5, "call": 10}, "folded": "3rd"},
            {"seat": 4, "player": "2c 2d", "bets": {}, "action": "fold"},
        ],
        "pot": 0,
        "street": 3,
    }
    html = str(felt(table))
    assert '<span class="chip">ante 5</span>' in html
    assert '<span class="chip">Raise &lt;2x&gt; 10</span>' in html
    assert "<strong>folded 3rd</strong>" in html and "<strong>folded</strong>" in html
    assert '<span class="pot-amount">0</span>' in html  # a pot of nothing is still shown
    assert '<span class="pot-amount">3rd</span>' in html
