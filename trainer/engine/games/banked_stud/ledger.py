"""The Caribbean Stud match ledger drill: total a match and call the verdict.

Each counted round is settled by `banked_stud.settle` (the Caribbean profile) and the match by
`banked_stud.settle_match`, whose `MatchLedger` holds the total, the verdict and the steps.

>>> from trainer.engine.house import DEFAULT_CONFIG
>>> q = CaribbeanLedger().generate(1, 1, DEFAULT_CONFIG)
>>> len(q.request["rounds"]), q.expected, q.situation
(21, {'total': -30, 'verdict': 'bank win'}, 'bank win')
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from typing import Any

from ...cards import Deck, format_cards
from ...errors import EngineError
from ...hands import Category, evaluate_five
from ...house import HouseConfig
from ...kit.dealing import hand_of, high_card
from ...kit.fields import AnswerKind
from ...kit.kinds import Answer, AnswerField, Dealt, DrillKind
from ...kit.stakes import StakesAntes, ante_level, pick, pick_ante, pick_count
from ...messages import Message, join, say
from . import rules as banked_stud
from .drills import QUALIFYING_TOP, banked_hands, settle_stored

PROFILE = banked_stud.CARIBBEAN
VERDICTS = tuple((v.value, v.value.capitalize()) for v in banked_stud.Verdict)
VERDICT_KEYS = ("p", "b", "d")


#: the levels whose ledger shows each round's result and net: at the others the trainee
#: a total's line for a counted round, numbered by its count (`banked_stud.settle_match`)
_COUNTED_ROUND = re.compile(r"Round (\d+): ")

#: settles each round from its hands (the steps give each round's net)
RESULTS_SHOWN = (1,)
PROMPTS = {
    True: say("Total the match and call the verdict."),
    False: say("Settle each round from its hands, total the match and call the verdict."),
}
_VOIDS = {1: (1, 1), 2: (1, 2), 3: (2, 3)}
_VOID_REASONS = (
    "a card was exposed in the deal",
    "the dealer's hand held only four cards",
    "a player was dealt six cards",
    "the deck held a card twice",
)
_LEDGER_TARGETS = (("player win", 35), ("bank win", 35), ("draw", 30))
#: settle-mix weights leaning the match toward a verdict
_LEANS = {
    "player win": (("fold", 5), ("no-qualify", 30), ("win", 45), ("lose", 12), ("tie", 8)),
    "bank win": (("fold", 30), ("no-qualify", 10), ("win", 12), ("lose", 42), ("tie", 6)),
}
#: rounds that cancel each other on the source paytables: +A and -A, a 1:1 win and a loss
_CANCELLING = (("no-qualify", "fold"), ("win-even", "lose-even"), ("tie", "tie"))
#: those that cancel at every house, whatever its table pays a pair and whatever its cap
_ALWAYS_CANCELLING = tuple(pair for pair in _CANCELLING if "win-even" not in pair)


class CaribbeanLedger(StakesAntes, DrillKind):
    # a whole ledger of rounds, checked one line at a time: the slowest task here
    pace = (30.0, 45.0, 60.0)
    slug = "cs-ledger"
    game = PROFILE.game
    title = say("Caribbean Stud: the match ledger")
    description = say(
        "Total a 20-round match, leaving out the void deals, and call the verdict: player "
        "win, bank win or draw.  Level 1 gives each round's net; from level 2 each round is "
        "settled from its hands."
    )
    mix = say(
        "Every match has void deals to leave out; a third of the matches end in a draw, the "
        "rest lean to the player or to the bank.  Natural odds: plain deals, the player "
        "calling with A-K or better, about one deal in twenty void."
    )
    levels = (
        ante_level(1, say("one void deal")),
        ante_level(2, say("one or two void deals")),
        ante_level(3, say("two or three void deals")),
    )

    def deal(self, rng: random.Random, level: int, config: HouseConfig, natural: bool) -> Dealt:
        return self._deal(rng, level, config, natural)

    def aims(self, config: HouseConfig) -> dict[str, Any]:
        """The verdicts, each the target of the mix's leaning match.  (The void deals are
        not part of the situation: how many there are is the level's, and a natural match
        has any number.)

        >>> from trainer.engine.house import DEFAULT_CONFIG
        >>> CaribbeanLedger().situations(DEFAULT_CONFIG)
        ('player win', 'bank win', 'draw')
        """
        return {v.value: v.value for v in banked_stud.Verdict}

    def deal_aimed(self, rng: random.Random, level: int, config: HouseConfig, aim: Any) -> Dealt:
        return self._deal(rng, level, config, False, aim)

    def situation_now(self, situation: str, request: Mapping[str, Any], config: HouseConfig) -> str:
        """A verdict without the void deals a match had before they left the situation.

        >>> CaribbeanLedger().situation_now("bank win, 2 void deals", {}, None)
        'bank win'
        """
        return situation.split(", ", 1)[0]

    def steps_shown(self, steps: Sequence[str], table: Mapping[str, Any]) -> list[str]:
        """The steps numbered as the table numbers its rows, by the deal: the totals name
        each counted round by its count ("Round 9" after a void deal), which the feedback
        says as the table does ("Deal 10"), as it says the void deals.

        >>> table = {"rounds": [{"deal": 1}, {"deal": 2, "void": True}, {"deal": 3}]}
        >>> CaribbeanLedger().steps_shown(["Round 1: net +5.", "Deal 2 is void.",
        ...                                "Round 2: net -5.", "2 rounds counted."], table)
        ['Deal 1: net +5.', 'Deal 2 is void.', 'Deal 3: net -5.', '2 rounds counted.']
        """
        deals = [r.get("deal") for r in table.get("rounds") or () if not r.get("void")]
        shown = []
        for step in steps:
            m = _COUNTED_ROUND.match(step)
            if m and 0 < int(m[1]) <= len(deals) and deals[int(m[1]) - 1] is not None:
                deal, rest = deals[int(m[1]) - 1], step[m.end() :]
                if isinstance(step, Message):  # the round's line, still a message
                    step = join(say("Deal %(deal)s: ", deal=deal), step.ending(rest))
                else:
                    step = f"Deal {deal}: {rest}"
            shown.append(step)
        return shown

    def _deal(
        self,
        rng: random.Random,
        level: int,
        config: HouseConfig,
        natural: bool,
        aim: str | None = None,
    ) -> Dealt:
        profile = PROFILE
        ante = pick_ante(rng, level, config.paytable(banked_stud.CARIBBEAN.game), config)
        if natural:
            rounds = self._natural(rng, ante)
            target = "natural"
        else:
            target = pick(rng, _LEDGER_TARGETS) if aim is None else aim
            counted = self._mixed(rng, ante, target, aimed=aim is not None)
            voids = pick_count(rng, _VOIDS, level)
            rounds = list(counted)
            for _ in range(voids):
                # a void deal comes before the last counted round: the match ends on a count
                spot = rng.randint(0, len(rounds) - 1)
                rounds.insert(spot, {"void": True, "reason": rng.choice(_VOID_REASONS)})
        table_rounds = []
        nets: list[int | None] = []
        for number, r in enumerate(rounds, start=1):
            if r.get("void"):
                table_rounds.append({"deal": number, "void": True, "reason": r["reason"]})
                nets.append(None)
                continue
            settled = settle_stored(PROFILE, r, config)
            shown = {
                "deal": number,
                "void": False,
                "player": r["player"],
                "dealer": r["dealer"],
                "action": r["action"],
            }
            if level in RESULTS_SHOWN:
                shown.update(outcome=settled.outcome.value, net=settled.net)
            table_rounds.append(shown)
            nets.append(settled.net)
        ledger = banked_stud.settle_match(banked_stud.MatchRound(n) for n in nets)
        return Dealt(
            request={"game": self.game, "rounds": rounds},
            table={
                "ante": ante,
                "call": ante * profile.multiple(config.rules),
                "rounds": table_rounds,
            },
            prompt=PROMPTS[level in RESULTS_SHOWN],
            situation=ledger.verdict.value,
            extra={"mix": target},
        )

    def _round(self, rng: random.Random, ante: int, scenario: str) -> dict[str, Any]:
        if scenario in ("win-even", "lose-even"):
            # a pair for the player against A-K high, or the other way round: 1:1 on the source
            # table, so the two nets cancel
            pair = hand_of(Category.ONE_PAIR, rng)
            ak = high_card(rng, top=QUALIFYING_TOP, exclude=pair)
            player, dealer = (pair, ak) if scenario == "win-even" else (ak, pair)
            action = "call"
        else:
            player, dealer, action = banked_hands(scenario, rng)
        return {
            "player": format_cards(player),
            "dealer": format_cards(dealer),
            "ante": ante,
            "action": action,
        }

    def _mixed(
        self, rng: random.Random, ante: int, target: str, *, aimed: bool = False
    ) -> list[dict[str, Any]]:
        """The counted rounds of a match leaning to `target`; an `aimed` draw cancels at any
        house (`_ALWAYS_CANCELLING`)."""
        if target == "draw":
            pairs = _ALWAYS_CANCELLING if aimed else _CANCELLING
            scenarios = [s for _ in range(banked_stud.MATCH_ROUNDS // 2) for s in rng.choice(pairs)]
            rng.shuffle(scenarios)
        else:
            scenarios = [pick(rng, _LEANS[target]) for _ in range(banked_stud.MATCH_ROUNDS)]
        return [{"game": self.game, **self._round(rng, ante, s)} for s in scenarios]

    def _natural(self, rng: random.Random, ante: int) -> list[dict[str, Any]]:
        rounds: list[dict[str, Any]] = []
        counted = 0
        while counted < banked_stud.MATCH_ROUNDS:
            deck = Deck(rng=rng)
            player, dealer = deck.deal(5), deck.deal(5)
            if rng.random() < 0.05:
                rounds.append({"void": True, "reason": rng.choice(_VOID_REASONS)})
                continue
            action = banked_stud.basic_action(evaluate_five(player)).value
            rounds.append(
                {
                    "game": self.game,
                    "player": format_cards(player),
                    "dealer": format_cards(dealer),
                    "ante": ante,
                    "action": action,
                }
            )
            counted += 1
        return rounds

    def answer_for(self, request: Mapping[str, Any], level: int, config: HouseConfig) -> Answer:
        rounds = request.get("rounds")
        if not isinstance(rounds, list):
            raise EngineError("A ledger request lists its rounds under 'rounds'.")
        played = []
        for r in rounds:
            if isinstance(r, Mapping) and r.get("void"):
                played.append(banked_stud.MatchRound(None))
            else:
                settled = settle_stored(PROFILE, r, config)
                played.append(banked_stud.MatchRound(settled.net, settled))
        ledger = banked_stud.settle_match(played)
        fields = (
            AnswerField("total", "Match total", AnswerKind.SIGNED),
            AnswerField("verdict", "Verdict", AnswerKind.CHOICE, VERDICTS, VERDICT_KEYS),
        )
        expected = {"total": ledger.total, "verdict": ledger.verdict.value}
        return fields, expected, ledger.steps
