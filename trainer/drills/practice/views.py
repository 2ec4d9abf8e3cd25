"""Starting adaptive practice: Today's practice and Practise my mistakes.

Both are ordinary practice sessions (trainer.drills) whose questions pick their own drill,
level and hand (`trainer.drills.practice.planning`); the drill page answers them as any other."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from trainer.drills import services
from trainer.drills.views import is_trying, trainee_only


@login_required
@trainee_only
@require_POST
def start(request, mode):
    if is_trying(request.user):
        # staff try single drills; these schedule a trainee's own skills and hands
        messages.info(
            request,
            "Today's practice and Practise my mistakes follow a trainee's own skills and "
            "missed hands: staff try the drills one at a time.",
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
