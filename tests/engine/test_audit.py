"""The audit (RULING_API.md, "Audit"): a log holding known mispays of every kind finds exactly
those, and nothing else.

Every expected value is worked by hand here from the rules, with its source:
- Mississippi Stud (mississippi-stud.txt, the source paytable): a pair of jacks or better pays
  1:1 on every bet, a pair of sixes to tens pushes, a lower hand loses; a fold loses the bets
  placed.  RULING_API.md's example, Qh Qs with 2c 7d 9s and bets [1, 1, 2, 3], is a pair of
  queens: 7 placed, 7 profit, net +7.
- Caribbean Stud (RULES.md): the dealer qualifies with A-K or better; then a winning player is
  paid the Ante 1:1 and the Call (2 x Ante) at the paytable's odds, one pair 1:1.
  RULING_API.md's example (Qh Qs 9d 6c 2h against Jh Jc As 8d 3c, Ante 1, call) nets +3.
  A dealer without A-K does not qualify: the Ante wins 1:1, the Call pushes: net +1.
- Mississippi Gonorrhea (RULES.md): no pair of sevens, so the pot splits high and low, the odd
  chip to the high half (the default house rule): a pot of 25 is 13 high, 12 low.  A pair of
  sevens hogs the whole pot (RULING_API.md's example: 25 to seat 1).
"""

from __future__ import annotations

import pytest

from trainer.engine import DEFAULT_CONFIG, HouseConfig, HouseRules
from trainer.engine.audit import AUDIT_GAMES, Summary, audit_line, read_csv, read_jsonl

QUEENS = {"game": "mississippi-stud", "hole": "Qh Qs", "board": "2c 7d 9s", "bets": [1, 1, 2, 3]}
SIXES = {"game": "mississippi-stud", "hole": "6h 6s", "board": "Ac 9d Kc", "bets": [1, 1, 1, 1]}
FOLD = {"game": "mississippi-stud", "hole": "Kh 4c", "board": "9s", "bets": [1, 2]}
CALLED = {
    "game": "caribbean-stud",
    "player": "Qh Qs 9d 6c 2h",
    "dealer": "Jh Jc As 8d 3c",
    "ante": 1,
    "action": "call",
}
NO_QUALIFY = {**CALLED, "dealer": "Kh Jc 8s 4d 3c"}
SPLIT = {"game": "mississippi-gonorrhea", "pot": 25, "hands": {"1": "Kc 9d", "2": "3h 2s"}}
HOG = {
    "game": "mississippi-gonorrhea",
    "pot": 25,
    "hands": {"1": "7c 7d", "2": "3h 2s", "4": "Ah Ad"},
}

#: (line, expected verdict, difference, situation); correct lines among the mispays
SHIFT = [
    ({**QUEENS, "paid": 7}, "correct", 0, None),
    ({**QUEENS, "paid": 14}, "overpaid", 7, "one pair overpaid"),  # paid what is returned
    ({**QUEENS, "paid": 6}, "underpaid", -1, "one pair underpaid"),
    ({**SIXES, "paid": 0}, "correct", 0, None),
    ({**SIXES, "paid": 4}, "overpaid", 4, "pair of sixes to tens paid instead of pushed"),
    ({**FOLD, "paid": -3}, "correct", 0, None),
    ({**FOLD, "paid": 3}, "overpaid", 6, "fold paid"),
    ({**CALLED, "paid": 3}, "correct", 0, None),
    ({**CALLED, "paid": -3}, "underpaid", -6, "winning hand not paid"),
    ({**NO_QUALIFY, "paid": 1}, "correct", 0, None),
    ({**NO_QUALIFY, "paid": 3}, "overpaid", 2, "Call paid when the dealer did not qualify"),
    ({**SPLIT, "paid": {"1": 13, "2": 12}}, "correct", 0, None),
    ({**SPLIT, "paid": {"1": 12, "2": 13}}, "misdirected", 1, "odd chip to the wrong half"),
    ({**SPLIT, "paid": {"1": 13, "2": 13}}, "overpaid", 1, "more paid out than the pot"),
    # RULING_API: a split pot's difference is the chips paid above what is right, summed over
    # seats (>= 0): K-9 high takes 13 (the odd chip to the high half), 3-2 low takes 12
    ({**SPLIT, "paid": {"1": 20, "2": 10}}, "overpaid", 7, "more paid out than the pot"),
    ({**SPLIT, "paid": {"1": 10, "2": 10}}, "underpaid", 0, "less paid out than the pot"),
    ({**HOG, "paid": {"1": 13, "2": 0, "4": 12}}, "misdirected", 12, "pot split though sevens hog"),
    ({**SIXES, "hole": "6h Zz", "paid": 0}, "error", 0, None),  # an unknown card
    ({**SIXES, "hole": "6h 6h", "paid": 0}, "error", 0, None),  # a duplicate card
]


@pytest.mark.parametrize(("line", "verdict", "difference", "situation"), SHIFT)
def test_each_known_mispay_is_found(line, verdict, difference, situation):
    audited = audit_line(line, DEFAULT_CONFIG)
    assert (audited.verdict, audited.difference, audited.situation) == (
        verdict,
        difference,
        situation,
    )


def test_a_shift_finds_exactly_its_mispays():
    summary = Summary()
    for n, (line, *_) in enumerate(SHIFT):
        summary.add(
            audit_line({**line, "id": n, "dealer_name": "Ann" if n % 2 else "Bo"}, DEFAULT_CONFIG)
        )
    totals = summary.as_json()
    assert [totals[k] for k in ("hands", "correct", "overpaid", "underpaid", "misdirected")] == [
        19,
        6,
        6,
        3,
        2,
    ]
    assert totals["errors"] == 2
    # overpaid money: 7 + 4 + 6 + 2 + 1 + 5 (30 pushed from a pot of 25); underpaid: 1 + 6 + 5
    # (20 pushed from 25); misdirected chips are no house money
    assert (totals["overpaid_total"], totals["underpaid_total"]) == (25, 12)
    assert sum(g["hands"] for g in totals["by_dealer"].values()) == 19
    assert summary.by_situation["fold paid"].overpaid_total == 6


def test_the_output_object_is_exactly_the_contracts():
    out = audit_line({**SIXES, "paid": 4, "id": "h1"}, DEFAULT_CONFIG).as_json()
    assert list(out) == ["id", "game", "verdict", "difference", "correct", "paid", "steps"]
    assert (out["correct"], out["paid"]) == (0, 4)
    error = audit_line({**SIXES, "hole": "6h Zz", "paid": 0}, DEFAULT_CONFIG).as_json()
    assert error["verdict"] == "error" and error["error"]["field"] == "hole"


@pytest.mark.parametrize(
    ("line", "field"),
    [
        (QUEENS, "paid"),  # no paid
        ({**QUEENS, "paid": 1.5}, "paid"),
        ({**QUEENS, "paid": "7"}, "paid"),
        ({**QUEENS, "paid": float("nan")}, "paid"),
        ({**SPLIT, "paid": {"1": 25}}, "paid"),  # seat 2 missing
        ({**SPLIT, "paid": {"1": 13, "2": 12, "3": 0}}, "paid"),  # a seat without a hand
        ({**SPLIT, "paid": 25}, "paid"),
        ({**QUEENS, "paid": 7, "at": "yesterday"}, "at"),
        (
            {"game": "english-stud", "ask": "bring-in", "up": {"1": "2c", "2": "3d"}, "paid": 0},
            "ask",
        ),
        ({"game": "poker", "paid": 0}, "game"),
    ],
)
def test_a_line_without_a_valid_paid_or_ruling_is_an_error_naming_the_field(line, field):
    audited = audit_line(line, DEFAULT_CONFIG)
    assert audited.verdict == "error"
    assert audited.error["field"] == field


def test_the_audited_games_come_from_the_registry():
    assert AUDIT_GAMES == (
        "mississippi-stud",
        "caribbean-stud",
        "casino-stud",
        "mississippi-gonorrhea",
        "english-stud",
    )


def test_the_jsonl_reader_numbers_lines_and_stands_errors_in():
    lines = [b'{"game": "casino-stud"}\n', b"\n", b"{oops\n", b"\xff\n", b'{"a": NaN}\n']
    read = list(read_jsonl(lines))
    assert [n for n, _ in read] == [1, 3, 4, 5]
    assert "Line 3 cannot be read as a hand" in read[1][1].message
    assert "Line 4 is not UTF-8" in read[2][1].message
    # NaN is read and then refused by the audit, naming the field it is in
    assert audit_line(read[3][1], DEFAULT_CONFIG).error["field"] == "a"


def test_the_csv_reader_builds_each_games_request():
    rows = [
        "id,dealer,game,hole,board,ante,bet3,bet4,bet5,player,dealer_cards,action,pot,seat1,"
        "seat2,paid1,paid2,paid",
        "1,Ann,mississippi-stud,6h 6s,Ac 9d Kc,1,1,1,1,,,,,,,,,4",
        "2,Bo,caribbean-stud,,,1,,,,Qh Qs 9d 6c 2h,Jh Jc As 8d 3c,call,,,,,,3",
        "3,Cy,mississippi-gonorrhea,,,,,,,,,,25,Kc 9d,3h 2s,12,13,",
        "4,Cy,mississippi-stud,Kh 4c,9s,1,2,,3,,,,,,,,,-3",
    ]
    read = dict(read_csv(rows))
    assert read[2]["bets"] == [1, 1, 1, 1] and read[2]["dealer_name"] == "Ann"
    assert read[3]["dealer"] == "Jh Jc As 8d 3c" and read[3]["dealer_name"] == "Bo"
    assert read[4]["paid"] == {"1": 12, "2": 13}
    verdicts = [audit_line(read[n], DEFAULT_CONFIG) for n in (2, 3, 4, 5)]
    assert [a.verdict for a in verdicts] == ["overpaid", "correct", "misdirected", "error"]
    assert verdicts[0].dealer == "Ann" and verdicts[3].error["field"] == "bets"


def test_a_row_the_csv_module_cannot_read_is_named_by_its_line_in_words():
    # the csv module's own words ("new-line character seen in unquoted field - do you need to
    # open the file in newline mode?") were passed on, with the line before the row's; a cell
    # of 200,000 characters is beyond the csv module's default limit, 131,072
    rows = ["game,dealer\n", "casino-stud,A\rnn\n", "casino-stud," + "x" * 200_000 + "\n"]
    read = list(read_csv(rows))
    assert [(n, e.message) for n, e in read] == [
        (2, "Line 2 holds a carriage return outside quotes: end each line with an ordinary "
         "line end, or put a cell holding one between double quotes."),
        (3, "Line 3 has a cell longer than 131,072 characters, more than any hand."),
    ]  # fmt: skip


def test_a_csv_without_a_game_column_is_refused_at_its_header():
    assert [n for n, _ in read_csv(["hole,board", "6h 6s,Ac 9d Kc"])] == [1]


def test_a_hand_naming_another_house_is_an_error_on_house():
    # RULING_API lists an unknown house among the errors; a log audited for one house (or for
    # none: the source texts) cannot rule a hand settled under another's rules
    line = {**SIXES, "paid": 0, "house": "riverboat"}
    assert audit_line(line, DEFAULT_CONFIG).error["field"] == "house"
    assert audit_line(line, DEFAULT_CONFIG, house="demo").error["field"] == "house"
    assert audit_line(line, DEFAULT_CONFIG, house="riverboat").verdict == "correct"


def test_a_name_in_an_error_is_quoted_once():
    # "Unknown game: ''baccarat''": the value was quoted, then quoted again
    game = audit_line({"game": "baccarat", "paid": 1}, DEFAULT_CONFIG).error["message"]
    assert game.startswith("Unknown game: 'baccarat'. The games audited are")
    house = audit_line({**SIXES, "paid": 0, "house": "riverboat"}, DEFAULT_CONFIG, house="demo")
    assert house.error["message"].startswith("This hand names house 'riverboat', but")


# --- split pots: which chips went astray -------------------------------------------------------
# Worked by hand from RULES.md.  Mississippi Gonorrhea: no pair of sevens, so the best two-card
# high takes the high half and the best low the low half, the odd chip to the high half; 7-7
# hogs the whole pot, sevens sharing a hog divide it, odd chips in seat order.  English Stud:
# the best five of seven takes the pot; tied hands divide it, odd chips one each in order of
# the highest card by suit.
KING_THREE_QUEEN = {"1": "Kc 9d", "2": "3h 2s", "3": "Qc 8h"}  # high: seat 1; low: seat 2
SEVENS_THREE = {"1": "7c 7d", "2": "3h 2s"}  # seat 1's sevens hog
TIED_KINGS = {"1": "Kc 9d", "2": "3h 2s", "3": "Kh 9s"}  # high: seats 1 and 3 tie; low: 2
TWO_SEVENS = {"1": "7c 7d", "3": "7h 7s", "5": "Ah Ad"}  # sevens at 1 and 3 share the hog
ROYAL = {"1": "As Ks Qs Js Ts 2c 3d", "2": "Ah Ad Ac 9h 9d 4c 5c"}  # the royal flush wins
# docs/api.md: seats 2 and 4 tie with ten-high straights; seat 4's A♠ takes an odd chip first
STRAIGHTS = {"2": "Th 9h 8c 7d 6s 2c 3c", "4": "Tc 9d 8s 7h 6c As 3s"}


def gonorrhea(pot, hands, paid):
    return {"game": "mississippi-gonorrhea", "pot": pot, "hands": hands, "paid": paid}


def showdown(pot, hands, paid):
    return {"game": "english-stud", "ask": "showdown", "pot": pot, "hands": hands, "paid": paid}


SPLIT_SITUATIONS = [
    # pot 1: high 1, low 0; seat 3 won neither half: no odd chip, the pot to the wrong seat
    (gonorrhea(1, KING_THREE_QUEEN, {"1": 0, "2": 0, "3": 1}), "pot to the wrong seat"),
    # ... and the one chip to the low half: the halves' odd chip, to the wrong half
    (gonorrhea(1, KING_THREE_QUEEN, {"1": 0, "2": 1, "3": 0}), "odd chip to the wrong half"),
    # pot 1, the royal flush takes it: the whole pot to the full house
    (showdown(1, ROYAL, {"1": 0, "2": 1}), "pot to the wrong seat"),
    # pot 3, the sevens hog all 3; split as high 2 (the sevens) and low 1 (three-two)
    (gonorrhea(3, SEVENS_THREE, {"1": 2, "2": 1}), "pot split though sevens hog"),
    # pot 4: high 2, low 2 (no odd chip); one chip moved from low to high
    (gonorrhea(4, {"1": "Kc 9d", "2": "3h 2s"}, {"1": 3, "2": 1}), "pot divided unevenly"),
    # pot 30 between two straights: 15 each (no odd chip); 16 and 14 paid
    (showdown(30, STRAIGHTS, {"2": 16, "4": 14}), "pot divided unevenly"),
    # pot 31: 15 each and the odd chip to seat 4; paid to seat 2 instead
    (showdown(31, STRAIGHTS, {"2": 16, "4": 15}), "odd chip to the wrong seat"),
    # pot 10: halves 5 and 5; kings tie for high: 3 to seat 1 (first in seat order), 2 to 3
    (gonorrhea(10, TIED_KINGS, {"1": 2, "2": 5, "3": 3}), "odd chip to the wrong seat"),
    # pot 25 hogged by two sevens: 13 to seat 1, 12 to seat 3; the 13 to seat 3
    (gonorrhea(25, TWO_SEVENS, {"1": 12, "3": 13, "5": 0}), "odd chip to the wrong seat"),
    # ... all 25 to seat 1: the sevens' shares, unevenly
    (gonorrhea(25, TWO_SEVENS, {"1": 25, "3": 0, "5": 0}), "pot divided unevenly"),
    # ... all 25 to the aces: the hog passed over
    (gonorrhea(25, TWO_SEVENS, {"1": 0, "3": 0, "5": 25}), "pot to the wrong seat"),
]


@pytest.mark.parametrize(("line", "situation"), SPLIT_SITUATIONS)
def test_a_split_pot_names_which_chips_went_astray(line, situation):
    audited = audit_line(line, DEFAULT_CONFIG)
    assert (audited.verdict, audited.situation) == ("misdirected", situation)


def test_an_odd_chip_is_counted_in_the_houses_chip_unit():
    # chip unit 5: pot 15 is 3 chips; two tied straights take 2 chips (10) and 1 chip (5),
    # seat 4 first.  10 to seat 2 is the odd chip astray; 15 to seat 4 is not.
    fives = HouseConfig(rules=HouseRules(chip_unit=5))
    moved = audit_line(showdown(15, STRAIGHTS, {"2": 10, "4": 5}), fives)
    uneven = audit_line(showdown(15, STRAIGHTS, {"2": 0, "4": 15}), fives)
    assert (moved.situation, uneven.situation) == (
        "odd chip to the wrong seat",
        "pot divided unevenly",
    )
