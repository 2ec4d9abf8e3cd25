"""The desk's writes: a new paytable version from the designer, a change of house rules
through the activation gate, the house's pace targets.  Each one atomic and checked; the
checks are the houses app's own (`trainer.houses.services`), never restated here."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

from trainer.drills.practice.models import PaceTarget
from trainer.engine import EngineError, HouseRules
from trainer.houses import activation
from trainer.houses import services as houses
from trainer.houses.config import active_versions, house_rules_of, paytable_of
from trainer.houses.models import (
    House,
    HouseRulesSettings,
    ParSheetResult,
    PaytableRow,
    PaytableVersion,
)
from trainer.rounds.models import RoundPace

# --- a new version from the designer ---------------------------------------------------------


@dataclass(frozen=True)
class Saved:
    """What a save from the designer came to: the version, and whether this post made it
    (False: the same form was saved before, and this is that version)."""

    version: PaytableVersion
    created: bool


@transaction.atomic
def new_version(
    *,
    house: House,
    game: str,
    by,
    token: str,
    label: str,
    bet_unit: int,
    rows: Iterable[tuple[int, int, int]],
    pair_band_low: int | None = None,
    push_band_low: int | None = None,
    push_band_high: int | None = None,
    inversions_confirmed: bool = False,
) -> Saved:
    """Save a table as the next version of `game` at `house` (numbered by the model), inactive,
    with `rows` as (category order, win, to), keeping the form's `token` with it.  A token
    already saved with a version of the game answers that version and saves nothing (a double
    click, a replayed form).  Refused, saving nothing, when the table could not be activated
    as it stands (`houses.table_problems`: rows missing, a fraction of a chip, an unconfirmed
    inversion)."""
    if not token:
        raise ValueError("A save from the designer needs its form's token.")
    # the lock the numbering takes, taken before the token is looked up: a second post of the
    # same form waits here for the first to commit, then finds its version
    PaytableVersion.objects.lock_numbering(house.pk)
    kept = PaytableVersion.objects.filter(house=house, game=game, form_token=token).first()
    if kept is not None:
        return Saved(kept, created=False)
    version = PaytableVersion(
        house=house,
        game=game,
        label=label,
        bet_unit=bet_unit,
        pair_band_low=pair_band_low,
        push_band_low=push_band_low,
        push_band_high=push_band_high,
        inversions_confirmed=inversions_confirmed,
        created_by=by,
        form_token=token,
    )
    version.full_clean(exclude=["number"])
    version.save()
    made = [PaytableRow(version=version, category=c, win=w, to=t) for c, w, t in rows]
    for row in made:
        row.full_clean(exclude=["version"])
    PaytableRow.objects.bulk_create(made)
    problems = houses.table_problems(version)
    if problems:
        raise ValidationError(problems)
    return Saved(version, created=True)


# --- house rules: a change goes through the gate activation goes through ---------------------


@dataclass(frozen=True)
class TableChange:
    """An active table whose par sheet a change of house rules moves: its sheet under the
    rules in force (`before`) and under the proposed ones (`after`), either possibly absent."""

    version: PaytableVersion
    before: ParSheetResult | None
    after: ParSheetResult | None

    @property
    def ready(self) -> bool:
        return self.after is not None and self.after.status == ParSheetResult.Status.DONE

    @property
    def waiting(self) -> bool:
        """Its sheet under the new rules is queued or being computed."""
        return self.after is not None and self.after.under_way

    @property
    def player_edge(self) -> bool:
        return self.ready and self.after.player_edge


@dataclass
class RulesOutcome:
    """What became of a proposed change of house rules: saved, or waiting for the sheets under
    the new rules (a state, with their progress), or waiting for the player edge to be
    confirmed, or refused with its reasons in words."""

    saved: bool = False
    errors: list[str] = field(default_factory=list)
    tables: list[TableChange] = field(default_factory=list)

    @property
    def waiting(self) -> list[TableChange]:
        return [t for t in self.tables if t.waiting]

    @property
    def to_confirm(self) -> list[TableChange]:
        return [t for t in self.tables if t.player_edge]


def rules_in_force(house: House) -> HouseRules:
    return house_rules_of(HouseRulesSettings.objects.filter(house=house).first())


def proposed_rules(house: House, changes: Mapping[str, object]) -> HouseRules:
    """The house's rules in force with `changes` (field name -> value) made to them."""
    return dataclasses.replace(rules_in_force(house), **changes)


def table_changes(house: House, proposed: HouseRules) -> list[TableChange]:
    """The house's active tables whose par sheet `proposed` moves (its key changes), with
    their sheets before and after: what `activation.house_rules_problems` checks, read as states.
    Reads only: nothing is queued here."""
    current = rules_in_force(house)
    changes = []
    for version in active_versions(house):
        if not version.engine_game.has_parsheet:
            continue
        if houses.parsheet_key_of(version, current) == houses.parsheet_key_of(version, proposed):
            continue
        changes.append(
            TableChange(
                version,
                houses.parsheet_of(version, current),
                houses.parsheet_of(version, proposed),
            )
        )
    return changes


@transaction.atomic
def change_house_rules(
    *, house: House, changes: Mapping[str, object], player_edge_confirmed: bool = False
) -> RulesOutcome:
    """Make `changes` to the house's rules, through the gate of activation
    (`activation.house_rules_problems`, which queues the sheets the change needs).  Saved when the
    gate lets it through; otherwise nothing changes and the outcome says why: the sheets under
    the new rules are still being computed (their progress), a player edge is to be
    confirmed, or an error in words."""
    unknown = set(changes) - {f.name for f in dataclasses.fields(HouseRules)}
    if unknown:
        words = gettext("There is no house rule called %(names)s.") % {
            "names": ", ".join(sorted(unknown))
        }
        return RulesOutcome(errors=[words])
    try:
        proposed = proposed_rules(house, changes)
        proposed.check_caps_payable()
    except (EngineError, TypeError) as exc:
        return RulesOutcome(errors=[str(exc)])
    row = HouseRulesSettings.objects.select_for_update().filter(
        house=house
    ).first() or HouseRulesSettings(house=house)
    for name, value in changes.items():
        setattr(row, name, value)
    try:
        row.full_clean()
    except ValidationError as exc:
        return RulesOutcome(errors=exc.messages)
    problems = activation.house_rules_problems(
        house, proposed, player_edge_confirmed=player_edge_confirmed
    )
    tables = table_changes(house, proposed)
    if problems:
        outcome = RulesOutcome(tables=tables)
        # the waiting and the player edge are states the page shows; anything else (a table
        # that does not take the chip unit, a sheet that cannot be computed) is refused
        unfit = any(
            paytable_of(v).fraction_problems(proposed.chip_unit) for v in active_versions(house)
        )
        state = outcome.waiting or (outcome.to_confirm and not player_edge_confirmed)
        if unfit or not state:
            outcome.errors = problems
        return outcome
    row.save()
    return RulesOutcome(saved=True, tables=tables)


# --- pace targets ----------------------------------------------------------------------------


@transaction.atomic
def set_pace_targets(*, house: House, targets: Mapping[tuple[str, int], Decimal | None]) -> int:
    """Set the house's own target of each (drill, level) in `targets` (None: back to the
    drill's default), and return how many changed."""
    own = {(t.kind, t.level): t for t in PaceTarget.objects.filter(house=house)}
    changed = 0
    for (kind, level), seconds in targets.items():
        existing = own.get((kind, level))
        if seconds is None:
            if existing is not None:
                existing.delete()
                changed += 1
            continue
        if existing is not None and existing.seconds == seconds:
            continue
        target = existing or PaceTarget(house=house, kind=kind, level=level)
        target.seconds = seconds
        target.full_clean()
        target.save()
        changed += 1
    return changed


def set_round_paces(*, house: House, paces: Mapping[str, int | None]) -> int:
    """Set the house's pace of each game in `paces`, in rounds an hour (None: back to the
    game's default), and return how many changed."""
    own = {p.game: p for p in RoundPace.objects.filter(house=house)}
    changed = 0
    for game, rounds in paces.items():
        existing = own.get(game)
        if rounds is None:
            if existing is not None:
                existing.delete()
                changed += 1
            continue
        if existing is not None and existing.rounds_per_hour == rounds:
            continue
        pace = existing or RoundPace(house=house, game=game)
        pace.rounds_per_hour = rounds
        pace.full_clean()
        pace.save()
        changed += 1
    return changed


def rules_row(house: House) -> HouseRulesSettings:
    """The house's rules row, or an unsaved one with the defaults for a house without."""
    return HouseRulesSettings.objects.filter(house=house).first() or HouseRulesSettings(house=house)


def active_version(house: House, game: str) -> PaytableVersion | None:
    return (
        PaytableVersion.objects.active()
        .filter(house=house, game=game)
        .select_related("house")
        .prefetch_related("rows")
        .first()
    )
