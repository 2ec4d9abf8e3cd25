"""Writes that matter for rounds: dealing one, answering a step, stopping one; and the
re-grading path.

Dealing stores the round and every step at once, in one transaction: the engine plays the
round along the right answers (the steps never depend on what the trainee answers: the round
goes on from the right state), and each step is stored as a drills question of its skill.
Answering a step is one atomic service: the step must be the round's next; the answer is
parsed (a malformed one stores nothing), judged by the game's procedure (its slips named),
stored once as the question's attempt with the step's share of the round's time as its
target, and reviewed for the schedule as a round's steps are (`reviews_skill`).  A replayed
post gets the stored result back and stores nothing.
"""

from __future__ import annotations

import dataclasses
import secrets
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from trainer.assessments import finishing
from trainer.assessments import services as tests
from trainer.assessments.models import Sitting
from trainer.drills.dealing import config_for, field_json
from trainer.drills.grading import response_ms
from trainer.drills.models import Attempt, Question
from trainer.drills.practice.services import store_and_review, target_seconds
from trainer.drills.services import DrillError, NotFound, Stale, mark_sent
from trainer.engine import EngineError
from trainer.engine.catalog import GAMES
from trainer.engine.drills import REGISTRY, AnswerError, parse_answer
from trainer.engine.house import DEFAULT_CONFIG
from trainer.engine.rounds import Setting, Step, Verdict, play, round_target_ms, step_targets_ms
from trainer.houses.config import house_setup
from trainer.houses.services import mark_used

from .models import Round, RoundPace, RoundStep

NO_SUCH_ROUND = gettext_lazy("There is no such round.")
ROUND_OVER = gettext_lazy("This round is over: every step is answered. Deal a new round.")
NO_SUCH_STEP = gettext_lazy("There is no such step.")


@dataclass(frozen=True)
class Answered:
    """A step answered: the step's row, its attempt and verdict; `replayed` when it was
    answered already (the first answer stands); `round` as it stands after it."""

    round: Round
    step: RoundStep
    attempt: Attempt
    replayed: bool


#: the players a test's round deals at each level (within the game's own range): a full
#: enough table that the order of the layout matters
TEST_PLAYERS = {1: 3, 2: 4, 3: 6}


def players_in_tests(game: str, level: int) -> int:
    """The players a test's round of `game` deals at `level` (`TEST_PLAYERS`, within the
    game's range)."""
    low, high = GAMES[game].round_procedure().players
    return min(high, max(low, TEST_PLAYERS[level]))


def rounds_per_hour(house, game: str) -> int:
    """The house's pace for `game` (a House, or None), else the game's default."""
    own = own_pace(house, game)
    return own if own is not None else GAMES[game].round_procedure().rounds_per_hour


def own_pace(house, game: str) -> int | None:
    """The pace the house (or None) set for `game`, in rounds an hour; None when it set none."""
    if house is None:
        return None
    return (
        RoundPace.objects.filter(house=house, game=game)
        .values_list("rounds_per_hour", flat=True)
        .first()
    )


def _setup(trainee, game: str):
    if trainee.house_id is None:
        return DEFAULT_CONFIG, None
    setup = house_setup(trainee.house)
    return setup.config, setup.versions.get(game)


def deal_round(
    *,
    trainee,
    game: str,
    level: int,
    players: int,
    in_chips: bool = False,
    seed: int | None = None,
    sitting=None,
) -> Round:
    """Deal a round of `game` with the trainee's house tables, rules and pace, and store it
    with every step: all or nothing.  DrillError in words for what cannot be dealt."""
    entry = GAMES.get(game)
    if entry is None or not entry.deals_rounds:
        raise NotFound(
            gettext("There is no game called '%(game)s' to deal a round of.") % {"game": game}
        )
    procedure = entry.round_procedure()
    setting = Setting(game, level, players, in_chips)
    config, version = _setup(trainee, game)
    seed = secrets.randbits(62) if seed is None else seed
    try:
        procedure.check_setting(setting)
        dealt = procedure.deal(seed, setting, config)
        steps = play(procedure, dealt, setting, config)
    except EngineError as exc:
        raise DrillError(
            gettext("This round cannot be dealt: %(reason)s") % {"reason": exc}
        ) from None
    house = trainee.house if trainee.house_id else None
    pace = rounds_per_hour(house, game)
    round_ms = round_target_ms(pace)
    targets = step_targets_ms(round_ms, [target_seconds(house, s.kind, s.level) for s in steps])
    rules = dict(dataclasses.asdict(config.rules.worked_out()))
    with transaction.atomic():
        played = Round.objects.create(
            trainee=trainee,
            game=game,
            level=level,
            players=players,
            in_chips=in_chips,
            seed=seed,
            dealt=dealt,
            house_rules=rules,
            paytable_version=version,
            rounds_per_hour=pace,
            target_ms=round_ms,
            sitting=sitting,
            steps_total=len(steps),
        )
        questions = Question.objects.bulk_create(
            _question(
                step, trainee=trainee, seed=seed, in_chips=in_chips, version=version, rules=rules
            )
            for step in steps
        )
        RoundStep.objects.bulk_create(
            RoundStep(
                round=played,
                number=step.number,
                question=question,
                step=step.as_json(),
                target_ms=target,
            )
            for step, question, target in zip(steps, questions, targets, strict=True)
        )
        if version is not None:
            mark_used(version)
    return played


def _question(step: Step, *, trainee, seed: int, in_chips: bool, version, rules) -> Question:
    """The drills question a step is: its drill, level and situation (the skill), the layout
    at the step, the hand's request, its fields, answer and reasons, and what it was dealt
    under (the version only where the step's drill pays from the game's table)."""
    return Question(
        trainee=trainee,
        kind=step.kind,
        game=REGISTRY[step.kind].game,
        level=step.level,
        seed=seed,
        in_chips=in_chips and any(f.kind == "chips" for f in step.fields),
        prompt=step.prompt,
        table=dict(step.table),
        request=dict(step.request),
        fields=[field_json(f) for f in step.fields],
        expected=dict(step.expected),
        steps=list(step.reasons),
        situation=step.situation,
        category=step.category or "",
        paytable_version=version,
        house_rules=rules,
    )


def _own_round(trainee, round_id, *, lock: bool = False) -> Round:
    rounds = Round.objects.select_for_update() if lock else Round.objects
    try:
        found = rounds.get(pk=round_id)
    except (Round.DoesNotExist, ValueError, TypeError):
        raise NotFound(NO_SUCH_ROUND) from None
    if found.trainee_id != trainee.pk:
        raise NotFound(NO_SUCH_ROUND)  # another trainee's: told exactly as a missing one
    return found


def current_step(played: Round) -> RoundStep | None:
    """The step on the table: the first not answered yet (None once the round is over)."""
    return (
        played.steps.filter(question__attempt__isnull=True)
        .select_related("question")
        .order_by("number")
        .first()
    )


def last_answered(played: Round) -> RoundStep | None:
    return (
        played.steps.filter(question__attempt__isnull=False)
        .select_related("question", "question__attempt")
        .order_by("-number")
        .first()
    )


def showing(step: RoundStep) -> None:
    """A page shows `step` open for its answer: its time runs from the first such page."""
    mark_sent(step.question)


def answer_step(
    *,
    trainee,
    round_id: int,
    number: int,
    raw,
    browser_ms: int | None = None,
    network_ms: int = 0,
    in_sitting: bool = False,
) -> Answered:
    """Judge and store the answer to step `number` of the trainee's round: once, atomically.
    AnswerError (nothing stored) for an answer that cannot be read; Stale for a step that is
    not the one on the table or a round that is over; NotFound for another's round; a replay
    of an answered step returns its stored attempt.  `in_sitting`: called by a test's sitting,
    which has checked that it takes answers (a test's round is answered nowhere else)."""
    if not isinstance(number, int) or isinstance(number, bool):
        raise NotFound(NO_SUCH_STEP)
    try:
        with transaction.atomic():
            played = _own_round(trainee, round_id, lock=True)
            if played.sitting_id is not None and not in_sitting:
                raise Stale(gettext("This round belongs to a test: answer it on the test's page."))
            row = (
                played.steps.select_related("question", "question__attempt")
                .filter(number=number)
                .first()
            )
            if row is None:
                raise NotFound(NO_SUCH_STEP)
            existing = getattr(row.question, "attempt", None)
            if existing is not None:
                return Answered(played, row, existing, replayed=True)
            if played.is_finished:
                raise Stale(ROUND_OVER)
            if number != played.steps_answered + 1:
                raise Stale(
                    gettext(
                        "Step %(number)s is the one on the table now: answer it first (a "
                        "round is dealt in its order)."
                    )
                    % {"number": played.steps_answered + 1}
                )
            return _store(trainee, played, row, raw, browser_ms, network_ms)
    except IntegrityError:
        # a double post raced us on a database without row locks: the first one stands
        row = RoundStep.objects.select_related("round", "question__attempt").get(
            round_id=round_id, number=number
        )
        return Answered(row.round, row, row.question.attempt, replayed=True)


def answer_in_sitting(*, trainee, sitting, row: RoundStep, raw) -> Answered:
    """The answer to a round's step in a test: taken only while the sitting takes answers
    (as `trainer.assessments.services.answer` takes a drill's), timed by the server alone
    less the sitting's allowance for its connection; the last answer finishes the sitting.
    After the deadline nothing is stored: the sitting is finished and TimeUp says so."""
    with transaction.atomic():
        locked = Sitting.objects.select_for_update().get(pk=sitting.pk)
        if locked.is_finished:
            raise tests.Closed(tests.FINISHED)
        if not locked.is_past_deadline():
            result = answer_step(
                trainee=trainee,
                round_id=row.round_id,
                number=row.number,
                raw=raw,
                network_ms=tests.network_allowance(locked),
                in_sitting=True,
            )
            if not result.replayed and tests.next_item(locked) is None:
                finishing.finish(sitting=locked, ending=Sitting.Ending.ANSWERED)
            else:
                tests.redirecting(locked)  # to the sitting's next page
            return result
    finishing.finish(sitting=sitting, ending=Sitting.Ending.TIME_UP)
    raise tests.TimeUp(
        gettext(
            "Time ran out: this answer was not recorded, and it counts as wrong, as does "
            "every question left unanswered."
        )
    )


def verdict_of(played: Round, row: RoundStep, answer: dict) -> Verdict:
    """The game's procedure judging `answer` (parsed) to a stored step."""
    procedure = GAMES[played.game].round_procedure()
    return procedure.judge(Step.of_json(row.step), answer)


def _store(trainee, played: Round, row: RoundStep, raw, browser_ms, network_ms) -> Answered:
    step = Step.of_json(row.step)
    answer = parse_answer(step.fields, raw)  # AnswerError: nothing is written
    verdict = verdict_of(played, row, answer)
    question = row.question
    question.trainee = trainee
    now = timezone.now()
    took = response_ms(question, now, browser_ms=browser_ms, network_ms=network_ms)
    attempt = Attempt(
        question=question,
        trainee=trainee,
        kind=question.kind,
        game=question.game,
        answer=answer,
        marks=verdict.marks,
        is_correct=verdict.right,
        response_ms=took,
        target_ms=row.target_ms,
        answered_at=now,
    )
    store_and_review(attempt, question, reviews=reviews_skill(trainee, row, verdict.right))
    RoundStep.objects.filter(pk=row.pk).update(slips=list(verdict.slips))
    row.slips = list(verdict.slips)
    finished = played.steps_answered + 1 == played.steps_total
    Round.objects.filter(pk=played.pk).update(
        steps_answered=F("steps_answered") + 1,
        steps_right=F("steps_right") + int(verdict.right),
        elapsed_ms=F("elapsed_ms") + took,
        finished_at=now if finished else None,
    )
    played.refresh_from_db()
    nxt = current_step(played)
    if nxt is not None:
        showing(nxt)  # shown with this answer's response (or the page it redirects to)
    question.attempt = attempt
    return Answered(played, row, attempt, replayed=False)


def reviews_skill(trainee, row: RoundStep, right: bool) -> bool:
    """Whether a step's answer is a review of its skill for the schedule.  A round reviews
    each skill once: the first step of a skill in the round is rated as every answer is
    (`scheduling.rating`: in review, one review a house day); a later step of the same skill
    in the same round, seconds after, is a review only when it is wrong (a miss is always
    counted: Again), never when right, so a round cannot walk a new skill through learning
    steps meant to be minutes apart.  Staff trying a round out are scheduled nothing."""
    if not trainee.has_perm("houses.practise_drills"):
        return False
    if not right:
        return True
    question = row.question
    return not RoundStep.objects.filter(
        round_id=row.round_id,
        number__lt=row.number,
        question__kind=question.kind,
        question__situation=question.situation,
    ).exists()


def stop_round(*, trainee, round_id: int) -> Round:
    """End a practice round before its last step: the steps not answered are left so, and
    count nowhere (no attempt, no review)."""
    with transaction.atomic():
        played = _own_round(trainee, round_id, lock=True)
        if played.sitting_id is not None:
            raise Stale(gettext("This round belongs to a test: it ends with the test."))
        if played.finished_at is None:
            played.finished_at = timezone.now()
            played.save(update_fields=["finished_at"])
    return played


def regrade_step(row: RoundStep) -> Step:
    """The step worked out again from what the round stored: its deal replayed under the
    paytable version and house rules its questions were graded with (the re-grading path)."""
    played = row.round
    procedure = GAMES[played.game].round_procedure()
    setting = Setting(played.game, played.level, played.players, played.in_chips)
    steps = play(procedure, played.dealt, setting, config_for(row.question))
    return steps[row.number - 1]


__all__ = ["AnswerError", "DrillError", "NotFound", "Stale", "answer_step", "deal_round"]
