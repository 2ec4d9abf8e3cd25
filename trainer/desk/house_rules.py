"""The house rules, the chips and pay standard, the pace targets and the house's own settings
(name, time zone, practice day), on the desk.  A change of
house rules goes through the gate activation goes through (`services.change_house_rules`): one
that moves an active table's par sheet waits, as a state of the page with the sheets'
progress, kept in the session until it is made or dropped."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods
from django_htmx.http import HttpResponseClientRefresh

from trainer.core.i18n import render as said_text
from trainer.drills.practice.targets import in_force
from trainer.engine import EngineError
from trainer.engine.figures import edge_percent
from trainer.houses.config import house_rules_of
from trainer.houses.models import House, HouseRulesSettings

from . import services
from .forms import HouseForm, PaceForm, RoundPaceForm, RulesForm
from .views import house_of, manager_only, next_url

#: the two forms of the house's rules, each a page of the desk: (title, fields)
RULE_PAGES = {
    "rules": (
        gettext_lazy("House rules"),
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
        gettext_lazy("Chips and pay standard"),
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
    return said_text(dict(model_field.flatchoices).get(value, value))


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
        # a message has no tooltip: the percentage alone (the desk's tables have the rest)
        now = edge_percent(table.after.figures["house_edge_exact"])
        was = table.before.figures["house_edge_exact"] if table.before else None
        words = {
            "game": table.version.get_game_display(),
            "number": table.version.number,
            "now": now,
        }
        moves.append(
            gettext("%(game)s v%(number)s: house edge %(was)s → %(now)s")
            % {**words, "was": edge_percent(was)}
            if was
            else gettext("%(game)s v%(number)s: %(now)s") % words
        )
    return (" " + "; ".join(moves) + ".") if moves else ""


def _settle(request, house: House, changes: dict, confirmed: bool, back: str):
    """Make a change of house rules, or keep it waiting: the response either way."""
    outcome = services.change_house_rules(
        house=house, changes=changes, player_edge_confirmed=confirmed
    )
    if outcome.saved:
        _drop_pending(request)
        messages.success(request, gettext("The house rules are saved.") + _edge_moves(outcome))
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
    house = house_of(request)
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
                messages.info(
                    request, gettext("Nothing changed: the house rules are as they were.")
                )
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
    house = house_of(request)
    back = next_url(request, reverse("desk:rules"))
    waiting = _waiting(request, house)
    if request.method == "POST":
        if waiting is None:
            messages.info(request, gettext("No change of the house rules is waiting."))
            return HttpResponseRedirect(back)
        if request.POST.get("action") == "discard":
            _drop_pending(request)
            messages.info(
                request, gettext("The change waiting was dropped: the rules are as they were.")
            )
            return HttpResponseRedirect(back)
        confirmed = waiting.confirmed or request.POST.get("player_edge_confirmed") == "on"
        response = _settle(request, house, waiting.changes, confirmed, back)
        return HttpResponseClientRefresh() if request.htmx else response
    if not request.htmx:
        return HttpResponseRedirect(back)
    if waiting is None:
        return HttpResponseClientRefresh()
    # the sheets done, and nothing to confirm: the fragment makes the change at once (an htmx
    # POST as it loads), which then reloads the page; otherwise the page shows what is asked
    ready = not waiting.under_way and not waiting.stuck
    auto = ready and (waiting.confirmed or not waiting.to_confirm)
    if not waiting.under_way and not auto:
        return HttpResponseClientRefresh()
    context = {"waiting": waiting, "polled": True, "back": back, "auto": auto}
    return render(request, "desk/_pending.html", context)


# --- the house's own settings -------------------------------------------------------------------


@login_required
@manager_only
@require_http_methods(["GET", "POST"])
def house(request):
    """The house's name, time zone and practice day (`HouseForm`)."""
    own = house_of(request)
    form = HouseForm(request.POST or None, instance=own)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, gettext("The house's settings are saved."))
        return redirect("desk:house")
    status = 400 if form.errors else 200
    return render(request, "desk/house.html", {"form": form, "house": own}, status=status)


# --- pace targets --------------------------------------------------------------------------------


@login_required
@manager_only
@require_http_methods(["GET", "POST"])
def pace(request):
    """The house's speed standards: its own target per drill and level, and its pace per game
    whose whole rounds are dealt (rounds an hour), each default beside.  Two forms on one
    page; the button pressed says which is saved."""
    house = house_of(request)
    drills = in_force(house.pk)
    saving_rounds = request.method == "POST" and "save_rounds" in request.POST
    saving_targets = request.method == "POST" and not saving_rounds
    form = PaceForm(request.POST if saving_targets else None, drills=drills)
    rounds_form = RoundPaceForm(request.POST if saving_rounds else None, house=house)
    if saving_targets and form.is_valid():
        changed = services.set_pace_targets(house=house, targets=form.targets())
        if changed:
            messages.success(
                request,
                ngettext(
                    "Pace targets saved (%(count)s changed).",
                    "Pace targets saved (%(count)s changed).",
                    changed,
                )
                % {"count": changed},
            )
        else:
            messages.info(request, gettext("Nothing changed: the pace targets are as they were."))
        return redirect("desk:pace")
    if saving_rounds and rounds_form.is_valid():
        changed = services.set_round_paces(house=house, paces=rounds_form.paces())
        if changed:
            messages.success(
                request,
                ngettext(
                    "Round paces saved (%(count)s changed).",
                    "Round paces saved (%(count)s changed).",
                    changed,
                )
                % {"count": changed},
            )
        else:
            messages.info(request, gettext("Nothing changed: the round paces are as they were."))
        return redirect("desk:pace")
    status = 400 if form.errors or rounds_form.errors else 200
    return render(
        request,
        "desk/pace.html",
        {"form": form, "rounds_form": rounds_form, "house": house},
        status=status,
    )
