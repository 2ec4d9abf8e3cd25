"""Saving a case and adding a note: the only writes of the cases app, each one transaction.

A case is ruled again here from the request alone: whatever ruling a form posts is never read.
The ruling is given with the very configuration whose paytable version and house rules the
case records (one `house_setup`), so the record and the ruling cannot disagree.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils.formats import number_format
from django.utils.translation import gettext, pgettext

from trainer.core.i18n import render as said_text
from trainer.engine.cards import parse_cards
from trainer.engine.catalog import GAMES
from trainer.engine.chips import COMMON_SET
from trainer.engine.errors import EngineError, RulingError
from trainer.engine.kit.requests import refuse_unread
from trainer.engine.rulings import unknown_house
from trainer.houses.config import house_setup
from trainer.houses.models import House, HouseRulesSettings
from trainer.houses.services import mark_used
from trainer.rulings.services import NotJSON, as_json, give_ruling, open_sitting, read_json

from .models import NOTE_MAX, Case, CaseCounter, CaseNote

#: who keeps cases: supervisors, games managers and audit staff, whose audits' mispaid hands
#: are what cases record (superusers hold every permission)
KEEPER_PERMISSIONS = ("houses.review_trainees", "houses.manage_tables", "audits.audit_hands")

#: fields of a request that never hold cards
NOT_CARDS = {"game", "house", "id", "ask"}


class CaseRefused(ValueError):
    """Why a case cannot be saved (or a note added), in the user's terms; `field` names the
    form field at fault, when one is (the note)."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field


def may_keep_cases(user) -> bool:
    """Supervisors and games managers of a house keep its cases; superusers any house's."""
    return user.is_authenticated and any(user.has_perm(p) for p in KEEPER_PERMISSIONS)


def keeper_houses(user):
    """The houses whose cases `user` may save and read."""
    if not may_keep_cases(user):
        return House.objects.none()
    return House.objects.visible_to(user)


def cards_of(request: dict) -> str:
    """Every card written in the request, as the engine writes cards, space-separated and with
    a space at each end (so a search for " Qh " matches whole cards only)."""
    found: list[str] = []

    def walk(value):
        if isinstance(value, str):
            with contextlib.suppress(EngineError):
                found.extend(c.code for c in parse_cards(value))
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk({k: v for k, v in request.items() if k not in NOT_CARDS})
    return f" {' '.join(found)} "


def _expired() -> str:
    return gettext("This form has expired: rule the hand again, then save it.")


def _not_kept() -> str:
    return gettext(
        "This request cannot be kept as a case: %(reason)s Rule the hand again from the form, "
        "then save it."
    )


def check_note(text: str) -> str:
    text = text.strip()
    if len(text) > NOTE_MAX:
        raise CaseRefused(
            gettext("A note can be at most %(most)s characters; this one has %(count)s.")
            % {
                "most": number_format(NOTE_MAX, force_grouping=True),
                "count": number_format(len(text), force_grouping=True),
            },
            field="note",
        )
    return text


@dataclass(frozen=True)
class Saved:
    case: Case
    created: bool


def save_case(*, user, request_text: str, note: str, token: str) -> Saved:
    """Rule `request_text` (one ruling request as JSON) again and keep it as the next case of
    the house it names.  A token already used by `user` answers that case (a double-click or a
    replayed form saves once); anything wrong raises CaseRefused and saves nothing."""
    if not may_keep_cases(user):
        raise CaseRefused(gettext("Only supervisors and games managers keep a house's cases."))
    if open_sitting(user) is not None:
        raise CaseRefused(
            gettext("You are in the middle of a test: finish it before keeping cases.")
        )
    token = token.strip()
    if not token or len(token) > Case._meta.get_field("token").max_length:
        raise CaseRefused(_expired())
    kept = _already_saved(user, token)
    if kept is not None:
        return Saved(kept, created=False)
    note = check_note(note)
    request = _read_request(request_text)
    slug = request.get("house")
    house = keeper_houses(user).filter(slug=slug).first() if isinstance(slug, str) else None
    if house is None:
        raise CaseRefused(
            gettext(
                "A case is kept by a house: choose your house under “Rules of”, rule the hand, "
                "then save it."
            )
        )
    setup = house_setup(house)

    def resolve(asked: str):
        return setup.config if asked == house.slug else unknown_house(asked)

    ruling, _ = as_json(give_ruling(request, user=user, resolve=resolve))
    if "error" in ruling:
        message = ruling["error"]["message"]
        raise CaseRefused(
            gettext("This hand cannot be ruled, so it is not kept: %(reason)s")
            % {"reason": message}
        )
    game = GAMES[ruling["game"]]
    try:
        # a case keeps the request as it was ruled: a field the ruling never read would be
        # kept as if it had counted (and a page could not lay it out)
        refuse_unread(request, game.fields(request), title=game.title)
    except RulingError as exc:
        raise CaseRefused(_not_kept() % {"reason": exc.message}) from None
    version = setup.versions.get(game.slug)
    if version is not None:
        label = str(version)
    elif game.paytable is not None:
        label = gettext("the standard %(game)s table (the house has none active)") % {
            "game": game.title
        }
    else:
        label = gettext("no paytable (this game pays from the pot)")
    try:
        case = _store(
            user=user,
            house=house,
            token=token,
            note=note,
            request=request,
            ruling=ruling,
            version=version,
            label=label,
            rules=dataclasses.asdict(setup.config.rules),
        )
    except IntegrityError:
        # the same form, saved at the same moment by another request: that one won
        kept = _already_saved(user, token)
        if kept is None:
            raise
        return Saved(kept, created=False)
    return Saved(case, created=True)


def _already_saved(user, token: str) -> Case | None:
    kept = Case.objects.filter(token=token).first()
    if kept is not None and kept.saved_by_id != user.pk:
        raise CaseRefused(_expired())
    return kept


def _read_request(text: str) -> dict:
    try:
        request = read_json(text.encode("utf-8", "surrogatepass"))
    except NotJSON:
        # the form's hidden copy of the hand, changed or cut on its way: the reader's reason
        # is for programmers, the supervisor needs what to do
        raise CaseRefused(
            gettext(
                "The hand sent with this form cannot be read: rule the hand again, then save it."
            )
        ) from None
    if not isinstance(request, dict):
        raise CaseRefused(gettext("The ruling request is not one request: rule the hand again."))
    return request


@transaction.atomic
def _store(*, user, house, token, note, request, ruling, version, label, rules) -> Case:
    CaseCounter.objects.get_or_create(house=house)
    # one UPDATE moves the counter on: it holds the row until this transaction ends, so a
    # second save of the same house waits here and then reads the number after this one
    CaseCounter.objects.filter(house=house).update(last_number=F("last_number") + 1)
    number = CaseCounter.objects.filter(house=house).values_list("last_number", flat=True).get()
    case = Case(
        house=house,
        number=number,
        game=ruling["game"],
        request=request,
        ruling=ruling,
        steps=list(ruling.get("steps", [])),
        cards=cards_of(request),
        paytable_version=version,
        paytable_label=label,
        house_rules=rules,
        saved_by=user,
        saved_by_name=user.get_username(),
        token=token,
    )
    try:
        case.full_clean(validate_unique=False)  # the database's constraints decide uniqueness
    except ValidationError as exc:
        # only a request edited by hand gets here (more cards than any table holds, say): the
        # transaction is rolled back, so the counter does not move
        raise CaseRefused(_not_kept() % {"reason": " ".join(exc.messages)}) from None
    case.save()
    if note:
        _note(case, user, note, at=case.saved_at)
    if version is not None:
        mark_used(version)
    return case


def _note(case: Case, user, text: str, at=None) -> CaseNote:
    note = CaseNote(case=case, text=text, author=user, author_name=user.get_username())
    if at is not None:  # the note given when saving carries the case's own time
        note.written_at = at
    note.full_clean()
    note.save()
    return note


def add_note(*, user, case: Case, text: str) -> CaseNote:
    """Add a note to a case (the case itself never changes)."""
    if not may_keep_cases(user):
        raise CaseRefused(
            gettext("Only supervisors and games managers add notes to a house's cases.")
        )
    text = check_note(text)
    if not text:
        raise CaseRefused(gettext("Write the note first: an empty note adds nothing."))
    with transaction.atomic():
        return _note(case, user, text)


def rules_in_words(case: Case) -> list[tuple[str, str]]:
    """The case's house rules as the admin names them, each value in words: a choice by its
    label ("the fewest chips", not "fewest"), "none" for no cap, "yes" or "no", the common
    chip set named so and a house's own chips one after another, never a stored code."""
    fields = {f.name: f for f in HouseRulesSettings._meta.fields}
    words = {
        "None": pgettext("no value", "none"),
        "True": pgettext("a rule is on", "yes"),
        "False": pgettext("a rule is off", "no"),
    }
    shown = []
    for name, value in case.house_rules.items():
        field = fields.get(name)
        text = words.get(str(value), str(value))
        if field is not None and field.flatchoices:
            text = said_text(dict(field.flatchoices).get(value, text))
        elif name == "chips" and value == COMMON_SET:
            text = gettext("the common set, from the chip unit up")
        elif name == "chips":
            text = "; ".join(line.strip() for line in str(value).splitlines() if line.strip())
        shown.append((str(field.verbose_name) if field is not None else name, text))
    return shown


def ruling_json(case: Case) -> str:
    return json.dumps(case.ruling, indent=2, ensure_ascii=False)
