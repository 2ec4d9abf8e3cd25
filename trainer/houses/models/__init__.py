"""Houses, their staff, versioned paytables and house rules.

A paytable version is a dated, labelled table for one game of one house.  Once anything points
at it (a question or attempt graded with it), it is read-only: changing a table means saving a
new version, and activating a version is an explicit step.  `trainer.houses.config` is the one
place that turns these rows into the engine's types.

Django finds the models of an app in its `models` module: each of this package's modules is
imported here, and everything the rest of the site uses is named from here.
"""

from .exposure import ExposureResult
from .house import (
    House,
    HouseManager,
    HouseQuerySet,
    SerialsKept,
    User,
    UserManager,
    UserQuerySet,
    default_time_zone,
    new_serial,
    validate_time_zone,
)
from .money import CAP_BOUND, LARGEST_STAKE_STEP, MAX_MONEY_UNIT, MAX_PAYOUT_CAP, unit_bound
from .parsheets import ParSheetResult, PrecomputedCounts
from .paytables import (
    CATEGORY_CHOICES,
    RANK_CHOICES,
    READ_ONLY,
    PaytableRow,
    PaytableVersion,
    PendingActivation,
    TableActivation,
    paid_game_choices,
)
from .rules import RULE_DEFAULTS, HouseRulesRecord, HouseRulesSettings

__all__ = [
    "CAP_BOUND",
    "CATEGORY_CHOICES",
    "LARGEST_STAKE_STEP",
    "MAX_MONEY_UNIT",
    "MAX_PAYOUT_CAP",
    "RANK_CHOICES",
    "READ_ONLY",
    "RULE_DEFAULTS",
    "ExposureResult",
    "House",
    "HouseManager",
    "HouseQuerySet",
    "HouseRulesRecord",
    "HouseRulesSettings",
    "ParSheetResult",
    "PaytableRow",
    "PaytableVersion",
    "PendingActivation",
    "PrecomputedCounts",
    "SerialsKept",
    "TableActivation",
    "User",
    "UserManager",
    "UserQuerySet",
    "default_time_zone",
    "new_serial",
    "paid_game_choices",
    "unit_bound",
    "validate_time_zone",
]
