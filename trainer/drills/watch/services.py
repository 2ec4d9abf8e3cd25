"""Writes of the watch drills' own: a set made from an audit's mispaid hands, and a watcher's
session of it.  Each is atomic and says in words why it refuses, having stored nothing."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext, gettext_lazy

from trainer.drills import dealing
from trainer.drills import services as drills
from trainer.drills.access import may_watch
from trainer.drills.models import PracticeSession
from trainer.engine import EngineError, mispays
from trainer.houses.config import house_setup

from .models import (
    BEYOND,
    MAX_SET_HANDS,
    NOT_RULED,
    NOT_WATCHED,
    PAID_RIGHT_NOW,
    SetSession,
    WatchSet,
)
from .sets import kind_of

NO_MISPAYS = gettext_lazy(
    "This audit has no mispaid hand the watch drills can show (each is re-ruled under the "
    "house's rules of today): there is nothing to make a set of."
)


def watched_hands(house, lines: Iterable[Mapping]) -> tuple[list[dict], dict[str, int]]:
    """The hands of `lines` (a hand log's lines as read, with `paid`) that are mispaid under
    the house's rules of today, as the watch drill keeps them (`mispays.bare`: no dealer's
    name, table or time), in order, at most `MAX_SET_HANDS`; and how many lines were left out,
    by why: of a game no watch drill watches, no longer ruled, paid right under today's rules
    (the house changed them since), beyond the set's size."""
    config = house_setup(house).config
    hands: list[dict] = []
    left: dict[str, int] = {}
    for line in lines:
        if len(hands) == MAX_SET_HANDS:
            left[BEYOND] = left.get(BEYOND, 0) + 1
            continue
        why = None
        if not isinstance(line, Mapping) or kind_of(line.get("game")) is None:
            why = NOT_WATCHED
        else:
            try:
                kept = mispays.bare(line)
                paid = kept.pop("paid")
                hand = mispays.settle(kept["game"], kept, config)
                situation = mispays.read(hand, paid, config)
            except (EngineError, KeyError, TypeError):
                why = NOT_RULED
            else:
                if situation is None:
                    why = PAID_RIGHT_NOW
                else:
                    hands.append({**kept, "paid": paid})
        if why is not None:
            left[why] = left.get(why, 0) + 1
    return hands, left


def make_set(*, house, by, title: str, lines: Iterable[Mapping], source: str = "", report_id=None):
    """Store a watch set of the mispaid hands of `lines` for `house`'s floor team, with how
    many were left out and why; a ValidationError, storing nothing, when none is left to
    watch."""
    title = " ".join(title.split())[:200]
    if not title:
        raise ValidationError(gettext("Give the set a title, like “Last week's mispays”."))
    hands, left = watched_hands(house, lines)
    if not hands:
        raise ValidationError(NO_MISPAYS)
    watch_set = WatchSet(
        house=house,
        title=title,
        source=source[:300],
        report_id=report_id,
        made_by=by,
        hands=hands,
        left_out=left,
    )
    watch_set.full_clean()
    watch_set.save()
    return watch_set


def start_set(*, watcher, set_id) -> PracticeSession:
    """A session of the set `set_id` of the watcher's house, its first hand dealt."""
    if not may_watch(watcher):
        raise drills.NotAllowed(drills.NOT_A_WATCHER)
    watch_set = WatchSet.objects.of_house(watcher.house_id).filter(pk=set_id).first()
    if watch_set is None:
        raise drills.NotFound(gettext("There is no such watch set."))
    with transaction.atomic():
        session = PracticeSession.objects.create(trainee=watcher, kind="", level=1, mode="set")
        SetSession.objects.create(session=session, watch_set=watch_set)
        dealing.deal_question(session)
    return session
