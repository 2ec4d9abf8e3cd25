"""A house's certification per game, and the table tests its supervisors sign.

`Requirement`: what certifies a dealer in one game at one house: the written test (an
assessment and its pass mark), the practice hours, whether a table test is asked, the
house's own points for it, the wait before a failed table test is taken again, and what a
renewal asks.  `TableTest`: one table test as signed, read-only from then on (a correction is
a new record naming the one it corrects).
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from trainer.assessments.models import Assessment
from trainer.core.i18n import render
from trainer.engine.catalog import title_of
from trainer.engine.kit.registry import round_games
from trainer.engine.kit.table_test import POINTS, table_points

#: the most house points a table test lists besides the game's own
MAX_HOUSE_POINTS = 20


def game_choices() -> list[tuple[str, str]]:
    """The games a dealer is certified in: each game the engine deals whole rounds of (its
    table test's points are the round's procedure), from the games registry."""
    return [(g.slug, g.title) for g in round_games()]


class Requirement(models.Model):
    house = models.ForeignKey(
        "houses.House",
        on_delete=models.CASCADE,
        related_name="certifications",
        verbose_name=_("house"),
    )
    game = models.CharField(max_length=30, verbose_name=_("game"))
    test = models.ForeignKey(
        Assessment,
        on_delete=models.PROTECT,
        related_name="+",
        help_text=_("The written test a dealer passes, at its own pass mark."),
        verbose_name=_("written test"),
    )
    practice_hours = models.DecimalField(
        _("practice hours"),
        max_digits=4,
        decimal_places=1,
        default=Decimal("10.0"),
        validators=[MinValueValidator(Decimal("0")), MaxValueValidator(Decimal("500"))],
        help_text=_(
            "Hours of practice on this game the site counts from answered questions and dealt "
            "rounds (the rulebook, Certification, says how); 0 asks for none."
        ),
    )
    table_test = models.BooleanField(
        _("table test"),
        default=True,
        help_text=_("A supervisor judges the dealer at a live or mock table."),
    )
    house_points = models.TextField(
        _("the house's own points"),
        blank=True,
        help_text=_("One per line, judged after the game's own points."),
    )
    retake_days = models.PositiveSmallIntegerField(
        _("days before a failed table test is taken again"),
        default=7,
        validators=[MaxValueValidator(365)],
    )
    renewal_test = models.ForeignKey(
        Assessment,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text=_(
            "The shorter refresher test a renewal asks: a test of its own (a passed test is "
            "never sat again)."
        ),
        verbose_name=_("renewal test"),
    )
    renewal_table_test = models.BooleanField(_("a renewal asks a new table test"), default=False)
    risk_recall = models.DecimalField(
        _("recall at risk below"),
        max_digits=3,
        decimal_places=2,
        default=Decimal("0.80"),
        validators=[MinValueValidator(Decimal("0.50")), MaxValueValidator(Decimal("0.99"))],
        help_text=_(
            "A certified dealer is at risk when the predicted recall of the weakest tenth of "
            "the game's skills falls below this within the next 30 days (the rulebook, "
            "Certification, says how)."
        ),
    )
    ready_recall = models.DecimalField(
        _("readiness recall"),
        max_digits=3,
        decimal_places=2,
        default=Decimal("0.95"),
        validators=[MinValueValidator(Decimal("0.80")), MaxValueValidator(Decimal("0.99"))],
        help_text=_(
            "Before a test or a renewal, Today's practice plans toward every skill of the game "
            "at this recall on the day (the rulebook, Certification, says how)."
        ),
    )
    changed_at = models.DateTimeField(auto_now=True, verbose_name=_("changed at"))
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("changed by"),
    )

    class Meta:
        verbose_name = _("certification")
        verbose_name_plural = _("certifications")
        ordering = ["house", "game"]
        permissions = [
            ("define_certifications", _("Can define what certifies a dealer in each game")),
            ("judge_table_tests", _("Can judge and sign table tests")),
        ]
        constraints = [
            models.UniqueConstraint(fields=["house", "game"], name="one_certification_per_game")
        ]

    def __str__(self) -> str:
        return f"{self.house}: {self.game}"

    @property
    def game_title(self) -> str:
        return render(title_of(self.game))

    def own_points(self) -> list[str]:
        return [line.strip() for line in self.house_points.splitlines() if line.strip()]

    def points(self) -> list[dict[str, str]]:
        """The table test's points, in order: the game's round procedure's (a key the engine
        words), then the house's own (its words, keyed by their place)."""
        game = next(g for g in round_games() if g.slug == self.game)
        points = [
            {"key": p.key, "words": render(p.words)} for p in table_points(game.round_procedure())
        ]
        points += [
            {"key": f"house-{n}", "words": words} for n, words in enumerate(self.own_points(), 1)
        ]
        return points


class TableTestQuerySet(models.QuerySet):
    def visible_to(self, user) -> TableTestQuerySet:
        """The house's supervisors see their house's; a dealer, their own."""
        if user.is_superuser:
            return self
        if not user.is_authenticated or user.house_id is None:
            return self.none()
        if user.has_perm("houses.review_trainees"):
            return self.filter(house_id=user.house_id)
        return self.filter(dealer_id=user.pk)

    def standing(self) -> TableTestQuerySet:
        """Those no later record corrects."""
        return self.filter(corrections__isnull=True)


class TableTest(models.Model):
    """A table test as signed: who judged whom, when, at which table, each point met or not
    with its comment, the verdict, and the dealer's figures the supervisor saw.  Written once;
    never changed (`save` refuses), never deleted (PROTECT)."""

    house = models.ForeignKey(
        "houses.House", on_delete=models.PROTECT, related_name="+", verbose_name=_("house")
    )
    game = models.CharField(max_length=30, verbose_name=_("game"))
    dealer = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="table_tests",
        verbose_name=_("dealer"),
    )
    supervisor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="table_tests_judged",
        verbose_name=_("supervisor"),
    )
    table = models.CharField(_("table"), max_length=60)
    signed_at = models.DateTimeField(default=timezone.now, verbose_name=_("signed at"))
    passed = models.BooleanField(verbose_name=_("passed"))
    #: [{"key", "words" (as the supervisor read them), "met": bool, "comment"}], in order
    points = models.JSONField(verbose_name=_("points"))
    #: the dealer's figures on the game over the 30 days before, as shown when signed
    figures = models.JSONField(default=dict, verbose_name=_("figures"))
    comment = models.TextField(_("comment"), blank=True, max_length=2000)
    #: the signing form's one-time token: the same form posted again (a double tap, a reload)
    #: finds this record rather than signing another
    token = models.CharField(max_length=64, unique=True, verbose_name=_("token"))
    corrects = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="corrections",
        verbose_name=_("corrects"),
    )

    objects = TableTestQuerySet.as_manager()

    class Meta:
        verbose_name = _("table test")
        verbose_name_plural = _("table tests")
        ordering = ["-signed_at", "-pk"]
        indexes = [models.Index(fields=["dealer", "game", "signed_at"])]

    def __str__(self) -> str:
        return f"Table test {self.pk}: {self.game} for {self.dealer}"

    def save(self, *args, **kwargs):
        if self.pk is not None and not self._state.adding:
            raise ValidationError(
                gettext("A signed table test is never changed: sign a correction of it instead.")
            )
        super().save(*args, **kwargs)

    @property
    def game_title(self) -> str:
        return render(title_of(self.game))

    def shown_points(self) -> list[dict]:
        """The points as judged, each in the reader's language where the engine words it (a
        house's own point keeps the house's words)."""
        return [
            {**p, "words": render(POINTS[p["key"]]) if p["key"] in POINTS else p["words"]}
            for p in self.points
        ]
