"""Dealing the round: every game's procedure, from the games registry, checked on
seeded random rounds against the rulings for the same hands.

- a round always ends, and deals and plays again the same from its seed;
- every step's right answer agrees with the ruling of the hand it settles;
- the chips the steps take and pay come to the rulings' nets (banked games) or to the pot's
  shares (pot games);
- every step, judged with its own right answer, is right, and stored as JSON reads back the
  same; an answer at the wrong place names a slip.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from dataclasses import replace

import pytest

from tests.engine.drills.common import ODD_HOUSE, STRICT_HOUSE
from trainer.engine.catalog import GAMES, round_games
from trainer.engine.chips import Payout
from trainer.engine.drills import REGISTRY
from trainer.engine.errors import EngineError
from trainer.engine.games.banked_stud import round as banked_round
from trainer.engine.games.english_stud import round as es_round
from trainer.engine.games.english_stud import rules as es
from trainer.engine.games.mississippi_gonorrhea import round as mg_round
from trainer.engine.games.mississippi_stud import round as ms_round
from trainer.engine.house import DEFAULT_CONFIG
from trainer.engine.kit.rounds import settled_right_out_of_order, step_at
from trainer.engine.rounds import DEALER, MAX_STEPS, WHERE, Setting, Step, advance, play
from trainer.engine.rulings import rule_game

GAMES_WITH_ROUNDS = [g.slug for g in round_games()]
#: seeds per game, level and house: a few dozen rounds of each game in all, cheap enough for
#: the quick tier (each round is a handful of hands ruled)
SEEDS = range(4)
HOUSES = {"source texts": DEFAULT_CONFIG, "odd house": ODD_HOUSE, "strict house": STRICT_HOUSE}


def test_every_game_deals_a_round():
    assert list(GAMES) == GAMES_WITH_ROUNDS
    for slug in GAMES_WITH_ROUNDS:
        assert GAMES[slug].round_procedure().game == slug


def _players(slug: str, seed: int) -> int:
    low, high = GAMES[slug].round_procedure().players
    return low + seed % (high - low + 1)


def _rounds(slug: str, config, *, in_chips: bool = False):
    procedure = GAMES[slug].round_procedure()
    for level in (1, 2, 3):
        for seed in SEEDS:
            setting = Setting(slug, level, _players(slug, seed + level), in_chips)
            dealt = procedure.deal(seed, setting, config)
            yield setting, dealt, play(procedure, dealt, setting, config)


def _amount(value, taken: int) -> int:
    """An expected amount, asked plainly or in chips (where a bet taken builds no chips: then
    `taken`, what the plain amount is, stands for it)."""
    if not isinstance(value, dict):
        return value
    pay = Payout.of_json(value)
    return taken if pay.rule == "taken" else pay.amount


def _answer(step: Step) -> dict:
    """The right answer as a trainee gives it (chips as counts)."""
    return {
        f.name: step.expected[f.name]["chips"] if f.kind == "chips" else step.expected[f.name]
        for f in step.fields
    }


@pytest.mark.slow  # every game's rounds at every level: out of the quick tier
@pytest.mark.parametrize("house", HOUSES)
@pytest.mark.parametrize("slug", GAMES_WITH_ROUNDS)
def test_a_round_ends_replays_and_judges_its_own_answers_right(slug, house):
    config = HOUSES[house]
    procedure = GAMES[slug].round_procedure()
    for setting, dealt, steps in _rounds(slug, config, in_chips=house == "odd house"):
        assert 1 <= len(steps) <= MAX_STEPS
        assert [s.number for s in steps] == list(range(1, len(steps) + 1))
        # the same seed deals the same round, and a JSON round trip plays it the same
        assert json.loads(json.dumps(dealt)) == dealt
        assert play(procedure, json.loads(json.dumps(dealt)), setting, config) == steps
        for step in steps:
            assert step.kind in REGISTRY and REGISTRY[step.kind].game == slug
            assert step.situation in REGISTRY[step.kind].situations(config), step.situation
            assert [f.name for f in step.fields] == list(step.expected)
            assert Step.of_json(json.loads(json.dumps(step.as_json()))) == step
            verdict = procedure.judge(step, _answer(step))
            assert verdict.right and not verdict.slips, (step.prompt, verdict)
            if step.where is not None:
                assert step.fields[0].name == WHERE and step.expected[WHERE] == step.where
                assert step.pending[0] == step.where


def _wrong(step: Step) -> dict:
    """An answer wrong in every field it can be (another choice, another amount)."""
    out = {}
    for f in step.fields:
        right = step.expected[f.name]
        if f.kind in ("amount", "signed"):
            out[f.name] = right + 1
        elif f.kind == "chips":
            out[f.name] = {f.choices[0][0]: 1 + right["chips"].get(f.choices[0][0], 0)}
        elif f.kind == "seats":
            out[f.name] = [c for c, _ in f.choices if [c] != right][:1]
        else:
            out[f.name] = next((c for c, _ in f.choices if c != right), right)
    return out


@pytest.mark.parametrize("slug", GAMES_WITH_ROUNDS)
def test_a_round_answered_all_wrong_goes_on_as_the_right_answers_would(slug):
    """Whatever is answered, the state after a step is the state after its right answer: a
    round answered wrong at every step deals the same steps as one answered right."""
    procedure = GAMES[slug].round_procedure()
    for setting, dealt, steps in _rounds(slug, DEFAULT_CONFIG):
        state = procedure.start(dealt, setting, DEFAULT_CONFIG)
        for right in steps:
            step, verdict, state = advance(procedure, state, _wrong(right))
            assert step.expected == right.expected and step.table == right.table
            assert not verdict.right and verdict.slips, step.prompt
        assert procedure.next_step(state) is None
        with pytest.raises(EngineError, match="The round is over"):
            advance(procedure, state, {})


def _ruled(slug: str, request: dict, config) -> dict:
    return rule_game(slug, {k: v for k, v in request.items() if k != "seat"}, config)


@pytest.mark.parametrize("house", HOUSES)
@pytest.mark.parametrize("slug", ["mississippi-stud", "caribbean-stud", "casino-stud"])
def test_banked_steps_agree_with_the_rulings_and_the_money_balances_to_their_nets(slug, house):
    config = HOUSES[house]
    for _, dealt, steps in _rounds(slug, config, in_chips=house == "strict house"):
        moved: dict[str, int] = defaultdict(int)
        settled_order = []
        for step in steps:
            for move in step.moves:
                moved[move.seat] += move.amount
            if step.phase == "qualify":
                ruling = _ruled(slug, step.request, config)
                assert step.expected["qualifies"] == ("yes" if ruling["dealer_qualifies"] else "no")
                continue
            ruling = _ruled(slug, step.request, config)
            settled_order.append(step.where)
            if slug == "mississippi-stud":
                assert step.expected["outcome"] == ruling["outcome"]
                paid = ruling["profit"] if ruling["outcome"] == "win" else -ruling["net"]
                assert _amount(step.expected["amount"], -ruling["net"]) == paid
            else:
                assert step.expected["net"] == ruling["net"]
                for bet, settled in ruling["bets"].items():
                    assert step.expected[f"{bet}.result"] == settled["result"]
                    paid = settled["profit"] if settled["result"] == "win" else settled["stake"]
                    paid = 0 if settled["result"] == "push" else paid
                    assert _amount(step.expected[f"{bet}.amount"], settled["stake"]) == paid
        requests = (
            ms_round.seat_requests(dealt)
            if slug == "mississippi-stud"
            else banked_round.seat_requests(slug, dealt)
        )
        nets = {seat: _ruled(slug, r, config)["net"] for seat, r in requests.items()}
        assert dict(moved) == nets
        assert sorted(settled_order, key=int) == sorted(requests, key=int)  # each seat once


@pytest.mark.parametrize("house", HOUSES)
@pytest.mark.parametrize("slug", ["mississippi-gonorrhea", "english-stud"])
def test_pot_steps_agree_with_the_rulings_and_the_pushes_come_to_the_pot(slug, house):
    config = HOUSES[house]
    for _, dealt, steps in _rounds(slug, config, in_chips=house == "odd house"):
        module = mg_round if slug == "mississippi-gonorrhea" else es_round
        request = module.showdown_request(dealt)
        ruling = rule_game(slug, request, config)
        pushed: dict[str, int] = defaultdict(int)
        offers: dict[int, list[str]] = defaultdict(list)
        for step in steps:
            for move in step.moves:
                pushed[move.seat] += move.amount
            if step.phase == "showdown":
                assert step.expected["showdown"] == ("hog" if ruling["hog"] else "split")
            elif step.phase == "winners" and slug == "mississippi-gonorrhea":
                if ruling["hog"]:
                    assert step.expected == {"hog": ruling["hog"]}
                else:
                    assert step.expected == {"high": ruling["high"], "low": ruling["low"]}
            elif step.phase == "winners":
                assert step.expected == {"winners": ruling["winners"]}
            elif step.phase == "odd":
                assert step.expected["odd"] == config.rules.split_pot_odd_chip
            elif step.phase == "push":
                assert _amount(step.expected["amount"], -1) == ruling["shares"][step.where]
            elif step.phase in ("bring-in", "first"):
                assert step.expected["seat"] == rule_game(slug, step.request, config)["seat"]
            elif step.phase == "offer":
                offers[step.request["street"]].append(step.expected["seat"])
        assert sum(pushed.values()) == dealt["pot"]
        assert dict(pushed) == {s: n for s, n in ruling["shares"].items() if n}
        for record in dealt.get("streets", ()):
            # the offers go to each player still in, in seat order, as the hand played them
            if record["offers"]:
                assert offers[record["street"]] == [o["seat"] for o in record["offers"]]


# --- slips, named in the rule's words ----------------------------------------------------------


def _steps(slug: str, seed: int, players: int, level: int = 1, config=DEFAULT_CONFIG):
    setting = Setting(slug, level, players)
    procedure = GAMES[slug].round_procedure()
    return procedure, play(procedure, procedure.deal(seed, setting, config), setting, config)


def _first(steps, phase: str, where: bool = True) -> Step:
    return next(s for s in steps if s.phase == phase and (not where or len(s.pending) > 1))


def _find(slug: str, players: int, test) -> tuple:
    for seed in range(200):
        procedure, steps = _steps(slug, seed, players)
        for step in steps:
            if test(step):
                return procedure, step
    raise AssertionError("no such step in 200 rounds")


def test_settling_out_of_order_is_named_and_the_right_seat_given():
    procedure, step = _find(
        "caribbean-stud", 5, lambda s: s.phase == "settle" and len(s.pending) > 1
    )
    answer = {**_answer(step), WHERE: step.pending[1]}
    verdict = procedure.judge(step, answer)
    assert not verdict.right and not verdict.marks[WHERE]
    slip = verdict.slips[0]
    assert slip.startswith("Settling out of order: the layout is worked from the dealer's right")
    assert f"seat {step.where} comes before seat {step.pending[1]}" in slip


def _settles(step: Step, place: str) -> dict:
    """The right settlement of `place` (one the step leaves pending), acting on it."""
    return {**_answer(step_at(step, place)), WHERE: place}


@pytest.mark.parametrize("slug", ["mississippi-stud", "caribbean-stud"])
def test_a_seat_settled_out_of_order_is_graded_against_its_own_settlement(slug):
    """Acting on a later seat first: the order is the slip, and the settlement given is that
    seat's: right there, only the order is marked wrong (out of order; paid right)."""
    procedure, step = _find(
        slug,
        5,
        lambda s: (
            s.phase == "settle"
            and len(s.pending) > 1
            and s.elsewhere[s.pending[-1]]["expected"]
            != {k: v for k, v in s.expected.items() if k != WHERE}
        ),
    )
    later = step.pending[-1]
    verdict = procedure.judge(step, _settles(step, later))
    (slip,) = verdict.slips
    assert not verdict.right
    assert slip.startswith("Settling out of order")
    assert verdict.marks[WHERE] is False
    assert all(right for name, right in verdict.marks.items() if name != WHERE)
    assert settled_right_out_of_order(verdict.marks)
    # the right seat's settlement given at the later seat: wrong for the seat acted on
    wrong = procedure.judge(step, {**_answer(step), WHERE: later})
    assert not settled_right_out_of_order(wrong.marks) and wrong.slips[0] == slip
    assert len(wrong.slips) == 2 or slug != "mississippi-stud"  # and the result it broke
    # a step stored before the other seats' settlements were kept grades as it did
    old = replace(step, elsewhere={})
    assert Step.of_json({**step.as_json(), "elsewhere": {}}) == old
    assert procedure.judge(old, _settles(step, later)).slips == (slip,)


def test_paying_before_the_qualification_is_known_is_named():
    procedure, step = _find("casino-stud", 4, lambda s: s.phase == "qualify")
    seat = step.fields[0].choices[1][0]
    verdict = procedure.judge(step, {**_answer(step), WHERE: seat})
    assert verdict.slips[0].startswith("Paying before the dealer's qualification is known")


def test_taking_a_winning_bet_is_named():
    procedure, step = _find(
        "mississippi-stud", 4, lambda s: s.phase == "settle" and s.expected["outcome"] == "win"
    )
    verdict = procedure.judge(step, {**_answer(step), "outcome": "lose"})
    assert verdict.slips == (
        "Taking a winning bet: the hand wins; a winning bet is paid at its odds and its stake "
        "returned, never taken.",
    )


def test_paying_a_folded_hand_is_named_at_the_fold_and_after_its_bets_are_taken():
    procedure, step = _find("mississippi-stud", 6, lambda s: s.phase == "take")
    verdict = procedure.judge(step, {**_answer(step), "outcome": "win"})
    assert verdict.slips[0].startswith("Paying a folded hand: the hand folded")
    procedure, later = _find(
        "mississippi-stud", 6, lambda s: s.phase == "settle" and any(f in s.done for f in s.folded)
    )
    gone = next(f for f in later.folded if f in later.done)
    verdict = procedure.judge(later, {**_answer(later), WHERE: gone, "outcome": "win"})
    assert verdict.slips == (
        f"Paying a folded hand: seat {gone} folded and its bets are taken already.",
    )


def test_the_call_paid_when_the_dealer_does_not_qualify_is_named():
    procedure, step = _find(
        "caribbean-stud",
        5,
        lambda s: s.phase == "settle" and s.facts.get("qualifies") is False,
    )
    verdict = procedure.judge(step, {**_answer(step), "call.result": "win"})
    assert verdict.slips[0].startswith("Paying the Call when the dealer does not qualify")


def test_taking_a_live_hand_at_the_folds_is_named():
    procedure, step = _find("caribbean-stud", 6, lambda s: s.phase == "take" and len(s.folded) < 6)
    live = next(c for c, _ in step.fields[0].choices if c not in step.folded and c != DEALER)
    verdict = procedure.judge(step, {**_answer(step), WHERE: live})
    assert verdict.slips[0].startswith(f"Taking a live hand's bets: seat {live} did not fold")


def test_a_hog_split_and_an_exchange_offered_to_a_folded_seat_are_named():
    procedure, step = _find("mississippi-gonorrhea", 5, lambda s: s.phase == "showdown")
    wrong = "split" if step.expected["showdown"] == "hog" else "hog"
    (slip,) = procedure.judge(step, {"showdown": wrong}).slips
    assert "seven" in slip
    procedure, step = _find("english-stud", 6, lambda s: s.phase == "offer" and s.request["folded"])
    folded = step.request["folded"][0]
    (slip,) = procedure.judge(step, {"seat": folded}).slips
    assert slip.startswith(f"Offering the exchange to a folded hand: seat {folded} is out")


def _shown(step: Step) -> dict[str, str]:
    return {str(p["seat"]): p["hole"] for p in step.table["positions"]}


def test_each_step_shows_the_up_cards_as_the_exchanges_before_it_left_them():
    """Seed 0 at three players: seat 1 exchanges its up 3d for the 2c after 5th Street; the
    next offers show the 2c (the exchange), and seat 1's seat empty once it folds."""
    setting = Setting("english-stud", 1, 3)
    dealt = es_round.PROCEDURE.deal(0, setting, DEFAULT_CONFIG)
    steps = play(es_round.PROCEDURE, dealt, setting, DEFAULT_CONFIG)
    seat_1 = [(s.number, s.phase, _shown(s)["1"]) for s in steps[3:9]]
    assert seat_1 == [
        (4, "first", "3d Js 5s"),
        (5, "offer", "3d Js 5s"),
        (6, "offer", "2c Js 5s"),
        (7, "offer", "2c Js 5s"),
        (8, "first", "2c Js 5s 6s"),
        (9, "offer", ""),
    ]
    assert _shown(steps[9])["2"] == "2d Td 2h 5d"  # seat 2's 4d exchanged after 6th Street
    assert steps[9].request["up"]["2"] == "2d Td 2h 5d"


EXCHANGED_UP = re.compile(r"seat (\d) exchanges the exposed (\S+) for (\S+), face up")
SUITS = str.maketrans("\u2663\u2666\u2665\u2660", "cdhs")


@pytest.mark.parametrize("players", [3, 6])
def test_every_step_after_an_up_card_exchange_shows_the_card_it_took(players):
    """Read from the table's own lines: once a seat exchanges an up card, every later step up
    to the showdown shows the new card, never the one given up (a folded seat, nothing)."""
    setting = Setting("english-stud", 1, players)
    seen = 0
    for seed in range(8):
        dealt = es_round.PROCEDURE.deal(seed, setting, DEFAULT_CONFIG)
        swapped: dict[str, tuple[str, str]] = {}
        for step in play(es_round.PROCEDURE, dealt, setting, DEFAULT_CONFIG):
            for line in step.events:
                if m := EXCHANGED_UP.search(line.translate(SUITS)):
                    swapped[m[1]] = (m[2], m[3])
            if step.phase not in ("first", "offer"):
                continue
            for seat, cards in _shown(step).items():
                if seat in swapped and cards:
                    given, taken = swapped[seat]
                    assert taken in cards.split() and given not in cards.split(), (seed, step)
                    seen += 1
    assert seen  # the seeds hold such exchanges


@pytest.mark.parametrize(
    ("slug", "seeds"), [("english-stud", [230]), ("mississippi-gonorrhea", range(6))]
)
def test_each_push_shows_the_pot_less_the_shares_pushed_before_it(slug, seeds):
    """A split pot (English Stud seed 230 at four players is one): the second push's table
    shows what the first left in the pot."""
    split = 0
    for seed in seeds:
        procedure, steps = _steps(slug, seed, 4)
        pushes = [s for s in steps if s.phase == "push"]
        paid = 0
        for step in pushes:
            assert step.table.get("pot_left", step.table["pot"]) == step.table["pot"] - paid
            paid += step.moves[0].amount
        split += len(pushes) > 1
    assert split


def test_the_exchange_goes_round_in_seat_order():
    decision = es.exchange_offer(["1", "3", "5", "6"], {"3"}, {"1"}, 6)
    assert decision.seat == "5"


def test_a_setting_the_game_cannot_deal_is_refused_in_words():
    procedure = GAMES["english-stud"].round_procedure()
    with pytest.raises(EngineError, match="2 to 6 players"):
        procedure.deal(1, Setting("english-stud", 1, 7), DEFAULT_CONFIG)
    with pytest.raises(EngineError, match="level 1, 2 or 3"):
        procedure.deal(1, Setting("english-stud", 4, 3), DEFAULT_CONFIG)


def test_the_steps_of_a_drill_kind_tell_the_situation_the_drill_deals():
    """A step's skill is its drill's own situation for the hand (`situation_of`): checked
    here against the drills' own deals, one hand each."""
    for slug in (
        "ms-pay",
        "cs-qualify",
        "cs-settle",
        "mg-split",
        "es-bring-in",
        "es-first-to-act",
        "es-showdown",
        "es-exchange",
    ):
        kind = REGISTRY[slug]
        for seed in range(6):
            q = kind.generate(seed, 1, DEFAULT_CONFIG)
            assert kind.situation_of(q.request, 1, DEFAULT_CONFIG) == q.situation, (slug, seed)
