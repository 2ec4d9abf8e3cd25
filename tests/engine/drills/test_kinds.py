"""Every drill kind: registered under its slug, dealt again the same from its seed, re-graded
from its stored request to the same answer, in any house."""

from __future__ import annotations

import json

import pytest

from tests.engine.drills.common import CASES, ODD_HOUSE, SEEDS, SLUGS, STRICT_HOUSE
from trainer.engine.chips import Payout
from trainer.engine.drills import (
    REGISTRY,
    AnswerField,
    DrillKind,
    Question,
    grade,
    parse_answer,
)
from trainer.engine.errors import EngineError
from trainer.engine.house import DEFAULT_CONFIG

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
    if f.kind == "watch":
        amount = value["amount"]
        whole = (
            {str(s) for s in amount} == set(f.seats)
            if f.seats
            else isinstance(amount, int) and not isinstance(amount, bool)
        )
        named = value["call"] == "right" or value["situation"] in {c for c, _ in f.choices}
        return whole and named and value["call"] in ("right", "wrong")
    if f.kind == "chips":
        pay = Payout.of_json(value)
        return {str(v) for v in pay.chips} <= {c for c, _ in f.choices} and pay.amount == sum(
            v * n for v, n in pay.chips.items()
        )
    return False


def _answer(f: AnswerField, value):
    """The right answer to a field: the expected one, a payout's expected chips, or a watched
    settlement's call (with, for a wrong one, what went wrong and the right settlement)."""
    if f.kind == "watch":
        kept = ("call",) if value["call"] == "right" else ("call", "situation", "amount")
        return {name: value[name] for name in kept}
    return value["chips"] if f.kind == "chips" else value


def _typed(f: AnswerField, value) -> str:
    """The expected answer as a trainee would type it into the form."""
    if f.kind == "seats":
        return ", ".join(value)
    if f.kind == "chips":
        return {v: str(n) for v, n in value["chips"].items()}
    if f.kind == "watch":
        amount = value["amount"]
        typed = {s: str(n) for s, n in amount.items()} if f.seats else str(amount)
        return {"call": value["call"], "situation": value.get("situation", ""), "amount": typed}
    return str(value)


@pytest.mark.slow  # every kind at every level: out of the quick tier
@pytest.mark.parametrize("natural", [False, True], ids=["mix", "natural"])
@pytest.mark.parametrize(("slug", "level"), CASES)
def test_generates_reproducibly_and_regrades_the_same(slug, level, natural):
    kind = REGISTRY[slug]
    seen = set()
    # a watch drill's hands are its source's, dealt again here by its own case
    seeds = range(4) if kind.watches else SEEDS
    for seed in seeds:
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
        right = {f.name: _answer(f, q.expected[f.name]) for f in q.fields}
        assert parse_answer(q.fields, typed) == right
        assert all(grade(q.fields, q.expected, right).values())
        seen.add(json.dumps(q.request, sort_keys=True))
    assert len(seen) == len(seeds), "different seeds should deal different questions"


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
        if f.kind == "watch":  # marked the other way round
            wrong = q.expected[f.name]["call"] == "right"
            answer[f.name] = {"call": "wrong", "situation": f.choices[0][0], "amount": 0}
            answer[f.name] = answer[f.name] if wrong else {"call": "right"}
        marks = grade(q.fields, q.expected, answer)
        assert marks[f.name] is False
        assert all(v for name, v in marks.items() if name != f.name)


@pytest.mark.slow  # every kind at every level: out of the quick tier
@pytest.mark.parametrize("natural", [False, True], ids=["mix", "natural"])
@pytest.mark.parametrize(("slug", "level"), CASES)
def test_a_house_of_its_own_is_respected(slug, level, natural):
    kind = REGISTRY[slug]
    for config in (ODD_HOUSE, STRICT_HOUSE):
        # a watch drill's hands are its source's, whose own case checks their stakes
        for seed in range(1 if kind.watches else 8):
            q = kind.generate(seed, level, config, natural=natural)
            assert kind.answer_for(q.request, level, config) == (q.fields, q.expected, q.steps)
            positions = q.request.get("positions", [q.request])
            if slug == "ms-pay":
                unit = config.paytable("mississippi-stud").stake_unit(config.rules.chip_unit)
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


# --- a stored request that cannot be re-graded -----------------------------------------------

MS = {"hole": "Qh Qs", "board": "2c 7d 9s", "bets": [5, 5, 10, 15]}
BANKED = {"player": "Qh Qs 9d 6c 2h", "dealer": "Jh Jc As 8d 3c", "ante": 5, "action": "call"}


@pytest.mark.parametrize(
    ("slug", "request_"),
    [
        ("hand-five", {}),
        ("hand-five", {"cards": "Qh Qs Qd"}),
        ("ms-pay", {k: v for k, v in MS.items() if k != "bets"}),
        ("ms-pay", {**MS, "hole": "Qh"}),
        ("ms-pay", {**MS, "hole": ["Qh", "Qs"]}),
        ("ms-pay", {"positions": []}),
        ("cs-settle", {k: v for k, v in BANKED.items() if k != "dealer"}),
        ("cs-qualify", {**BANKED, "action": "fold"}),
        ("csp-settle", {**BANKED, "action": "check"}),
        ("cs-ledger", {"rounds": "twenty"}),
        ("cs-ledger", {"rounds": [BANKED] * 3}),
        ("mg-split", {"hands": {"1": "7c 7d", "2": "Ah Ad"}}),
        ("mg-split", {"pot": 10, "hands": "7c 7d"}),
        ("es-bring-in", {"up": {"1": "2c 3d", "2": "Ks"}}),
        ("es-first-to-act", {"street": "fourth", "up": {"1": "2c 3d", "2": "Ks Qs"}}),
        ("es-showdown", {"pot": 10, "hands": {"1": "As Ks Qs", "2": "2c 3c 4c"}}),
    ],
)
def test_a_request_that_cannot_be_regraded_says_why(slug, request_):
    with pytest.raises(EngineError):
        REGISTRY[slug].answer_for(request_, 1, DEFAULT_CONFIG)
