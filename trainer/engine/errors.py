"""The engine's error types: every bad input raises one of these, never a bare KeyError."""


class EngineError(ValueError):
    """Base of every error the engine raises for input it cannot rule on."""


class CardError(EngineError):
    """A card, or a group of cards, that cannot be read or is not allowed.

    The message names the offending token in words a dealer understands.
    """


class RulingError(EngineError):
    """A request that cannot be ruled: `field` names the request key at fault (or None), and
    `seat` the seat within it, when one seat's entry is at fault."""

    def __init__(self, message: str, field: str | None = None, *, seat: str | None = None) -> None:
        super().__init__(message)
        self.field = field
        self.seat = seat
        self.message = message
