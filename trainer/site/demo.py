"""The demo users `seed_demo` creates (with DEBUG on only) and the published password they
start with: the command gives it them, and the deployment's check (trainer.site.checks)
refuses to serve with DEBUG off while any still signs in with it."""

from __future__ import annotations

import os

from django.contrib.auth.hashers import check_password

from trainer.houses.models import User
from trainer.houses.roles import GAMES_MANAGER, SUPERVISOR, TRAINEE

DEMO_SLUG = "demo"
DEFAULT_PASSWORD = "deal-the-cards"
#: username -> (role, staff?)
DEMO_USERS = {
    "trainee": (TRAINEE, False),
    "supervisor": (SUPERVISOR, False),
    "manager": (GAMES_MANAGER, True),
}


def demo_passwords() -> set[str]:
    """The passwords a demo user may have been given: the published one and $DEMO_PASSWORD."""
    return {DEFAULT_PASSWORD, os.environ.get("DEMO_PASSWORD") or DEFAULT_PASSWORD}


def demo_users_with_demo_password() -> list[str]:
    """The demo users that still sign in with the demo password, the published default or
    `$DEMO_PASSWORD`: at most three rows read.  The hashers' own check_password, not the
    user's: that one would re-hash and save an old-format password."""
    passwords = demo_passwords()
    users = User.objects.filter(username__in=DEMO_USERS, is_active=True).order_by("username")
    return [
        user.username for user in users if any(check_password(p, user.password) for p in passwords)
    ]
