"""What the drills' services refuse, each with the HTTP status that fits."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy

if TYPE_CHECKING:
    from .models import PracticeSession


class DrillError(Exception):
    """A request the trainee cannot make; `status` is the HTTP status that fits, `session` the
    trainee's own session to go back to, if any."""

    status = 400

    def __init__(self, message: str, *, session: PracticeSession | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.session = session


class NotFound(DrillError):
    status = 404


class NotYours(DrillError):
    """The trainee's own question, asked for where it cannot be answered.  Someone else's
    question, session or sitting is NotFound instead, exactly as a missing one: the answer
    never tells a trainee whether another trainee's id exists."""

    status = 403


class Stale(DrillError):
    status = 409


class NotAllowed(DrillError):
    """A drill the user is not offered: a watch drill, for a trainee the house has not
    promoted to watch the game."""

    status = 403


NOT_A_WATCHER = gettext_lazy(
    "The watch drills are for those who watch the game: supervisors, games managers and the "
    "trainees their house promotes to the floor. Your supervisor can promote you from your "
    "page among their trainees (“Promote to watch the game”)."
)


NO_SUCH_SESSION = gettext_lazy("There is no such practice session.")
NO_SUCH_QUESTION = gettext_lazy("There is no such question.")


class Finished(DrillError):
    """A session of adaptive practice with nothing left to deal (all missed hands answered
    right, nothing due and no new skill left)."""

    status = 409
