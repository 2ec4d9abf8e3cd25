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
