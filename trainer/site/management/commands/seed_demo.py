"""`python manage.py seed_demo`: the demo house with the source texts' tables and their
history (each active table's activation, the house rules recorded), and (with DEBUG on only)
the demo users.  Safe to run again: what is already there is left as it is."""

from __future__ import annotations

import os
from dataclasses import asdict

from django.conf import settings
from django.contrib.auth.models import Group
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from trainer.houses import tasks
from trainer.houses.config import house_rules_of
from trainer.houses.models import (
    House,
    HouseRulesRecord,
    HouseRulesSettings,
    PaytableVersion,
    TableActivation,
    User,
)
from trainer.roster.models import Cohort, Membership
from trainer.site.demo import (
    DEFAULT_PASSWORD,
    DEMO_SLUG,
    DEMO_USERS,
    demo_users_with_demo_password,
)


class Command(BaseCommand):
    help = "Load the demo house and its paytables; with DEBUG on, create the demo users."

    def handle(self, *args, **options):
        with transaction.atomic():
            if House.objects.filter(slug=DEMO_SLUG).exists():
                self.stdout.write(
                    "The demo house is already there: its tables are left as they are."
                )
            else:
                call_command("loaddata", "demo_house", verbosity=0)
                self.stdout.write("Loaded the demo house with the source texts' paytables.")
            self._history(House.objects.get(slug=DEMO_SLUG))
            self._parsheets(House.objects.get(slug=DEMO_SLUG))
        if not settings.DEBUG:
            self.stderr.write(
                "Refusing to create the demo users: DEBUG is off (production settings). "
                "Create real accounts with `python manage.py createsuperuser` and the admin."
            )
            self._warn_about_demo_passwords()
            return
        password = os.environ.get("DEMO_PASSWORD") or DEFAULT_PASSWORD
        house = House.objects.get(slug=DEMO_SLUG)
        with transaction.atomic():
            for username, (role, staff) in DEMO_USERS.items():
                user, created = User.objects.get_or_create(
                    username=username, defaults={"house": house, "is_staff": staff}
                )
                if created:
                    user.set_password(password)
                    user.save()
                user.groups.add(Group.objects.get(name=role))
                state = "created" if created else "already there, password unchanged"
                self.stdout.write(f"  {username:<10} ({role}, house {house.slug}): {state}")
            self._demo_class(house)
        self.stdout.write(f"Demo logins: trainee, supervisor, manager; password {password!r}.")
        self._warn_about_demo_passwords()

    def _history(self, house):
        """The history an audit reads (trainer.houses.timeline), as activating the tables and
        saving the rules would have written it: a house loaded as data has none.  Each active
        table without an activation is recorded as activated when the fixture says; the rules,
        if never recorded, from now on."""
        recorded = []
        active = PaytableVersion.objects.filter(house=house, is_active=True)
        for version in active.exclude(activations__isnull=False):
            TableActivation.objects.create(
                house=house,
                game=version.game,
                version=version,
                at=version.activated_at or timezone.now(),
            )
            recorded.append(str(version))
        if not HouseRulesRecord.objects.filter(house=house).exists():
            rules = house_rules_of(HouseRulesSettings.objects.filter(house=house).first())
            HouseRulesRecord.objects.create(house=house, at=timezone.now(), rules=asdict(rules))
            recorded.append("its house rules")
        if recorded:
            self.stdout.write(f"Recorded the demo house's history: {', '.join(recorded)}.")

    def _parsheets(self, house):
        """The par sheets of the demo house's tables (the active ones and the drafts), queued
        for the task worker (`make run` starts it beside the site): it builds each game's
        counts once, then every sheet in well under a second.  A sheet already done or under
        way is left as it is."""
        queued, ready = [], []
        versions = PaytableVersion.objects.filter(house=house).select_related("house")
        for version in versions.prefetch_related("rows"):
            if not version.engine_game.has_parsheet:
                continue
            try:
                sheet = tasks.request_parsheet(version)
            except ValidationError as exc:
                self.stderr.write(f"No par sheet for {version}: {' '.join(exc.messages)}")
                continue
            (ready if sheet.status == sheet.Status.DONE else queued).append(str(version))
        if queued:
            self.stdout.write(
                f"Par sheets queued for the task worker: {', '.join(queued)} (each game's "
                "counts are built once first, seconds; then each sheet takes under a second)."
            )
        if ready:
            self.stdout.write(f"Par sheets ready: {', '.join(ready)}.")

    def _demo_class(self, house):
        """The demo trainee in a class, so the Classes pages have something to show."""
        cohort, created = Cohort.objects.get_or_create(
            house=house, name="Demo class", defaults={"starts_on": timezone.localdate()}
        )
        Membership.objects.get_or_create(
            cohort=cohort, trainee=User.objects.get(username="trainee")
        )
        state = "created" if created else "already there"
        self.stdout.write(f"  Demo class (house {house.slug}, with trainee): {state}")

    def _warn_about_demo_passwords(self):
        found = demo_users_with_demo_password()
        if found:
            self.stdout.write(
                self.style.WARNING(
                    f"Warning: {', '.join(found)} sign in with the published demo password. "
                    "Never let this database serve with DEBUG off: `check --deploy` (and so "
                    "`make serve`) refuses while they do; change their passwords first."
                )
            )
