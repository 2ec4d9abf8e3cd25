"""An audited line keeps its ruling's steps as the engine's messages (said in the reader's
language on the line's page); what the audit writes out stays the API's English."""

from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from trainer.audits.models import AuditLine
from trainer.core.i18n import render
from trainer.engine.messages import Message

CATALOGUE = Path(settings.BASE_DIR) / "locale" / "es" / "LC_MESSAGES" / "django.mo"


def _ruled(report) -> AuditLine:
    return next(
        line for line in AuditLine.objects.filter(report=report) if line.result.get("steps")
    )


def test_an_audited_lines_steps_are_kept_as_messages(report):
    line = _ruled(report)
    assert all(isinstance(step, Message) for step in line.result["steps"])
    # everything else of the result stays as it was: numbers, codes, the verdict
    assert isinstance(line.result["verdict"], str) and line.result["verdict"] == line.verdict


@pytest.mark.skipif(not CATALOGUE.exists(), reason="no Spanish catalogue built")
def test_an_audited_lines_steps_read_in_spanish(report):
    steps = _ruled(report).result["steps"]
    with translation.override("es"):
        said = [render(step) for step in steps]
    assert said != [str(step) for step in steps]
