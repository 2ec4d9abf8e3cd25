"""The bounds on the money a house may set: chip and bet units, payout caps."""

from __future__ import annotations

from django.core.validators import MaxValueValidator
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_lazy

from trainer.core.numbers import grouped
from trainer.engine.kit.requests import MAX_AMOUNT
from trainer.engine.kit.stakes import ANTE_STEPS, POT_STEPS, TABLE_CHIP

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


def unit_bound(what) -> MaxValueValidator:
    """The bound on a unit, `what` naming it ("The chip unit", in the reader's language)."""

    def message() -> str:
        # %(limit_value)s is the validator's own, filled in when the value is refused
        return (
            gettext(
                "%(what)s can be at most %(limit_value)s: a larger one would deal stakes beyond "
                "the largest amount the rules engine takes (%(most)s)."
            )
            .replace("%(what)s", str(what))
            .replace("%(most)s", grouped(MAX_AMOUNT))
        )

    return MaxValueValidator(MAX_MONEY_UNIT, message=lazy(message, str)())


CAP_BOUND = MaxValueValidator(
    MAX_PAYOUT_CAP,
    message=gettext_lazy(
        "A payout cap can be at most %(limit_value)s, the largest amount the rules engine "
        "takes; leave it empty for no cap."
    ),
)
