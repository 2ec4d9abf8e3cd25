"""Drill pages: pick a drill, answer question after question, see the summary.

Thin views: every write goes through trainer.drills.services; htmx swaps the question and the
feedback in place, and the same forms work with full page loads when JavaScript is off.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from trainer.engine.drills import REGISTRY, AnswerError
from trainer.engine.games import title_of

from . import services
from .forms import AnswerForm, StartForm
from .models import PracticeSession, Question
from .presenting import review

trainee_only = permission_required("houses.practise_drills", raise_exception=True)


def _kinds_by_game():
    groups: dict[str, list] = {}
    for kind in REGISTRY.values():
        groups.setdefault(kind.game, []).append(kind)
    return [(title_of(game), kinds) for game, kinds in groups.items()]


@login_required
@trainee_only
@require_GET
def index(request):
    recent = PracticeSession.objects.filter(trainee=request.user)[:5]
    return render(
        request,
        "drills/index.html",
        {"groups": _kinds_by_game(), "recent": recent, "start_form": StartForm},
    )


@login_required
@trainee_only
@require_POST
def start(request):
    form = StartForm(request.POST)
    if not form.is_valid():
        for error in form.errors.values():
            messages.error(request, " ".join(error))
        return redirect("drills:index")
    try:
        session = services.start_session(
            trainee=request.user,
            kind=form.cleaned_data["kind"],
            level=form.cleaned_data["level"],
            natural=form.cleaned_data["natural"],
        )
    except services.DrillError as exc:
        messages.error(request, exc.message)
        return redirect("drills:index")
    return redirect("drills:session", session.pk)


def _session_for(request, session_id) -> PracticeSession:
    # another trainee's session is answered exactly as a missing one
    return get_object_or_404(PracticeSession, pk=session_id, trainee=request.user)


def _render_drill(request, session, question, *, form=None, result=None, unanswered=False):
    if result:
        attempt = result.attempt
    else:
        attempt = None if unanswered else getattr(question, "attempt", None)
    if attempt is None:
        form = form or AnswerForm(question=question)
    context = {
        "session": session,
        "kind": REGISTRY[session.kind],
        "question": question,
        "form": form,
        "attempt": attempt,
        "replayed": bool(result and result.replayed),
        "score": session.score,
        "review": review(question, attempt) if attempt else None,
    }
    if not request.htmx:
        template = "drills/session.html"
    elif request.htmx.target == "turn":
        # an answer from the drill page: only the answer area and the score change
        template = "drills/_turn.html"
        context["oob_score"] = True
    else:
        template = "drills/_drill.html"
    return render(request, template, context)


@login_required
@trainee_only
@require_GET
def session_page(request, session_id):
    session = _session_for(request, session_id)
    question = services.current_question(session)
    if question is None:
        return redirect("drills:index")
    return _render_drill(request, session, question)


@login_required
@trainee_only
@require_POST
def answer(request, question_id):
    try:
        result = services.answer_question(
            trainee=request.user, question_id=question_id, raw=request.POST, practice=True
        )
    except AnswerError as exc:
        # the answer did not parse: the same question again, each problem beside its field
        question = Question.objects.select_related("session").get(pk=question_id)
        form = AnswerForm(request.POST, question=question)
        form.show(exc.problems)
        return _render_drill(request, question.session, question, form=form)
    except services.NotFound as exc:
        # someone else's question answers exactly as none at all: Django's own 404
        raise Http404(exc.message) from None
    except services.DrillError as exc:
        # a test's question, or no longer the one on the table: say so, store nothing
        return render(
            request,
            "drills/refused.html",
            {"message": exc.message, "session": exc.session},
            status=exc.status,
        )
    question = result.attempt.question
    return _render_drill(request, question.session, question, result=result)


@login_required
@trainee_only
@require_POST
def next_question(request, session_id):
    try:
        question = services.next_question(trainee=request.user, session_id=session_id)
    except services.NotFound as exc:
        raise Http404(exc.message) from None
    except services.DrillError as exc:
        return render(request, "drills/refused.html", {"message": exc.message}, status=exc.status)
    if request.htmx:
        # next_question deals a new question or returns the unanswered one
        return _render_drill(request, question.session, question, unanswered=True)
    return redirect("drills:session", session_id)


@login_required
@trainee_only
@require_POST
def end(request, session_id):
    try:
        services.end_session(trainee=request.user, session_id=session_id)
    except services.NotFound as exc:
        raise Http404(exc.message) from None
    except services.DrillError as exc:
        return render(request, "drills/refused.html", {"message": exc.message}, status=exc.status)
    url = reverse("drills:summary", args=[session_id])
    if request.htmx:
        response = redirect(url)
        response["HX-Redirect"] = url
        return response
    return redirect(url)


@login_required
@trainee_only
@require_GET
def summary(request, session_id):
    session = _session_for(request, session_id)
    result = services.summarize(session)
    missed = [{"attempt": a, "review": review(a.question, a)} for a in result.missed]
    return render(
        request,
        "drills/summary.html",
        {"session": session, "kind": REGISTRY[session.kind], "summary": result, "missed": missed},
    )
