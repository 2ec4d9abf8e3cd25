"""Versioned paytables: a house's dated, labelled table for one game, its rows, and when
each version was made the active one.

Once anything points at a version (a question or attempt graded with it), it is read-only:
changing a table means saving a new version, and activating a version is an explicit step.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models, transaction
from django.db.models import Max, Q
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from trainer.engine import Category
from trainer.engine.catalog import GAMES, paid_games
from trainer.engine.paytables import MAX_ODDS

from .house import House
from .money import unit_bound

RANK_CHOICES = [(r, {11: "J", 12: "Q", 13: "K", 14: "A"}.get(r, str(r))) for r in range(2, 15)]
CATEGORY_CHOICES = [(c.order, c.label) for c in Category]


def paid_game_choices() -> list[tuple[str, str]]:
    """The games that pay from a paytable a house sets, as the games registry lists them."""
    return [(g.slug, g.title) for g in paid_games()]


class PaytableVersionQuerySet(models.QuerySet):
    def active(self) -> PaytableVersionQuerySet:
        return self.filter(is_active=True)

    def for_house(self, house: House) -> PaytableVersionQuerySet:
        return self.filter(house=house)

    def visible_to(self, user) -> PaytableVersionQuerySet:
        if user.is_superuser:
            return self
        if not user.is_authenticated or user.house_id is None:
            return self.none()
        return self.filter(house_id=user.house_id)


class PaytableVersionManager(models.Manager.from_queryset(PaytableVersionQuerySet)):
    def get_by_natural_key(self, house_slug, game, number):
        return self.get(house__slug=house_slug, game=game, number=number)

    def lock_numbering(self, house_id: int) -> None:
        """Hold the house's row until the transaction ends, so that versions are numbered,
        and a form's token looked up, one save at a time.  Locking the game's versions
        would not do: a game's first version has none to lock.  FOR NO KEY UPDATE, the lock
        an UPDATE of the house takes (as every save does, moving its config serial), so
        rows that only point at the house (answers, attempts) are not held up."""
        list(
            House.objects.select_for_update(no_key=True)
            .filter(pk=house_id)
            .values_list("pk", flat=True)
        )


class PaytableVersion(models.Model):
    """One dated, labelled paytable of one game for one house."""

    house = models.ForeignKey(
        House,
        on_delete=models.PROTECT,
        related_name="paytables",
        verbose_name=gettext_lazy("house"),
    )
    game = models.CharField(gettext_lazy("game"), max_length=30, choices=paid_game_choices)
    number = models.PositiveIntegerField(
        gettext_lazy("number"),
        editable=False,
        help_text=gettext_lazy("Version number within the house and game, from 1."),
    )
    label = models.CharField(gettext_lazy("label"), max_length=100)
    bet_unit = models.PositiveIntegerField(
        gettext_lazy("bet unit"),
        default=1,
        validators=[MinValueValidator(1), unit_bound(gettext_lazy("The bet unit"))],
        help_text=gettext_lazy("Every bet on this table is a whole multiple of this amount."),
    )
    pair_band_low = models.PositiveSmallIntegerField(
        gettext_lazy("paying pairs from"),
        null=True,
        blank=True,
        choices=RANK_CHOICES,
        help_text=gettext_lazy(
            "Mississippi Stud: the lowest pair that pays the one-pair row (J by default)."
        ),
    )
    push_band_low = models.PositiveSmallIntegerField(
        gettext_lazy("pushing pairs from"),
        null=True,
        blank=True,
        choices=RANK_CHOICES,
        help_text=gettext_lazy("Mississippi Stud: the lowest pair that pushes (6 by default)."),
    )
    push_band_high = models.PositiveSmallIntegerField(
        gettext_lazy("pushing pairs up to"),
        null=True,
        blank=True,
        choices=RANK_CHOICES,
        help_text=gettext_lazy(
            "Mississippi Stud: the highest pair that pushes (10 by default); it must end "
            "just below the paying pairs."
        ),
    )
    is_active = models.BooleanField(gettext_lazy("is active"), default=False, editable=False)
    first_used_at = models.DateTimeField(
        gettext_lazy("first used at"),
        null=True,
        blank=True,
        editable=False,
        help_text=gettext_lazy(
            "When a question or attempt was first graded with this version; from then "
            "on the version is read-only."
        ),
    )
    activated_at = models.DateTimeField(
        gettext_lazy("activated at"), null=True, blank=True, editable=False
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        editable=False,
        verbose_name=gettext_lazy("created by"),
    )
    created_at = models.DateTimeField(gettext_lazy("created at"), auto_now_add=True)
    # null, not "", for a version saved otherwise (the admin, a copy, a fixture): the
    # constraint below leaves those out
    form_token = models.CharField(  # noqa: DJ001
        gettext_lazy("form token"),
        max_length=64,
        null=True,
        blank=True,
        editable=False,
        help_text="The designer form's one-time token: the same form posted again finds this "
        "version instead of saving another.",
    )
    inversions_confirmed = models.BooleanField(
        gettext_lazy("inversions confirmed"),
        default=False,
        help_text=gettext_lazy(
            "Tick to save a table where a stronger hand pays less than a weaker one."
        ),
    )

    objects = PaytableVersionManager()

    class Meta:
        ordering = ["house__name", "game", "-number"]
        constraints = [
            models.UniqueConstraint(
                fields=["house", "game"],
                condition=Q(is_active=True),
                name="one_active_paytable_per_house_and_game",
                violation_error_message=gettext_lazy(
                    "This house already has an active table for this game."
                ),
            ),
            models.UniqueConstraint(
                fields=["house", "game", "number"], name="unique_paytable_version_number"
            ),
            models.UniqueConstraint(
                fields=["house", "game", "form_token"],
                condition=Q(form_token__isnull=False),
                name="unique_paytable_form_token",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.house} · {self.get_game_display()} v{self.number}: {self.label}"

    def save(self, *args, **kwargs):
        if self.pk is not None and self.is_in_use():
            raise ValidationError(READ_ONLY)
        if self.number is None:
            with transaction.atomic():
                # the next number read under the house's lock: two saves at once each read
                # the number the other committed (a lock on the rows read by Max cannot
                # hold back a row not yet inserted, and the second save failed on the
                # unique number)
                PaytableVersion.objects.lock_numbering(self.house_id)
                latest = PaytableVersion.objects.filter(
                    house=self.house_id, game=self.game
                ).aggregate(n=Max("number"))["n"]
                self.number = (latest or 0) + 1
                return super().save(*args, **kwargs)
        return super().save(*args, **kwargs)

    def natural_key(self):
        return (self.house.slug, self.game, self.number)

    natural_key.dependencies = ["houses.house"]

    # -- versioning ----------------------------------------------------------------------

    def is_in_use(self) -> bool:
        """Whether anything outside the table itself points at this version (a question or an
        attempt graded with it): such a version is read-only for ever."""
        if self.pk is None:
            return False
        if self.first_used_at is not None:
            return True
        for relation in self._meta.related_objects:
            # its rows, and the record of its activations, are the table itself
            if relation.related_model in (PaytableRow, TableActivation) or not relation.one_to_many:
                continue
            accessor = relation.get_accessor_name()
            if getattr(self, accessor).exists():
                return True
        return False

    @property
    def engine_game(self):
        """The games registry's record of this version's game."""
        return GAMES[self.game]

    def clean(self):
        if self.game in GAMES and GAMES[self.game].pair_bands:
            if self.pair_band_low is None:
                raise ValidationError(
                    {
                        "pair_band_low": gettext("A %(game)s table needs its lowest paying pair.")
                        % {"game": GAMES[self.game].title}
                    }
                )
            if (self.push_band_low is None) != (self.push_band_high is None):
                raise ValidationError(
                    {
                        "push_band_high": gettext(
                            "Give both ends of the push band, or neither for no push."
                        )
                    }
                )
        else:
            self.pair_band_low = self.push_band_low = self.push_band_high = None


READ_ONLY = gettext_lazy(
    "This version has been used to grade answers, so it is read-only: save a new version from "
    "it instead."
)


class PaytableRowManager(models.Manager):
    def get_by_natural_key(self, house_slug, game, number, category):
        return self.get(
            version__house__slug=house_slug,
            version__game=game,
            version__number=number,
            category=category,
        )


class PaytableRow(models.Model):
    """One category's profit odds "win to to" on a version."""

    version = models.ForeignKey(
        PaytableVersion,
        on_delete=models.CASCADE,
        related_name="rows",
        verbose_name=gettext_lazy("version"),
    )
    category = models.PositiveSmallIntegerField(gettext_lazy("category"), choices=CATEGORY_CHOICES)
    win = models.PositiveIntegerField(
        pgettext_lazy("paytable odds: pays 3 to 1", "pays"),
        validators=[MinValueValidator(1), MaxValueValidator(MAX_ODDS)],
    )
    to = models.PositiveIntegerField(
        pgettext_lazy("paytable odds: pays 3 to 1", "to"),
        default=1,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_ODDS)],
    )

    objects = PaytableRowManager()

    class Meta:
        ordering = ["-category"]  # rank order: royal flush first
        constraints = [
            models.UniqueConstraint(fields=["version", "category"], name="one_row_per_category")
        ]

    def __str__(self) -> str:
        return gettext("%(category)s pays %(win)s to %(to)s") % {
            "category": self.get_category_display(),
            "win": self.win,
            "to": self.to,
        }

    def save(self, *args, **kwargs):
        if self.version.is_in_use():
            raise ValidationError(READ_ONLY)
        return super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        if self.version.is_in_use():
            raise ValidationError(READ_ONLY)
        return super().delete(*args, **kwargs)

    def natural_key(self):
        return (*self.version.natural_key(), self.category)

    natural_key.dependencies = ["houses.paytableversion"]

    @property
    def engine_category(self) -> Category:
        return next(c for c in Category if c.order == self.category)


class TableActivation(models.Model):
    """A version made its house's active table for its game (`services.activate`), and when:
    the table in force at a moment is the one activated last before it."""

    house = models.ForeignKey(
        House, on_delete=models.CASCADE, related_name="+", verbose_name=gettext_lazy("house")
    )
    game = models.CharField(gettext_lazy("game"), max_length=30)
    version = models.ForeignKey(
        PaytableVersion,
        on_delete=models.CASCADE,
        related_name="activations",
        verbose_name=gettext_lazy("version"),
    )
    at = models.DateTimeField(gettext_lazy("at"), db_index=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=gettext_lazy("by"),
    )

    class Meta:
        ordering = ["house", "game", "at", "pk"]

    def __str__(self) -> str:
        return gettext("%(version)s activated %(when)s") % {
            "version": self.version,
            "when": f"{self.at:%Y-%m-%d %H:%M}",
        }


class PendingActivation(models.Model):
    """An activation asked for that has not taken effect at once: it waits for its time
    (`effective_at`), for a second games manager's approval where the house asks for one, or
    both (trainer.houses.scheduled).  It takes effect through `services.activate`, and keeps
    who asked, who approved (or refused) and the activation it made, for the version's
    history."""

    class State(models.TextChoices):
        AWAITING = "awaiting", gettext_lazy("waiting for approval")
        SCHEDULED = "scheduled", gettext_lazy("waiting for its time")
        APPLIED = "applied", gettext_lazy("took effect")
        REFUSED = "refused", gettext_lazy("refused")
        FAILED = "failed", gettext_lazy("could not take effect")

    OPEN = (State.AWAITING, State.SCHEDULED)

    house = models.ForeignKey(
        House, on_delete=models.CASCADE, related_name="+", verbose_name=gettext_lazy("house")
    )
    game = models.CharField(gettext_lazy("game"), max_length=30)
    version = models.ForeignKey(
        PaytableVersion,
        on_delete=models.CASCADE,
        related_name="pending_activations",
        verbose_name=gettext_lazy("version"),
    )
    state = models.CharField(
        gettext_lazy("state"), max_length=10, choices=State.choices, default=State.AWAITING
    )
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=gettext_lazy("requested by"),
    )
    requested_at = models.DateTimeField(gettext_lazy("requested at"))
    effective_at = models.DateTimeField(gettext_lazy("effective at"), db_index=True)
    needs_approval = models.BooleanField(gettext_lazy("needs approval"), default=False)
    # what the requester's page saw of the game's tables and confirmed of its edge: applying
    # goes ahead only while the tables are as they were then
    seen = models.CharField(gettext_lazy("seen"), max_length=50)
    player_edge_confirmed = models.BooleanField(
        gettext_lazy("player edge confirmed"), default=False
    )
    approved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=gettext_lazy("approved by"),
    )
    approved_at = models.DateTimeField(gettext_lazy("approved at"), null=True, blank=True)
    refused_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=gettext_lazy("refused by"),
    )
    refused_at = models.DateTimeField(gettext_lazy("refused at"), null=True, blank=True)
    activation = models.OneToOneField(
        TableActivation,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="pending",
        verbose_name=gettext_lazy("activation"),
    )
    # why it could not take effect, in a games manager's words
    reason = models.TextField(gettext_lazy("reason"), blank=True)

    class Meta:
        ordering = ["effective_at", "pk"]

    def __str__(self) -> str:
        return f"{self.version} ({self.get_state_display()})"
