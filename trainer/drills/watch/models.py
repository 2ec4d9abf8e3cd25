"""Watch sets: the mispaid hands of a real audit, as the floor team watches them.

A set keeps only what a hand is ruled on and what the dealer paid (`hands`: ruling requests
with `paid`), never the dealer's name, the table or the time: the floor team learns the
mispay, not who made it.  Each watcher takes it as a practice session of their own
(`SetSession`), question by question in the set's order.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class WatchSetQuerySet(models.QuerySet):
    def of_house(self, house_id: int | None) -> WatchSetQuerySet:
        """The sets of one house; no house has none."""
        return self.filter(house_id=house_id) if house_id is not None else self.none()


class WatchSet(models.Model):
    house = models.ForeignKey("houses.House", on_delete=models.CASCADE, related_name="watch_sets")
    title = models.CharField(max_length=200)
    #: where the hands came from, in words ("the audit of shift-12.jsonl, uploaded ..."); the
    #: report's id, kept as a number (an audit deleted later leaves the set as it was)
    source = models.CharField(max_length=300, blank=True)
    report_id = models.PositiveBigIntegerField(null=True, blank=True)
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    made_at = models.DateTimeField(default=timezone.now)
    hands = models.JSONField(
        help_text="The mispaid hands, in order: each a ruling request of its game with what "
        "the dealer paid, and nothing else (no dealer, table or time)."
    )

    objects = WatchSetQuerySet.as_manager()

    class Meta:
        ordering = ["-made_at", "-pk"]
        permissions = [
            (
                "watch_the_game",
                "Can take the watch drills (catch a mispay before the chips leave the table)",
            )
        ]

    def __str__(self) -> str:
        return f"{self.title} ({self.house})"


class SetSession(models.Model):
    """A watcher's practice session of a set: it deals the set's hands in order."""

    session = models.OneToOneField(
        "drills.PracticeSession", on_delete=models.CASCADE, related_name="watch_set_run"
    )
    watch_set = models.ForeignKey(WatchSet, on_delete=models.CASCADE, related_name="runs")

    def __str__(self) -> str:
        return f"{self.watch_set} · session {self.session_id}"
