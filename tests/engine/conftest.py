"""Engine test settings: `@pytest.mark.slow` tests (full enumerations) run only with RUN_SLOW=1."""

import os

import pytest


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "slow: a full enumeration taking seconds to minutes; run with RUN_SLOW=1"
    )


def pytest_collection_modifyitems(config, items):
    if os.environ.get("RUN_SLOW") == "1":
        return
    skip = pytest.mark.skip(reason="full enumeration: set RUN_SLOW=1 to run it")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
