"""Caribbean Stud and Casino Stud Poker: one banked five-card stud game, two profiles.

The player antes, sees five cards and the dealer's one up card, then folds or puts up the
second bet (Caribbean: the Call; Casino: the Raise).  The dealer qualifies with A-K high or
better; a qualified dealer's hand is compared with the player's; a winning second bet is paid
by the player's category.  What the two games do differently is data in a `Profile`
(caribbean-stud.txt, casino-stud-poker.txt, RULES.md).

>>> s = settle(CARIBBEAN, parse_cards("Qh Qs 9d 6c 2h"), parse_cards("Jh Jc As 8d 3c"), 1, "call")
>>> s.outcome.value, s.net, s.returned
('win', 3, 6)
>>> s = settle(CASINO, parse_cards("Qh Qs 9d 6c 2h"), parse_cards("Kh Qc 7s 4d 3c"), 1, "raise")
>>> s.outcome.value, s.ante.result.value, s.call.result.value, s.net
('no-qualify', 'win', 'push', 1)
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ...cards import Card, Deck, format_cards, parse_cards
from ...errors import RulingError, message_of
from ...hands import Category, HandValue, evaluate_five
from ...house import DEFAULT_CONFIG, HouseConfig, HouseRules
from ...messages import Message, Param, join, say, say_n
from ...paytables import Odds, Paytable, PaytableError
from .request import Action

__all__ = [
    "ACTIONS",
    "CARIBBEAN",
    "CASINO",
    "LOWEST_QUALIFIER",
    "MATCH_ROUNDS",
    "MAX_POSITIONS",
    "Action",
    "Bet",
    "Deal",
    "MatchLedger",
    "MatchRound",
    "Outcome",
    "Profile",
    "Result",
    "Settlement",
    "Verdict",
    "basic_action",
    "deal",
    "dealer_qualifies",
    "play_match",
    "settle",
    "settle_match",
]

_DEFAULT_RULES = HouseRules()
#: players a banked stud table seats (52 cards serve at most nine hands and the dealer's)
MAX_POSITIONS = 7
#: a match is this many counted rounds (caribbean-stud.txt §06)
MATCH_ROUNDS = 20


@dataclass(frozen=True)
class Profile:
    """What makes Caribbean Stud and Casino Stud Poker differ, as data."""

    #: the request's `game`
    game: str
    title: str
    #: which of the dealer's five listed cards is turned face up
    up_card_index: int
    #: the second bet's name at this table
    second_bet: str
    #: the second bet is this many Antes; None: the house rule `call_multiple`
    fixed_multiple: int | None
    #: what this game calls hands of equal rank
    tie_word: str
    #: whether the house rule `call_payout_cap` limits the second bet's winnings
    capped: bool

    def multiple(self, rules: HouseRules) -> int:
        return self.fixed_multiple if self.fixed_multiple is not None else rules.call_multiple

    def paytable(self, config: HouseConfig) -> Paytable:
        return config.paytable(self.game)

    def cap(self, rules: HouseRules) -> int | None:
        return rules.call_payout_cap if self.capped else None

    def up_card(self, dealer: Sequence[Card]) -> Card:
        return dealer[self.up_card_index]


#: caribbean-stud.txt §02/§08: the first card shows; Call 2 × Ante by default; capped by house
CARIBBEAN = Profile(
    game="caribbean-stud",
    title="Caribbean Stud",
    up_card_index=0,
    second_bet=say("Call"),
    fixed_multiple=None,
    tie_word=say("an exact tie"),
    capped=True,
)
#: casino-stud-poker.txt: the last card shows; Raise exactly 2 × Ante; a tie is a stand off
CASINO = Profile(
    game="casino-stud",
    title="Casino Stud Poker",
    up_card_index=-1,
    second_bet=say("Raise"),
    fixed_multiple=2,
    tie_word=say("a stand off"),
    capped=False,
)


#: the words a request may use: a Raise is the Call under its Casino Stud name
ACTIONS: Mapping[str, Action] = {"call": Action.CALL, "raise": Action.CALL, "fold": Action.FOLD}


class Outcome(enum.Enum):
    FOLD = "fold"
    NO_QUALIFY = "no-qualify"
    WIN = "win"
    LOSE = "lose"
    PUSH = "push"


#: each outcome as a dealer says it, for pages that show a ruling ("no-qualify" is the API's)
OUTCOME_WORDS: Mapping[Outcome, str] = {
    Outcome.FOLD: say("fold"),
    Outcome.NO_QUALIFY: say("the dealer does not qualify"),
    Outcome.WIN: say("win"),
    Outcome.LOSE: say("lose"),
    Outcome.PUSH: say("push"),
}


class Result(enum.Enum):
    """What became of one bet: `push` means its stake went back untouched."""

    WIN = "win"
    PUSH = "push"
    LOSE = "lose"


@dataclass(frozen=True)
class Bet:
    stake: int
    result: Result
    #: winnings only: 0 unless the bet wins
    profit: int

    @property
    def returned(self) -> int:
        return 0 if self.result is Result.LOSE else self.stake + self.profit


@dataclass(frozen=True)
class Settlement:
    """One round settled, with its reasons in `steps`."""

    profile: Profile
    #: None on a fold: the dealer's hand is not needed then
    dealer_qualifies: bool | None
    player: HandValue
    dealer: HandValue
    outcome: Outcome
    ante: Bet
    #: the second bet (Call or Raise); None on a fold
    call: Bet | None
    #: the odds paid on the second bet; None unless it wins by the paytable
    odds: Odds | None
    #: winnings on the second bet withheld by the house's payout cap
    capped: int
    returned: int
    net: int
    steps: tuple[Message, ...]

    @property
    def stake(self) -> int:
        return self.ante.stake + (self.call.stake if self.call is not None else 0)


#: the weakest hand that qualifies: A-K high with the lowest kickers.  Any pair is stronger,
#: and so is every high-card hand holding both an ace and a king; A-Q high is weaker.
LOWEST_QUALIFIER = evaluate_five(parse_cards("As Kd 4c 3h 2s"))


def dealer_qualifies(value: HandValue) -> bool:
    """A-K high or better: any pair or better, or a high-card hand with an ace and a king.

    >>> dealer_qualifies(evaluate_five(parse_cards("Ah Kd 4c 3s 2h")))
    True
    >>> dealer_qualifies(evaluate_five(parse_cards("Ah Qd Jc 9s 8h")))
    False
    """
    return value >= LOWEST_QUALIFIER


def settle(
    profile: Profile,
    player: Sequence[Card],
    dealer: Sequence[Card],
    ante: int,
    action: Action | str,
    *,
    paytable: Paytable | None = None,
    rules: HouseRules = _DEFAULT_RULES,
) -> Settlement:
    """Settle one round for one player: `action` is `call` (or `raise`) or `fold`.  Without
    `paytable`, the profile's source-text table pays the second bet.

    >>> s = settle(CARIBBEAN, parse_cards("Qh Qs 9d 6c 2h"), parse_cards("Jh Jc As 8d 3c"), 1,
    ...            "fold")
    >>> s.outcome.value, s.net, s.call
    ('fold', -1, None)
    """
    if paytable is None:
        paytable = profile.paytable(DEFAULT_CONFIG)
    act = _action(action)
    mine, theirs = evaluate_five(player), evaluate_five(dealer)
    second = profile.second_bet
    steps = [
        say(
            "The player holds %(cards)s: %(hand)s.",
            cards=format_cards(player),
            hand=mine.description,
        ),
        say("The dealer shows %(card)s.", card=profile.up_card(dealer)),
    ]
    if act is Action.FOLD:
        steps += [
            say(
                "The player folds: the Ante %(ante)s is lost; the dealer's hand is not needed.",
                ante=ante,
            ),
            say("Net -%(ante)s; the player receives nothing.", ante=ante),
        ]
        return Settlement(
            profile=profile,
            dealer_qualifies=None,
            player=mine,
            dealer=theirs,
            outcome=Outcome.FOLD,
            ante=Bet(ante, Result.LOSE, 0),
            call=None,
            odds=None,
            capped=0,
            returned=0,
            net=-ante,
            steps=tuple(steps),
        )

    call = ante * profile.multiple(rules)
    steps += [
        say(
            "The player puts up the %(bet)s %(call)s (%(multiple)s × Ante %(ante)s).",
            bet=second,
            call=call,
            multiple=profile.multiple(rules),
            ante=ante,
        ),
        say(
            "The dealer reveals %(cards)s: %(hand)s.",
            cards=format_cards(dealer),
            hand=theirs.description,
        ),
    ]
    odds: Odds | None = None
    capped = 0
    if not dealer_qualifies(theirs):
        outcome = Outcome.NO_QUALIFY
        ante_bet, call_bet = Bet(ante, Result.WIN, ante), Bet(call, Result.PUSH, 0)
        steps += [
            say(
                "The dealer's %(hand)s does not qualify: the dealer needs A-K high or better.",
                hand=theirs.description,
            ),
            say(
                "The Ante wins 1:1: %(ante)s. The %(bet)s %(call)s is returned, whatever the "
                "player holds.",
                ante=ante,
                bet=second,
                call=call,
            ),
        ]
    elif theirs > mine:
        outcome = Outcome.LOSE
        ante_bet, call_bet = Bet(ante, Result.LOSE, 0), Bet(call, Result.LOSE, 0)
        steps += [
            say("The dealer qualifies with %(hand)s.", hand=_spoken(theirs)),
            say(
                "The dealer's %(hand)s beats the player's %(player)s: the Ante %(ante)s and the "
                "%(bet)s %(call)s are lost.",
                hand=theirs.description,
                player=mine.description,
                ante=ante,
                bet=second,
                call=call,
            ),
        ]
    elif theirs == mine:
        outcome = Outcome.PUSH
        ante_bet, call_bet = Bet(ante, Result.PUSH, 0), Bet(call, Result.PUSH, 0)
        steps += [
            say("The dealer qualifies with %(hand)s.", hand=_spoken(theirs)),
            say(
                "The player's %(player)s and the dealer's are %(tie)s: the Ante %(ante)s and the "
                "%(bet)s %(call)s are returned.",
                player=mine.description,
                tie=profile.tie_word,
                ante=ante,
                bet=second,
                call=call,
            ),
        ]
    else:
        outcome = Outcome.WIN
        odds = paytable.odds_for(mine.category)
        if odds is None:
            raise PaytableError(
                f"The {paytable.name} paytable has no {mine.category.label} row for the {second}."
            )
        try:
            full = odds.profit(call)
        except PaytableError as exc:
            raise RulingError(message_of(exc), field="ante") from None
        cap = profile.cap(rules)
        capped = full - cap if cap is not None and full > cap else 0
        ante_bet, call_bet = Bet(ante, Result.WIN, ante), Bet(call, Result.WIN, full - capped)
        sum_ = f"{call} × {odds.win}" + (f" / {odds.to}" if odds.to != 1 else "")
        steps += [
            say("The dealer qualifies with %(hand)s.", hand=_spoken(theirs)),
            say(
                "The dealer's %(hand)s loses to the player's %(player)s.",
                hand=theirs.description,
                player=mine.description,
            ),
            say(
                "The Ante wins 1:1: %(ante)s. The %(bet)s wins by the player's %(category)s at "
                "%(odds)s: %(sum)s = %(full)s.",
                ante=ante,
                bet=second,
                category=mine.category.label,
                odds=str(odds),
                sum=sum_,
                full=full,
            ),
        ]
        if capped:
            steps.append(
                say(
                    "The house pays at most %(cap)s on the %(bet)s: %(capped)s is withheld, so "
                    "the %(bet)s wins %(paid)s.",
                    cap=cap if cap is not None else 0,
                    bet=second,
                    capped=capped,
                    paid=full - capped,
                )
            )
    returned = ante_bet.returned + call_bet.returned
    net = returned - ante - call
    receives = (
        say("the player receives %(returned)s", returned=returned)
        if returned
        else say("the player receives nothing")
    )
    steps.append(
        say("Net %(net)s; %(receives)s.", net=f"{net:+d}" if net else "0", receives=receives)
    )
    return Settlement(
        profile=profile,
        dealer_qualifies=outcome is not Outcome.NO_QUALIFY,
        player=mine,
        dealer=theirs,
        outcome=outcome,
        ante=ante_bet,
        call=call_bet,
        odds=odds,
        capped=capped,
        returned=returned,
        net=net,
        steps=tuple(steps),
    )


def _spoken(value: HandValue) -> str:
    """The hand as it follows 'qualifies with': a pair or a straight or flush of any kind
    takes an article ("a pair of jacks"); "two pair", "three kings" and "ace high" do not."""
    if value.category in _TAKES_ARTICLE:
        text = value.description
        if text[0] in "aeiou":
            return say("an %(hand)s", hand=text)
        return say("a %(hand)s", hand=text)
    return value.description


_TAKES_ARTICLE = frozenset(
    {
        Category.ONE_PAIR,
        Category.STRAIGHT,
        Category.FLUSH,
        Category.STRAIGHT_FLUSH,
        Category.ROYAL_FLUSH,
    }
)


def _action(action: Action | str) -> Action:
    if isinstance(action, Action):
        return action
    found = ACTIONS.get(action.strip().lower()) if isinstance(action, str) else None
    if found is None:
        raise RulingError(
            f"'action' must be call (or raise) or fold; {action!r} is not.", field="action"
        )
    return found


# --- the match ledger ------------------------------------------------------------------------


class Verdict(enum.Enum):
    PLAYER_WIN = "player win"
    BANK_WIN = "bank win"
    DRAW = "draw"


#: each verdict as a sentence says it (the values are the API's)
VERDICT_WORDS: Mapping[Verdict, str] = {
    Verdict.PLAYER_WIN: say("player win"),
    Verdict.BANK_WIN: say("bank win"),
    Verdict.DRAW: say("draw"),
}


@dataclass(frozen=True)
class MatchRound:
    """One round of a match: its net for the player, or None for a void deal (every stake
    returned, the round replayed and not counted)."""

    net: int | None
    settlement: Settlement | None = None

    @property
    def void(self) -> bool:
        return self.net is None


@dataclass(frozen=True)
class MatchLedger:
    rounds: tuple[MatchRound, ...]
    counted: int
    voids: int
    total: int
    verdict: Verdict
    steps: tuple[Message, ...]


def settle_match(rounds: Iterable[MatchRound], *, length: int = MATCH_ROUNDS) -> MatchLedger:
    """Total a match: `length` counted rounds (20 by the source text); void rounds are listed
    but never counted.

    >>> ledger = settle_match([MatchRound(1)] * 19 + [MatchRound(None), MatchRound(-2)])
    >>> ledger.total, ledger.verdict.value, ledger.voids
    (17, 'player win', 1)
    """
    played = tuple(rounds)
    counted = voids = total = 0
    steps: list[Message] = []
    for number, r in enumerate(played, start=1):
        if not isinstance(r, MatchRound):
            raise RulingError(f"Round {number} is not a match round.", field="rounds")
        if counted == length:
            raise RulingError(
                f"The match ended with its {length}th counted round; round {number} is one "
                "too many.",
                field="rounds",
            )
        if r.void:
            voids += 1
            steps.append(
                say(
                    "Deal %(deal)s is void: every stake is returned and the round is replayed, "
                    "not counted.",
                    deal=number,
                )
            )
            continue
        if isinstance(r.net, bool) or not isinstance(r.net, int):
            raise RulingError(f"Round {number}'s net must be a whole number.", field="rounds")
        counted += 1
        total += r.net
        steps.append(
            join(
                say("Round %(round)s: ", round=counted),
                say(
                    "net %(net)s, running total %(total)s.",
                    net=f"{r.net:+d}",
                    total=f"{total:+d}",
                ),
            )
        )
    if counted < length:
        raise RulingError(
            f"A match is {length} counted rounds; {counted} were played.", field="rounds"
        )
    verdict = Verdict.PLAYER_WIN if total > 0 else Verdict.BANK_WIN if total < 0 else Verdict.DRAW
    said: dict[str, Param] = {
        "counted": counted,
        "total": f"{total:+d}",
        "verdict": VERDICT_WORDS[verdict],
    }
    if voids:
        steps.append(
            say_n(
                "%(counted)s rounds counted (%(count)s void deal replayed): total %(total)s, "
                "%(verdict)s.",
                "%(counted)s rounds counted (%(count)s void deals replayed): total %(total)s, "
                "%(verdict)s.",
                voids,
                **said,
            )
        )
    else:
        steps.append(say("%(counted)s rounds counted: total %(total)s, %(verdict)s.", **said))
    return MatchLedger(played, counted, voids, total, verdict, tuple(steps))


def basic_action(player: HandValue) -> Action:
    """The drills' simple strategy: call with what would qualify for the dealer (A-K high or
    better), fold anything weaker.  Not an optimal strategy; it plays fast and is easy to
    explain."""
    return Action.CALL if dealer_qualifies(player) else Action.FOLD


def play_match(
    seed: int,
    profile: Profile,
    *,
    paytable: Paytable | None = None,
    rules: HouseRules = _DEFAULT_RULES,
    ante: int = 1,
    void_rate: float = 0.05,
) -> MatchLedger:
    """Deal a whole match from `seed`: a fresh shuffle each round, about `void_rate` of the
    deals voided (and replayed), the player following `basic_action`.

    >>> a = play_match(3, CASINO)
    >>> a == play_match(3, CASINO), a.counted
    (True, 20)
    """
    if isinstance(void_rate, bool) or not isinstance(void_rate, (int, float)):
        raise RulingError("The void rate must be a number from 0 to below 1.", "void_rate")
    if not 0 <= void_rate < 1:
        raise RulingError("The void rate must be from 0 to below 1.", "void_rate")
    rng = random.Random(seed)
    rounds: list[MatchRound] = []
    counted = 0
    while counted < MATCH_ROUNDS:
        deck = Deck(rng=rng)
        player, dealer = deck.deal(5), deck.deal(5)
        # the void decision is drawn after the shuffle so a replay of `seed` voids the same deal
        if rng.random() < void_rate:
            rounds.append(MatchRound(None))
            continue
        action = basic_action(evaluate_five(player))
        s = settle(profile, player, dealer, ante, action, paytable=paytable, rules=rules)
        rounds.append(MatchRound(s.net, s))
        counted += 1
    return settle_match(rounds)


# --- dealing ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Deal:
    """Each player's five cards, the dealer's five and the one of them shown."""

    hands: tuple[tuple[Card, ...], ...]
    dealer: tuple[Card, ...]
    up_card: Card


def deal(seed: int, profile: Profile, positions: int = 1) -> Deal:
    """Deal `positions` players (1 to 7) and the dealer from a deck shuffled by `seed`.

    >>> d = deal(11, CASINO)
    >>> d == deal(11, CASINO), d.up_card == d.dealer[-1]
    (True, True)
    """
    if isinstance(positions, bool) or not isinstance(positions, int):
        raise RulingError(f"positions must be a whole number; {positions!r} is not.", "positions")
    if not 1 <= positions <= MAX_POSITIONS:
        raise RulingError(
            f"A {profile.title} table deals 1 to {MAX_POSITIONS} players; {positions} is not.",
            field="positions",
        )
    deck = Deck(seed)
    hands = tuple(deck.deal(5) for _ in range(positions))
    dealer = deck.deal(5)
    return Deal(hands, dealer, profile.up_card(dealer))
