"""The par sheet API: `GET /api/parsheets/<version id>`, a version's par sheet under its
house's rules as JSON, with a manager's figures beside it (docs/api.md, *Par sheets*).  For a
signed-in games manager of the version's house, or a superuser, as the desk's pages are;
errors are the ruling API's error object, in words, with the status that fits.
"""

from __future__ import annotations

from django.http import JsonResponse
from django.utils.translation import gettext

from trainer.core.numbers import grouped
from trainer.engine import EngineError
from trainer.engine.kit.rounds import MAX_ROUNDS_PER_HOUR, MIN_ROUNDS_PER_HOUR
from trainer.engine.parsheets import ParSheet
from trainer.engine.parsheets.money import SHIFT_HOURS
from trainer.houses import precompute
from trainer.houses import services as houses
from trainer.houses.config import house_rules_of, paytable_of
from trainer.houses.exposure import exposure_payload
from trainer.houses.models import ParSheetResult, PaytableVersion
from trainer.houses.sheet_figures import MoneyInputs, sheet_figures

#: the query's parameters and their bounds (inclusive)
PARAMETERS = {
    "rounds_per_hour": (MIN_ROUNDS_PER_HOUR, MAX_ROUNDS_PER_HOUR),
    "seats": (1, 12),
    "ante": (1, 10**9),
    "drop": (1, 10**12),
    "shift_hours": (1, 24),
}


class _Refused(Exception):
    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


def _error(status: int, message: str, field: str | None = None) -> JsonResponse:
    return JsonResponse({"error": {"field": field, "message": message}}, status=status)


def parsheet(request, version_id: int):
    """GET: the version's par sheet with the manager's figures; 403, 404, 405, 400 or 409
    (not computed yet) with the error object otherwise."""
    if request.method not in ("GET", "HEAD"):
        response = _error(405, gettext("Ask for a par sheet with GET."))
        response["Allow"] = "GET, HEAD"
        return response
    user = request.user
    if not user.is_authenticated:
        return _error(403, gettext("Sign in to see par sheets."))
    if not user.has_perm("houses.manage_tables"):
        return _error(403, gettext("Only a games manager sees par sheets: ask one for this table."))
    version = (
        PaytableVersion.objects.visible_to(user)
        .select_related("house")
        .prefetch_related("rows")
        .filter(pk=version_id)
        .first()
    )
    if version is None:
        # the same words for another house's version as for none: nothing is told apart
        return _error(404, gettext("Your house has no table version of that number."))
    try:
        inputs = _inputs(request.GET)
    except _Refused as exc:
        return _error(400, str(exc), exc.field)
    entry = version.engine_game
    rules = house_rules_of(getattr(version.house, "rules", None))
    table = paytable_of(version)
    counts = precompute.ready_counts(entry) if entry.has_fast_parsheet else None
    try:
        sheet = (
            entry.fast_parsheet(table, rules, counts) if counts is not None else _stored(version)
        )
        if sheet is None:
            return _error(
                409,
                gettext(
                    "The par sheet of %(version)s is not computed yet: choose “Compute par "
                    "sheet” on its desk page, then ask again."
                )
                % {"version": version},
            )
        figures = sheet_figures(
            sheet, table=table, rules=rules, house=version.house, inputs=inputs, counts=counts
        )
    except EngineError as exc:
        return _error(400, gettext("%(version)s: %(reason)s") % {"version": version, "reason": exc})
    figures["exposure"] = exposure_payload(version, rules)
    about = {
        "id": version.pk,
        "house": version.house.slug,
        "game": version.game,
        "number": version.number,
        "label": version.label,
        "bet_unit": version.bet_unit,
    }
    return JsonResponse({"version": about, **figures})


def _stored(version: PaytableVersion) -> ParSheet | None:
    """The version's stored sheet when it is done (and whole: one stored before the sheets
    had their distribution is computed again under a new key, so it is never found here)."""
    stored = houses.parsheet_of(version)
    if stored is None or stored.status != ParSheetResult.Status.DONE or not stored.figures:
        return None
    try:
        return ParSheet.from_dict(stored.figures)
    except EngineError:
        return None


def _inputs(query) -> MoneyInputs:
    """The manager's inputs from the query string, each a whole number within its bounds."""
    unknown = sorted(set(query) - set(PARAMETERS))
    if unknown:
        raise _Refused(
            gettext("'%(name)s' is not a parameter of a par sheet: use %(names)s.")
            % {"name": unknown[0], "names": ", ".join(PARAMETERS)},
            unknown[0],
        )
    values: dict[str, int] = {}
    for name, (low, high) in PARAMETERS.items():
        if name not in query:
            continue
        text = query[name].strip()
        if not text.isdecimal() or not text.isascii():
            raise _Refused(
                gettext("%(name)s must be a whole number; “%(text)s” is not.")
                % {"name": name, "text": query[name]},
                name,
            )
        value = int(text) if len(text) <= 20 else None
        if value is None or not low <= value <= high:
            shown = grouped(value) if value is not None else gettext("that")
            raise _Refused(
                gettext("%(name)s must be from %(low)s to %(high)s; %(shown)s is not.")
                % {"name": name, "low": grouped(low), "high": grouped(high), "shown": shown},
                name,
            )
        values[name] = value
    return MoneyInputs(
        rounds_per_hour=values.get("rounds_per_hour"),
        seats=values.get("seats", 1),
        ante=values.get("ante"),
        drop=values.get("drop"),
        shift_hours=values.get("shift_hours", SHIFT_HOURS),
    )
