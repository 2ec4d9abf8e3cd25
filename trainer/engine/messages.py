"""The engine's sentences as messages: English text that remembers how it was made.

A `Message` is a `str` whose value is the English sentence, so every caller that compares,
slices or searches the engine's text keeps working; it also carries the English pattern
(`msgid`, with `%(name)s` placeholders) and the parameters that filled it, so a layer above the
engine can say the same sentence in the reader's language (`trainer.core.i18n.render`).  The
engine itself never translates and never imports Django.

`say` and `say_n` are the keywords the catalogue's extraction looks for
(`xgettext --keyword=say --keyword=say_n:1,2`): call them with a literal pattern, never with a
variable, or the pattern never reaches the catalogue.

>>> m = say("the dealer does not qualify: %(hand)s", hand=say("ace high"))
>>> m
'the dealer does not qualify: ace high'
>>> m.msgid, m.params["hand"].msgid
('the dealer does not qualify: %(hand)s', 'ace high')
>>> say_n("seat %(seats)s takes nothing", "seats %(seats)s take nothing", 2, seats="1 and 3")
'seats 1 and 3 take nothing'
>>> Message.from_json(m.to_json()) == m, Message.from_json(m.to_json()).msgid == m.msgid
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Union

__all__ = ["Message", "Param", "join", "say", "say_n"]

#: what a placeholder may hold: text already in its final form, a number, or another message
Param = Union[str, int, "Message"]


class Message(str):
    """An English sentence with the pattern and parameters that made it.

    `msgid` is the English pattern; `params` fill its `%(name)s` placeholders; a plural message
    also has `plural` (the English plural pattern) and `n` (the number that chooses the form).
    A message made of parts (`join`) has the msgid "" and its parts in `parts`.
    """

    msgid: str
    params: Mapping[str, Param]
    # the defaults live on the class: most messages are neither plural, joined nor capitalised,
    # and a stored step reads back dozens of them
    plural: str | None = None
    #: which of the plural's forms applies (str's own `count` method is left alone)
    n: int | None = None
    parts: tuple[Param, ...] = ()
    #: the sentence starts a line: its first letter is a capital, in every language
    capital: bool = False

    def __new__(
        cls,
        msgid: str,
        params: Mapping[str, Param] | None = None,
        *,
        plural: str | None = None,
        count: int | None = None,
        parts: tuple[Param, ...] = (),
        capital: bool = False,
    ) -> Message:
        # a parameter is kept as a number only if it is a plain int; anything else (a card, an
        # enum, a bool) as the text it shows, so the stored form is what the sentence said
        values: dict[str, Param] = {}
        if params:
            for k, v in params.items():
                values[k] = v if type(v) is int or isinstance(v, Message) else str(v)
        return cls._made(msgid, values, plural, count, parts, capital)

    @classmethod
    def _made(
        cls,
        msgid: str,
        values: dict[str, Param],
        plural: str | None,
        count: int | None,
        parts: tuple[Param, ...],
        capital: bool,
    ) -> Message:
        """The message of parameters already kept as __new__ keeps them (`from_json` reads
        them back so, and checks each once)."""
        if parts:
            text = "".join(p if isinstance(p, str) else str(p) for p in parts)
        else:
            pattern = msgid if plural is None or count == 1 else plural
            text = pattern % values if values else pattern
        if capital:
            text = text[:1].upper() + text[1:]
        self = str.__new__(cls, text)
        self.msgid = msgid
        self.params = values
        if plural is not None:
            self.plural = plural
            self.n = count
        if parts:
            self.parts = parts
        if capital:
            self.capital = True
        return self

    def capitalized(self) -> Message:
        """The same message starting with a capital letter (`words.cap`)."""
        return Message(
            self.msgid,
            self.params,
            plural=self.plural,
            count=self.n,
            parts=self.parts,
            capital=True,
        )

    def ending(self, text: str) -> str:
        """The message's last parts whose English is `text` (a line cut off its "Seat 3: "),
        still a message; `text` itself when no trailing parts say exactly it.

        >>> join(say("Seat %(seat)s: ", seat="3"), say("push")).ending("push").msgid
        'push'
        """
        for start in range(len(self.parts) - 1, -1, -1):
            rest = self.parts[start:]
            if "".join(str(p) for p in rest) == text:
                only = rest[0]
                return only if len(rest) == 1 and isinstance(only, str) else join(*rest)
        return text

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.to_json(),))

    def __repr__(self) -> str:
        return str.__repr__(str(self))

    def __add__(self, other: str) -> Message:
        """`message + text` stays a message (its English is the two joined)."""
        if not isinstance(other, str):
            return NotImplemented
        return join(self, other)

    def __radd__(self, other: str) -> Message:
        if not isinstance(other, str):
            return NotImplemented
        return join(other, self)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready form: {"msgid", "params"} (and "plural", "count"; or "parts").

        >>> say("Net %(net)s.", net="+3").to_json()
        {'msgid': 'Net %(net)s.', 'params': {'net': '+3'}}
        """
        data: dict[str, Any] = {"msgid": self.msgid}
        if self.capital:
            data["capital"] = True
        if self.parts:
            data["parts"] = [_param_json(p) for p in self.parts]
            return data
        if self.params:
            data["params"] = {k: _param_json(v) for k, v in self.params.items()}
        if self.plural is not None:
            data["plural"] = self.plural
            data["count"] = self.n
        return data

    @classmethod
    def from_json(cls, data: object) -> str:
        """The message `to_json` gave; a plain string (stored before messages) is itself.

        >>> Message.from_json("The dealer shows Q♥.")
        'The dealer shows Q♥.'
        >>> type(Message.from_json({"msgid": "push"})).__name__
        'Message'
        """
        if isinstance(data, str):
            return data
        if type(data) is not dict and not isinstance(data, Mapping):
            raise ValueError(f"not a stored message: {data!r}")
        msgid = data.get("msgid")
        if not isinstance(msgid, str):
            raise ValueError(f"not a stored message: {data!r}")
        if len(data) == 1:
            # a word without parameters ("queen", "Ante"): about half of a stored step's
            # messages; one object per pattern, as the engine's own literals are
            found = _WORDS.get(msgid)
            if found is None:
                found = cls(msgid)
                if len(_WORDS) < _WORDS_KEPT:
                    _WORDS[msgid] = found
            return found
        # each parameter's value checked once, here (a stored step holds dozens of messages,
        # and the answer cycle reads one back)
        capital = data.get("capital") is True
        if "parts" in data:
            parts = tuple(_param_from(p) for p in data["parts"])
            return cls._made("", {}, None, None, parts, capital)
        values = {str(k): _param_from(v) for k, v in (data.get("params") or {}).items()}
        plural = data.get("plural")
        count = data.get("count")
        return cls._made(
            msgid,
            values,
            plural if isinstance(plural, str) else None,
            count if isinstance(count, int) else None,
            (),
            capital,
        )


#: the parameterless messages read back, by pattern (bounded: stored data is not trusted to
#: hold only the engine's patterns)
_WORDS: dict[str, Message] = {}
_WORDS_KEPT = 4096


def _param_json(value: Param) -> Any:
    if isinstance(value, Message):
        return value.to_json()
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        return str(value)
    return value if isinstance(value, int) else str(value)


def _param_from(value: object) -> Param:
    # what a parameter holds, as __new__ keeps it: a plain int, a message, or text
    kind = type(value)
    if kind is str or kind is int:
        return value  # type: ignore[return-value]
    if kind is dict or isinstance(value, Mapping):
        return Message.from_json(value)
    if isinstance(value, Message):
        return value
    return str(value)


def _rebuild(data: dict[str, Any]) -> str:
    return Message.from_json(data)


def say(msgid: str, /, **params: Param) -> Message:
    """A sentence: `msgid` is the English pattern, `params` fill its `%(name)s` placeholders."""
    return Message(msgid, params)


def say_n(singular: str, plural: str, count: int, /, **params: Param) -> Message:
    """A sentence with a singular and a plural form, chosen by `count` (English: 1 or not 1).
    `count` is also a parameter, `%(count)s`, unless `params` names it otherwise."""
    return Message(singular, {"count": count, **params}, plural=plural, count=count)


def join(*parts: Param | Iterable[Param], sep: str = "") -> Message:
    """Parts said one after another (`who + what`): a message whose English is the parts'
    English joined by `sep`, each part rendered on its own in another language.

    >>> join(say("seat %(seat)s", seat="1"), ": ", say("push"))
    'seat 1: push'
    >>> join([say("two"), say("three")], sep="-")
    'two-three'
    """
    flat: list[Param] = []
    for part in parts:
        if isinstance(part, (str, int)):
            flat.append(part)
        else:
            flat.extend(part)
    if sep:
        spaced: list[Param] = []
        for i, part in enumerate(flat):
            if i:
                spaced.append(sep)
            spaced.append(part)
        flat = spaced
    return Message("", parts=tuple(p if isinstance(p, str) else str(p) for p in flat))
