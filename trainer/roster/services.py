"""Writes about people and classes: each atomic, each logged where it touches an account,
each refusing in the supervisor's words with nothing stored.  Trainees from a CSV file are
trainer.roster.imports.

Who may act on whom is `people_in_charge` (trainer.roster.people keeps the rule); a view
answers 404 for anyone outside it, as for nobody at all.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import dataclass

from axes.utils import reset as axes_reset
from django.contrib.auth.models import Group
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.utils.functional import lazy
from django.utils.translation import gettext, ngettext

from trainer.core.signals import employee_number_changed
from trainer.drills.practice.models import Enrolment
from trainer.engine.catalog import GAMES
from trainer.houses.models import User
from trainer.houses.roles import FLOOR_SUPERVISOR, GIVEN_BY_MANAGERS, TRAINEE

from .models import (
    TEMPORARY_PASSWORD_LIFETIME,
    Cohort,
    Membership,
    PersonAction,
    TemporaryPassword,
)

Kind = PersonAction.Kind

# -- the log -----------------------------------------------------------------------------------


def log_action(*, actor, subject, action: str, detail: str = "") -> PersonAction:
    return PersonAction.objects.create(
        actor=actor, subject=subject, kind=action, detail=detail[:400]
    )


# -- passwords ----------------------------------------------------------------------------------

#: no 0/O, 1/l/I: read aloud or copied from paper without a doubt
ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"


def new_temporary_password() -> str:
    """Four groups of four letters and digits from the system's random source (about 79
    bits): e.g. 'k7pm-x3qa-9fte-m2wr'."""
    return "-".join("".join(secrets.choice(ALPHABET) for _ in range(4)) for _ in range(4))


def give_temporary_password(*, actor, person, kind: str = Kind.TEMPORARY_PASSWORD) -> str:
    """A new password `person` must change at their next sign-in; it ends their sessions.
    Returned once, to be handed over: only its hash is kept."""
    password = new_temporary_password()
    with transaction.atomic():
        person.set_password(password)
        person.save(update_fields=["password"])
        mark_temporary(actor=actor, person=person)
        if kind == Kind.TEMPORARY_PASSWORD:
            log_action(actor=actor, subject=person, action=kind)
    return password


def mark_temporary(*, actor, person) -> TemporaryPassword:
    """`person`'s password was chosen by `actor`: they must choose their own at their next
    sign-in, within TEMPORARY_PASSWORD_LIFETIME of now."""
    temporary, _ = TemporaryPassword.objects.update_or_create(
        user=person, defaults={"set_by": actor}
    )
    return temporary


def must_change_password(user) -> bool:
    return TemporaryPassword.objects.filter(user_id=user.pk).exists()


def temporary_password_expired(user) -> bool:
    return TemporaryPassword.objects.filter(user_id=user.pk).expired().exists()


TEMPORARY_DAYS = TEMPORARY_PASSWORD_LIFETIME.days


def _expired() -> str:
    return ngettext(
        "Your temporary password has expired: it worked for %(days)d day after it was given. "
        "Ask your supervisor for a new one (supervisors: your games manager).",
        "Your temporary password has expired: it worked for %(days)d days after it was given. "
        "Ask your supervisor for a new one (supervisors: your games manager).",
        TEMPORARY_DAYS,
    ) % {"days": TEMPORARY_DAYS}


#: in the reader's language, each time it is shown
EXPIRED = lazy(_expired, str)()


def password_changed(user) -> None:
    """The user has chosen their own password: the temporary one is forgotten."""
    TemporaryPassword.objects.filter(user_id=user.pk).delete()


# -- one trainee --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Enrolled:
    user: User
    password: str


def _longest(name: str) -> int:
    """What the User model's column holds (a longer value is a database error on PostgreSQL)."""
    return User._meta.get_field(name).max_length


def as_signed_in(username: str) -> str:
    """The username as Django's sign-in form reads what is typed (`UsernameField`: NFKC, so a
    full-width `ｔｉｎａ` is `tina`): the one way an account's name is kept, and compared."""
    return User.normalize_username(username.strip())


#: how much of a cell a message quotes back
QUOTED = 40


def quoted(text: str) -> str:
    """A cell as a message quotes it: at most QUOTED characters (a file may put half a
    megabyte in one cell, and the page would echo it)."""
    return text if len(text) <= QUOTED else text[: QUOTED - 1] + "…"


def person_problems(username: str, first: str, last: str, email: str) -> list[str]:
    return [problem for _, problem in column_problems(username, first, last, email)]


def column_problems(
    username: str, first: str, last: str, email: str
) -> list[tuple[tuple[str, ...], str]]:
    """What is wrong with a person's details, each problem with the columns it is about
    (`username`, `first_name`, `last_name`, `email`), so a preview marks those cells."""
    problems: list[tuple[tuple[str, ...], str]] = []
    if not username:
        problems.append((("username",), gettext("a username is needed")))
    else:
        try:
            User.username_validator(username)
        except ValidationError:
            problems.append(
                (
                    ("username",),
                    gettext("“%(name)s” is not a username: letters, digits and @ . + - _ only")
                    % {"name": quoted(username)},
                )
            )
        if len(username) > _longest("username"):
            longest = _longest("username")
            problems.append(
                (
                    ("username",),
                    gettext("the username is longer than %(longest)d characters")
                    % {"longest": longest},
                )
            )
    too_long = tuple(
        column
        for column, value in (("first_name", first), ("last_name", last))
        if len(value) > _longest(column)
    )
    if too_long:
        longest = min(_longest("first_name"), _longest("last_name"))
        problems.append(
            (
                too_long,
                gettext("a name is longer than %(longest)d characters") % {"longest": longest},
            )
        )
    if email:
        if len(email) > _longest("email"):
            # an address may be 320 characters, but the account keeps at most this many
            longest = _longest("email")
            problems.append(
                (
                    ("email",),
                    gettext("the email address is longer than %(longest)d characters")
                    % {"longest": longest},
                )
            )
        else:
            try:
                validate_email(email)
            except ValidationError:
                problems.append(
                    (
                        ("email",),
                        gettext("“%(email)s” is not an email address") % {"email": quoted(email)},
                    )
                )
    return problems


def add_trainee(
    *,
    actor,
    house,
    username: str,
    first_name: str = "",
    last_name: str = "",
    email: str = "",
    classes: Iterable[Cohort] = (),
) -> Enrolled:
    """A new trainee of `house` with a temporary password, in the classes given."""
    first_name, last_name, email = (v.strip() for v in (first_name, last_name, email))
    username = as_signed_in(username)
    problems = person_problems(username, first_name, last_name, email)
    if username and User.objects.filter(username__iexact=username).exists():
        problems.append(gettext("the username “%(name)s” is taken") % {"name": username})
    if problems:
        raise ValidationError([p[0].upper() + p[1:] + "." for p in problems])
    try:
        with transaction.atomic():
            user = make_trainee(house, username, first_name, last_name, email)
            password = give_temporary_password(actor=actor, person=user, kind=Kind.CREATED)
            log_action(actor=actor, subject=user, action=Kind.CREATED)
            for cohort in classes:
                add_members(actor=actor, cohort=cohort, trainees=[user])
    except IntegrityError:
        raise ValidationError(
            gettext("The username “%(name)s” is taken.") % {"name": username}
        ) from None
    return Enrolled(user, password)


def add_staff(
    *,
    actor,
    house,
    role: str,
    username: str,
    first_name: str = "",
    last_name: str = "",
    email: str = "",
) -> Enrolled:
    """A new member of `house`'s staff in `role` (one a games manager gives:
    GIVEN_BY_MANAGERS), with a temporary password shown once.  A username already taken, as
    the same form posted twice makes it, creates nobody."""
    if role not in GIVEN_BY_MANAGERS:
        raise ValidationError(gettext("Choose one of the roles the form offers."))
    first_name, last_name, email = (v.strip() for v in (first_name, last_name, email))
    username = as_signed_in(username)
    problems = person_problems(username, first_name, last_name, email)
    taken = gettext("The username “%(name)s” is taken.") % {"name": username}
    if username and User.objects.filter(username__iexact=username).exists():
        problems.append(taken)
    if problems:
        raise ValidationError(
            [p[0].upper() + p[1:] + ("" if p.endswith(".") else ".") for p in problems]
        )
    try:
        with transaction.atomic():
            user = User(
                username=username,
                first_name=first_name,
                last_name=last_name,
                email=email,
                house=house,
            )
            user.set_unusable_password()
            user.save()
            user.groups.add(Group.objects.get(name=role))
            password = give_temporary_password(actor=actor, person=user, kind=Kind.CREATED)
            log_action(actor=actor, subject=user, action=Kind.CREATED, detail=role)
    except IntegrityError:
        raise ValidationError(taken) from None
    return Enrolled(user, password)


def make_trainee(
    house,
    username,
    first_name,
    last_name,
    email,
    *,
    password_hash: str | None = None,
    language: str = "",
    employee_number: str = "",
) -> User:
    """A trainee account of `house`: with the password of `password_hash` (Django's
    `make_password`), or none that signs in until one is given; in `language` (a code of
    settings.LANGUAGES; empty: the house's)."""
    user = User(
        username=username,
        first_name=first_name,
        last_name=last_name,
        email=email,
        house=house,
        language=language,
        employee_number=employee_number,
    )
    if password_hash is None:
        user.set_unusable_password()
    else:
        user.password = password_hash
    user.save()
    user.groups.add(Group.objects.get(name=TRAINEE))
    if employee_number:  # the logs may have written them by it already
        employee_number_changed.send(User, person=user, old="", new=employee_number)
    return user


# -- account actions ----------------------------------------------------------------------------


def set_employee_number(*, actor, person, number: str) -> bool:
    """Set the house's number for `person` (empty: none), as its hand logs write a dealer;
    logged.  False when it is theirs already; ValidationError, changing nothing, for one too
    long or already another's of the house."""
    number = number.strip()
    if number == person.employee_number:
        return False
    most = User._meta.get_field("employee_number").max_length
    if len(number) > most:
        raise ValidationError(
            gettext("An employee number is at most %(most)d characters.") % {"most": most}
        )
    if (
        number
        and User.objects.filter(house_id=person.house_id, employee_number=number)
        .exclude(pk=person.pk)
        .exists()
    ):
        raise ValidationError(
            gettext("“%(number)s” is already the employee number of someone in the house.")
            % {"number": number}
        )
    try:
        with transaction.atomic():
            old = person.employee_number
            person.employee_number = number
            person.save(update_fields=["employee_number"])
            log_action(
                actor=actor, subject=person, action=Kind.EMPLOYEE_NUMBER, detail=number or "—"
            )
            employee_number_changed.send(User, person=person, old=old, new=number)
    except IntegrityError:  # given to another at the same moment
        raise ValidationError(
            gettext("“%(number)s” is already the employee number of someone in the house.")
            % {"number": number}
        ) from None
    return True


def deactivate(*, actor, person) -> None:
    if not person.is_active:
        raise ValidationError(
            gettext("%(name)s is already deactivated.") % {"name": person.get_username()}
        )
    with transaction.atomic():
        person.is_active = False
        person.save(update_fields=["is_active"])
        # every session of theirs ends for good: reactivated, they sign in again
        User.bump_serial("sessions_serial", pk=person.pk)
        log_action(actor=actor, subject=person, action=Kind.DEACTIVATED)


def reactivate(*, actor, person) -> None:
    if person.is_active:
        raise ValidationError(
            gettext("%(name)s is already active.") % {"name": person.get_username()}
        )
    with transaction.atomic():
        person.is_active = True
        person.save(update_fields=["is_active"])
        log_action(actor=actor, subject=person, action=Kind.REACTIVATED)


def failed_sign_ins(person) -> int:
    """Wrong passwords recorded for this username (every address) and not yet forgotten."""
    from axes.models import AccessAttempt

    return sum(
        AccessAttempt.objects.filter(username=person.get_username()).values_list(
            "failures_since_start", flat=True
        )
    )


def unlock(*, actor, person) -> int:
    """Forget every wrong password recorded for this username, at every address (django-axes'
    own reset; trainer.core.throttle counts from those same records), so they can sign in
    again at once.  Returns how many records were cleared."""
    with transaction.atomic():
        cleared = axes_reset(username=person.get_username())
        log_action(
            actor=actor,
            subject=person,
            action=Kind.UNLOCKED,
            detail=ngettext(
                "%(count)d record of wrong passwords cleared",
                "%(count)d records of wrong passwords cleared",
                cleared,
            )
            % {"count": cleared},
        )
    return cleared


# -- the games a trainee is enrolled in ---------------------------------------------------------


def games_words(games: Iterable[str]) -> str:
    """The games in the registry's order, by title; "every game" for none."""
    chosen = set(games)
    titles = [game.title for slug, game in GAMES.items() if slug in chosen]
    return ", ".join(titles) if titles else gettext("every game (none chosen)")


def enrol_in_games(*, actor, person, games: Iterable[str]) -> bool:
    """Enrol the trainee `person` in exactly `games` (slugs of the games registry; none for
    every game: trainer.drills.practice.enrolment), logged on their page.  Refused in words, with
    nothing changed, for a game the registry does not have or for someone who is not a
    trainee.  False when nothing changed (nothing is logged then)."""
    chosen = set(games)
    unknown = sorted(chosen - set(GAMES))
    if unknown:
        raise ValidationError(
            gettext("There is no game called %(names)s: nothing was changed.")
            % {"names": ", ".join(f"“{g}”" for g in unknown)}
        )
    if not person.groups.filter(name=TRAINEE).exists():
        raise ValidationError(gettext("Only trainees are enrolled in games."))
    with transaction.atomic():
        # the trainee's row locked, so two supervisors saving at once take turns
        User.objects.select_for_update().filter(pk=person.pk).first()
        had = set(Enrolment.objects.filter(trainee=person).values_list("game", flat=True))
        if had == chosen:
            return False
        Enrolment.objects.filter(trainee=person).exclude(game__in=chosen).delete()
        Enrolment.objects.bulk_create(
            [Enrolment(trainee=person, game=g) for g in sorted(chosen - had)],
            ignore_conflicts=True,
        )
        log_action(
            actor=actor,
            subject=person,
            action=Kind.GAMES_ENROLLED,
            detail=f"{games_words(had)} → {games_words(chosen)}",
        )
    return True


# -- classes -----------------------------------------------------------------------------------


def create_class(*, actor, house, name: str, starts_on, trainees: Iterable = ()) -> Cohort:
    name = name.strip()
    taken = gettext("There is already a class called “%(name)s” in %(house)s.") % {
        "name": name,
        "house": house,
    }
    if Cohort.objects.filter(house=house, name__iexact=name).exists():
        raise ValidationError(taken)
    try:
        with transaction.atomic():
            cohort = Cohort(house=house, name=name, starts_on=starts_on, created_by=actor)
            cohort.full_clean()
            cohort.save()
            add_members(actor=actor, cohort=cohort, trainees=trainees)
    except IntegrityError:
        raise ValidationError(taken) from None
    return cohort


def add_members(*, actor, cohort: Cohort, trainees: Iterable) -> int:
    """Put trainees of the class's house in it (those already in stay as they are)."""
    trainees = list(trainees)
    strangers = [
        t.get_username()
        for t in trainees
        if t.house_id != cohort.house_id or not t.has_perm("houses.practise_drills")
    ]
    if strangers:
        raise ValidationError(
            gettext("Not a trainee of %(house)s: %(names)s. Nobody was added.")
            % {"house": cohort.house, "names": ", ".join(strangers)}
        )
    with transaction.atomic():
        had = set(cohort.memberships.values_list("trainee_id", flat=True))
        new = [t for t in trainees if t.pk not in had]
        Membership.objects.bulk_create(
            [Membership(cohort=cohort, trainee=t) for t in new], ignore_conflicts=True
        )
        for t in new:
            log_action(actor=actor, subject=t, action=Kind.CLASS_JOINED, detail=cohort.name)
    return len(new)


def class_trainees(cohort: Cohort):
    """The members a class test goes to: those still active trainees of the class's house."""
    return User.objects.trainees_of(cohort.house_id).filter(memberships__cohort=cohort)


def left_out(cohort: Cohort) -> list[tuple[User, str]]:
    """The members a class test does not go to, each with why: deactivated, now in another
    house, or no longer a trainee."""
    eligible = class_trainees(cohort).values("pk")
    out = []
    for member in cohort.members.exclude(pk__in=eligible).order_by("username"):
        if not member.is_active:
            why = gettext("deactivated")
        elif member.house_id != cohort.house_id:
            why = gettext("now in another house")
        else:
            why = gettext("no longer a trainee")
        out.append((member, why))
    return out


# -- watching the game -------------------------------------------------------------


def is_promoted(person) -> bool:
    """Whether the trainee `person` is promoted to watch the game (the Floor supervisor
    role)."""
    return person.groups.filter(name=FLOOR_SUPERVISOR).exists()


def promote(*, actor, person, promoted: bool = True) -> bool:
    """Give the trainee `person` the Floor supervisor role (`promoted`), or take it back:
    the watch drills, Today's watch, the house's watch sets and tests with watch sections
    open to them, or close again; logged on their page.  Refused in words for someone who
    is not a trainee (staff watch the game already).  False when nothing changed."""
    if not person.groups.filter(name=TRAINEE).exists():
        raise ValidationError(
            gettext(
                "Only a trainee is promoted to watch the game: supervisors and games managers "
                "watch it already."
            )
        )
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=person.pk).first()
        if is_promoted(person) == promoted:
            return False
        group = Group.objects.get(name=FLOOR_SUPERVISOR)
        if promoted:
            person.groups.add(group)
        else:
            person.groups.remove(group)
        kind = Kind.PROMOTED if promoted else Kind.PROMOTION_WITHDRAWN
        log_action(actor=actor, subject=person, action=kind)
    return True
