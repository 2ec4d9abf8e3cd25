"""Classes (classes/): the list, a new class, and a class's page with its members' progress
this week, their weakest skills and the tests the class was given, where members are added and
tests given.  Above the roster (classes and their members), the tests (giving one to a class)
and progress (the members' rows); every write goes through trainer.roster.services or
trainer.assessments.services.  The URL names keep their `roster` namespace
(trainer.progress.class_urls)."""

from __future__ import annotations

import datetime as dt

from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.core.exceptions import ValidationError
from django.db.models import Count, Q
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from trainer.assessments.models import Assessment, Assignment
from trainer.assessments.services import assign_to_class, is_an_id, members_without
from trainer.drills.models import Attempt
from trainer.drills.watch.record import overall, record
from trainer.houses.models import User
from trainer.roster import services
from trainer.roster.forms import ClassForm, ClassTestForm, MembersForm
from trainer.roster.models import ClassTest, Cohort, RosterImport
from trainer.roster.views import house_of

from . import sections, stats
from .views import trainee_rows

classes_only = permission_required("roster.run_classes", raise_exception=True)

# -- classes -----------------------------------------------------------------------------------


def _visible_class(request, class_id) -> Cohort:
    return get_object_or_404(
        Cohort.objects.visible_to(request.user).select_related("house"), pk=class_id
    )


@login_required
@classes_only
@require_GET
def classes(request):
    cohorts = (
        Cohort.objects.visible_to(request.user)
        .select_related("house")
        .annotate(size=Count("memberships", distinct=True))
    )
    return render(request, "roster/classes.html", {"classes": cohorts})


@login_required
@classes_only
@require_http_methods(["GET", "POST"])
def new_class(request):
    house = house_of(request)
    trainees = User.objects.trainees_of(house)
    initial = {}
    from_import = request.GET.get("import", "")
    if from_import.isascii() and from_import.isdigit() and len(from_import) <= 18:
        staged = RosterImport.objects.filter(pk=from_import, house=house).first()
        if staged is not None:
            initial["trainees"] = trainees.filter(pk__in=staged.created_users)
    form = ClassForm(request.POST or None, trainees=trainees, initial=initial)
    if request.method == "POST":
        if form.is_valid():
            data = form.cleaned_data
            try:
                cohort = services.create_class(
                    actor=request.user,
                    house=house,
                    name=data["name"],
                    starts_on=data["starts_on"],
                    trainees=data["trainees"],
                )
            except ValidationError as exc:
                form.add_error(None, exc)
            else:
                messages.success(request, gettext("Class “%(name)s” made.") % {"name": cohort.name})
                return redirect("roster:class", cohort.pk)
        return render(request, "roster/new_class.html", {"form": form}, status=400)
    return render(request, "roster/new_class.html", {"form": form})


def week_start(now=None) -> dt.datetime:
    """Monday 00:00 of this week in the current zone (the house's, during a request)."""
    today = timezone.localdate(now)
    monday = today - dt.timedelta(days=today.weekday())
    return dt.datetime.combine(monday, dt.time(), tzinfo=timezone.get_current_timezone())


def _watching(trainees) -> list:
    """(member, their watch record added up) for each member who has answered a watch drill:
    their hit rate (mispays caught) and false-alarm rate, as the Watch page gives them."""
    watched = []
    for trainee in trainees:
        rows = record(trainee)
        if rows:
            watched.append((trainee, overall(rows)))
    return watched


def _render_class(request, cohort, *, members_form=None, test_form=None, status=200):
    rows = trainee_rows(request.user, {}, cohort)
    since = week_start()
    for row in rows:
        row["this_week"] = row["last"] is not None and row["last"] >= since
    # the answers of the members who are trainees of the house now: a member since made a
    # supervisor who tries a drill counts in no figure
    attempts = Attempt.objects.filter(trainee__in=services.class_trainees(cohort)).practice()
    class_tests = []
    for given in cohort.tests.select_related("test"):
        assignments = Assignment.objects.filter(
            test=given.test, trainee__memberships__cohort=cohort
        )
        class_tests.append(
            {
                "given": given,
                "assigned": assignments.count(),
                "passed": assignments.filter(sittings__passed=True).distinct().count(),
                "missing": members_without(cohort, given.test).count(),
            }
        )
    outside = User.objects.trainees_of(cohort.house_id).exclude(memberships__cohort=cohort)
    tests = Assessment.objects.filter(house=cohort.house).filter(
        Q(due_at__isnull=True) | Q(due_at__gt=timezone.now())
    )
    return render(
        request,
        "roster/class.html",
        {
            "cohort": cohort,
            "rows": rows,
            "idle": [r["trainee"] for r in rows if not r["this_week"]],
            "week_start": since,
            "skills": stats.skills(attempts)[:10],
            "class_tests": class_tests,
            "members_form": members_form or MembersForm(trainees=outside),
            "test_form": test_form or ClassTestForm(tests=tests),
            "may_assign": request.user.has_perm("houses.assign_tests"),
            "left_out": services.left_out(cohort),
            # each member's watching: mispays caught and false alarms on the watch drills
            "watching": _watching([row["trainee"] for row in rows]),
            # what the apps above add (the audit's re-audits and floor mispays)
            "sections": sections.sections_for(cohort, [row["trainee"] for row in rows]),
        },
        status=status,
    )


@login_required
@classes_only
@require_GET
def class_page(request, class_id):
    return _render_class(request, _visible_class(request, class_id))


@login_required
@classes_only
@require_POST
def add_members(request, class_id):
    cohort = _visible_class(request, class_id)
    outside = User.objects.trainees_of(cohort.house_id).exclude(memberships__cohort=cohort)
    form = MembersForm(request.POST, trainees=outside)
    if form.is_valid():
        try:
            added = services.add_members(
                actor=request.user, cohort=cohort, trainees=form.cleaned_data["trainees"]
            )
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(
                request,
                ngettext(
                    "%(count)s trainee added to %(name)s.",
                    "%(count)s trainees added to %(name)s.",
                    added,
                )
                % {"count": added, "name": cohort.name},
            )
            return redirect("roster:class", cohort.pk)
    return _render_class(request, cohort, members_form=form, status=400)


def _class_tests(cohort):
    return Assessment.objects.filter(house=cohort.house).filter(
        Q(due_at__isnull=True) | Q(due_at__gt=timezone.now())
    )


@login_required
@classes_only
@permission_required("houses.assign_tests", raise_exception=True)
@require_POST
def assign(request, class_id):
    cohort = _visible_class(request, class_id)
    form = ClassTestForm(request.POST, tests=_class_tests(cohort))
    if form.is_valid():
        try:
            done = assign_to_class(
                actor=request.user, cohort=cohort, test=form.cleaned_data["test"]
            )
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            said = {
                "test": form.cleaned_data["test"].title,
                "count": done.new,
                "name": cohort.name,
                "already": len(done.already),
            }
            if done.already:
                message = ngettext(
                    "“%(test)s” assigned to %(count)s member of %(name)s; %(already)s had it "
                    "already.",
                    "“%(test)s” assigned to %(count)s members of %(name)s; %(already)s had it "
                    "already.",
                    done.new,
                )
            else:
                message = ngettext(
                    "“%(test)s” assigned to %(count)s member of %(name)s.",
                    "“%(test)s” assigned to %(count)s members of %(name)s.",
                    done.new,
                )
            messages.success(request, message % said)
            return redirect("roster:class", cohort.pk)
    return _render_class(request, cohort, test_form=form, status=400)


@login_required
@classes_only
@permission_required("houses.assign_tests", raise_exception=True)
@require_POST
def give_to_latecomers(request, class_id, test_id):
    """Give a test the class has to the members who joined after it was given."""
    cohort = _visible_class(request, class_id)
    if not is_an_id(test_id):  # no test: and a foreign key's lookup would fail on it
        raise Http404(gettext("The class has no such test."))
    given = get_object_or_404(ClassTest, cohort=cohort, test_id=test_id)
    try:
        done = assign_to_class(actor=request.user, cohort=cohort, test=given.test)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(
            request,
            ngettext(
                "“%(test)s” given to %(count)s more member.",
                "“%(test)s” given to %(count)s more members.",
                done.new,
            )
            % {"test": given.test.title, "count": done.new},
        )
    return redirect("roster:class", cohort.pk)
