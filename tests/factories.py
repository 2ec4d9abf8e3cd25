"""factory-boy factories for every model, and the answer a form posts for a stored question."""

import factory
from django.contrib.auth.models import Group

from trainer.assessments.models import Assessment, Assignment, Part
from trainer.engine.paytables import CARIBBEAN_STUD_BASE, CASINO_STUD_POKER, MISSISSIPPI_STUD_BASE
from trainer.houses.models import (
    House,
    HouseRulesSettings,
    PaytableRow,
    PaytableVersion,
    User,
)
from trainer.houses.roles import GAMES_MANAGER, SUPERVISOR, TRAINEE

PASSWORD = "a-long-test-password-1"

#: the source texts' tables, as the engine defines them
SOURCE_TABLES = {
    "mississippi-stud": MISSISSIPPI_STUD_BASE,
    "caribbean-stud": CARIBBEAN_STUD_BASE,
    "casino-stud": CASINO_STUD_POKER,
}


class HouseFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = House
        django_get_or_create = ("slug",)

    name = factory.Sequence(lambda n: f"House {n}")
    slug = factory.Sequence(lambda n: f"house-{n}")


class HouseRulesFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = HouseRulesSettings

    house = factory.SubFactory(HouseFactory)


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    house = factory.SubFactory(HouseFactory)
    password = factory.django.Password(PASSWORD)

    role = factory.PostGeneration(lambda user, create, extracted, **kw: give_role(user, extracted))


def give_role(user, role):
    """Put `user` in the group of `role`; a games manager can use the admin."""
    if role:
        user.groups.add(Group.objects.get(name=role))
        if role == GAMES_MANAGER:
            user.is_staff = True
            user.save(update_fields=["is_staff"])


class TraineeFactory(UserFactory):
    role = factory.PostGeneration(lambda u, c, extracted, **kw: give_role(u, extracted or TRAINEE))


class SupervisorFactory(UserFactory):
    role = factory.PostGeneration(
        lambda u, c, extracted, **kw: give_role(u, extracted or SUPERVISOR)
    )


class ManagerFactory(UserFactory):
    role = factory.PostGeneration(
        lambda u, c, extracted, **kw: give_role(u, extracted or GAMES_MANAGER)
    )


class PaytableVersionFactory(factory.django.DjangoModelFactory):
    """A version with the source text's rows for its game (pass rows=False for none)."""

    class Meta:
        model = PaytableVersion
        skip_postgeneration_save = True

    house = factory.SubFactory(HouseFactory)
    game = "mississippi-stud"
    label = factory.Sequence(lambda n: f"Table {n}")
    pair_band_low = factory.LazyAttribute(lambda v: 11 if v.game == "mississippi-stud" else None)
    push_band_low = factory.LazyAttribute(lambda v: 6 if v.game == "mississippi-stud" else None)
    push_band_high = factory.LazyAttribute(lambda v: 10 if v.game == "mississippi-stud" else None)

    @factory.post_generation
    def rows(self, create, extracted, **kwargs):
        if not create or extracted is False:
            return
        table = extracted or SOURCE_TABLES[self.game].as_dict()
        for label, odds in table.items():
            win, _, to = str(odds).partition(":")
            PaytableRowFactory(version=self, category=_order(label), win=int(win), to=int(to or 1))


def _order(label):
    from trainer.engine import Category

    return Category.from_label(label).order


class PaytableRowFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = PaytableRow

    version = factory.SubFactory(PaytableVersionFactory, rows=False)
    category = 2
    win = 1
    to = 1


# --- assessments ----------------------------------------------------------------------------
# Sittings are started through the service, as the site starts them, so that their questions
# are real drills questions.


class AssessmentFactory(factory.django.DjangoModelFactory):
    """A test with one section of three "does the dealer qualify?" questions at level 1
    (parts=[...] to give others as (kind, count) or (kind, count, level))."""

    class Meta:
        model = Assessment
        skip_postgeneration_save = True

    house = factory.SubFactory(HouseFactory)
    title = factory.Sequence(lambda n: f"Test {n}")
    pass_mark = 60

    @factory.post_generation
    def parts(self, create, extracted, **kwargs):
        if not create:
            return
        for position, (kind, count, *level) in enumerate(extracted or [("cs-qualify", 3)], start=1):
            Part.objects.create(
                assessment=self,
                kind=kind,
                count=count,
                level=level[0] if level else 1,
                position=position,
            )


class AssignmentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Assignment

    test = factory.SubFactory(AssessmentFactory)
    trainee = factory.SubFactory(TraineeFactory, house=factory.SelfAttribute("..test.house"))


# --- answers, as a form posts them ----------------------------------------------------------


def right_answer(question) -> dict:
    """The expected answer as a form would post it."""
    data = {}
    for field in question.fields:
        value = question.expected[field["name"]]
        if field["kind"] == "chips":
            _post_chips(data, field["name"], value["chips"])
            continue
        if field["kind"] == "watch":
            data.update(post_watch(field, value))
            continue
        data[field["name"]] = value if isinstance(value, list) else str(value)
    return data


def post_watch(field: dict, value: dict) -> dict:
    """A watched settlement as its inputs post it: "<field>.call", and for a wrong
    one "<field>.situation" and the right settlement ("<field>.amount", or a pot's
    "<field>.share.<seat>")."""
    name = field["name"]
    data = {f"{name}.call": value["call"]}
    said = {"call": value["call"]}  # the same as a mapping under the field's name
    if value["call"] == "wrong":
        data[f"{name}.situation"] = said["situation"] = value["situation"]
        amount = value["amount"]
        if isinstance(amount, dict):
            data.update({f"{name}.share.{seat}": str(n) for seat, n in amount.items()})
            said["amount"] = {seat: str(n) for seat, n in amount.items()}
        else:
            data[f"{name}.amount"] = said["amount"] = str(amount)
    return {name: said, **data}


def _post_chips(data: dict, name: str, counts: dict) -> None:
    """Chip counts as the chip builder posts them ("<field>.<chip value>"), and as a mapping
    under the field's name (a plain dict answer)."""
    data[name] = {v: str(n) for v, n in counts.items()}
    data.update({f"{name}.{v}": str(n) for v, n in counts.items()})


def wrong_answer(question) -> dict:
    """The expected answer with its first field changed to another valid value."""
    data = right_answer(question)
    field = question.fields[0]
    name, value = field["name"], question.expected[field["name"]]
    if field["kind"] in ("amount", "signed"):
        data[name] = str(value + 1)
    elif field["kind"] == "chips":
        unit = field["choices"][0][0]
        counts = {**value["chips"], unit: value["chips"].get(unit, 0) + 1}
        _post_chips(data, name, counts)
    elif field["kind"] == "watch":  # marked the other way round
        flipped = "wrong" if value["call"] == "right" else "right"
        data = {k: v for k, v in data.items() if not k.startswith(f"{name}.")}
        zero = dict.fromkeys(field.get("seats", ()), 0) or 0  # a pot's: each seat's chips
        guess = {"call": flipped, "situation": field["choices"][0][0], "amount": zero}
        data.update(post_watch(field, guess))
    elif field["kind"] == "seats":
        seats = [c[0] for c in field["choices"]]
        data[name] = [s for s in seats if s not in value][:1] or seats[:1]
        if sorted(data[name]) == sorted(value):
            data[name] = seats
    else:
        data[name] = next(c[0] for c in field["choices"] if c[0] != value)
    return data
