"""The assessments' part in the task worker's sweep (`trainer.core.signals.worker_sweep`)."""

from __future__ import annotations

from django.dispatch import receiver

from trainer.core.signals import worker_sweep

from .finishing import finish_overdue
from .notices import send_due_notices


@receiver(worker_sweep, dispatch_uid="trainer.assessments.signals.finish_overdue_sittings")
def finish_overdue_sittings(sender, **kwargs):
    """Every sitting whose time ran out is finished and scored ("time up"): pages only show
    it so, since a GET never writes.  Nothing is queued again, so nothing is returned."""
    finish_overdue()
    return None


@receiver(worker_sweep, dispatch_uid="trainer.assessments.signals.notices")
def notices(sender, **kwargs):
    """The notices now due (a test assigned, a certificate due for renewal or expired) are
    recorded and mailed, each once.  Nothing is queued again, so nothing is returned."""
    send_due_notices()
    return None
