"""A log's dealers as the house's people, and their mispays as practice.

A log's dealer is a string; it is one of the house's people when it is, exactly, the
person's employee number or one of their log aliases (never a guess: "D. Ortiz" is not
"D Ortiz").  Each line is linked to its person when the audit finishes (`link_report`) and
when audit staff name an unmatched dealer (`add_alias`, which links every line of every
report of the house that carries the name; `remove_alias` unlinks them).

Each mispay of a linked line is a lapse on the dealer's skill card of the drill skill its
situation exercises (`trainer.engine.findings`), reviewed at the hand's time (the log's
`at`, else the report's upload), once per hand and card (`AuditFinding`), so a second audit
of the same log, or linking the same name again, changes no card (docs/rulebook.md,
*Findings on the cards*).
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext

from trainer.core.times import when
from trainer.drills.practice.services import lapse
from trainer.drills.practice.today import house_config
from trainer.engine.audit import read_at
from trainer.engine.errors import RulingError
from trainer.engine.findings import Skill, skill_for
from trainer.engine.house import HouseConfig
from trainer.houses.models import House, User

from .models import MISPAID, AuditFinding, AuditLine, AuditReport, LogAlias, situation_said


def people_by_name(house: House) -> dict[str, int]:
    """Each name a log may write one of the house's people by -> the person's id: their
    employee numbers and their log aliases."""
    names = dict(
        User.objects.filter(house=house)
        .exclude(employee_number="")
        .values_list("employee_number", "pk")
    )
    names.update(LogAlias.objects.filter(house=house).values_list("alias", "person_id"))
    return names


def link_report(report: AuditReport) -> int:
    """Link each line of `report` whose dealer is one of its house's people, and apply the
    mispays of every linked line to the dealers' cards; the number of lines linked."""
    names = people_by_name(report.house)
    dealers = set(
        AuditLine.objects.filter(report=report).exclude(dealer="").values_list("dealer", flat=True)
    )
    linked = 0
    for dealer in dealers & names.keys():
        linked += AuditLine.objects.filter(report=report, dealer=dealer).update(
            person_id=names[dealer]
        )
    apply_findings(AuditLine.objects.filter(report=report, person__isnull=False))
    return linked


def unmatched(report: AuditReport) -> list[str]:
    """The dealers the report's lines name that are none of the house's people, A to Z."""
    return sorted(
        set(
            AuditLine.objects.filter(report=report, person__isnull=True)
            .exclude(dealer="")
            .values_list("dealer", flat=True)
        )
    )


def hand_key(line: AuditLine) -> str:
    """The hand a line records, the same in any report of the same log: a digest of the
    line as audited (its game, cards, bets, what was paid, dealer, table, time)."""
    written = json.dumps([line.game, line.request], sort_keys=True, default=str)
    return hashlib.sha256(written.encode()).hexdigest()


def hand_time(line: AuditLine, report: AuditReport) -> datetime:
    """When the hand was dealt: the log's `at` (a time without a zone is the site's), else
    when the report was uploaded."""
    try:
        when = read_at(line.request) if isinstance(line.request, dict) else None
    except RulingError:
        when = None
    if when is None:
        return report.uploaded_at
    if timezone.is_naive(when):
        when = timezone.make_aware(when, timezone.get_default_timezone())
    return when


def apply_findings(lines: QuerySet[AuditLine]) -> int:
    """Review each mispaid, linked line of `lines` as a lapse of its dealer's skill (once per
    hand and card); the number of cards changed."""
    changed = 0
    configs: dict[int, HouseConfig] = {}
    mispaid = (
        lines.filter(verdict__in=MISPAID)
        .exclude(person=None)
        .select_related("person__house", "report")
        .order_by("report", "number")
    )
    for line in mispaid.iterator(chunk_size=500):
        person = line.person
        if person.pk not in configs:
            configs[person.pk] = house_config(person)
        skill = skill_for(line.game, line.situation, configs[person.pk])
        if skill is None:
            continue
        changed += _apply(line, person, skill)
    return changed


def _apply(line: AuditLine, person: User, skill: Skill) -> int:
    when, key = hand_time(line, line.report), hand_key(line)

    def record(card) -> bool:
        if AuditFinding.objects.filter(card=card, hand=key).exists():
            return False
        AuditFinding.objects.create(
            report=line.report,
            line=line,
            card=card,
            hand=key,
            at=when,
            game=line.game,
            table=line.table,
            situation=line.situation,
        )
        return True

    with transaction.atomic():
        card = lapse(
            trainee=person,
            kind=skill.kind,
            situation=skill.situation,
            when=when,
            record=record,
        )
    return card is not None


# --- naming an unmatched dealer ---------------------------------------------------------------


def add_alias(*, house: House, actor, alias: str, person: User) -> LogAlias:
    """Record that the house's logs write `person` as `alias` (who, when), link every line
    of every report of the house that carries it, and apply their mispays.  ValidationError,
    changing nothing, for an empty name, a person of another house, or a name that is already
    someone's."""
    if not alias:
        raise ValidationError(gettext("Choose the name as the log writes it."))
    if person.house_id != house.pk:
        raise ValidationError(gettext("That person is not one of your house's people."))
    taken = people_by_name(house).get(alias)
    if taken is not None:
        who = User.objects.get(pk=taken)
        if taken == person.pk:
            raise ValidationError(
                gettext("“%(alias)s” is already %(person)s in this house's logs.")
                % {"alias": alias, "person": who.get_full_name() or who.get_username()}
            )
        raise ValidationError(
            gettext(
                "“%(alias)s” is already %(person)s in this house's logs: remove that first "
                "if it is someone else."
            )
            % {"alias": alias, "person": who.get_full_name() or who.get_username()}
        )
    try:
        with transaction.atomic():
            made = LogAlias.objects.create(
                house=house, person=person, alias=alias, created_by=actor
            )
    except IntegrityError as exc:  # named by someone else meanwhile
        raise ValidationError(
            gettext("“%(alias)s” was named by someone else meanwhile.") % {"alias": alias}
        ) from exc
    lines = AuditLine.objects.filter(report__house=house, dealer=alias, person__isnull=True)
    ids = list(lines.values_list("pk", flat=True))
    AuditLine.objects.filter(pk__in=ids).update(person=person)
    apply_findings(AuditLine.objects.filter(pk__in=ids))
    return made


def relink_number(*, person: User, old: str, new: str) -> int:
    """After `person`'s employee number changed from `old` to `new`: unlink the lines written
    by the old number (unless it is also a log name of theirs), link the unmatched lines
    written by the new one and apply their mispays; the number of lines linked."""
    house = person.house_id
    if old and not LogAlias.objects.filter(house=house, alias=old, person=person).exists():
        AuditLine.objects.filter(report__house=house, dealer=old, person=person).update(person=None)
    if not new:
        return 0
    lines = AuditLine.objects.filter(report__house=house, dealer=new, person__isnull=True)
    ids = list(lines.values_list("pk", flat=True))
    AuditLine.objects.filter(pk__in=ids).update(person=person)
    apply_findings(AuditLine.objects.filter(pk__in=ids))
    return len(ids)


def remove_alias(*, house: House, alias_id: int) -> LogAlias:
    """Undo a naming: delete the alias and unlink the lines it linked.  The lapses already
    reviewed stay on the cards (a review is not taken back), and their records stay, so
    naming the same dealer again changes no card twice.  ValidationError for an alias that
    is not the house's (or was removed meanwhile)."""
    made = LogAlias.objects.filter(house=house, pk=alias_id).first()
    if made is None:
        raise ValidationError(gettext("That name is not one of your house's log names."))
    with transaction.atomic():
        AuditLine.objects.filter(
            report__house=house, dealer=made.alias, person_id=made.person_id
        ).update(person=None)
        made.delete()
    return made


# --- what the dealer and the house read -------------------------------------------------------


def findings_of(trainee):
    """The audit's findings on `trainee`'s cards whose lines are still theirs (a line
    unlinked since is not), newest hand first."""
    return AuditFinding.objects.filter(card__trainee=trainee).filter(
        Q(line__isnull=True) | Q(line__person=F("card__trainee"))
    )


def latest_finding(trainee, kind: str, situation: str) -> AuditFinding | None:
    """The newest of the audit's findings on the trainee's card of this skill, or None."""
    return findings_of(trainee).filter(card__kind=kind, card__situation=situation).first()


def said(finding: AuditFinding) -> str:
    """A finding as the dealer reads it beside the skill ("From the audit of 14 Nov 2026,
    table 3: pair of sixes to tens paid instead of pushed.")."""
    words = {"date": when(finding.at, "day"), "situation": situation_said(finding.situation)}
    if finding.table:
        return gettext("From the audit of %(date)s, table %(table)s: %(situation)s.") % {
            **words,
            "table": finding.table,
        }
    return gettext("From the audit of %(date)s: %(situation)s.") % words


def note(trainee, kind: str, situation: str) -> str | None:
    """Today's practice's note beside a skill the audit found lapsed (`practice.notes`)."""
    finding = latest_finding(trainee, kind, situation)
    return said(finding) if finding is not None else None
