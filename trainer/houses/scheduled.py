"""Activations that wait: for the time they take effect (a games manager may give one), and,
where the house asks for it (`House.activations_need_approval`), for a second games manager
of the house to approve them.  Regulators may ask for both.  Either way the activation takes
effect through `activation.activate_checked` (the lock, the checks and the history of
activating at once), by the approval's post when its time has already come, or else by the
task worker's sweep (`apply_due`): a page that only shows never applies one."""

from __future__ import annotations

from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from . import activation
from .models import House, PaytableVersion, PendingActivation, TableActivation
from .services import OVERTAKEN, activation_state

State = PendingActivation.State

IN_THE_PAST = gettext_lazy(
    "The time it takes effect has already passed: leave it empty to activate now, or give "
    "a later time."
)
NOT_YOURS = gettext_lazy("This activation is not one of your house's: nothing was changed.")
OWN_REQUEST = gettext_lazy(
    "You asked for this activation: another games manager of the house approves or refuses "
    "it. Nothing was changed."
)
ALREADY_DECIDED = gettext_lazy(
    "This activation is no longer waiting for approval (it was approved or refused): "
    "nothing was changed."
)


def waits(house: House, effective_at: datetime | None) -> bool:
    """Whether an activation asked for now waits rather than takes effect at once."""
    return effective_at is not None or house.activations_need_approval


def request_activation(
    version: PaytableVersion,
    *,
    by,
    seen: str,
    effective_at: datetime | None = None,
    player_edge_confirmed: bool = False,
) -> PendingActivation | None:
    """Activate `version` as a games manager asks: at once (None is returned) when neither a
    time nor an approval is wanted, exactly as `activation.activate_checked`; otherwise the
    activation waiting, after the checks activating now would make, so that nothing is asked
    for that could not take effect.  Refused (ValidationError) with nothing written: a time
    past, the tables no longer as `seen`, the table's own problems, the version already
    active or already waiting."""
    now = timezone.now()
    if effective_at is not None and effective_at <= now:
        raise ValidationError(IN_THE_PAST, code="past")
    house = House.objects.get(pk=version.house_id)
    if not waits(house, effective_at):
        activation.activate_checked(
            version, by=by, player_edge_confirmed=player_edge_confirmed, seen=seen
        )
        return None
    return _ask(version, by, seen, effective_at or now, player_edge_confirmed, now)


@transaction.atomic
def _ask(version, by, seen, effective_at, player_edge_confirmed, now) -> PendingActivation:
    """The activation waiting, after the checks activating now would make."""
    # the lock activating takes (`services.activate`): two requests of one game wait here
    list(
        PaytableVersion.objects.select_for_update()
        .filter(house_id=version.house_id, game=version.game)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    version = PaytableVersion.objects.select_related("house").get(pk=version.pk)
    if seen != activation_state(version.house_id, version.game):
        raise ValidationError(OVERTAKEN, code="overtaken")
    if version.is_active:
        raise ValidationError(gettext("This version is already the active table."))
    if version.pending_activations.filter(state__in=PendingActivation.OPEN).exists():
        # a post sent again (a reload, a double click) asks for nothing more
        raise ValidationError(
            gettext("This version's activation is already waiting: nothing more was asked for.")
        )
    problems = activation.activation_problems(version, player_edge_confirmed=player_edge_confirmed)
    if problems:
        raise ValidationError(problems)
    house = version.house
    return PendingActivation.objects.create(
        house_id=version.house_id,
        game=version.game,
        version=version,
        state=State.AWAITING if house.activations_need_approval else State.SCHEDULED,
        requested_by=by,
        requested_at=now,
        effective_at=effective_at,
        needs_approval=house.activations_need_approval,
        seen=seen,
        player_edge_confirmed=player_edge_confirmed,
    )


def _decidable(pending_id: int, by) -> PendingActivation:
    """The activation waiting for approval, locked, that `by` may approve or refuse; else a
    ValidationError in their words."""
    pending = PendingActivation.objects.select_for_update().filter(pk=pending_id).first()
    if pending is None or pending.house_id != by.house_id:
        raise ValidationError(NOT_YOURS, code="not-yours")
    if pending.requested_by_id == by.pk:
        raise ValidationError(OWN_REQUEST, code="own")
    if pending.state != State.AWAITING:
        raise ValidationError(ALREADY_DECIDED, code="decided")
    return pending


@transaction.atomic
def approve(pending_id: int, *, by) -> PendingActivation:
    """A second games manager approves an activation waiting: it takes effect here when its
    time has come, else by the sweep once it has."""
    pending = _decidable(pending_id, by)
    now = timezone.now()
    pending.state = State.SCHEDULED
    pending.approved_by = by
    pending.approved_at = now
    pending.save(update_fields=["state", "approved_by", "approved_at"])
    if pending.effective_at <= now:
        _apply(pending)
    return pending


@transaction.atomic
def refuse(pending_id: int, *, by) -> PendingActivation:
    """A second games manager refuses an activation waiting: it never takes effect."""
    pending = _decidable(pending_id, by)
    pending.state = State.REFUSED
    pending.refused_by = by
    pending.refused_at = timezone.now()
    pending.save(update_fields=["state", "refused_by", "refused_at"])
    return pending


def _apply(pending: PendingActivation) -> None:
    """Make the activation take effect (inside the caller's transaction, its row locked), or
    record why it cannot: the tables changed since it was asked for, or the table can no
    longer be activated."""
    try:
        with transaction.atomic():
            activation.activate_checked(
                pending.version,
                by=pending.requested_by,
                player_edge_confirmed=pending.player_edge_confirmed,
                seen=pending.seen,
            )
    except ValidationError as exc:
        pending.state = State.FAILED
        pending.reason = " ".join(exc.messages)
    else:
        pending.state = State.APPLIED
        pending.activation = (
            TableActivation.objects.filter(version_id=pending.version_id).order_by("-pk").first()
        )
    pending.save(update_fields=["state", "reason", "activation"])


def apply_due(now: datetime | None = None) -> list[PendingActivation]:
    """The task worker's sweep: every activation approved (or needing no approval) whose time
    has come takes effect, each in its own transaction; those applied or failed are returned."""
    now = now or timezone.now()
    due = PendingActivation.objects.filter(state=State.SCHEDULED, effective_at__lte=now)
    done = []
    for pk in due.order_by("effective_at", "pk").values_list("pk", flat=True):
        with transaction.atomic():
            pending = (
                PendingActivation.objects.select_for_update()
                .filter(pk=pk, state=State.SCHEDULED)
                .first()
            )
            if pending is not None:
                _apply(pending)
                done.append(pending)
    return done
