"""The ruling interface of RULING_API.md, as one function: `rule(request) -> response`.

The command, the HTTP API and the page all call `rule`.  The games registry gives, for each
game, the reader that turns the JSON request into a checked, typed request
(`trainer.engine.kit.requests`) and the ruler that applies the game's rules to it.

>>> push = {"game": "mississippi-stud", "hole": "6h 6s", "board": "Ac 9d Kc", "bets": [1, 1, 1, 1]}
>>> rule(push)["outcome"]
'push'
>>> rule({"game": "poker"})["error"]["field"]
'game'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .errors import EngineError, RulingError, message_of
from .games.banked_stud import rules as banked_stud
from .house import DEFAULT_CONFIG, HouseConfig
from .kit.registry import GAMES
from .messages import say


def outcome_words(value: object) -> str:
    """A ruling's `outcome` as a page says it: in words, never the API's code.

    >>> outcome_words("no-qualify"), outcome_words("push"), outcome_words("lose")
    ('the dealer does not qualify', 'push', 'lose')
    """
    words = {o.value: w for o, w in banked_stud.OUTCOME_WORDS.items()}
    return words.get(str(value), str(value))


#: looks a house up by slug: returns its config, or raises RulingError (field "house")
HouseResolver = Callable[[str], HouseConfig]


def unknown_house(slug: str) -> HouseConfig:
    raise RulingError(say("There is no house '%(slug)s'.", slug=slug), field="house")


def rule(
    request: object, *, resolve_house: HouseResolver = unknown_house, locate: bool = False
) -> dict[str, Any]:
    """Rule one request.  Never raises for bad input: the answer is then an error object.
    With `locate`, an error object also names the `seat` and the `street` at fault where the
    error knows them (for a form that shows the message beside that seat's or street's input;
    the API's error object is `field` and `message` only).

    >>> rule({"game": "mississippi-stud", "hole": "Qh Qs", "board": "2c 7d 9s",
    ...       "bets": [1, 5]}, locate=True)["error"]["street"]
    3
    """
    head: dict[str, Any] = {}
    try:
        if not isinstance(request, Mapping):
            raise RulingError(
                say('A request must be one JSON object, like {"game": "mississippi-stud", ...}.')
            )
        if "id" in request:
            request_id = request["id"]
            if isinstance(request_id, (str, int, float)) and not isinstance(request_id, bool):
                head["id"] = request_id
            else:
                raise RulingError(say("'id' must be a string or a number."), field="id")
        game = request.get("game")
        if isinstance(game, str) and game in GAMES:
            head = {"game": game, **head}
        else:
            names = ", ".join(GAMES)
            if game is None:
                unknown = say("Unknown game: no game. The games are %(names)s.", names=names)
            else:
                unknown = say(
                    "Unknown game: '%(game)s'. The games are %(names)s.",
                    game=str(game),
                    names=names,
                )
            raise RulingError(unknown, field="game")
        config = DEFAULT_CONFIG
        if "house" in request and request["house"] is not None:
            slug = request["house"]
            if not isinstance(slug, str) or not slug.strip():
                raise RulingError(say("'house' must be a house's short name (its slug)."), "house")
            config = resolve_house(slug.strip())
        entry = GAMES[game]
        return {**head, **entry.rule(entry.read(request, config), config)}
    except RulingError as exc:
        error: dict[str, Any] = {"field": exc.field, "message": exc.message}
        if locate:
            error.update(seat=exc.seat, street=exc.street)
        return {**head, "error": error}
    except EngineError as exc:
        return {**head, "error": {"field": None, "message": message_of(exc)}}


def rule_game(
    game: str, request: Mapping[str, Any], config: HouseConfig = DEFAULT_CONFIG
) -> dict[str, Any]:
    """Rule a request of `game` with `config`: the response fields, or RulingError when the
    request cannot be ruled (for callers that have the game and the configuration in hand).

    >>> rule_game("casino-stud", {"player": "9h 9s 9d 9c 2h", "dealer": "Ah Kc 7s 4d 3c",
    ...                           "ante": 5, "action": "raise"})["net"]
    205
    """
    entry = GAMES[game]
    return entry.rule(entry.read(request, config), config)
