"""Round pages: deal a round, answer it step by step on the felt, read its summary.
Supervisors read their trainees' rounds step by step; a test's rounds are dealt by its
sitting and answered on the sitting's round page.

Thin views: every write goes through trainer.rounds.services.  Every form works with full
page loads (an answer is posted, and the round's page shows the step just answered beside the
next); htmx swaps the round in place (#drill, as the drill page does, so drills.js keys the
choices, times the answer and runs the pace bar).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect

from trainer.assessments import services as tests
from trainer.assessments.models import Sitting
from trainer.core.i18n import render as said
from trainer.drills.forms import AnswerForm
from trainer.drills.grading import browser_time
from trainer.drills.presenting import card_text, felt
from trainer.drills.views import drill_placard, is_trying, trainee_only
from trainer.engine import pace
from trainer.engine.drills import REGISTRY, AnswerError
from trainer.engine.rounds import DEALER, WHERE, Step
from trainer.houses.models import User

from . import presenting, services
from .forms import StartRoundForm
from .models import Round, RoundStep

RECENT = 20


@login_required
@trainee_only
@require_GET
def index(request):
    rounds = Round.objects.for_trainee(request.user).practice()[:RECENT]
    return render(
        request,
        "rounds/index.html",
        {"form": StartRoundForm(), "rounds": rounds, "trying": is_trying(request.user)},
    )


@login_required
@trainee_only
@require_POST
def start(request):
    form = StartRoundForm(request.POST)
    if not form.is_valid():
        rounds = Round.objects.for_trainee(request.user).practice()[:RECENT]
        return render(request, "rounds/index.html", {"form": form, "rounds": rounds}, status=400)
    data = form.cleaned_data
    try:
        played = services.deal_round(
            trainee=request.user,
            game=data["game"],
            level=data["level"],
            players=data["players"],
            in_chips=data["in_chips"],
        )
    except services.DrillError as exc:
        messages.error(request, exc.message)
        return redirect("rounds:index")
    return redirect("rounds:round", played.pk)


def _own(request, round_id) -> Round:
    # another trainee's round is answered exactly as a missing one
    return get_object_or_404(Round, pk=round_id, trainee=request.user)


@login_required
@trainee_only
@require_GET
def round_page(request, round_id):
    played = _own(request, round_id)
    if played.sitting_id is not None:
        return redirect("rounds:sitting", played.sitting_id)
    if played.is_finished:
        return redirect("rounds:summary", played.pk)
    return _render_round(request, played)


def _render_round(request, played: Round, *, form=None, row=None, status=200):
    """The round with its step on the table (`row`, else the first not answered), the step
    answered last beside it, and the round's figures: the whole page, or the round alone for
    htmx."""
    row = row or services.current_step(played)
    if row is None:
        return _go(request, reverse("rounds:summary", args=[played.pk]))
    services.showing(row)
    context = {
        "round": played,
        **_step_context(request, played, row, form),
        "last": _answered(services.last_answered(played)),
        "answer_url": reverse("rounds:answer", args=[played.pk, row.number]),
        "stop_url": reverse("rounds:stop", args=[played.pk]),
        "trying": is_trying(request.user),
    }
    template = "rounds/_round.html" if request.htmx else "rounds/round.html"
    return render(request, template, context, status=status)


def _step_context(request, played: Round, row: RoundStep, form) -> dict:
    question = row.question
    form = form or AnswerForm(question=question)
    step = Step.of_json(row.step)
    return {
        "row": row,
        "step": step,
        "question": question,
        "form": form,
        "inputs": form.inputs(),
        "felt": felt(question.table),
        "events": [card_text(said(e)) for e in step.events],
        "target_ms": row.target_ms,
        "target_words": pace.seconds_words(row.target_ms),
        "kind": REGISTRY[question.kind],
        "dealer_key": any(
            c[0] == DEALER for f in step.fields if f.name == WHERE for c in f.choices
        ),
        **drill_placard(request, question),
    }


def _answered(row: RoundStep | None) -> dict | None:
    """A step answered, as its feedback and the summary show it."""
    return presenting.answered(row)


def _go(request, url: str):
    """To another page, by a full page load under htmx too."""
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)


@login_required
@trainee_only
@require_POST
def answer(request, round_id, number):
    played = _own(request, round_id)
    row = played.steps.select_related("question").filter(number=number).first()
    if row is None:
        raise Http404(services.NO_SUCH_STEP)
    form = AnswerForm(request.POST, question=row.question)
    try:
        result = services.answer_step(
            trainee=request.user,
            round_id=played.pk,
            number=number,
            raw=form.raw_answer(),
            browser_ms=browser_time(request.POST.get("took_ms")),
        )
    except AnswerError as exc:
        # the answer did not read: the same step again, each problem beside its field (htmx
        # swaps only a 2xx response in)
        form.show(exc.problems)
        status = 200 if request.htmx else 400
        return _render_round(request, played, form=form, row=row, status=status)
    except services.NotFound as exc:
        raise Http404(exc.message) from None
    except services.DrillError as exc:
        if request.htmx:  # the round as it stands, by a full page load, saying why
            messages.error(request, exc.message)
            return _go(request, reverse("rounds:round", args=[played.pk]))
        return render(
            request,
            "rounds/refused.html",
            {"message": exc.message, "round": played},
            status=exc.status,
        )
    if result.replayed:
        messages.info(
            request,
            gettext("Step %(number)s was already answered: the first answer stands.")
            % {"number": number},
        )
    if result.round.is_finished:
        return _go(request, reverse("rounds:summary", args=[played.pk]))
    if request.htmx:
        return _render_round(request, result.round)
    return redirect("rounds:round", played.pk)


@login_required
@trainee_only
@require_POST
def stop(request, round_id):
    played = _own(request, round_id)
    try:
        services.stop_round(trainee=request.user, round_id=played.pk)
    except services.DrillError as exc:
        return render(
            request, "rounds/refused.html", {"message": exc.message, "round": played}, status=409
        )
    return _go(request, reverse("rounds:summary", args=[played.pk]))


def _viewable(request, round_id) -> Round:
    """A round the user may read: their own, or, for a supervisor, one of a trainee of their
    house (superusers: any).  Anyone else's is answered as a missing one."""
    played = get_object_or_404(Round.objects.select_related("trainee"), pk=round_id)
    user = request.user
    if played.trainee_id == user.pk:
        return played
    if user.has_perm("houses.review_trainees") and _reviews(user, played.trainee_id):
        return played
    raise Http404(services.NO_SUCH_ROUND)


def _reviews(user, trainee_id: int) -> bool:
    if user.is_superuser:
        return User.objects.trainees().filter(pk=trainee_id).exists()
    return User.objects.trainees_of(user.house_id).filter(pk=trainee_id).exists()


@login_required
@require_GET
def summary(request, round_id):
    """Each step of a round, right or wrong with its reasons and slips, and its time against
    the game's pace: the trainee's own, or a supervisor's reading of a trainee's."""
    played = _viewable(request, round_id)
    if played.sitting_id is not None and played.trainee_id == request.user.pk:
        sitting = played.sitting
        if not sitting.is_finished:  # a test's round is read once the test is over
            return redirect("rounds:sitting", sitting.pk)
    rows = played.steps.select_related("question", "question__attempt").order_by("number")
    steps = [_answered(row) for row in rows]
    return render(
        request,
        "rounds/summary.html",
        {
            "round": played,
            "steps": steps,
            "mine": played.trainee_id == request.user.pk,
            "slipped": sum(1 for s in steps if s.get("slips")),
        },
    )


@login_required
@permission_required("houses.review_trainees", raise_exception=True)
@require_GET
def trainee_rounds(request, user_id):
    """A supervisor's list of one trainee's rounds, practice and tests, newest first."""
    if not _reviews(request.user, user_id):
        raise Http404(gettext("There is no such trainee in your house."))
    subject = get_object_or_404(User, pk=user_id)
    rounds = Round.objects.for_trainee(subject).select_related("sitting__assignment__test")
    return render(
        request,
        "rounds/trainee.html",
        {"subject": subject, "rounds": rounds[:100], "count": rounds.count()},
    )


# -- a test's rounds ---------------------------------------------------------------------------


def _own_sitting(request, sitting_id) -> Sitting:
    try:
        return tests.own_sitting(request.user, sitting_id)
    except services.DrillError:
        raise Http404(gettext("There is no such sitting.")) from None


def _sitting_step(sitting: Sitting):
    """The sitting's question on the table, if it is a round's step: (its row, its round)."""
    item = tests.next_item(sitting)
    if item is None:
        return None, None
    row = RoundStep.objects.select_related("round", "question").filter(question=item.question)
    found = row.first()
    return found, item


@login_required
@permission_required("houses.practise_drills", raise_exception=True)
@require_GET
def sitting_page(request, sitting_id):
    """A test's round step, asked as practice asks it but without its feedback: the test's
    page once the step on the table is not a round's (or the test is over)."""
    sitting = _own_sitting(request, sitting_id)
    if sitting.is_finished or sitting.is_past_deadline():  # the result page shows it finished
        return redirect("assessments:result", sitting.pk)
    row, item = _sitting_step(sitting)
    if row is None:
        return redirect("assessments:sitting", sitting.pk)
    tests.showing(sitting, item)  # timed from this page, less the connection's round trip
    return _render_sitting(request, sitting, row)


def _render_sitting(request, sitting, row, *, form=None, status=200):
    test = sitting.assignment.test
    item = sitting.items.filter(question_id=row.question_id).first()
    context = {
        "item": item,
        "round": row.round,
        "sitting": sitting,
        "test": test,
        "seconds_left": sitting.seconds_left(),
        **_step_context(request, row.round, row, form),
        "answer_url": reverse("rounds:sitting-answer", args=[sitting.pk, row.pk]),
        "in_test": True,
    }
    if not test.pace_required:
        context["target_ms"] = None
    return render(request, "rounds/sitting.html", context, status=status)


@login_required
@permission_required("houses.practise_drills", raise_exception=True)
@require_POST
def sitting_answer(request, sitting_id, step_id):
    sitting = _own_sitting(request, sitting_id)
    row = (
        RoundStep.objects.select_related("round", "question")
        .filter(pk=step_id, round__sitting=sitting)
        .first()
    )
    if row is None:
        raise Http404(gettext("This step is not part of this test."))
    form = AnswerForm(request.POST, question=row.question)
    try:
        services.answer_in_sitting(
            trainee=request.user, sitting=sitting, row=row, raw=form.raw_answer()
        )
    except AnswerError as exc:
        form.show(exc.problems)
        return _render_sitting(request, sitting, row, form=form, status=400)
    except services.DrillError as exc:
        mine = Sitting.objects.filter(pk=sitting_id, trainee=request.user).first()
        return render(
            request,
            "assessments/refused.html",
            {"message": exc.message, "sitting": mine},
            status=exc.status,
        )
    return redirect("rounds:sitting", sitting.pk)
