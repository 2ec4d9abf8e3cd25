"""Watch the game: a settled table as the floor sees it, for those who stop a mispay
before the chips leave the table.

Each game the audit checks has its watch drill, built here from the games registry and the
drill that deals its hands (`DrillKind.deals_hands`): the cards and the bets of that drill's
deal, and at each position the chips the dealer has put out or taken.  Some positions are
settled right; the others carry a mispay planted by `trainer.engine.mispays`, the module the
audit reads its situations with.  The watcher marks each position (a split pot is one) right
or wrong and, for a wrong one, says what went wrong (the audit's words) and the right
settlement.  The house's clock is the drill's pace target (per position); once it has run
out, a position left unmarked counts as missed (`parse_answer(..., out_of_time=True)`).  Each
watched position is one answer field of kind "watch", read and graded by `watched`.

>>> from trainer.engine.house import DEFAULT_CONFIG
>>> from ..kit.watched import verdict
>>> from trainer.engine.drills import REGISTRY
>>> kind = REGISTRY["watch-mississippi-stud"]
>>> q = kind.generate(4, 1, DEFAULT_CONFIG, situation="losing hand pushed")
>>> q.situation, q.expected["p1.watch"]["call"], q.expected["p1.watch"]["paid"]
('losing hand pushed', 'wrong', 0)
>>> verdict(q.expected["p1.watch"], {"call": "right"})
'missed mispay'
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import product
from typing import Any

from .. import mispays
from ..chips import ChipSet, colour_up, payout
from ..errors import EngineError
from ..house import HouseConfig, HouseRules
from ..kit.answer_reading import MAX_ANSWER
from ..kit.fields import AnswerKind
from ..kit.game import Game
from ..kit.kinds import Answer, AnswerField, Dealt, DrillKind, Level, Question
from ..kit.registry import GAMES
from ..kit.situations import MORE_TAKEN, situation_words
from ..kit.stakes import TABLE_CHIP, StakesAntes, _ante_words, table_words
from ..kit.stored import positions_of, seat_of, value_at
from ..kit.watched import settlement_words
from ..messages import join, say
from ..paytables import Paytable

#: at a table of several, the share of the positions beside the featured one that are mispaid
OTHERS_MISPAID = 0.35
#: the share of deals of the drill's mix whose featured position is settled right
FEATURED_RIGHT = 0.5
#: the seeds of the source's deals each situation of the drill is sought in (`_sampled`)
SAMPLES = range(2)


# --- the drill ----------------------------------------------------------------------------------


def _levels(source: DrillKind) -> tuple[Level, ...]:
    """One position (one pot of three players), a full table, a full table in colour: the
    first and the biggest tables the source drill deals, named in the house's stakes."""
    antes = isinstance(source, StakesAntes)
    rests = (
        (
            say("one position"),
            say("a full table of three to six positions"),
            say("a full table in colour"),
        )
        if antes
        else (
            say("one pot of three players"),
            say("one pot of six players"),
            say("six players, in colour"),
        )
    )

    def level(number: int, stakes: int, rest: str) -> Level:
        def words(base: int) -> str:
            table = _ante_words(stakes, base) if antes else table_words(stakes, base)
            return say("%(table)s, %(players)s", table=table, players=rest)

        return Level(number, words(TABLE_CHIP), words)

    top = max(lv.number for lv in source.levels)
    return (level(1, 1, rests[0]), level(2, top, rests[1]), level(3, top, rests[2]))


class Watch(DrillKind):
    """The watch drill of one game: `source` deals its hands."""

    watches = True

    def __init__(self, source: DrillKind) -> None:
        entry = GAMES[source.game]
        self.source = source
        self.entry = entry
        self.slug = f"watch-{entry.slug}"
        self.game = entry.slug
        self.title = say("%(game)s: watch the game", game=entry.title)
        self.shares = entry.settles == "shares"
        self.description = (
            say(
                "A settled table as the floor sees it: mark the pot right or wrong before the "
                "house's clock runs out and, for a wrong one, say what went wrong and the "
                "right settlement."
            )
            if self.shares
            else say(
                "A settled table as the floor sees it: mark each position right or wrong "
                "before the house's clock runs out and, for a wrong one, say what went wrong "
                "and the right settlement."
            )
        )
        self.mix = say(
            "Half the featured positions carry a mispay the audit names, about a third of the "
            "others too; the level in colour shows the chips the dealer put out, not their sum."
        )
        self.levels = _levels(source)
        # the house's clock by default, in seconds: per position where positions are settled
        # against the house (read the hand, the bets and the chips put out); a pot's whole
        # split, more players taking longer
        self.pace = (25.0, 35.0, 45.0) if self.shares else (10.0, 10.0, 12.0)

    def stake_base(self, config: HouseConfig) -> int:
        return self.source.stake_base(config)

    def _source_level(self, level: int) -> int:
        return 1 if level == 1 else max(lv.number for lv in self.source.levels)

    def deal(self, rng: random.Random, level: int, config: HouseConfig, natural: bool) -> Dealt:
        dealt = self.source.deal(rng, self._source_level(level), config, natural)
        return self._watched(rng, dealt, level, config, None)

    def aims(self, config: HouseConfig) -> dict[str, Any]:
        """A settlement left right, then every mispay the audit names of this game that its
        deals can carry at every level, each aimed with the source drill's situations whose
        hands can carry it (`_sampled`)."""
        table = config.paytable(self.game) if self.entry.pays_from_paytable else None
        return dict(_sampled(self, table, config.rules))

    def deal_aimed(self, rng: random.Random, level: int, config: HouseConfig, aim: Any) -> Dealt:
        target, sources = aim
        level_of_source = self._source_level(level)
        if sources:
            dealt = self.source.deal_for(rng, level_of_source, config, rng.choice(sources))
        else:
            dealt = self.source.deal(rng, level_of_source, config, False)
        return self._watched(rng, dealt, level, config, target)

    def _watched(
        self,
        rng: random.Random,
        dealt: Dealt,
        level: int,
        config: HouseConfig,
        target: str | None,
    ) -> Dealt:
        """The source's deal settled by the dealer: mispays planted at some positions (at the
        featured one, `target`, or the mix's pick), the others settled right."""
        lines = _lines(dealt.request)
        hands = [mispays.settle(self.entry, line, config) for line in lines]
        # only the mispays the drill lists (a skill each), however many a hand could carry
        listed = set(self.situations(config))

        def options(n: int) -> tuple[str, ...]:
            return tuple(w for w in mispays.plantable(hands[n], config) if w in listed)

        def carries(n: int, situation: str) -> bool:
            return mispays.plant(hands[n], situation, config, random.Random(0)) is not None

        seats = [seat_of(line) if not self.shares else "" for line in lines]
        featured = seats.index(str(dealt.extra.get("featured_seat", seats[0])))
        if target is None:
            found = options(featured) if rng.random() >= FEATURED_RIGHT else ()
            target = _pick(rng, found) if found else mispays.RIGHT
        elif target != mispays.RIGHT and not carries(featured, target):
            able = [n for n in range(len(hands)) if carries(n, target)]
            if not able:  # no hand of this deal can carry it: the caller deals again
                return Dealt(dealt.request, dealt.table, dealt.prompt, "")
            featured = rng.choice(able)
        planned = []
        for n in range(len(hands)):
            found = options(n) if n != featured and rng.random() < OTHERS_MISPAID else ()
            planned.append(target if n == featured else _pick(rng, found) if found else None)
        settled = []
        for hand, situation in zip(hands, planned, strict=True):
            if situation in (None, mispays.RIGHT):
                settled.append(hand.right)
                continue
            paid = mispays.plant(hand, situation, config, rng)
            if paid is None:  # not with this draw: the way the hand is known to take it
                paid = mispays.plant(hand, situation, config, random.Random(0))
            settled.append(paid)
        request = self._request(lines, settled)
        table = self._table(dealt.table, seats, settled, level, config)
        return Dealt(
            request=request,
            table=table,
            prompt=self._prompt(len(lines)),
            situation=target,
            extra={"featured_seat": seats[featured] or None},
        )

    def _prompt(self, positions: int) -> str:
        if self.shares:
            return say("Watch the pot pushed: right or wrong? If wrong, what and how much?")
        if positions == 1:
            return say("Watch the position settled: right or wrong? If wrong, what and how much?")
        return say("Watch each position settled: right or wrong? If wrong, what and how much?")

    def _request(
        self, lines: Sequence[Mapping[str, Any]], settled: Sequence[Any]
    ) -> dict[str, Any]:
        if self.shares:
            return {**lines[0], "game": self.game, "paid": settled[0]}
        positions = [
            {**line, "game": self.game, "seat": seat_of(line), "paid": paid}
            for line, paid in zip(lines, settled, strict=True)
        ]
        return {"game": self.game, "positions": positions}

    def _table(
        self,
        shown: Mapping[str, Any],
        seats: list[str],
        settled: list[Any],
        level: int,
        config: HouseConfig,
    ) -> dict[str, Any]:
        """The source's table with what the dealer did at each position (`settled`), in
        chips of the house at the level in colour (`settled_chips`: value -> count, as the
        floor sees them put out or taken; their sum is not written)."""
        table = dict(shown)
        colour = level == 3
        chips = config.rules.chip_set  # worked out from the rules once, not per position
        if colour:
            table["chips"] = chips.text()
        if self.shares:
            table["settled"] = dict(settled[0])
            if colour:
                table["settled_chips"] = {
                    seat: _in_chips(share, chips, config, level)
                    for seat, share in settled[0].items()
                }
            return table
        by_seat = dict(zip(seats, settled, strict=True))
        positions = []
        for position in table.get("positions") or [table]:
            position = dict(position)
            paid = by_seat[str(position.get("seat", "1"))]
            position["settled"] = paid
            if colour:
                position["settled_chips"] = _in_chips(paid, chips, config, level)
            positions.append(position)
        table["positions"] = positions
        return table

    def answer_for(self, request: Mapping[str, Any], level: int, config: HouseConfig) -> Answer:
        words = mispays.vocabulary(self.entry, config)
        # each stored situation (an English key) shown in the reader's language
        choices = tuple((w, situation_words(w)) for w in words)
        lines, several = ([request], False) if self.shares else positions_of(request)
        fields: list[AnswerField] = []
        expected: dict[str, Any] = {}
        steps: list[str] = []
        for line in lines:
            paid = value_at(line, "paid")
            hand = mispays.settle(
                self.entry, {k: v for k, v in line.items() if k != "paid"}, config
            )
            right = hand.right
            paid = _checked_paid(paid, right)
            situation = mispays.read(hand, paid, config)
            if self.shares:
                name, label, who = "pot.watch", say("The pot"), ""
                field = AnswerField(name, label, AnswerKind.WATCH, choices, seats=tuple(right))
            else:
                seat = seat_of(line)
                name = f"p{seat}.watch"
                label = join(say("Seat %(seat)s: ", seat=seat), say("the settlement"))
                who = say("Seat %(seat)s: ", seat=seat) if several else ""
                field = AnswerField(name, label, AnswerKind.WATCH, choices)
            fields.append(field)
            shown = dict(right) if self.shares else right
            expected[name] = {"call": "right" if situation is None else "wrong", "amount": shown}
            if situation is not None:
                expected[name]["situation"] = situation
            expected[name]["paid"] = dict(paid) if self.shares else paid
            steps += [who + step for step in hand.ruling.get("steps", ())]
            done = settlement_words(paid)
            if situation is None:
                steps.append(f"{who}The dealer {done}: settled right.")
            else:
                steps.append(
                    f"{who}The dealer {done} where the right settlement is "
                    f"{settlement_words(right)}: {situation}."
                )
        return tuple(fields), expected, tuple(steps)

    def question_of(self, lines: Sequence[Mapping[str, Any]], config: HouseConfig) -> Any:
        """A question of level 1 watching hands that were really dealt (a real audit's
        mispaid hands): `lines` are ruling requests with what was `paid`, one position each
        (a pot, for a split-pot game), shown as the table would show them."""
        settled = [value_at(line, "paid") for line in lines]
        bare = [{k: v for k, v in line.items() if k != "paid"} for line in lines]
        if self.shares:
            if len(bare) != 1:
                raise EngineError("A split pot is watched one pot at a time.")
            seats = [""]
        else:
            seats = [str(n) for n in range(1, len(bare) + 1)]
            bare = [{**line, "seat": seat} for line, seat in zip(bare, seats, strict=True)]
        request = self._request(bare, settled)
        fields, expected, steps = self.answer_for(request, 1, config)
        table = self._table(_table_of(self.entry, bare, config), seats, settled, 1, config)
        situations = [e.get("situation") for e in expected.values()]
        return Question(
            kind=self.slug,
            game=self.game,
            seed=0,
            level=1,
            natural=True,
            prompt=self._prompt(len(bare)),
            table=table,
            request=request,
            fields=fields,
            expected=expected,
            steps=steps,
            situation=next((s for s in situations if s), mispays.RIGHT),
        )


def _pick(rng: random.Random, found: Sequence[str]) -> str:
    """A mispay of those a hand can carry: more taken than was bet, which every hand can,
    as often as a mistake particular to the hand."""
    weights = [1 / len(found) if word == MORE_TAKEN else 1.0 for word in found]
    return rng.choices(list(found), weights)[0]


def _lines(request: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The ruling requests of a deal: its positions, or itself."""
    positions = request.get("positions")
    return list(positions) if isinstance(positions, list) else [request]


def _checked_paid(paid: Any, right: Any) -> Any:
    """What a stored question says the dealer did, checked against the hand's settlement:
    a whole net no larger than any answer may be (`MAX_ANSWER`: a payout of the largest
    stakes can pass the largest stake), or chips for exactly the pot's seats."""
    if isinstance(right, Mapping):
        if not isinstance(paid, Mapping) or set(map(str, paid)) != set(right):
            raise EngineError("'paid' must give every seat of the pot its chips.")
        out = {str(seat): chips for seat, chips in paid.items()}
        if not all(isinstance(c, int) and not isinstance(c, bool) and c >= 0 for c in out.values()):
            raise EngineError("'paid' must give each seat a whole number of chips.")
        return {seat: out[seat] for seat in right}
    if isinstance(paid, bool) or not isinstance(paid, int) or abs(paid) > MAX_ANSWER:
        raise EngineError("'paid' must be the player's net as settled, a whole number.")
    return paid


def _in_chips(
    settled: int, chips: ChipSet, config: HouseConfig, level: int
) -> dict[str, int] | None:
    """The chips of a settlement as the dealer moves them: a payout as the house pays it at
    a table of `level`, chips taken in (and a pot's share) in the fewest chips; None for an
    amount the house's chips cannot make (a payout cap that is no whole number of chips, at
    a house whose rules predate that check), which the table then shows in words."""
    try:
        if settled > 0:
            counts = payout(settled, chips, config.rules.pay, level=level).chips
        else:
            counts = colour_up(-settled, chips).chips if settled else {}
    except EngineError:
        return None
    return {str(value): n for value, n in sorted(counts.items(), reverse=True)}


def _table_of(entry: Game, lines: list[dict[str, Any]], config: HouseConfig) -> dict[str, Any]:
    """The table of hands really dealt, laid out as the drills lay theirs (by the shape of
    the game's request, never by its name)."""
    first = lines[0]
    if entry.shape in ("pot-hands", "ask-seats"):
        return {"pot": first["pot"], "seats": dict(first["hands"])}
    if entry.shape == "hole-board-bets":
        names = ("ante", "3rd", "4th", "5th")
        board = max((line.get("board", "") for line in lines), key=len)
        return {
            "board": board,
            "positions": [
                {
                    "seat": line["seat"],
                    "hole": line["hole"],
                    "bets": dict(zip(names, line["bets"], strict=False)),
                    "folded": None if len(line["bets"]) == len(names) else say("before the end"),
                }
                for line in lines
            ],
        }
    call = entry.multiple(config.rules)
    positions = []
    for line in lines:
        ante = line["ante"]
        called = line.get("action") not in ("fold", "folds")
        bets = {"ante": ante, **({"call": ante * call} if called and call else {})}
        positions.append(
            {
                "seat": line["seat"],
                "player": line["player"],
                "action": line.get("action"),
                "bets": bets,
            }
        )
    return {
        "dealer": first["dealer"],
        "call_name": entry.second_bet or "Call",
        "positions": positions,
    }


@lru_cache(maxsize=64)
def _sampled(
    kind: Watch, table: Paytable | None, rules: HouseRules
) -> tuple[tuple[str, tuple[str, tuple[str, ...]]], ...]:
    """Each situation the watch drill deals, with (itself, the source drill's situations whose
    hands carry it), found once per house's table and rules on the source's own deals (one of
    each of its situations at the first and the biggest table): a mispay listed is one those
    deals carried at both, so it can be dealt on demand at every level."""
    config = HouseConfig({kind.game: table} if table is not None else {}, rules)
    words = mispays.vocabulary(kind.entry, config)
    carried: dict[str, set[str]] = {}
    at_levels: list[set[str]] = []
    for level in sorted({kind._source_level(lv.number) for lv in kind.levels}):
        seen: set[str] = set()
        for aim, seed in product(kind.source.situations(config), SAMPLES):
            dealt = kind.source.deal_for(random.Random(seed), level, config, aim)
            for line in _lines(dealt.request):
                found = mispays.plantable(mispays.settle(kind.entry, line, config), config)
                seen.update(found)
                for word in found:
                    carried.setdefault(word, set()).add(aim)
        at_levels.append(seen)
    every = set.intersection(*at_levels)
    aims: list[tuple[str, tuple[str, tuple[str, ...]]]] = [(mispays.RIGHT, (mispays.RIGHT, ()))]
    aims += [(w, (w, tuple(sorted(carried[w])))) for w in words if w in every]
    return tuple(aims)


def watch_kinds(kinds: Sequence[DrillKind]) -> list[Watch]:
    """A watch drill for each game whose payments are read (`mispays.games`), dealt by the
    drill of `kinds` that deals its hands, in registry order."""
    dealers = {k.game: k for k in kinds if k.deals_hands}
    return [Watch(dealers[g.slug]) for g in mispays.games() if g.slug in dealers]
