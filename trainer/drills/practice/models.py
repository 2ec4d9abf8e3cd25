"""Skills scheduled per trainee, the games a trainee is enrolled in, the house's pace targets.

A skill is a drill kind and a situation (`trainer.engine.scheduling`).  Its card holds the FSRS
state after the trainee's last review of that skill, written in the same transaction as the
attempt (`trainer.drills.practice.services.store_and_review`), once per attempt that is a
review (the attempt's `grade`).
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from trainer.core.i18n import render
from trainer.engine import pace
from trainer.engine.drills import REGISTRY


class SkillCard(models.Model):
    """The scheduler's state of one trainee's skill (drill kind + situation)."""

    # Every review writes its card, and each index on it with it: the card keeps only those
    # a query or a constraint uses.  A trainee's cards are read whole, never by `due`
    # (trainer.drills.practice.today.standing, trainer.progress.skills); the trainee's own
    # index is the unique constraint's, which leads with the trainee.
    trainee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="skill_cards",
        db_index=False,
        verbose_name=_("trainee"),
    )
    kind = models.CharField(max_length=30, verbose_name=_("kind"))
    situation = models.CharField(max_length=100, verbose_name=_("situation"))
    #: the FSRS card as `trainer.engine.scheduling.review` gives it (state, step, stability,
    #: difficulty, due, last_review, reps, lapses, retention)
    state = models.JSONField(verbose_name=_("state"))
    # read out of `state` for queries: FSRS's due instant (a skill in review is due for
    # practice from the start of that house day: `scheduling.due_from`), and how strong
    due = models.DateTimeField(verbose_name=_("due"))
    stability = models.FloatField(
        null=True, blank=True, help_text=_("FSRS stability, in days."), verbose_name=_("stability")
    )
    reviews = models.PositiveIntegerField(default=0, verbose_name=_("reviews"))
    last_attempt = models.ForeignKey(
        "drills.Attempt",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("last attempt"),
    )
    updated_at = models.DateTimeField(auto_now=True, verbose_name=_("updated at"))

    class Meta:
        verbose_name = _("skill card")
        verbose_name_plural = _("skill cards")
        constraints = [
            models.UniqueConstraint(
                fields=["trainee", "kind", "situation"], name="one_card_per_skill"
            )
        ]

    def __str__(self) -> str:
        return f"{self.trainee} · {self.kind} · {self.situation}"


class Enrolment(models.Model):
    """A game a trainee is enrolled in: Today's practice deals its skills.  A trainee with no
    enrolment practises every game (hand reading and chips belong to every game)."""

    trainee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="enrolments",
        verbose_name=_("trainee"),
    )
    game = models.CharField(max_length=30, verbose_name=_("game"))
    enrolled_at = models.DateTimeField(auto_now_add=True, verbose_name=_("enrolled at"))

    class Meta:
        verbose_name = _("enrolment")
        verbose_name_plural = _("enrolments")
        constraints = [
            models.UniqueConstraint(fields=["trainee", "game"], name="one_enrolment_per_game")
        ]
        ordering = ["game"]

    def __str__(self) -> str:
        return f"{self.trainee} in {self.game}"


class PaceTarget(models.Model):
    """A house's target for a drill at a level: seconds per question (per position settled,
    where a question settles positions).  Without one the drill's own default applies."""

    house = models.ForeignKey(
        "houses.House",
        on_delete=models.CASCADE,
        related_name="pace_targets",
        verbose_name=_("house"),
    )
    kind = models.CharField(_("drill"), max_length=30)
    level = models.PositiveSmallIntegerField(verbose_name=_("level"))
    seconds = models.DecimalField(
        max_digits=5,
        decimal_places=1,
        validators=[
            MinValueValidator(Decimal(pace.MIN_TARGET_SECONDS)),
            MaxValueValidator(Decimal(pace.MAX_TARGET_SECONDS)),
        ],
        help_text=_(
            "Seconds a trainee may take, per position settled where the drill settles "
            "positions against the house, else per question."
        ),
        verbose_name=_("seconds"),
    )

    class Meta:
        verbose_name = _("pace target")
        verbose_name_plural = _("pace targets")
        constraints = [
            models.UniqueConstraint(fields=["house", "kind", "level"], name="one_target_per_level")
        ]
        ordering = ["house", "kind", "level"]

    def __str__(self) -> str:
        """In words, as the admin lists it: "Demo house: Mississippi Stud: pay the position,
        level 1, 8 s" (never the drill's slug or a decimal)."""
        drill = REGISTRY.get(self.kind)
        title = render(drill.title) if drill is not None else self.kind
        said = pace.seconds_words(round(Decimal(self.seconds) * 1000))
        return _("%(house)s: %(drill)s, level %(level)s, %(target)s") % {
            "house": self.house,
            "drill": title,
            "level": self.level,
            "target": said,
        }
