"""Houses, their staff, versioned paytables and house rules.

A paytable version is a dated, labelled table for one game of one house.  Once anything points
at it (a question or attempt graded with it), it is read-only: changing a table means saving a
new version, and activating a version is an explicit step.  `trainer.houses.config` is the one
place that turns these rows into the engine's types.
"""

from __future__ import annotations

import secrets
import zoneinfo
from decimal import Decimal

from django.conf import settings
from django.contrib.auth.models import AbstractUser, Permission
from django.contrib.auth.models import UserManager as AuthUserManager
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models, transaction
from django.db.models import Exists, F, Max, OuterRef, Q
from django.utils.crypto import salted_hmac

from trainer.core.leases import Leased
from trainer.engine import Category, scheduling
from trainer.engine.chips import STANDARD_WORDS
from trainer.engine.drills.stakes import ANTE_STEPS, POT_STEPS, TABLE_CHIP
from trainer.engine.games import GAMES, paid_games
from trainer.engine.house import MAX_CALL_MULTIPLE, SETTLE_ORDERS, HouseRules
from trainer.engine.paytables import MAX_ODDS
from trainer.engine.requests import MAX_AMOUNT

ACE = 14


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


RANK_CHOICES = [(r, {11: "J", 12: "Q", 13: "K", 14: "A"}.get(r, str(r))) for r in range(2, 15)]
CATEGORY_CHOICES = [(c.order, c.label) for c in Category]


def paid_game_choices() -> list[tuple[str, str]]:
    """The games that pay from a paytable a house sets, as the games registry lists them."""
    return [(g.slug, g.title) for g in paid_games()]


#: RULES.md's defaults for every house rule, from the engine (the one place they are written)
RULE_DEFAULTS = HouseRules()

# Money bounds.  The engine refuses any stake or pot above `MAX_AMOUNT` (trainer.engine.
# requests), and the drills deal stakes as multiples of a unit: an ante is one of ANTE_STEPS
# times lcm(TABLE_CHIP, the table's stake unit), a pot one of POT_STEPS times lcm(TABLE_CHIP,
# the chip unit) (trainer.engine.drills.stakes).  lcm(TABLE_CHIP, u) <= TABLE_CHIP * u, so a
# unit of at most MAX_AMOUNT // (TABLE_CHIP * the largest step) keeps every stake any drill
# deals, at every level, within what the engine takes; a larger one made drill starts fail.
# A bet unit is a whole number of chips, so the stake unit lcm(bet unit, chip unit) is the
# bet unit itself, bounded the same way.
LARGEST_STAKE_STEP = max(
    *(max(steps) for steps in ANTE_STEPS.values()),
    *(high for _, high in POT_STEPS.values()),
)
#: the largest chip unit or bet unit a house may set (2,020,202 today)
MAX_MONEY_UNIT = MAX_AMOUNT // (TABLE_CHIP * LARGEST_STAKE_STEP)
#: a payout cap is an amount paid: above the engine's largest amount it caps nothing
MAX_PAYOUT_CAP = MAX_AMOUNT


def unit_bound(what: str) -> MaxValueValidator:
    return MaxValueValidator(
        MAX_MONEY_UNIT,
        message=f"{what} can be at most %(limit_value)s: a larger one would deal stakes beyond "
        f"the largest amount the rules engine takes ({MAX_AMOUNT:,}).",
    )


CAP_BOUND = MaxValueValidator(
    MAX_PAYOUT_CAP,
    message="A payout cap can be at most %(limit_value)s, the largest amount the rules engine "
    "takes; leave it empty for no cap.",
)


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
            f"{value!r} is not a time zone this server knows: use an IANA name such as "
            "Europe/London or America/Chicago."
        )


class House(SerialsKept):
    """A casino (or a training room) with its own tables and staff."""

    serial_fields = ("config_serial",)

    name = models.CharField(max_length=100)
    slug = models.SlugField(
        unique=True, help_text='Short name used in rulings, e.g. demo in {"house": "demo"}.'
    )
    time_zone = models.CharField(
        "time zone",
        max_length=60,
        default=default_time_zone,
        validators=[validate_time_zone],
        help_text="Where the house is, as an IANA name (Europe/London, America/Chicago): every "
        "time on the site is shown to its staff and trainees in this zone, with the zone named.",
    )
    # the practice schedule's settings (trainer.engine.scheduling): read by no game, so kept
    # here beside the zone rather than with the house rules of the games
    day_starts = models.TimeField(
        "practice day starts at",
        default=scheduling.DEFAULT_DAY_STARTS,
        help_text="When the house's practice day starts, on its own clock (04:00, as Anki's: "
        "practice after midnight still counts for the day before). A skill due at any moment "
        "of a day is due from this time that day.",
    )
    desired_retention = models.DecimalField(
        "desired retention",
        max_digits=3,
        decimal_places=2,
        default=Decimal(str(scheduling.DEFAULT_RETENTION)),
        validators=[
            MinValueValidator(Decimal(str(scheduling.MIN_RETENTION))),
            MaxValueValidator(Decimal(str(scheduling.MAX_RETENTION))),
        ],
        help_text="The chance of recall each skill's next review is scheduled for, from "
        f"{scheduling.MIN_RETENTION} to {scheduling.MAX_RETENTION} (0.90: a trainee still "
        "knows 9 skills in 10 when they come due). Higher means more reviews a day.",
    )
    config_serial = models.PositiveBigIntegerField(
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
        House, null=True, blank=True, on_delete=models.PROTECT, related_name="members"
    )
    roles_serial = models.PositiveBigIntegerField(
        default=new_serial,
        editable=False,
        help_text="Goes up whenever the user's groups or permissions change: app servers keep "
        "the user's permissions in memory under this number (trainer.core.auth).",
    )
    sessions_serial = models.PositiveBigIntegerField(
        default=new_serial,
        editable=False,
        help_text="Goes up when the user signs out: every session signed in before then, on "
        "any device, stops working (sessions are signed cookies; see settings).",
    )

    objects = UserManager()

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


class PaytableVersion(models.Model):
    """One dated, labelled paytable of one game for one house."""

    house = models.ForeignKey(House, on_delete=models.PROTECT, related_name="paytables")
    game = models.CharField(max_length=30, choices=paid_game_choices)
    number = models.PositiveIntegerField(
        editable=False, help_text="Version number within the house and game, from 1."
    )
    label = models.CharField(max_length=100)
    bet_unit = models.PositiveIntegerField(
        default=1,
        validators=[MinValueValidator(1), unit_bound("The bet unit")],
        help_text="Every bet on this table is a whole multiple of this amount.",
    )
    pair_band_low = models.PositiveSmallIntegerField(
        "paying pairs from",
        null=True,
        blank=True,
        choices=RANK_CHOICES,
        help_text="Mississippi Stud: the lowest pair that pays the one-pair row (J by default).",
    )
    push_band_low = models.PositiveSmallIntegerField(
        "pushing pairs from",
        null=True,
        blank=True,
        choices=RANK_CHOICES,
        help_text="Mississippi Stud: the lowest pair that pushes (6 by default).",
    )
    push_band_high = models.PositiveSmallIntegerField(
        "pushing pairs up to",
        null=True,
        blank=True,
        choices=RANK_CHOICES,
        help_text="Mississippi Stud: the highest pair that pushes (10 by default); it must end "
        "just below the paying pairs.",
    )
    is_active = models.BooleanField(default=False, editable=False)
    first_used_at = models.DateTimeField(
        null=True,
        blank=True,
        editable=False,
        help_text="When a question or attempt was first graded with this version; from then "
        "on the version is read-only.",
    )
    activated_at = models.DateTimeField(null=True, blank=True, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        editable=False,
    )
    created_at = models.DateTimeField(auto_now_add=True)
    inversions_confirmed = models.BooleanField(
        default=False,
        help_text="Tick to save a table where a stronger hand pays less than a weaker one.",
    )

    objects = PaytableVersionManager()

    class Meta:
        ordering = ["house__name", "game", "-number"]
        constraints = [
            models.UniqueConstraint(
                fields=["house", "game"],
                condition=Q(is_active=True),
                name="one_active_paytable_per_house_and_game",
                violation_error_message="This house already has an active table for this game.",
            ),
            models.UniqueConstraint(
                fields=["house", "game", "number"], name="unique_paytable_version_number"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.house} · {self.get_game_display()} v{self.number}: {self.label}"

    def save(self, *args, **kwargs):
        if self.pk is not None and self.is_in_use():
            raise ValidationError(READ_ONLY)
        if self.number is None:
            with transaction.atomic():
                latest = (
                    PaytableVersion.objects.select_for_update()
                    .filter(house=self.house_id, game=self.game)
                    .aggregate(n=Max("number"))["n"]
                )
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
                        "pair_band_low": f"A {GAMES[self.game].title} table needs its lowest "
                        "paying pair."
                    }
                )
            if (self.push_band_low is None) != (self.push_band_high is None):
                raise ValidationError(
                    {"push_band_high": "Give both ends of the push band, or neither for no push."}
                )
        else:
            self.pair_band_low = self.push_band_low = self.push_band_high = None


READ_ONLY = (
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

    version = models.ForeignKey(PaytableVersion, on_delete=models.CASCADE, related_name="rows")
    category = models.PositiveSmallIntegerField(choices=CATEGORY_CHOICES)
    win = models.PositiveIntegerField(
        "pays", validators=[MinValueValidator(1), MaxValueValidator(MAX_ODDS)]
    )
    to = models.PositiveIntegerField(
        "to", default=1, validators=[MinValueValidator(1), MaxValueValidator(MAX_ODDS)]
    )

    objects = PaytableRowManager()

    class Meta:
        ordering = ["-category"]  # rank order: royal flush first
        constraints = [
            models.UniqueConstraint(fields=["version", "category"], name="one_row_per_category")
        ]

    def __str__(self) -> str:
        return f"{self.get_category_display()} pays {self.win} to {self.to}"

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


class HouseRulesManager(models.Manager):
    def get_by_natural_key(self, house_slug):
        return self.get(house__slug=house_slug)


class HouseRulesSettings(models.Model):
    """A house's settings for every **house rule** line of RULES.md (defaults as there)."""

    house = models.OneToOneField(House, on_delete=models.CASCADE, related_name="rules")
    chip_unit = models.PositiveIntegerField(
        default=RULE_DEFAULTS.chip_unit,
        validators=[MinValueValidator(1), unit_bound("The chip unit")],
        help_text="The smallest chip: every stake, pot and odd chip is a multiple of it.",
    )
    split_pot_odd_chip = models.CharField(
        "odd chip of a split pot",
        max_length=4,
        choices=[("high", "to the high half"), ("low", "to the low half")],
        default=RULE_DEFAULTS.split_pot_odd_chip,
        help_text="Mississippi Gonorrhea: which half gets the odd chip when the pot does not "
        "halve evenly (RULES.md: the high half).",
    )
    mississippi_payout_cap = models.PositiveIntegerField(
        "Mississippi Stud payout cap",
        null=True,
        blank=True,
        validators=[CAP_BOUND],
        help_text="Most profit paid to one position on one hand; empty for no cap.",
    )
    call_multiple = models.PositiveSmallIntegerField(
        "Caribbean Stud call multiple",
        default=RULE_DEFAULTS.call_multiple,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_CALL_MULTIPLE)],
        help_text="The Call is this many times the Ante.",
    )
    call_payout_cap = models.PositiveIntegerField(
        "Caribbean Stud call payout cap",
        null=True,
        blank=True,
        validators=[CAP_BOUND],
        help_text="Most profit paid on the Call; empty for no cap.",
    )
    stand_pat_allowed = models.BooleanField(
        "Mississippi Gonorrhea: standing pat allowed", default=RULE_DEFAULTS.stand_pat_allowed
    )
    reuse_discards = models.BooleanField(
        "Mississippi Gonorrhea: reuse discards when the stock runs out",
        default=RULE_DEFAULTS.reuse_discards,
    )
    stud_stock_shortage = models.BooleanField(
        "English Stud: reshuffle burns and discards, then a community card, when the stock "
        "runs short",
        default=RULE_DEFAULTS.stud_stock_shortage,
    )
    settle_order = models.CharField(
        "order a layout is settled in",
        max_length=5,
        choices=list(SETTLE_ORDERS.items()),
        default=RULE_DEFAULTS.settle_order,
        help_text="The order the dealer settles the positions of a layout, and the order the "
        "drills ask for them (seat 1 is on the dealer's left).",
    )
    # the house's chips and pay standard (trainer.engine.chips): what "in chips" drills and
    # the colour-up and make-change drills grade by
    chips = models.TextField(
        "chips",
        default=RULE_DEFAULTS.chips,
        help_text="One chip a line: its value, its name and its colour, like "
        '"25 green #2e7d32". The smallest is the chip unit; no two alike in value, name or '
        'colour. "common": the common set (1 white, 5 red, 25 green, 100 black, 500 purple, '
        "1,000 orange) from the chip unit up.",
    )
    pay_standard = models.CharField(
        "pay standard",
        max_length=12,
        choices=[(s.value, words) for s, words in STANDARD_WORDS.items()],
        default=RULE_DEFAULTS.pay_standard,
        help_text="How dealers pay: the fewest chips, or in the colours of the bet (no chip "
        "above the bet's largest) until that takes too many chips, then coloured up.",
    )
    colour_up_at = models.PositiveSmallIntegerField(
        "colour up above",
        default=RULE_DEFAULTS.colour_up_at,
        validators=[MinValueValidator(1), MaxValueValidator(1000)],
        help_text="Paying in the colours of the bet: a payout that would take more chips than "
        "this is coloured up into the fewest chips.",
    )
    payout_floors = models.CharField(
        "smallest payout chip at each table level",
        max_length=60,
        default=RULE_DEFAULTS.payout_floors,
        help_text="The smallest chip a payout uses at a $5, a $25 and a $100 table (levels 1, "
        '2 and 3), like "1, 5, 25": smaller chips pay only the part it cannot make. Empty: '
        "the house's three smallest chips.",
    )

    objects = HouseRulesManager()

    class Meta:
        verbose_name = "house rules"
        verbose_name_plural = "house rules"

    def __str__(self) -> str:
        return f"House rules of {self.house}"

    def natural_key(self):
        return (self.house.slug,)

    natural_key.dependencies = ["houses.house"]


class ParSheetResultQuerySet(models.QuerySet):
    def stale(self, before):
        """Sheets whose computation holds a lease nobody has renewed since `before`: its worker
        died (killed, or its machine lost) and nobody else will finish it."""
        return self.filter(self._stale(before))

    def retryable(self, before):
        """Sheets worth queueing again: failed ones, and stale ones (see `stale`)."""
        return self.filter(Q(status=ParSheetResult.Status.FAILED) | self._stale(before))

    @staticmethod
    def _stale(before) -> Q:
        lapsed = Q(heartbeat_at__lt=before) | Q(heartbeat_at__isnull=True)
        return Q(status=ParSheetResult.Status.RUNNING) & lapsed


class ParSheetResult(Leased, models.Model):
    """The par sheet of one paytable as the engine computes it.  Keyed by what the figures
    depend on (`trainer.engine.parsheets.paytable_key`), so identical tables of any house share
    one computation, and a version's table never changes, so its par sheet never goes stale.

    A computation is a lease: `attempt` numbers each queueing, the worker computing attempt n
    renews `heartbeat_at` every few seconds, and every write it makes is conditional on the
    row still being RUNNING at attempt n.  A sheet whose heartbeat stops is queued again as
    attempt n + 1, and whatever the old worker writes afterwards changes nothing."""

    class Status(models.TextChoices):
        QUEUED = "queued", "queued"
        RUNNING = "running", "running"
        DONE = "done", "done"
        FAILED = "failed", "failed"

    key = models.CharField(max_length=64, unique=True)
    game = models.CharField(max_length=30, choices=paid_game_choices)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    done = models.BigIntegerField(default=0)
    total = models.BigIntegerField(default=0)
    figures = models.JSONField(null=True, blank=True)
    error = models.TextField(blank=True)
    # what to compute: this version's table under these house rules (`HouseRules` as a dict),
    # so that any worker can compute or recompute the sheet from the row alone
    version = models.ForeignKey(
        "PaytableVersion",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text="The version whose table is computed (identical tables share the sheet).",
    )
    rules = models.JSONField(
        null=True, blank=True, help_text="The house rules the sheet is computed under."
    )
    requested_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    attempt = models.PositiveIntegerField(
        default=1, help_text="How many times the sheet has been queued (the lease's number)."
    )
    heartbeat_at = models.DateTimeField(
        null=True, blank=True, help_text="When the computing worker last said it is alive."
    )

    #: A computing worker renews its lease this often ...
    HEARTBEAT_SECONDS = 5
    #: ... and a RUNNING sheet whose lease is older than this is stale (its worker died) and
    #: is queued again: twelve missed beats, so that a loaded machine never trips it, while a
    #: sheet whose worker was killed is taken up again within about a minute.
    STALE_AFTER_SECONDS = 60
    #: A sheet whose worker died this many times is marked failed rather than queued again.
    MAX_ATTEMPTS = 3

    objects = ParSheetResultQuerySet.as_manager()

    class Meta:
        verbose_name = "par sheet"

    def __str__(self) -> str:
        return f"Par sheet {self.key[:12]} ({self.get_game_display()}, {self.status})"

    @property
    def percent(self) -> int:
        return int(100 * self.done / self.total) if self.total else 0

    @property
    def player_edge(self) -> bool:
        return bool(self.figures and self.figures.get("player_edge"))


class PrecomputedCountsQuerySet(models.QuerySet):
    def stale(self, before):
        """Counts whose build holds a lease nobody has renewed since `before`."""
        return self.filter(self._stale(before))

    def retryable(self, before):
        """Counts worth building again: failed ones, and stale ones (see `stale`)."""
        return self.filter(Q(status=PrecomputedCounts.Status.FAILED) | self._stale(before))

    def without_data(self):
        """The rows without their bytes (megabytes): for status and progress."""
        return self.defer("data")

    @staticmethod
    def _stale(before) -> Q:
        lapsed = Q(heartbeat_at__lt=before) | Q(heartbeat_at__isnull=True)
        return Q(status=PrecomputedCounts.Status.RUNNING) & lapsed


class PrecomputedCounts(Leased, models.Model):
    """What a game's fast par sheets read, made once (`trainer.engine.parsheets.counts`): the
    counts that no paytable, band or call multiple changes, as the engine's bytes.  Keyed by
    what they depend on (`Game.parsheet_counts_key`), so games whose sheets rest on the same
    counts share one row (Caribbean Stud and Casino Stud Poker); `game` is the game that
    first asked.  A database row rather than a file, so that every app server of a site
    reads the same counts; each process keeps them in memory once loaded
    (`trainer.houses.precompute`).  Built by the task worker under a lease, as a
    `ParSheetResult` is computed: never in a web request (it takes seconds to tens of
    seconds)."""

    class Status(models.TextChoices):
        QUEUED = "queued", "queued"
        RUNNING = "running", "running"
        DONE = "done", "done"
        FAILED = "failed", "failed"

    key = models.CharField(max_length=64, unique=True)
    game = models.CharField(max_length=30, help_text="The game that first asked for them.")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    done = models.BigIntegerField(default=0)
    total = models.BigIntegerField(default=0)
    error = models.TextField(blank=True)
    data = models.BinaryField(null=True, blank=True, help_text="The counts, as the engine's bytes.")
    size = models.PositiveIntegerField(default=0, help_text="Bytes of data.")
    requested_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    attempt = models.PositiveIntegerField(
        default=1, help_text="How many times the build has been queued (the lease's number)."
    )
    heartbeat_at = models.DateTimeField(
        null=True, blank=True, help_text="When the building worker last said it is alive."
    )

    #: as a par sheet's lease (`ParSheetResult`)
    HEARTBEAT_SECONDS = 5
    STALE_AFTER_SECONDS = 60
    MAX_ATTEMPTS = 3

    objects = PrecomputedCountsQuerySet.as_manager()

    class Meta:
        verbose_name = "precomputed par-sheet counts"
        verbose_name_plural = "precomputed par-sheet counts"

    def __str__(self) -> str:
        return f"Par-sheet counts {self.key[:12]} ({self.game}, {self.status})"

    @property
    def percent(self) -> int:
        if self.status == self.Status.DONE:
            return 100
        return int(100 * self.done / self.total) if self.total else 0

    @property
    def ready(self) -> bool:
        """Built: the game's par sheets come from them at once."""
        return self.status == self.Status.DONE


# -- history: what was in force when (trainer.houses.timeline) --------------------------------


class TableActivation(models.Model):
    """A version made its house's active table for its game (`services.activate`), and when:
    the table in force at a moment is the one activated last before it."""

    house = models.ForeignKey(House, on_delete=models.CASCADE, related_name="+")
    game = models.CharField(max_length=30)
    version = models.ForeignKey(
        PaytableVersion, on_delete=models.CASCADE, related_name="activations"
    )
    at = models.DateTimeField(db_index=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["house", "game", "at", "pk"]

    def __str__(self) -> str:
        return f"{self.version} activated {self.at:%Y-%m-%d %H:%M}"


class HouseRulesRecord(models.Model):
    """A house's rules as they became from `at` on (written whenever they are saved with a
    change, `trainer.houses.signals`): `rules` holds `HouseRules` as a dict."""

    house = models.ForeignKey(House, on_delete=models.CASCADE, related_name="+")
    at = models.DateTimeField(db_index=True)
    rules = models.JSONField()

    class Meta:
        ordering = ["house", "at", "pk"]

    def __str__(self) -> str:
        return f"House rules of {self.house} from {self.at:%Y-%m-%d %H:%M}"
