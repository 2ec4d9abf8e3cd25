"""Writes that matter for houses and paytables: each one atomic, each one checked."""

from __future__ import annotations

import functools
import logging
from dataclasses import asdict

from django.core.exceptions import ValidationError
from django.db import DatabaseError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from trainer.engine import EngineError, HouseRules
from trainer.engine.catalog import GAMES
from trainer.engine.parsheets import ParSheet
from trainer.engine.paytables import Paytable

from . import precompute
from .config import house_rules_of, paytable_of
from .models import (
    House,
    HouseRulesSettings,
    ParSheetResult,
    PaytableRow,
    PaytableVersion,
    TableActivation,
)

logger = logging.getLogger(__name__)

#: the work was queued again (its lease went stale) while this worker did it
LeaseLost = precompute.LeaseLost


def required_rows(version: PaytableVersion):
    """The rows a table of this version's game must have (the games registry says)."""
    return version.engine_game.rows


def rules_of(version: PaytableVersion) -> HouseRules:
    """The rules of the house whose table `version` is (the defaults for a house without)."""
    return house_rules_of(getattr(version.house, "rules", None))


def parsheet_key_of(version: PaytableVersion, rules: HouseRules | None = None) -> str | None:
    """The key of the par sheet that belongs to this version's table under `rules` (the
    house's own rules unless given: a proposed change is checked under the rules it proposes),
    or None if the table cannot be computed as it stands."""
    try:
        return version.engine_game.parsheet_key(
            paytable_of(version), rules if rules is not None else rules_of(version)
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
    under way (a failed sheet, and a stale one whose worker died, are queued again as a new
    attempt).  The row records what to compute (the version and the rules), so any worker can
    compute it from the row alone.  `trainer.houses.tasks.request_parsheet` queues the
    computation when it is needed."""
    problems = table_problems(version)
    if problems:
        raise ValidationError(" ".join(problems))
    inputs = inputs_of(version, rules)
    key = parsheet_key_of(version, rules)
    result, created = ParSheetResult.objects.get_or_create(
        key=key, defaults={"game": version.game, "heartbeat_at": timezone.now(), **inputs}
    )
    if created:
        return result, True
    requeued = requeue_parsheet(result, **inputs)
    return (requeued or result), requeued is not None


def inputs_of(version: PaytableVersion, rules: HouseRules | None = None) -> dict:
    """What a sheet row records to compute: the version and the rules (the house's own unless
    given), as `ParSheetResult` fields."""
    rules = rules if rules is not None else rules_of(version)
    return {"version": version, "rules": asdict(rules)}


def requeue_parsheet(result: ParSheetResult, **inputs) -> ParSheetResult | None:
    """Queue a failed or stale sheet again as its next attempt, and return it; None, changing
    nothing, when it is done, queued or running under a live lease.  Compare-and-set on the
    attempt: of two callers (two workers' sweeps, a sweep and a games manager's retry) only
    one requeues it.  `inputs` replaces what the row computes (the version and the rules)."""
    count = (
        ParSheetResult.objects.retryable(ParSheetResult.stale_before())
        .filter(pk=result.pk, attempt=result.attempt)
        .update(
            status=ParSheetResult.Status.QUEUED,
            attempt=F("attempt") + 1,
            heartbeat_at=timezone.now(),
            error="",
            done=0,
            **inputs,
        )
    )
    if not count:
        result.refresh_from_db()
        return None
    return ParSheetResult.objects.get(pk=result.pk)


def requeue_stale_parsheets() -> list[ParSheetResult]:
    """Every stale sheet queued again (see `requeue_parsheet`), and returned; one whose
    worker has died `MAX_ATTEMPTS` times is marked failed instead, so that a sheet that kills
    its worker (memory, say) is not retried for ever: its "Retry" button is still there.  Run
    by the worker at start and every few seconds (`manage.py parsheet_worker`)."""
    requeued = []
    for sheet in ParSheetResult.objects.stale(ParSheetResult.stale_before()):
        if sheet.attempt >= ParSheetResult.MAX_ATTEMPTS:
            ParSheetResult.objects.stale(ParSheetResult.stale_before()).filter(
                pk=sheet.pk, attempt=sheet.attempt
            ).update(
                status=ParSheetResult.Status.FAILED,
                finished_at=timezone.now(),
                error=f"its worker stopped {sheet.attempt} times without finishing it",
            )
        elif (again := requeue_parsheet(sheet)) is not None:
            requeued.append(again)
    return requeued


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
        problems.append(
            gettext("A stronger hand pays less than a weaker one and this is not confirmed.")
        )
    return problems


def mark_used(version: PaytableVersion) -> None:
    """Record that something was graded with `version`: from now on it is read-only."""
    if version.first_used_at is not None:
        return
    PaytableVersion.objects.filter(pk=version.pk, first_used_at__isnull=True).update(
        first_used_at=timezone.now()
    )
    version.refresh_from_db(fields=["first_used_at"])


#: why an activation whose page is out of date is refused (`activate`'s `seen`)
OVERTAKEN = gettext_lazy(
    "The active table has changed since this page was loaded: nothing was activated. "
    "Look at the edges again below."
)


def activation_state(house: House | int, game: str) -> str:
    """What an activation page saw of a game's tables: its active version and the latest
    activation.  The page posts it back as `seen`, and `activate` goes ahead only while it is
    unchanged, so that a replayed post, or one overtaken by another activation, changes
    nothing."""
    active = (
        PaytableVersion.objects.active()
        .filter(house=house, game=game)
        .values_list("pk", flat=True)
        .first()
    )
    latest = (
        TableActivation.objects.filter(house=house, game=game)
        .order_by("-pk")
        .values_list("pk", flat=True)
        .first()
    )
    return f"{active or 'none'}:{latest or 0}"


@transaction.atomic
def activate(version: PaytableVersion, *, by, seen: str | None = None) -> PaytableVersion:
    """Make `version` its house's active table for its game; the one it replaces stays, as a
    superseded version, untouched otherwise.  With `seen` (what the page showed,
    `activation_state`), only while the game's tables are still as seen: otherwise nothing is
    written and a ValidationError says why."""
    # Every version of the game in the house, locked in one order (by id): two activations
    # of one game wait here for each other, whichever tables they activate, and cannot
    # deadlock; the one that waited then reads what the first committed.  (Locking only the
    # version activated let two activations of two drafts both go ahead.)
    list(
        PaytableVersion.objects.select_for_update()
        .filter(house_id=version.house_id, game=version.game)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    version = PaytableVersion.objects.get(pk=version.pk)
    if seen is not None and activation_state(version.house_id, version.game) != seen:
        raise ValidationError(OVERTAKEN, code="overtaken")
    problems = table_problems(version)
    if problems:
        raise ValidationError(
            gettext("%(version)s cannot be activated: %(problems)s")
            % {"version": version, "problems": " ".join(problems)}
        )
    if version.is_active:
        return version
    PaytableVersion.objects.filter(house=version.house, game=version.game, is_active=True).update(
        is_active=False
    )
    now = timezone.now()
    PaytableVersion.objects.filter(pk=version.pk).update(is_active=True, activated_at=now)
    # the history an audit reads: which table was in force when (trainer.houses.timeline)
    TableActivation.objects.create(
        house_id=version.house_id, game=version.game, version=version, at=now, by=by
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
        label=label
        or gettext("%(label)s (from v%(number)s)")
        % {"label": version.label, "number": version.number},
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


def start_parsheet(result_id: int, attempt: int | None) -> int | None:
    """Take the lease of a queued sheet for `attempt` (None: whatever attempt it is at, for a
    task queued before sheets had attempts): the attempt taken, or None if the sheet is not
    queued at that attempt (done, requeued, or taken by another worker)."""
    queued = ParSheetResult.objects.filter(pk=result_id, status=ParSheetResult.Status.QUEUED)
    if attempt is None:
        attempt = queued.values_list("attempt", flat=True).first()
        if attempt is None:
            return None
    taken = queued.filter(attempt=attempt).update(
        status=ParSheetResult.Status.RUNNING, heartbeat_at=timezone.now(), done=0, total=0
    )
    return attempt if taken else None


def beat(result_id: int, attempt: int, **progress) -> bool:
    """Renew the lease of `attempt` (and record `progress`, done and total); False, changing
    nothing, if the sheet is no longer running at that attempt."""
    return bool(
        ParSheetResult.objects.filter(
            pk=result_id, attempt=attempt, status=ParSheetResult.Status.RUNNING
        ).update(heartbeat_at=timezone.now(), **progress)
    )


def compute_parsheet(
    result_id: int, version_id: int | None = None, attempt: int | None = None
) -> None:
    """Compute the par sheet recorded in `ParSheetResult` `result_id` (its version's table
    under its rules) as attempt `attempt`, holding its lease while it works (see
    `ParSheetResult`) and recording progress as it goes.  Run by the task worker.  Does
    nothing if the sheet is not queued at that attempt; stops if the lease is lost.
    `version_id` serves rows queued before the row recorded its inputs.  A database error
    goes up to the worker (which reconnects; the lease lapses and the sheet is queued again);
    any other failure is recorded on the sheet, which then offers "Retry".

    A game with a fast path (`Game.has_fast_parsheet`) reads its counts
    (`trainer.houses.precompute`), building them here first if this site has none yet, the
    progress reported on this sheet: every later sheet of the game then takes well under a
    second.  While another worker builds them, and for a game without a fast path, the sheet
    is enumerated in full."""
    attempt = start_parsheet(result_id, attempt)
    if attempt is None:
        return
    result = ParSheetResult.objects.get(pk=result_id)
    mine = ParSheetResult.objects.filter(
        pk=result_id, attempt=attempt, status=ParSheetResult.Status.RUNNING
    )

    def failed(error: str) -> None:
        mine.update(status=ParSheetResult.Status.FAILED, error=error, finished_at=timezone.now())

    lease = precompute.Lease(
        f"parsheet-{result_id}",
        functools.partial(beat, result_id, attempt),
        ParSheetResult.HEARTBEAT_SECONDS,
    )
    try:
        with lease:
            version = (
                PaytableVersion.objects.select_related("house")
                .filter(pk=result.version_id or version_id)
                .first()
            )
            if version is None:
                failed(
                    "it does not say which table to compute (it was queued before this was "
                    "recorded); choose “Compute par sheet” on the version again"
                )
                return
            rules = HouseRules(**result.rules) if result.rules else rules_of(version)
            entry, table = version.engine_game, paytable_of(version)
            counts = precompute.counts_for_sheet(entry, lease) if entry.has_fast_parsheet else None
            if counts is not None:
                sheet = entry.fast_parsheet(table, rules, counts)
                if not lease.latest:
                    lease(1, 1)  # nothing to wait for: done in one step
            else:
                sheet = entry.parsheet(table, rules, progress=lease)
    except EngineError as exc:
        failed(str(exc))
        return
    except LeaseLost:
        return
    except DatabaseError:
        raise
    except Exception as exc:
        logger.exception("Par sheet %s failed", result_id)
        failed(f"the computation stopped with an error ({type(exc).__name__}: {exc})")
        return
    mine.update(
        status=ParSheetResult.Status.DONE,
        figures=sheet.as_dict(),
        finished_at=timezone.now(),
        error="",
        heartbeat_at=timezone.now(),
        **lease.latest,
    )


# --- par sheets at once, from the precomputed counts -----------------------------------------


def instant_parsheet(game: str, table: Paytable, rules: HouseRules) -> ParSheet | None:
    """The exact par sheet of `table` under `rules`, computed now from the game's precomputed
    counts (well under a second); None while those counts are not yet built on this site
    (`tasks.prepare_counts` queues them), and for a game without a fast path.  A table the
    engine cannot price raises its EngineError (a PaytableError names the row)."""
    entry = GAMES.get(game)
    if entry is None:
        raise EngineError(f"'{game}' is not a game.")
    counts = precompute.ready_counts(entry)
    if counts is None:
        return None
    return entry.fast_parsheet(table, rules, counts)


def instant_parsheet_of(version: PaytableVersion, rules: HouseRules | None = None):
    """`instant_parsheet` of a saved version's table under `rules` (the house's own unless
    given); None when the counts are not built or the table cannot be computed as it stands
    (`claim_parsheet` says why)."""
    try:
        return instant_parsheet(
            version.game, paytable_of(version), rules if rules is not None else rules_of(version)
        )
    except EngineError:
        return None


def record_parsheet(
    version: PaytableVersion, rules: HouseRules | None, sheet: ParSheet
) -> ParSheetResult:
    """Store `sheet`, computed at once, as the done par sheet of its key (a version's table
    under `rules`): a row queued, running or failed for it is done from now on (a worker
    still computing it loses its lease and writes nothing)."""
    now = timezone.now()
    figures = {
        "status": ParSheetResult.Status.DONE,
        "figures": sheet.as_dict(),
        "finished_at": now,
        "heartbeat_at": now,
        "error": "",
        "done": 1,
        "total": 1,
    }
    result, created = ParSheetResult.objects.get_or_create(
        key=sheet.key, defaults={"game": version.game, **inputs_of(version, rules), **figures}
    )
    if not created and result.status != ParSheetResult.Status.DONE:
        ParSheetResult.objects.filter(pk=result.pk).exclude(
            status=ParSheetResult.Status.DONE
        ).update(**figures)
        result.refresh_from_db()
    return result
