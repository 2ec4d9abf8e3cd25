"""Writes of adaptive practice: pace targets read for a question, and each answer recorded
as a review of its skill.

`record_review` runs inside the transaction that stores the attempt (trainer.drills.services),
and only when an attempt is newly stored: a replayed post stores nothing and so reviews
nothing, and of two racing answers to one question only the stored one reviews (the other's
transaction is rolled back whole).  Answers to different questions of one skill take the
card's row lock in turn, so none is lost.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction

from trainer.engine import pace, scheduling
from trainer.engine.drills import REGISTRY

from .models import PaceTarget, SkillCard


def target_seconds(house_id: int | None, kind: str, level: int) -> float:
    """The house's target for a drill at a level, in seconds (per position settled), or the
    drill's own default where the house set none."""
    if house_id is not None:
        seconds = (
            PaceTarget.objects.filter(house_id=house_id, kind=kind, level=level)
            .values_list("seconds", flat=True)
            .first()
        )
        if seconds is not None:
            return float(seconds)
    return REGISTRY[kind].target_seconds(level)


def question_target_ms(question) -> int | None:
    """The pace target of a stored question, in milliseconds (None for a kind no longer
    registered)."""
    if question.kind not in REGISTRY:
        return None
    seconds = target_seconds(question.trainee.house_id, question.kind, question.level)
    return pace.target_ms(seconds, (f["name"] for f in question.fields))


def record_review(attempt, question) -> SkillCard | None:
    """Review the skill of `question` with the newly stored `attempt` (its `rating` set):
    the card's FSRS state moves on once.  Call inside the attempt's transaction."""
    if not question.situation or not attempt.rating:
        return None
    key = {"trainee_id": attempt.trainee_id, "kind": question.kind, "situation": question.situation}
    when = attempt.answered_at
    card = SkillCard.objects.select_for_update().filter(**key).first()
    if card is None:
        state = scheduling.review(None, attempt.rating, when)
        try:
            with transaction.atomic():
                return SkillCard.objects.create(
                    **key,
                    state=state,
                    due=scheduling.due(state),
                    stability=scheduling.stability(state),
                    reviews=1,
                    last_attempt=attempt,
                )
        except IntegrityError:  # another answer of this skill created it meanwhile
            card = SkillCard.objects.select_for_update().get(**key)
    state = scheduling.review(card.state, attempt.rating, when)
    card.state = state
    card.due = scheduling.due(state)
    card.stability = scheduling.stability(state)
    card.reviews += 1
    card.last_attempt = attempt
    card.save(update_fields=["state", "due", "stability", "reviews", "last_attempt", "updated_at"])
    return card
