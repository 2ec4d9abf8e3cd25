"""The audits' part in the task worker's sweep (`trainer.core.signals.worker_sweep`), and in
a person's change of employee number (`employee_number_changed`)."""

from __future__ import annotations

from django.dispatch import receiver

from trainer.core.signals import employee_number_changed, worker_sweep

from . import findings, services


@receiver(worker_sweep)
def requeue_stale_audits(sender, **kwargs):
    """Audits whose worker died are queued again (they start over from the first line)."""
    return services.requeue_stale_audits()


@receiver(employee_number_changed)
def relink_employee_number(sender, person, old: str, new: str, **kwargs):
    """The lines the house's logs wrote by the person's old number are theirs no more (unless
    a log name of theirs is written the same); those written by the new one become theirs,
    with their mispays on their cards (`findings.relink_number`)."""
    findings.relink_number(person=person, old=old, new=new)
