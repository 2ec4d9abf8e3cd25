"""The games manager's desk: their house's tables game by game, the paytable designer with
the exact house edge as the rows change, a version's page, its activation (the old and the new
edge side by side), the house rules, chips and pace targets.

Every page is for a games manager (the role's `houses.manage_tables`) or a superuser, signed
in; a version of another house answers 404, as one that does not exist.  Views are thin: the
writes are `trainer.desk.services` and the houses app's services, the figures
`trainer.desk.figures`, the exact sheets `trainer.houses.services.instant_parsheet`.
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass, field

from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRefresh

from trainer.drills.practice.targets import in_force
from trainer.engine import EngineError, HouseRules
from trainer.engine.figures import edge_words
from trainer.engine.games import GAMES, Game, paid_games
from trainer.houses import services as houses
from trainer.houses import tasks
from trainer.houses.config import house_rules_of, paytable_of
from trainer.houses.models import House, HouseRulesSettings, ParSheetResult, PaytableVersion
from trainer.houses.preview import preview as example_hands

from . import services
from .figures import EdgeFigures, edge_figures
from .forms import DesignForm, PaceForm, RulesForm, as_data, initial_of

manager_only = permission_required("houses.manage_tables", raise_exception=True)

#: the two forms of the house's rules, each a page of the desk: (title, fields)
RULE_PAGES = {
    "rules": (
        "House rules",
        (
            "call_multiple",
            "call_payout_cap",
            "mississippi_payout_cap",
            "split_pot_odd_chip",
            "stand_pat_allowed",
            "reuse_discards",
            "stud_stock_shortage",
            "settle_order",
            "player_edge_confirmed",
        ),
    ),
    "chips": (
        "Chips and pay standard",
        (
            "chip_unit",
            "chips",
            "pay_standard",
            "colour_up_at",
            "payout_floors",
            "player_edge_confirmed",
        ),
    ),
}
#: the session's key for a change of house rules waiting for its par sheets
PENDING = "desk-pending-rules"


def _house(request) -> House:
    """The house the desk works on: the user's own."""
    if request.user.house_id is None:
        raise Http404("You belong to no house: there is no desk to show.")
    return request.user.house


def _paid_game(slug: str) -> Game:
    game = GAMES.get(slug)
    if game is None or not game.pays_from_paytable:
        raise Http404("No game of that name pays from a paytable.")
    return game


def _version(request, version_id: int) -> PaytableVersion:
    """A version the user may see (their house's; any, for a superuser), or 404."""
    versions = (
        PaytableVersion.objects.visible_to(request.user)
        .select_related("house", "created_by")
        .prefetch_related("rows")
    )
    return get_object_or_404(versions, pk=version_id)


def _rules(house: House) -> HouseRules:
    return house_rules_of(getattr(house, "rules", None))


def _next(request, default: str) -> str:
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
    for line in lines_of(versions, _rules(house)):
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


@login_required
@manager_only
@require_GET
def home(request):
    house = request.user.house
    context = {"house": house, "games": games_of(house) if house else []}
    return render(request, "desk/home.html", context)


# --- a version's par sheet: its state, and the Compute button ------------------------------------


def _sheet_context(request, version: PaytableVersion, *, reload: bool = False) -> dict:
    return {
        "line": Line(version, houses.parsheet_of(version)),
        "next": _next(request, reverse("desk:version", args=[version.pk])),
        "reload": reload,
    }


@login_required
@manager_only
@require_GET
def sheet(request, version_id: int):
    """The par-sheet state of a version, for htmx to poll while it is computed; `then=reload`
    (the activation page) reloads the page once it is over, since its button depends on it."""
    version = _version(request, version_id)
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
    version = _version(request, version_id)
    back = _next(request, reverse("desk:version", args=[version.pk]))
    try:
        result = tasks.request_parsheet(version)
    except ValidationError as exc:
        messages.error(request, f"{version}: {' '.join(exc.messages)}")
        return HttpResponseRedirect(back)
    state = {
        ParSheetResult.Status.DONE: "computed (an identical table's sheet)",
        ParSheetResult.Status.RUNNING: "being computed",
    }.get(result.status, "queued for computing")
    messages.success(request, f"{version_label(version)}: par sheet {state}.")
    return HttpResponseRedirect(back)


def version_label(version: PaytableVersion) -> str:
    return f"{version.get_game_display()} v{version.number} ({version.label})"


# --- a version -----------------------------------------------------------------------------------


def figures_of(
    version: PaytableVersion, sheet: ParSheetResult | None, compared=None
) -> EdgeFigures | None:
    """A stored sheet's figures beside the version's table, when it is computed."""
    if sheet is None or sheet.status != ParSheetResult.Status.DONE or not sheet.figures:
        return None
    figures = dict(sheet.figures)
    return edge_figures(
        figures, version.engine_game, paytable_of(version), _rules(version.house), compared
    )


@login_required
@manager_only
@require_GET
def version(request, version_id: int):
    version = _version(request, version_id)
    sheet = houses.parsheet_of(version)
    active = services.active_version(version.house, version.game)
    active_sheet = houses.parsheet_of(active) if active and active.pk != version.pk else None
    compared = active_sheet.figures if active_sheet and active_sheet.status == "done" else None
    try:
        hands = example_hands(version.game, paytable_of(version), _rules(version.house))
    except EngineError:
        hands = []
    table = paytable_of(version)
    context = {
        "version": version,
        "game": version.engine_game,
        "table": table,
        "line": Line(version, sheet),
        "figures": figures_of(version, sheet, compared),
        "active": active,
        "problems": houses.table_problems(version),
        "hands": hands,
        "has_dealer": any(h.dealer for h in hands),
        "next": request.path,
    }
    return render(request, "desk/version.html", context)


# --- the designer --------------------------------------------------------------------------------


@dataclass
class Preview:
    """What the designer's panel shows for the table as it stands in the form."""

    problems: list[str] = field(default_factory=list)
    figures: EdgeFigures | None = None
    #: the game's precomputed counts while they are prepared (the exact sheet waits for them)
    counts: object | None = None
    active: PaytableVersion | None = None
    #: the active table's own figures, for the difference
    active_edge: str = ""


def exact_figures(game: Game, table, rules: HouseRules):
    """The exact sheet's figures of `table` at once, or None while the game's precomputed
    counts are still being prepared on this site (`houses.instant_parsheet`)."""
    sheet = houses.instant_parsheet(game.slug, table, rules)
    return None if sheet is None else sheet.as_dict()


def preview_of(form: DesignForm, game: Game, house: House, active) -> Preview:
    if not form.is_valid():
        return Preview(problems=form.messages(), active=active)
    rules = _rules(house)
    figures = exact_figures(game, form.table, rules)
    if figures is None:
        return Preview(counts=tasks.prepare_counts(game.slug), active=active)
    compared = None
    if active is not None:
        try:
            compared = exact_figures(game, paytable_of(active), rules)
        except EngineError:
            compared = None
    return Preview(
        figures=edge_figures(figures, game, form.table, rules, compared),
        active=active,
        active_edge=edge_words(compared["house_edge_exact"]) if compared else "",
    )


def _design_setup(request, game_slug: str | None, version_id: int | None):
    """(house, game, the version designed from or None, the active version) of a design."""
    if version_id is not None:
        base = _version(request, version_id)
        house, game = base.house, base.engine_game
    else:
        game = _paid_game(game_slug or "")
        house = _house(request)
        base = None
    active = services.active_version(house, game.slug)
    if base is None:
        base = active
    return house, game, base, active


def _design_urls(game: Game, version_id: int | None) -> tuple[str, str]:
    if version_id is not None:
        return (
            reverse("desk:design", args=[version_id]),
            reverse("desk:design-preview", args=[version_id]),
        )
    return (
        reverse("desk:design-game", args=[game.slug]),
        reverse("desk:design-game-preview", args=[game.slug]),
    )


@login_required
@manager_only
@require_http_methods(["GET", "POST"])
def design(request, game_slug: str | None = None, version_id: int | None = None):
    """The paytable designer: the rows as a form, the exact house edge beside them (updated as
    a row changes, with htmx; "Show the edge" without JavaScript), saved as a new version."""
    house, game, base, active = _design_setup(request, game_slug, version_id)
    here, preview_url = _design_urls(game, version_id)
    initial = initial_of(game, base)
    if request.method == "POST":
        form = DesignForm(request.POST, game=game, house=house)
        if request.POST.get("action") == "save" and form.is_valid():
            try:
                saved = services.new_version(
                    house=house,
                    game=game.slug,
                    by=request.user,
                    rows=form.row_values(),
                    **form.version_values(),
                )
            except ValidationError as exc:
                form.add_error(None, exc)
            else:
                messages.success(
                    request,
                    f"Saved {version_label(saved)}: its par sheet is on its page; activate it "
                    "from there.",
                )
                with suppress(ValidationError):  # the version page says why it cannot be
                    tasks.request_parsheet(saved)
                return redirect("desk:version", saved.pk)
        checked = form
    else:
        form = DesignForm(initial=initial, game=game, house=house)
        checked = DesignForm(as_data(initial), game=game, house=house)
    context = {
        "house": house,
        "game": game,
        "base": base,
        "active": active,
        "form": form,
        "preview": preview_of(checked, game, house, active),
        "here": here,
        "preview_url": preview_url,
    }
    status = 400 if request.method == "POST" and form.errors else 200
    return render(request, "desk/design.html", context, status=status)


@login_required
@manager_only
@require_POST
def design_preview(request, game_slug: str | None = None, version_id: int | None = None):
    """The designer's panel for the rows as posted (htmx, as a row changes)."""
    house, game, base, active = _design_setup(request, game_slug, version_id)
    _, preview_url = _design_urls(game, version_id)
    form = DesignForm(request.POST, game=game, house=house)
    context = {
        "game": game,
        "preview": preview_of(form, game, house, active),
        "preview_url": preview_url,
    }
    return render(request, "desk/_preview.html", context)


# --- activation ----------------------------------------------------------------------------------


@login_required
@manager_only
@require_http_methods(["GET", "POST"])
def activate(request, version_id: int):
    """Activation, behind the houses app's gate: the table's par sheet under the house's rules
    is computed first (queued here, the page following it), shown beside the active table's,
    and a player edge is confirmed.  The form posts back what the page saw of the game's
    tables (`services.activation_state`), so a post replayed, or overtaken by another
    activation, changes nothing."""
    version = _version(request, version_id)
    here = reverse("desk:activate", args=[version.pk])
    active = services.active_version(version.house, version.game)
    replaced = active if active is not None and active.pk != version.pk else None
    if request.method == "POST":
        if version.is_active:
            messages.info(request, f"{version_label(version)} is already the active table.")
            return redirect("desk:version", version.pk)
        if request.POST.get("seen") != services.activation_state(version.house, version.game):
            messages.error(
                request,
                "The active table has changed since this page was loaded: nothing was "
                "activated. Look at the edges again below.",
            )
            return redirect(here)
        confirmed = request.POST.get("player_edge_confirmed") == "on"
        sheet = houses.parsheet_of(version)
        if sheet is not None and sheet.player_edge and not confirmed:
            messages.error(
                request,
                "This table gives the player the edge: tick the box to confirm it, or design "
                "another table.",
            )
            return redirect(here)
        before = houses.parsheet_of(replaced) if replaced else None
        try:
            houses.activate_checked(version, by=request.user, player_edge_confirmed=confirmed)
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
            return redirect(here)
        after = houses.parsheet_of(version)
        moved = ""
        if after is not None and after.figures:
            now = edge_words(after.figures["house_edge_exact"])
            was = (
                edge_words(before.figures["house_edge_exact"])
                if before is not None and before.figures
                else None
            )
            moved = f" House edge {was} → {now}." if was else f" House edge {now}."
        messages.success(request, f"{version_label(version)} is now the active table.{moved}")
        return redirect("desk:home")
    problems = houses.table_problems(version)
    blocked: list[str] = []
    if not problems and not version.is_active:
        # queues the sheet if it is missing or failed; its state is shown, not these words
        blocked = houses.activation_problems(version, player_edge_confirmed=True)
    if replaced is not None and houses.parsheet_of(replaced) is None:
        with suppress(ValidationError):
            tasks.request_parsheet(replaced)  # the old edge, to compare
    sheet = houses.parsheet_of(version)
    old_sheet = houses.parsheet_of(replaced) if replaced else None
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
        "problems": problems or ([] if ready or waiting else blocked),
        "waiting": waiting,
        "ready": ready and not problems,
        "next": here,
        "reload": True,
        "seen": services.activation_state(version.house, version.game),
    }
    return render(request, "desk/activate.html", context)


# --- house rules, chips and pay standard ---------------------------------------------------------


def _pending(request, house: House) -> dict | None:
    pending = request.session.get(PENDING)
    if not pending or pending.get("house") != house.pk:
        return None
    return pending


def _keep_pending(request, house: House, changes: dict, confirmed: bool) -> None:
    request.session[PENDING] = {"house": house.pk, "changes": changes, "confirmed": confirmed}


def _drop_pending(request) -> None:
    request.session.pop(PENDING, None)


def rule_name(name: str) -> str:
    return str(HouseRulesSettings._meta.get_field(name).verbose_name)


def rule_value(name: str, value) -> str:
    model_field = HouseRulesSettings._meta.get_field(name)
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(dict(model_field.flatchoices).get(value, value))


@dataclass
class Waiting:
    """A change of house rules kept while the sheets under the new rules are computed."""

    changes: dict
    confirmed: bool
    tables: list[services.TableChange]

    @property
    def under_way(self) -> list[services.TableChange]:
        return [t for t in self.tables if t.waiting]

    @property
    def asked(self) -> list[tuple[str, str]]:
        """The rules the change sets, by their names on the form, with their new settings."""
        return [(rule_name(name), rule_value(name, value)) for name, value in self.changes.items()]

    @property
    def to_confirm(self) -> list[services.TableChange]:
        return [t for t in self.tables if t.player_edge]

    @property
    def stuck(self) -> list[services.TableChange]:
        """Tables whose sheet under the new rules is neither done nor under way (failed, or
        its worker stopped): applying the change queues it again."""
        return [t for t in self.tables if not t.ready and not t.waiting]


def _waiting(request, house: House) -> Waiting | None:
    pending = _pending(request, house)
    if pending is None:
        return None
    try:
        proposed = services.proposed_rules(house, pending["changes"])
    except (TypeError, EngineError, KeyError):
        _drop_pending(request)
        return None
    return Waiting(
        pending["changes"], pending["confirmed"], services.table_changes(house, proposed)
    )


def _edge_moves(outcome: services.RulesOutcome) -> str:
    moves = []
    for table in outcome.tables:
        if table.after is None or not table.after.figures:
            continue
        now = edge_words(table.after.figures["house_edge_exact"])
        was = table.before.figures["house_edge_exact"] if table.before else None
        label = f"{table.version.get_game_display()} v{table.version.number}"
        moves.append(f"{label}: house edge {edge_words(was)} → {now}" if was else f"{label}: {now}")
    return (" " + "; ".join(moves) + ".") if moves else ""


def _settle(request, house: House, changes: dict, confirmed: bool, back: str):
    """Make a change of house rules, or keep it waiting: the response either way."""
    outcome = services.change_house_rules(
        house=house, changes=changes, player_edge_confirmed=confirmed
    )
    if outcome.saved:
        _drop_pending(request)
        messages.success(request, f"The house rules are saved.{_edge_moves(outcome)}")
    elif outcome.errors:
        _drop_pending(request)
        for error in outcome.errors:
            messages.error(request, error)
    else:
        _keep_pending(request, house, changes, confirmed)
    return HttpResponseRedirect(back)


@login_required
@manager_only
@require_http_methods(["GET", "POST"])
def rules(request, page: str = "rules"):
    """The house's rules (or its chips and pay standard): saved through the gate activation
    goes through.  A change that moves an active table's par sheet waits for the sheet under
    the new rules, as a state of the page with its progress, and is then made."""
    title, fields = RULE_PAGES[page]
    house = _house(request)
    row = services.rules_row(house)
    current = house_rules_of(row if row.pk else None)
    here = reverse(f"desk:{page}")
    waiting = _waiting(request, house)
    if request.method == "POST":
        form = RulesForm(request.POST, instance=row, fields=fields)
        if form.is_valid():
            changes = form.changes(current)
            if waiting is not None:
                # the change waiting stays, but for the rules of this page, which are as posted
                changes = {
                    **{k: v for k, v in waiting.changes.items() if k not in form.fields},
                    **changes,
                }
            if not changes:
                _drop_pending(request)
                messages.info(request, "Nothing changed: the house rules are as they were.")
                return redirect(here)
            confirmed = form.cleaned_data.get("player_edge_confirmed", False)
            return _settle(request, house, changes, confirmed, here)
    else:
        initial = dict(waiting.changes) if waiting is not None else {}
        form = RulesForm(instance=row, fields=fields, initial=initial)
    context = {
        "page": page,
        "title": title,
        "form": form,
        "house": house,
        "waiting": waiting,
        "current": current,
    }
    return render(request, "desk/rules.html", context, status=400 if form.errors else 200)


@login_required
@manager_only
@require_http_methods(["GET", "POST"])
def pending(request):
    """The change of house rules waiting for its par sheets.  GET (htmx polls it): its state;
    once nothing is being computed any more, the page is reloaded.  POST: make it now
    (`action=apply`, with the player edge confirmed if the page asked), or drop it."""
    house = _house(request)
    back = _next(request, reverse("desk:rules"))
    waiting = _waiting(request, house)
    if request.method == "POST":
        if waiting is None:
            messages.info(request, "No change of the house rules is waiting.")
            return HttpResponseRedirect(back)
        if request.POST.get("action") == "discard":
            _drop_pending(request)
            messages.info(request, "The change waiting was dropped: the rules are as they were.")
            return HttpResponseRedirect(back)
        confirmed = waiting.confirmed or request.POST.get("player_edge_confirmed") == "on"
        response = _settle(request, house, waiting.changes, confirmed, back)
        return HttpResponseClientRefresh() if request.htmx else response
    if not request.htmx:
        return HttpResponseRedirect(back)
    if waiting is None or not waiting.under_way:
        return HttpResponseClientRefresh()
    return render(request, "desk/_pending.html", {"waiting": waiting, "polled": True, "back": back})


# --- pace targets --------------------------------------------------------------------------------


@login_required
@manager_only
@require_http_methods(["GET", "POST"])
def pace(request):
    """The house's speed standards: its own target per drill and level, the default beside."""
    house = _house(request)
    drills = in_force(house.pk)
    form = PaceForm(request.POST or None, drills=drills)
    if request.method == "POST" and form.is_valid():
        changed = services.set_pace_targets(house=house, targets=form.targets())
        if changed:
            messages.success(request, f"Pace targets saved ({changed} changed).")
        else:
            messages.info(request, "Nothing changed: the pace targets are as they were.")
        return redirect("desk:pace")
    status = 400 if form.errors else 200
    return render(request, "desk/pace.html", {"form": form, "house": house}, status=status)
