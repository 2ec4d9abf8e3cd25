import pytest

from tests.factories import HouseFactory, HouseRulesFactory, ManagerFactory, PaytableVersionFactory


@pytest.fixture
def house(db):
    house = HouseFactory(name="Riverboat", slug="riverboat")
    HouseRulesFactory(house=house)
    return house


@pytest.fixture
def manager(house):
    return ManagerFactory(house=house)


@pytest.fixture
def manager_client(client, manager):
    client.force_login(manager)
    return client


@pytest.fixture
def ms_version(house):
    return PaytableVersionFactory(house=house, game="mississippi-stud", label="Base")
