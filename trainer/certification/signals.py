"""The certification's part in the task worker's sweep, and in a sitting's end."""

from __future__ import annotations

from django.dispatch import receiver

from trainer.core.signals import sitting_finished, worker_sweep

from . import notices
from .models import Requirement
from .services import certify, certify_everyone


@receiver(worker_sweep, dispatch_uid="trainer.certification.signals.sweep")
def sweep(sender, **kwargs):
    """Dealers whose practice hours now complete a certification are certified, and those
    whose certification is now at risk are told.  Nothing is queued again, so nothing is
    returned."""
    certify_everyone()
    notices.send()
    return None


@receiver(sitting_finished, dispatch_uid="trainer.certification.signals.sitting")
def sitting(sender, sitting, **kwargs):
    """A passed sitting of a certification's written (or renewal) test may complete it."""
    if not sitting.passed:
        return
    test_id = sitting.assignment.test_id
    for requirement in Requirement.objects.filter(house_id=sitting.assignment.test.house_id):
        if test_id in (requirement.test_id, requirement.renewal_test_id):
            certify(requirement, sitting.trainee)
