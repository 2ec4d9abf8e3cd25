"""System checks of the deployment (`manage.py check --deploy`, which `make serve` runs)."""

from __future__ import annotations

from django.conf import settings
from django.core.checks import Error, Tags, register
from django.db import DatabaseError, transaction

from .demo import demo_users_with_demo_password

DEMO_PASSWORD_ID = "trainer.E001"


@register(Tags.security, deploy=True)
def check_demo_passwords(app_configs, **kwargs):
    """With DEBUG off, no demo user may still have the demo password: it is in the README."""
    if settings.DEBUG:
        return []
    try:
        # a savepoint of its own: a failed read never spoils a transaction around the check
        with transaction.atomic():
            found = demo_users_with_demo_password()
    except DatabaseError:
        return []  # no database or no tables yet (before `migrate`): no users to find
    if not found:
        return []
    return [
        Error(
            f"{'The demo user' if len(found) == 1 else 'The demo users'} {', '.join(found)} "
            f"{'still has' if len(found) == 1 else 'still have'} the demo password, which is "
            "published in the README, and DEBUG is off.",
            hint="Give each a new password (`python manage.py changepassword NAME`) or "
            "deactivate or delete them in the admin.",
            id=DEMO_PASSWORD_ID,
        )
    ]
