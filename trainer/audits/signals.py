"""The audits' part in the task worker's sweep (`trainer.core.signals.worker_sweep`)."""

from __future__ import annotations

from django.dispatch import receiver

from trainer.core.signals import worker_sweep

from . import services


@receiver(worker_sweep)
def requeue_stale_audits(sender, **kwargs):
    """Audits whose worker died are queued again (they start over from the first line)."""
    return services.requeue_stale_audits()
