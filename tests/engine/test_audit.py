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

from trainer.engine import DEFAULT_CONFIG
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
    assert "Line 3 is not JSON" in read[1][1].message
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
