"""Assigned-test pages.  Trainees: their tests, a sitting question by question, the result.
Supervisors (under manage/): build a test, assign it, and read the results per test, per
trainee and per sitting.  Everything is scoped by the user's house; superusers see every house.

Thin views: every write goes through trainer.assessments.services.  Every page works with full
page loads; the countdown is a progressive enhancement, and the server keeps the time.
"""

from __future__ import annotations

import re

from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required, permission_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from trainer.core.i18n import render as said_text
from trainer.drills.drawing import clock
from trainer.drills.forms import AnswerForm
from trainer.drills.grading import fields_of
from trainer.drills.practice.services import question_target_ms, target_seconds
from trainer.drills.presenting import drill_felt, review, settle_order, shown
from trainer.drills.views import pace_context
from trainer.engine.drills import REGISTRY, AnswerError
from trainer.engine.house import SETTLE_ORDERS
from trainer.engine.pace import seconds_words
from trainer.houses.models import User
from trainer.roster.models import Cohort, PersonAction
from trainer.roster.services import log_action

from . import badges, finishing, sections, services
from .due import tests_due
from .forms import AssignForm, BuildForm
from .models import Assessment, Assignment, Certificate, Sitting, code_as_typed
from .pdf import certificate_as_pdf, person_name
from .presenting import scored

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
            "given": gettext("not answered"),
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
    now = timezone.now()
    due = tests_due(request.user)
    assignments = list(
        Assignment.objects.for_trainee(request.user)
        .select_related("test")
        .prefetch_related("sittings__certificates", "test__parts")
    )
    finishing.shown_finished_assignments(assignments, now)  # what ran out of time, finished
    return render(
        request,
        "assessments/index.html",
        {
            "due": due,
            "rows": [{"a": a, "next": a.next_attempt(now)} for a in assignments],
        },
    )


@login_required
@trainee_only
@require_POST
def start(request, assignment_id):
    try:
        sitting = services.start_sitting(trainee=request.user, assignment_id=assignment_id)
    except services.AlreadyStarted as exc:
        existing = Sitting.objects.filter(
            assignment_id=assignment_id, trainee=request.user, finished_at__isnull=True
        ).first()
        return _refuse(request, exc, existing)
    except (services.NotFound, services.NotYours):
        # someone else's assignment looks, to this trainee, exactly like no assignment at all
        raise Http404(NO_SUCH_ASSIGNMENT) from None
    except services.DrillError as exc:
        return _refuse(request, exc)
    return redirect("assessments:sitting", sitting.pk)


NO_SUCH_ASSIGNMENT = gettext_lazy("There is no such test assignment.")
ON_ITS_PAGE = gettext_lazy(
    "This question is part of a round: answer it on the round's page, in its order."
)
NO_SUCH_SITTING = gettext_lazy("There is no such sitting.")


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
    """The next unanswered question; the result once the sitting is finished, or its time
    has run out (the result page shows it finished)."""
    sitting = _own_sitting(request, sitting_id)
    if sitting.is_finished or sitting.is_past_deadline():
        return redirect("assessments:result", sitting.pk)
    item = services.next_item(sitting)
    if item is None:  # every question answered, and the last answer did not finish it
        finishing.finish(sitting=sitting, ending=Sitting.Ending.ANSWERED)
        return redirect("assessments:result", sitting.pk)
    elsewhere = _section_page(sitting, item)
    if elsewhere:  # a question of a registered section (a round's step): asked on its page
        return redirect(elsewhere)
    services.showing(sitting, item)  # its answer is timed from this page
    return _render_question(request, sitting, item, AnswerForm(question=item.question))


def _section_page(sitting, item) -> str:
    """The page of a registered section's question (trainer.assessments.sections), or ""."""
    kind = sections.KINDS.get(item.part.kind) if item.part_id else None
    return kind.page(sitting, item) if kind is not None else ""


def _render_question(request, sitting, item, form):
    # the same felt as practice: each seat's answers at its spot, in the house's settle order
    felt_html, own_spots, seated = drill_felt(item.question, form)
    test = sitting.assignment.test
    target = question_target_ms(item.question) if test.pace_required else None
    # a watch drill runs against the house's clock in a test too
    clocked = pace_context(item.question)
    clock_html = (
        clock(clocked["target_ms"], clocked["target_words"]) if clocked.get("clock") else ""
    )
    return render(
        request,
        "assessments/sitting.html",
        {
            "sitting": sitting,
            "test": test,
            "item": item,
            "target_words": seconds_words(target) if target else "",
            "question": item.question,
            "form": form,
            "seconds_left": sitting.seconds_left(),
            "felt_html": felt_html,
            "clock_html": clock_html,
            "own_spots": own_spots,
            "seated": seated,
            "order_words": said_text(SETTLE_ORDERS[settle_order(item.question)]),
        },
    )


@login_required
@trainee_only
@require_POST
def answer(request, sitting_id, question_id):
    own = _own_sitting(request, sitting_id)
    item = None
    if services.is_an_id(question_id):  # a larger number is no question (and fails a lookup)
        item = own.items.select_related("question", "part").filter(question_id=question_id)
        item = item.first()
    if item is None:  # another trainee's question, or none at all: the same 404
        raise Http404(services.NOT_IN_TEST)
    if _section_page(own, item):
        # a round's step is answered on its round's page, in the round's order
        return _refuse(request, services.Stale(ON_ITS_PAGE), own)
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
        messages.info(
            request, gettext("That question was already answered: the first answer stands.")
        )
    return redirect("assessments:sitting", sitting_id)


@login_required
@trainee_only
@require_http_methods(["GET", "POST"])
def finish(request, sitting_id):
    """ "Finish now" asks first, on a page of its own (it works without JavaScript): the
    questions not answered count as wrong, and a finished sitting cannot be taken back.  Only
    the confirmation's own post (`confirm=finish`) finishes it."""
    sitting = _own_sitting(request, sitting_id)
    if request.method == "POST":
        sitting = finishing.finish_if_overdue(sitting)
    if sitting.is_finished or sitting.is_past_deadline():
        return redirect("assessments:result", sitting.pk)
    if request.method == "POST" and request.POST.get("confirm") == "finish":
        try:
            sitting = services.stop(trainee=request.user, sitting_id=sitting_id)
        except services.DrillError:
            raise Http404(NO_SUCH_SITTING) from None
        return redirect("assessments:result", sitting.pk)
    items = sitting.items.all()
    return render(
        request,
        "assessments/finish.html",
        {
            "sitting": sitting,
            "test": sitting.assignment.test,
            "unanswered": items.filter(question__attempt__isnull=True).count(),
            "asked": items.count(),
        },
    )


@login_required
@trainee_only
@require_GET
def result(request, sitting_id):
    # a sitting whose time ran out shows finished, and its retake as it will be then
    sitting = finishing.shown_with_its_assignment(_own_sitting(request, sitting_id))
    if not sitting.is_finished:
        return redirect("assessments:sitting", sitting.pk)
    return render(
        request,
        "assessments/result.html",
        {
            "sitting": sitting,
            "test": sitting.assignment.test,
            **scored(sitting),
            "certificate": Certificate.objects.filter(sitting=sitting, game="").first(),
            "next": sitting.assignment.next_attempt(),
            "items": _reviewed_items(sitting),
            "mine": True,
        },
    )


# -- supervisors -----------------------------------------------------------------------------


def _house_scope(request):
    """The houses the user manages tests for; a supervisor of no house has none."""
    if not request.user.is_superuser and request.user.house_id is None:
        raise PermissionDenied(gettext("You belong to no house, so you have no trainees to test."))


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
                    pass_by_section=data["pass_by_section"],
                    attempts_allowed=data["attempts_allowed"],
                    retake_wait_hours=data["retake_wait_hours"],
                    certification=data["certification"],
                    pace_required=data["pace_required"],
                    time_limit_minutes=data["time_limit_minutes"],
                    due_at=data["due_at"],
                    parts=form.parts(),
                )
            except ValidationError as exc:
                form.add_error(None, exc)
            else:
                messages.success(
                    request,
                    gettext("Test “%(test)s” built: now assign it.") % {"test": test.title},
                )
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
    return AssignForm(
        data,
        trainees=User.objects.trainees_of(test.house_id),
        classes=Cohort.objects.filter(house_id=test.house_id),
    )


def _render_test(request, test, form, status=200):
    assignments = list(
        test.assignments.select_related("trainee")
        .prefetch_related("sittings__certificates")
        .order_by("trainee__username")
    )
    finishing.shown_finished_assignments(assignments)  # what ran out of time, finished
    return render(
        request,
        "assessments/test.html",
        {
            "test": test,
            "parts": [
                {
                    "part": part,
                    # the target in force now; each answer keeps the one it was timed against
                    "target": seconds_words(
                        1000 * target_seconds(test.house, part.kind, part.level)
                    )
                    if test.pace_required and part.kind in REGISTRY
                    else "",
                }
                for part in test.parts.all()
            ],
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
            with transaction.atomic():
                done = services.Assigned(new=0, already=())
                if form.chosen():
                    done = services.assign(
                        test=test, trainees=form.chosen(), assigned_by=request.user
                    )
                cohort = form.cleaned_data.get("cohort")
                if cohort is not None:  # each member their own assignment; latecomers later
                    given = services.assign_to_class(actor=request.user, cohort=cohort, test=test)
                    done = services.Assigned(
                        done.new + given.new, tuple(sorted({*done.already, *given.already}))
                    )
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            if done.new:
                messages.success(
                    request,
                    ngettext(
                        "Assigned to %(count)s trainee.",
                        "Assigned to %(count)s trainees.",
                        done.new,
                    )
                    % {"count": done.new},
                )
            if done.already:
                messages.info(
                    request,
                    gettext("Already assigned to %(names)s.") % {"names": ", ".join(done.already)},
                )
            return redirect("assessments:test", test.pk)
    return _render_test(request, test, form, status=400)


@login_required
@assigner_only
@require_POST
def allow_attempt(request, assignment_id):
    """One more attempt for a trainee of the house who has used every one (logged); back to
    the page the button was on."""
    assignment = get_object_or_404(
        Assignment.objects.visible_to(request.user).select_related("test", "trainee"),
        pk=assignment_id,
    )
    try:
        services.allow_another_attempt(assignment=assignment, by=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(
            request,
            gettext("%(name)s may sit “%(test)s” once more.")
            % {"name": assignment.trainee.get_username(), "test": assignment.test.title},
        )
    if request.POST.get("back") == "trainee":
        return redirect("assessments:trainee", assignment.trainee_id)
    return redirect("assessments:test", assignment.test_id)


@login_required
@reviewer_only
@require_GET
def trainee_page(request, user_id):
    """Every test one trainee of the supervisor's house has been given, and how it went."""
    people = get_user_model().objects.select_related("house")
    if not request.user.is_superuser:
        people = people.filter(house_id=request.user.house_id or -1)
    trainee = get_object_or_404(people, pk=user_id)
    assignments = list(
        Assignment.objects.visible_to(request.user)
        .for_trainee(trainee)
        .select_related("test")
        .prefetch_related("sittings__certificates")
    )
    finishing.shown_finished_assignments(assignments)  # what ran out of time, finished
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
    finishing.shown_finished([sitting])  # time ran out: shown as it will be recorded
    return render(
        request,
        "assessments/result.html",
        {
            "sitting": sitting,
            "test": sitting.assignment.test,
            **scored(sitting),
            "certificate": Certificate.objects.filter(sitting=sitting, game="").first(),
            "items": _reviewed_items(sitting) if sitting.is_finished else [],
            "mine": False,
        },
    )


# -- certificates --------------------------------------------------------------------------


def _visible_certificate(request, certificate_id) -> Certificate:
    """A certificate of the supervisor's house, or the trainee's own; any other is a 404,
    as a missing one is."""
    return get_object_or_404(
        Certificate.objects.visible_to(request.user).select_related(
            "sitting__assignment__test__house", "trainee", "signed_by", "revoked_by"
        ),
        pk=certificate_id,
    )


def certificate_context(request, certificate: Certificate) -> dict:
    sitting = certificate.sitting
    return {
        "certificate": certificate,
        "sitting": sitting,
        "test": sitting.assignment.test,
        **scored(sitting),
        "verify_url": request.build_absolute_uri(
            reverse("assessments:verify", args=[certificate.code])
        ),
        "may_revoke": request.user.has_perm("assessments.revoke_certificates"),
    }


@login_required
@require_GET
def certificate_page(request, certificate_id):
    """The printable certificate (the page prints as the certificate alone)."""
    certificate = _visible_certificate(request, certificate_id)
    return render(
        request, "assessments/certificate.html", certificate_context(request, certificate)
    )


@login_required
@require_GET
def certificate_pdf(request, certificate_id):
    certificate = _visible_certificate(request, certificate_id)
    context = certificate_context(request, certificate)
    response = HttpResponse(certificate_as_pdf(context), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="certificate-{certificate.pk}.pdf"'
    return response


@login_required
@permission_required("assessments.revoke_certificates", raise_exception=True)
@require_POST
def revoke(request, certificate_id):
    certificate = _visible_certificate(request, certificate_id)
    try:
        certificate = services.revoke_certificate(
            certificate=certificate, by=request.user, reason=request.POST.get("reason", "")
        )
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        log_action(
            actor=request.user,
            subject=certificate.trainee,
            action=PersonAction.Kind.CERTIFICATE_REVOKED,
            detail=f"Certificate {certificate.pk} ({certificate.test.title}) revoked: "
            f"{certificate.revoked_because}",
        )
        messages.success(request, gettext("Certificate revoked: its code now checks as revoked."))
    return redirect("assessments:certificate", certificate.pk)


class VerifyForm(forms.Form):
    # longer than any code, so that a long paste is answered "unknown" like any other
    code = forms.CharField(label=gettext_lazy("Verification code"), max_length=1000)


#: what a code issued before the codes were grouped can look like (URL-safe base64); a code
#: of today's is read by `code_as_typed`; anything else is no code of ours
CODE_SHAPE = re.compile(r"[A-Za-z0-9_-]{1,60}")


@require_GET
def verify(request, code=""):
    """Public: is this code a valid certificate, a revoked one, or none?  For a known code
    the page also names what an employer checks the paper against: the holder, the test, the
    house and the date of issue; nothing else (no score, no supervisor, no answers).
    A typed code is sent on to its own address only when it has the shape of a code; any
    other text is answered "unknown" here, never put in a redirect."""
    form = VerifyForm(request.GET or None)
    if not code and form.is_valid():
        typed = form.cleaned_data["code"].strip()
        # a code as issued first (an old code is read as it is), then as a reader types one
        if code_as_typed(typed) and not Certificate.objects.filter(code=typed).exists():
            return redirect("assessments:verify", code_as_typed(typed))
        if CODE_SHAPE.fullmatch(typed):
            return redirect("assessments:verify", typed)
        code = typed
    elif (
        code_as_typed(code) not in (None, code)
        and not Certificate.objects.filter(code=code).exists()
    ):
        return redirect("assessments:verify", code_as_typed(code))
    state, found = "", None
    if code and not CODE_SHAPE.fullmatch(code):
        state = "unknown"
    elif code:
        found = (
            Certificate.objects.filter(code=code)
            .select_related("trainee", "sitting__assignment__test__house")
            .first()
        )
        # revoked, expired (with the day), or standing (renewal due or not: still valid)
        state = "unknown" if found is None else found.status.replace("renewal due", "valid")
    return render(
        request,
        "assessments/verify.html",
        {
            "form": VerifyForm(initial={"code": code}),
            "state": state,
            "code": code,
            "certificate": found,
            "holder": person_name(found.trainee) if found else "",
            "test": found.sitting.assignment.test if found else None,
        },
        status=404 if state == "unknown" else 200,
    )


@login_required
@require_GET
def certificate_badge(request, certificate_id):
    """The certificate as an Open Badges 3.0 credential (JSON), to download and carry."""
    certificate = _visible_certificate(request, certificate_id)
    response = JsonResponse(
        badges.credential(certificate, request.build_absolute_uri),
        json_dumps_params={"ensure_ascii": False, "indent": 2},
    )
    response["Content-Disposition"] = f'attachment; filename="certificate-{certificate.pk}.json"'
    return response


@login_required
@require_GET
def notices(request):
    """One's own notices (a test assigned, a certificate due for renewal or expired), newest
    first: what was mailed, kept on the site too."""
    return render(
        request, "assessments/notices.html", {"notices": request.user.notices.all()[:100]}
    )
