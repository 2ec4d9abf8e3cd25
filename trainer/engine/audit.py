"""The audit: what a dealer settled at the table, checked against the ruling (RULING_API.md,
"Audit").

A hand log is JSON Lines (or CSV, `read_csv`): each line a ruling request plus `paid`, what the
dealer settled, and optionally `table`, `dealer`, `at` and `id`.  `audit_line` rules the hand
with a house's configuration and compares; `Summary` adds the verdicts up.  Nothing here raises
for bad input: a line that cannot be ruled, or has no valid `paid`, gets the verdict "error".

>>> line = {"game": "mississippi-stud", "hole": "6h 6s", "board": "Ac 9d Kc",
...         "bets": [1, 1, 1, 1], "paid": 4, "dealer": "Ann"}
>>> a = audit_line(line, DEFAULT_CONFIG)
>>> a.verdict, a.difference, a.overpaid, a.situation
('overpaid', 4, 4, 'pair of sixes to tens paid instead of pushed')
>>> s = Summary()
>>> s.add(a)
>>> s.as_json()["by_dealer"]["Ann"]["overpaid_total"]
4

Money, from the house's side:
- a net game's `difference` is paid - net (RULING_API.md): above 0 the house overpaid that
  much, below 0 it underpaid (took too much or paid too little) that much;
- a split pot's `difference` is the sum over seats of the chips paid above what is right, a
  whole number >= 0 (RULING_API.md).  Its verdict and money (decided here, where RULING_API.md
  is silent): shares that add up to the pot but went to the wrong seats are "misdirected",
  neither `overpaid` nor `underpaid` money (the house neither lost nor kept chips); shares
  that add up to more (less) than the pot are "overpaid" ("underpaid"), the money being the
  total pushed minus the pot, the chips the house lost (kept).
"""

from __future__ import annotations

import csv
import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from itertools import chain
from typing import Any

from .errors import EngineError, RulingError, message_of
from .house import DEFAULT_CONFIG, HouseConfig  # noqa: F401 (the doctest uses it)
from .jsontext import NotJSON, read_json
from .kit.registry import GAMES
from .kit.requests import MAX_AMOUNT, is_text, only_read, refuse_unwritable, shown
from .mispays import Hand
from .mispays import read as read_mispay

__all__ = [
    "AUDIT_GAMES",
    "CR_LINE_ENDS",
    "CSV_COLUMNS",
    "VERDICTS",
    "Audited",
    "Summary",
    "audit_games",
    "audit_line",
    "fields_read",
    "read_at",
    "read_csv",
    "read_jsonl",
]

VERDICTS = ("correct", "overpaid", "underpaid", "misdirected", "error")

#: what a log line carries besides its ruling request (RULING_API.md, "Audit")
LOG_FIELDS = ("paid", "table", "dealer", "dealer_name", "at")


def audit_games() -> tuple[str, ...]:
    """The games whose rulings settle chips (`net` or `shares`), in registry order."""
    return tuple(slug for slug, g in GAMES.items() if g.settles is not None)


#: the games an audit checks, as registered when the engine was loaded
AUDIT_GAMES = audit_games()


@dataclass(frozen=True)
class Audited:
    """One log line checked against the ruling."""

    verdict: str
    #: paid - correct from the house's side (see the module's docstring for a split pot)
    difference: int
    game: str | None
    dealer: str | None
    table: str | None
    #: what went wrong, in a dealer's words (None when correct or an error)
    situation: str | None
    #: the money the house lost (overpaid) or kept that was the player's (underpaid), ≥ 0
    overpaid: int = 0
    underpaid: int = 0
    #: the line's id, when it had one (`has_id` tells a missing id from a null one)
    id: Any = None
    has_id: bool = False
    #: the ruling's `net` or `shares` (None on an error)
    correct: Any = None
    #: the line's `paid`, echoed
    paid: Any = None
    steps: tuple[str, ...] = ()
    #: the error object {"field", "message"} of an error line
    error: Mapping[str, Any] | None = None

    def as_json(self) -> dict[str, Any]:
        """The RULING_API.md Audit output object of this line."""
        out: dict[str, Any] = {"id": self.id} if self.has_id else {}
        out.update(
            game=self.game,
            verdict=self.verdict,
            difference=self.difference,
            correct=dict(self.correct) if isinstance(self.correct, Mapping) else self.correct,
            paid=self.paid,
            steps=list(self.steps),
        )
        if self.error is not None:
            out["error"] = dict(self.error)
        return out


def _error(exc: RulingError | EngineError, head: Mapping[str, Any]) -> Audited:
    if isinstance(exc, RulingError):
        error = {"field": exc.field, "message": exc.message}
    else:
        error = {"field": None, "message": message_of(exc)}
    return Audited(verdict="error", difference=0, situation=None, error=error, **head)


def audit_line(line: object, config: HouseConfig, *, house: str | None = None) -> Audited:
    """Check one log line (a JSON object, as a mapping) against the ruling under `config`,
    the configuration of house `house` (its slug; None: the source texts' tables and
    RULES.md's defaults).  Never raises for bad input, whatever `line` is.

    A reader's error for an unreadable line may be passed as it is: it comes back as an error.
    A line that names a `house` other than the one audited is an error on `house`: it was
    settled under rules this audit is not using.
    """
    if isinstance(line, RulingError):
        return _error(line, _EMPTY_HEAD)
    if not isinstance(line, Mapping):
        return _error(RulingError("A log line must be one JSON object."), _EMPTY_HEAD)
    try:
        refuse_unwritable(line)
    except RulingError as exc:
        return _error(exc, _head(line, checked=False))
    head = _head(line)
    try:
        _check_head(line)
        _check_house(line, house)
        game = line.get("game")
        if not isinstance(game, str) or game not in GAMES:
            names = ", ".join(audit_games())
            what = "no game" if game is None else shown(game)  # quoted by shown, as text
            raise RulingError(f"Unknown game: {what}. The games audited are {names}.", "game")
        entry = GAMES[game]
        if entry.settles is None or entry.situation is None:
            names = ", ".join(audit_games())
            raise RulingError(
                f"{entry.title} settles no chips to audit. The games audited are {names}.", "game"
            )
        request = entry.read(line, config)
        ruling = entry.rule(request, config)
        if entry.settles not in ruling:
            raise RulingError(
                f"This {entry.title} request settles no chips: only a hand's settlement can be "
                "audited (for English Stud, the showdown).",
                field="ask" if "ask" in line else None,
            )
        correct = ruling[entry.settles]
        steps = tuple(ruling.get("steps", ()))
        paid: dict[str, int] | int
        if isinstance(correct, Mapping):
            paid = _paid_shares(line, correct)
            verdict, difference, over, under = _compare_shares(correct, paid)
        else:
            paid = _paid_net(line)
            difference = paid - correct
            verdict = "correct" if not difference else "overpaid" if difference > 0 else "underpaid"
            over, under = max(difference, 0), max(-difference, 0)
        situation = None
        if verdict != "correct":
            situation = read_mispay(Hand(entry, request, ruling), paid, config)
        return Audited(
            verdict=verdict,
            difference=difference,
            situation=situation,
            overpaid=over,
            underpaid=under,
            correct=correct,
            steps=steps,
            **head,
        )
    except (RulingError, EngineError) as exc:
        return _error(exc, head)


def fields_read(line: Mapping[str, Any]) -> dict[str, Any]:
    """The line with only the fields the audit reads: its game's request fields (as the game's
    reader names them), those of any request, and the log's own (`LOG_FIELDS`).  A line of
    no known game is returned whole.  A log may carry fields of its own (a shoe, a note):
    what is kept of a mispaid hand is what it was audited on.

    >>> fields_read({"game": "caribbean-stud", "dealer_name": "Bo", "ante": 1, "up": "x"})
    {'game': 'caribbean-stud', 'dealer_name': 'Bo', 'ante': 1}
    """
    game = line.get("game")
    entry = GAMES.get(game) if isinstance(game, str) else None
    if entry is None:
        return dict(line)
    return only_read(line, entry.fields(line), also=LOG_FIELDS)


_EMPTY_HEAD: Mapping[str, Any] = {
    "game": None,
    "dealer": None,
    "table": None,
    "id": None,
    "has_id": False,
    "paid": None,
}


def _text(value: object, checked: bool) -> str | None:
    # a name the summary cannot write (a lone surrogate) counts as no name: the line is an
    # error naming that field, and the summary stays JSON
    return value if isinstance(value, str) and (checked or is_text(value)) else None


def _head(line: Mapping[str, Any], *, checked: bool = True) -> dict[str, Any]:
    """What an answer echoes of the line, where it can be echoed as it is (`checked`: the
    whole line is known to be writable as JSON)."""
    game = line.get("game")
    request_id = line.get("id")
    has_id = "id" in line and _is_id(request_id) and (checked or _writable(request_id))
    return {
        "game": game if isinstance(game, str) and game in GAMES else None,
        "dealer": _text(line.get(_dealer_key(line)), checked),
        "table": _text(line.get("table"), checked),
        "id": request_id if has_id else None,
        "has_id": has_id,
        "paid": line.get("paid") if checked or _writable(line.get("paid")) else None,
    }


def _is_id(value: object) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, float):
        return math.isfinite(value)
    return isinstance(value, (str, int))


def _writable(value: object) -> bool:
    try:
        refuse_unwritable({"paid": value})
    except RulingError:
        return False
    return True


def _dealer_key(line: Mapping[str, Any]) -> str:
    """Where the line names its dealer: `dealer_name` when given, else `dealer`, except for a
    game whose request's `dealer` is the dealer's cards (Caribbean Stud, Casino Stud Poker)."""
    if "dealer_name" in line:
        return "dealer_name"
    game = line.get("game")
    entry = GAMES.get(game) if isinstance(game, str) else None
    cards = entry is not None and entry.shape == "player-dealer-action"
    return "dealer_name" if cards else "dealer"


def _check_house(line: Mapping[str, Any], house: str | None) -> None:
    if "house" not in line or line["house"] == house:
        return
    named = shown(line["house"])
    if house is None:
        raise RulingError(
            f"This hand names house {named}, but the log is audited with the source texts' "
            "tables and rules: audit it with that house (--house), or take 'house' out.",
            field="house",
        )
    raise RulingError(
        f"This hand names house {named}, but the log is audited with the rules of house '{house}'.",
        field="house",
    )


def _check_head(line: Mapping[str, Any]) -> None:
    if "id" in line and not _is_id(line["id"]):
        raise RulingError("'id' must be a string or a number.", field="id")
    for name in ("table", _dealer_key(line)):
        if line.get(name) is not None and not isinstance(line[name], str):
            raise RulingError(f'\'{name}\' must be text, like "7" or "Ann".', field=name)
    read_at(line)


def read_at(line: Mapping[str, Any]) -> datetime | None:
    """The line's `at` (ISO 8601 date and time), None when it has none; RulingError naming
    `at` when it cannot be read.  A time without a zone is returned without one (the caller
    knows the house's time zone).

    >>> read_at({"at": "2024-05-01T21:30:00Z"}).isoformat()
    '2024-05-01T21:30:00+00:00'
    """
    raw = line.get("at")
    if raw is None or raw == "":
        return None
    if isinstance(raw, str):
        try:
            return datetime.fromisoformat(raw.strip())
        except ValueError:
            pass
    raise RulingError(
        f"'at' must be a date and time like \"2024-05-01T21:30:00\"; {shown(raw)} is not.",
        field="at",
    )


def _whole(value: object, label: str, *, seat: str | None = None) -> int:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulingError(
            f"{label} must be a whole number of chips; {shown(value)} is not.", "paid", seat=seat
        )
    if abs(value) > MAX_AMOUNT:
        raise RulingError(f"{label} of {shown(value)} is beyond any table's limit.", "paid")
    return value


def _paid_net(line: Mapping[str, Any]) -> int:
    if "paid" not in line or line["paid"] is None:
        raise RulingError(
            "The line has no 'paid': the player's net as settled (positive when paid, "
            "negative when the house took chips, 0 for a push).",
            field="paid",
        )
    return _whole(line["paid"], "'paid'")


def _paid_shares(line: Mapping[str, Any], correct: Mapping[str, int]) -> dict[str, int]:
    raw = line.get("paid")
    if not isinstance(raw, Mapping):
        raise RulingError(
            "'paid' must map every seat of the hand to the chips pushed to it, like "
            '{"1": 13, "2": 12}.',
            field="paid",
        )
    paid: dict[str, int] = {}
    for seat, chips in raw.items():
        key = str(seat)
        if key not in correct:
            raise RulingError(
                f"'paid' names seat {shown(seat)}, which has no hand in this pot.", "paid", seat=key
            )
        paid[key] = _whole(chips, f"Seat {key}'s chips in 'paid'", seat=key)
        if paid[key] < 0:
            raise RulingError(
                f"Seat {key}'s chips in 'paid' cannot be below zero; {paid[key]} was given.",
                "paid",
                seat=key,
            )
    missing = [s for s in correct if s not in paid]
    if missing:
        seats = ", ".join(missing)
        raise RulingError(
            f"'paid' must list every seat of the hand (0 for a seat paid nothing); "
            f"seat {seats} {'is' if len(missing) == 1 else 'are'} missing.",
            field="paid",
            seat=missing[0],
        )
    return {s: paid[s] for s in correct}


def _compare_shares(
    correct: Mapping[str, int], paid: Mapping[str, int]
) -> tuple[str, int, int, int]:
    """(verdict, difference, overpaid, underpaid) of a split pot."""
    # RULING_API.md: a split pot's difference is the chips paid above what is right, summed
    # over the seats (a whole number >= 0); the money the house lost or kept is the total
    total = sum(paid.values()) - sum(correct.values())
    above = sum(max(paid[s] - correct[s], 0) for s in correct)
    if total > 0:
        return "overpaid", above, total, 0
    if total < 0:
        return "underpaid", above, 0, -total
    return ("misdirected" if above else "correct"), above, 0, 0


# --- the summary ------------------------------------------------------------------------------

#: a group's key for lines that do not name it (no dealer, no table, an unknown game)
UNNAMED = ""


@dataclass
class Counts:
    hands: int = 0
    correct: int = 0
    overpaid: int = 0
    underpaid: int = 0
    misdirected: int = 0
    errors: int = 0
    overpaid_total: int = 0
    underpaid_total: int = 0

    def add(self, audited: Audited) -> None:
        self.hands += 1
        if audited.verdict == "error":
            self.errors += 1
        else:
            setattr(self, audited.verdict, getattr(self, audited.verdict) + 1)
        self.overpaid_total += audited.overpaid
        self.underpaid_total += audited.underpaid

    def as_json(self) -> dict[str, int]:
        return dict(vars(self))


@dataclass
class Summary:
    """The verdicts added up: in all, per dealer, per table, per game and per situation.
    Lines that do not name a dealer (a table, a known game) count under the key ""."""

    total: Counts = field(default_factory=Counts)
    by_dealer: dict[str, Counts] = field(default_factory=dict)
    by_table: dict[str, Counts] = field(default_factory=dict)
    by_game: dict[str, Counts] = field(default_factory=dict)
    by_situation: dict[str, Counts] = field(default_factory=dict)

    def add(self, audited: Audited) -> None:
        self.total.add(audited)
        for groups, key in (
            (self.by_dealer, audited.dealer),
            (self.by_table, audited.table),
            (self.by_game, audited.game),
        ):
            groups.setdefault(key or UNNAMED, Counts()).add(audited)
        if audited.situation is not None:
            self.by_situation.setdefault(audited.situation, Counts()).add(audited)

    def as_json(self) -> dict[str, Any]:
        """The RULING_API.md Audit summary object."""
        return {
            **self.total.as_json(),
            "by_dealer": _groups(self.by_dealer),
            "by_table": _groups(self.by_table),
            "by_game": _groups(self.by_game),
        }

    def situations_json(self) -> dict[str, dict[str, int]]:
        """Situation -> counts and money, most frequent first."""
        ranked = sorted(self.by_situation.items(), key=lambda kv: (-kv[1].hands, kv[0]))
        return {name: counts.as_json() for name, counts in ranked}


def _groups(groups: Mapping[str, Counts]) -> dict[str, dict[str, int]]:
    return {key: groups[key].as_json() for key in sorted(groups)}


# --- reading a log ----------------------------------------------------------------------------

#: what is wrong with a log whose lines end with a carriage return alone, in words
CR_LINE_ENDS = (
    "The file's lines end with a carriage return alone (an old Mac line end), so the whole "
    "file reads as one line: save it again with ordinary line ends (in a spreadsheet: CSV "
    "UTF-8) and use that file."
)


def ends_lines_with_cr(line: str | bytes) -> bool:
    """Whether `line`, a log's line with its end, holds a carriage return that ends no line
    (one not followed by a line feed, before the line's own end): the sign of a file whose
    lines end with CR alone, read as one line.

    >>> ends_lines_with_cr("game,paid\\r7,8\\r"), ends_lines_with_cr(b"game,paid\\r\\n")
    (True, False)
    """
    if isinstance(line, bytes):
        line = line.decode("utf-8", "replace")
    return "\r" in line.removesuffix("\n").removesuffix("\r")


#: what a log line that is not one hand should be, in the report's words
ONE_HAND_A_LINE = "write one hand a line, as the example logs do."


def read_jsonl(lines: Iterable[bytes]) -> Iterator[tuple[int, Mapping[str, Any] | RulingError]]:
    """(line number from 1, the line's object or the error standing in for it), one line at a
    time; blank lines are skipped (and counted).  NaN, Infinity and lone surrogates are read
    here and refused by `audit_line`, naming the field they are in.

    The messages are for the audit staff who read the report, in their words (a hand, the
    example logs the Audits page offers), not the format's.

    >>> list(read_jsonl([b'{"game": "casino-stud"}', b"", b"[1]"]))[1][1].message
    'Line 3 is not one hand: write one hand a line, as the example logs do.'
    >>> list(read_jsonl([b"{not"]))[0][1].message
    'Line 1 cannot be read as a hand: write one hand a line, as the example logs do.'
    """
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        try:
            value = read_json(raw)
        except NotJSON as exc:
            if ends_lines_with_cr(raw):
                yield number, RulingError(f"Line {number} cannot be read as a hand. {CR_LINE_ENDS}")
            elif "UTF-8" in str(exc):  # the one reason a log's writer can act on as said
                yield number, RulingError(f"Line {number} {exc}: {ONE_HAND_A_LINE}")
            else:  # the JSON reader's own reason is for programmers
                yield (
                    number,
                    RulingError(f"Line {number} cannot be read as a hand: {ONE_HAND_A_LINE}"),
                )
            continue
        if isinstance(value, Mapping):
            yield number, value
        else:
            yield number, RulingError(f"Line {number} is not one hand: {ONE_HAND_A_LINE}")


#: the CSV columns every row may carry, whatever its game
CSV_COMMON = ("id", "at", "table", "dealer", "game")
#: the request's name of each common column where it differs (the `dealer` column is the
#: dealer's name, which a banked game's request keeps apart from the dealer's cards)
_CSV_NAMES = {"dealer": "dealer_name"}
#: the CSV columns of each shape of request (`Game.shape`), `paid` included.  A Mississippi
#: Stud row folds at the first empty street bet; a split pot lists the hands still in as
#: seat1..seat8 (empty: no hand) and what each was pushed as paid1..paid8.
SPLIT_SEATS = tuple(str(n) for n in range(1, 9))
CSV_COLUMNS: Mapping[str, tuple[str, ...]] = {
    "hole-board-bets": ("hole", "board", "ante", "bet3", "bet4", "bet5", "paid"),
    "player-dealer-action": ("player", "dealer_cards", "ante", "action", "paid"),
    "pot-hands": ("pot", *(f"seat{s}" for s in SPLIT_SEATS), *(f"paid{s}" for s in SPLIT_SEATS)),
    "ask-seats": ("pot", *(f"seat{s}" for s in SPLIT_SEATS), *(f"paid{s}" for s in SPLIT_SEATS)),
}


def _number(text: str) -> int | str:
    """A cell as a whole number when it is one; otherwise as written, for the reader of the
    request to refuse naming its field."""
    try:
        return int(text.strip())
    except ValueError:
        return text


def read_csv(lines: Iterable[str]) -> Iterator[tuple[int, Mapping[str, Any] | RulingError]]:
    """Rows of a CSV hand log with a header row, as log lines (ruling requests plus `paid`):
    the columns are `CSV_COMMON` and, per game, `CSV_COLUMNS` of its shape (README).  The
    number is the row's line in the file (the header is line 1).

    >>> rows = ["game,hole,board,ante,bet3,bet4,bet5,paid",
    ...         "mississippi-stud,6h 6s,Ac 9d Kc,1,1,1,1,4"]
    >>> [(number, line["bets"], line["paid"]) for number, line in read_csv(rows)]
    [(2, [1, 1, 1, 1], 4)]
    """
    lines = iter(lines)
    first = next(lines, None)
    if first is None:
        return
    if ends_lines_with_cr(first):
        yield 1, RulingError(CR_LINE_ENDS)
        return
    handed = 0  # lines handed to the csv reader: the line a row (or its error) ends on

    def counted() -> Iterator[str]:
        nonlocal handed
        for line in chain([first], lines):
            handed += 1
            yield line

    reader = csv.DictReader(counted(), restkey="\0extra")
    try:
        header = reader.fieldnames
    except csv.Error as exc:
        yield 1, RulingError(f"Line 1, the header row, {_csv_problem(exc)}.")
        return
    if header is None:
        return
    if "game" not in [name.strip() for name in header]:
        yield (
            1,
            RulingError(
                "Line 1, the header row, has no 'game' column: name the columns as the example "
                "spreadsheet does."
            ),
        )
        return
    reader.fieldnames = [name.strip() for name in header]
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            yield handed, RulingError(f"Line {handed} {_csv_problem(exc)}.")
            continue
        number = handed
        if "\0extra" in row:
            yield number, RulingError(f"Line {number} has more cells than the header names.")
            continue
        if not any((value or "").strip() for value in row.values()):
            continue
        try:
            yield number, _csv_line(row)
        except RulingError as exc:
            yield number, exc


def _csv_problem(exc: csv.Error) -> str:
    """What the csv module's error means, in words (its own message is for programmers)."""
    said = str(exc)
    if said.startswith("field larger than field limit"):
        return f"has a cell longer than {csv.field_size_limit():,} characters, more than any hand"
    if said.startswith("new-line character seen in unquoted field"):
        return (
            "holds a carriage return outside quotes: end each line with an ordinary line end, "
            "or put a cell holding one between double quotes"
        )
    if "NUL" in said:
        return "holds a NUL character, which a text hand log never does"
    return "cannot be read as CSV"


def _csv_line(row: Mapping[str, str | None]) -> dict[str, Any]:
    cells = {name: (value or "").strip() for name, value in row.items() if name}
    line: dict[str, Any] = {
        _CSV_NAMES.get(name, name): cells[name] for name in CSV_COMMON if cells.get(name)
    }
    if "id" in line:
        line["id"] = _number(line["id"])
    entry = GAMES.get(cells.get("game", ""))
    if entry is None:
        return line  # audit_line names the unknown game
    shape = entry.shape
    if shape == "hole-board-bets":
        line.update(hole=cells.get("hole", ""), board=cells.get("board", ""))
        bets: list[int | str] = []
        for name in ("ante", "bet3", "bet4", "bet5"):
            if not cells.get(name):
                break
            bets.append(_number(cells[name]))
        later = [n for n in ("bet3", "bet4", "bet5")[len(bets) :] if cells.get(n)]
        if bets and later:
            raise RulingError(
                f"'{later[0]}' is given after an empty street bet: a player who folds bets no "
                "later street.",
                field="bets",
            )
        line["bets"] = bets
    elif shape == "player-dealer-action":
        line.update(player=cells.get("player", ""), dealer=cells.get("dealer_cards", ""))
        line.update(ante=_number(cells.get("ante", "")), action=cells.get("action", ""))
    else:
        if shape == "ask-seats":
            line["ask"] = cells.get("ask") or "showdown"
        line["pot"] = _number(cells.get("pot", ""))
        line["hands"] = {s: cells[f"seat{s}"] for s in SPLIT_SEATS if cells.get(f"seat{s}")}
        line["paid"] = {
            s: _number(cells.get(f"paid{s}", ""))
            for s in SPLIT_SEATS
            if cells.get(f"paid{s}") or cells.get(f"seat{s}")
        }
        return line
    if cells.get("paid"):
        line["paid"] = _number(cells["paid"])
    return line
