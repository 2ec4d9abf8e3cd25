import pytest
from django.core.management import call_command

from tests.factories import TraineeFactory
from trainer.houses.models import House


@pytest.fixture
def demo(db):
    call_command("loaddata", "demo_house", verbosity=0)
    return House.objects.get(slug="demo")


@pytest.fixture
def trainee(demo):
    return TraineeFactory(house=demo, username="tina")


@pytest.fixture
def other_trainee(demo):
    return TraineeFactory(house=demo, username="otto")


@pytest.fixture
def trainee_client(client, trainee):
    client.force_login(trainee)
    return client


def right_answer(question) -> dict:
    """The expected answer as a form would post it."""
    data = {}
    for field in question.fields:
        value = question.expected[field["name"]]
        data[field["name"]] = value if isinstance(value, list) else str(value)
    return data


def wrong_answer(question) -> dict:
    """The expected answer with its first field changed to another valid value."""
    data = right_answer(question)
    field = question.fields[0]
    name, value = field["name"], question.expected[field["name"]]
    if field["kind"] in ("amount", "signed"):
        data[name] = str(value + 1)
    elif field["kind"] == "seats":
        seats = [c[0] for c in field["choices"]]
        data[name] = [s for s in seats if s not in value][:1] or seats[:1]
        if sorted(data[name]) == sorted(value):
            data[name] = seats
    else:
        data[name] = next(c[0] for c in field["choices"] if c[0] != value)
    return data
