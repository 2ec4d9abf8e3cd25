"""The gate a games manager's change goes through: activating a table, and changing the house
rules under active tables.  Both wait for the par sheet of the table as it would run (queued
for the task worker here, `tasks.request_parsheet`) and ask for a player edge to be
confirmed.  It stands above `services` and `tasks`, which never import it: the sheets are
queued from here, not from the services the worker runs."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

from trainer.core.numbers import localized
from trainer.engine import HouseRules
from trainer.engine.figures import edge_words

from . import tasks
from .config import house_rules_of, paytable_of
from .models import House, HouseRulesSettings, ParSheetResult, PaytableVersion
from .services import (
    activate,
    instant_parsheet_of,
    parsheet_key_of,
    parsheet_of,
    record_parsheet,
    rules_of,
    table_problems,
)


def house_rules_problems(
    house: House, proposed: HouseRules, *, player_edge_confirmed: bool = False
) -> list[str]:
    """Why the house's rules cannot change to `proposed` yet, in a games manager's words
    (empty: they can).  Each active table must still take the chip unit; and each active
    table whose par sheet the change moves (its key changes: the call multiple is an input)
    is checked as activating it would be: its sheet under the proposed rules is computed
    first (queued for the task worker here, so saving again once it is done goes through),
    and a player edge needs `player_edge_confirmed`, which confirms this change only."""
    current = house_rules_of(HouseRulesSettings.objects.filter(house=house).first())
    versions = list(
        PaytableVersion.objects.active()
        .filter(house=house)
        .select_related("house")
        .prefetch_related("rows")
    )
    problems = []
    for version in versions:
        unfit = paytable_of(version).fraction_problems(proposed.chip_unit)
        if unfit:
            problems.append(
                gettext(
                    "The active table %(version)s does not take a chip unit of %(unit)s: %(why)s"
                )
                % {"version": version, "unit": proposed.chip_unit, "why": " ".join(unfit)}
            )
    if problems:
        return problems
    for version in versions:
        if not version.engine_game.has_parsheet:
            continue
        if parsheet_key_of(version, current) == parsheet_key_of(version, proposed):
            continue
        problems.extend(_edge_problems(version, proposed, player_edge_confirmed))
    return problems


def activation_problems(version: PaytableVersion, *, player_edge_confirmed: bool = False):
    """Why a games manager cannot activate `version` yet, in their words (empty: they can):
    the table's own problems, then the gate a house-rule change also goes through: for a game
    with a par sheet, the sheet under the house's rules is computed first (queued here), and
    a player edge needs `player_edge_confirmed`."""
    problems = table_problems(version)
    if problems or not version.engine_game.has_parsheet:
        return problems
    return _edge_problems(version, rules_of(version), player_edge_confirmed)


@transaction.atomic
def activate_checked(
    version: PaytableVersion, *, by, player_edge_confirmed: bool = False, seen: str | None = None
) -> PaytableVersion:
    """Activate `version` as a games manager does: only through `activation_problems`, and
    (with `seen`) only while the game's tables are as the manager's page showed them."""
    problems = activation_problems(version, player_edge_confirmed=player_edge_confirmed)
    if problems:
        raise ValidationError(problems)
    return activate(version, by=by, seen=seen)


def _edge_problems(version, proposed: HouseRules, confirmed: bool) -> list[str]:
    sheet = parsheet_of(version, proposed)
    if sheet is None or sheet.status != ParSheetResult.Status.DONE:
        # from the game's counts at once when this site has them: no waiting for a worker
        instant = instant_parsheet_of(version, proposed)
        if instant is not None:
            sheet = record_parsheet(version, proposed, instant)
    if sheet is None or sheet.status == ParSheetResult.Status.FAILED:
        failed = sheet is not None
        error = "" if sheet is None else sheet.error
        try:
            sheet = tasks.request_parsheet(version, rules=proposed)
        except ValidationError as exc:
            return [
                gettext("The par sheet of %(version)s cannot be computed: %(why)s")
                % {"version": version, "why": " ".join(exc.messages)}
            ]
        if failed:
            return [
                gettext(
                    "The par sheet of %(version)s under these rules failed (%(error)s) and has "
                    "been queued again; save again when it is done."
                )
                % {"version": version, "error": error}
            ]
    if sheet.status != ParSheetResult.Status.DONE:
        return [
            gettext(
                "The par sheet of %(version)s under these rules is being computed "
                "(%(percent)s%%); save again when it is done."
            )
            % {"version": version, "percent": sheet.percent}
        ]
    if sheet.player_edge and not confirmed:
        return [
            gettext(
                "Under these rules %(version)s gives the PLAYER the edge: its house edge would "
                "be %(edge)s of every Ante. If this is what the house means, tick “player edge "
                "confirmed” and save again."
            )
            % {"version": version, "edge": localized(edge_words(sheet.figures["house_edge_exact"]))}
        ]
    return []
