"""Dealing questions: generated under the trainee's house tables and rules, and stored with
everything needed to grade them again (`config_for`, `regrade`: the re-grading path)."""

from __future__ import annotations

import dataclasses
import secrets
from functools import lru_cache

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext, gettext_lazy

from trainer.core.writes import insert
from trainer.drills.practice import mistakes, planning
from trainer.engine import EngineError
from trainer.engine.drills import REGISTRY, AnswerField
from trainer.engine.house import DEFAULT_CONFIG, HouseConfig, HouseRules
from trainer.houses.config import house_setup, paytable_of
from trainer.houses.models import PaytableVersion
from trainer.houses.services import mark_used

from .errors import DrillError, Finished
from .models import PracticeSession, Question

#: what a finished session of each mode says, on its summary
FINISHED = {
    "mistakes": gettext_lazy("Every missed hand is answered right."),
    "today": gettext_lazy("Nothing more is due now: today's practice is done."),
    "watch": gettext_lazy("Nothing more is due now: today's watch is done."),
    "set": gettext_lazy("Every hand of the set is watched."),
}


def _house_setup(trainee, game: str) -> tuple[HouseConfig, PaytableVersion | None]:
    """The trainee's house configuration, and the active version of this game's table."""
    if trainee.house_id is None:
        return DEFAULT_CONFIG, None
    # one setup holds both: the config grades with exactly the version recorded
    setup = house_setup(trainee.house)
    return setup.config, setup.versions.get(game)


@transaction.atomic(savepoint=False)
def deal_question(session: PracticeSession, *, seed: int | None = None) -> Question:
    """Deal the next question of a practice session and store it before it is shown."""
    question = deal_for(session, seed=seed)
    PracticeSession.objects.filter(pk=session.pk).update(
        dealt=F("dealt") + 1, last_question=question
    )
    session.dealt += 1
    session.last_question_id = question.pk  # by id: no reference cycle (services)
    return question


def deal_for(session: PracticeSession, *, seed: int | None = None) -> Question:
    """Store the session's next question: of its drill and level, or, in adaptive practice,
    what `planning.next_deal` picks (Finished when it picks nothing)."""
    if session.mode == "drill":
        return create_question(
            trainee=session.trainee,
            kind=session.kind,
            level=session.level,
            natural=session.natural,
            in_chips=session.in_chips,
            session=session,
            seed=seed,
        )
    deal = planning.next_deal(session)
    if deal is None:
        words = FINISHED.get(session.mode, gettext("Nothing is left to deal in this session."))
        raise Finished(words, session=session)
    return create_question(
        trainee=session.trainee,
        kind=deal.kind,
        level=deal.level,
        in_chips=deal.in_chips,
        session=session,
        seed=seed,
        situation=deal.situation,
        replay_of=deal.replay_of,
        hands=deal.hands,
    )


@transaction.atomic(savepoint=False)
def create_question(
    *,
    trainee,
    kind: str,
    level: int,
    natural: bool = False,
    in_chips: bool = False,
    session: PracticeSession | None = None,
    seed: int | None = None,
    situation: str | None = None,
    replay_of: Question | None = None,
    hands: list | tuple | None = None,
) -> Question:
    """Generate a question with the trainee's house tables and rules, and store it with
    everything needed to grade it again.  Tests (assessments) deal theirs with no session.
    `situation` deals a question of that situation; `replay_of` deals a fresh hand of the
    skill that stored question missed (its level and stakes), graded under today's rules;
    `hands` deals hands really played, each with what was paid (a watch set's)."""
    drill = REGISTRY[kind]
    config, version = _house_setup(trainee, drill.game)
    seed = secrets.randbits(62) if seed is None else seed
    try:
        if hands is not None:
            q = drill.question_of(hands, config)
        elif replay_of is not None:
            q, config, version = _dealt_again(drill, replay_of, config, version, seed)
        else:
            q = drill.generate(
                seed,
                level,
                config,
                natural=natural,
                in_chips=in_chips and drill.pays,
                situation=situation,
            )
    except EngineError as exc:  # the house's rules cannot deal it (chips that cannot pay it)
        raise DrillError(
            gettext("This drill cannot be dealt under your house's rules: %(reason)s")
            % {"reason": exc}
        ) from None
    question = question_row(
        q, trainee=trainee, session=session, version=version, rules=config.rules
    )
    question.replay_of = replay_of
    insert(question)
    if version is not None:
        mark_used(version)
    return question


def _dealt_again(drill, original: Question, config: HouseConfig, version, seed: int):
    """A fresh hand of the skill `original` missed (`mistakes.fresh_hand`), under the house's
    rules of today; where today's rules cannot deal the drill (chips that cannot pay it),
    under the rules it was dealt with."""
    try:
        return mistakes.fresh_hand(drill, original, config, seed), config, version
    except EngineError:
        config = config_for(original)
        version = original.paytable_version if original.paytable_version_id else None
        return mistakes.fresh_hand(drill, original, config, seed), config, version


def question_row(q, *, trainee, rules: HouseRules, session=None, version=None) -> Question:
    """An unsaved Question holding everything of the engine's question `q`, dealt under
    `rules`, that re-grading needs (the one place that maps the engine's question to the
    row)."""
    return Question(
        trainee=trainee,
        session=session,
        kind=q.kind,
        game=q.game,
        level=q.level,
        seed=q.seed,
        natural=q.natural,
        in_chips=q.in_chips,
        prompt=q.prompt,
        table=q.table,
        request=q.request,
        fields=[field_json(f) for f in q.fields],
        expected=q.expected,
        steps=list(q.steps),
        situation=q.situation,
        category=q.category or "",
        paytable_version=version,
        # the defaults written out ("common" chips, "smallest" floors): a later change of a
        # default leaves the stored question grading as it was dealt
        house_rules=dict(_snapshot_of(rules)),
    )


@lru_cache(maxsize=256)
def _snapshot_of(rules: HouseRules) -> tuple[tuple[str, object], ...]:
    """`rules` as a question stores them (`HouseRules.worked_out`): worked out once per app
    server for each set of rules a house deals under."""
    return tuple(dataclasses.asdict(rules.worked_out()).items())


def field_json(field: AnswerField) -> dict:
    stored = {
        "name": field.name,
        "label": field.label,
        "kind": field.kind,
        "choices": [list(c) for c in field.choices],
        "keys": list(field.keys),
    }
    if field.seats:  # a watched pot's seats; no other field has any
        stored["seats"] = list(field.seats)
    return stored


def config_for(question: Question) -> HouseConfig:
    """The configuration a stored question was graded with: its paytable version and the
    snapshot of the house rules (editing either later changes nothing here)."""
    rules = question.rules()
    version = question.paytable_version if question.paytable_version_id else None
    tables = {version.game: paytable_of(version)} if version is not None else {}
    return HouseConfig(tables, rules)


def regrade(question: Question) -> dict:
    """The expected answer recomputed from what was stored: the re-grading path."""
    kind = REGISTRY[question.kind]
    _, expected, _ = kind.answer(
        question.request,
        question.level,
        config_for(question),
        table=question.table,
        in_chips=question.in_chips,
    )
    return expected
