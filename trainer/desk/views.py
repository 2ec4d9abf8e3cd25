"""The games manager's desk: their house's tables game by game, a version's page, its par
sheet (computed on request, followed as it goes), its activation (the old and the new edge side
by side), and the activations waiting for their time or a second games manager's approval.
The paytable designer is `trainer.desk.designer`, the house rules, chips and pace targets
`trainer.desk.house_rules`.

Every page of the desk is for a games manager (the role's `houses.manage_tables`) or a
superuser, signed in; a version of another house answers 404, as one that does not exist.
Views are thin: the writes are `trainer.desk.services` and the houses app's services, the
figures `trainer.desk.figures`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRefresh

from trainer.core.i18n import render_all
from trainer.core.times import when
from trainer.engine import EngineError, HouseRules
from trainer.engine.catalog import GAMES, Game, paid_games
from trainer.engine.figures import edge_percent, rules_note
from trainer.houses import precompute, scheduled, tasks
from trainer.houses import services as houses
from trainer.houses.config import house_rules_of, paytable_of
from trainer.houses.exposure import exposure_for
from trainer.houses.models import (
    House,
    ParSheetResult,
    PaytableVersion,
    PendingActivation,
    TableActivation,
)
from trainer.houses.preview import preview as example_hands
from trainer.rounds.services import rounds_per_hour

from . import services
from .figures import EdgeFigures, ExposureShown, edge_figures, sheet_from_figures
from .forms import ActivationTimeForm
from .money import MoneyForm, cap_bite, cap_figures, money_figures, seats_of
from .pdf import SheetPrint, parsheet_as_pdf

manager_only = permission_required("houses.manage_tables", raise_exception=True)


def house_of(request) -> House:
    """The house the desk works on: the user's own."""
    if request.user.house_id is None:
        raise Http404(gettext("You belong to no house: there is no desk to show."))
    return request.user.house


def paid_game(slug: str) -> Game:
    game = GAMES.get(slug)
    if game is None or not game.pays_from_paytable:
        raise Http404(gettext("No game of that name pays from a paytable."))
    return game


def version_of(request, version_id: int) -> PaytableVersion:
    """A version the user may see (their house's; any, for a superuser), or 404."""
    versions = (
        PaytableVersion.objects.visible_to(request.user)
        .select_related("house", "created_by")
        .prefetch_related("rows")
    )
    return get_object_or_404(versions, pk=version_id)


def rules_of(house: House) -> HouseRules:
    return house_rules_of(getattr(house, "rules", None))


def next_url(request, default: str) -> str:
    """Where to go back to after a button: the page's own address when it is of this site."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return default


# --- the desk: each game's tables -------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    """A version and its par sheet under the house's rules (None: not computed)."""

    version: PaytableVersion
    sheet: ParSheetResult | None


@dataclass
class GameTables:
    game: Game
    active: Line | None = None
    drafts: list[Line] = field(default_factory=list)
    history: list[Line] = field(default_factory=list)


def lines_of(versions: list[PaytableVersion], rules: HouseRules) -> list[Line]:
    """Each version with its sheet under `rules`: one query for all the sheets."""
    keys = {v.pk: houses.parsheet_key_of(v, rules) for v in versions}
    sheets = {
        s.key: s for s in ParSheetResult.objects.filter(key__in=[k for k in keys.values() if k])
    }
    return [Line(v, sheets.get(keys[v.pk])) for v in versions]


def games_of(house: House) -> list[GameTables]:
    """Per game that pays from a paytable (the registry's order): the active version, the
    drafts (never activated) and the history (activated once, since replaced), newest first."""
    versions = list(
        PaytableVersion.objects.filter(house=house)
        .select_related("house", "created_by")
        .prefetch_related("rows")
        .order_by("game", "-number")
    )
    by_game: dict[str, GameTables] = {g.slug: GameTables(g) for g in paid_games()}
    for line in lines_of(versions, rules_of(house)):
        tables = by_game.get(line.version.game)
        if tables is None:
            continue
        if line.version.is_active:
            tables.active = line
        elif line.version.activated_at is None:
            tables.drafts.append(line)
        else:
            tables.history.append(line)
    return list(by_game.values())


@dataclass(frozen=True)
class Waiting:
    """An activation waiting, and whether the user reading may approve or refuse it."""

    pending: PendingActivation
    decidable: bool


def waiting_of(house: House, user) -> list[Waiting]:
    """The house's activations still to take effect, soonest first."""
    pending = (
        PendingActivation.objects.filter(house=house, state__in=PendingActivation.OPEN)
        .select_related("version", "requested_by", "approved_by")
        .order_by("effective_at", "pk")
    )
    return [
        Waiting(
            p,
            p.state == PendingActivation.State.AWAITING and p.requested_by_id != user.pk,
        )
        for p in pending
    ]


@login_required
@manager_only
@require_GET
def home(request):
    house = request.user.house
    context = {
        "house": house,
        "games": games_of(house) if house else [],
        "waiting": waiting_of(house, request.user) if house else [],
    }
    return render(request, "desk/home.html", context)


# --- a version's par sheet: its state, and the Compute button ------------------------------------


def _sheet_context(request, version: PaytableVersion, *, reload: bool = False) -> dict:
    return {
        "line": Line(version, houses.parsheet_of(version)),
        "next": next_url(request, reverse("desk:version", args=[version.pk])),
        "reload": reload,
    }


@login_required
@manager_only
@require_GET
def sheet(request, version_id: int):
    """The par-sheet state of a version, for htmx to poll while it is computed; `then=reload`
    (the activation page) reloads the page once it is over, since its button depends on it."""
    version = version_of(request, version_id)
    if not request.htmx:
        return redirect("desk:version", version.pk)
    context = _sheet_context(request, version, reload=request.GET.get("then") == "reload")
    current = context["line"].sheet
    if context["reload"] and (current is None or not current.under_way):
        return HttpResponseClientRefresh()
    return render(request, "desk/_sheet.html", context)


@login_required
@manager_only
@require_POST
def compute(request, version_id: int):
    """Queue a version's par sheet for the task worker (again, if it failed or its worker
    stopped); the page it came from then follows its progress."""
    version = version_of(request, version_id)
    back = next_url(request, reverse("desk:version", args=[version.pk]))
    try:
        result = tasks.request_parsheet(version)
    except ValidationError as exc:
        messages.error(
            request,
            gettext("%(version)s: %(reason)s")
            % {"version": version, "reason": " ".join(exc.messages)},
        )
        return HttpResponseRedirect(back)
    words = {
        ParSheetResult.Status.DONE: gettext("%(version)s: par sheet computed."),
        ParSheetResult.Status.RUNNING: gettext("%(version)s: par sheet being computed."),
    }.get(result.status, gettext("%(version)s: par sheet queued for computing."))
    messages.success(request, words % {"version": version_label(version)})
    return HttpResponseRedirect(back)


def version_label(version: PaytableVersion) -> str:
    return gettext("%(game)s v%(number)s (%(label)s)") % {
        "game": version.get_game_display(),
        "number": version.number,
        "label": version.label,
    }


# --- a version -----------------------------------------------------------------------------------


def figures_of(
    version: PaytableVersion, sheet: ParSheetResult | None, compared=None
) -> EdgeFigures | None:
    """A stored sheet's figures beside the version's table, when it is computed."""
    if sheet is None or sheet.status != ParSheetResult.Status.DONE or not sheet.figures:
        return None
    figures = dict(sheet.figures)
    return edge_figures(
        figures, version.engine_game, paytable_of(version), rules_of(version.house), compared
    )


@login_required
@manager_only
@require_GET
def version(request, version_id: int):
    version = version_of(request, version_id)
    sheet = houses.parsheet_of(version)
    active = services.active_version(version.house, version.game)
    active_sheet = houses.parsheet_of(active) if active and active.pk != version.pk else None
    compared = active_sheet.figures if active_sheet and active_sheet.status == "done" else None
    try:
        hands = example_hands(version.game, paytable_of(version), rules_of(version.house))
    except EngineError:
        hands = []
    table = paytable_of(version)
    figures = figures_of(version, sheet, compared)
    engine_sheet = sheet_from_figures(sheet.figures) if figures is not None else None
    pace = rounds_per_hour(version.house, version.game)
    money_form = MoneyForm(request.GET, pace=pace, seats=seats_of(version.engine_game))
    rules = rules_of(version.house)
    bite = cap_bite(version.engine_game, engine_sheet, rules) if engine_sheet else None
    cap = None
    if bite is not None and request.GET.get("cap") == "now":
        cap = capped_edges(version, engine_sheet)
    asked = request.GET.copy()
    asked["cap"] = "now"
    context = {
        "version": version,
        "game": version.engine_game,
        "table": table,
        "line": Line(version, sheet),
        "figures": figures,
        "money_form": money_form,
        "money": money_figures(engine_sheet, money_form, pace) if engine_sheet else None,
        "exposure": ExposureShown.of(exposure_for(version)),
        "bite": bite,
        "cap": cap,
        "cap_asked": request.GET.get("cap") == "now",
        "cap_query": asked.urlencode(),
        "exposure_query": request.GET.urlencode(),
        "active": active,
        "problems": houses.table_problems(version),
        "hands": hands,
        "has_dealer": any(h.dealer for h in hands),
        "next": request.path,
        "history": history_of(version),
    }
    return render(request, "desk/version.html", context)


def capped_edges(version: PaytableVersion, sheet):
    """The edge at each Ante under the house's payout cap (the page asks for it once shown:
    some games take a third of a second an Ante); "counts" while the game's precomputed
    counts are not built on this site."""
    return capped_edges_of(
        version.engine_game, sheet, paytable_of(version), rules_of(version.house)
    )


def capped_edges_of(game: Game, sheet, table, rules: HouseRules):
    """`capped_edges` of any table of `game` (the designer's, unsaved, too)."""
    counts = precompute.ready_counts(game)
    if counts is None:
        return "counts"
    try:
        return cap_figures(game, sheet, table, rules, counts)
    except EngineError:
        return None


def exposure_pairs(shown: ExposureShown | None) -> list[tuple[str, str]] | None:
    """The card-exposure figures as the PDF prints them, once computed."""
    if shown is None or not shown.lines:
        return None
    return [(line.description, line.value_words) for line in shown.lines]


@login_required
@manager_only
@require_GET
def version_pdf(request, version_id: int):
    """The version's par sheet as a PDF to file with a regulator (`trainer.desk.pdf`), once
    it is computed; before, the version's page, which says how it stands."""
    version = version_of(request, version_id)
    sheet = houses.parsheet_of(version)
    figures = figures_of(version, sheet)
    if figures is None or figures.spread is None:
        messages.info(
            request,
            gettext("The par sheet to print is not computed yet: compute it below, then print."),
        )
        return redirect("desk:version", version.pk)
    assumed, unmodelled = rules_note(version.engine_game, rules_of(version.house))
    rules = gettext(
        "Under the house's rules: %(assumed)s. Not modelled: %(unmodelled)s (the figures are "
        "as if no payout cap applied)."
    ) % {
        "assumed": "; ".join(render_all(assumed)) or gettext("no house rule changes these figures"),
        "unmodelled": "; ".join(render_all(unmodelled)),
    }
    printed = SheetPrint(
        house=version.house.name,
        game=version.engine_game.title,
        version=gettext("v%(number)s: %(label)s")
        % {"number": version.number, "label": version.label},
        key=sheet.key,
        computed=when(sheet.finished_at) or gettext("not recorded"),
        printed=when(timezone.now()),
        figures=figures,
        rules=rules,
        exposure=exposure_pairs(ExposureShown.of(exposure_for(version))),
    )
    response = HttpResponse(parsheet_as_pdf(printed), content_type="application/pdf")
    name = f"par-sheet-{version.game}-v{version.number}.pdf"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def history_of(version: PaytableVersion) -> list[tuple[str, object]]:
    """The version's activations, newest first: each one asked for and waiting, refused or
    failed (a PendingActivation), and each that took effect (a TableActivation, with the
    request it came from, when it waited: who asked and who approved)."""
    asked = version.pending_activations.exclude(state=PendingActivation.State.APPLIED)
    asked = asked.select_related("requested_by", "approved_by", "refused_by")
    made = TableActivation.objects.filter(version=version).select_related(
        "by", "pending__requested_by", "pending__approved_by"
    )
    entries = [(p.requested_at, p.pk, ("asked", p)) for p in asked]
    entries += [(a.at, a.pk, ("made", a)) for a in made]
    return [entry for *_, entry in sorted(entries, key=lambda e: (e[0], e[1]), reverse=True)]


# --- activation ----------------------------------------------------------------------------------


def sheet_shown(version: PaytableVersion) -> ParSheetResult | None:
    """The version's par sheet under the house's rules as a page shows it, writing nothing:
    the stored one when it is done; else, when this site has the game's counts, the sheet
    computed at once from them, unsaved (the activation's post records it); else the stored
    row as it stands (queued, running, failed) or None."""
    stored = houses.parsheet_of(version)
    if stored is not None and stored.status == ParSheetResult.Status.DONE:
        return stored
    instant = houses.instant_parsheet_of(version)
    if instant is None:
        return stored
    return ParSheetResult(
        game=version.game,
        status=ParSheetResult.Status.DONE,
        figures=instant.as_dict(),
        done=1,
        total=1,
    )


@login_required
@manager_only
@require_http_methods(["GET", "POST"])
def activate(request, version_id: int):
    """Activation, behind the houses app's gate: the table's par sheet under the house's rules
    comes first (shown at once from the game's counts when the site has them; else computed
    by the task worker, asked for with the sheet's own "Compute", the page following it), shown
    beside the active table's, and a player edge is confirmed.  The page writes nothing: the
    activation's post records a sheet it showed from the counts.  The form posts back what the
    page saw of the game's tables (`houses.activation_state`), so a post replayed, or
    overtaken by another activation, changes nothing: checked here, before the sheets are
    looked at, and again inside the activation's transaction, under its lock.  With a time
    to come, or where the house asks for a second games manager's approval, the post asks for
    the activation instead (`trainer.houses.scheduled`): it then waits on the desk."""
    version = version_of(request, version_id)
    here = reverse("desk:activate", args=[version.pk])
    active = services.active_version(version.house, version.game)
    replaced = active if active is not None and active.pk != version.pk else None
    if request.method == "POST":
        if version.is_active:
            messages.info(
                request,
                gettext("%(version)s is already the active table.")
                % {"version": version_label(version)},
            )
            return redirect("desk:version", version.pk)
        seen = request.POST.get("seen", "")
        if seen != houses.activation_state(version.house, version.game):
            messages.error(request, houses.OVERTAKEN)
            return redirect(here)
        confirmed = request.POST.get("player_edge_confirmed") == "on"
        sheet = sheet_shown(version)
        if sheet is not None and sheet.player_edge and not confirmed:
            messages.error(
                request,
                gettext(
                    "This table gives the player the edge: tick the box to confirm it, or "
                    "design another table."
                ),
            )
            return redirect(here)
        when_form = ActivationTimeForm(request.POST)
        if not when_form.is_valid():
            messages.error(request, " ".join(when_form.errors["effective_at"]))
            return redirect(here)
        before = sheet_shown(replaced) if replaced else None
        try:
            pending = scheduled.request_activation(
                version,
                by=request.user,
                seen=seen,
                effective_at=when_form.cleaned_data["effective_at"],
                player_edge_confirmed=confirmed,
            )
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
            return redirect(here)
        if pending is not None:
            messages.success(request, waiting_words(pending))
            return redirect("desk:home")
        after = houses.parsheet_of(version)
        moved = ""
        if after is not None and after.figures:
            # a message has no tooltip: the percentage alone (the version's page has the rest)
            now = edge_percent(after.figures["house_edge_exact"])
            was = (
                edge_percent(before.figures["house_edge_exact"])
                if before is not None and before.figures
                else None
            )
            moved = (
                gettext("House edge %(was)s → %(now)s.") % {"was": was, "now": now}
                if was
                else gettext("House edge %(now)s.") % {"now": now}
            )
        done = gettext("%(version)s is now the active table.") % {"version": version_label(version)}
        messages.success(request, f"{done} {moved}" if moved else done)
        return redirect("desk:home")
    problems = houses.table_problems(version)
    sheet = sheet_shown(version)
    old_sheet = sheet_shown(replaced) if replaced else None
    old_figures = figures_of(replaced, old_sheet) if replaced else None
    new_figures = figures_of(version, sheet, old_figures and old_sheet.figures)
    ready = sheet is not None and sheet.status == ParSheetResult.Status.DONE
    waiting = not problems and sheet is not None and sheet.under_way
    context = {
        "version": version,
        "game": version.engine_game,
        "replaced": replaced,
        "line": Line(version, sheet),
        "old_line": Line(replaced, old_sheet) if replaced else None,
        "old": old_figures,
        "new": new_figures,
        "problems": problems,
        "waiting": waiting,
        "ready": ready and not problems,
        "next": here,
        "reload": True,
        "seen": houses.activation_state(version.house, version.game),
        "when_form": ActivationTimeForm(),
        "needs_approval": version.house.activations_need_approval,
    }
    return render(request, "desk/activate.html", context)


def waiting_words(pending: PendingActivation) -> str:
    """What the manager who asked is told of an activation that waits."""
    label = version_label(pending.version)
    if pending.state == PendingActivation.State.AWAITING:
        return gettext(
            "%(version)s waits for another games manager's approval: it takes effect once "
            "approved, from %(when)s."
        ) % {"version": label, "when": when(pending.effective_at)}
    return gettext("%(version)s takes effect at %(when)s.") % {
        "version": label,
        "when": when(pending.effective_at),
    }


# --- activations waiting: approved or refused by a second games manager ----------------------


@login_required
@manager_only
@require_POST
def decide(request, pending_id: int):
    """Approve or refuse an activation waiting (the desk's list): another games manager of the
    house than the one who asked, once; anything else is refused in words, nothing changed.
    Approved when its time has come, it takes effect here; else the worker's sweep applies it."""
    # another house's activation is a missing one, as another house's version is
    visible = PaytableVersion.objects.visible_to(request.user)
    pending = get_object_or_404(PendingActivation, pk=pending_id, version__in=visible)
    decision = request.POST.get("decision")
    if decision not in ("approve", "refuse"):
        messages.error(request, gettext("Approve or refuse: nothing was changed."))
        return redirect("desk:home")
    try:
        if decision == "approve":
            pending = scheduled.approve(pending.pk, by=request.user)
        else:
            pending = scheduled.refuse(pending.pk, by=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect("desk:home")
    label = version_label(pending.version)
    State = PendingActivation.State
    if pending.state == State.APPLIED:
        messages.success(
            request, gettext("Approved: %(version)s is now the active table.") % {"version": label}
        )
    elif pending.state == State.FAILED:
        messages.error(
            request,
            gettext("Approved, but %(version)s could not take effect: %(reason)s")
            % {"version": label, "reason": pending.reason},
        )
    elif pending.state == State.SCHEDULED:
        messages.success(
            request,
            gettext("Approved: %(version)s takes effect at %(when)s.")
            % {"version": label, "when": when(pending.effective_at)},
        )
    else:
        messages.success(
            request, gettext("Refused: %(version)s will not take effect.") % {"version": label}
        )
    return redirect("desk:home")
