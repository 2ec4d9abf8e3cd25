"""The ruling desk's two web doors: the JSON API and the Rule check page."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.exceptions import RequestDataTooBig
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.translation import gettext, gettext_lazy, pgettext
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_http_methods
from django_htmx.http import HttpResponseClientRefresh

from trainer.drills.placard_views import may_read_placards, placard_of
from trainer.engine.catalog import GAMES
from trainer.engine.kit.requests import Holds
from trainer.engine.rulings import outcome_words
from trainer.houses.models import House

from .forms import form_for, game_choices, readable
from .services import NotJSON, as_json, give_ruling, language_of, open_sitting, read_json, said_in

ANSWER_LABELS = {
    "outcome": gettext_lazy("Outcome"),
    "category": gettext_lazy("Hand"),
    "odds": gettext_lazy("Odds"),
    "stake": gettext_lazy("Total stake"),
    "profit": gettext_lazy("Profit"),
    "returned": gettext_lazy("Returned to the player"),
    "net": gettext_lazy("Net"),
    "dealer_qualifies": gettext_lazy("Dealer qualifies"),
    "player_category": gettext_lazy("Player's hand"),
    "dealer_category": gettext_lazy("Dealer's hand"),
    "hog": gettext_lazy("Hog (7-7)"),
    "high": gettext_lazy("High half"),
    "low": gettext_lazy("Low half"),
    "seat": gettext_lazy("Seat"),
    "winners": gettext_lazy("Winners"),
}


def _words(value) -> str:
    if value is None:
        return "—"
    if value is True:
        return pgettext("the answer to a question", "yes")
    if value is False:
        return pgettext("the answer to a question", "no")
    if isinstance(value, list):
        seats = [gettext("seat %(seat)s") % {"seat": v} for v in value]
        return ", ".join(seats) if value else pgettext("no seat", "none")
    return str(value)


def present(request_data: object, ruling: Mapping) -> tuple[list, list]:
    """The cards to lay out and the answer rows, for the page (presentation only)."""
    rows = [
        (label, outcome_words(ruling[f]) if f == "outcome" else _words(ruling[f]))
        for f, label in ANSWER_LABELS.items()
        if f in ruling
    ]
    for spot in _each(ruling.get("spots")):
        rows.append(
            (
                gettext("%(bet)s spot") % {"bet": spot.get("bet")},
                gettext("stake %(stake)s, profit %(profit)s")
                % {"stake": spot.get("stake"), "profit": spot.get("profit")},
            )
        )
    for name, bet in _mapping(ruling.get("bets")).items():
        bet = _mapping(bet)
        rows.append(
            (
                gettext("%(bet)s bet") % {"bet": str(name).title()},
                gettext("%(result)s: stake %(stake)s, profit %(profit)s")
                % {
                    "result": bet.get("result"),
                    "stake": bet.get("stake"),
                    "profit": bet.get("profit"),
                },
            )
        )
    best_of = _mapping(ruling.get("best"))
    for seat, category in _mapping(ruling.get("categories")).items():
        best = best_of.get(seat, "")
        best = " ".join(map(str, best)) if isinstance(best, list) else best
        rows.append((gettext("Seat %(seat)s best five") % {"seat": seat}, f"{category}: {best}"))
    for seat, chips in _mapping(ruling.get("shares")).items():
        rows.append((gettext("Seat %(seat)s receives") % {"seat": seat}, str(chips)))
    return request_cards(request_data), rows


def request_cards(request: object) -> list[tuple[str, str]]:
    """The cards of a request, each with its label, for laying out: only the fields its game
    reads (the engine's `fields`), and only where they hold text.  A stored request may hold
    anything (a case or a log line saved before unread fields were refused, a row edited by
    hand): what is not cards text of its game's fields is left out, never drawn."""
    if not isinstance(request, Mapping):
        return []
    game = request.get("game")
    entry = GAMES.get(game) if isinstance(game, str) else None
    if entry is None:
        return []
    shown: list[tuple[str, str]] = []
    for field in entry.fields(request):
        value = request.get(field.name)
        if field.holds is Holds.CARDS and isinstance(value, str):
            shown.append((field.label, value))
        elif field.holds is Holds.SEAT_CARDS and isinstance(value, Mapping):
            shown.extend(
                (f"{field.label} {seat}", text)
                for seat, text in value.items()
                if isinstance(text, str)
            )
    return shown


def request_stakes(request: object) -> list[tuple[str, str]]:
    """The bets and choices of a request, each with its label, for showing beside its cards:
    the fields its game reads other than cards, where they hold a value of their kind (a
    stored request may hold anything: what is not is left out)."""
    if not isinstance(request, Mapping):
        return []
    game = request.get("game")
    entry = GAMES.get(game) if isinstance(game, str) else None
    if entry is None:
        return []
    shown: list[tuple[str, str]] = []
    for field in entry.fields(request):
        value = request.get(field.name)
        if field.holds in (Holds.AMOUNT, Holds.STREET) and _whole(value):
            shown.append((field.label, str(value)))
        elif field.holds is Holds.BETS and isinstance(value, list) and all(map(_whole, value)):
            shown.append((field.label, ", ".join(map(str, value))))
        elif field.holds is Holds.CHOICE and isinstance(value, str):
            shown.append((field.label, value))
    return shown


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _mapping(value: object) -> Mapping:
    return value if isinstance(value, Mapping) else {}


def _each(value: object) -> list[Mapping]:
    return [v for v in value if isinstance(v, Mapping)] if isinstance(value, list) else []


def _error(status: int, message: str, field: str | None = None) -> JsonResponse:
    return JsonResponse({"error": {"field": field, "message": message}}, status=status)


def desk_closed(sitting) -> str:
    """Why the desk will not rule for someone in the middle of a test, and how to reopen it."""
    test = sitting.assignment.test
    if sitting.deadline is None:
        closed = gettext(
            "You are in the middle of a test (“%(test)s”): the ruling desk would answer its "
            "questions, so it is closed to you until you finish it."
        )
    else:
        closed = gettext(
            "You are in the middle of a test (“%(test)s”): the ruling desk would answer its "
            "questions, so it is closed to you until you finish it or its time runs out."
        )
    return closed % {"test": test}


@csrf_exempt  # checked by _rule_json, once the body is known to be JSON (see there)
def api_rulings(request):
    """POST /api/rulings: one request object in, 200 with the ruling or 400 with the error."""
    if request.method != "POST":
        response = _error(405, gettext("Send one ruling request with POST."))
        response["Allow"] = "POST"
        return response
    if request.content_type != "application/json":
        # refused before anything reads the body: the CSRF check would parse a form (and
        # answer one too large with Django's HTML page) before the view could say a word
        if request.content_type:
            said = gettext(
                "Send one JSON object with the header Content-Type: application/json; "
                "this request had “%(type)s”."
            ) % {"type": request.content_type}
        else:
            said = gettext(
                "Send one JSON object with the header Content-Type: application/json; "
                "this request had no content type."
            )
        return _error(400, said)
    return _rule_json(request)


@csrf_protect
def _rule_json(request):
    if not request.user.is_authenticated:
        return _error(403, gettext("Sign in to ask for rulings."))
    sitting = open_sitting(request.user)
    if sitting is not None:
        url = reverse("assessments:sitting", args=[sitting.pk])
        return _error(
            403,
            gettext("%(closed)s Your test: %(url)s") % {"closed": desk_closed(sitting), "url": url},
        )
    try:
        body = request.body
    except RequestDataTooBig:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        return _error(
            413,
            gettext("The request is over %(limit)s bytes: far too large to be one ruling request.")
            % {"limit": number_format(limit, force_grouping=True)},
        )
    try:
        payload = read_json(body)
    except NotJSON as exc:
        return _error(
            400,
            gettext('The body %(fault)s: send one JSON object, like {"game": ...}.')
            % {"fault": exc},
        )
    # the reasons in the language the client asks for; keys and codes stay English
    language = language_of(request.headers.get("Accept-Language"))
    response, text = as_json(said_in(give_ruling(payload, user=request.user), language))
    return HttpResponse(
        text, content_type="application/json", status=400 if "error" in response else 200
    )


#: The offer under a ruling on the Rule check page to keep it ("Save as a case"): a function
#: (user, ruling request) -> (form or None, why it cannot be kept), registered by the app that
#: keeps rulings (trainer.cases, in its AppConfig.ready).  The desk sits beneath the apps
#: built on it and imports none of them; with nothing registered there is no offer.
KEEPERS: list[Callable[[Any, dict], tuple[Any, str]]] = []


def keep_offer(user, ruling_request: dict) -> tuple[Any, str]:
    """The form to keep this ruling with (or None) and the hint, from the registered keeper."""
    if not KEEPERS:
        return None, ""
    return KEEPERS[0](user, ruling_request)


@login_required
@require_http_methods(["GET", "POST"])
def rule_check(request):
    """Pick a game, type the cards and bets, see the ruling with its steps."""
    sitting = open_sitting(request.user)
    if sitting is not None:
        if request.htmx:
            # a sitting started in another tab: reload, so the whole page says why
            return HttpResponseClientRefresh()
        context = {"message": desk_closed(sitting), "sitting": sitting}
        return render(request, "rulings/desk_closed.html", context, status=403)
    first = next(iter(GAMES))
    asked = readable(request.POST.get("game") or request.GET.get("game") or first)
    game = asked if asked in GAMES else first
    houses = list(House.objects.visible_to(request.user))
    own = next((h.slug for h in houses if h.pk == request.user.house_id), "")
    form_kwargs = {"houses": houses, "default_house": own}
    ruling = None
    shown_cards, answer_rows = [], []
    case_form, case_hint = None, ""
    desk_error = ""
    if request.method == "POST" and asked != game:
        form = form_for(GAMES[game], **form_kwargs)
        desk_error = gettext("Unknown game: '%(game)s'. Choose one of the games above.") % {
            "game": asked
        }
    elif request.method == "POST":
        form = form_for(GAMES[game], request.POST, **form_kwargs)
        if form.is_valid():
            ruling_request = form.ruling_request()
            ruling = give_ruling(ruling_request, user=request.user, locate=True)
            if "error" in ruling:
                form.show_error(ruling["error"])
                ruling = None
            else:
                shown_cards, answer_rows = present(ruling_request, ruling)
                case_form, case_hint = keep_offer(request.user, ruling_request)
    else:
        form = form_for(GAMES[game], **form_kwargs)
    context = {
        "desk_error": desk_error,
        "shown_cards": shown_cards,
        "answer_rows": answer_rows,
        "form": form,
        "game": game,
        "games": game_choices(),
        "ruling": ruling,
        "ruling_json": json.dumps(ruling, indent=2, ensure_ascii=False) if ruling else "",
        "case_form": case_form,
        "case_hint": case_hint,
        # the placard of the game on the desk, opened over the page with H (what was typed stays)
        "placard": placard_of(request.user, game) if may_read_placards(request.user) else None,
        "house": request.user.house,
    }
    template = "rulings/_desk.html" if request.htmx else "rulings/rule_check.html"
    return render(request, template, context)
