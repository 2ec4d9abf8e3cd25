"""Sign-in throttling, on django-axes: who is counted, and how many wrong passwords each may
have in the cool-off time (AXES_COOLOFF_TIME).

Failures are counted per username *at one client address* and per address alone
(AXES_LOCKOUT_PARAMETERS).  A username is locked only at the address its wrong passwords came
from, so nobody can lock a supervisor out from elsewhere by typing their name; an address is
locked, for every username, after many more failures across usernames, which stops guessing
one password across a list of names without shutting a training room (one address for many
people) at its first few typos.  Axes compares the larger of the two counts with one limit,
so the limit given to it (`failure_limit`) is the per-username one once that count has
reached it, and the per-address one until then.
"""

from __future__ import annotations

import ipaddress

from axes.helpers import get_client_ip_address, get_client_username, get_cool_off
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.db.models import Sum
from django.dispatch import receiver
from django.utils import timezone


def client_address(request) -> str | None:
    """The client's address (AXES_CLIENT_IP_CALLABLE).  With PROXY_COUNT proxies in front,
    each appending the address it was called from to X-Forwarded-For (nginx:
    `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for`), the client is the
    PROXY_COUNT-th entry from the right: entries further left were written by the client and
    prove nothing.  Without proxies, or when the header is short or not an address, it is
    the address the connection came from."""
    remote = request.META.get("REMOTE_ADDR")
    count = settings.PROXY_COUNT
    if count <= 0:
        return remote
    chain = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    chain = [part for part in chain if part]
    if len(chain) < count:
        return remote
    candidate = chain[-count]
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:
        return remote


def _failures_of_username_here(request, credentials) -> int:
    """Wrong passwords for this username from this address within the cool-off time."""
    recent = AccessAttempt.objects.filter(
        username=get_client_username(request, credentials),
        ip_address=get_client_ip_address(request),
    )
    cool_off = get_cool_off(request)
    if cool_off is not None:  # without a cool-off time, failures count until reset
        recent = recent.filter(attempt_time__gte=timezone.now() - cool_off)
    return recent.aggregate(n=Sum("failures_since_start"))["n"] or 0


def failure_limit(request, credentials) -> int:
    """AXES_FAILURE_LIMIT: axes locks when the larger of (failures of this username at this
    address, failures at this address) reaches this number.  Returning the per-username limit
    once that count has reached it, and the per-address limit before, locks exactly when
    either count reaches its own limit (the per-address limit is the larger)."""
    per_username = settings.LOGIN_FAILURES_PER_USERNAME
    if _failures_of_username_here(request, credentials) >= per_username:
        return per_username
    return max(per_username, settings.LOGIN_FAILURES_PER_ADDRESS)


@receiver(user_logged_in, dispatch_uid="trainer.core.throttle.forget_own_typos")
def forget_own_typos(sender, request, user, **kwargs):
    """A successful sign-in forgets that user's own wrong passwords from this address, and
    only those (axes' AXES_RESET_ON_SUCCESS would forget every failure from the address, so a
    guesser holding one account could sign in to it between guesses at another's)."""
    if request is None:
        return
    AccessAttempt.objects.filter(
        username=user.get_username(), ip_address=get_client_ip_address(request)
    ).delete()
