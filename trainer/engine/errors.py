"""The engine's error types: every bad input raises one of these, never a bare KeyError."""

#: how much of a bad input an error message quotes
QUOTED = 60


def quoted(text: str, limit: int = QUOTED) -> str:
    """`text` as an error message quotes it: in quotes, its first `limit` characters, and what
    a terminal cannot show (a control character, a lone surrogate) as its escape, \\ud800, so
    that the message is always printable text, however hostile the input."""
    short = text[:limit]
    shown = "".join(c if c.isprintable() else ascii(c)[1:-1] for c in short)
    return f"'{shown}{'…' if len(text) > limit else ''}'"


class EngineError(ValueError):
    """Base of every error the engine raises for input it cannot rule on."""


class CardError(EngineError):
    """A card, or a group of cards, that cannot be read or is not allowed.

    The message names the offending token in words a dealer understands.
    """


class RulingError(EngineError):
    """A request that cannot be ruled: `field` names the request key at fault (or None),
    `seat` the seat within it, when one seat's entry is at fault, and `street` (3 to 7) the
    street, when one street's entry is (Mississippi Stud's bets): a page puts the message
    beside the right input by these, never by reading the message's words."""

    def __init__(
        self,
        message: str,
        field: str | None = None,
        *,
        seat: str | None = None,
        street: int | None = None,
    ) -> None:
        super().__init__(message)
        self.field = field
        self.seat = seat
        self.street = street
        self.message = message


def message_of(exc: BaseException) -> str:
    """The message an engine error was raised with: a `Message` stays one (`str(exc)` would
    keep only its English)."""
    first = exc.args[0] if len(exc.args) == 1 else None
    return first if isinstance(first, str) else str(exc)
