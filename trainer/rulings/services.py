"""The one way Django code asks the engine for a ruling, and the one way a ruling request is
read from JSON text and its answer written back as JSON."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.core.validators import slug_re
from django.utils import translation
from django.utils.translation import gettext, gettext_noop

from trainer.assessments.models import Sitting
from trainer.core.i18n import render
from trainer.engine.catalog import GAMES
from trainer.engine.errors import RulingError
from trainer.engine.house import HouseConfig
from trainer.engine.jsontext import NotJSON, read_json  # noqa: F401 (the desk's readers)
from trainer.engine.kit.requests import is_text, refuse_unwritable
from trainer.engine.rulings import rule, unknown_house
from trainer.houses.config import house_setup
from trainer.houses.models import House


def house_resolver(user=None):
    """Looks a house up by slug for a ruling.  Signed-in staff may name only their own house
    (superusers any); the command line (user None) is trusted with every house.  A house the
    asker may not see is answered exactly like one that does not exist."""

    found: dict[str, HouseConfig] = {}  # a batch looks each house up once

    def resolve(slug: str) -> HouseConfig:
        if not slug_re.match(slug):
            # no house has it; and PostgreSQL refuses to compare text holding NUL
            return unknown_house(slug)
        if slug not in found:
            houses = House.objects.all() if user is None else House.objects.visible_to(user)
            house = houses.filter(slug=slug).first()
            if house is None:
                return unknown_house(slug)
            found[slug] = house_setup(house).config
        return found[slug]

    return resolve


def open_sitting(user) -> Sitting | None:
    """The test `user` is taking right now, if any: the ruling desk would answer its
    questions, so it stays closed to them until the sitting is finished or out of time."""
    if not user.is_authenticated:
        return None
    return Sitting.objects.open_for(user).select_related("assignment__test").first()


def give_ruling(request: object, *, user=None, resolve=None, locate=False) -> dict[str, Any]:
    """Rule one request (a decoded JSON object); bad input comes back as an error object
    (with `locate`, naming its `seat` and `street` too, for a form: `engine.rulings.rule`)."""
    if isinstance(request, dict):
        try:
            refuse_unwritable(request)
        except RulingError as exc:
            error = {"field": exc.field, "message": exc.message}
            if locate:
                error.update(seat=exc.seat, street=exc.street)
            return {**_echo(request), "error": error}
    return rule(request, resolve_house=resolve or house_resolver(user), locate=locate)


def language_of(accepted: str | None) -> str:
    """The site's language an Accept-Language header asks for first (`es-MX;q=0.9, en`),
    English when it names none of them: a ruling's reasons are said in it, nothing else."""
    wanted = []
    for n, item in enumerate((accepted or "").split(",")):
        tag, _, params = item.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if tag and tag != "*" and q > 0:
            wanted.append((-q, n, tag))
    for _, _, tag in sorted(wanted):
        try:
            return translation.get_supported_language_variant(tag.lower())
        except LookupError:
            continue
    return settings.LANGUAGES[0][0]


def said_in(response: dict[str, Any], language: str) -> dict[str, Any]:
    """The ruling with its human-readable reasons (`steps`, an error's `message`) said in
    `language`; keys, verdict codes, categories and every other value stay as the API defines
    them (English)."""
    out = dict(response)
    with translation.override(language):
        if isinstance(out.get("steps"), list):
            out["steps"] = [render(step) for step in out["steps"]]
        error = out.get("error")
        if isinstance(error, Mapping) and "message" in error:
            out["error"] = {**error, "message": render(error["message"])}
    return out


def _echo(request: dict) -> dict[str, Any]:
    """The request's `game` and `id`, for an error response, where they can be written."""
    head: dict[str, Any] = {}
    if request.get("game") in GAMES:
        head["game"] = request["game"]
    request_id = request.get("id")
    if isinstance(request_id, str):
        writable = is_text(request_id)
    elif isinstance(request_id, float):
        writable = math.isfinite(request_id)
    else:  # a whole number is always finite (and may be too large to turn into a float)
        writable = isinstance(request_id, int) and not isinstance(request_id, bool)
    if writable:
        head["id"] = request_id
    return head


# --- JSON text in and out ---------------------------------------------------------------------


UNWRITABLE = gettext_noop(
    "This ruling holds a value JSON cannot carry (NaN, Infinity or text that is not "
    "Unicode), so it is not given; check the request."
)


def as_json(response: dict[str, Any], *, ascii: bool = False) -> tuple[dict[str, Any], str]:
    """The response as one line of strict JSON (RFC 8259: no NaN or Infinity, UTF-8 text), and
    the response that line says: an error object in its place when it cannot be written, so a
    caller never writes invalid JSON and never fails half-way through writing.  `ascii`
    writes every other character as a JSON escape, for an output that holds ASCII only."""
    try:
        text = json.dumps(response, ensure_ascii=ascii, allow_nan=False)
        text.encode("utf-8")
    except (TypeError, ValueError):  # UnicodeEncodeError is a ValueError
        head = _echo(response) if isinstance(response, dict) else {}
        response = {**head, "error": {"field": None, "message": gettext(UNWRITABLE)}}
        text = json.dumps(response, ensure_ascii=ascii, allow_nan=False)
    return response, text
