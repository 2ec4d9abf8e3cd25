"""The People pages' rule of who acts on whom: supervisors set new passwords for the trainees of
their house, and games managers for the trainees, supervisors and audit staff of theirs, never
for someone who holds a role like theirs or above it (staff, games managers, superusers, fellow
supervisors), so nobody gains an account stronger than their own.  Read by the People pages
(trainer.roster.views) and the password pages (trainer.site.accounts)."""

from __future__ import annotations

from django.db.models import Q

from trainer.houses.models import User

#: the backend whose with_perm answers "who holds this permission" (axes' holds none)
PERMISSIONS_BACKEND = "trainer.core.auth.HouseModelBackend"
REVIEW = "houses.review_trainees"
MANAGE = "houses.manage_tables"
PRACTISE = "houses.practise_drills"
AUDIT = "audits.audit_hands"


def _holders(perm: str):
    """Everyone holding `perm` through a role or alone, active or not."""
    return User.objects.with_perm(
        perm, is_active=None, include_superusers=False, backend=PERMISSIONS_BACKEND
    )


def may_set_passwords(user) -> bool:
    return user.is_authenticated and (
        user.is_superuser or user.has_perm(REVIEW) or user.has_perm(MANAGE)
    )


def people_in_charge(actor):
    """The people `actor` looks after on the site, active or deactivated: a supervisor, the
    trainees of their house; a games manager, its trainees, supervisors and audit staff; a
    superuser, everyone but superusers.  Never the actor, never staff or a superuser, never a
    games manager, and, for a supervisor, never another supervisor; for someone of no house,
    nobody.  Every action on a person (password, deactivation, unlocking: trainer.roster) is
    limited to these; anyone else is answered as nobody (404)."""
    people = User.objects.filter(is_superuser=False).exclude(pk=actor.pk)
    if actor.is_superuser:
        return people.order_by("username")
    if actor.house_id is None:
        # house_id=None would be IS NULL: every houseless trainee and supervisor
        return User.objects.none()
    people = people.filter(is_staff=False).exclude(pk__in=_holders(MANAGE).values("pk"))
    trainees = _holders(PRACTISE).filter(house_id=actor.house_id).values("pk")
    if actor.has_perm(MANAGE):
        supervisors = _holders(REVIEW).filter(house_id=actor.house_id).values("pk")
        auditors = _holders(AUDIT).filter(house_id=actor.house_id).values("pk")
        return people.filter(
            Q(pk__in=trainees) | Q(pk__in=supervisors) | Q(pk__in=auditors)
        ).order_by("username")
    if actor.has_perm(REVIEW):
        return (
            people.filter(pk__in=trainees)
            .exclude(pk__in=_holders(REVIEW).values("pk"))
            .order_by("username")
        )
    return User.objects.none()


def people_whose_password(actor):
    """Whose password `actor` may set on the site: the active ones of `people_in_charge`."""
    return people_in_charge(actor).filter(is_active=True)
