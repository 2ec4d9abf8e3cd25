"""The certification's notices, recorded and mailed as every notice is
(`trainer.assessments.notices`: each at most once, in the recipient's language): to a dealer
when a certification of theirs becomes at risk (once per certificate), and to each
supervisor of the house a weekly list of the house's dealers at risk."""

from __future__ import annotations

import datetime as dt

from django.utils import timezone
from django.utils.translation import gettext

from trainer.assessments import notices
from trainer.core.times import when
from trainer.houses.models import User

from .models import Requirement
from .standing import Standing, latest_certificate, standing


def _at_risk(now) -> list[Standing]:
    found = []
    for requirement in Requirement.objects.select_related("house", "test"):
        holders = User.objects.filter(
            is_active=True,
            house_id=requirement.house_id,
            certificates__game=requirement.game,
            certificates__revoked_at__isnull=True,
        ).distinct()
        for dealer in holders:
            if latest_certificate(dealer, requirement.game) is None:
                continue
            s = standing(requirement, dealer, now)
            if s.status == "at risk":
                found.append(s)
    return found


def send(now: dt.datetime | None = None) -> list:
    now = now or timezone.now()
    made = []
    risky = _at_risk(now)
    for s in risky:
        game, day, weak = s.requirement.game_title, s.risk.on, len(s.risk.skills)

        def subject(game=game):
            return gettext("Practise now to keep your certificate: %(game)s") % {"game": game}

        def body(game=game, day=day, skills=weak):
            return gettext(
                "Your recall of the weakest skills of %(game)s is predicted to fall below "
                "the house's mark by %(day)s. Today's practice now starts with them "
                "(%(n)s skills); a few days of it clear this."
            ) % {"game": game, "day": when(day, "day"), "n": skills}

        notice = notices.record(s.dealer, f"at-risk:{s.certificate.pk}", subject, body, now)
        if notice is not None:
            made.append(notice)
    year, week, _ = timezone.localdate(now).isocalendar()
    by_house: dict[int, list[Standing]] = {}
    for s in risky:
        by_house.setdefault(s.requirement.house_id, []).append(s)
    for house_id, rows in by_house.items():
        supervisors = User.objects.filter(
            house_id=house_id, is_active=True, groups__permissions__codename="review_trainees"
        ).distinct()

        def body(rows=rows):
            lines = [
                gettext("%(name)s: %(game)s, recall %(recall)s")
                % {
                    "name": s.dealer.get_full_name() or s.dealer.get_username(),
                    "game": s.requirement.game_title,
                    "recall": f"{s.risk.recall:.2f}",
                }
                for s in rows
            ]
            return "\n".join([gettext("Your dealers whose certification is at risk:"), *lines])

        for supervisor in supervisors:
            notice = notices.record(
                supervisor,
                f"risk-digest:{year}-{week}",
                lambda: gettext("This week's certifications at risk"),
                body,
                now,
            )
            if notice is not None:
                made.append(notice)
    notices.mail_unsent(now)
    return made
