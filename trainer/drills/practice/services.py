"""Writes of adaptive practice: pace targets read for a question, and each answer graded
and recorded as a review of its skill.

`store_and_review` stores the attempt inside the transaction of answering
(trainer.drills.services), and only when an attempt is newly stored: a replayed post stores
nothing and so reviews nothing, and of two racing answers to one question only the stored one
reviews (the other's transaction is rolled back whole).  Answers to different questions of one
skill take the card's row lock in turn, or, reading it with the question, write it only as
they read it (else they are rolled back and taken again with the lock), so none is lost.
"""

from __future__ import annotations

import json

from django.core.cache import caches
from django.db import IntegrityError, transaction
from django.utils import timezone

from trainer.core.times import house_zone
from trainer.core.writes import insert, update_if
from trainer.engine import pace, scheduling
from trainer.engine.drills import REGISTRY, guessable

from .models import PaceTarget, SkillCard


def target_seconds(house, kind: str, level: int) -> float:
    """The target of `house` (a House, or None for none) for a drill at a level, in seconds
    (per position settled), or the drill's own default where the house set none."""
    own = house_targets(house).get((kind, level)) if house is not None else None
    return own if own is not None else REGISTRY[kind].target_seconds(level)


def house_targets(house) -> dict[tuple[str, int], float]:
    """The house's own targets, (kind, level) to seconds, kept with its setup: in this app
    server's memory (`CACHES["local"]`) while the house's `config_serial` is unchanged, as
    `trainer.houses.config.house_setup` keeps its tables.  Saving or deleting a target moves
    the serial on (.signals), so every app server reads them afresh on its next request."""
    cache = caches["local"]
    key = f"pace-targets:{house.pk}:{house.config_serial}"
    targets = cache.get(key)
    if targets is None:
        rows = PaceTarget.objects.filter(house=house.pk).values_list("kind", "level", "seconds")
        targets = {(kind, level): float(seconds) for kind, level, seconds in rows}
        cache.set(key, targets)
    return targets


def question_target_ms(question) -> int | None:
    """The pace target of a stored question, in milliseconds (None for a kind no longer
    registered)."""
    if question.kind not in REGISTRY:
        return None
    trainee = question.trainee
    house = trainee.house if trainee.house_id else None
    seconds = target_seconds(house, question.kind, question.level)
    return pace.target_ms(seconds, (f["name"] for f in question.fields))


def house_day(trainee) -> scheduling.HouseDay:
    """The trainee's house's practice day: its zone and the time its day starts (without a
    house, the site's zone and the default start)."""
    zone = house_zone(trainee) or timezone.get_current_timezone()
    house = trainee.house if trainee.house_id else None
    starts = house.day_starts if house is not None else scheduling.DEFAULT_DAY_STARTS
    return scheduling.HouseDay(zone, starts)


def retention_of(trainee) -> float:
    """The desired retention the trainee's house schedules reviews for."""
    if not trainee.house_id:
        return scheduling.DEFAULT_RETENTION
    return float(trainee.house.desired_retention)


def _locked_card(key: dict) -> SkillCard:
    """The skill's card, locked for this transaction; a new skill's card is made (empty, so
    "new" to the scheduler) and so held by its insert until the transaction ends."""
    try:
        return SkillCard.objects.select_for_update().get(**key)
    except SkillCard.DoesNotExist:
        pass
    try:
        with transaction.atomic():
            return SkillCard.objects.create(**key, state={}, due=timezone.now())
    except IntegrityError:  # another answer of this skill made it meanwhile: wait for it
        return SkillCard.objects.select_for_update().get(**key)


class CardMoved(Exception):
    """The skill's card changed between being read with the question (`skill_card`)
    and being written: another answer of the skill was reviewed meanwhile."""


def store_and_review(attempt, question, *, reviews: bool, read: bool = False):
    """Store the new `attempt` (graded and timed, not yet saved) and, when `reviews` (a
    trainee's answer) and the question has a skill, grade it for the scheduler
    (`scheduling.rating`) and review the skill's card with that grade: the card's FSRS state
    moves on once, or not at all for an answer that is no review (its grade stays empty).
    Call inside the attempt's transaction.  The grade is worked out at the attempt's
    `answered_at` and stored with it, in its one INSERT.

    Answers of one skill are stored in the order they are reviewed, so that their times
    replay the card (`scheduling.replay`).  Either the card is locked before the attempt is
    stored (a new skill's card made empty first), or, `read`, it was read with the question
    (`question.skill_card`, as trainer.drills.services reads it) and is written only as read:
    updated only if no review moved it since, made with its first review only if no other
    answer made it meanwhile.  Else
    CardMoved (or an IntegrityError): the caller rolls its transaction back whole and answers
    again with the card locked."""
    if not (reviews and question.situation):
        insert(attempt)
        return None
    trainee = attempt.trainee
    key = {"trainee_id": trainee.pk, "kind": question.kind, "situation": question.situation}
    if read:
        card, seen = None, question.skill_card
        state = _state_of(seen["state"]) if seen is not None else None
    else:
        card, seen = _locked_card(key), None
        state = card.state or None
    when = attempt.answered_at
    rating = scheduling.rating(
        state,
        correct=attempt.is_correct,
        response_ms=attempt.response_ms,
        target=attempt.target_ms,
        guessable=guessable(question.answer_fields()),
        when=when,
        day=house_day(trainee),
    )
    if rating is not None:
        attempt.grade = scheduling.GRADES[rating]
    insert(attempt)
    if rating is None:
        # no review: the card stays as it is, as long as it is the card the grade read
        if seen is not None and not _as_read(seen).exists():
            raise CardMoved
        return card
    reviewed = scheduling.review(state, rating, when, retention_of(trainee))
    written = {
        "state": reviewed,
        "due": scheduling.due(reviewed),
        "stability": scheduling.stability(reviewed),
        "last_attempt": attempt,
        "updated_at": timezone.now(),
    }
    if card is not None:
        # the row locked above, in one UPDATE (a queryset's: no save() machinery)
        SkillCard.objects.filter(pk=card.pk).update(reviews=card.reviews + 1, **written)
        for name, value in written.items():
            setattr(card, name, value)
        card.reviews += 1
        return card
    if seen is None:  # the skill's first review
        card = SkillCard(**key, reviews=1, **written)
        insert(card)
        return card
    as_read = {"reviews": seen["reviews"]}
    if not update_if(SkillCard, seen["id"], as_read, {"reviews": seen["reviews"] + 1, **written}):
        raise CardMoved
    return None


def _as_read(seen: dict):
    """The card read with the question, only if no review has moved it since."""
    return SkillCard.objects.filter(pk=seen["id"], reviews=seen["reviews"])


def _state_of(stored) -> dict | None:
    # read beside the question, not through its field, the state comes as the column's text
    # (a card read through the ORM gives it as an object)
    state = json.loads(stored) if isinstance(stored, str) else stored
    return state or None


def lapse(*, trainee, kind: str, situation: str, when, record) -> SkillCard | None:
    """Review the trainee's skill (`kind`, `situation`) as a lapse ("again") at `when`, a
    mistake made away from the drills (a mispay the audit found on the floor), once:
    `record(card)` records the mistake against the card and says False when it was recorded
    already (then None, the card unchanged).
    The card is locked first (made empty for a skill never met), so two applications of one
    mistake take turns and the second finds the first's record.  A review is never dated
    before the card's last one (FSRS reads time forward): a mistake older than the trainee's
    last answer of the skill is reviewed at that answer's time.  Call inside a transaction;
    `record` writes in it."""
    card = _locked_card({"trainee_id": trainee.pk, "kind": kind, "situation": situation})
    if not record(card):
        return None
    state = card.state or None
    last = scheduling.card_of(state).last_review if state else None
    at = max(when, last) if last is not None else when
    reviewed = scheduling.review(state, "again", at, retention_of(trainee))
    written = {
        "state": reviewed,
        "due": scheduling.due(reviewed),
        "stability": scheduling.stability(reviewed),
        "updated_at": timezone.now(),
    }
    SkillCard.objects.filter(pk=card.pk).update(reviews=card.reviews + 1, **written)
    card.refresh_from_db()
    return card
