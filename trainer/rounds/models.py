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
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from trainer.core.i18n import MessagesField, render
from trainer.engine import pace
from trainer.engine.catalog import title_of
from trainer.engine.kit.rounds import MAX_ROUNDS_PER_HOUR, MIN_ROUNDS_PER_HOUR
from trainer.houses.models import PaytableVersion


class RoundPace(models.Model):
    """A house's pace for one game's rounds, in rounds an hour; without one the game's
    default (docs/rulebook.md, *Dealing the round*)."""

    house = models.ForeignKey(
        "houses.House",
        on_delete=models.CASCADE,
        related_name="round_paces",
        verbose_name=_("house"),
    )
    game = models.CharField(max_length=30, verbose_name=_("game"))
    rounds_per_hour = models.PositiveSmallIntegerField(
        _("rounds an hour"),
        validators=[
            MinValueValidator(MIN_ROUNDS_PER_HOUR),
            MaxValueValidator(MAX_ROUNDS_PER_HOUR),
        ],
        help_text=_("A round then has 3,600 seconds over this many: 50 an hour is 72 s a round."),
    )

    class Meta:
        verbose_name = _("round pace")
        verbose_name_plural = _("round paces")
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
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="rounds",
        verbose_name=_("trainee"),
    )
    game = models.CharField(max_length=30, verbose_name=_("game"))
    level = models.PositiveSmallIntegerField(verbose_name=_("level"))
    players = models.PositiveSmallIntegerField(verbose_name=_("players"))
    in_chips = models.BooleanField(default=False, verbose_name=_("in chips"))
    seed = models.BigIntegerField(verbose_name=_("seed"))
    # its log's sentences kept as the engine's messages (read in any language)
    dealt = MessagesField(
        help_text=_("Every card and every player's decision: the round replays from it alone."),
        verbose_name=_("dealt"),
    )
    house_rules = models.JSONField(
        help_text=_("The house rules in force when it was dealt."), verbose_name=_("house rules")
    )
    paytable_version = models.ForeignKey(
        PaytableVersion,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="rounds",
        help_text=_(
            "The house's table the round was dealt with; empty for the source texts' "
            "table or a game without one."
        ),
        verbose_name=_("paytable version"),
    )
    rounds_per_hour = models.PositiveSmallIntegerField(
        help_text=_("The game's pace at the house when it was dealt."),
        verbose_name=_("rounds per hour"),
    )
    target_ms = models.PositiveBigIntegerField(
        help_text=_("The round's time at that pace."), verbose_name=_("target ms")
    )
    started_at = models.DateTimeField(auto_now_add=True, verbose_name=_("started at"))
    finished_at = models.DateTimeField(null=True, blank=True, verbose_name=_("finished at"))
    #: a round dealt as part of a test's section; empty for practice
    sitting = models.ForeignKey(
        "assessments.Sitting",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="rounds",
        verbose_name=_("sitting"),
    )
    # kept in the transactions that deal and answer it
    steps_total = models.PositiveSmallIntegerField(default=0, verbose_name=_("steps total"))
    steps_answered = models.PositiveSmallIntegerField(default=0, verbose_name=_("steps answered"))
    steps_right = models.PositiveSmallIntegerField(default=0, verbose_name=_("steps right"))
    elapsed_ms = models.PositiveBigIntegerField(
        default=0,
        help_text=_("The steps' times added up, each stored with its answer."),
        verbose_name=_("elapsed ms"),
    )

    objects = RoundQuerySet.as_manager()

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
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
        return render(title_of(self.game))

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
        said = render(pace.pace_words(self.elapsed_ms, self.target_ms))
        rate = ngettext(
            ", %(rate)s round an hour)", ", %(rate)s rounds an hour)", self.rounds_per_hour
        )
        return said[:-1] + rate % {"rate": self.rounds_per_hour}

    @property
    def hourly_rate(self) -> int | None:
        """The rounds an hour this round's time would deal (None before an answer)."""
        if not self.elapsed_ms:
            return None
        return round(3_600_000 / self.elapsed_ms)


class RoundStep(models.Model):
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="steps", verbose_name=_("round")
    )
    number = models.PositiveSmallIntegerField(verbose_name=_("number"))
    question = models.OneToOneField(
        "drills.Question",
        on_delete=models.PROTECT,
        related_name="round_step",
        verbose_name=_("question"),
    )
    # its prompt, events and reasons kept as the engine's messages (read in any language)
    step = MessagesField(
        help_text=_("The engine's step as dealt: what its answer is judged by."),
        verbose_name=_("step"),
    )
    target_ms = models.PositiveBigIntegerField(
        help_text=_(
            "Its share of the round's time: the round's time shared among its steps as "
            "their drills' targets are."
        ),
        verbose_name=_("target ms"),
    )
    slips = models.JSONField(
        default=list,
        blank=True,
        help_text=_("The procedure errors named when it was answered."),
        verbose_name=_("slips"),
    )

    class Meta:
        verbose_name = _("round step")
        verbose_name_plural = _("round steps")
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="one_step_per_number")
        ]

    def __str__(self) -> str:
        return f"Step {self.number} of round {self.round_id}"
