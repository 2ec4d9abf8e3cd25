"""Drill pages: pick a drill, answer question after question, see the summary.

Thin views: every write goes through trainer.drills.services; htmx swaps the question and the
feedback in place, and the same forms work with full page loads when JavaScript is off.

One request a question: the answer's response carries its feedback and the next question,
dealt and stored, in a <template> the browser shows on Next without asking again (drills.js).
Without JavaScript, Next is a link to the session's page, which shows that same question.
"""

from __future__ import annotations

import hashlib
import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required, user_passes_test
from django.core.cache import caches
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect

from trainer.core.i18n import render as said_text
from trainer.drills.access import may_take, may_watch
from trainer.drills.placard import placard
from trainer.drills.practice import notes
from trainer.drills.practice.mistakes import waiting_count
from trainer.drills.practice.services import question_target_ms
from trainer.engine import pace
from trainer.engine.catalog import title_of
from trainer.engine.drills import REGISTRY, AnswerError
from trainer.engine.house import DEFAULT_CONFIG, SETTLE_ORDERS
from trainer.houses.config import house_setup

from . import dealing, drawing, grading, services
from .forms import AnswerForm, StartForm
from .models import PracticeSession, Question
from .presenting import (
    answered_felt,
    drill_felt,
    feedback_html,
    missed_hand,
    pace_line,
    review,
    settle_order,
)


def may_practise(user) -> bool:
    """A trainee practises; the staff of a house (supervisors, games managers) may try any
    drill.  Their tries are kept as anyone's practice is, but no figure, list or test counts
    them: those read the trainees of a house (`User.objects.trainees_of`), and staff are none
    of them."""
    if user.has_perm("houses.practise_drills") or is_trying(user):
        return True
    raise PermissionDenied


def is_trying(user, kind: str | None = None) -> bool:
    """Staff trying a drill out, not a trainee practising: nothing they answer is counted.
    A watch drill (`kind`) is no try for staff who watch the game: it is theirs."""
    drill = REGISTRY.get(kind) if kind else None
    if drill is not None and drill.watches and may_watch(user):
        return False
    return not user.has_perm("houses.practise_drills") and user.has_perm("houses.view_house")


trainee_only = user_passes_test(may_practise)


class HouseKind:
    """A drill kind as a house sees it: the kind's own attributes, its levels named in the
    house's stakes (a house whose bets are multiples of 10 has no "$5 table, ante 5")."""

    def __init__(self, kind, config) -> None:
        self.kind = kind
        self.levels = kind.levels_for(config)

    def __getattr__(self, name):
        return getattr(self.kind, name)


def _kinds_by_game(user):
    config = house_setup(user.house).config if user.house_id else DEFAULT_CONFIG
    groups: dict[str, list] = {}
    for kind in REGISTRY.values():
        if may_take(user, kind):  # a watch drill only for those who watch the game
            groups.setdefault(kind.game, []).append(HouseKind(kind, config))
    return [(said_text(title_of(game)), kinds) for game, kinds in groups.items()]


@login_required
@trainee_only
@require_GET
def index(request):
    recent = PracticeSession.objects.filter(trainee=request.user)[:5]
    return render(
        request,
        "drills/index.html",
        {
            "groups": _kinds_by_game(request.user),
            "recent": recent,
            "start_form": StartForm,
            "mistakes_waiting": waiting_count(request.user),
        },
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
            in_chips=form.cleaned_data["in_chips"],
        )
    except services.NotAllowed as exc:
        raise PermissionDenied(exc.message) from None
    except services.DrillError as exc:
        messages.error(request, exc.message)
        return redirect("drills:index")
    return redirect("drills:session", session.pk)


@login_required
@trainee_only
@require_POST
def start_mode(request, mode):
    """Start a session of Today's practice or Practise my mistakes (`planning.MODES`): an
    ordinary session whose questions pick their own drill, level and hand
    (`trainer.drills.practice.planning`); its URL is trainer.drills.practice_urls."""
    if is_trying(request.user):
        # staff try single drills; these schedule a trainee's own skills and hands
        messages.info(
            request,
            gettext(
                "Today's practice and Practise my mistakes follow a trainee's own skills and "
                "missed hands: staff try the drills one at a time."
            ),
        )
        return redirect("drills:index")
    try:
        session = services.start_mode(trainee=request.user, mode=mode)
    except services.NotFound as exc:
        raise Http404(exc.message) from None
    except services.DrillError as exc:
        messages.info(request, exc.message)
        return redirect("drills:index" if request.POST.get("back") == "drills" else "home")
    return redirect("drills:session", session.pk)


def _session_for(request, session_id) -> PracticeSession:
    # another trainee's session is answered exactly as a missing one
    return get_object_or_404(PracticeSession, pk=session_id, trainee=request.user)


def _render_drill(request, session, question, *, form=None, result=None, unanswered=False):
    """The drill of `question`: the whole page, or, under htmx, the drill (#drill) or only the
    answer area (#turn) with the score out of band.  Drawn by .drawing (the hot path)."""
    if result:
        attempt = result.attempt
    else:
        attempt = None if unanswered else getattr(question, "attempt", None)
    d = {
        "session": session,
        "replayed": bool(result and result.replayed),
        "score": session.score,
        "trying": is_trying(request.user, question.kind),
    }
    csrf = get_token(request)
    if attempt is None:
        d |= open_question(request, question, form)
        area = drawing.open_area(d, csrf)
    else:
        d |= {
            # a session of Today's practice or Practise my mistakes deals many drills: the
            # question's own drill and level, never the session's
            "kind": REGISTRY[question.kind],
            "question": question,
            "attempt": attempt,
            "floor_note": notes.note_for(session, question),
            "pace_line": pace_line(attempt),
            "answered_felt": answered_felt(question),
            # what was wrong first, the seats all right folded away (one wrong seat: one
            # screen)
            "review": feedback_html(question, attempt),
            # a replay of Practise my mistakes: the hand first missed, beside this one's review
            "missed_hand": missed_hand(question),
        }
        if _whole_drill(request):
            d.update(drill_placard(request, question))
        next_drill = ""
        if result and result.next is not None:
            # the next question, open for its answer, in a <template>: shown on Next
            shown = {**d, **open_question(request, result.next, whole=True)}
            next_drill = drawing.drill(shown, drawing.open_area(shown, csrf))
            d["next_pk"] = result.next.pk
        area = drawing.feedback_area(d, csrf, next_drill)
    if not request.htmx:
        return render(request, "drills/session.html", {**d, "drill": drawing.drill(d, area)})
    if request.htmx.target == "turn":
        # an answer from the drill page: only the answer area and the score change
        return HttpResponse(area + drawing.score(session.score, oob=True))
    return HttpResponse(drawing.drill(d, area))


def open_question(request, question: Question, form=None, *, whole: bool | None = None) -> dict:
    """What the drill shows of a question waiting for its answer: its felt with the answers at
    their spots, the form, its pace target, and, for the `whole` drill (by default, unless the
    response swaps only the answer area), its placard."""
    form = form or AnswerForm(question=question)
    felt_html, own_spots, seated = drill_felt(question, form)
    return {
        "kind": REGISTRY[question.kind],
        "question": question,
        "form": form,
        "floor_note": notes.note_for(question.session, question),
        "attempt": None,
        "order_words": said_text(SETTLE_ORDERS[settle_order(question)]),
        "felt_html": felt_html,
        "own_spots": own_spots,
        "seated": seated,
        **pace_context(question),
        **(drill_placard(request, question) if (whole or _whole_drill(request)) else {}),
    }


def _whole_drill(request) -> bool:
    """Whether the response draws the whole drill (its placard included), not only the
    answer area (#turn): an answer that does not parse comes back as the form alone."""
    return not request.htmx or request.htmx.target != "turn"


@login_required
@trainee_only
@require_GET
def session_page(request, session_id):
    """The question on the table, open for its answer (a page reloaded in the middle of a
    cycle shows the next question dealt with the feedback: never another), or the feedback of
    the last answer."""
    session = _session_for(request, session_id)
    question = services.current_question(session)
    if question is None:
        return redirect("drills:index")
    if not hasattr(question, "attempt"):
        services.mark_sent(question)  # without JavaScript, its time runs from here
    return _render_drill(request, session, question)


@login_required
@trainee_only
@require_POST
def answer(request, question_id):
    try:
        result = services.answer_question(
            trainee=request.user,
            question_id=question_id,
            raw=request.POST,
            practice=True,
            deal_next=True,
            browser_ms=grading.browser_time(request.POST.get("took_ms")),
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
    question = result.question
    return _render_drill(request, question.session, question, result=result)


@login_required
@trainee_only
@require_POST
def next_question(request, session_id):
    try:
        question = services.next_question(trainee=request.user, session_id=session_id)
    except services.NotFound as exc:
        raise Http404(exc.message) from None
    except services.Finished as exc:
        # nothing left to deal (every missed hand answered right): the session is done
        services.end_session(trainee=request.user, session_id=session_id)
        messages.info(request, exc.message)
        return _go(request, reverse("drills:summary", args=[session_id]))
    except services.DrillError as exc:
        return render(request, "drills/refused.html", {"message": exc.message}, status=exc.status)
    if request.htmx:
        # next_question deals a new question or returns the unanswered one
        services.mark_sent(question)
        return _render_drill(request, question.session, question, unanswered=True)
    return redirect("drills:session", session_id)


@login_required
@trainee_only
@require_POST
def end(request, session_id):
    # the question the trainee ended from, if one was open on their page: shown, though no
    # page was sent for it (the browser showed it on Next); from the feedback, none
    seen = request.POST.get("seen", "")
    seen = int(seen) if seen.isascii() and seen.isdigit() and len(seen) < 19 else None
    try:
        services.end_session(trainee=request.user, session_id=session_id, seen=seen)
    except services.NotFound as exc:
        raise Http404(exc.message) from None
    except services.DrillError as exc:
        return render(request, "drills/refused.html", {"message": exc.message}, status=exc.status)
    return _go(request, reverse("drills:summary", args=[session_id]))


def _go(request, url: str):
    """To another page, by a full page load under htmx too (a 302 would be followed by the
    XMLHttpRequest itself and its page swapped into the drill)."""
    if request.htmx:
        return HttpResponseClientRedirect(url)
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
        {
            "session": session,
            # a session of one drill; a session of Today's practice or Practise my mistakes
            # has none (each question has its own)
            "kind": REGISTRY.get(session.kind),
            "summary": result,
            "missed": missed,
            "mistakes_waiting": waiting_count(request.user) if missed else 0,
        },
    )


def pace_context(question: Question) -> dict:
    """The target of a question on the table, in words and in milliseconds (the page's pace
    indicator counts from when the question appears)."""
    target = question_target_ms(question)
    if target is None:
        return {}
    # a watch drill's target is the house's clock: when it runs out the answer is sent as
    # it stands (drills.js), its positions not marked counted as missed
    clock = REGISTRY[question.kind].watches if question.kind in REGISTRY else False
    return {"target_ms": target, "target_words": pace.seconds_words(target), "clock": clock}


def placard_context(request, question: Question) -> dict:
    """The placard of the question's game as it is graded (the paytable version and the
    snapshot of the house rules the question stores), and its level named in those stakes."""
    version = question.paytable_version if question.paytable_version_id else None
    config = dealing.config_for(question)
    levels = {lv.number: lv.name for lv in REGISTRY[question.kind].levels_for(config)}
    return {
        "level_name": levels.get(question.level, ""),
        "placard": placard(question.game, config, version),
        "house": request.user.house,
        "graded": True,
    }


def drill_placard(request, question: Question) -> dict:
    """The placard as the drill draws it, in its dialog (`placard_html`), and the question's
    level named in its stakes: drawn once per app server for what they are drawn from (the
    drill and level, the paytable version, which no one may change once a question is graded
    with it, the snapshot of the house rules, the house's name, the reader's language: its
    words and numbers), then kept in its memory (`CACHES["local"]`): the questions a house
    deals share them."""
    house = request.user.house
    drawn_from = "|".join(
        (
            question.kind,
            str(question.level),
            str(question.paytable_version_id),
            house.name if house is not None else "",
            json.dumps(question.house_rules, sort_keys=True),
            get_language() or "",
        )
    )
    key = "drill-placard:" + hashlib.sha256(drawn_from.encode()).hexdigest()
    drawn = caches["local"].get(key)
    if drawn is None:
        context = placard_context(request, question)
        drawn = {
            "level_name": context["level_name"],
            "placard_html": render_to_string("houses/_placard.html", context),
        }
        caches["local"].set(key, drawn)
    return drawn


@login_required
@trainee_only
@require_GET
def placard_page(request, question_id):
    """The placard a question is graded with, as a page (the drill page opens the same placard
    in place with the key H; without JavaScript its link comes here)."""
    question = get_object_or_404(
        Question.objects.select_related("paytable_version"), pk=question_id, trainee=request.user
    )
    context = placard_context(request, question)
    back = (
        reverse("drills:session", args=[question.session_id])
        if question.session_id
        else reverse("drills:index")
    )
    return render(request, "houses/placard.html", {**context, "back": back})
