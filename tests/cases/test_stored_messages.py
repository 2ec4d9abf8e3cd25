"""A kept case keeps its ruling's reasons as the engine's messages: they read in the
reader's language; its ruling as data stays the API's English."""

from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from trainer.cases.models import Case
from trainer.core.i18n import render
from trainer.engine.messages import Message

CATALOGUE = Path(settings.BASE_DIR) / "locale" / "es" / "LC_MESSAGES" / "django.mo"


def test_a_cases_steps_are_kept_as_messages_and_its_ruling_as_english(supervisor, keep):
    case = Case.objects.get(pk=keep(supervisor).pk)
    assert case.steps and all(isinstance(step, Message) for step in case.steps)
    assert case.ruling["steps"] == [str(step) for step in case.steps]
    assert all(type(step) is str for step in case.ruling["steps"])


@pytest.mark.skipif(not CATALOGUE.exists(), reason="no Spanish catalogue built")
def test_a_cases_steps_read_in_spanish(supervisor, keep):
    case = Case.objects.get(pk=keep(supervisor).pk)
    with translation.override("es"):
        said = [render(step) for step in case.steps]
    assert said != [str(step) for step in case.steps]
    assert any(line.startswith("Las cinco cartas finales") or "crupier" in line for line in said)
