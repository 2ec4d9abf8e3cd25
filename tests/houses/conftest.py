import pytest

from tests.factories import ManagerFactory, PaytableVersionFactory


@pytest.fixture
def house(riverboat):
    """The house these tests configure: one made by the factories, not the demo fixture."""
    return riverboat


@pytest.fixture
def manager(house):
    """Here, the games manager of `house` (the root conftest's is the demo house's)."""
    return ManagerFactory(house=house)


@pytest.fixture
def manager_client(client, manager):
    client.force_login(manager)
    return client


@pytest.fixture
def ms_version(house):
    return PaytableVersionFactory(house=house, game="mississippi-stud", label="Base")


@pytest.fixture
def immediate_tasks(settings):
    """Tasks run as they are queued (on commit), in the test's own process and transaction."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
