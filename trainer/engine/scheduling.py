"""Spaced repetition of skills with FSRS (the `fsrs` package, the scheduler Anki uses).

A skill is a drill kind and a situation ("ms-pay" / "pair of sixes pushes").  An answer is
rated by `rating`, the product's whole rating policy (docs/rulebook.md, *Practice schedule*):
from whether it was right, its time against the target, whether a guess could answer it, and
the skill's card (a first meeting, learning steps, or in review and already reviewed this
house day).  An answer rated None is no review: it is stored, the card does not move.  A
skill's state is the FSRS card as a JSON-able dict (`review` takes the old one, or None for a
skill never answered, and gives the new one); the Django side stores it per trainee and skill
and stores each answer's grade (`GRADES`), so a card replays from its answers (`replay`).

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

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from functools import cache
from typing import Any

from fsrs import Card, Rating, Scheduler, State

from .errors import EngineError

#: the scheduler's four grades, in FSRS's order: an attempt stores the number FSRS was given
#: (Again = 1 ... Easy = 4), or none for an answer that was not a review
GRADES = {"again": 1, "hard": 2, "good": 3, "easy": 4}
RATINGS = tuple(GRADES)
_RATING = {name: Rating(number) for name, number in GRADES.items()}

#: right in at most this share of the target is "well under" it: Easy, for a skill in review
#: whose question a guess does not answer.  Half is our choice: a dealer at twice the table's
#: pace has the skill cold, and FSRS then spaces the skill out further than for an answer
#: merely at pace ("good")
EASY_SHARE = 0.5

#: the chance of recall FSRS schedules each review for, unless the house sets another
#: (FSRS's and Anki's default): a skill comes due when the model says its chance has fallen
#: to this.  Higher means more reviews a day for fewer slips
DEFAULT_RETENTION = 0.9
#: the range a house may set: FSRS's authors advise 0.7 to 0.97 (below, too much is
#: forgotten between reviews; above, reviews grow steeply for little gain)
MIN_RETENTION = 0.7
MAX_RETENTION = 0.97

#: when a house's practice day starts, unless the house sets another: 04:00 as Anki's, so a
#: trainee practising past midnight is still in the same day
DEFAULT_DAY_STARTS = time(4, 0)


@cache
def scheduler(retention: float = DEFAULT_RETENTION) -> Scheduler:
    """FSRS with its published default parameters and learning steps (1 and 10 minutes),
    relearning step (10 minutes), `retention` desired, and no fuzz (see the module's
    docstring)."""
    if not MIN_RETENTION <= retention <= MAX_RETENTION:
        raise EngineError(
            f"The desired retention must be from {MIN_RETENTION} to {MAX_RETENTION}, not "
            f"{retention}."
        )
    return Scheduler(desired_retention=retention, enable_fuzzing=False)


SCHEDULER = scheduler()

#: the state of a card, in words a trainee reads
STATE_WORDS = {
    State.Learning.value: "learning",
    State.Review.value: "in review",
    State.Relearning.value: "relearning",
}


@dataclass(frozen=True)
class HouseDay:
    """A house's practice day: from `starts` (its own wall clock) in `zone` to the same time
    the next day.  A skill in review is due for the whole house day its due time falls in.

    >>> from zoneinfo import ZoneInfo
    >>> day = HouseDay(ZoneInfo("America/Los_Angeles"))
    >>> day.of(datetime(2026, 1, 6, 10, 30, tzinfo=UTC))  # 02:30 in Los Angeles
    datetime.date(2026, 1, 5)
    >>> day.start_of(datetime(2026, 1, 6, 16, 0, tzinfo=UTC)).isoformat()
    '2026-01-06T04:00:00-08:00'
    """

    zone: tzinfo = UTC
    starts: time = DEFAULT_DAY_STARTS

    def of(self, moment: datetime) -> date:
        """The house day `moment` falls in (named by the date it starts on)."""
        local = _aware(moment).astimezone(self.zone).replace(tzinfo=None)
        return (local - timedelta(hours=self.starts.hour, minutes=self.starts.minute)).date()

    def start(self, day: date) -> datetime:
        """When house day `day` starts."""
        return datetime.combine(day, self.starts, tzinfo=self.zone)

    def start_of(self, moment: datetime) -> datetime:
        """When the house day `moment` falls in started."""
        return self.start(self.of(moment))


def _aware(moment: datetime) -> datetime:
    if moment.tzinfo is None:
        raise EngineError("A review needs a time with its time zone.")
    return moment


def _utc(moment: datetime) -> datetime:
    return _aware(moment).astimezone(UTC)


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


def phase(state: Mapping[str, Any] | None) -> str:
    """Where a skill stands: "new" (never reviewed), "learning", "review" or "relearning"."""
    if not state or state.get("stability") is None:
        return "new"
    return {State.Review.value: "review", State.Relearning.value: "relearning"}.get(
        state["state"], "learning"
    )


def reviewed_on_day(state: Mapping[str, Any] | None, when: datetime, day: HouseDay) -> bool:
    """Whether the skill's last review was on the house day of `when`."""
    last = (state or {}).get("last_review")
    return last is not None and datetime.fromisoformat(last) >= day.start_of(when)


def rating(
    state: Mapping[str, Any] | None,
    *,
    correct: bool,
    response_ms: int,
    target: int | None,
    guessable: bool,
    when: datetime,
    day: HouseDay,
) -> str | None:
    """The grade an answer at `when` gives the skill whose card is `state`, or None when the
    answer is no review (docs/rulebook.md, *Practice schedule*, gives each cell's reason):

    - wrong: "again", whatever the card (in review: a lapse, back to relearning);
    - right to a new skill, or one in learning or relearning: "good", whatever the pace (a
      first meeting is at most a learning step; "hard" would hold it on its step for ever);
    - right to a skill in review already reviewed this house day: None;
    - right to a skill in review: slower than the target "hard", in `EASY_SHARE` of it or less
      "easy" unless a guess could answer it (`drills.guessable`), else "good" (also without a
      target).

    >>> t0 = datetime(2026, 1, 5, 18, 0, tzinfo=UTC)
    >>> day = HouseDay()
    >>> def rate(state, correct=True, ms=1000, guessable=False, when=t0):
    ...     return rating(state, correct=correct, response_ms=ms, target=6000,
    ...                   guessable=guessable, when=when, day=day)
    >>> rate(None, ms=100), rate(None, ms=9000), rate(None, correct=False)
    ('good', 'good', 'again')
    >>> learnt = replay([("good", t0), ("good", t0 + timedelta(minutes=10))])
    >>> phase(learnt), rate(learnt)
    ('review', None)
    >>> later = t0 + timedelta(days=3)
    >>> rate(learnt, when=later), rate(learnt, ms=3000, guessable=True, when=later)
    ('easy', 'good')
    >>> rate(learnt, ms=4200, when=later), rate(learnt, ms=9000, when=later)
    ('good', 'hard')
    """
    if not correct:
        return "again"
    if phase(state) != "review":
        return "good"
    if reviewed_on_day(state, when, day):
        return None
    if target is None:
        return "good"
    if response_ms > target:
        return "hard"
    if response_ms <= target * EASY_SHARE and not guessable:
        return "easy"
    return "good"


def review(
    state: Mapping[str, Any] | None,
    rating: str,
    when: datetime,
    retention: float = DEFAULT_RETENTION,
) -> dict[str, Any]:
    """The state after a review rated `rating` (one of `RATINGS`) at `when`, scheduled for
    `retention`.  The state records the retention its due time was worked out for: FSRS's
    stability and difficulty do not depend on it, only the interval a review gives, so a card
    replays exactly from its grades and times with the retention its last review used."""
    if rating not in _RATING:
        raise EngineError(f"{rating!r} is not a rating; the ratings are {', '.join(RATINGS)}.")
    card, _ = scheduler(retention).review_card(card_of(state), _RATING[rating], _utc(when))
    reps = (state or {}).get("reps", 0) + 1
    lapses = (state or {}).get("lapses", 0)
    if rating == "again" and state and state.get("state") == State.Review.value:
        lapses += 1
    stored = dict(card.to_dict())
    stored.pop("card_id", None)
    stored.update(reps=reps, lapses=lapses, retention=retention)
    return stored


def replay(
    reviews: Iterable[tuple[str | int, datetime]], retention: float = DEFAULT_RETENTION
) -> dict[str, Any] | None:
    """The state a skill's reviews give, each (rating or grade, when) in the order given (None
    for no review at all)."""
    names = {number: name for name, number in GRADES.items()}
    state: dict[str, Any] | None = None
    for graded, when in reviews:
        name = names.get(graded, "") if isinstance(graded, int) else graded
        state = review(state, name, when, retention)
    return state


def retention_of(state: Mapping[str, Any] | None) -> float:
    """The retention a stored card's due time was worked out for (cards stored before houses
    set one: the default)."""
    return float((state or {}).get("retention", DEFAULT_RETENTION))


def due(state: Mapping[str, Any]) -> datetime:
    """When the skill is next due, to the instant FSRS gives."""
    return datetime.fromisoformat(state["due"])


def due_from(state: Mapping[str, Any], day: HouseDay) -> datetime:
    """When the skill is due for practice: a skill in review from the start of the house day
    its due time falls in (a review is due on a day); a skill in learning or relearning at
    its due time (its steps are minutes apart by design).

    >>> t0 = datetime(2026, 1, 5, 18, 30, tzinfo=UTC)
    >>> learnt = replay([("good", t0), ("good", t0 + timedelta(minutes=10))])
    >>> due(learnt).isoformat(), due_from(learnt, HouseDay()).isoformat()
    ('2026-01-07T18:40:00+00:00', '2026-01-07T04:00:00+00:00')
    >>> due_from(review(None, "good", t0), HouseDay()) == due(review(None, "good", t0))
    True
    """
    moment = due(state)
    return day.start_of(moment) if phase(state) == "review" else moment


def stability(state: Mapping[str, Any] | None) -> float | None:
    """FSRS stability in days: how long until recall falls to 90%."""
    return None if not state else state.get("stability")


def retrievability(state: Mapping[str, Any] | None, when: datetime) -> float:
    """The chance, by FSRS's model, that the skill is recalled at `when` (0 if never
    answered)."""
    if not state:
        return 0.0
    return float(SCHEDULER.get_card_retrievability(card_of(state), _utc(when)))
