"""Dispute cases: a ruling a house keeps as its record of a dispute.

A case holds the request, the ruling the engine gave (with its steps), the house's paytable
version and house rules it was ruled with, who saved it and when.  It never changes once saved:
a correction or a later word is a new `CaseNote`, and notes are never changed either.  Cases are
numbered per house (1, 2, 3 ...) from the house's `CaseCounter`, which the saving transaction
moves on with one UPDATE, so two saves at once cannot take the same number.
"""

from __future__ import annotations

import contextlib

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from trainer.core.i18n import MessagesField
from trainer.engine.cards import card
from trainer.engine.catalog import GAMES
from trainer.engine.errors import EngineError
from trainer.houses.models import House, PaytableVersion

#: the longest note a case keeps (a dispute's account, not a file)
NOTE_MAX = 4000

UNCHANGEABLE = gettext_lazy("A saved case and its notes never change: add a note instead.")


class Unchangeable(models.Model):
    """A row that is written once: saving it again or deleting it is refused."""

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise ValidationError(UNCHANGEABLE)
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ValidationError(UNCHANGEABLE)


class CaseCounter(models.Model):
    """The last case number a house has given (one row per house)."""

    house = models.OneToOneField(
        House, on_delete=models.PROTECT, primary_key=True, related_name="case_counter"
    )
    last_number = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.house}: {self.last_number} cases"


class CaseQuerySet(models.QuerySet):
    def visible_to(self, user) -> CaseQuerySet:
        """The cases of the houses `user` sees (superusers: every house)."""
        return self.filter(house__in=House.objects.visible_to(user))

    def search(self, text: str) -> CaseQuerySet:
        """The cases matching every word of `text`: a word matches a case's number ("12" or
        "#12"), its game (slug or title), one of its cards (any spelling the card parser
        reads: "Qh", "q♥") or a word in one of its notes."""

        found = self
        for word in text.split():
            match = Q(notes__text__icontains=word)
            number = word.removeprefix("#")
            if number.isascii() and number.isdigit() and len(number) <= 9:
                match |= Q(number=int(number))
            games = [
                g.slug for g in GAMES.values() if word.lower() in f"{g.slug} {g.title}".lower()
            ]
            if games:
                match |= Q(game__in=games)
            with contextlib.suppress(EngineError):
                match |= Q(cards__contains=f" {card(word).code} ")
            found = found.filter(pk__in=Case.objects.filter(match).values("pk"))
        return found


class Case(Unchangeable):
    house = models.ForeignKey(House, on_delete=models.PROTECT, related_name="cases")
    number = models.PositiveIntegerField(help_text=gettext_lazy("Case 1, 2, 3 ... of its house."))
    game = models.CharField(max_length=30)
    request = models.JSONField(
        help_text=gettext_lazy("The ruling request, as RULING_API.md writes it.")
    )
    ruling = models.JSONField(help_text=gettext_lazy("The engine's ruling, as the API answers it."))
    # each reason kept with its pattern and parameters, so it reads in the reader's language
    steps = MessagesField(
        blank=True, help_text=gettext_lazy("The ruling's reasons, in the order a dealer works.")
    )
    cards = models.CharField(
        max_length=400,
        blank=True,
        help_text=gettext_lazy(
            "Every card of the request, as the engine writes it, for searching."
        ),
    )
    paytable_version = models.ForeignKey(
        PaytableVersion,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="cases",
        help_text=gettext_lazy(
            "The house's table the ruling paid from; empty for the source texts' table "
            "or a game without a paytable."
        ),
    )
    paytable_label = models.CharField(
        max_length=300,
        help_text=gettext_lazy("The table the ruling paid from, as it was named then."),
    )
    house_rules = models.JSONField(
        help_text=gettext_lazy("The house rules in force when it was ruled.")
    )
    saved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    saved_by_name = models.CharField(
        max_length=150, help_text=gettext_lazy("The username, kept as it was.")
    )
    saved_at = models.DateTimeField(default=timezone.now)
    token = models.CharField(
        max_length=64,
        unique=True,
        help_text="The save form's one-time token: a replayed form finds this case again.",
    )

    objects = CaseQuerySet.as_manager()

    class Meta:
        ordering = ["-saved_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["house", "number"], name="unique_case_number")
        ]

    def __str__(self) -> str:
        return gettext("%(house)s case %(number)s") % {"house": self.house, "number": self.number}

    @property
    def game_title(self) -> str:
        game = GAMES.get(self.game)
        return game.title if game else self.game


class CaseNote(Unchangeable):
    """A note on a case: the first is the one given when saving; later ones are corrections
    and further words, each with its author and time."""

    case = models.ForeignKey(Case, on_delete=models.PROTECT, related_name="notes")
    text = models.TextField(max_length=NOTE_MAX)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    author_name = models.CharField(
        max_length=150, help_text=gettext_lazy("The username, kept as it was.")
    )
    written_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["written_at", "pk"]

    def __str__(self) -> str:
        return gettext("Note on %(case)s by %(author)s") % {
            "case": self.case,
            "author": self.author_name,
        }
