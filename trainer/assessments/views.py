"""Assigned-test pages.  Trainees: their tests, a sitting question by question, the result.
Supervisors (under manage/): build a test, assign it, and read the results per test, per
trainee and per sitting.  Everything is scoped by the user's house; superusers see every house.

Thin views: every write goes through trainer.assessments.services.  Every page works with full
page loads; the countdown is a progressive enhancement, and the server keeps the time.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required, permission_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from trainer.drills.forms import AnswerForm
from trainer.drills.presenting import review, shown
from trainer.drills.services import fields_of
from trainer.engine.drills import AnswerError
from trainer.houses.models import User

from . import services
from .forms import AssignForm, BuildForm
from .models import Assessment, Assignment, Sitting

trainee_only = permission_required("houses.practise_drills", raise_exception=True)
reviewer_only = permission_required("houses.review_trainees", raise_exception=True)
assigner_only = permission_required("houses.assign_tests", raise_exception=True)


def _refuse(request, exc: services.DrillError, sitting: Sitting | None = None):
    return render(
        request,
        "assessments/refused.html",
        {"message": exc.message, "sitting": sitting},
        status=exc.status,
    )


def _review_rows(item) -> list[dict]:
    """Per answer field: what the trainee said (or nothing), the correct answer, right or not."""
    question = item.question
    attempt = getattr(question, "attempt", None)
    if attempt is not None:
        return review(question, attempt)
    return [
        {
            "label": field.label,
            "given": "not answered",
            "expected": shown(field, question.expected.get(field.name)),
            "right": False,
        }
        for field in fields_of(question)
    ]


def _reviewed_items(sitting: Sitting) -> list[dict]:
    items = sitting.items.select_related("question", "question__attempt").order_by("position")
    return [{"item": item, "review": _review_rows(item)} for item in items]


# -- trainees --------------------------------------------------------------------------------


@login_required
@trainee_only
@require_GET
def index(request):
    """The trainee's assigned tests, newest first, each with its sitting if started."""
    services.finish_overdue(Sitting.objects.for_trainee(request.user))
    assignments = (
        Assignment.objects.for_trainee(request.user)
        .select_related("test")
        .prefetch_related("sittings", "test__parts")
    )
    return render(request, "assessments/index.html", {"assignments": assignments})


@login_required
@trainee_only
@require_POST
def start(request, assignment_id):
    try:
        sitting = services.start_sitting(trainee=request.user, assignment_id=assignment_id)
    except services.AlreadyStarted as exc:
        existing = Sitting.objects.filter(assignment_id=assignment_id, trainee=request.user).first()
        return _refuse(request, exc, existing)
    except (services.NotFound, services.NotYours):
        # someone else's assignment looks, to this trainee, exactly like no assignment at all
        raise Http404(NO_SUCH_ASSIGNMENT) from None
    except services.DrillError as exc:
        return _refuse(request, exc)
    return redirect("assessments:sitting", sitting.pk)


NO_SUCH_ASSIGNMENT = "There is no such test assignment."
NO_SUCH_SITTING = "There is no such sitting."


def _own_sitting(request, sitting_id) -> Sitting:
    """The trainee's own sitting; another trainee's is answered exactly as a missing one
    (the same 404, the same words), so no id tells whether it exists."""
    try:
        return services.own_sitting(request.user, sitting_id)
    except services.DrillError:
        raise Http404(NO_SUCH_SITTING) from None


@login_required
@trainee_only
@require_GET
def sitting_page(request, sitting_id):
    """The next unanswered question; the result once the sitting is finished."""
    sitting = services.finish_if_overdue(_own_sitting(request, sitting_id))
    if sitting.is_finished:
        return redirect("assessments:result", sitting.pk)
    item = services.next_item(sitting)
    if item is None:  # every question answered, and the last answer did not finish it
        services.finish(sitting=sitting, ending=Sitting.Ending.ANSWERED)
        return redirect("assessments:result", sitting.pk)
    return _render_question(request, sitting, item, AnswerForm(question=item.question))


def _render_question(request, sitting, item, form):
    return render(
        request,
        "assessments/sitting.html",
        {
            "sitting": sitting,
            "test": sitting.assignment.test,
            "item": item,
            "question": item.question,
            "form": form,
            "seconds_left": sitting.seconds_left(),
        },
    )


@login_required
@trainee_only
@require_POST
def answer(request, sitting_id, question_id):
    own = _own_sitting(request, sitting_id)
    item = own.items.select_related("question").filter(question_id=question_id).first()
    if item is None:  # another trainee's question, or none at all: the same 404
        raise Http404("This question is not part of this test.")
    try:
        form = AnswerForm(request.POST, question=item.question)
        result = services.answer(
            trainee=request.user,
            sitting_id=sitting_id,
            question_id=question_id,
            raw=form.raw_answer(),
        )
    except AnswerError as exc:
        form.show(exc.problems)
        return _render_question(request, own, item, form)
    except services.DrillError as exc:
        # read again: a late answer has just finished the sitting
        mine = Sitting.objects.filter(pk=sitting_id, trainee=request.user).first()
        return _refuse(request, exc, mine)
    if result.replayed:
        messages.info(request, "That question was already answered: the first answer stands.")
    return redirect("assessments:sitting", sitting_id)


@login_required
@trainee_only
@require_POST
def finish(request, sitting_id):
    try:
        sitting = services.stop(trainee=request.user, sitting_id=sitting_id)
    except services.DrillError:
        raise Http404(NO_SUCH_SITTING) from None
    return redirect("assessments:result", sitting.pk)


@login_required
@trainee_only
@require_GET
def result(request, sitting_id):
    sitting = services.finish_if_overdue(_own_sitting(request, sitting_id))
    if not sitting.is_finished:
        return redirect("assessments:sitting", sitting.pk)
    return render(
        request,
        "assessments/result.html",
        {
            "sitting": sitting,
            "test": sitting.assignment.test,
            "items": _reviewed_items(sitting),
            "mine": True,
        },
    )


# -- supervisors -----------------------------------------------------------------------------


def _house_scope(request):
    """The houses the user manages tests for; a supervisor of no house has none."""
    if not request.user.is_superuser and request.user.house_id is None:
        raise PermissionDenied("You belong to no house, so you have no trainees to test.")


@login_required
@reviewer_only
@require_GET
def manage(request):
    _house_scope(request)
    tests = Assessment.objects.visible_to(request.user).select_related("house").with_counts()
    if request.user.is_superuser:
        trainees = User.objects.trainees()
    else:
        trainees = User.objects.trainees_of(request.user.house_id)
    return render(
        request,
        "assessments/manage.html",
        {"tests": tests, "trainees": trainees.select_related("house")},
    )


@login_required
@assigner_only
@require_http_methods(["GET", "POST"])
def build(request):
    _house_scope(request)
    form = BuildForm(request.POST or None, user=request.user)
    if request.method == "POST":
        if form.is_valid():
            data = form.cleaned_data
            try:
                test = services.build_test(
                    house=data.get("house") or request.user.house,
                    created_by=request.user,
                    title=data["title"],
                    level=data["level"],
                    pass_mark=data["pass_mark"],
                    time_limit_minutes=data["time_limit_minutes"],
                    due_at=data["due_at"],
                    parts=form.parts(),
                )
            except ValidationError as exc:
                form.add_error(None, exc)
            else:
                messages.success(request, f"Test “{test.title}” built: now assign it.")
                return redirect("assessments:test", test.pk)
        return render(request, "assessments/build.html", {"form": form}, status=400)
    return render(request, "assessments/build.html", {"form": form})


def _visible_test(request, test_id) -> Assessment:
    return get_object_or_404(
        Assessment.objects.visible_to(request.user).select_related("house"), pk=test_id
    )


def _assign_form(request, test, data=None) -> AssignForm | None:
    if not request.user.has_perm("houses.assign_tests"):
        return None
    return AssignForm(data, trainees=User.objects.trainees_of(test.house_id))


def _render_test(request, test, form, status=200):
    sittings = Sitting.objects.filter(assignment__test=test)
    services.finish_overdue(sittings)
    assignments = (
        test.assignments.select_related("trainee")
        .prefetch_related("sittings")
        .order_by("trainee__username")
    )
    return render(
        request,
        "assessments/test.html",
        {
            "test": test,
            "parts": test.parts.all(),
            "assignments": assignments,
            "form": form,
            "due_passed": test.is_due_by(timezone.now()),
        },
        status=status,
    )


@login_required
@reviewer_only
@require_GET
def test_page(request, test_id):
    """One test: its parts and settings, who has it, and every result so far."""
    test = _visible_test(request, test_id)
    return _render_test(request, test, _assign_form(request, test))


@login_required
@assigner_only
@require_POST
def assign(request, test_id):
    test = _visible_test(request, test_id)
    form = _assign_form(request, test, request.POST)
    if form.is_valid():
        try:
            done = services.assign(test=test, trainees=form.chosen(), assigned_by=request.user)
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            if done.new:
                messages.success(request, f"Assigned to {done.new} trainee(s).")
            if done.already:
                messages.info(request, f"Already assigned to {', '.join(done.already)}.")
            return redirect("assessments:test", test.pk)
    return _render_test(request, test, form, status=400)


@login_required
@reviewer_only
@require_GET
def trainee_page(request, user_id):
    """Every test one trainee of the supervisor's house has been given, and how it went."""
    people = get_user_model().objects.select_related("house")
    if not request.user.is_superuser:
        people = people.filter(house_id=request.user.house_id or -1)
    trainee = get_object_or_404(people, pk=user_id)
    services.finish_overdue(Sitting.objects.for_trainee(trainee))
    assignments = (
        Assignment.objects.visible_to(request.user)
        .for_trainee(trainee)
        .select_related("test")
        .prefetch_related("sittings")
    )
    return render(
        request,
        "assessments/trainee.html",
        {"trainee": trainee, "assignments": assignments},
    )


@login_required
@reviewer_only
@require_GET
def sitting_review(request, sitting_id):
    """A supervisor's view of one sitting: each question, the answer given, the right one."""
    sitting = get_object_or_404(
        Sitting.objects.visible_to(request.user).select_related("assignment__test", "trainee"),
        pk=sitting_id,
    )
    sitting = services.finish_if_overdue(sitting)
    return render(
        request,
        "assessments/result.html",
        {
            "sitting": sitting,
            "test": sitting.assignment.test,
            "items": _reviewed_items(sitting) if sitting.is_finished else [],
            "mine": False,
        },
    )
