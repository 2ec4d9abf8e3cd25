"""The paytable designer: the rows of a table as a form, the exact house edge of the table
as it stands beside them (htmx posts the form as a row changes; "Show the edge" does the same
without JavaScript), saved as a new version.  The exact sheets are
`trainer.houses.services.instant_parsheet`, from the game's counts precomputed once per site
(`tasks.prepare_counts`, whose progress the panel follows until they are built)."""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass, field

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from trainer.core.numbers import localized
from trainer.engine import EngineError, HouseRules
from trainer.engine.catalog import Game
from trainer.engine.figures import edge_words, exact_fraction
from trainer.engine.parsheets import ParSheet
from trainer.engine.parsheets.money import theoretical_win
from trainer.houses import services as houses
from trainer.houses import tasks
from trainer.houses.config import paytable_of
from trainer.houses.models import House, ParSheetResult, PaytableVersion
from trainer.rounds.services import rounds_per_hour

from . import services
from .figures import EdgeFigures, Shown, decimal_words, edge_figures
from .forms import DesignForm, as_data, initial_of, new_token
from .money import CapBite, CapFigures, cap_bite
from .views import (
    capped_edges_of,
    house_of,
    manager_only,
    paid_game,
    rules_of,
    version_label,
    version_of,
)

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
    #: the house's pace for the game, in rounds an hour, and the table's theoretical win in
    #: Antes an hour at it, one seat filled
    pace: int | None = None
    win_hour: Shown | None = None
    #: where the house's payout cap starts to take from a win, where it caps the game
    bite: CapBite | None = None
    #: the edge at each Ante under the cap (`views.capped_edges_of`), once asked for (`cap`:
    #: it reprices the table at each Ante the cap takes from, up to a second), and whether
    #: it was asked for (None then means it could not be worked out)
    cap: CapFigures | str | None = None
    cap_asked: bool = False


def exact_sheet(game: Game, table, rules: HouseRules) -> ParSheet | None:
    """The exact sheet of `table` at once, or None while the game's precomputed counts are
    still being prepared on this site (`houses.instant_parsheet`)."""
    return houses.instant_parsheet(game.slug, table, rules)


def exact_figures(game: Game, table, rules: HouseRules):
    """`exact_sheet`'s figures (`ParSheet.as_dict()`), or None."""
    sheet = exact_sheet(game, table, rules)
    return None if sheet is None else sheet.as_dict()


def active_figures(game: Game, active: PaytableVersion | None, rules: HouseRules):
    """The active table's figures, to compare with: its stored sheet when it is done, else
    computed now (None without counts, or for a table the engine cannot price)."""
    if active is None:
        return None
    stored = houses.parsheet_of(active, rules)
    if stored is not None and stored.status == ParSheetResult.Status.DONE and stored.figures:
        return stored.figures
    try:
        return exact_figures(game, paytable_of(active), rules)
    except EngineError:
        return None


def preview_of(
    form: DesignForm, game: Game, house: House, active, *, ask=True, cap=False
) -> Preview:
    """The panel for the table in `form`.  While the game's counts are not built, `ask` (a
    post: the panel's own, every 2 s, or "Show the edge") queues them; a GET only shows how
    they stand, and the panel's first post asks.  `cap` adds the edge at each Ante under the
    house's payout cap, where it takes from a win (the panel asks for it once shown; "Show
    the edge" without JavaScript has it at once)."""
    if not form.is_valid():
        return Preview(problems=form.messages(), active=active)
    rules = rules_of(house)
    try:
        sheet = exact_sheet(game, form.table, rules)
    except EngineError as exc:  # a table the engine cannot price: it names the row
        return Preview(problems=[str(exc)], active=active)
    if sheet is None:
        try:
            counts = tasks.prepare_counts(game.slug) if ask else tasks.counts_state(game.slug)
        except EngineError:  # a game the engine prices only by its full enumeration
            words = gettext(
                "The exact edge of a %(game)s table is not computed as you type: save the "
                "version, and its page computes its par sheet."
            ) % {"game": game.title}
            return Preview(problems=[words], active=active)
        return Preview(counts=counts, active=active)
    compared = active_figures(game, active, rules)
    pace = rounds_per_hour(house, game.slug)
    win = theoretical_win(sheet, rounds_per_hour=pace, seats=1, average_ante=1).amount
    bite = cap_bite(game, sheet, rules)
    asked = cap and bite is not None and bite.above is not None
    return Preview(
        figures=edge_figures(sheet.as_dict(), game, form.table, rules, compared),
        active=active,
        active_edge=localized(edge_words(compared["house_edge_exact"])) if compared else "",
        pace=pace,
        win_hour=Shown(decimal_words(win, 2), exact_fraction(win)),
        bite=bite,
        cap=capped_edges_of(game, sheet, form.table, rules) if asked else None,
        cap_asked=asked,
    )


def _design_setup(request, game_slug: str | None, version_id: int | None):
    """(house, game, the version designed from or None, the active version) of a design."""
    if version_id is not None:
        base = version_of(request, version_id)
        house, game = base.house, base.engine_game
    else:
        game = paid_game(game_slug or "")
        house = house_of(request)
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


#: a save posted without the token the designer draws
OUT_OF_DATE = gettext_lazy(
    "This form is out of date, so nothing was saved: check the table below and save it again."
)


def _save(request, form: DesignForm, house: House, game: Game, token: str):
    """Save the designed table once per form: the redirect to its version's page, or None
    with the form's error added when the table is refused."""
    try:
        saved = services.new_version(
            house=house,
            game=game.slug,
            by=request.user,
            token=token,
            rows=form.row_values(),
            **form.version_values(),
        )
    except ValidationError as exc:
        form.add_error(None, exc)
        return None
    words = {"version": version_label(saved.version)}
    if saved.created:
        messages.success(
            request,
            gettext("Saved %(version)s: its par sheet is on its page; activate it from there.")
            % words,
        )
        with suppress(ValidationError):  # the version page says why it cannot be
            tasks.request_parsheet(saved.version)
    else:
        messages.info(
            request,
            gettext("This form was already saved, as %(version)s: nothing more was saved.") % words,
        )
    return redirect("desk:version", saved.version.pk)


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
        checked = form
        if request.POST.get("action") == "save" and form.is_valid():
            token = form.save_token()
            if token is None:
                # nothing to tell this post from a replay of it: drawn again with a token
                data = request.POST.copy()
                data["token"] = new_token()
                # the panel shows the table's edge; the form says why it was not saved
                checked = DesignForm(data, game=game, house=house)
                form = DesignForm(data, game=game, house=house)
                form.add_error(None, OUT_OF_DATE)
            else:
                answer = _save(request, form, house, game, token)
                if answer is not None:
                    return answer
    else:
        form = DesignForm(initial=initial, game=game, house=house)
        checked = DesignForm(as_data(initial), game=game, house=house)
    context = {
        "house": house,
        "game": game,
        "base": base,
        "active": active,
        "form": form,
        "preview": preview_of(
            checked,
            game,
            house,
            active,
            ask=request.method == "POST",
            cap=request.method == "POST",
        ),
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
        "preview": preview_of(form, game, house, active, cap=request.POST.get("cap") == "now"),
        "preview_url": preview_url,
        "oob": True,  # the form's one-line summary too (`desk/_edge_line.html`)
    }
    return render(request, "desk/_preview.html", context)
