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


# -- the feedback: what was wrong first -------------------------------------------------------


@pytest.fixture
def six_seats(trainee):
    """A Caribbean Stud settle at its highest level dealt to six positions, stored."""
    from trainer.drills.dealing import deal_question
    from trainer.drills.models import PracticeSession
    from trainer.drills.presenting import table_seats

    drill = REGISTRY["cs-settle"]
    level = max(lv.number for lv in drill.levels)
    seed = next(
        s
        for s in range(200)
        if len(table_seats(drill.generate(s, level, DEFAULT_CONFIG).table)) == 6
    )
    session = PracticeSession.objects.create(trainee=trainee, kind="cs-settle", level=level)
    return deal_question(session, seed=seed)


def answered(question, wrong_seat=None):
    from tests.factories import right_answer
    from trainer.drills import services

    answer = right_answer(question)
    if wrong_seat is not None:
        name = f"p{wrong_seat}.net"
        answer[name] = str(int(answer[name]) + 1)
    result = services.answer_question(
        trainee=question.trainee, question_id=question.pk, raw=answer, practice=True
    )
    return result.attempt


def test_one_wrong_seat_of_six_is_shown_and_the_five_right_ones_folded(six_seats):
    from trainer.drills.presenting import feedback

    seats = [p["seat"] for p in six_seats.table["positions"]]
    shown = feedback(six_seats, answered(six_seats, wrong_seat=seats[2]))
    assert [g["seat"] for g in shown["shown"] if g["seat"]] == [str(seats[2])]
    assert all(g["wrong"] for g in shown["shown"] if g["seat"])
    assert sorted(g["seat"] for g in shown["folded"]) == sorted(
        str(s) for s in seats if s != seats[2]
    )
    assert shown["folded_words"] == "5 seats answered right"
    # the reasons follow: the wrong seat's steps shown, the others' folded with them
    assert {s["seat"] for s in shown["steps"] if s["seat"]} == {str(seats[2])}


def test_all_right_folds_nothing(six_seats):
    from trainer.drills.presenting import feedback

    shown = feedback(six_seats, answered(six_seats))
    assert shown["folded"] == [] and shown["folded_words"] == ""
    assert len([g for g in shown["shown"] if g["seat"]]) == 6


def test_a_pot_partly_pushed_shows_what_is_left_of_it():
    table = {"pot": 195, "pot_left": 98, "positions": [{"seat": "1", "hole": "2h 4s"}]}
    assert '<span class="pot-amount">98 left of 195</span>' in str(felt(table))
