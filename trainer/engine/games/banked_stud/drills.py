"""Caribbean Stud and Casino Stud Poker drills: does the dealer qualify, settle the player.

Both games are one `banked_stud.Profile` each; the expected answer is `banked_stud.settle`'s
`Settlement` (whether the dealer qualifies, each bet's `Bet`, the net).

>>> from trainer.engine.house import DEFAULT_CONFIG
>>> q = CaribbeanSettle().generate(4, 1, DEFAULT_CONFIG)
>>> s = settle_stored(banked_stud.CARIBBEAN, q.request, DEFAULT_CONFIG)
>>> q.expected["net"] == s.net, q.steps == s.steps
(True, True)
>>> RESULTS
(('win', 'Win'), ('push', 'Push'), ('lose', 'Lose'))
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ...cards import ACE, JACK, KING, QUEEN, Card, Deck, format_cards
from ...drills.hand_reading import ASCENDING, NEAR_MISSES, missed, near_miss
from ...errors import EngineError
from ...hands import Category, evaluate_five
from ...house import HouseConfig
from ...kit import requests
from ...kit.dealing import hand_of, high_card, remaining, tie_for
from ...kit.fields import AnswerKind
from ...kit.kinds import Answer, AnswerField, Dealt, DrillKind, Level
from ...kit.stakes import (
    LOSING_HANDS,
    POSITIONS,
    STAKE_LEVELS,
    TIED_HANDS,
    TRIES,
    StakesAntes,
    category_up_to,
    high_to_low,
    pick,
    pick_ante,
    pick_count,
    pick_seats,
    sample_fitting,
)
from ...kit.stored import positions_of, read_stored, seat_of
from ...messages import say
from ...words import seated
from . import rules as banked_stud
from .rules import Bet, Outcome, Result, Settlement

#: the seats a ruling request names (the game seats up to seven; the ruling desk six)
SEATS = requests.SEATS

#: the top two cards of the weakest qualifying dealer hand: A-K high
QUALIFYING_TOP = banked_stud.LOWEST_QUALIFIER.ranks[:2]

# each written out, so the catalogue's extraction finds it
RESULTS = (("win", say("Win")), ("push", say("Push")), ("lose", say("Lose")))
assert tuple(v for v, _ in RESULTS) == tuple(r.value for r in Result)
RESULT_KEYS = ("w", "p", "l")
YES_NO = (("yes", say("Yes")), ("no", say("No")))
YES_NO_KEYS = ("y", "n")


_SETTLE_MIX: tuple[tuple[str, float], ...] = (
    ("fold", 8),
    ("no-qualify", 25),
    ("win", 37),
    ("lose", 18),
    ("tie", 12),
)
_PLAYER_WINS: tuple[tuple[Category, float], ...] = (
    (Category.HIGH_CARD, 8),
    (Category.ONE_PAIR, 12),
    (Category.TWO_PAIR, 9),
    (Category.THREE_OF_A_KIND, 7),
    (Category.STRAIGHT, 6),
    (Category.FLUSH, 6),
    (Category.FULL_HOUSE, 5),
    (Category.FOUR_OF_A_KIND, 3),
    (Category.STRAIGHT_FLUSH, 2),
    (Category.ROYAL_FLUSH, 1),
)
_DEALER_QUALIFIES: tuple[tuple[Category, float], ...] = (
    (Category.HIGH_CARD, 25),
    (Category.ONE_PAIR, 35),
    (Category.TWO_PAIR, 18),
    (Category.THREE_OF_A_KIND, 9),
    (Category.STRAIGHT, 5),
    (Category.FLUSH, 4),
    (Category.FULL_HOUSE, 3),
    (Category.FOUR_OF_A_KIND, 1),
)
#: tops of the dealer's hand that fall short of A-K: A-Q, A-J or lower with an ace, K-x, Q-x
_SHORT_TOPS: tuple[tuple[tuple[int, ...], float], ...] = (
    ((ACE, QUEEN), 35),
    ((ACE, JACK), 8),
    ((ACE, 10), 4),
    ((ACE, 9), 3),
    ((KING, QUEEN), 15),
    ((KING, JACK), 6),
    ((KING,), 4),
    ((QUEEN,), 10),
    ((JACK,), 8),
    ((10,), 7),
)
_QUALIFY_MIX: tuple[tuple[str, float], ...] = (
    ("A-K high", 18),
    ("small pair", 12),
    ("pair", 8),
    ("two pair or better", 12),
    ("short", 50),
)


def _qualifying(
    category: Category, rng: random.Random, exclude: Sequence[Card] = ()
) -> tuple[Card, ...]:
    """A dealer hand of `category` that qualifies (a high card hand is A-K high)."""
    if category is Category.HIGH_CARD:
        return high_card(rng, top=QUALIFYING_TOP, exclude=exclude)
    return hand_of(category, rng, exclude=exclude)


def banked_hands(
    scenario: str, rng: random.Random, *, wins_with: Category | None = None
) -> tuple[tuple[Card, ...], tuple[Card, ...], str]:
    """(player, dealer, action word) for one round of the settle mix (`wins_with`: the
    category a "win" is won with, instead of the mix's pick).  A few attempts can miss (an
    exact tie where a win was wanted, or the player's cards leave no A-K for the dealer);
    after TRIES of them a pair against A-K high stands in."""
    for _ in range(TRIES):
        try:
            found = _banked_attempt(scenario, rng, wins_with)
        except EngineError:
            found = None
        if found is not None:
            return found
    player = hand_of(Category.ONE_PAIR, rng)
    return player, high_card(rng, top=QUALIFYING_TOP, exclude=player), "call"


def _banked_attempt(
    scenario: str, rng: random.Random, wins_with: Category | None = None
) -> tuple[tuple[Card, ...], tuple[Card, ...], str] | None:
    if scenario == "fold":
        player = high_card(rng, top=(rng.randint(7, KING),))
        return player, tuple(rng.sample(remaining(player), 5)), "fold"
    if scenario == "no-qualify":
        player = hand_of(pick(rng, _PLAYER_WINS), rng)
        dealer = high_card(rng, top=pick(rng, _SHORT_TOPS), exclude=player)
        return player, dealer, "call"
    if scenario == "tie":
        player = _qualifying(pick(rng, TIED_HANDS), rng)
        tied = tie_for(player, rng)
        return None if tied is None else (player, tied, "call")
    if scenario == "win":
        mine = pick(rng, _PLAYER_WINS) if wins_with is None else wins_with
        theirs = pick(rng, category_up_to(_DEALER_QUALIFIES, mine))
        player = _qualifying(mine, rng)
    else:
        theirs = pick(rng, _DEALER_QUALIFIES)
        player = hand_of(pick(rng, category_up_to(LOSING_HANDS, theirs)), rng)
    dealer = _qualifying(theirs, rng, exclude=player)
    a, b = evaluate_five(player), evaluate_five(dealer)
    if a == b:
        return None
    if (a > b) != (scenario == "win"):
        player, dealer = dealer, player
    if not banked_stud.dealer_qualifies(evaluate_five(dealer)):
        return None
    return player, dealer, "call"


def settle_stored(
    profile: banked_stud.Profile, request: Mapping[str, Any], config: HouseConfig
) -> Settlement:
    """One stored round (a player's request) settled by `banked_stud.settle`."""
    asked = read_stored(profile.game, request, config)
    return banked_stud.settle(
        profile,
        asked.player,
        asked.dealer,
        asked.ante,
        asked.action,
        paytable=profile.paytable(config),
        rules=config.rules,
    )


FOLDS = "player folds"
NO_QUALIFY = "dealer does not qualify"
DEALER_WINS = "dealer wins"
DEALER_AK = "dealer A-K high"
#: the dealer's hands the qualify drill tells apart: high cards by their top (the weakest
#: qualifier, then ever further short of it), pairs, better
DEALER_HIGH = (
    DEALER_AK,
    "dealer ace high without a king",
    "dealer king high",
    "dealer below king high",
)
SMALL_PAIR = "dealer small pair"
PAIR = "dealer pair"
TWO_PAIR_OR_BETTER = "dealer two pair or better"
#: the highest pair that is a small one
SMALL_PAIR_TOP = 6


def _tied(profile: banked_stud.Profile) -> str:
    """The game's own word for a tie, without the article: "exact tie", "stand off"."""
    return profile.tie_word.split(" ", 1)[1]


def _pays(profile: banked_stud.Profile, category: Category) -> str:
    """The second bet won with `category`: "call pays flush"."""
    return f"{profile.second_bet.lower()} pays {category.label}"


def _settle_situation(s: Settlement) -> str:
    if s.outcome is Outcome.FOLD:
        return FOLDS
    if s.outcome is Outcome.NO_QUALIFY:
        return NO_QUALIFY
    if s.outcome is Outcome.PUSH:
        return _tied(s.profile)
    if s.dealer.category is Category.HIGH_CARD:
        return DEALER_AK
    if s.outcome is Outcome.LOSE:
        return DEALER_WINS
    return _pays(s.profile, s.player.category)


def _dealer_situation(dealer: Sequence[Card]) -> str:
    value = evaluate_five(dealer)
    if value.category is Category.HIGH_CARD:
        if value.ranks[:2] == QUALIFYING_TOP:
            return DEALER_HIGH[0]
        if value.ranks[0] == ACE:
            return DEALER_HIGH[1]
        if value.ranks[0] == KING:
            return DEALER_HIGH[2]
        return DEALER_HIGH[3]
    if value.category is Category.ONE_PAIR:
        return SMALL_PAIR if value.ranks[0] <= SMALL_PAIR_TOP else PAIR
    return TWO_PAIR_OR_BETTER


def _qualify_situation(dealer: Sequence[Card]) -> str:
    """The dealer's hand as the qualify drill tags it: a high card hand with its near miss."""
    situation = _dealer_situation(dealer)
    miss = near_miss(dealer) if evaluate_five(dealer).category is Category.HIGH_CARD else None
    return missed(situation, miss) if miss else situation


class _Banked(StakesAntes, DrillKind):
    """What the qualify and settle drills of both banked games share."""

    profile: banked_stud.Profile

    @property
    def second(self) -> str:
        return self.profile.second_bet

    def action_word(self, action: str) -> str:
        """The request's word for the player's action: a Raise at Casino Stud Poker."""
        if action == "fold":
            return "fold"
        return self.second.lower()

    def request_for(
        self, player: Sequence[Card], dealer: Sequence[Card], ante: int, action: str
    ) -> dict[str, Any]:
        return {
            "game": self.game,
            "player": format_cards(player),
            "dealer": format_cards(dealer),
            "ante": ante,
            "action": self.action_word(action),
        }

    def up_card(self, dealer: Sequence[Card]) -> str:
        return str(self.profile.up_card(dealer))

    def call_amount(self, ante: int, config: HouseConfig) -> int:
        return ante * self.profile.multiple(config.rules)


class BankedQualify(_Banked):
    # the qualify call is made as the dealer's hand is turned: a dealer says it at once
    pace = (3.0, 4.0, 5.0)
    mix = say(
        "Half the dealer hands qualify, half do not.  Qualifying: A-K high exactly (often), "
        "small pairs, pairs, two pair or better.  Short: A-Q high (often), A-J or lower with an "
        "ace, K-Q, queen high and lower."
    )
    levels = (
        Level(1, say("The dealer's cards sorted high to low")),
        Level(2, say("The dealer's cards as dealt")),
        Level(3, say("As dealt, with near misses: four to a flush or a straight")),
    )

    def deal(self, rng: random.Random, level: int, config: HouseConfig, natural: bool) -> Dealt:
        return self._deal(rng, level, config, natural)

    def aims(self, config: HouseConfig) -> dict[str, Any]:
        """Each dealer's hand from the weakest qualifier down, the pairs and better, then the
        high card hands with a near miss: the mix's scenario, a high card hand topped as one
        of the mix's (A-K, or the short tops that read as the situation).

        >>> from trainer.engine.house import DEFAULT_CONFIG
        >>> tags = CaribbeanQualify().situations(DEFAULT_CONFIG)
        >>> tags[:2], len(tags)
        (('dealer A-K high', 'dealer ace high without a king'), 15)
        >>> tags[-1]
        'dealer below king high, four to a straight'
        """
        tops: dict[str, Any] = {DEALER_AK: ("A-K high", None)}
        for top, _ in _SHORT_TOPS:
            sample = high_card(random.Random(0), top=top)
            tops.setdefault(_dealer_situation(sample), ("short", []))[1].append(top)
        aims: dict[str, Any] = {tag: tops[tag] for tag in DEALER_HIGH}
        aims.update({SMALL_PAIR: ("small pair", None), PAIR: ("pair", None)})
        aims[TWO_PAIR_OR_BETTER] = ("two pair or better", None)
        for tag in DEALER_HIGH:
            for miss in NEAR_MISSES:
                aims[missed(tag, miss)] = tops[tag]
        return aims

    def deal_aimed(self, rng: random.Random, level: int, config: HouseConfig, aim: Any) -> Dealt:
        return self._deal(rng, level, config, False, aim)

    def _deal(
        self,
        rng: random.Random,
        level: int,
        config: HouseConfig,
        natural: bool,
        aim: tuple[str, list[tuple[int, ...]] | None] | None = None,
    ) -> Dealt:
        paytable = self.profile.paytable(config)
        ante = pick_ante(rng, level, paytable, config)
        if natural:
            deck = Deck(rng=rng)
            player, dealer = deck.deal(5), deck.deal(5)
            scenario = "natural"
        else:
            scenario, tops = (pick(rng, _QUALIFY_MIX), None) if aim is None else aim
            dealer = self._dealer(scenario, rng, level, tops, near=aim is None)
            player = tuple(rng.sample(remaining(dealer), 5))
        # the card turned up as dealt: a random card of the hand at every level, also where
        # level 1 then shows the hand sorted
        up_card = self.up_card(dealer)
        if level == 1:
            dealer = high_to_low(dealer)
        request = self.request_for(player, dealer, ante, "call")
        table = {
            "dealer": format_cards(dealer),
            "up_card": up_card,
            "player": format_cards(player),
            "ante": ante,
            "call": self.call_amount(ante, config),
            "call_name": self.second,
        }
        return Dealt(
            request=request,
            table=table,
            prompt=say("Does the dealer qualify?"),
            situation=_qualify_situation(dealer),
            category=evaluate_five(dealer).category.label,
            extra={"mix": scenario},
        )

    def _dealer(
        self,
        scenario: str,
        rng: random.Random,
        level: int,
        tops: list[tuple[int, ...]] | None = None,
        *,
        near: bool = True,
    ) -> tuple[Card, ...]:
        """The dealer's hand of a scenario of the qualify mix; a "short" one topped by one of
        `tops` where given; at level 3 (where `near`) tried for a near miss."""

        def build() -> tuple[Card, ...]:
            if scenario == "A-K high":
                return high_card(rng, top=QUALIFYING_TOP)
            if scenario == "small pair":
                return hand_of(Category.ONE_PAIR, rng, ranks=range(2, SMALL_PAIR_TOP + 1))
            if scenario == "pair":
                return hand_of(Category.ONE_PAIR, rng, ranks=range(SMALL_PAIR_TOP + 1, ACE + 1))
            if scenario == "two pair or better":
                return hand_of(pick(rng, _DEALER_QUALIFIES[2:]), rng)
            return high_card(rng, top=pick(rng, _SHORT_TOPS) if tops is None else rng.choice(tops))

        dealer = build()
        if near and level == 3 and scenario in ("A-K high", "short"):
            for _ in range(TRIES):
                if near_miss(dealer):
                    break
                dealer = build()
        return dealer

    def situation_of(self, request: Mapping[str, Any], level: int, config: HouseConfig) -> str:
        """The dealer's hand of a request, as the qualify mix tags it."""
        return _qualify_situation(read_stored(self.game, request, config).dealer)

    def answer_for(self, request: Mapping[str, Any], level: int, config: HouseConfig) -> Answer:
        settled = settle_stored(self.profile, request, config)
        if settled.dealer_qualifies is None:
            raise EngineError("A qualify question needs a hand the player called.")
        answer = "yes" if settled.dealer_qualifies else "no"
        steps = tuple(
            s for s in settled.steps if s.startswith("The dealer reveals") or "qualif" in s
        )
        field_ = AnswerField(
            "qualifies", say("Does the dealer qualify?"), AnswerKind.CHOICE, YES_NO, YES_NO_KEYS
        )
        return (field_,), {"qualifies": answer}, steps


class BankedSettle(_Banked):
    # per position: both bets' results and amounts and the net; a full table of five or six
    # positions then settles in under a minute, the pace of a game dealt at about 50 hands
    # an hour
    pace = (8.0, 10.0, 12.0)
    pays = True
    deals_hands = True
    mix = say(
        "About a quarter of the rounds the dealer does not qualify, a third the player wins "
        "(every paying category up to the royal flush), a fifth the dealer wins, one in eight "
        "is an exact tie, one in twelve the player folds.  A-K high dealers come up often."
    )
    levels = STAKE_LEVELS

    def deal(self, rng: random.Random, level: int, config: HouseConfig, natural: bool) -> Dealt:
        return self._deal(rng, level, config, natural)

    def aims(self, config: HouseConfig) -> dict[str, Any]:
        """The featured player's round: folds, the dealer not qualifying, the dealer winning,
        the second bet paying each category of the house's table above high card (a high card
        wins only against A-K high), a qualifying A-K high, then a tie; each the settle mix's
        scenario, the category a win is won with, or A-K high against the mix's winners.

        >>> from trainer.engine.house import DEFAULT_CONFIG
        >>> tags = CasinoSettle().situations(DEFAULT_CONFIG)
        >>> tags[:4]
        ('player folds', 'dealer does not qualify', 'dealer wins', 'raise pays one pair')
        >>> tags[-2:], len(tags)
        (('dealer A-K high', 'stand off'), 14)
        """
        aims: dict[str, Any] = {FOLDS: "fold", NO_QUALIFY: "no-qualify", DEALER_WINS: "lose"}
        paid = self.profile.paytable(config).categories
        for category in ASCENDING:
            if category > Category.HIGH_CARD and category in paid:
                aims[_pays(self.profile, category)] = category
        aims[DEALER_AK] = DEALER_AK
        aims[_tied(self.profile)] = "tie"
        return aims

    def deal_aimed(self, rng: random.Random, level: int, config: HouseConfig, aim: Any) -> Dealt:
        return self._deal(rng, level, config, False, aim)

    def _deal(
        self,
        rng: random.Random,
        level: int,
        config: HouseConfig,
        natural: bool,
        aim: str | Category | None = None,
    ) -> Dealt:
        paytable = self.profile.paytable(config)
        ante = pick_ante(rng, level, paytable, config)
        seats = pick_seats(rng, pick_count(rng, POSITIONS, level), SEATS) if level > 1 else ["1"]
        if natural:
            deck = Deck(rng=rng)
            hands = {s: deck.deal(5) for s in seats}
            dealer = deck.deal(5)
            actions = {
                s: banked_stud.basic_action(evaluate_five(h)).value for s, h in hands.items()
            }
            featured, scenario = seats[0], "natural"
        else:
            featured = rng.choice(seats)
            if aim is None:
                scenario = pick(rng, _SETTLE_MIX)
                player, dealer, action = banked_hands(scenario, rng)
            else:
                scenario, player, dealer, action = _aimed_round(aim, rng)
            hands, actions = {featured: player}, {featured: action}
            self._others(rng, seats, featured, dealer, hands, actions)
        if level == 1:
            hands = {s: high_to_low(h) for s, h in hands.items()}
        requests = [
            {"seat": s, **self.request_for(hands[s], dealer, ante, actions[s])} for s in seats
        ]
        request = requests[0] if len(seats) == 1 else {"game": self.game, "positions": requests}
        call = self.call_amount(ante, config)
        layout = [
            {
                "seat": s,
                "player": format_cards(hands[s]),
                "ante": ante,
                "action": self.action_word(actions[s]),
                "call": None if actions[s] == "fold" else call,
                "bets": {"ante": ante, **({} if actions[s] == "fold" else {"call": call})},
            }
            for s in seats
        ]
        table: dict[str, Any] = {
            "dealer": format_cards(dealer),
            "up_card": self.up_card(dealer),
            "call_name": self.second,
            "positions": layout,
        }
        if len(seats) == 1:
            table.update({k: v for k, v in layout[0].items() if k != "seat"})
        settled = banked_stud.settle(
            self.profile,
            hands[featured],
            dealer,
            ante,
            actions[featured],
            paytable=paytable,
            rules=config.rules,
        )
        prompt = say("Settle the player.") if len(seats) == 1 else say("Settle each player.")
        return Dealt(
            request=request,
            table=table,
            prompt=prompt,
            situation=_settle_situation(settled),
            category=settled.player.category.label,
            extra={"featured_seat": featured, "mix": scenario},
        )

    def _others(
        self,
        rng: random.Random,
        seats: Sequence[str],
        featured: str,
        dealer: tuple[Card, ...],
        hands: dict[str, tuple[Card, ...]],
        actions: dict[str, str],
    ) -> None:
        theirs = evaluate_five(dealer)
        qualifies = banked_stud.dealer_qualifies(theirs)
        kinds = (
            (("win", 40), ("lose", 30), ("fold", 15), ("tie", 15))
            if qualifies
            else (("call", 80), ("fold", 20))
        )
        for seat in seats:
            if seat == featured:
                continue
            used = [*dealer, *(c for h in hands.values() for c in h)]
            kind = pick(rng, kinds)
            hand = tie_for(dealer, rng, exclude=used) if kind == "tie" else None
            if hand is None:
                want = {"win": 1, "lose": -1}.get(kind)

                def fits(h: tuple[Card, ...], want: int | None = want) -> bool:
                    if want is None:
                        return True
                    diff = evaluate_five(h).strength - theirs.strength
                    return diff * want > 0

                hand = sample_fitting(rng, remaining(used), 5, fits)
            hands[seat] = hand
            actions[seat] = "fold" if kind == "fold" else "call"

    def situation_of(self, request: Mapping[str, Any], level: int, config: HouseConfig) -> str:
        """One player's round, as the settle mix tags its featured player."""
        return _settle_situation(settle_stored(self.profile, request, config))

    def answer_for(self, request: Mapping[str, Any], level: int, config: HouseConfig) -> Answer:
        positions, several = positions_of(request)
        fields: list[AnswerField] = []
        expected: dict[str, Any] = {}
        steps: list[str] = []
        for position in positions:
            seat = seat_of(position)
            settled = settle_stored(self.profile, position, config)
            name = f"p{seat}." if several else ""
            who = say("Seat %(seat)s: ", seat=seat) if several else ""
            for bet, title, b in (
                ("ante", say("Ante"), settled.ante),
                ("call", self.second, settled.call),
            ):
                if b is None:  # a fold puts up no second bet
                    continue
                fields += [
                    AnswerField(
                        f"{name}{bet}.result",
                        seated(who, say("%(bet)s result", bet=title)),
                        AnswerKind.CHOICE,
                        RESULTS,
                        RESULT_KEYS,
                    ),
                    AnswerField(
                        f"{name}{bet}.amount",
                        seated(who, say("%(bet)s amount", bet=title)),
                        AnswerKind.AMOUNT,
                    ),
                ]
                expected[f"{name}{bet}.result"] = b.result.value
                expected[f"{name}{bet}.amount"] = _paid_or_collected(b)
            fields.append(AnswerField(f"{name}net", seated(who, say("net")), AnswerKind.SIGNED))
            expected[f"{name}net"] = settled.net
            steps += [who + s for s in settled.steps]
        return tuple(fields), expected, tuple(steps)


def _aimed_round(
    aim: str | Category, rng: random.Random
) -> tuple[str, tuple[Card, ...], tuple[Card, ...], str]:
    """(scenario, player, dealer, action word) for a round aimed at a settle situation: a
    win with the category `aim`, the mix's winners against A-K high, or the mix's `aim`."""
    if isinstance(aim, Category):
        return ("win", *banked_hands("win", rng, wins_with=aim))
    if aim == DEALER_AK:
        dealer = high_card(rng, top=QUALIFYING_TOP)
        return DEALER_AK, hand_of(pick(rng, _PLAYER_WINS), rng, exclude=dealer), dealer, "call"
    return (aim, *banked_hands(aim, rng))


def _paid_or_collected(bet: Bet) -> int:
    """What the dealer pays on a bet (its profit) or collects (its stake); 0 on a push."""
    if bet.result is Result.WIN:
        return bet.profit
    return 0 if bet.result is Result.PUSH else bet.stake


class CaribbeanQualify(BankedQualify):
    slug = "cs-qualify"
    profile = banked_stud.CARIBBEAN
    game = profile.game
    title = say("Caribbean Stud: does the dealer qualify?")
    description = say("Read the dealer's five cards: A-K high or better qualifies.")


class CasinoQualify(BankedQualify):
    slug = "csp-qualify"
    profile = banked_stud.CASINO
    game = profile.game
    title = say("Casino Stud Poker: does the dealer qualify?")
    description = say("Read the dealer's five cards (the last one was face up): A-K or better.")


class CaribbeanSettle(BankedSettle):
    slug = "cs-settle"
    profile = banked_stud.CARIBBEAN
    game = profile.game
    title = say("Caribbean Stud: settle the player")
    description = say(
        "Settle the Ante and the Call: win, push or lose and the amount of each, and the net."
    )


class CasinoSettle(BankedSettle):
    slug = "csp-settle"
    profile = banked_stud.CASINO
    game = profile.game
    title = say("Casino Stud Poker: settle the player")
    description = say(
        "Settle the Ante and the Raise: win, push (stand off) or lose and the amount of each, "
        "and the net."
    )
