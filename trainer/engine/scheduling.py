"""Spaced repetition of skills with FSRS (the `fsrs` package, the scheduler Anki uses).

A skill is a drill kind and a situation ("ms-pay" / "pair of sixes pushes").  Every answer is a
review of its skill, rated by `pace.rating` (wrong "again", slow "hard", at pace "good", well
under the target "easy").  A skill's state is the FSRS card as a JSON-able dict (`review`
takes the old one, or None for a skill never answered, and gives the new one); the Django side
stores it per trainee and skill.

The scheduler runs without fuzz: the same answers at the same moments always give the same
state, so a replayed answer can be checked to change nothing, and the simulation tests are
exact.  (Fuzz spreads a big deck's reviews over neighbouring days; a trainee's few hundred
skills do not need it.)

>>> from datetime import datetime, timedelta, timezone
>>> t0 = datetime(2026, 1, 5, 9, 0, tzinfo=timezone.utc)
>>> state = review(None, "again", t0)
>>> due(state) - t0 == timedelta(minutes=1), state["reps"], state["lapses"]
(True, 1, 0)
>>> state = review(state, "good", t0 + timedelta(minutes=1))
>>> state = review(state, "good", t0 + timedelta(minutes=12))
>>> due(state) - (t0 + timedelta(minutes=12)) >= timedelta(days=1)
True
>>> review(state, "again", t0 + timedelta(days=3))["lapses"]
1
>>> later, soon = t0 + timedelta(days=30), t0 + timedelta(days=3)
>>> 0 < retrievability(state, later) < retrievability(state, soon) <= 1
True
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from fsrs import Card, Rating, Scheduler, State

from .errors import EngineError
from .pace import RATINGS

#: FSRS with its published default parameters and learning steps (1 and 10 minutes), 90%
#: desired retention, and no fuzz (see the module's docstring)
SCHEDULER = Scheduler(enable_fuzzing=False)

_RATING = {"again": Rating.Again, "hard": Rating.Hard, "good": Rating.Good, "easy": Rating.Easy}
assert tuple(_RATING) == RATINGS

#: the state of a card, in words a trainee reads
STATE_WORDS = {
    State.Learning.value: "learning",
    State.Review.value: "in review",
    State.Relearning.value: "relearning",
}


def _utc(moment: datetime) -> datetime:
    if moment.tzinfo is None:
        raise EngineError("A review needs a time with its time zone.")
    return moment.astimezone(UTC)


def card_of(state: Mapping[str, Any] | None) -> Card:
    """The FSRS card a stored state holds (a new card, due at once, for None)."""
    if not state:
        return Card(card_id=0, due=datetime(2000, 1, 1, tzinfo=UTC))
    return Card.from_dict(
        {
            "card_id": 0,
            "state": state["state"],
            "step": state["step"],
            "stability": state["stability"],
            "difficulty": state["difficulty"],
            "due": state["due"],
            "last_review": state["last_review"],
        }
    )


def review(state: Mapping[str, Any] | None, rating: str, when: datetime) -> dict[str, Any]:
    """The state after a review rated `rating` (one of `RATINGS`) at `when`."""
    if rating not in _RATING:
        raise EngineError(f"{rating!r} is not a rating; the ratings are {', '.join(RATINGS)}.")
    card, _ = SCHEDULER.review_card(card_of(state), _RATING[rating], _utc(when))
    reps = (state or {}).get("reps", 0) + 1
    lapses = (state or {}).get("lapses", 0)
    if rating == "again" and state and state.get("state") == State.Review.value:
        lapses += 1
    stored = dict(card.to_dict())
    stored.pop("card_id", None)
    stored.update(reps=reps, lapses=lapses)
    return stored


def due(state: Mapping[str, Any]) -> datetime:
    """When the skill is next due."""
    return datetime.fromisoformat(state["due"])


def stability(state: Mapping[str, Any] | None) -> float | None:
    """FSRS stability in days: how long until recall falls to 90%."""
    return None if not state else state.get("stability")


def retrievability(state: Mapping[str, Any] | None, when: datetime) -> float:
    """The chance, by FSRS's model, that the skill is recalled at `when` (0 if never
    answered)."""
    if not state:
        return 0.0
    return float(SCHEDULER.get_card_retrievability(card_of(state), _utc(when)))
