"""A house and its staff, and the serials their cached copies are kept under."""

from __future__ import annotations

import secrets
import zoneinfo
from decimal import Decimal

from django.conf import settings
from django.contrib.auth.models import AbstractUser, Permission
from django.contrib.auth.models import UserManager as AuthUserManager
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Exists, F, OuterRef, Q
from django.utils.crypto import salted_hmac
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_lazy

from trainer.core.languages import validate_language
from trainer.engine import scheduling
from trainer.houses.shifts import DEFAULT_SHIFTS, validate_shifts


def new_serial() -> int:
    """A starting point for a serial that no earlier row with the same id can have had (ids
    are reused after a restore or a rolled-back test, and a serial keys memory caches)."""
    return secrets.randbits(53)


class SerialsKept(models.Model):
    """A model whose `serial_fields` only ever move forward, by `bump_serial`: a plain save()
    of an instance read earlier leaves them as they are in the database, instead of writing
    an older number back (which would bring an out-of-date cached copy back to life)."""

    serial_fields: tuple[str, ...] = ()

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        if not self._state.adding and kwargs.get("update_fields") is None:
            deferred = self.get_deferred_fields()
            kwargs["update_fields"] = [
                f.name
                for f in self._meta.concrete_fields
                if not f.primary_key
                and f.name not in self.serial_fields
                and f.attname not in deferred
            ]
        super().save(*args, **kwargs)

    @classmethod
    def bump_serial(cls, field: str, **lookups) -> None:
        cls._default_manager.filter(**lookups).update(**{field: F(field) + 1})


class HouseQuerySet(models.QuerySet):
    def visible_to(self, user) -> HouseQuerySet:
        """Superusers see every house; everyone else only their own."""
        if user.is_superuser:
            return self
        if not user.is_authenticated or user.house_id is None:
            return self.none()
        return self.filter(pk=user.house_id)


class HouseManager(models.Manager.from_queryset(HouseQuerySet)):
    def get_by_natural_key(self, slug):
        return self.get(slug=slug)


def default_time_zone() -> str:
    """The site's own zone (settings.TIME_ZONE) for a new house."""
    return settings.TIME_ZONE


def validate_time_zone(value: str) -> None:
    if value not in zoneinfo.available_timezones():
        raise ValidationError(
            gettext(
                "%(value)r is not a time zone this server knows: write a zone as its region "
                "and city, such as Europe/London or America/Chicago."
            )
            % {"value": value}
        )


def _retention_help() -> str:
    return gettext(
        "The chance of recall each skill's next review is scheduled for, from %(lowest)s to "
        "%(highest)s (0.90: a trainee still knows 9 skills in 10 when they come due). Higher "
        "means more reviews a day."
    ) % {"lowest": scheduling.MIN_RETENTION, "highest": scheduling.MAX_RETENTION}


class House(SerialsKept):
    """A casino (or a training room) with its own tables and staff."""

    serial_fields = ("config_serial",)

    name = models.CharField(gettext_lazy("name"), max_length=100)
    slug = models.SlugField(
        gettext_lazy("slug"),
        unique=True,
        help_text=gettext_lazy('Short name used in rulings, e.g. demo in {"house": "demo"}.'),
    )
    time_zone = models.CharField(
        gettext_lazy("time zone"),
        max_length=60,
        default=default_time_zone,
        validators=[validate_time_zone],
        help_text=gettext_lazy(
            "Where the house is, as an IANA name (Europe/London, America/Chicago): every "
            "time on the site is shown to its staff and trainees in this zone, with the zone named."
        ),
    )
    # the practice schedule's settings (trainer.engine.scheduling): read by no game, so kept
    # here beside the zone rather than with the house rules of the games
    day_starts = models.TimeField(
        gettext_lazy("practice day starts at"),
        default=scheduling.DEFAULT_DAY_STARTS,
        help_text=gettext_lazy(
            "When the house's practice day starts, on its own clock (04:00, as Anki's: "
            "practice after midnight still counts for the day before). A skill due at any moment "
            "of a day is due from this time that day."
        ),
    )
    desired_retention = models.DecimalField(
        gettext_lazy("desired retention"),
        max_digits=3,
        decimal_places=2,
        default=Decimal(str(scheduling.DEFAULT_RETENTION)),
        validators=[
            MinValueValidator(Decimal(str(scheduling.MIN_RETENTION))),
            MaxValueValidator(Decimal(str(scheduling.MAX_RETENTION))),
        ],
        help_text=lazy(_retention_help, str)(),
    )
    # a code of settings.LANGUAGES, validated rather than given as choices: a new language is
    # a line in the settings, not a migration
    language = models.CharField(
        gettext_lazy("language"),
        max_length=16,
        blank=True,
        validators=[validate_language],
        help_text=gettext_lazy(
            "The language the site speaks to the house's staff and trainees who have chosen "
            "none themselves; empty: each one's browser's."
        ),
    )
    # regulators may ask that no paytable takes effect on one person's word alone
    activations_need_approval = models.BooleanField(
        gettext_lazy("activations need a second games manager's approval"),
        default=False,
        help_text=gettext_lazy(
            "A table activated takes effect only once another games manager of the "
            "house approves it (never the one who asked)."
        ),
    )
    # how long a certificate stands (trainer.assessments): read by no game
    certificate_months = models.PositiveSmallIntegerField(
        gettext_lazy("certificates valid for (months)"),
        default=24,
        validators=[MaxValueValidator(120)],
        help_text=gettext_lazy(
            "How long a certificate the house issues stands before it expires and the dealer "
            "must be certified again; 0: it never expires. A certificate keeps the validity it "
            "was issued with."
        ),
    )
    renewal_days = models.PositiveSmallIntegerField(
        gettext_lazy("renewal window (days)"),
        default=60,
        validators=[MaxValueValidator(365)],
        help_text=gettext_lazy(
            "How many days before a certificate expires it shows as due for renewal."
        ),
    )
    # the audit's follow-up and its cost figures (trainer.audits): read by no game
    reaudit_days = models.PositiveSmallIntegerField(
        gettext_lazy("re-audit within (days)"),
        default=10,
        validators=[MinValueValidator(1), MaxValueValidator(90)],
        help_text=gettext_lazy(
            "After the audit finds a dealer's mispay, how many days the house gives itself to "
            "audit a later shift of theirs; until then the dealer is listed for a re-audit."
        ),
    )
    shifts = models.CharField(
        gettext_lazy("shifts"),
        max_length=400,
        default=DEFAULT_SHIFTS,
        validators=[validate_shifts],
        help_text=gettext_lazy(
            "Each shift's start on the 24-hour clock and its name, separated by commas, such "
            "as “06:00 Day, 14:00 Swing, 22:00 Graveyard”: each runs to the next one's start. "
            "The audit's costs are counted by shift."
        ),
    )
    config_serial = models.PositiveBigIntegerField(
        gettext_lazy("config serial"),
        default=new_serial,
        editable=False,
        help_text="Goes up whenever the house's tables or rules change: app servers keep the "
        "house's configuration in memory under this number (trainer.houses.config).",
    )

    objects = HouseManager()

    class Meta:
        ordering = ["name"]
        permissions = [
            ("practise_drills", "Can practise drills"),
            ("review_trainees", "Can review the trainees of their house"),
            ("assign_tests", "Can assign tests to the trainees of their house"),
            ("manage_tables", "Can manage the paytables and house rules of their house"),
        ]

    def __str__(self) -> str:
        return self.name

    def natural_key(self):
        return (self.slug,)


class UserQuerySet(models.QuerySet):
    def trainees(self) -> UserQuerySet:
        """Active users who may practise drills, in every house, by username: the permission
        houses.practise_drills given through a group (the Trainee role) or to the user alone.

        Only a grant counts: a superuser may do anything, but that alone does not put every
        administrator in the trainee lists (and on tests); one given the permission does count.
        The test is the one ModelBackend.with_perm makes, as a subquery, so no row comes twice.
        """
        granted = Permission.objects.filter(
            Q(group__user=OuterRef("pk")) | Q(user=OuterRef("pk")),
            codename="practise_drills",
            content_type__app_label="houses",
        )
        return self.filter(Exists(granted), is_active=True).order_by("username")

    def trainees_of(self, house: House | int | None) -> UserQuerySet:
        """The trainees of one house (a House or its id): the people its tests are for and its
        supervisors review.  No house has no trainees."""
        if house is None:
            return self.none()
        return self.trainees().filter(house_id=getattr(house, "pk", house))


class UserManager(AuthUserManager.from_queryset(UserQuerySet)):
    """Django's user manager (create_user, natural keys) with the questions asked of staff."""


class User(AbstractUser, SerialsKept):
    """A member of staff: belongs to one house (superusers may belong to none)."""

    serial_fields = ("roles_serial", "sessions_serial")

    house = models.ForeignKey(
        House,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="members",
        verbose_name=gettext_lazy("house"),
    )
    language = models.CharField(
        gettext_lazy("language"),
        max_length=16,
        blank=True,
        validators=[validate_language],
        help_text=gettext_lazy(
            "The language the site speaks to this person; empty: their house's."
        ),
    )
    #: the house's own number for this person, as its table system writes a dealer in a
    #: hand log (the audit matches a log's dealer on it exactly); empty: none
    employee_number = models.CharField(
        gettext_lazy("employee number"),
        max_length=40,
        blank=True,
        help_text=gettext_lazy("The house's number for this person, as its hand logs write it."),
    )
    roles_serial = models.PositiveBigIntegerField(
        gettext_lazy("roles serial"),
        default=new_serial,
        editable=False,
        help_text="Goes up whenever the user's groups or permissions change: app servers keep "
        "the user's permissions in memory under this number (trainer.core.auth).",
    )
    sessions_serial = models.PositiveBigIntegerField(
        gettext_lazy("sessions serial"),
        default=new_serial,
        editable=False,
        help_text="Goes up when the user signs out: every session signed in before then, on "
        "any device, stops working (sessions are signed cookies; see settings).",
    )

    objects = UserManager()

    class Meta(AbstractUser.Meta):
        constraints = [
            models.UniqueConstraint(
                fields=["house", "employee_number"],
                condition=~Q(employee_number=""),
                name="one_person_per_employee_number",
            )
        ]

    def __str__(self) -> str:
        return self.get_username()

    def _session_hash(self, secret=None) -> str:
        # Django signs each session with a hash of the password; the sessions serial joins it,
        # so signing out (which moves the serial on) ends every copy of the session cookie.
        key_salt = "trainer.houses.models.User.get_session_auth_hash"
        value = f"{self.password}:{self.sessions_serial}"
        return salted_hmac(key_salt, value, secret=secret, algorithm="sha256").hexdigest()

    def get_session_auth_hash(self) -> str:
        return self._session_hash()

    def get_session_auth_fallback_hash(self):
        # sessions signed with a key of SECRET_KEY_FALLBACKS stay valid, as Django's own do
        for fallback_secret in settings.SECRET_KEY_FALLBACKS:
            yield self._session_hash(secret=fallback_secret)

    def is_member_of(self, house: House | None) -> bool:
        return house is not None and self.house_id == house.pk
