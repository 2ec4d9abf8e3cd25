"""The watch page: Today's watch, the watch drills of each game, the house's sets from audits
and the watcher's record.  Only those who may watch the game see any of it: anyone else gets
403, and no link to it (templates/partials/nav.html)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.dateformat import format as date_format
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from trainer.core.charts import SIZE, panel
from trainer.drills import services as drills
from trainer.drills.access import may_watch, watch_kinds
from trainer.drills.practice import today
from trainer.drills.practice.services import target_seconds
from trainer.drills.practice.targets import seconds_words
from trainer.drills.views import HouseKind
from trainer.engine.house import DEFAULT_CONFIG
from trainer.engine.kit.watched import MISTAKES
from trainer.houses.config import house_setup

from . import services
from .models import WatchSet
from .record import overall, record, totals, weekly


def _trend(user) -> list:
    """The watcher's hit rate and false-alarm rate week by week (the last twelve weeks with
    answers), drawn as the progress pages' trend."""
    weeks = [(week, row) for week, row in weekly(user) if row.answered]
    if not weeks:
        return []
    ticks = [date_format(week, "d M") for week, _ in weeks]
    charts = []
    for title, rate in (
        (gettext("Mispays caught by week (from Monday)"), "hit_rate"),
        (gettext("False alarms by week (from Monday)"), "false_alarm_rate"),
    ):
        values = [(getattr(row, rate) or 0) * 100 for _, row in weeks]
        charts.append(panel(title, values, ticks, 100, lambda v: f"{v:.0f}%"))
    return charts


def _watcher(request):
    if not may_watch(request.user):
        raise PermissionDenied(drills.NOT_A_WATCHER)


@login_required
@require_GET
def index(request):
    _watcher(request)
    user = request.user
    config = house_setup(user.house).config if user.house_id else DEFAULT_CONFIG
    rows = record(user)
    house = user.house if user.house_id else None
    kinds = []
    for kind in watch_kinds():
        shown = HouseKind(kind, config)
        clocks = [
            (level, seconds_words(target_seconds(house, kind.slug, level.number)))
            for level in shown.levels
        ]
        kinds.append({"kind": shown, "levels": clocks, "per": "a pot" if kind.shares else ""})
    return render(
        request,
        "watch/index.html",
        {
            "kinds": kinds,
            "outlook": today.outlook(user, watch=True),
            "sets": WatchSet.objects.of_house(user.house_id)[:20],
            "rows": rows,
            "totals": totals(rows),
            "overall": overall(rows),
            "panels": _trend(user),
            "size": SIZE,
            "mistakes": MISTAKES,
        },
    )


@login_required
@require_POST
def start_today(request):
    _watcher(request)
    try:
        session = drills.start_mode(trainee=request.user, mode="watch")
    except drills.DrillError as exc:
        messages.info(request, exc.message)
        return redirect("watch:index")
    return redirect("drills:session", session.pk)


@login_required
@require_POST
def start_set(request, set_id):
    _watcher(request)
    try:
        session = services.start_set(watcher=request.user, set_id=set_id)
    except drills.NotFound as exc:
        raise Http404(exc.message) from None
    except drills.DrillError as exc:
        messages.info(request, exc.message)
        return redirect("watch:index")
    return redirect("drills:session", session.pk)
