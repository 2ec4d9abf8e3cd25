"""What each role sees first after signing in: what to do next.

A trainee: Today's practice first (skills due, new ones, when the next come due) beside the
missed hands waiting, then the drill to carry on, the tests due, today's figures.  A
supervisor: the trainees of the house who need attention, by the rule stated in
`ATTENTION_RULE`.  A games manager: the house's active tables, one per game that pays from
a paytable, with the par sheet's edge.  Someone with several roles gets each section.  Each
section costs a fixed number of queries, whatever the number of trainees, answers or tables
(tests/site/test_landing.py counts them).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import F, OuterRef, Subquery, Window
from django.db.models.functions import RowNumber
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop, ngettext

from trainer.assessments.due import tests_due
from trainer.assessments.models import Assignment, Sitting
from trainer.drills.models import Attempt, PracticeSession
from trainer.drills.practice import mistakes, today
from trainer.engine import EngineError
from trainer.engine.catalog import Game, paid_games
from trainer.engine.drills import REGISTRY, DrillKind, Level
from trainer.engine.house import DEFAULT_CONFIG
from trainer.houses.config import active_versions, house_rules_of, house_setup
from trainer.houses.models import HouseRulesSettings, ParSheetResult, PaytableVersion, User
from trainer.houses.services import parsheet_key_of

# --- who needs attention: the rule, stated once, read by the page and by the code -----------

#: accuracy is judged over a trainee's last this many practice answers ...
RECENT_ANSWERS = 20
#: ... once they have given at least this many (fewer says little) ...
RECENT_MINIMUM = 10
#: ... and needs attention below this share right, in per cent
ACCURACY_BELOW = 70
#: a trainee with no practice answer for this many days needs attention
IDLE_DAYS = 7
#: a test failed, or whose due date passed without a finished sitting, within this many days
TEST_DAYS = 14

_ATTENTION_RULE = gettext_noop(
    "A trainee of your house is listed when they got fewer than %(below)d%% right in their "
    "last %(recent)d practice answers (once they have given %(minimum)d), gave no practice "
    "answer in the last %(idle)d days, or in the last %(test_days)d days failed a test or let "
    "a test's due date pass without finishing it."
)
_RULE_FIGURES = {
    "below": ACCURACY_BELOW,
    "recent": RECENT_ANSWERS,
    "minimum": RECENT_MINIMUM,
    "idle": IDLE_DAYS,
    "test_days": TEST_DAYS,
}
#: the rule in English (the default language)
ATTENTION_RULE = _ATTENTION_RULE % _RULE_FIGURES


def attention_rule() -> str:
    """The rule, in the reader's language."""
    return gettext(_ATTENTION_RULE) % _RULE_FIGURES


def start_of_today() -> dt.datetime:
    """Midnight today in the current zone (the house's, during a request)."""
    today = timezone.localdate()
    return dt.datetime.combine(today, dt.time.min, tzinfo=timezone.get_current_timezone())


# --- the trainee ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Carry:
    """What the trainee practised last: a session of one drill (its kind and level), or of
    Today's practice or Practise my mistakes (no kind or level: each question has its own)."""

    session: PracticeSession
    kind: DrillKind | None = None
    level: Level | None = None


@dataclass(frozen=True)
class Today:
    attempts: int
    right: int

    @property
    def percent(self) -> int | None:
        return round(100 * self.right / self.attempts) if self.attempts else None


def last_drill(user) -> Carry | None:
    """The trainee's latest practice session, to carry on.  An open session of Today's
    practice or Practise my mistakes is carried on as it is; once ended, the drill to start
    again is the latest session of one drill, if any (its drill and level still existing)."""
    sessions = PracticeSession.objects.filter(trainee=user)
    latest = sessions.first()
    if latest is None:
        return None
    moded = Carry(latest) if latest.mode != "drill" else None
    if moded and latest.is_open:
        return moded
    drill = latest if latest.mode == "drill" else sessions.filter(mode="drill").first()
    if drill is None or drill.kind not in REGISTRY:
        return moded
    kind = REGISTRY[drill.kind]
    try:
        kind.level(drill.level)
    except EngineError:
        return moded
    # named in the house's own stakes, as the drills index and the drill page name it
    config = house_setup(user.house).config if user.house_id else DEFAULT_CONFIG
    level = next(lv for lv in kind.levels_for(config) if lv.number == drill.level)
    return Carry(drill, kind, level)


def today_figures(user) -> Today:
    """Practice answers given today (in the house's zone), and how many were right."""
    score = (
        Attempt.objects.practice()
        .for_trainee(user)
        .filter(answered_at__gte=start_of_today())
        .score()
    )
    return Today(score["attempts"], score["right"])


def trainee_section(user) -> dict:
    return {
        "practice": today.outlook(user),
        "mistakes": mistakes.waiting_count(user),
        "carry": last_drill(user),
        "due": tests_due(user),
        "today": today_figures(user),
    }


# --- the supervisor -------------------------------------------------------------------------


@dataclass
class Attention:
    trainee: User
    last_practice: dt.datetime | None
    recent: int = 0
    recent_right: int = 0
    reasons: list[str] = field(default_factory=list)

    @property
    def recent_percent(self) -> int | None:
        return round(100 * self.recent_right / self.recent) if self.recent else None


def needing_attention(house, *, now: dt.datetime | None = None) -> tuple[list[Attention], int]:
    """The trainees of `house` the attention rule lists, each with its reasons, and how many
    trainees the house has: four queries."""
    now = now or timezone.now()
    last_answer = (
        Attempt.objects.practice()
        .filter(trainee=OuterRef("pk"))
        .order_by("-answered_at")
        .values("answered_at")[:1]
    )
    people = {
        t.pk: Attention(t, t.last_practice)
        for t in User.objects.trainees_of(house).annotate(last_practice=Subquery(last_answer))
    }
    if not people:
        return [], 0
    # each trainee's last RECENT_ANSWERS practice answers, in one query
    ranked = (
        Attempt.objects.practice()
        .filter(trainee__in=list(people))
        .annotate(
            rank=Window(
                RowNumber(),
                partition_by=[F("trainee")],
                order_by=[F("answered_at").desc(), F("pk").desc()],
            )
        )
        .filter(rank__lte=RECENT_ANSWERS)
        .values_list("trainee", "is_correct")
    )
    for trainee_id, right in ranked:
        person = people[trainee_id]
        person.recent += 1
        person.recent_right += right
    since = now - dt.timedelta(days=TEST_DAYS)
    failed: dict[int, list[str]] = defaultdict(list)
    for sitting in (
        Sitting.objects.finished()
        .filter(trainee__in=list(people), passed=False, finished_at__gte=since)
        .select_related("assignment__test")
        .order_by("finished_at")
    ):
        failed[sitting.trainee_id].append(sitting.assignment.test.title)
    overdue: dict[int, list[str]] = defaultdict(list)
    for assignment in (
        Assignment.objects.filter(
            trainee__in=list(people), test__due_at__gte=since, test__due_at__lte=now
        )
        .exclude(sittings__finished_at__isnull=False)
        .select_related("test")
        .order_by("test__due_at")
    ):
        overdue[assignment.trainee_id].append(assignment.test.title)

    idle_since = now - dt.timedelta(days=IDLE_DAYS)
    listed = []
    for pk, person in people.items():
        # exact: 69.5% right is below 70%, though it shows rounded to 70%
        if person.recent >= RECENT_MINIMUM and person.recent_right * 100 < (
            ACCURACY_BELOW * person.recent
        ):
            person.reasons.append(
                ngettext(
                    "%(percent)d%% right in the last %(count)d practice answer",
                    "%(percent)d%% right in the last %(count)d practice answers",
                    person.recent,
                )
                % {"percent": person.recent_percent, "count": person.recent}
            )
        if person.last_practice is None:
            person.reasons.append(gettext("has not practised yet"))
        elif person.last_practice < idle_since:
            days = (now - person.last_practice).days
            person.reasons.append(
                ngettext("no practice for %(count)d day", "no practice for %(count)d days", days)
                % {"count": days}
            )
        for title in failed[pk]:
            person.reasons.append(gettext("failed the test “%(title)s”") % {"title": title})
        for title in overdue[pk]:
            person.reasons.append(
                gettext("did not finish the test “%(title)s” by its due date") % {"title": title}
            )
        if person.reasons:
            listed.append(person)
    return listed, len(people)


def supervisor_section(user) -> dict:
    listed, count = needing_attention(user.house) if user.house_id else ([], 0)
    return {"attention": listed, "trainee_count": count, "rule": attention_rule()}


# --- the games manager ----------------------------------------------------------------------


@dataclass(frozen=True)
class TableLine:
    """One game of the house: its active version (or none) and its par sheet (the landing
    page shows it as the desk does: `desk/_sheet.html`, the edge or *Compute*)."""

    game: Game
    version: PaytableVersion | None
    sheet: ParSheetResult | None


def active_tables(house) -> list[TableLine]:
    """Per game that pays from a paytable (the games registry's order), the house's active
    version and its par sheet: four queries."""
    versions = {v.game: v for v in active_versions(house)}
    rules = house_rules_of(HouseRulesSettings.objects.filter(house=house).first())
    keys = {game: parsheet_key_of(v, rules) for game, v in versions.items()}
    sheets = {
        s.key: s for s in ParSheetResult.objects.filter(key__in=[k for k in keys.values() if k])
    }
    lines = []
    for entry in paid_games():
        version = versions.get(entry.slug)
        sheet = sheets.get(keys.get(entry.slug)) if version is not None else None
        lines.append(TableLine(entry, version, sheet))
    return lines


def manager_section(user) -> dict:
    return {"tables": active_tables(user.house) if user.house_id else []}


# --- all of it ------------------------------------------------------------------------------


def landing(user) -> dict:
    """The sections `user`'s roles give, by the roles' permissions (trainer.houses.roles)."""
    sections: dict = {}
    if user.has_perm("houses.practise_drills"):
        sections["trainee"] = trainee_section(user)
    if user.has_perm("houses.review_trainees"):
        sections["supervisor"] = supervisor_section(user)
    if user.has_perm("houses.manage_tables"):
        sections["manager"] = manager_section(user)
    return sections
