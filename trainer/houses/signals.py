"""Keep the serials that key the app servers' memory caches moving (see trainer.core.auth
and trainer.houses.config).  Every change made through the ORM's managers and the admin passes
here; a change made in raw SQL needs the app servers restarting."""

from __future__ import annotations

from dataclasses import asdict

from django.contrib.auth import HASH_SESSION_KEY
from django.contrib.auth.models import Group, Permission
from django.contrib.auth.signals import user_logged_in, user_logged_out
from django.db.models.signals import m2m_changed, post_delete, post_save, pre_delete
from django.dispatch import receiver
from django.utils import timezone

from trainer.core.signals import worker_sweep

from . import scheduled, tasks
from .config import house_rules_of
from .models import (
    House,
    HouseRulesRecord,
    HouseRulesSettings,
    PaytableRow,
    PaytableVersion,
    User,
)

CHANGES = {"post_add", "post_remove", "pre_clear"}


def bump_roles(**lookups) -> None:
    User.bump_serial("roles_serial", **lookups)


def _refresh(user: User) -> None:
    # the instance in hand carries the new number too, should it be saved again
    user.roles_serial = User.objects.values_list("roles_serial", flat=True).get(pk=user.pk)


@receiver(m2m_changed, sender=User.groups.through)
@receiver(m2m_changed, sender=User.user_permissions.through)
def user_roles_changed(sender, instance, action, reverse, pk_set, **kwargs):
    if action not in CHANGES:
        return
    if not reverse:  # user.groups.add(...) and the like
        bump_roles(pk=instance.pk)
        _refresh(instance)
    elif action == "pre_clear":  # group.user_set.clear(), permission.user_set.clear()
        field = "groups" if isinstance(instance, Group) else "user_permissions"
        bump_roles(**{field: instance})
    else:  # group.user_set.add(users...)
        bump_roles(pk__in=pk_set)


@receiver(m2m_changed, sender=Group.permissions.through)
def group_permissions_changed(sender, instance, action, reverse, pk_set, **kwargs):
    if action not in CHANGES:
        return
    if not reverse:  # group.permissions.set(...)
        bump_roles(groups=instance)
    elif action == "pre_clear":  # permission.group_set.clear()
        bump_roles(groups__permissions=instance)
    else:
        bump_roles(groups__in=pk_set)


@receiver(pre_delete, sender=Group)
def group_deleted(sender, instance, **kwargs):
    bump_roles(groups=instance)


@receiver(pre_delete, sender=Permission)
def permission_deleted(sender, instance, **kwargs):
    bump_roles()


def bump_config(house_id) -> None:
    if house_id is not None:
        House.bump_serial("config_serial", pk=house_id)


@receiver(post_save, sender=PaytableVersion)
@receiver(post_delete, sender=PaytableVersion)
@receiver(post_save, sender=HouseRulesSettings)
@receiver(post_delete, sender=HouseRulesSettings)
def house_table_changed(sender, instance, raw=False, **kwargs):
    bump_config(instance.house_id)


@receiver(post_save, sender=HouseRulesSettings)
def house_rules_recorded(sender, instance, **kwargs):
    """Keep the history an audit reads (trainer.houses.timeline): the rules as they are from
    now on, whenever a save changes them."""
    rules = asdict(house_rules_of(instance))
    last = HouseRulesRecord.objects.filter(house_id=instance.house_id).order_by("at", "pk").last()
    if last is None or last.rules != rules:
        HouseRulesRecord.objects.create(house_id=instance.house_id, at=timezone.now(), rules=rules)


@receiver(post_save, sender=PaytableRow)
@receiver(post_delete, sender=PaytableRow)
def paytable_row_changed(sender, instance, raw=False, **kwargs):
    house_id = PaytableVersion.objects.filter(pk=instance.version_id).values("house_id")
    House.bump_serial("config_serial", pk__in=house_id)


@receiver(post_save, sender=House)
def house_changed(sender, instance, created, raw=False, **kwargs):
    # the house's name is part of its tables' names
    if not created:
        bump_config(instance.pk)


@receiver(user_logged_out)
def signed_out(sender, request, user, **kwargs):
    # a session is a signed cookie, kept by the browser: moving the serial on ends this one
    # and any copy of it (trainer.houses.models.User.get_session_auth_hash)
    if user is not None and user.pk is not None:
        User.bump_serial("sessions_serial", pk=user.pk)


@receiver(user_logged_in)
def signed_in(sender, request, user, **kwargs):
    # sign the new session with the serial as it is now, even if `user` was read before an
    # earlier sign-out moved it on
    current = User.objects.filter(pk=user.pk).values_list("sessions_serial", flat=True).first()
    if current is not None and current != user.sessions_serial:
        user.sessions_serial = current
        if hasattr(request, "session"):
            request.session[HASH_SESSION_KEY] = user.get_session_auth_hash()


@receiver(worker_sweep)
def requeue_stale_parsheets(sender, **kwargs):
    """The task worker's sweep: par sheets whose worker died are queued again."""
    return tasks.requeue_stale_parsheets()


@receiver(worker_sweep)
def requeue_stale_counts(sender, **kwargs):
    """The task worker's sweep: builds of par-sheet counts whose worker died are queued again."""
    return tasks.requeue_stale_counts()


@receiver(worker_sweep)
def requeue_stale_exposures(sender, **kwargs):
    """The task worker's sweep: card-exposure figures whose worker died are queued again."""
    return tasks.requeue_stale_exposures()


@receiver(worker_sweep)
def apply_due_activations(sender, **kwargs):
    """The task worker's sweep: activations approved (or needing no approval) whose time has
    come take effect.  Nothing is queued again, so nothing is returned."""
    scheduled.apply_due()
    return None
