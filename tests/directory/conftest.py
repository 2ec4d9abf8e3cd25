"""The directory's tests: a real OpenID Connect provider (tests/directory/provider.py),
started once for the session."""

import pytest

from tests.directory.provider import Person, Provider


@pytest.fixture(scope="session")
def provider():
    started = Provider().start()
    started.people.update(
        {
            "dana": Person(
                "dana-pw-1", "sub-dana", "Dana", "Reyes", "dana@casino.test", ["dealers"]
            ),
            "pat": Person(
                "pat-pw-1", "sub-pat", "Pat", "Okafor", "pat@casino.test", ["pit-bosses"]
            ),
            "nobody": Person("nobody-pw-1", "sub-nobody", "No", "Body", "", ["cleaners"]),
        }
    )
    yield started
    started.stop()
