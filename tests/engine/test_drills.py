"""The drill registry: questions replay from their seed, every answer is the engine's, the mix
brings every situation up, and answers are read the way a trainee types them."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from trainer.engine import banked_stud, rulings
from trainer.engine.cards import parse_cards
from trainer.engine.drills import (
    AMOUNT_FORMAT,
    NEGATIVE,
    NO_SEAT,
    REGISTRY,
    SIGNED_FORMAT,
    TOO_LARGE,
    AnswerError,
    AnswerField,
    DrillKind,
    Question,
    grade,
    parse_answer,
)
from trainer.engine.errors import EngineError
from trainer.engine.hands import Category, best_five, evaluate_five
from trainer.engine.house import DEFAULT_CONFIG, HouseConfig, HouseRules
from trainer.engine.paytables import MISSISSIPPI_STUD_BASE, Paytable

SLUGS = {
    "hand-five": "any",
    "hand-seven": "any",
    "ms-pay": "mississippi-stud",
    "cs-qualify": "caribbean-stud",
    "csp-qualify": "casino-stud",
    "cs-settle": "caribbean-stud",
    "csp-settle": "casino-stud",
    "cs-ledger": "caribbean-stud",
    "mg-split": "mississippi-gonorrhea",
    "es-bring-in": "english-stud",
    "es-first-to-act": "english-stud",
    "es-showdown": "english-stud",
}
CASES = [(slug, level) for slug in SLUGS for level in (1, 2, 3)]
SEEDS = range(12)

#: a house that differs from the source texts wherever a drill could notice
ODD_HOUSE = HouseConfig(
    mississippi_stud=Paytable(
        "Mississippi Stud, bet unit 2",
        MISSISSIPPI_STUD_BASE.rows,
        pair_band=MISSISSIPPI_STUD_BASE.pair_band,
        push_band=MISSISSIPPI_STUD_BASE.push_band,
        bet_unit=2,
    ),
    rules=HouseRules(chip_unit=1, call_multiple=3, mississippi_payout_cap=1000),
)

#: a house of big chips that reuses nothing and keeps odd chips for the low half
STRICT_HOUSE = HouseConfig(
    rules=HouseRules(
        chip_unit=5,
        split_pot_odd_chip="low",
        stand_pat_allowed=False,
        reuse_discards=False,
        stud_stock_shortage=False,
        call_payout_cap=50,
    )
)


def questions(slug: str, level: int, *, natural: bool = False, config=DEFAULT_CONFIG, n=None):
    kind = REGISTRY[slug]
    return [kind.generate(seed, level, config, natural=natural) for seed in range(n or 12)]


# --- the registry --------------------------------------------------------------------------


def test_the_registry_holds_every_drill_of_the_issue():
    assert set(REGISTRY) == set(SLUGS)
    for slug, game in SLUGS.items():
        kind = REGISTRY[slug]
        assert isinstance(kind, DrillKind)
        assert kind.slug == slug and kind.game == game
        assert kind.title and kind.description and kind.mix
        assert [lv.number for lv in kind.levels] == [1, 2, 3]
        assert all(lv.name for lv in kind.levels)


def test_an_unknown_level_is_refused():
    with pytest.raises(EngineError):
        REGISTRY["ms-pay"].generate(1, 4, DEFAULT_CONFIG)


# --- every kind, every level, natural and mixed ---------------------------------------------


def _canonical(f: AnswerField, value) -> bool:
    if f.kind == "choice":
        return value in {c for c, _ in f.choices}
    if f.kind == "amount":
        return isinstance(value, int) and not isinstance(value, bool) and value >= 0
    if f.kind == "signed":
        return isinstance(value, int) and not isinstance(value, bool)
    if f.kind == "seat":
        return value in {c for c, _ in f.choices}
    if f.kind == "seats":
        return (
            isinstance(value, list)
            and value
            and value == sorted(value, key=int)
            and set(value) <= {c for c, _ in f.choices}
        )
    return False


def _typed(f: AnswerField, value) -> str:
    """The expected answer as a trainee would type it into the form."""
    if f.kind == "seats":
        return ", ".join(value)
    return str(value)


@pytest.mark.parametrize("natural", [False, True], ids=["mix", "natural"])
@pytest.mark.parametrize(("slug", "level"), CASES)
def test_generates_reproducibly_and_regrades_the_same(slug, level, natural):
    kind = REGISTRY[slug]
    seen = set()
    for seed in SEEDS:
        q = kind.generate(seed, level, DEFAULT_CONFIG, natural=natural)
        assert isinstance(q, Question)
        assert q == kind.generate(seed, level, DEFAULT_CONFIG, natural=natural)
        assert (q.kind, q.game, q.seed, q.level, q.natural) == (
            slug,
            SLUGS[slug],
            seed,
            level,
            natural,
        )
        assert q.prompt.endswith((".", "?")) and q.situation
        # JSON-able, and a JSON round trip re-grades to the same answer
        request = json.loads(json.dumps(q.request))
        json.dumps(q.table)
        assert kind.answer_for(request, level, DEFAULT_CONFIG) == (q.fields, q.expected, q.steps)
        assert [f.name for f in q.fields] == list(q.expected)
        assert len({f.name for f in q.fields}) == len(q.fields)
        for f in q.fields:
            assert _canonical(f, q.expected[f.name]), (f, q.expected[f.name])
            assert not f.keys or len(f.keys) == len(f.choices)
        assert q.steps and all(isinstance(s, str) and s for s in q.steps)
        # the expected answer, typed as text, reads back as itself and grades all right
        typed = {f.name: _typed(f, q.expected[f.name]) for f in q.fields}
        assert parse_answer(q.fields, typed) == q.expected
        assert all(grade(q.fields, q.expected, q.expected).values())
        seen.add(json.dumps(q.request, sort_keys=True))
    assert len(seen) == len(SEEDS), "different seeds should deal different questions"


@pytest.mark.parametrize(("slug", "level"), CASES)
def test_a_changed_field_is_marked_wrong(slug, level):
    q = REGISTRY[slug].generate(3, level, DEFAULT_CONFIG)
    for f in q.fields:
        answer = dict(q.expected)
        if f.kind in ("amount", "signed"):
            answer[f.name] = q.expected[f.name] + 1
        elif f.kind == "seats":
            others = [c for c, _ in f.choices if [c] != q.expected[f.name]]
            answer[f.name] = [others[0]]
        else:
            answer[f.name] = next(c for c, _ in f.choices if c != q.expected[f.name])
        marks = grade(q.fields, q.expected, answer)
        assert marks[f.name] is False
        assert all(v for name, v in marks.items() if name != f.name)


@pytest.mark.parametrize("natural", [False, True], ids=["mix", "natural"])
@pytest.mark.parametrize(("slug", "level"), CASES)
def test_a_house_of_its_own_is_respected(slug, level, natural):
    kind = REGISTRY[slug]
    for config in (ODD_HOUSE, STRICT_HOUSE):
        for seed in range(8):
            q = kind.generate(seed, level, config, natural=natural)
            assert kind.answer_for(q.request, level, config) == (q.fields, q.expected, q.steps)
            positions = q.request.get("positions", [q.request])
            if slug == "ms-pay":
                unit = config.mississippi_stud.stake_unit(config.rules.chip_unit)
                assert all(b % unit == 0 for p in positions for b in p["bets"])
            if slug in ("cs-settle", "csp-settle", "cs-qualify", "csp-qualify"):
                assert all(p["ante"] % config.rules.chip_unit == 0 for p in positions)
            if slug == "cs-settle" and q.table.get("call"):
                multiple = config.rules.call_multiple
                assert q.table["call"] == multiple * q.table["ante"]
            if slug == "csp-settle" and q.table.get("call"):
                assert q.table["call"] == 2 * q.table["ante"]  # the raise is fixed by the rules
            if "pot" in q.request:
                assert q.request["pot"] % config.rules.chip_unit == 0


# --- the expected answer is the engine's ----------------------------------------------------


def test_hand_reading_is_the_evaluator():
    for level in (1, 2, 3):
        for q in questions("hand-five", level, n=40):
            cards = parse_cards(q.request["cards"])
            assert len(cards) == 5
            assert q.expected == {"category": evaluate_five(cards).category.label}
        for q in questions("hand-seven", level, n=40):
            cards = parse_cards(q.request["cards"])
            assert len(cards) == 7
            assert q.expected == {"category": best_five(cards)[0].category.label}


def test_hand_reading_offers_the_ten_categories_strongest_first():
    (f,) = REGISTRY["hand-five"].generate(1, 1, DEFAULT_CONFIG).fields
    assert [c for c, _ in f.choices] == [c.label for c in Category]


@pytest.mark.parametrize("level", [1, 2, 3])
def test_ms_pay_is_the_ruling_of_each_position(level):
    for q in questions("ms-pay", level, n=40):
        positions = q.request.get("positions", [q.request])
        assert len(positions) == len(q.table["positions"])
        for p in positions:
            ruling = rulings.rule(p)
            n = f"p{p['seat']}"
            assert q.expected[f"{n}.outcome"] == ruling["outcome"]
            amount = {"win": ruling["profit"], "push": 0}.get(ruling["outcome"], ruling["stake"])
            assert q.expected[f"{n}.amount"] == amount
            spots = {k: v for k, v in q.expected.items() if k.startswith(f"{n}.spot.")}
            if level == 3 and ruling["outcome"] != "fold":
                assert spots == {f"{n}.spot.{s['bet']}": s["profit"] for s in ruling["spots"]}
                if ruling["outcome"] == "win":
                    assert sum(spots.values()) == amount
            else:
                assert spots == {}


@pytest.mark.parametrize("slug", ["cs-qualify", "csp-qualify"])
def test_qualify_is_the_ruling(slug):
    for level in (1, 2, 3):
        for q in questions(slug, level, n=30):
            ruling = rulings.rule(q.request)
            assert q.expected == {"qualifies": "yes" if ruling["dealer_qualifies"] else "no"}
            assert q.table["up_card"] in q.table["dealer"].split()


@pytest.mark.parametrize("slug", ["cs-settle", "csp-settle"])
@pytest.mark.parametrize("level", [1, 2, 3])
def test_settle_is_the_ruling_of_each_player(slug, level):
    for q in questions(slug, level, n=30):
        several = "positions" in q.request
        for p in q.request.get("positions", [q.request]):
            ruling = rulings.rule(p)
            prefix = f"p{p['seat']}." if several else ""
            assert q.expected[f"{prefix}net"] == ruling["net"]
            for bet, b in ruling["bets"].items():
                assert q.expected[f"{prefix}{bet}.result"] == b["result"]
                amount = {"win": b["profit"], "push": 0}.get(b["result"], b["stake"])
                assert q.expected[f"{prefix}{bet}.amount"] == amount
            if ruling["outcome"] == "fold":
                assert f"{prefix}call.result" not in q.expected


def test_one_player_settles_under_the_plain_field_names():
    q = REGISTRY["cs-settle"].generate(1, 1, DEFAULT_CONFIG)
    names = {f.name for f in q.fields}
    assert {"ante.result", "ante.amount", "net"} <= names
    assert q.table["player"] and q.table["dealer"] and q.table["up_card"]


def test_the_ledger_totals_the_engine_nets():
    for level in (1, 2, 3):
        for q in questions("cs-ledger", level, n=10):
            rounds = []
            for r in q.request["rounds"]:
                net = None if r.get("void") else rulings.rule(r)["net"]
                rounds.append(banked_stud.MatchRound(net))
            ledger = banked_stud.settle_match(rounds)
            assert q.expected == {"total": ledger.total, "verdict": ledger.verdict.value}
            assert ledger.counted == 20
            assert [r.get("net") for r in q.table["rounds"]] == [r.net for r in rounds]


def test_split_pot_shares_are_the_ruling():
    for level in (1, 2, 3):
        for q in questions("mg-split", level, n=30):
            ruling = rulings.rule(q.request)
            assert q.expected == {f"share.{s}": n for s, n in ruling["shares"].items()}
            assert sum(q.expected.values()) == q.request["pot"] == q.table["pot"]


@pytest.mark.parametrize("slug", ["es-bring-in", "es-first-to-act"])
def test_the_seat_is_the_ruling(slug):
    for level in (1, 2, 3):
        for q in questions(slug, level, n=30):
            assert q.expected == {"seat": rulings.rule(q.request)["seat"]}
            (f,) = q.fields
            assert [c for c, _ in f.choices] == sorted(q.request["up"], key=int)


def test_the_showdown_is_the_ruling():
    for level in (1, 2, 3):
        for q in questions("es-showdown", level, n=20):
            ruling = rulings.rule(q.request)
            assert q.expected["winners"] == sorted(ruling["winners"], key=int)
            shares = {k[6:]: v for k, v in q.expected.items() if k.startswith("share.")}
            assert shares == ruling["shares"]
            assert q.table["seats"] == q.request["hands"]
            for seat, cards in q.table["seats"].items():
                assert q.table["exposed"][seat] == " ".join(cards.split()[2:6])


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


# --- the mix brings every situation up -------------------------------------------------------


def _ms_outcomes(natural: bool, n: int = 300) -> Counter:
    tally: Counter = Counter()
    for q in questions("ms-pay", 1, natural=natural, n=n):
        outcome = q.expected["p1.outcome"]
        tally[outcome] += 1
        if outcome == "win":
            tally[q.category] += 1
    return tally


def test_the_ms_mix_brings_every_outcome_up():
    tally = _ms_outcomes(natural=False)
    wins = {c.label for c in Category} & set(tally)
    assert len(wins) >= 6, tally
    for outcome in ("win", "push", "lose", "fold"):
        assert tally[outcome] >= 20, tally


def test_natural_odds_differ_from_the_mix():
    mixed, natural = _ms_outcomes(natural=False), _ms_outcomes(natural=True)
    # plain deals end in a loss or a fold far more often, and rarely show the big hands
    assert natural["lose"] + natural["fold"] > mixed["lose"] + mixed["fold"] + 60
    big = ("full house", "four of a kind", "straight flush", "royal flush")
    assert sum(natural[c] for c in big) < sum(mixed[c] for c in big)


@pytest.mark.parametrize("slug", ["cs-qualify", "csp-qualify"])
def test_the_dealer_qualifies_about_half_the_time(slug):
    answers = Counter(q.expected["qualifies"] for q in questions(slug, 2, n=300))
    assert answers["yes"] >= 75 and answers["no"] >= 75
    borderline = Counter(q.situation for q in questions(slug, 2, n=300))
    assert borderline["dealer A-K high"] >= 20


@pytest.mark.parametrize("slug", ["cs-settle", "csp-settle"])
def test_the_settle_mix_brings_every_outcome_up(slug):
    outcomes = Counter(rulings.rule(q.request)["outcome"] for q in questions(slug, 1, n=300))
    for outcome in ("fold", "no-qualify", "win", "lose", "push"):
        assert outcomes[outcome] >= 15, outcomes


def test_the_ledger_mix_brings_every_verdict_up():
    verdicts = Counter(q.expected["verdict"] for q in questions("cs-ledger", 1, n=90))
    assert all(verdicts[v] >= 10 for v in ("player win", "bank win", "draw")), verdicts
    assert all(any(r["void"] for r in q.table["rounds"]) for q in questions("cs-ledger", 1))


def test_the_split_pot_mix_brings_hogs_ties_and_odd_chips():
    qs = questions("mg-split", 2, n=300)
    tags = Counter(q.situation for q in qs)
    assert tags["hog"] >= 30 and tags["tied high"] >= 20 and tags["tied low"] >= 20, tags
    odd = sum(1 for q in qs if any("odd chip" in s for s in q.steps))
    assert odd >= 60


def test_the_bring_in_mix_ties_on_rank():
    tags = Counter(q.situation for q in questions("es-bring-in", 1, n=200))
    assert tags["bring-in tie on rank"] >= 50 and tags["ace is high"] >= 20


def test_the_first_to_act_mix_brings_ties_and_traps():
    tags = Counter(q.situation for q in questions("es-first-to-act", 3, n=200))
    assert tags["tied exposed hands"] >= 20
    assert tags["no straights or flushes in up cards"] >= 15
    assert tags["kicker decides"] >= 15


def test_the_showdown_mix_brings_ties():
    qs = questions("es-showdown", 2, n=200)
    ties = [q for q in qs if len(q.expected["winners"]) > 1]
    assert len(ties) >= 40
    assert any(q.situation == "tie with odd chips" for q in ties)


# --- reading answers -------------------------------------------------------------------------

AMOUNT = AnswerField("amount", "Amount", "amount")
NET = AnswerField("net", "Net", "signed")
OUTCOME = REGISTRY["ms-pay"].generate(1, 1, DEFAULT_CONFIG).fields[0]
SEAT = AnswerField("seat", "Seat", "seat", (("1", "Seat 1"), ("3", "Seat 3")), ("1", "3"))
SEATS = AnswerField("winners", "Winners", "seats", SEAT.choices, SEAT.keys)


@pytest.mark.parametrize(
    ("field", "raw", "value"),
    [
        (AMOUNT, "35", 35),
        (AMOUNT, " 35 ", 35),
        (AMOUNT, "+35", 35),
        (AMOUNT, "0", 0),
        (AMOUNT, 35, 35),
        (AMOUNT, 35.0, 35),
        (NET, "-3", -3),
        (NET, " +12 ", 12),
        (NET, -15, -15),
        (OUTCOME, "win", "win"),
        (OUTCOME, " Push ", "push"),
        (OUTCOME, "f", "fold"),
        (OUTCOME, "L", "lose"),
        (SEAT, "3", "3"),
        (SEAT, "seat 3", "3"),
        (SEAT, 1, "1"),
        (SEATS, "3, 1", ["1", "3"]),
        (SEATS, "1 3", ["1", "3"]),
        (SEATS, ["3", "1", "3"], ["1", "3"]),
        (SEATS, [3], ["3"]),
    ],
)
def test_accepted_answers(field, raw, value):
    assert parse_answer((field,), {field.name: raw}) == {field.name: value}


@pytest.mark.parametrize(
    ("field", "raw", "message"),
    [
        (AMOUNT, "", AMOUNT_FORMAT),
        (AMOUNT, None, AMOUNT_FORMAT),
        (AMOUNT, "3.5", AMOUNT_FORMAT),
        (AMOUNT, 3.5, AMOUNT_FORMAT),
        (AMOUNT, "abc", AMOUNT_FORMAT),
        (AMOUNT, "1e3", AMOUNT_FORMAT),
        (AMOUNT, "٣", AMOUNT_FORMAT),
        (AMOUNT, "3 5", AMOUNT_FORMAT),
        (AMOUNT, True, AMOUNT_FORMAT),
        (AMOUNT, "-3", NEGATIVE),
        (AMOUNT, -3, NEGATIVE),
        (AMOUNT, "1000000001", TOO_LARGE),
        (AMOUNT, "9" * 5000, TOO_LARGE),
        (NET, "--3", SIGNED_FORMAT),
        (NET, "", SIGNED_FORMAT),
        (NET, "-1000000001", TOO_LARGE),
        (OUTCOME, "won", "Choose win, push, lose or fold."),
        (OUTCOME, "", "Choose win, push, lose or fold."),
        (SEAT, "7", "Seat 7 is not at this table."),
        (SEAT, "", "Choose a seat."),
        (SEAT, "left", "Choose a seat."),
        (SEATS, "", NO_SEAT),
        (SEATS, [], NO_SEAT),
        (SEATS, "1, 7", "Seat 7 is not at this table."),
    ],
)
def test_refused_answers(field, raw, message):
    with pytest.raises(AnswerError) as caught:
        parse_answer((field,), {field.name: raw})
    assert caught.value.problems == {field.name: message}


def test_every_bad_field_is_named_at_once():
    fields = (OUTCOME, AMOUNT, NET, SEAT)
    with pytest.raises(AnswerError) as caught:
        parse_answer(fields, {OUTCOME.name: "win", AMOUNT.name: "x", SEAT.name: "9"})
    assert set(caught.value.problems) == {AMOUNT.name, NET.name, SEAT.name}


def test_a_category_is_read_by_name_or_key():
    (f,) = REGISTRY["hand-five"].generate(1, 1, DEFAULT_CONFIG).fields
    assert parse_answer((f,), {"category": "Full House"}) == {"category": "full house"}
    assert parse_answer((f,), {"category": "0"}) == {"category": "royal flush"}
    with pytest.raises(AnswerError) as caught:
        parse_answer((f,), {"category": "boat"})
    assert "royal flush" in caught.value.problems["category"]
