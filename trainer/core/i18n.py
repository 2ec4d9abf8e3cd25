"""The engine's messages in the reader's language.

The engine (`trainer.engine.messages`) builds each sentence as a `Message`: English text that
keeps its pattern (`msgid`) and parameters.  `render` says it in the active language: Django's
gettext (ngettext for a plural) of the pattern, each parameter rendered the same way, then the
parameters put in.  A plain string (text stored before messages, a card code, a number) is
shown as it is, so a reason stored in English still reads in English.

The engine's patterns are in the project's one catalogue, `locale/<lang>/LC_MESSAGES/django.po`
(extracted from the engine with the keywords `say` and `say_n`), rather than in a catalogue of
its own read by the standard library's gettext: one catalogue for a translator, one
`compilemessages`, and Django's active language (per request, per user, per
`translation.override`) decides for the engine's sentences exactly as for the pages.

>>> from trainer.engine.messages import say
>>> render(say("Net %(net)s; %(receives)s.", net="+3", receives=say("the player receives nothing")))
'Net +3; the player receives nothing.'
>>> render("stored before messages")
'stored before messages'
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from django.db import models
from django.utils import translation

from trainer.core.numbers import localized_amount
from trainer.engine.messages import Message

__all__ = ["MessageTextField", "MessagesField", "render", "render_all", "storable", "stored"]


def render(message: object) -> str:
    """`message` in the active language: a `Message` translated, anything else as text."""
    if not isinstance(message, Message):
        return message if isinstance(message, str) else str(message)
    language = translation.get_language()
    if language is None or language == "en" or language.startswith("en-"):
        # the engine writes English: its text is the message, no catalogue to look in
        return str(message)
    return _said(message)


def _said(message: Message) -> str:
    if message.parts:
        text = "".join(_said(p) if isinstance(p, Message) else str(p) for p in message.parts)
    else:
        if message.plural is not None:
            count = message.n if message.n is not None else 1
            pattern = translation.ngettext(message.msgid, message.plural, count)
        else:
            pattern = translation.gettext(message.msgid)
        params = message.params
        if params:
            text = pattern % {name: _param(value) for name, value in params.items()}
        else:
            text = pattern
    if message.capital:
        return text[:1].upper() + text[1:]
    return text


def _param(value: object) -> object:
    # numbers stay numbers, so a pattern's `%(count)d` still formats them; an amount the engine
    # wrote grouped the English way ("1,250") is grouped the reader's way
    if isinstance(value, Message):
        return _said(value)
    return localized_amount(value) if isinstance(value, str) else value


def render_all(messages: Iterable[object]) -> list[str]:
    return [render(m) for m in messages]


def storable(message: object) -> Any:
    """What the database keeps of an engine text: a message's JSON form, a plain string as
    itself (stored English stays English)."""
    return message.to_json() if isinstance(message, Message) else message


def stored(value: object) -> object:
    """The message `storable` kept (or a string stored before messages, as it is)."""
    if isinstance(value, Mapping):
        try:
            return Message.from_json(value)
        except ValueError:
            return str(value)
    return value


def _to_storage(value: Any) -> Any:
    if isinstance(value, Message):
        return value.to_json()
    if isinstance(value, list | tuple):
        return [_to_storage(v) for v in value]
    if isinstance(value, dict):
        return {k: _to_storage(v) for k, v in value.items()}
    return value


def _from_storage(value: Any) -> Any:
    # the value as json.loads gave it: lists, dicts, strings and numbers only
    kind = type(value)
    if kind is list:
        return [_from_storage(v) for v in value]
    if kind is dict:
        if type(value.get("msgid")) is str:
            return stored(value)
        return {k: _from_storage(v) for k, v in value.items()}
    return value


class MessagesField(models.JSONField):
    """JSON holding the engine's sentences (a list of steps, or an object such as an audit's
    output with its steps inside): each `Message` is kept as its JSON form (pattern and
    parameters, so it can be said in any language later) and read back as a `Message`; a
    plain string, such as every reason stored before messages, stays the string it was.  The
    column is the JSONField's own: changing a field to this one alters no table.  (No object
    the engine stores has a key "msgid" of its own: that key marks a message.)"""

    def get_prep_value(self, value: Any) -> Any:
        return super().get_prep_value(_to_storage(value))

    def from_db_value(self, value: Any, expression: Any, connection: Any) -> Any:
        return _from_storage(super().from_db_value(value, expression, connection))


#: how a message's JSON form starts in a text column (no English sentence of the engine does)
_STORED_MESSAGE = '{"msgid": '


class MessageTextField(models.TextField):
    """One engine sentence in a text column: a `Message` kept as its JSON text and read back
    as the `Message`; any other text (everything stored before messages) is read as it is."""

    def get_prep_value(self, value: Any) -> Any:
        if isinstance(value, Message):
            return json.dumps(value.to_json(), ensure_ascii=False)
        return super().get_prep_value(value)

    def from_db_value(self, value: Any, expression: Any, connection: Any) -> Any:
        if isinstance(value, str) and value.startswith(_STORED_MESSAGE):
            try:
                return Message.from_json(json.loads(value))
            except ValueError:  # json's decode error is one too
                return value
        return value
