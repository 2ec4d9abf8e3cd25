"""A house's rules (every **house rule** line of RULES.md), and what they were when."""

from __future__ import annotations

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext, gettext_lazy

from trainer.engine.chips import STANDARD_WORDS
from trainer.engine.house import MAX_CALL_MULTIPLE, SETTLE_ORDERS, HouseRules

from .house import House
from .money import CAP_BOUND, unit_bound

#: RULES.md's defaults for every house rule, from the engine (the one place they are written)
RULE_DEFAULTS = HouseRules()


class HouseRulesManager(models.Manager):
    def get_by_natural_key(self, house_slug):
        return self.get(house__slug=house_slug)


class HouseRulesSettings(models.Model):
    """A house's settings for every **house rule** line of RULES.md (defaults as there)."""

    house = models.OneToOneField(
        House, on_delete=models.CASCADE, related_name="rules", verbose_name=gettext_lazy("house")
    )
    chip_unit = models.PositiveIntegerField(
        gettext_lazy("chip unit"),
        default=RULE_DEFAULTS.chip_unit,
        validators=[MinValueValidator(1), unit_bound(gettext_lazy("The chip unit"))],
        help_text=gettext_lazy(
            "The smallest chip: every stake, pot and odd chip is a multiple of it."
        ),
    )
    split_pot_odd_chip = models.CharField(
        gettext_lazy("odd chip of a split pot"),
        max_length=4,
        choices=[
            ("high", gettext_lazy("to the high half")),
            ("low", gettext_lazy("to the low half")),
        ],
        default=RULE_DEFAULTS.split_pot_odd_chip,
        help_text=gettext_lazy(
            "Mississippi Gonorrhea: which half gets the odd chip when the pot does not "
            "halve evenly (RULES.md: the high half)."
        ),
    )
    mississippi_payout_cap = models.PositiveIntegerField(
        gettext_lazy("Mississippi Stud payout cap"),
        null=True,
        blank=True,
        validators=[CAP_BOUND],
        help_text=gettext_lazy("Most profit paid to one position on one hand; empty for no cap."),
    )
    call_multiple = models.PositiveSmallIntegerField(
        gettext_lazy("Caribbean Stud call multiple"),
        default=RULE_DEFAULTS.call_multiple,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_CALL_MULTIPLE)],
        help_text=gettext_lazy("The Call is this many times the Ante."),
    )
    call_payout_cap = models.PositiveIntegerField(
        gettext_lazy("Caribbean Stud call payout cap"),
        null=True,
        blank=True,
        validators=[CAP_BOUND],
        help_text=gettext_lazy("Most profit paid on the Call; empty for no cap."),
    )
    stand_pat_allowed = models.BooleanField(
        gettext_lazy("Mississippi Gonorrhea: standing pat allowed"),
        default=RULE_DEFAULTS.stand_pat_allowed,
    )
    reuse_discards = models.BooleanField(
        gettext_lazy("Mississippi Gonorrhea: reuse discards when the stock runs out"),
        default=RULE_DEFAULTS.reuse_discards,
    )
    stud_stock_shortage = models.BooleanField(
        gettext_lazy(
            "English Stud: reshuffle burns and discards, then a community card, when the stock "
            "runs short"
        ),
        default=RULE_DEFAULTS.stud_stock_shortage,
    )
    settle_order = models.CharField(
        gettext_lazy("order a layout is settled in"),
        max_length=5,
        choices=list(SETTLE_ORDERS.items()),
        default=RULE_DEFAULTS.settle_order,
        help_text=gettext_lazy(
            "The order the dealer settles the positions of a layout, and the order the "
            "drills ask for them (seat 1 is on the dealer's left)."
        ),
    )
    # the house's chips and pay standard (trainer.engine.chips): what "in chips" drills and
    # the colour-up and make-change drills grade by
    chips = models.TextField(
        gettext_lazy("chips"),
        default=RULE_DEFAULTS.chips,
        help_text=gettext_lazy(
            "One chip a line: its value, its name and its colour, like "
            '"25 green #2e7d32". The smallest is the chip unit; no two alike in value, name or '
            'colour. "common": the common set (1 white, 5 red, 25 green, 100 black, 500 purple, '
            "1,000 orange) from the chip unit up."
        ),
    )
    pay_standard = models.CharField(
        gettext_lazy("pay standard"),
        max_length=12,
        choices=[(s.value, words) for s, words in STANDARD_WORDS.items()],
        default=RULE_DEFAULTS.pay_standard,
        help_text=gettext_lazy(
            "How dealers pay: the fewest chips, or in the colours of the bet (no chip "
            "above the bet's largest) until that takes too many chips, then coloured up."
        ),
    )
    colour_up_at = models.PositiveSmallIntegerField(
        gettext_lazy("colour up above"),
        default=RULE_DEFAULTS.colour_up_at,
        validators=[MinValueValidator(1), MaxValueValidator(1000)],
        help_text=gettext_lazy(
            "Paying in the colours of the bet: a payout that would take more chips than "
            "this is coloured up into the fewest chips."
        ),
    )
    payout_floors = models.CharField(
        gettext_lazy("smallest payout chip at each table level"),
        max_length=60,
        default=RULE_DEFAULTS.payout_floors,
        help_text=gettext_lazy(
            "The smallest chip a payout uses at a $5, a $25 and a $100 table (levels 1, "
            '2 and 3), like "1, 5, 25": smaller chips pay only the part it cannot make. Empty: '
            "the house's three smallest chips."
        ),
    )

    objects = HouseRulesManager()

    class Meta:
        verbose_name = gettext_lazy("house rules")
        verbose_name_plural = gettext_lazy("house rules")

    def __str__(self) -> str:
        return gettext("House rules of %(house)s") % {"house": self.house}

    def natural_key(self):
        return (self.house.slug,)

    natural_key.dependencies = ["houses.house"]


class HouseRulesRecord(models.Model):
    """A house's rules as they became from `at` on (written whenever they are saved with a
    change, `trainer.houses.signals`): `rules` holds `HouseRules` as a dict."""

    house = models.ForeignKey(
        House, on_delete=models.CASCADE, related_name="+", verbose_name=gettext_lazy("house")
    )
    at = models.DateTimeField(gettext_lazy("at"), db_index=True)
    rules = models.JSONField(gettext_lazy("rules"))

    class Meta:
        ordering = ["house", "at", "pk"]

    def __str__(self) -> str:
        return gettext("House rules of %(house)s from %(when)s") % {
            "house": self.house,
            "when": f"{self.at:%Y-%m-%d %H:%M}",
        }
