"""Writes that matter for houses and paytables: each one atomic, each one checked."""

from __future__ import annotations

import time
from dataclasses import asdict

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from trainer.engine import EngineError, HouseRules

from .config import house_rules_of, paytable_of
from .models import House, HouseRulesSettings, ParSheetResult, PaytableRow, PaytableVersion


def required_rows(version: PaytableVersion):
    """The rows a table of this version's game must have (the games registry says)."""
    return version.engine_game.rows


def _rules_of(version: PaytableVersion) -> HouseRules:
    return house_rules_of(getattr(version.house, "rules", None))


def parsheet_key_of(version: PaytableVersion, rules: HouseRules | None = None) -> str | None:
    """The key of the par sheet that belongs to this version's table under `rules` (the
    house's own rules unless given: a proposed change is checked under the rules it proposes),
    or None if the table cannot be computed as it stands."""
    try:
        return version.engine_game.parsheet_key(
            paytable_of(version), rules if rules is not None else _rules_of(version)
        )
    except EngineError:
        return None


def parsheet_of(version: PaytableVersion, rules: HouseRules | None = None) -> ParSheetResult | None:
    key = parsheet_key_of(version, rules)
    return ParSheetResult.objects.filter(key=key).first() if key else None


def claim_parsheet(
    version: PaytableVersion, rules: HouseRules | None = None
) -> tuple[ParSheetResult, bool]:
    """The par-sheet row of a version's table under `rules` (the house's own unless given),
    and whether it needs computing: False when an identical table's sheet is already done or
    under way (a failed one is queued again).  The row records what to compute (the version
    and the rules), so any worker can compute it from the row alone.
    `trainer.houses.tasks.request_parsheet` queues the computation when it is needed."""
    problems = table_problems(version)
    if problems:
        raise ValidationError(" ".join(problems))
    rules = rules if rules is not None else _rules_of(version)
    key = parsheet_key_of(version, rules)
    inputs = {"version": version, "rules": asdict(rules)}
    with transaction.atomic():
        result, created = ParSheetResult.objects.get_or_create(
            key=key, defaults={"game": version.game, **inputs}
        )
        if not created and result.status != ParSheetResult.Status.FAILED:
            return result, False
        if not created:
            result.status, result.error, result.done = ParSheetResult.Status.QUEUED, "", 0
            result.version, result.rules = inputs["version"], inputs["rules"]
            result.save(update_fields=["status", "error", "done", "version", "rules"])
    return result, True


def chip_unit_of(house_id: int | None) -> int:
    rules = HouseRulesSettings.objects.filter(house_id=house_id).only("chip_unit").first()
    return rules.chip_unit if rules else 1


def table_problems(version: PaytableVersion) -> list[str]:
    """Why a saved version cannot be used, in a games manager's words (empty if it can)."""
    try:
        table = paytable_of(version)
    except EngineError as exc:
        return [str(exc)]
    problems = table.problems(required_rows(version))
    problems += table.fraction_problems(chip_unit_of(version.house_id))
    if table.inversions() and not version.inversions_confirmed:
        problems.append("A stronger hand pays less than a weaker one and this is not confirmed.")
    return problems


def mark_used(version: PaytableVersion) -> None:
    """Record that something was graded with `version`: from now on it is read-only."""
    if version.first_used_at is not None:
        return
    PaytableVersion.objects.filter(pk=version.pk, first_used_at__isnull=True).update(
        first_used_at=timezone.now()
    )
    version.refresh_from_db(fields=["first_used_at"])


@transaction.atomic
def activate(version: PaytableVersion, *, by) -> PaytableVersion:
    """Make `version` its house's active table for its game; the one it replaces stays, as a
    superseded version, untouched otherwise."""
    version = PaytableVersion.objects.select_for_update().get(pk=version.pk)
    problems = table_problems(version)
    if problems:
        raise ValidationError(f"{version} cannot be activated: " + " ".join(problems))
    if version.is_active:
        return version
    PaytableVersion.objects.filter(house=version.house, game=version.game, is_active=True).update(
        is_active=False
    )
    PaytableVersion.objects.filter(pk=version.pk).update(
        is_active=True, activated_at=timezone.now()
    )
    # update() sends no signal: tell the app servers the house's tables changed
    House.bump_serial("config_serial", pk=version.house_id)
    version.refresh_from_db()
    return version


@transaction.atomic
def copy_version(version: PaytableVersion, *, by, label: str | None = None) -> PaytableVersion:
    """A new, inactive version with the same rows and bands, to edit and then activate."""
    copy = PaytableVersion(
        house=version.house,
        game=version.game,
        label=label or f"{version.label} (from v{version.number})",
        bet_unit=version.bet_unit,
        pair_band_low=version.pair_band_low,
        push_band_low=version.push_band_low,
        push_band_high=version.push_band_high,
        inversions_confirmed=version.inversions_confirmed,
        created_by=by,
    )
    copy.save()
    PaytableRow.objects.bulk_create(
        PaytableRow(version=copy, category=row.category, win=row.win, to=row.to)
        for row in version.rows.all()
    )
    return copy


def compute_parsheet(result_id: int, version_id: int | None = None) -> None:
    """Compute the par sheet recorded in `ParSheetResult` `result_id` (its version's table
    under its rules), recording progress as it goes (at most a write a second).  Run by the
    task worker.  `version_id` serves rows queued before the row recorded its inputs."""
    result = ParSheetResult.objects.get(pk=result_id)
    if result.status == ParSheetResult.Status.DONE:
        return
    version = PaytableVersion.objects.select_related("house").get(
        pk=result.version_id or version_id
    )
    rules = HouseRules(**result.rules) if result.rules else _rules_of(version)
    ParSheetResult.objects.filter(pk=result_id).update(status=ParSheetResult.Status.RUNNING)
    last = [0.0]

    def progress(done: int, total: int) -> None:
        now = time.monotonic()
        if now - last[0] >= 1 or done == total:
            last[0] = now
            ParSheetResult.objects.filter(pk=result_id).update(done=done, total=total)

    try:
        sheet = version.engine_game.parsheet(paytable_of(version), rules, progress=progress)
    except EngineError as exc:
        ParSheetResult.objects.filter(pk=result_id).update(
            status=ParSheetResult.Status.FAILED, error=str(exc), finished_at=timezone.now()
        )
        return
    ParSheetResult.objects.filter(pk=result_id).update(
        status=ParSheetResult.Status.DONE,
        figures=sheet.as_dict(),
        finished_at=timezone.now(),
        error="",
    )


# --- house-rule changes go through the same gate as activating a table ----------------------


def house_rules_problems(
    house: House, proposed: HouseRules, *, player_edge_confirmed: bool = False
) -> list[str]:
    """Why the house's rules cannot change to `proposed` yet, in a games manager's words
    (empty: they can).  Each active table must still take the chip unit; and each active
    table whose par sheet the change moves (its key changes: the call multiple is an input)
    is checked as activating it would be: its sheet under the proposed rules is computed
    first (queued for the task worker here, so saving again once it is done goes through),
    and a player edge needs `player_edge_confirmed`, which confirms this change only."""
    from . import tasks  # tasks imports this module: look it up when a change is checked

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
                f"The active table {version} does not take a chip unit of "
                f"{proposed.chip_unit}: {' '.join(unfit)}"
            )
    if problems:
        return problems
    for version in versions:
        if not version.engine_game.has_parsheet:
            continue
        if parsheet_key_of(version, current) == parsheet_key_of(version, proposed):
            continue
        problems.extend(_edge_problems(version, proposed, player_edge_confirmed, tasks))
    return problems


def _edge_problems(version, proposed: HouseRules, confirmed: bool, tasks) -> list[str]:
    from trainer.engine.figures import edge_words

    sheet = parsheet_of(version, proposed)
    if sheet is None or sheet.status == ParSheetResult.Status.FAILED:
        failure = "" if sheet is None else f" failed ({sheet.error}) and"
        try:
            sheet = tasks.request_parsheet(version, rules=proposed)
        except ValidationError as exc:
            return [f"The par sheet of {version} cannot be computed: {' '.join(exc.messages)}"]
        if failure:
            return [
                f"The par sheet of {version} under these rules{failure} has been queued "
                "again; save again when it is done."
            ]
    if sheet.status != ParSheetResult.Status.DONE:
        return [
            f"The par sheet of {version} under these rules is being computed "
            f"({sheet.percent}%); save again when it is done."
        ]
    if sheet.player_edge and not confirmed:
        return [
            f"Under these rules {version} gives the PLAYER the edge: its house edge would be "
            f"{edge_words(sheet.figures['house_edge_exact'])} of every Ante. If this is what "
            "the house means, tick “player edge confirmed” and save again."
        ]
    return []
