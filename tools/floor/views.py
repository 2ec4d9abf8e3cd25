"""The floor's answer cycle: what any implementation of "answer a question, get the next"
must do, written the plainest way Django offers, with no grading and no dealing.

- answer: the signed-in user (read by the session middleware and the auth backend); the
  question's row locked, and checked to be the user's; the attempt inserted; the session's
  counters moved on; a small feedback fragment with the next button (a Django template).
- next: the next question inserted (every question is stored when it is shown), the
  session's counters moved on (the update checks the session is the user's), its form
  rendered with a Django template.

Each is one transaction: seven statements a cycle, and two templates.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.db.models import F
from django.http import Http404, HttpResponse
from django.template import engines
from django.views.decorators.http import require_POST

from trainer.drills.models import Attempt, PracticeSession, Question

# compiled once, as the cached template loader keeps the product's
FEEDBACK = engines["django"].from_string(
    '<section class="feedback right"><h3>Recorded</h3>'
    "<p>Your answer: {% for name, value in answer.items %}{{ name }} {{ value }} {% endfor %}</p>"
    '<form method="post" action="/drills/s/{{ session_id }}/next">{% csrf_token %}'
    '<button type="submit" autofocus>Next question (Enter)</button></form></section>'
)
QUESTION = engines["django"].from_string(
    '<div id="drill" class="drill" data-question="{{ question.pk }}">'
    "<h2>{{ question.prompt }}</h2>"
    '<div id="turn"><form method="post" action="/drills/q/{{ question.pk }}/answer">'
    "{% csrf_token %}{% for value, label in choices %}"
    '<label><input type="radio" name="outcome" value="{{ value }}"> {{ label }}</label>'
    '{% endfor %}<button type="submit">Answer (Enter)</button></form></div></div>'
)
CHOICES = [("win", "Win"), ("push", "Push"), ("lose", "Lose")]


@login_required
@require_POST
def answer(request, question_id: int):
    given = {k: v for k, v in request.POST.items() if k != "csrfmiddlewaretoken"}
    with transaction.atomic():
        question = (
            Question.objects.select_for_update()
            .filter(pk=question_id, trainee=request.user)
            .values("session_id", "kind", "game")
            .first()
        )
        if question is None:
            raise Http404("There is no such question.")
        Attempt.objects.create(
            question_id=question_id,
            trainee=request.user,
            kind=question["kind"],
            game=question["game"],
            answer=given,
            marks={},
            is_correct=True,
            response_ms=0,
        )
        PracticeSession.objects.filter(pk=question["session_id"]).update(
            answered=F("answered") + 1, right=F("right") + 1
        )
    context = {"answer": given, "session_id": question["session_id"]}
    return HttpResponse(FEEDBACK.render(context, request))


@login_required
@require_POST
def next_question(request, session_id: int):
    with transaction.atomic():
        question = Question.objects.create(
            trainee=request.user,
            session_id=session_id,
            kind="floor",
            game="floor",
            level=1,
            seed=0,
            prompt="Settle the bet.",
            table={},
            request={},
            fields=[],
            expected={},
            steps=[],
            house_rules={},
        )
        moved = PracticeSession.objects.filter(pk=session_id, trainee=request.user).update(
            dealt=F("dealt") + 1, last_question=question
        )
        if not moved:
            raise Http404("There is no such practice session.")
    return HttpResponse(QUESTION.render({"question": question, "choices": CHOICES}, request))
