"""What the felt draws once per app server and keeps (an answer field, a hand of cards) is kept
per language: a Spanish reader never gets the English drawing kept for an English one."""

from __future__ import annotations

from django.utils import translation

from trainer.core.templatetags.cards import cards
from trainer.drills.forms import AnswerInput


def marked_spanish(monkeypatch):
    """A stand-in Spanish for every message: the English message itself marked «es», whatever
    the catalogue says (the test needs no catalogue, and a real one does not change what it
    reads)."""
    english = translation.gettext

    def gettext(message):
        with translation.override("en"):
            said = english(message)
        return f"«es» {said}" if translation.get_language() == "es" else said

    monkeypatch.setattr(translation, "gettext", gettext)


def test_an_answer_field_is_drawn_in_each_readers_language(monkeypatch):
    marked_spanish(monkeypatch)
    field = AnswerInput(
        name="pays", label="Ante pays here", input_type="text", id="id_pays_here", value="",
        options=(), errors=(), autofocus=False, zero="Push",
    )  # fmt: skip
    with translation.override("en"):
        english = field.html()
    with translation.override("es"):
        spanish = field.html()
    with translation.override("en"):
        again = field.html()
    with translation.override("es"):
        spanish_again = field.html()
    assert "«es» Push: answer 0 for Ante pays here" in spanish and "«es»" not in english
    # kept per language: each reader gets their own drawing back, never the other's
    assert again == english and spanish_again == spanish


def test_a_hand_is_drawn_in_each_readers_language(monkeypatch):
    drawn = {}
    for language in ("en", "es", "en"):
        with translation.override(language):
            drawn.setdefault(language, []).append(cards("Qh Qs"))
    # one drawing per language, kept: the same object each time it is asked for again
    assert drawn["en"][0] is drawn["en"][1]
    assert drawn["es"][0] is not drawn["en"][0]
