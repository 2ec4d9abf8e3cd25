"""How an answered question reads on a page: per field, what was said and what was right."""

from __future__ import annotations

import copy

from django.core.exceptions import ObjectDoesNotExist
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

# card_text: the rounds and the tests take it from here, with the felt's other drawings
from trainer.core.i18n import render
from trainer.core.numbers import grouped
from trainer.core.templatetags.cards import card_parts, card_text  # noqa: F401
from trainer.core.templatetags.partials import drawn
from trainer.engine import pace
from trainer.engine.chips import Payout, words
from trainer.engine.drills import REGISTRY, AnswerField, AnswerKind
from trainer.engine.drills.spots import asking_order, split_steps, spots
from trainer.engine.kit.answers import chip_names, chip_verdict
from trainer.engine.kit.rounds import WHERE, Step, step_at
from trainer.engine.kit.watched import (
    FALSE_ALARM,
    MISSED,
    MISTAKES,
    UNMARKED,
    WRONG_CORRECTION,
    settlement_words,
    tally,
)
from trainer.engine.kit.watched import reason as watch_reason
from trainer.engine.seats import settle_order as seats_in_order

from .chipping import stacks
from .dealing import config_for
from .felt import Legend, felt_of, ledger_of
from .forms import seat_parts
from .grading import fields_of
from .models import Attempt, Question


def shown(field: AnswerField, value) -> str:
    """An answer value in words: choice labels, "seat 3", "seat 1, seat 4", a watched
    settlement's mark ("Wrong: fold paid; the right settlement took 15")."""
    if value is None or value == "":
        return "—"
    if field.kind == AnswerKind.WATCH and isinstance(value, dict):
        return _watched(value)
    if field.kind == AnswerKind.CHIPS and isinstance(value, dict):
        names = chip_names(field)
        if "amount" in value:  # the expected payout
            pay = Payout.of_json(value)
            if pay.rule == "amount":
                return _("%(amount)s in any chips") % {"amount": grouped(pay.amount)}
            if pay.rule == "taken":
                return _("no chips: the dealer takes the bet")
            return f"{grouped(pay.amount)}: {words(names, pay.chips, values=True)}"
        counts = {int(v): int(n) for v, n in value.items()}
        total = sum(v * n for v, n in counts.items())
        return f"{grouped(total)}: {words(names, counts, values=True)}"
    if isinstance(value, list):
        return ", ".join(_("seat %(seat)s") % {"seat": v} for v in value) if value else "—"
    if field.kind == AnswerKind.SEAT:
        return _("seat %(seat)s") % {"seat": value}
    return render(dict(field.choices).get(value, value))


def _watched(value: dict) -> str:
    """A watched settlement, expected or answered, in words."""
    call = value.get("call")
    if call is None:
        return _("not marked")
    if call == "right":
        if "paid" not in value:
            return _("Right")
        return _("Right: %(settlement)s") % {"settlement": settlement_words(value["paid"])}
    amount = value.get("amount")
    right = (
        _("no settlement")
        if amount is None
        else _("should have %(settlement)s") % {"settlement": settlement_words(amount)}
    )
    situation = value.get("situation") or _("no situation")
    return _("Wrong: %(situation)s; %(right)s") % {"situation": situation, "right": right}


def graded_against(question: Question, attempt: Attempt) -> Step | None:
    """The step a round's answer was marked against when it acted out of order on a place
    the step leaves pending: that place's own settlement (`trainer.engine.kit.rounds.judge`);
    None for any other answer (read from the question's round step only then)."""
    if attempt.marks.get(WHERE) is not False:
        return None
    try:
        stored = question.round_step.step
    except ObjectDoesNotExist:
        return None
    step = Step.of_json(stored)
    given = attempt.answer.get(WHERE)
    return None if given == step.where else step_at(step, str(given))


def review(question: Question, attempt: Attempt) -> list[dict]:
    """Per field: the label, the answer given, the correct answer, right or wrong, and for
    chips the reason they are wrong in a dealer's words.  A round's step settled out of order
    shows the settlement of the place acted on as the correct one (what it was marked
    against), and the place the order asked for under `where`."""
    at = graded_against(question, attempt)
    if at is not None:
        question = copy.copy(question)
        question.expected = {**at.expected, WHERE: question.expected.get(WHERE)}
    rows = []
    fields = fields_of(question)
    chips = None
    if any(f.kind == AnswerKind.CHIPS for f in fields):
        chips = config_for(question).rules.chip_set
    for field in fields:
        right = attempt.marks.get(field.name, False)
        reason, drawn = "", None
        if field.kind == AnswerKind.CHIPS and not right:
            verdict = chip_verdict(field, question.expected, attempt.answer)
            reason = verdict.reason if verdict is not None else ""
        if field.kind == AnswerKind.WATCH:
            reason = watch_reason(question.expected[field.name], attempt.answer.get(field.name))
        if field.kind == AnswerKind.CHIPS and chips is not None:
            pay = Payout.of_json(question.expected[field.name])
            drawn = stacks(chips, pay.chips) if pay.chips else None
        rows.append(
            {
                "label": field.label,
                "given": shown(field, attempt.answer.get(field.name)),
                "expected": shown(field, question.expected.get(field.name)),
                "right": right,
                "reason": reason,
                "drawn": drawn,
            }
        )
    return rows


def pace_line(attempt: Attempt) -> str:
    """The feedback's verdict with its time: "Right, 4.2 s (target 6 s): at pace.", "Wrong,
    7.5 s (target 6 s): over the target."; a wrong answer in time is not "at pace" (only a
    right answer is): "Wrong, 0.8 s (target 3 s): in time, but wrong."; an answer stored
    without a target gives its time alone ("Right, 4.2 s.")."""
    said = render(pace.pace_words(attempt.response_ms, attempt.target_ms))
    within = pace.at_pace(attempt.response_ms, attempt.target_ms)
    if within is None:
        line = _("Right, %(time)s.") if attempt.is_correct else _("Wrong, %(time)s.")
    elif not within:
        line = (
            _("Right, %(time)s: over the target.")
            if attempt.is_correct
            else _("Wrong, %(time)s: over the target.")
        )
    else:
        line = (
            _("Right, %(time)s: at pace.")
            if attempt.is_correct
            else _("Wrong, %(time)s: in time, but wrong.")
        )
    return line % {"time": said}


def settle_order(question: Question) -> str:
    """The order the question's seats are asked in: the house rule `settle_order` it was
    dealt under (its rules snapshot) where its game settles positions against the house (the
    game reads the rule); else seat order, clockwise from the dealer's left."""
    return asking_order(question.game, question.rules())


def review_by_spot(question: Question, attempt: Attempt) -> list[dict]:
    """The review grouped as the felt asks: the table's own answers, then seat by seat in
    the settle order; each group {"seat": seat or None, "rows": review rows, "wrong": any
    row wrong}."""
    rows = {
        field.name: row
        for field, row in zip(fields_of(question), review(question, attempt), strict=True)
    }
    groups = []
    for spot in spots(fields_of(question), table_seats(question.table), settle_order(question)):
        mine = [rows[f.name] for f in spot.fields]
        groups.append({"seat": spot.seat, "rows": mine, "wrong": not all(r["right"] for r in mine)})
    return groups


def steps_by_spot(question: Question) -> list[dict]:
    """The steps, the dealer's lines once and then each seat's in the settle order; each
    group {"seat": seat or None, "steps": lines with their cards drawn as cards}."""
    table, by_seat = split_steps(shown_steps(question))
    dealer = any("dealer" in s.lower() for s in table)
    groups = [{"seat": None, "dealer": dealer, "steps": [card_parts(s) for s in table]}]
    groups = groups if table else []
    for seat in seats_in_order(by_seat, settle_order(question)):
        groups.append({"seat": seat, "steps": [card_parts(s) for s in by_seat[seat]]})
    return groups


def shown_steps(question: Question) -> list[str]:
    """The question's steps as its feedback shows them: numbered as its table is (a match's
    rounds by their deal, `DrillKind.steps_shown`)."""
    kind = REGISTRY.get(question.kind)
    steps = list(question.steps)
    return steps if kind is None else kind.steps_shown(steps, question.table or {})


def feedback(question: Question, attempt: Attempt) -> dict:
    """The review and the steps as the feedback shows them: what was wrong first (the
    table's own answers and each seat with a wrong answer, with their steps), and, where
    some seats were all right, those folded away under one line ("4 seats answered right"),
    so that one wrong seat of six reads on one screen.

    {"shown": review groups, "steps": step groups, "folded": review groups,
     "folded_steps": step groups, "folded_words": "4 seats answered right"}"""
    groups = review_by_spot(question, attempt)
    steps = steps_by_spot(question)
    fold = {g["seat"] for g in groups if g["seat"] is not None and not g["wrong"]}
    if not any(g["wrong"] for g in groups) or len(fold) < 1 or len(groups) < 3:
        fold = set()  # all right, or too few seats to be worth folding: everything shown
    shown = [g for g in groups if g["seat"] not in fold]
    # the wrong answers first, then the table's own right ones, in the settle order
    shown.sort(key=lambda g: not g["wrong"])
    return {
        "shown": shown,
        "steps": [s for s in steps if s["seat"] not in fold],
        "folded": [g for g in groups if g["seat"] in fold],
        "folded_steps": [s for s in steps if s["seat"] in fold],
        "folded_words": (
            ngettext("%(count)s seat answered right", "%(count)s seats answered right", len(fold))
            % {"count": len(fold)}
            if fold
            else ""
        ),
    }


#: the watch drills' mistakes, counted (`mistakes_said`)
MISTAKES_SAID = {
    MISSED: lambda n: ngettext("%(count)s missed mispay", "%(count)s missed mispays", n),
    FALSE_ALARM: lambda n: ngettext("%(count)s false alarm", "%(count)s false alarms", n),
    WRONG_CORRECTION: lambda n: ngettext(
        "%(count)s wrong correction", "%(count)s wrong corrections", n
    ),
    UNMARKED: lambda n: ngettext("%(count)s not marked", "%(count)s not marked", n),
}


def mistakes_said(name: str, n: int) -> str:
    """A count of one of the watch drills' mistakes in words ("1 missed mispay", "2 false
    alarms", "3 not marked")."""
    return MISTAKES_SAID[name](n) % {"count": n}


def watch_tally(question: Question, attempt: Attempt) -> str:
    """A watch drill's mistakes counted apart, in one line ("1 missed mispay · 0 false alarms
    · 1 wrong correction"; positions left unmarked only when there were some); "" for a
    question of any other drill."""
    fields = fields_of(question)
    if not any(f.kind == AnswerKind.WATCH for f in fields):
        return ""
    counts = tally(fields, question.expected, attempt.answer)
    said = [
        mistakes_said(name, n)
        for name, n in counts.items()
        if name in MISTAKES and (n or name != UNMARKED)
    ]
    right = counts["right"]
    said.append(_("%(right)s of %(fields)s right") % {"right": right, "fields": len(fields)})
    return " · ".join(said)


def feedback_html(question: Question, attempt: Attempt) -> SafeString:
    """The review and its reasons as `feedback` orders them: what was wrong first, beside its
    steps (`review-and-why`: side by side on a laptop), then the seats all right folded under
    one line; a watch drill's mistakes counted apart above them."""
    return drawn(
        "felt/feedback.html",
        "draw_feedback",
        feedback(question, attempt),
        watch_tally(question, attempt),
    )


def answered_felt(question: Question) -> str:
    """The felt of an answered question, its seats in the order they were asked."""
    fields = fields_of(question)
    seats = table_seats(question.table)
    asked = any(s.seat is not None for s in spots(fields, seats, settle_order(question)))
    return felt(
        question.table, None, seats_in_order(seats, settle_order(question)) if asked else None
    )


def missed_hand(question: Question) -> dict | None:
    """What the feedback on a replay (Practise my mistakes: a fresh hand of a missed skill)
    shows beside its review: the hand first missed, its felt, and the answer then given
    against the answer then right, as stored with the first miss.  None for any other
    question."""
    first = question.replay_of if question.replay_of_id else None
    attempt = getattr(first, "attempt", None) if first is not None else None
    if first is None or attempt is None:
        return None
    return {
        "question": first,
        "attempt": attempt,
        "felt": felt(first.table, ids="missed-seat"),
        "review": review(first, attempt),
    }


def drill_felt(question: Question, form) -> tuple[str, list, bool]:
    """The felt of a question waiting for its answer, each seat's answers at its spot; the
    answers that belong to no seat (drawn under the felt); whether any seat holds answers.
    The felt's order is the order Tab moves in."""
    order = settle_order(question)
    seats = table_seats(question.table)
    answer_spots = form.spots(seats, order)
    at_seats = {spot.seat: spot.inputs for spot in answer_spots if spot.seat is not None}
    own = [spot for spot in answer_spots if spot.seat is None]
    if not at_seats:  # answered under the felt (and under a match's ledger)
        return felt(question.table), own, False
    # the table's own answers first, then seat by seat: the order the engine's spots give
    own_inputs = tuple(i for spot in own for i in spot.inputs)
    order_seats = seats_in_order(seats, order)
    legend = hints_legend(answer_spots) if len(at_seats) > 1 else ()
    return felt(question.table, at_seats, order_seats, own_inputs, legend=legend), [], True


def hints_legend(answer_spots) -> tuple[Legend, ...]:
    """What each kind of amount means, said once over the seats ("Ante amount, Call amount:
    paid on a win · ..."), where several seats each ask it: beside every seat's field it is
    only read out (its `aria-describedby`), so the seats stay columns a screen tall."""
    by_hint: dict[str, list[str]] = {}
    for spot in answer_spots:
        if spot.seat is None:
            continue
        for field in spot.inputs:
            if field.hint:
                name = seat_parts(field.label)[1]  # in the reader's language
                names = by_hint.setdefault(field.hint, [])
                if name not in names:
                    names.append(name)
    return tuple(Legend(", ".join(names), render(hint)) for hint, names in by_hint.items())


def table_seats(table: dict) -> list[str]:
    """The seats a question's table shows a hand at: its positions against the house, or its
    players' hands (a pot's seats, a stud table's up cards)."""
    seats = [str(p.get("seat")) for p in table.get("positions") or ()]
    for hands in (table.get("seats"), table.get("up")):
        seats += [str(s) for s in hands or {} if str(s) not in seats]
    return seats


def felt(
    table: dict,
    answers: dict | None = None,
    order: list[str] | None = None,
    own: tuple = (),
    *,
    ids: str = "seat",
    legend: tuple[Legend, ...] = (),
) -> SafeString:
    """The cards and stakes of a question's table as the drill pages draw them: the dealer,
    the board, each position with its bets, the pot, the street, and a match's ledger
    (`felt.felt_of` says what each argument is)."""
    return drawn(
        "felt/felt.html", "draw_felt", felt_of(table, answers, order, own, ids=ids, legend=legend)
    )


def ledger(table: dict, call_name: str) -> SafeString:
    """A match's rounds: each deal's hands drawn as cards; its result and net where the level
    shows them (levels 2 and 3 leave settling the rounds to the trainee)."""
    return drawn("felt/ledger.html", "draw_ledger", ledger_of(table, call_name))
