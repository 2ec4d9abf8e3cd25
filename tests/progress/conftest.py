"""What the progress tests share: the situations the drill kinds list, the tests' own."""

import pytest

from trainer.engine.drills import REGISTRY

MS_PAY = ("pair of sixes pushes", "two pair pays 2 to 1", "trips pays 3 to 1")
BRING_IN = ("bring-in tie on rank", "lowest card brings it in")


@pytest.fixture
def listed(monkeypatch):
    """ms-pay and es-bring-in list the tests' situations; every other kind lists none."""
    lists = {"ms-pay": MS_PAY, "es-bring-in": BRING_IN}
    for slug, kind in REGISTRY.items():
        situations = lists.get(slug, ())
        monkeypatch.setattr(kind, "situations", lambda config, s=situations: s)
    return lists
