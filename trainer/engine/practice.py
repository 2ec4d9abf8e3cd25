"""Today's practice, picked: which skill a trainee is dealt next.

A skill is a drill kind and a situation ("ms-pay", "pair of 6-10 pushes"); its card is the
scheduler's state after the trainee's last review of it (`scheduling`), read here only for
when it is due for practice (`scheduling.due_from`: a skill in review from the start of its
house day, one in learning or relearning at its step's minute).  `pick` is the whole rule,
with no clock and no database, so the Django side (`trainer.drills.practice.today`) and the
simulation test deal through the same code:

1. skills due (due at or before now), most overdue first;
2. mixed with new skills (no card yet), in the order `skills` lists them: while skills are
   due every `NEW_EVERY`-th question of a session is a new one; with none due only new ones;
   never more than `NEW_PER_DAY` met in a day;
3. with nothing due and no new skill left today, a skill coming due within `LEARN_AHEAD`
   (a learning step of a few minutes), soonest first; else nothing: the session is finished.

The same skill is never dealt twice in a row while there is any other skill to deal.

>>> from datetime import datetime, timedelta, timezone
>>> now = datetime(2026, 1, 5, 18, 0, tzinfo=timezone.utc)
>>> A, B, C = ("ms-pay", "straight wins"), ("ms-pay", "pair of 6-10 pushes"), ("ms-pay", "hog")
>>> standing = Standing(
...     skills=(A, B, C),
...     cards={A: now - timedelta(hours=1), B: now - timedelta(days=2)},
...     met_today=0,
... )
>>> pick(standing, now, dealt=0, last=None)  # the most overdue first
('ms-pay', 'pair of 6-10 pushes')
>>> pick(standing, now, dealt=0, last=B)  # not twice in a row
('ms-pay', 'straight wins')
>>> pick(standing, now, dealt=NEW_EVERY - 1, last=None)  # the fourth question: a new skill
('ms-pay', 'hog')
>>> met = Standing(skills=(A, B, C), cards={A: now + timedelta(days=3)}, met_today=NEW_PER_DAY)
>>> print(pick(met, now, dealt=0, last=None))  # nothing due, today's new skills all met
None
>>> figures = outlook(met, now)
>>> figures.due, figures.new, figures.next_due - now, figures.ready
(0, 0, datetime.timedelta(days=3), False)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

#: (drill kind's slug, situation)
Skill = tuple[str, str]

#: new skills a trainee meets in a day, at most.  Anki's default "New cards/day" is 20, and the
#: reason carries over: each new skill brings its own reviews in the following days (a few in
#: its first week under FSRS), so 20 new a day settles at well under a hundred reviews a day,
#: a half-hour's practice at a few seconds a question.  Every drill's full list of situations
#: is met within a few days.
NEW_PER_DAY = 20

#: while skills are due, one question in this many is a new skill (the fourth, eighth, ...):
#: reviews keep what is already learnt, a steady trickle of new skills keeps the practice
#: moving, and a trainee with a backlog still meets something new every minute or so
NEW_EVERY = 4

#: with nothing else to deal, a skill coming due within this long is dealt early.  FSRS's
#: learning steps are 1 and 10 minutes (`scheduling.SCHEDULER`): without this a trainee who
#: just missed a skill would be told to come back in a minute.  Anki's "learn ahead limit"
#: default is the same 20 minutes.  Beyond it the session finishes rather than practising
#: ahead: a skill reviewed days early gains little stability (FSRS's gain grows with how
#: much was forgotten), so those minutes are better spent tomorrow.
LEARN_AHEAD = timedelta(minutes=20)


@dataclass(frozen=True)
class Standing:
    """What the picker reads of one trainee at one moment.

    `skills`: every skill the trainee practises, in the order new ones are met.
    `cards`: when each scheduled skill is due for practice (`scheduling.due_from`; skills
    not in `skills` are ignored).
    `met_today`: how many skills the trainee met for the first time today.
    `leading`: scheduled skills to deal first, due or not (a certification's skills whose
    recall is predicted to fade: trainer.certification.risk), each at most once a day."""

    skills: tuple[Skill, ...]
    cards: Mapping[Skill, datetime]
    met_today: int = 0
    leading: frozenset[Skill] = frozenset()


@dataclass(frozen=True)
class Outlook:
    """Today's practice in figures: skills due now, new skills left to meet today, when the
    next skill (not yet due) comes due, and whether a session would deal anything now."""

    due: int
    new: int
    next_due: datetime | None
    ready: bool


def interleaved(per_kind: Iterable[tuple[str, Sequence[str]]]) -> tuple[Skill, ...]:
    """Every kind's situations, taken in turn across kinds (each kind's first, then each
    kind's second, ...): the order new skills are met, so a day's new skills span the drills
    instead of exhausting the first one.

    >>> interleaved([("a", ["1", "2", "3"]), ("b", ["x"])])
    (('a', '1'), ('b', 'x'), ('a', '2'), ('a', '3'))
    """
    lists = [[(kind, s) for s in situations] for kind, situations in per_kind]
    longest = max((len(skills) for skills in lists), default=0)
    return tuple(skills[i] for i in range(longest) for skills in lists if i < len(skills))


def _scheduled(standing: Standing) -> dict[Skill, datetime]:
    listed = set(standing.skills)
    return {skill: due for skill, due in standing.cards.items() if skill in listed}


def due_now(standing: Standing, now: datetime) -> list[Skill]:
    """The skills due at `now`, most overdue first (ties by name, for a stable deal)."""
    cards = _scheduled(standing)
    return sorted((s for s, due in cards.items() if due <= now), key=lambda s: (cards[s], s))


def new_today(standing: Standing) -> list[Skill]:
    """The new skills the trainee may still meet today, in the order they are met."""
    left = max(0, NEW_PER_DAY - standing.met_today)
    return [s for s in standing.skills if s not in standing.cards][:left]


def coming_soon(standing: Standing, now: datetime) -> list[Skill]:
    """The skills coming due within `LEARN_AHEAD` of `now`, soonest first."""
    cards = _scheduled(standing)
    return sorted(
        (s for s, due in cards.items() if now < due <= now + LEARN_AHEAD),
        key=lambda s: (cards[s], s),
    )


def candidates(standing: Standing, now: datetime, *, dealt: int) -> list[Skill]:
    """Every skill a session could deal now, best first; `dealt` is how many questions the
    session has dealt so far (its every `NEW_EVERY`-th is a new skill's turn)."""
    cards = _scheduled(standing)
    lead = sorted((s for s in standing.leading if s in cards), key=lambda s: (cards[s], s))
    due = [s for s in due_now(standing, now) if s not in standing.leading]
    new = new_today(standing)
    new_turn = not (lead or due) or dealt % NEW_EVERY == NEW_EVERY - 1
    first = new + lead + due if new_turn else lead + due + new
    return first + [s for s in coming_soon(standing, now) if s not in standing.leading]


def pick(standing: Standing, now: datetime, *, dealt: int, last: Skill | None) -> Skill | None:
    """The skill to deal next (None: nothing left to deal now), never `last` (the skill the
    session dealt last) while there is any other."""
    order = candidates(standing, now, dealt=dealt)
    for skill in order:
        if skill != last:
            return skill
    return order[0] if order else None


def outlook(standing: Standing, now: datetime) -> Outlook:
    """Today's practice for `standing` at `now`, in figures."""
    cards = _scheduled(standing)
    later = [due for due in cards.values() if due > now]
    return Outlook(
        due=len(set(due_now(standing, now)) | (standing.leading & cards.keys())),
        new=len(new_today(standing)),
        next_due=min(later, default=None),
        ready=bool(candidates(standing, now, dealt=0)),
    )
