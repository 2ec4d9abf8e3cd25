"""Rounds dealt to trainees, each a sequence of steps; and a house's pace for each game.

A round stores what replays it: the game, level, players and seed, every card and every
player's decision (`dealt`), the house rules it was dealt under (worked out, as a question's
snapshot) and the paytable version; and its running figures.  Each step is an ordinary
drills question of its drill's skill (`RoundStep.question`), answered by an ordinary attempt,
so practice, progress and the schedule read it as they read any answer; `RoundStep.step` is
the engine's step as dealt (`trainer.engine.rounds.Step.as_json`), what the answer is judged
from, and `slips` the procedure errors named when it was answered.
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q

from trainer.core.i18n import MessagesField
from trainer.engine import pace
from trainer.engine.catalog import title_of
from trainer.engine.kit.rounds import MAX_ROUNDS_PER_HOUR, MIN_ROUNDS_PER_HOUR
from trainer.houses.models import PaytableVersion


class RoundPace(models.Model):
    """A house's pace for one game's rounds, in rounds an hour; without one the game's
    default (docs/rulebook.md, *Dealing the round*)."""

    house = models.ForeignKey("houses.House", on_delete=models.CASCADE, related_name="round_paces")
    game = models.CharField(max_length=30)
    rounds_per_hour = models.PositiveSmallIntegerField(
        "rounds an hour",
        validators=[
            MinValueValidator(MIN_ROUNDS_PER_HOUR),
            MaxValueValidator(MAX_ROUNDS_PER_HOUR),
        ],
        help_text="A round then has 3,600 seconds over this many: 50 an hour is 72 s a round.",
    )

    class Meta:
        verbose_name = "round pace"
        constraints = [
            models.UniqueConstraint(fields=["house", "game"], name="one_round_pace_per_game")
        ]
        ordering = ["house", "game"]

    def __str__(self) -> str:
        return f"{self.house}: {title_of(self.game)}, {self.rounds_per_hour} rounds an hour"


class RoundQuerySet(models.QuerySet):
    def for_trainee(self, trainee) -> RoundQuerySet:
        return self.filter(trainee=trainee)

    def practice(self) -> RoundQuerySet:
        return self.filter(sitting__isnull=True)


class Round(models.Model):
    trainee = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rounds"
    )
    game = models.CharField(max_length=30)
    level = models.PositiveSmallIntegerField()
    players = models.PositiveSmallIntegerField()
    in_chips = models.BooleanField(default=False)
    seed = models.BigIntegerField()
    dealt = models.JSONField(
        help_text="Every card and every player's decision: the round replays from it alone."
    )
    house_rules = models.JSONField(help_text="The house rules in force when it was dealt.")
    paytable_version = models.ForeignKey(
        PaytableVersion,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="rounds",
        help_text="The house's table the round was dealt with; empty for the source texts' "
        "table or a game without one.",
    )
    rounds_per_hour = models.PositiveSmallIntegerField(
        help_text="The game's pace at the house when it was dealt."
    )
    target_ms = models.PositiveBigIntegerField(help_text="The round's time at that pace.")
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    #: a round dealt as part of a test's section; empty for practice
    sitting = models.ForeignKey(
        "assessments.Sitting",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="rounds",
    )
    # kept in the transactions that deal and answer it
    steps_total = models.PositiveSmallIntegerField(default=0)
    steps_answered = models.PositiveSmallIntegerField(default=0)
    steps_right = models.PositiveSmallIntegerField(default=0)
    elapsed_ms = models.PositiveBigIntegerField(
        default=0, help_text="The steps' times added up, each stored with its answer."
    )

    objects = RoundQuerySet.as_manager()

    class Meta:
        ordering = ["-started_at", "-pk"]
        indexes = [models.Index(fields=["trainee", "-started_at"])]
        constraints = [
            models.CheckConstraint(
                condition=Q(steps_answered__lte=models.F("steps_total")),
                name="round_answers_within_its_steps",
            )
        ]

    def __str__(self) -> str:
        return f"{self.title} for {self.trainee} · {self.started_at:%Y-%m-%d %H:%M}"

    @property
    def title(self) -> str:
        return title_of(self.game)

    @property
    def is_finished(self) -> bool:
        return self.finished_at is not None

    @property
    def at_pace(self) -> bool | None:
        """Whether the steps answered so far came within the round's time (None: none yet)."""
        if not self.steps_answered:
            return None
        return self.elapsed_ms <= self.target_ms

    @property
    def pace_words(self) -> str:
        """ "1 min 05 s (target 1 min 12 s, 50 rounds an hour)"."""
        said = pace.pace_words(self.elapsed_ms, self.target_ms)
        return said[:-1] + f", {self.rounds_per_hour} rounds an hour)"

    @property
    def hourly_rate(self) -> int | None:
        """The rounds an hour this round's time would deal (None before an answer)."""
        if not self.elapsed_ms:
            return None
        return round(3_600_000 / self.elapsed_ms)


class RoundStep(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="steps")
    number = models.PositiveSmallIntegerField()
    question = models.OneToOneField(
        "drills.Question", on_delete=models.PROTECT, related_name="round_step"
    )
    # its prompt, events and reasons kept as the engine's messages (read in any language)
    step = MessagesField(help_text="The engine's step as dealt: what its answer is judged by.")
    target_ms = models.PositiveBigIntegerField(
        help_text="Its share of the round's time: the round's time shared among its steps as "
        "their drills' targets are."
    )
    slips = models.JSONField(
        default=list, blank=True, help_text="The procedure errors named when it was answered."
    )

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="one_step_per_number")
        ]

    def __str__(self) -> str:
        return f"Step {self.number} of round {self.round_id}"
