from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from trainer.core.signals import worker_sweep

from . import imports
from .middleware import MUST_CHANGE
from .services import must_change_password


@receiver(user_logged_in, dispatch_uid="trainer.roster.signals.temporary_password")
def note_temporary_password(sender, request, user, **kwargs):
    """One query at sign-in, none afterwards: the session says whether the password must
    change (a password change ends every other session anyway)."""
    if request is not None and hasattr(request, "session"):
        if must_change_password(user):
            request.session[MUST_CHANGE] = True
        else:
            request.session.pop(MUST_CHANGE, None)


@receiver(worker_sweep, dispatch_uid="trainer.roster.signals.stale_imports")
def requeue_stale_imports(sender, **kwargs):
    """Imports whose worker died are queued again (they start over; nobody was made)."""
    return imports.requeue_stale_imports()
