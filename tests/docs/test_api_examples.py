"""docs/api.md cannot drift from the engine.

Every ```json request block of the reference is ruled by the engine and must give exactly the
```json response block after it (whatever section it is in: a section added later is checked
the same way), and every field a ruling gives, over the documented examples and a fixed,
broad set of generated requests, must be listed in one of the reference's field tables."""

from __future__ import annotations

import pytest

from trainer.engine import Deck, HouseConfig, HouseRules, rule
from trainer.engine.cards import format_cards
from trainer.engine.catalog import GAMES

from .markdown import example_pairs, table_rows

API = "api.md"
PAIRS = example_pairs(API)


def test_the_reference_has_examples_for_every_game():
    games = {request.get("game") for request, _, _ in PAIRS}
    assert set(GAMES) <= games


@pytest.mark.parametrize(
    ("request_", "response"),
    [(req, resp) for req, resp, _ in PAIRS],
    ids=[f"line-{line}" for _, _, line in PAIRS],
)
def test_documented_example_gives_the_documented_response(request_, response):
    assert rule(request_) == response


# --- every response field is documented ------------------------------------------------------


def documented_fields() -> set[str]:
    """The names in backticks in the first cell of the reference's tables."""
    return {
        row[0].strip("`")
        for row in table_rows(API)
        if row and row[0].startswith("`") and row[0].endswith("`")
    }


def keys_of(value, into: set[str]) -> set[str]:
    """Every key of `value`, however nested, except seats (a map of seat -> ... is a field
    whose keys are data, like `shares`)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if not key.isdigit():
                into.add(key)
            keys_of(item, into)
    elif isinstance(value, list):
        for item in value:
            keys_of(item, into)
    return into


#: a house whose caps and call multiple differ from the defaults, so capped rulings are in
#: the sample too (the caps are small so that most wins reach them)
CAPPED = HouseConfig(rules=HouseRules(mississippi_payout_cap=5, call_payout_cap=5, call_multiple=3))


def capped_house(slug: str) -> HouseConfig:
    return CAPPED


def generated_requests(seed: int) -> list[dict]:
    """One request of each kind, each dealt from a deck shuffled by `seed` (fixed seeds: the
    same sample every run)."""
    deck = Deck(seed)

    def cards(n: int) -> str:
        return format_cards(deck.deal(n))

    def fresh() -> None:
        nonlocal deck
        deck = Deck(seed)

    bets = [[2], [2, 2], [2, 4, 6], [2, 2, 4, 6], [1, 3, 3, 3]][seed % 5]
    seats = [str(s) for s in range(1, 2 + seed % 5)]  # 1 to 5 seats
    house = {"house": "capped"} if seed % 2 else {}
    requests = [
        {"game": "mississippi-stud", "hole": cards(2), "board": cards(3), "bets": bets},
        {"game": "mississippi-gonorrhea", "pot": 7 + seed, "hands": {s: cards(2) for s in seats}},
    ]
    for game in ("caribbean-stud", "casino-stud"):
        fresh()
        requests.append(
            {
                "game": game,
                "player": cards(5),
                "dealer": cards(5),
                "ante": 1 + seed % 3,
                "action": "fold" if seed % 7 == 0 else "call",
            }
        )
    two = seats if len(seats) > 1 else ["1", "2"]
    street = 3 + seed % 5
    up_count = {3: 1, 4: 2, 5: 3, 6: 4, 7: 4}[street]
    fresh()
    requests += [
        {"game": "english-stud", "ask": "bring-in", "up": {s: cards(1) for s in two}},
        {
            "game": "english-stud",
            "ask": "first-to-act",
            "street": street,
            "up": {s: cards(up_count) for s in two},
        },
    ]
    fresh()
    requests += [
        {
            "game": "english-stud",
            "ask": "showdown",
            "pot": 10 + seed,
            "hands": {s: cards(7) for s in two[:3]},
        },
        # refused: a duplicate card, so that error responses are in the sample
        {"game": "english-stud", "id": seed, "ask": "bring-in", "up": {"1": "2c", "2": "2c"}},
    ]
    return [{**r, **house} for r in requests]


SEEDS = range(300)


def sample_responses() -> list[dict]:
    responses = [resp for _, resp, _ in PAIRS]
    for seed in SEEDS:
        for request in generated_requests(seed):
            responses.append(rule(request, resolve_house=capped_house))
    return responses


def test_the_sample_is_broad():
    # every game and every outcome of the paying games, so the field check below sees them all
    responses = sample_responses()
    assert not [r for r in responses if "error" in r and r.get("id") is None and "game" not in r]
    seen = {(r.get("game"), r.get("outcome")) for r in responses if "error" not in r}
    for outcome in ("win", "push", "lose", "fold"):
        assert ("mississippi-stud", outcome) in seen
    for game in ("caribbean-stud", "casino-stud"):
        for outcome in ("win", "lose", "fold", "no-qualify"):
            assert (game, outcome) in seen
    assert {r.get("game") for r in responses} >= set(GAMES)
    assert any("error" in r for r in responses)


def test_every_response_field_is_in_the_reference():
    fields = set()
    for response in sample_responses():
        keys_of(response, fields)
    missing = fields - documented_fields()
    assert not missing, f"docs/api.md does not describe these response fields: {sorted(missing)}"


def test_an_undocumented_field_would_be_found():
    # the check above can fail: a field no table lists is caught
    assert "house_edge" not in documented_fields()
    assert keys_of({"house_edge": 1, "shares": {"1": 2}}, set()) == {"house_edge", "shares"}
