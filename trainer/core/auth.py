"""Who is signed in and what they may do, for one query per request.

Django's ModelBackend reads the user (one query) and then, on the first permission check of
each request, the user's own and group permissions (two more).  Roles change rarely, so each
app server keeps a user's permission set in its memory cache (`CACHES["local"]`) under
(user id, `roles_serial`); the signals in trainer.houses.signals move `roles_serial` on
whenever a user's groups, a group's permissions or a user's own permissions change, so the
next request reads them afresh.  The user comes with its house, whose `config_serial` keys the
house's tables the same way (trainer.houses.config).
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.core.cache import caches


def local_cache():
    """This app server's own memory (a per-process cache, never shared between servers)."""
    return caches["local"]


class HouseModelBackend(ModelBackend):
    def get_user(self, user_id):
        model = get_user_model()
        try:
            user = model._default_manager.select_related("house").get(pk=user_id)
        except (model.DoesNotExist, ValueError, TypeError):
            return None
        return user if self.user_can_authenticate(user) else None

    def get_all_permissions(self, user_obj, obj=None):
        if not user_obj.is_active or user_obj.is_anonymous or obj is not None:
            return set()
        # kept on the user for the rest of the request under a name of our own (Django's
        # ModelBackend keeps its own under _perm_cache)
        if not hasattr(user_obj, "house_permissions"):
            key = f"permissions:{user_obj.pk}:{user_obj.roles_serial}:{user_obj.is_superuser:d}"
            permissions = local_cache().get(key)
            if permissions is None:
                permissions = frozenset(super().get_all_permissions(user_obj))
                local_cache().set(key, permissions)
            user_obj.house_permissions = set(permissions)
        return user_obj.house_permissions
