"""Watch sets: the mispaid hands of a real audit, as the floor team watches them.

A set keeps only what a hand is ruled on and what the dealer paid (`hands`: ruling requests
with `paid`), never the dealer's name, the table or the time: the floor team learns the
mispay, not who made it.  Each watcher takes it as a practice session of their own
(`SetSession`), question by question in the set's order.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

#: the most hands a set keeps: a few minutes of watching, not a shift's worth
MAX_SET_HANDS = 40
#: why a mispaid hand of an audit is not in the set made of it (`services.watched_hands`)
NOT_WATCHED, NOT_RULED, PAID_RIGHT_NOW, BEYOND = "not-watched", "not-ruled", "paid-right", "beyond"


def left_out_words(left: Mapping[str, int]) -> str:
    """Why a set holds fewer hands than its audit's mispays, in words; "" when it holds all."""
    parts = []
    # in this order whatever the stored mapping's (PostgreSQL's jsonb keeps no key order)
    for why in (PAID_RIGHT_NOW, NOT_RULED, NOT_WATCHED, BEYOND):
        count = left.get(why, 0)
        if not count:
            continue
        if why == NOT_WATCHED:
            parts.append(
                ngettext(
                    "%(n)d of a game no watch drill deals",
                    "%(n)d of games no watch drill deals",
                    count,
                )
            )
        elif why == NOT_RULED:
            parts.append(
                ngettext(
                    "%(n)d that can no longer be ruled", "%(n)d that can no longer be ruled", count
                )
            )
        elif why == PAID_RIGHT_NOW:
            parts.append(
                ngettext(
                    "%(n)d paid right under the house's rules of today",
                    "%(n)d paid right under the house's rules of today",
                    count,
                )
            )
        elif why == BEYOND:
            parts.append(
                ngettext(
                    "%(n)d beyond the %(max)d hands a set holds",
                    "%(n)d beyond the %(max)d hands a set holds",
                    count,
                )
            )
        parts[-1] = parts[-1] % {"n": count, "max": MAX_SET_HANDS}
    if not parts:
        return ""
    return gettext("left out: %(why)s") % {"why": "; ".join(parts)}


class WatchSetQuerySet(models.QuerySet):
    def of_house(self, house_id: int | None) -> WatchSetQuerySet:
        """The sets of one house; no house has none."""
        return self.filter(house_id=house_id) if house_id is not None else self.none()


class WatchSet(models.Model):
    house = models.ForeignKey(
        "houses.House", on_delete=models.CASCADE, related_name="watch_sets", verbose_name=_("house")
    )
    title = models.CharField(max_length=200, verbose_name=_("title"))
    #: where the hands came from, in words ("the audit of shift-12.jsonl, uploaded ..."); the
    #: report's id, kept as a number (an audit deleted later leaves the set as it was)
    source = models.CharField(max_length=300, blank=True, verbose_name=_("source"))
    report_id = models.PositiveBigIntegerField(null=True, blank=True, verbose_name=_("report id"))
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("made by"),
    )
    made_at = models.DateTimeField(default=timezone.now, verbose_name=_("made at"))
    hands = models.JSONField(
        help_text=_(
            "The mispaid hands, in order: each a ruling request of its game with what "
            "the dealer paid, and nothing else (no dealer, table or time)."
        ),
        verbose_name=_("hands"),
    )
    #: how many of the audit's mispaid hands were left out of the set, by why
    #: (`services.watched_hands`): the set says so wherever it is listed
    left_out = models.JSONField(default=dict, blank=True, verbose_name=_("left out"))

    objects = WatchSetQuerySet.as_manager()

    class Meta:
        verbose_name = _("watch set")
        verbose_name_plural = _("watch sets")
        ordering = ["-made_at", "-pk"]
        permissions = [
            (
                "watch_the_game",
                _("Can take the watch drills (catch a mispay before the chips leave the table)"),
            )
        ]

    def __str__(self) -> str:
        return f"{self.title} ({self.house})"

    @property
    def left_out_words(self) -> str:
        return left_out_words(self.left_out or {})


class SetSession(models.Model):
    """A watcher's practice session of a set: it deals the set's hands in order."""

    session = models.OneToOneField(
        "drills.PracticeSession",
        on_delete=models.CASCADE,
        related_name="watch_set_run",
        verbose_name=_("session"),
    )
    watch_set = models.ForeignKey(
        WatchSet, on_delete=models.CASCADE, related_name="runs", verbose_name=_("watch set")
    )

    class Meta:
        verbose_name = _("watch set session")
        verbose_name_plural = _("watch set sessions")

    def __str__(self) -> str:
        return f"{self.watch_set} · session {self.session_id}"
