"""Writes that matter for drills: starting a session, dealing a question, answering it.

How a question is dealt and stored is `dealing`'s; how an answer is read, graded and timed,
`grading`'s; what these refuse, `errors`'.

Answering is one atomic, idempotent service: it grades through the engine, stores the attempt
once, and a replayed post gets the stored result back without storing anything.  In practice
it also deals the next question, in the same transaction: one request a question (the answer's
response carries the next question hidden, and the browser shows it on Next).  A session
ended before a page showed that question drops it (`end_session`).
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from functools import cache

from django.db import IntegrityError, connections, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext

from trainer.core.i18n import render
from trainer.core.writes import update_if
from trainer.drills.access import may_take, may_watch
from trainer.drills.practice import planning
from trainer.drills.practice.models import SkillCard
from trainer.drills.practice.services import CardMoved, store_and_review
from trainer.engine import pace
from trainer.engine.drills import REGISTRY, AnswerError

from .dealing import deal_for, deal_question
from .errors import (
    NO_SUCH_QUESTION,
    NO_SUCH_SESSION,
    NOT_A_WATCHER,
    DrillError,
    Finished,
    NotAllowed,
    NotFound,
    NotYours,
    Stale,
)
from .grading import grade_answer
from .models import Attempt, PracticeSession, Question


@dataclass(frozen=True)
class Result:
    attempt: Attempt
    replayed: bool
    #: the question answered (the attempt names it by its id only: see `grade_answer`)
    question: Question
    #: the question on the table after this answer, for practice's answers: the one dealt
    #: with it (or, for a replay, the one waiting); None when there is none (the session
    #: ended, nothing was left to deal, or a test's question)
    next: Question | None = None


def start_session(
    *, trainee, kind: str, level: int, natural: bool = False, in_chips: bool = False
) -> PracticeSession:
    if kind not in REGISTRY:
        raise NotFound(gettext("There is no drill called '%(kind)s'.") % {"kind": kind})
    if not may_take(trainee, kind):
        raise NotAllowed(NOT_A_WATCHER)
    if in_chips and not REGISTRY[kind].pays:
        raise DrillError(
            gettext("%(drill)s asks no amount to pay: it cannot be taken in chips.")
            % {"drill": render(REGISTRY[kind].title)}
        )
    levels = [lv.number for lv in REGISTRY[kind].levels]
    if level not in levels:
        raise DrillError(
            gettext("Level %(level)s is not a level of this drill; choose one of %(levels)s.")
            % {"level": level, "levels": levels}
        )
    with transaction.atomic():
        session = PracticeSession.objects.create(
            trainee=trainee, kind=kind, level=level, natural=natural, in_chips=in_chips
        )
        deal_question(session)
    return session


def start_mode(*, trainee, mode: str) -> PracticeSession:
    """Start a session of Today's practice or Practise my mistakes (`planning.MODES`): each
    question picks its own drill, level and hand.  DrillError, storing nothing, when the mode
    has nothing to deal now."""
    if mode not in planning.MODES:
        raise NotFound(gettext("There is no practice called '%(mode)s'.") % {"mode": mode})
    if mode in planning.WATCHING and not may_watch(trainee):
        raise NotAllowed(NOT_A_WATCHER)
    why_not = planning.has_anything(trainee, mode)
    if why_not:
        raise DrillError(why_not)
    with transaction.atomic():
        session = PracticeSession.objects.create(trainee=trainee, kind="", level=1, mode=mode)
        deal_question(session)
    return session


def current_question(session: PracticeSession) -> Question | None:
    return session.questions.order_by("-pk").first()


def mark_sent(question: Question) -> None:
    """Stamp `question` as sent, when a page (or a fragment swapped into one) first shows it
    open for an answer: an answer's time is bounded by the time since (`response_ms`).  A page
    shown again (a reload) keeps the first stamp."""
    if question.sent_at is not None:
        return
    now = timezone.now()
    if Question.objects.filter(pk=question.pk, sent_at=None).update(sent_at=now):
        question.sent_at = now


def waiting_question(session: PracticeSession, *, besides: int | None = None) -> Question | None:
    """The question on the table of an open session while it waits for its answer (not
    `besides`, the question just answered): what the feedback of a replayed answer leads to."""
    if not session.is_open or not session.waiting_for_answer:
        return None
    if session.last_question_id is None or session.last_question_id == besides:
        return None
    return _on_the_table(session)


def next_question(*, trainee, session_id: int) -> Question:
    """Deal a new question once the current one is answered; otherwise the current one."""
    session = _own_session(trainee, session_id)
    if not session.is_open:
        raise Stale(gettext("This practice session has ended; start a new one."))
    session.trainee = trainee  # checked by _own_session: spares reading the user again
    if session.waiting_for_answer and session.last_question_id is not None:
        return _on_the_table(session)
    try:
        with transaction.atomic():
            question = deal_for(session)
            # dealt only if nothing moved since the session was read (no lock taken: a
            # double-clicked "next" finds the counters moved and takes the locked path)
            if not _still(session).update(dealt=session.dealt + 1, last_question=question):
                raise _Moved
    except _Moved:
        return _next_question_locked(trainee, session_id)
    session.dealt += 1
    session.last_question_id = question.pk  # by id: see _answer_on_the_table
    return question


class _Moved(Exception):
    """The session changed between reading it and writing it."""


def _still(session: PracticeSession) -> _Still:
    """The session, only if it is open and its counters are still those read (compare and
    set: an update through this changes no row when another request got there first).

    Two counters stand for all: `right` moves only with `answered`, and `last_question` only
    with `dealt`, each in the same update."""
    return _Still(session)


@dataclass(frozen=True)
class _Still:
    """What `_still` gives: `update(**moved)` as a queryset's, the rows changed (1 or 0), in
    one statement written once (`update_if`)."""

    session: PracticeSession

    def update(self, **moved) -> int:
        read = self.session
        still = {"ended_at": None, "dealt": read.dealt, "answered": read.answered}
        return update_if(PracticeSession, read.pk, still, moved)


def _on_the_table(session: PracticeSession) -> Question:
    question = Question.objects.get(pk=session.last_question_id)
    question.session = session
    question.trainee = session.trainee  # the session's own trainee, read with it
    return question


def _next_question_locked(trainee, session_id: int) -> Question:
    with transaction.atomic():
        session = _own_session(trainee, session_id, lock=True)
        if not session.is_open:
            raise Stale(gettext("This practice session has ended; start a new one."))
        session.trainee = trainee
        if session.waiting_for_answer and session.last_question_id is not None:
            return _on_the_table(session)
        return deal_question(session)


def _own_session(trainee, session_id, *, lock=False) -> PracticeSession:
    try:
        if lock:
            session = PracticeSession.objects.select_for_update().get(pk=session_id)
        else:
            session = PracticeSession.objects.get(pk=session_id)
    except (PracticeSession.DoesNotExist, ValueError, TypeError):
        raise NotFound(NO_SUCH_SESSION) from None
    if session.trainee_id != trainee.pk:
        raise NotFound(NO_SUCH_SESSION)  # another trainee's: told exactly as a missing one
    return session


def answer_question(
    *,
    trainee,
    question_id: int,
    raw: dict,
    practice: bool = False,
    deal_next: bool = False,
    browser_ms: int | None = None,
    network_ms: int = 0,
) -> Result:
    """Grade and store one answer, and keep the session's running score.  A replay returns the
    stored attempt and stores nothing; a bad answer raises AnswerError and stores nothing.
    `practice`: refuse a question of a test (answered on the test's page instead).
    `deal_next`: deal the session's next question in the same transaction (practice's answer
    cycle); `browser_ms` and `network_ms` time the answer (`response_ms`)."""
    if not isinstance(question_id, int):
        raise NotFound(NO_SUCH_QUESTION)
    timing = {"browser_ms": browser_ms, "network_ms": network_ms}
    # a question of a practice session, answered for the first time, the usual case
    result = _answer_on_the_table(trainee, question_id, raw, deal_next, timing)
    if result is not None:
        return result
    return _answer_locked(trainee, question_id, raw, practice, deal_next, timing)


def _store(attempt: Attempt, question: Question, trainee, *, read: bool = False) -> Attempt:
    """Store a new attempt at `question` and review its skill, in the caller's transaction
    (`read`: the skill's card was read with the question, `_read_on_the_table`)."""
    attempt.trainee = trainee
    # a trainee's answer may be a review of its skill; staff trying a drill out are scheduled
    # nothing (their answers are counted nowhere), but staff watching the game are (the watch
    # drills are theirs)
    drill = REGISTRY.get(attempt.kind)
    reviews = trainee.has_perm("houses.practise_drills") or (
        drill is not None and drill.watches and may_watch(trainee)
    )
    store_and_review(attempt, question, reviews=reviews, read=read)
    return attempt


def _deal_hidden(session: PracticeSession) -> Question | None:
    """The session's next question, dealt in the answer's transaction after the answer is
    stored (what adaptive practice deals next reads it); None when nothing is dealt: nothing
    left, or the house's rules cannot deal it, which "next" then says in words.  Either is
    refused before anything is written."""
    try:
        return deal_for(session)
    except DrillError:
        return None


#: the session's fields read with its question: all but its two instants (whether it has
#: ended is read as such; when it started is read by nothing that answers, and is left to
#: be read if anything asks)
_SESSION_READ = tuple(
    f for f in PracticeSession._meta.concrete_fields if f.name not in ("started_at", "ended_at")
)


#: what the answer reads of the skill's card: what reviewing it needs (`store_and_review`)
_CARD_READ = ("id", "state", "reviews")


@cache
def _on_the_table_sql(alias: str) -> str:
    """The usual answer's one read: the question, its session (if open) and its trainee's card
    of its skill (none before the skill's first review; one at most, by the card's unique
    constraint), written out once per database.  The query the ORM compiles for this, on
    every answer, costs several times what running it does."""
    qn = connections[alias].ops.quote_name

    def col(table: str, model, name: str) -> str:
        return f"{table}.{qn(model._meta.get_field(name).column)}"

    sessions = ", ".join(f"s.{qn(f.column)} AS {qn('s_' + f.attname)}" for f in _SESSION_READ)
    card = ", ".join(f"{col('c', SkillCard, n)} AS {qn('card_' + n)}" for n in _CARD_READ)
    same_skill = " AND ".join(
        f"{col('c', SkillCard, n)} = {col('q', Question, n)}"
        for n in ("trainee", "kind", "situation")
    )
    return (
        f"SELECT q.*, {sessions}, {col('s', PracticeSession, 'ended_at')} IS NULL AS "
        f"{qn('s_open')}, {card} "
        f"FROM {qn(Question._meta.db_table)} q "
        f"LEFT JOIN {qn(PracticeSession._meta.db_table)} s "
        f"ON {col('s', PracticeSession, 'id')} = {col('q', Question, 'session')} "
        f"LEFT JOIN {qn(SkillCard._meta.db_table)} c ON {same_skill} "
        f"WHERE {col('q', Question, 'id')} = %s"
    )


def _read_on_the_table(question_id: int) -> Question | None:
    """The question with its open session (`question.session`) and its skill's card
    (`question.skill_card`: the card's id, FSRS state and count of reviews, or None), in one
    statement; None when there is no such question, or it has no open session (answered,
    if at all, on the locked path)."""
    alias = Question.objects.db
    low, high = connections[alias].ops.integer_field_range(Question._meta.pk.get_internal_type())
    if not low <= question_id <= high:  # no such key: as the ORM, match nothing
        return None
    found = list(Question.objects.raw(_on_the_table_sql(alias), [question_id]))
    if not found:
        return None
    question = found[0]
    # the columns read beside the question's own are set on it: taken off again
    extra = question.__dict__
    read = {f.attname: extra.pop("s_" + f.attname) for f in _SESSION_READ}
    is_open = extra.pop("s_open")
    card = {name: extra.pop("card_" + name) for name in _CARD_READ}
    if read["id"] is None or not is_open:
        return None
    # each value as its field reads it (SQLite gives a boolean as 0 or 1)
    read = {f.attname: f.to_python(read[f.attname]) for f in _SESSION_READ}
    # the fields as the ORM reads them: in the model's order, an open session's end none
    read["ended_at"] = None
    names = [f.attname for f in PracticeSession._meta.concrete_fields if f.attname in read]
    question.session = PracticeSession.from_db(alias, names, [read[name] for name in names])
    question.skill_card = card if card["id"] is not None else None
    return question


def _answer_on_the_table(trainee, question_id: int, raw: dict, deal_next: bool, timing):
    """The usual answer: to the question on the table of the trainee's open session, for the
    first time.  No lock: the question is read with its session and its skill's card, the
    attempt stored and the card reviewed, the next question dealt, then the session's
    counters moved on in one update; the card and the counters are written only if they are
    still as read, else everything is rolled back (another request got there first).  None
    when it is anything else (a replay, a stale or foreign question, a race lost): the locked
    path works out what and says so."""
    question = _read_on_the_table(question_id)
    if question is None:
        return None
    session = question.session
    if (
        question.trainee_id != trainee.pk
        or session.last_question_id != question.pk
        or session.ended_at is not None
        or not session.waiting_for_answer
    ):
        return None
    question.trainee = trainee  # checked above: spares reading the user again
    session.trainee = trainee
    graded = grade_answer(question, raw, timing)
    correct = int(graded.is_correct)
    try:
        with transaction.atomic():
            attempt = _store(graded, question, trainee, read=True)
            nxt = _deal_hidden(session) if deal_next else None
            moved = {"answered": session.answered + 1, "right": session.right + correct}
            if nxt is not None:
                moved |= {"dealt": session.dealt + 1, "last_question": nxt}
            if not _still(session).update(**moved):
                raise _Moved
    except (IntegrityError, _Moved, CardMoved):
        # stored already, or the skill's card or the counters moved meanwhile: the locked
        # path finds out which
        return None
    session.answered += 1
    session.right += correct
    if nxt is not None:
        session.dealt += 1
        # by id, not the object: the question dealt refers to its session, and a session
        # referring back would make the two a reference cycle, freed (with the question's
        # table and steps) only by Python's cycle collector, not as the response is sent;
        # the attempt names its question by id for the same reason (`grade_answer`)
        session.last_question_id = nxt.pk
    return Result(attempt, replayed=False, question=question, next=nxt)


def _answer_locked(trainee, question_id: int, raw: dict, practice: bool, deal_next, timing):
    try:
        with transaction.atomic():
            # the question locked, with its session and its attempt if it has one
            try:
                question = (
                    Question.objects.select_for_update(of=("self",))
                    .select_related("session", "attempt")
                    .get(pk=question_id)
                )
            except Question.DoesNotExist:
                raise NotFound(NO_SUCH_QUESTION) from None
            if question.trainee_id != trainee.pk:
                raise NotFound(NO_SUCH_QUESTION)  # another trainee's: as a missing one
            if practice and question.session_id is None:
                raise NotYours(_elsewhere(question))
            question.trainee = trainee
            session = question.session
            if session is not None:
                session.trainee = trainee
            existing = getattr(question, "attempt", None)
            if existing is not None:
                waiting = waiting_question(session, besides=question.pk) if session else None
                return Result(existing, replayed=True, question=question, next=waiting)
            superseded = session is not None and session.last_question_id != question.pk
            if superseded or (session is not None and session.ended_at):
                raise Stale(
                    gettext(
                        "A newer question has been dealt since this one: answer the question "
                        "on the table now."
                    ),
                    session=session,
                )
            graded = grade_answer(question, raw, timing)
            correct = int(graded.is_correct)
            attempt = _store(graded, question, trainee)
            nxt = None
            if session is not None:
                nxt = _deal_hidden(session) if deal_next else None
                moved = {"answered": F("answered") + 1, "right": F("right") + correct}
                if nxt is not None:
                    moved |= {"dealt": F("dealt") + 1, "last_question": nxt}
                PracticeSession.objects.filter(pk=session.pk).update(**moved)
                # only the session's newest question, locked above, can be answered: nothing
                # else moves these counters meanwhile
                session.answered += 1
                session.right += correct
                if nxt is not None:
                    session.dealt += 1
                    session.last_question_id = nxt.pk
            return Result(attempt, replayed=False, question=question, next=nxt)
    except IntegrityError:
        # a double post raced us on a database without row locks: the first one stands
        attempt = Attempt.objects.filter(question_id=question_id).first()
        if attempt is None:
            raise
        return Result(attempt, replayed=True, question=attempt.question)


def _elsewhere(question: Question) -> str:
    """Where a question of no practice session is answered, in words: a step of a practice
    round on its round's page (in the round's order), anything else on its test's page."""
    step = getattr(question, "round_step", None)  # the rounds app's row, by its related name
    if step is not None and step.round.sitting_id is None:
        return gettext("This question is a step of a round: answer it on the round's page.")
    return gettext("This question belongs to a test: answer it on the test's page.")


def end_session(*, trainee, session_id: int, seen: int | None = None) -> PracticeSession:
    """End the session.  The question on the table, if no page has shown it and it is not
    `seen` (the question the trainee ended from: shown by the browser, unanswered), is dropped:
    dealt with the feedback of the last answer and never shown, it was never asked.  It counts
    nowhere: not as a question asked, not as unanswered, not as a mistake or a review."""
    session = _own_session(trainee, session_id)
    with transaction.atomic():
        # the unshown question is locked before the session, in the order an answer to it
        # takes them (its attempt's insert, then the session's counters)
        unshown = None
        if session.is_open and session.last_question_id not in (None, seen):
            unshown = (
                Question.objects.select_for_update()
                .filter(pk=session.last_question_id, sent_at=None)
                .order_by()
                .first()
            )
        session = _own_session(trainee, session_id, lock=True)
        if session.ended_at is not None:
            return session
        session.ended_at = timezone.now()
        update = ["ended_at"]
        if (
            unshown is not None
            and session.last_question_id == unshown.pk
            and session.waiting_for_answer
            and not Attempt.objects.filter(question=unshown).exists()
        ):
            unshown.delete()
            session.dealt -= 1
            session.last_question = session.questions.order_by("-pk").first()
            update += ["dealt", "last_question"]
        session.save(update_fields=update)
    return session


@dataclass(frozen=True)
class Summary:
    asked: int
    answered: int
    right: int
    accuracy: float | None
    median_seconds: float | None
    missed: list[Attempt]
    #: answers given within their pace target, of those answered with one (`timed`)
    at_pace: int = 0
    timed: int = 0


def summarize(session: PracticeSession) -> Summary:
    attempts = list(
        Attempt.objects.filter(question__session=session)
        .select_related("question")
        .order_by("answered_at", "pk")
    )
    right = sum(1 for a in attempts if a.is_correct)
    times = [a.response_ms for a in attempts]
    timed = [a for a in attempts if a.target_ms is not None]
    asked = session.questions.count()
    if (
        session.is_open
        and session.waiting_for_answer
        and session.questions.filter(pk=session.last_question_id, sent_at=None).exists()
    ):
        asked -= 1  # dealt with the feedback of the last answer, and not shown yet
    return Summary(
        asked=asked,
        answered=len(attempts),
        right=right,
        accuracy=(right / len(attempts)) if attempts else None,
        median_seconds=(statistics.median(times) / 1000) if times else None,
        missed=[a for a in attempts if not a.is_correct],
        at_pace=sum(1 for a in timed if pace.at_pace(a.response_ms, a.target_ms)),
        timed=len(timed),
    )


#: what these services raise, named here beside them (each is defined in `errors`)
__all__ = [
    "NOT_A_WATCHER",
    "AnswerError",
    "DrillError",
    "Finished",
    "NotAllowed",
    "NotFound",
    "NotYours",
    "Stale",
]
