"""A dealt round keeps the engine's messages in its stored steps: its prompts, events and
reasons read back as messages (in any language), and a step stored as plain English still
reads as it was."""

from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from tests.rounds.conftest import deal, steps
from trainer.core.i18n import render
from trainer.engine.kit.rounds import Step
from trainer.engine.messages import Message
from trainer.rounds.models import Round, RoundStep

CATALOGUE = Path(settings.BASE_DIR) / "locale" / "es" / "LC_MESSAGES" / "django.mo"
spanish = pytest.mark.skipif(
    not CATALOGUE.exists(), reason="no Spanish catalogue built (compilemessages)"
)


def _qualify(caribbean) -> Step:
    row = next(r for r in steps(caribbean) if r.step["phase"] == "qualify")
    return Step.of_json(RoundStep.objects.get(pk=row.pk).step)


def test_a_stored_step_reads_back_its_messages(caribbean):
    step = _qualify(caribbean)
    assert isinstance(step.prompt, Message)
    assert step.prompt.startswith("Every decision is made")
    assert step.events and all(isinstance(e, Message) for e in step.events)
    assert step.reasons and all(isinstance(r, Message) for r in step.reasons)


def test_a_step_stored_as_english_text_reads_as_it_was(caribbean):
    row = next(r for r in steps(caribbean) if r.step["phase"] == "qualify")
    old = {**row.step, "prompt": "Turn the dealer's hand.", "reasons": ["The dealer reveals."]}
    RoundStep.objects.filter(pk=row.pk).update(step=old)
    step = Step.of_json(RoundStep.objects.get(pk=row.pk).step)
    assert step.prompt == "Turn the dealer's hand." and type(step.prompt) is str
    assert step.reasons == ("The dealer reveals.",)


@spanish
def test_a_stored_steps_prompt_and_events_read_in_spanish(caribbean):
    step = _qualify(caribbean)
    with translation.override("es"):
        assert render(step.prompt).startswith("Todas las decisiones están tomadas")
        assert render(step.events[-1]).startswith("El crupier descubre la mano: ")


def test_a_dealt_rounds_log_is_kept_as_messages(trainee):
    played = deal(trainee, "mississippi-gonorrhea", players=3, seed=1)
    log = Round.objects.get(pk=played.pk).dealt["log"]
    assert log and all(isinstance(line, Message) for line in log)
    assert log[0] == "Each of 3 players antes 5: the pot is 15."


@spanish
def test_a_rounds_page_shows_its_events_in_spanish(trainee, trainee_client):
    played = deal(trainee, "mississippi-gonorrhea", players=3, seed=1)
    page = trainee_client.get(
        reverse("rounds:round", args=[played.pk]), HTTP_ACCEPT_LANGUAGE="es"
    ).content.decode()
    assert "Cada uno de los 3 jugadores pone un ante de 5: el bote es de 15." in page
    assert "Apuestas tras el reparto: 3 jugadores ponen 5 cada uno" in page
