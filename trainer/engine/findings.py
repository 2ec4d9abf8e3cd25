"""Findings as practice: the dealer's drill skill that each situation the audit names
exercises, so that a mispay found on the floor is reviewed as a lapse of that skill
(docs/rulebook.md, *Findings on the cards*).

The audit names what went wrong in a dealer's words (`trainer.engine.mispays`); the drills
schedule skills as a drill kind and one of its situations (`trainer.engine.scheduling`).
`MAP` joins the two, once, for every game whose payments the audit reads: which drill of the
game settles a position as the log records it, at which level (one position: a log line is
one position's settlement), and which of its situations a finding lands on.  Both sides'
words depend on the house (its paytable's rows, its cap, its pair bands), so each entry finds
the drill's situation among those the house deals (`DrillKind.situations`), never by a fixed
string; tests/engine/test_findings.py checks that every situation the audit can name, under
the default house and under houses with a cap and with other tables, finds one.

>>> from .house import DEFAULT_CONFIG
>>> skill_for("mississippi-stud", "flush overpaid", DEFAULT_CONFIG)
Skill(kind='ms-pay', situation='flush wins', level=1)
>>> skill_for("mississippi-stud", "pair of sixes to tens paid instead of pushed", DEFAULT_CONFIG)
Skill(kind='ms-pay', situation='pair of 6-10 pushes', level=1)
>>> skill_for("caribbean-stud", "Call paid when the dealer did not qualify", DEFAULT_CONFIG)
Skill(kind='cs-settle', situation='dealer does not qualify', level=1)
>>> print(skill_for("mississippi-stud", "no such mistake", DEFAULT_CONFIG))
None
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .drills import REGISTRY
from .hands import Category
from .house import HouseConfig
from .kit import situations as said
from .mispays import vocabulary

__all__ = ["MAP", "Finding", "Skill", "skill_for"]

#: the level a finding is practised at: one position, as one line of a log settles one
FLOOR_LEVEL = 1

#: a drill's situations -> the one a finding lands on (None: the house deals none such)
Chooser = Callable[[Sequence[str]], str | None]


@dataclass(frozen=True)
class Skill:
    """The skill a finding is reviewed on: a drill kind, one of its situations, a level."""

    kind: str
    situation: str
    level: int


@dataclass(frozen=True)
class Finding:
    """One game's map: its dealer's settling drill and, for each audit situation, the
    drill's situation (`rules`: the first whose test takes the audit's words)."""

    kind: str
    rules: tuple[tuple[Callable[[str], bool], Callable[[str], Chooser]], ...]
    level: int = FLOOR_LEVEL


def _first(test: Callable[[str], bool]) -> Chooser:
    return lambda situations: next((s for s in situations if test(s)), None)


def _last(test: Callable[[str], bool]) -> Chooser:
    return lambda situations: next((s for s in reversed(situations) if test(s)), None)


def _is(*phrases: str) -> Callable[[str], bool]:
    return lambda words: words in phrases


def _always(chooser: Chooser) -> Callable[[str], Chooser]:
    return lambda _words: chooser


#: each hand category's label, longest first, so "straight flush" is found before "straight"
_LABELS = sorted((c.label for c in Category), key=len, reverse=True)


def _category(words: str) -> str | None:
    """The hand category a "<category> overpaid" (or underpaid) names."""
    for how in (" overpaid", " underpaid"):
        if words.endswith(how):
            label = words.removesuffix(how)
            return label if label in _LABELS else None
    return None


def _wins(situation: str) -> bool:
    """A position's win: "flush wins", "call pays flush" (never "dealer wins")."""
    return (situation.endswith(" wins") and not situation.startswith("dealer ")) or (
        " pays " in situation
    )


def _won_with(words: str) -> Chooser:
    """The drill's win of the category the audit names: "flush wins", "call pays flush";
    a paying pair where the drill names pairs by their ranks ("pair of J-A wins"); a
    category the drill does not deal on its own (a high card that beats the dealer) its
    first win, the paytable's lowest row."""
    label = _category(words) or ""

    def choose(situations: Sequence[str]) -> str | None:
        for situation in situations:
            if _wins(situation) and (
                situation.startswith(f"{label} ") or situation.endswith(f" {label}")
            ):
                return situation
        if label == Category.ONE_PAIR.label:
            pair = _first(lambda s: s.startswith("pair of ") and _wins(s))(situations)
            if pair is not None:
                return pair
        return _first(_wins)(situations)

    return choose


_LOSES = _first(lambda s: s.endswith(" loses") or s == "dealer wins")
_FOLDS = _first(lambda s: s.startswith("fold on ") or s == "player folds")
_WINS = _first(_wins)
_TOP_WIN = _last(_wins)

#: what every banked table names alike (`kit.situations`), to the banked drills' words
_BANKED: tuple[tuple[Callable[[str], bool], Callable[[str], Chooser]], ...] = (
    (_is(said.MORE_TAKEN, said.LOSS_PAID, said.LOSS_PUSHED, said.LOSS_RETURNED), _always(_LOSES)),
    (_is(said.FOLD_PAID, said.FOLD_RETURNED), _always(_FOLDS)),
    (_is(said.WIN_NOT_PAID), _always(_WINS)),
    # the cap bites on the biggest payouts: the top of the paytable
    (_is(said.CAP_NOT_APPLIED), _always(_TOP_WIN)),
    (lambda words: _category(words) is not None, _won_with),
)

_NO_QUALIFY = (
    lambda words: words.endswith("when the dealer did not qualify"),
    _always(_first(_is("dealer does not qualify"))),
)
_TIES = (
    _is(said.TIE_PAID, said.TIE_TAKEN),
    _always(_first(_is("exact tie", "stand off"))),
)

#: a split pot's mistakes: who shares it, and its odd chips
_ODD_CHIPS = _is(said.ODD_CHIP_HALF, said.ODD_CHIP_SEAT)
_WHOLE_POT = _is(said.WRONG_SEAT, said.UNEVEN, said.POT_OVERPAID, said.POT_UNDERPAID)

#: game -> its map: the only list of which drill a game's findings are practised on
MAP: dict[str, Finding] = {
    "mississippi-stud": Finding(
        "ms-pay",
        (
            # the pushing pair paid or taken ("pair of sixes to tens paid instead of pushed")
            (
                lambda words: words.endswith("instead of pushed"),
                _always(_first(lambda s: s.endswith(" pushes"))),
            ),
            *_BANKED,
        ),
    ),
    "caribbean-stud": Finding("cs-settle", (_NO_QUALIFY, _TIES, *_BANKED)),
    "casino-stud": Finding("csp-settle", (_NO_QUALIFY, _TIES, *_BANKED)),
    "mississippi-gonorrhea": Finding(
        "mg-split",
        (
            (_ODD_CHIPS, _always(_first(_is("odd chip")))),
            (_is(said.HOG_MISSED), _always(_first(_is("hog")))),
            (_WHOLE_POT, _always(_first(_is("even split")))),
        ),
    ),
    "english-stud": Finding(
        "es-showdown",
        (
            (_ODD_CHIPS, _always(_first(_is("tie with odd chips")))),
            (_is(said.UNEVEN), _always(_first(_is("tie")))),
            (_WHOLE_POT, _always(_first(_is("kicker decides")))),
        ),
    ),
}


def skill_for(game: str, situation: str, config: HouseConfig) -> Skill | None:
    """The skill a finding of `situation` at `game` is reviewed on under the house `config`;
    None for a game or a situation the map does not know (no finding is then applied)."""
    entry = MAP.get(game)
    if entry is None or entry.kind not in REGISTRY:
        return None
    drill = REGISTRY[entry.kind]
    for test, chooser in entry.rules:
        if test(situation):
            found = chooser(situation)(drill.situations(config))
            return Skill(entry.kind, found, entry.level) if found is not None else None
    return None


def unmapped(game: str, config: HouseConfig) -> tuple[str, ...]:
    """Every situation the audit can name of `game` under `config` that finds no skill (the
    test that the map is whole asks for none)."""
    return tuple(s for s in vocabulary(game, config) if skill_for(game, s, config) is None)
