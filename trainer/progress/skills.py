"""Figures per skill (a drill kind in one situation) for one trainee: practice accuracy, median
time against the pace target, and the scheduler's view (strength now, stability, when due).

A trainee's skills are every situation each drill kind lists under their house's rules
(`DrillKind.situations`), with any other situation they have answered, in the games they are
enrolled in (`trainer.drills.practice.enrolment.enrolled_games`).  A listed skill they have never
answered is "not yet practised".

Figures count practice answers only (`Attempt.objects.practice()`).  Time against target
counts only the answers that recorded a target (`Attempt.target_ms`): answers from before pace
targets were kept have none and are left out of the pace figures, not counted as slow or fast.

Queries are few whatever the number of skills and answers: the enrolments, the house's setup
(cached), one fetch of the trainee's practice answers (kind, situation, right, time, target)
and one of their skill cards.
"""

from __future__ import annotations

import datetime as dt
import math
import statistics
from collections import defaultdict
from dataclasses import dataclass, field

from django.utils import timezone
from django.utils.translation import gettext, gettext_noop, ngettext
from fsrs import State

from trainer.drills.access import may_take
from trainer.drills.models import Attempt
from trainer.drills.practice.enrolment import enrolled_games
from trainer.drills.practice.models import SkillCard
from trainer.drills.practice.services import house_day
from trainer.engine import pace, scheduling
from trainer.engine.drills import REGISTRY
from trainer.engine.errors import EngineError
from trainer.engine.house import DEFAULT_CONFIG, HouseConfig
from trainer.houses.config import house_setup


@dataclass(frozen=True)
class Strength:
    """A band of the scheduler's chance of recall, as a page shows it: in words, a symbol
    and a colour (`key` is its CSS class), so that colour is never the only signal."""

    key: str
    #: its words and what they mean, in English: said in the reader's language by `words`
    #: and `meaning` (the bands are made once, with the module)
    name: str
    symbol: str
    explained: str
    values: tuple[tuple[str, str], ...] = ()

    @property
    def words(self) -> str:
        return gettext(self.name)

    @property
    def meaning(self) -> str:
        return (
            gettext(self.explained) % dict(self.values) if self.values else gettext(self.explained)
        )


#: strong from the retention the scheduler aims for by default (FSRS schedules a skill's next
#: review for when its chance of recall falls to it): a strong skill is not due yet.  A house
#: may aim for another (`House.desired_retention`); the bands stay put, one legend for all
STRONG_FROM = scheduling.DEFAULT_RETENTION
#: under this a skill is weak: about a week overdue for a skill held a few days (a judgement,
#: not FSRS's; the band between is "fading")
WEAK_UNDER = 0.7


STRONG = Strength(
    "strong",
    gettext_noop("strong"),
    "▮▮▮",
    gettext_noop("%(strong)s or more likely recalled now, and past its first steps"),
    (("strong", f"{STRONG_FROM:.0%}"),),
)
FADING = Strength(
    "fading",
    gettext_noop("fading"),
    "▮▮▯",
    gettext_noop("%(weak)s to %(strong)s likely recalled now, or still being learnt"),
    (("weak", f"{WEAK_UNDER:.0%}"), ("strong", f"{STRONG_FROM:.0%}")),
)
WEAK = Strength(
    "weak",
    gettext_noop("weak"),
    "▮▯▯",
    gettext_noop("under %(weak)s likely recalled now"),
    (("weak", f"{WEAK_UNDER:.0%}"),),
)
#: a skill answered in practice but still in its first steps: too soon to say how well it is
#: held (the model's chance of recall, near 1 a minute after any answer, says nothing yet)
LEARNING = Strength(
    "learning",
    gettext_noop("new"),
    "◔",
    gettext_noop("answered once or twice, still in its first steps"),
)
UNSCHEDULED = Strength(
    "unscheduled",
    gettext_noop("not yet scheduled"),
    "?",
    gettext_noop("answered only before the scheduler kept skills"),
)
NEW = Strength(
    "new", gettext_noop("not yet practised"), "▯▯▯", gettext_noop("never answered in practice")
)
STRENGTHS = (STRONG, FADING, WEAK, LEARNING, UNSCHEDULED, NEW)


def strength_of(state: dict | None, when: dt.datetime) -> Strength:
    """The band of a skill card's FSRS `state` at `when` (NEW without a state).

    A skill still in its first steps is new (LEARNING), and one relearning after a miss is
    never strong: the model gives a skill answered a minute ago a chance near 1 whatever the
    answer was, and the scheduler brings it back within minutes.

    >>> from datetime import datetime, timedelta, timezone
    >>> t0 = datetime(2026, 1, 5, 9, 0, tzinfo=timezone.utc)
    >>> learnt = scheduling.review(scheduling.review(None, "good", t0), "good", t0)
    >>> strength_of(learnt, t0 + timedelta(hours=1)).words
    'strong'
    >>> strength_of(scheduling.review(None, "good", t0), t0 + timedelta(minutes=1)).words
    'new'
    >>> strength_of(scheduling.review(None, "again", t0), t0 + timedelta(minutes=1)).words
    'new'
    >>> strength_of(learnt, t0 + timedelta(days=90)).words
    'weak'
    """
    if not state:
        return NEW
    if state.get("state") == State.Learning.value:
        return LEARNING
    chance = scheduling.retrievability(state, when)
    if chance >= STRONG_FROM and state.get("state") == State.Review.value:
        return STRONG
    if chance >= WEAK_UNDER:
        return FADING
    return WEAK


def due_words(due: dt.datetime, now: dt.datetime) -> str:
    """When a skill is due, from `now`, in words.

    >>> from datetime import datetime, timedelta, timezone
    >>> now = datetime(2026, 1, 5, 9, 0, tzinfo=timezone.utc)
    >>> [due_words(now + d, now) for d in (timedelta(0), timedelta(minutes=-5),
    ...  timedelta(seconds=50), timedelta(hours=5), timedelta(days=3, hours=2))]
    ['due now', 'due now', 'in 1 minute', 'in 5 hours', 'in 3 days']
    """
    left = (due - now).total_seconds()
    if left <= 0:
        return gettext("due now")
    minutes = math.ceil(left / 60)
    if minutes < 60:
        return ngettext("in %(count)s minute", "in %(count)s minutes", minutes) % {"count": minutes}
    hours = round(left / 3600)
    if hours < 24:
        return ngettext("in %(count)s hour", "in %(count)s hours", hours) % {"count": hours}
    days = round(left / 86400)
    return ngettext("in %(count)s day", "in %(count)s days", days) % {"count": days}


def stability_words(days: float | None) -> str:
    """FSRS stability (days until the chance of recall falls to 90%) in words.

    >>> [stability_words(d) for d in (None, 0.2, 1.04, 2.3065, 12.4)]
    ['—', 'under a day', '1 day', '2.3 days', '12 days']
    """
    if days is None:
        return "—"
    if days < 1:
        return gettext("under a day")
    if days < 10 and round(days, 1) != round(days):
        return gettext("%(days)s days") % {"days": f"{days:.1f}"}
    whole = round(days)
    return ngettext("%(count)s day", "%(count)s days", whole) % {"count": whole}


def _share(part: int, whole: int) -> str:
    if not whole:
        return "—"
    said = gettext("%(part)s of %(whole)s (%(percent)s%%)")
    return said % {"part": part, "whole": whole, "percent": round(part / whole * 100)}


@dataclass
class Skill:
    """One skill's figures and its scheduler's view (every field empty until answered)."""

    kind: str
    situation: str
    anchor: str
    answers: int = 0
    right: int = 0
    #: answers that recorded a pace target, their median time and target, and how many of
    #: them were right within it
    timed: int = 0
    median_ms: float | None = None
    median_target_ms: float | None = None
    right_at_pace: int = 0
    strength: Strength = NEW
    chance: float | None = None
    stability: float | None = None
    due: dt.datetime | None = None
    due_words: str = ""
    state_words: str = ""
    reviews: int = 0

    @property
    def accuracy_words(self) -> str:
        """ "2 of 3 (67%)", or "—" unanswered."""
        return _share(self.right, self.answers)

    @property
    def time_words(self) -> str:
        """ "4.2 s against 6 s", or "—" without an answer that recorded a target."""
        if self.median_ms is None or self.median_target_ms is None:
            return "—"
        return gettext("%(median)s against %(target)s") % {
            "median": pace.seconds_words(round(self.median_ms)),
            "target": pace.seconds_words(round(self.median_target_ms)),
        }

    @property
    def at_pace_words(self) -> str:
        """Right within the target, of the answers that recorded one."""
        return _share(self.right_at_pace, self.timed)

    @property
    def chance_words(self) -> str:
        return "—" if self.chance is None else f"{self.chance:.0%}"

    @property
    def stability_words(self) -> str:
        return stability_words(self.stability)

    @property
    def untimed(self) -> int:
        """Answers without a recorded target, left out of the pace figures."""
        return self.answers - self.timed


@dataclass
class DrillSkills:
    kind: str
    skills: list[Skill]


@dataclass
class GameSkills:
    game: str
    drills: list[DrillSkills]
    #: (strength, how many of the game's skills have it), strongest first, nonzero only
    counts: list[tuple[Strength, int]] = field(default_factory=list)


def house_config(trainee) -> HouseConfig:
    """The rules the trainee is dealt under: their house's (cached), or the source texts'."""
    if trainee.house_id is None:
        return DEFAULT_CONFIG
    return house_setup(trainee.house).config


def _listed(kind, config: HouseConfig) -> tuple[str, ...]:
    try:
        return tuple(kind.situations(config))
    except EngineError:  # a kind the house's rules cannot deal lists nothing to schedule
        return ()


def _figures(skill: Skill, rows: list[tuple[bool, int, int | None]]) -> None:
    skill.answers = len(rows)
    skill.right = sum(1 for right, _, _ in rows if right)
    timed = [(right, ms, target) for right, ms, target in rows if target is not None]
    skill.timed = len(timed)
    if timed:
        skill.median_ms = statistics.median(ms for _, ms, _ in timed)
        skill.median_target_ms = statistics.median(target for _, _, target in timed)
        skill.right_at_pace = sum(
            1 for right, ms, target in timed if right and pace.at_pace(ms, target)
        )


def _scheduled(skill: Skill, card: SkillCard, now: dt.datetime, day: scheduling.HouseDay) -> None:
    skill.strength = strength_of(card.state, now)
    skill.chance = scheduling.retrievability(card.state, now)
    skill.stability = card.stability
    # due as Today's practice has it: a skill in review from the start of its house day
    skill.due = scheduling.due_from(card.state, day)
    skill.due_words = due_words(skill.due, now)
    skill.state_words = scheduling.STATE_WORDS.get(card.state.get("state"), "")
    skill.reviews = card.reviews


def for_trainee(trainee, *, now: dt.datetime | None = None) -> list[GameSkills]:
    """The trainee's skills per game they are enrolled in (the registry's order of games and
    drills they are offered; a drill's listed situations first, then any other they answered,
    by name), with their figures and strength at `now`."""
    now = now or timezone.now()
    games = enrolled_games(trainee)
    # a watch drill's skills only for a trainee promoted to watch the game
    kinds = [kind for kind in REGISTRY.values() if kind.game in games and may_take(trainee, kind)]
    slugs = [kind.slug for kind in kinds]
    answered: dict[tuple[str, str], list[tuple[bool, int, int | None]]] = defaultdict(list)
    for kind, situation, right, ms, target in (
        Attempt.objects.for_trainee(trainee)
        .practice()
        .filter(kind__in=slugs)
        .exclude(question__situation="")
        .values_list("kind", "question__situation", "is_correct", "response_ms", "target_ms")
    ):
        answered[(kind, situation)].append((right, ms, target))
    cards = {
        (card.kind, card.situation): card
        for card in SkillCard.objects.filter(trainee=trainee, kind__in=slugs).only(
            "kind", "situation", "state", "due", "stability", "reviews"
        )
    }
    config = house_config(trainee) if kinds else DEFAULT_CONFIG
    day = house_day(trainee)
    met: dict[str, set[str]] = defaultdict(set)
    for kind, situation in (*answered, *cards):
        met[kind].add(situation)

    by_game: dict[str, list[DrillSkills]] = {}
    for kind in kinds:
        listed = _listed(kind, config)
        situations = [*listed, *sorted(met[kind.slug] - set(listed))]
        skills = []
        for index, situation in enumerate(situations, start=1):
            skill = Skill(kind.slug, situation, anchor=f"skill-{kind.slug}-{index}")
            key = (kind.slug, situation)
            if key in answered:
                _figures(skill, answered[key])
                skill.strength = UNSCHEDULED
            if key in cards:
                _scheduled(skill, cards[key], now, day)
            skills.append(skill)
        if skills:
            by_game.setdefault(kind.game, []).append(DrillSkills(kind.slug, skills))

    out = []
    for game, drills in by_game.items():
        tally = defaultdict(int)
        for drill in drills:
            for skill in drill.skills:
                tally[skill.strength] += 1
        counts = [(s, tally[s]) for s in STRENGTHS if tally[s]]
        out.append(GameSkills(game, drills, counts))
    return out
