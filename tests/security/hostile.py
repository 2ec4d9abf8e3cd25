"""What the fuzz tests (tests/security/test_fuzz.py) send and against what: hostile values and
query strings, every URL of the URLconf made concrete with real and missing ids, and the
world of people and things they are sent by and at (`World`, `build_world`)."""

from __future__ import annotations

import functools
import itertools
import os
import re
import traceback
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date
from urllib.parse import urlencode

from django.apps import apps
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.db import transaction
from django.test import Client
from django.urls import URLResolver, get_resolver
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st

from tests.factories import (
    AssessmentFactory,
    AssignmentFactory,
    HouseFactory,
    HouseRulesFactory,
    ManagerFactory,
    PaytableVersionFactory,
    SupervisorFactory,
    TraineeFactory,
    UserFactory,
    right_answer,
)
from trainer.assessments.models import Sitting
from trainer.drills import dealing, services
from trainer.drills.models import Attempt, PracticeSession, Question
from trainer.houses.models import House, PaytableRow, PaytableVersion, User
from trainer.roster import models as roster_models
from trainer.roster import services as roster
from trainer.rounds import services as rounds

ROLES = ("anonymous", "trainee", "supervisor", "manager", "superuser")
COUNTED = (Question, Attempt, PracticeSession, PaytableVersion, PaytableRow, House, User)
HUGE = 10**30
MISSING_ID = 2_000_000_000


#: FUZZ_SCALE=10 runs ten times the examples (a longer hunt than the default run's minute)
SCALE = max(1, int(os.environ.get("FUZZ_SCALE", "1") or 1))


def fuzz(max_examples: int):
    """This module's settings, given per test: nothing is registered globally."""
    return settings(
        max_examples=max_examples * SCALE,
        deadline=None,
        derandomize=True,
        # the assertion names the request that failed, so shrinking would only cost time
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=[
            HealthCheck.function_scoped_fixture,
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
        ],
    )


# -- what hostile input looks like ---------------------------------------------------------

NASTY = [
    "",
    " ",
    "-1",
    "0",
    "1",
    "99999",
    str(HUGE),
    str(-HUGE),
    "1e400",
    "NaN",
    "-inf",
    "1.5",
    "0x10",
    "99999-99-99",
    "2024-02-30",
    "0000-00-00",
    "\x00",
    "a\x00b",
    "💥🃏",
    "Q♥ Q♠",
    "ｑｈ ｑｓ",
    "\u202eevil",
    "' OR 1=1 --",
    "<script>alert(1)</script>",
    "{{ 7|add:7 }}",
    "%s%s%n",
    "../../etc/passwd",
    "x" * 5_000,
    "true",
    "null",
    "[]",
    "{}",
]
scalars = st.one_of(
    st.sampled_from(NASTY),
    st.text(max_size=10).map(lambda text: text + "\x00"),
    st.text(max_size=30),
    st.integers(min_value=-HUGE, max_value=HUGE).map(str),
)
form_values = st.one_of(scalars, st.lists(scalars, min_size=2, max_size=4))

QUERY_KEYS = [
    "sort",
    "o",
    "page",
    "p",
    "since",
    "until",
    "from",
    "to",
    "game",
    "kind",
    "level",
    "q",
    "e",
    "all",
    "_popup",
    "_to_field",
    "_changelist_filters",
    "house__id__exact",
    "house",
    "is_active__exact",
    "game__exact",
    "next",
    "format",
    "trainee",
    "user",
    "id",
    "pk",
]
RAW_TAILS = ["", "&", "&&=&==", "&%ff%fe=%c3%28", "&%zz=%", "&page=1&page=-1&page=x", "&q=%00"]


@st.composite
def query_strings(draw) -> str:
    """Repeated keys, real parameter names with wrong values, unicode, invalid escapes."""
    keys = st.one_of(st.sampled_from(QUERY_KEYS), st.text(max_size=12))
    pairs = draw(st.lists(st.tuples(keys, scalars), max_size=6))
    query = urlencode(pairs) + draw(st.sampled_from(RAW_TAILS))
    return query


def form_data(names: list[str]):
    """A dict of form fields: the real names (some left out) and random ones, hostile values."""
    keys = st.one_of(st.sampled_from(names), st.text(min_size=1, max_size=12))
    return st.dictionaries(keys, form_values, max_size=len(names) + 3)


# -- the site as a set of URLs --------------------------------------------------------------


def url_templates() -> list[str]:
    """Every URL pattern of the root URLconf, as route text (`drills/s/<int:session_id>/`)."""
    found: list[str] = []

    def walk(patterns, prefix: str) -> None:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                walk(pattern.url_patterns, prefix + str(pattern.pattern))
            else:
                found.append(prefix + str(pattern.pattern))

    walk(get_resolver().url_patterns, "")
    return sorted(set(found))


TEMPLATES = url_templates()

PARAMETER = re.compile(
    r"<(?:(?P<converter>\w+):)?(?P<name>\w+)>|\(\?P<(?P<group>\w+)>(?P<regex>.*?)\)"
)
ADMIN_MODEL = re.compile(r"^admin/(\w+)/(\w+)/")
#: URL parameter -> the model its id names, where the name alone does not say
ID_MODELS = {
    "session_id": "drills.PracticeSession",
    "question_id": "drills.Question",
    "user_id": "houses.User",
    "id": "houses.User",
    "test_id": "assessments.Assessment",
    "class_id": "roster.Cohort",
}


def model_for(name: str):
    label = ID_MODELS.get(name)
    if label:
        try:
            return apps.get_model(label)
        except LookupError:
            return None
    wanted = name.removesuffix("_id")
    return next((m for m in apps.get_models() if m._meta.model_name == wanted), None)


def first_ids(model, n: int = 3) -> list[str]:
    if model is None:
        return []
    return [str(pk) for pk in model.objects.order_by("pk").values_list("pk", flat=True)[:n]]


def values_for(template: str, match: re.Match) -> list[str]:
    """Existing ids (one's own and other people's), missing and malformed ones."""
    if match["group"]:
        regex = match["regex"]
        return regex.split("|") if "|" in regex and ".*" not in regex else ["no/such/page", "💥"]
    name, converter = match["name"], match["converter"] or "str"
    if name == "object_id":
        admin = ADMIN_MODEL.match(template)
        model = apps.get_model(*admin.groups()) if admin else None
        return first_ids(model) + [str(MISSING_ID), "not-an-id", "-1"]
    if name == "content_type_id":
        return [str(ContentType.objects.get_for_model(PaytableVersion).pk), "999999", "x"]
    ids = first_ids(model_for(name))
    if converter == "int":
        return ids + ["0", str(MISSING_ID), str(HUGE)]
    return ids + ["MQ", "set-password", "not-an-id", "💥"]


@functools.cache
def concrete_paths(template: str) -> list[str]:
    """The template filled in with ids of the module's world, worked out once: a strategy
    must not change between examples (a garbage post to an admin delete page deletes)."""
    matches = list(PARAMETER.finditer(template))
    choices = [values_for(template, m) for m in matches]
    paths = []
    for values in itertools.product(*choices):
        path, last = "", 0
        for match, value in zip(matches, values, strict=True):
            path += template[last : match.start()] + value
            last = match.end()
        path += template[last:]
        paths.append("/" + path.replace("^", "").replace("$", ""))
    return paths[:40]


# -- the people and things in the database --------------------------------------------------


@contextmanager
def undone():
    """Each example starts from the same database: whatever it wrote is rolled back (a post
    to an admin delete page really deletes), so a failing example replays the same way."""
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


def counts() -> dict[str, int]:
    return {model.__name__: model.objects.count() for model in COUNTED}


def describe(role: str, method: str, path: str, data, response) -> str:
    shown = repr(data)
    shown = shown if len(shown) < 1500 else shown[:1500] + "…"
    exc_info = getattr(response, "exc_info", None)
    trace = "".join(traceback.format_exception(*exc_info)) if exc_info else ""
    return f"{role} {method.upper()} {path[:500]!r} data={shown} -> {response.status_code}\n{trace}"


@dataclass
class World:
    demo: House
    other_house: House
    users: dict[str, User]
    other_trainee: User
    own_question: Question
    others_question: Question
    own_session: PracticeSession
    ended_session: PracticeSession
    others_session: PracticeSession
    clients: dict[str, Client] = field(default_factory=dict)

    def client(self, role: str, *, fresh: bool = False) -> Client:
        if fresh or role not in self.clients:
            client = Client()
            client.raise_request_exception = False
            if role != "anonymous":
                client.force_login(self.users[role])
            if fresh:
                return client
            self.clients[role] = client
        return self.clients[role]

    def send(self, role: str, method: str, path: str, data=None, *, client=None, **extra):
        client = client or self.client(role)
        response = getattr(client, method)(path, data, **extra)
        assert response.status_code < 500, describe(role, method, path, data, response)
        return response

    def deal(self, kind: str, seed: int) -> Question:
        """A new session's question, dealt from `seed` so its fields are the same each run."""
        session = PracticeSession.objects.create(trainee=self.users["trainee"], kind=kind)
        return dealing.deal_question(session, seed=seed)


def _assessment_objects(house: House, supervisor: User, trainee: User) -> None:
    """A test, its assignment and a sitting, so that their pages are fuzzed with ids that
    exist."""
    test = AssessmentFactory(house=house, title="Fuzz", created_by=supervisor)
    assignment = AssignmentFactory(test=test, trainee=trainee)
    Sitting.objects.create(assignment=assignment, trainee=trainee)


def build_world() -> World:
    call_command("loaddata", "demo_house", verbosity=0)
    demo = House.objects.get(slug="demo")
    other_house = HouseFactory(name="Riverboat", slug="riverboat")
    HouseRulesFactory(house=other_house)
    PaytableVersionFactory(house=other_house, game="mississippi-stud", label="Theirs")
    users = {
        "trainee": TraineeFactory(house=demo, username="tina"),
        "supervisor": SupervisorFactory(house=demo, username="sue"),
        "manager": ManagerFactory(house=demo, username="max"),
        "superuser": UserFactory(
            house=None, username="root", is_superuser=True, is_staff=True, role=None
        ),
    }
    other_trainee = TraineeFactory(house=other_house, username="otto")
    trainee = users["trainee"]
    own_session = services.start_session(trainee=trainee, kind="ms-pay", level=1)
    ended_session = services.start_session(trainee=trainee, kind="cs-settle", level=2)
    answered = services.current_question(ended_session)
    services.answer_question(trainee=trainee, question_id=answered.pk, raw=right_answer(answered))
    services.end_session(trainee=trainee, session_id=ended_session.pk)
    others_session = services.start_session(trainee=other_trainee, kind="hand-five", level=1)
    _assessment_objects(demo, users["supervisor"], trainee)
    # a round dealt, and a class given the test, so that their pages are fuzzed with real ids
    rounds.deal_round(trainee=trainee, game="caribbean-stud", level=1, players=3, seed=1)
    cohort = roster.create_class(
        actor=users["supervisor"], house=demo, name="Fuzz", starts_on=date(2026, 9, 1)
    )
    roster_models.ClassTest.objects.create(
        cohort=cohort, test=Sitting.objects.get().assignment.test, assigned_by=users["supervisor"]
    )
    world = World(
        demo=demo,
        other_house=other_house,
        users=users,
        other_trainee=other_trainee,
        own_question=services.current_question(own_session),
        others_question=services.current_question(others_session),
        own_session=own_session,
        ended_session=ended_session,
        others_session=others_session,
    )
    for role in ROLES:
        world.client(role)
    return world
