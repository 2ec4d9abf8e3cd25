"""The assessments' part in the task worker's sweep (`trainer.core.signals.worker_sweep`)."""

from __future__ import annotations

from django.dispatch import receiver

from trainer.core.signals import worker_sweep

from .finishing import finish_overdue


@receiver(worker_sweep, dispatch_uid="trainer.assessments.signals.finish_overdue_sittings")
def finish_overdue_sittings(sender, **kwargs):
    """Every sitting whose time ran out is finished and scored ("time up"): pages only show
    it so, since a GET never writes.  Nothing is queued again, so nothing is returned."""
    finish_overdue()
    return None
