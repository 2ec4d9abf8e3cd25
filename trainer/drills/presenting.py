"""How an answered question reads on a page: per field, what was said and what was right."""

from __future__ import annotations

import re
from html import escape

from django.utils.safestring import mark_safe

from trainer.engine import pace
from trainer.engine.chips import Payout, chip_set, words
from trainer.engine.drills import AnswerField
from trainer.engine.drills.spots import asking_order, split_steps, spots
from trainer.engine.kit.answers import chip_names, chip_verdict
from trainer.engine.kit.watched import MISTAKES, UNMARKED, counted, settlement_words, tally
from trainer.engine.kit.watched import reason as watch_reason
from trainer.engine.seats import in_seat_order
from trainer.engine.seats import settle_order as seats_in_order

from .chipping import stacks_html
from .dealing import config_for
from .forms import seat_label, unseated
from .grading import fields_of
from .models import Attempt, Question


def shown(field: AnswerField, value) -> str:
    """An answer value in words: choice labels, "seat 3", "seat 1, seat 4", a watched
    settlement's mark ("Wrong: fold paid; the right settlement took 15")."""
    if value is None or value == "":
        return "—"
    if field.kind == "watch" and isinstance(value, dict):
        return _watched(value)
    if field.kind == "chips" and isinstance(value, dict):
        names = chip_names(field)
        if "amount" in value:  # the expected payout
            pay = Payout.of_json(value)
            if pay.rule == "amount":
                return f"{pay.amount:,} in any chips"
            if pay.rule == "taken":
                return "no chips: the dealer takes the bet"
            return f"{pay.amount:,}: {words(names, pay.chips, values=True)}"
        counts = {int(v): int(n) for v, n in value.items()}
        total = sum(v * n for v, n in counts.items())
        return f"{total:,}: {words(names, counts, values=True)}"
    if isinstance(value, list):
        return ", ".join(f"seat {v}" for v in value) if value else "—"
    if field.kind == "seat":
        return f"seat {value}"
    return str(dict(field.choices).get(value, value))


def _watched(value: dict) -> str:
    """A watched settlement, expected or answered, in words."""
    call = value.get("call")
    if call is None:
        return "not marked"
    if call == "right":
        return "Right" if "paid" not in value else f"Right: {settlement_words(value['paid'])}"
    amount = value.get("amount")
    right = "no settlement" if amount is None else f"should have {settlement_words(amount)}"
    return f"Wrong: {value.get('situation') or 'no situation'}; {right}"


def review(question: Question, attempt: Attempt) -> list[dict]:
    """Per field: the label, the answer given, the correct answer, right or wrong, and for
    chips the reason they are wrong in a dealer's words."""
    rows = []
    fields = fields_of(question)
    chips = None
    if any(f.kind == "chips" for f in fields):
        chips = config_for(question).rules.chip_set
    for field in fields:
        right = attempt.marks.get(field.name, False)
        reason = drawn = ""
        if field.kind == "chips" and not right:
            verdict = chip_verdict(field, question.expected, attempt.answer)
            reason = verdict.reason if verdict is not None else ""
        if field.kind == "watch":
            reason = watch_reason(question.expected[field.name], attempt.answer.get(field.name))
        if field.kind == "chips" and chips is not None:
            pay = Payout.of_json(question.expected[field.name])
            drawn = mark_safe(stacks_html(chips, pay.chips)) if pay.chips else ""
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
    verdict = "Right" if attempt.is_correct else "Wrong"
    said = pace.pace_words(attempt.response_ms, attempt.target_ms)
    within = pace.at_pace(attempt.response_ms, attempt.target_ms)
    if within is None:
        return f"{verdict}, {said}."
    if not within:
        return f"{verdict}, {said}: over the target."
    return f"{verdict}, {said}: {'at pace' if attempt.is_correct else 'in time, but wrong'}."


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
    table, by_seat = split_steps(question.steps)
    dealer = any("dealer" in s.lower() for s in table)
    groups = [{"seat": None, "dealer": dealer, "steps": [card_text(s) for s in table]}]
    groups = groups if table else []
    for seat in seats_in_order(by_seat, settle_order(question)):
        groups.append({"seat": seat, "steps": [card_text(s) for s in by_seat[seat]]})
    return groups


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
    seats = "seat" if len(fold) == 1 else "seats"
    return {
        "shown": shown,
        "steps": [s for s in steps if s["seat"] not in fold],
        "folded": [g for g in groups if g["seat"] in fold],
        "folded_steps": [s for s in steps if s["seat"] in fold],
        "folded_words": f"{len(fold)} {seats} answered right" if fold else "",
    }


def review_table(groups: list[dict]) -> str:
    """The feedback's table of answers, as `review_by_spot` groups them: drawn here rather
    than by the template, as the felt is (the feedback is on the drill page's hot path)."""
    out = [
        '<table class="review">\n      <thead><tr><th scope="col">Answer</th>'
        '<th scope="col">Yours</th><th scope="col">Correct</th></tr></thead>\n      '
    ]
    for group in groups:
        rows = group["rows"]
        many = len(rows) > 1
        out.append("<tbody>")
        if group["seat"] and many:
            out.append(
                '<tr class="spot-row"><th scope="rowgroup" colspan="3">'
                f"Seat {_e(group['seat'])}</th></tr>"
            )
        for row in rows:
            verdict = "right" if row["right"] else "wrong"
            mark = "✔ right" if row["right"] else "✘ wrong"
            label = seat_label(str(row["label"])) if many else _e(row["label"])
            reason = str(row["reason"])
            why = f'<br><span class="chip-reason">{_e(reason[:1].upper() + reason[1:])}</span>'
            drawn = f"<br>{row['drawn']}" if row["drawn"] else ""
            out.append(
                f'<tr class="{verdict}"><th scope="row">{label}</th><td>{_e(row["given"])} '
                f'<span class="mark">{mark}</span>{why if reason else ""}</td>'
                f"<td>{_e(row['expected'])}{drawn}</td></tr>"
            )
        out.append("</tbody>")
    out.append("\n    </table>")
    return mark_safe("".join(out))


def steps_list(groups: list[dict], *, named: bool = False) -> str:
    """The feedback's steps, as `steps_by_spot` groups them, each group under its seat (or
    the dealer's or the table's) where there are several (or `named`, when others are shown
    apart): drawn here, as `review_table`."""
    out = []
    for group in groups:
        if group["seat"]:
            out.append(f'<h5 class="steps-seat">Seat {_e(group["seat"])}</h5>')
        elif len(groups) > 1 or named:
            whose = "The dealer" if group["dealer"] else "The table"
            out.append(f'<h5 class="steps-seat">{whose}</h5>')
        items = "".join(f"<li>{step}</li>" for step in group["steps"])
        out.append(f'\n    <ol class="steps">{items}</ol>')
    return mark_safe("".join(out))


def watch_tally(question: Question, attempt: Attempt) -> str:
    """A watch drill's mistakes counted apart, in one line ("1 missed mispay · 0 false alarms
    · 1 wrong correction"; positions left unmarked only when there were some); "" for a
    question of any other drill."""
    fields = fields_of(question)
    if not any(f.kind == "watch" for f in fields):
        return ""
    counts = tally(fields, question.expected, attempt.answer)
    said = [
        counted(name, n)
        for name, n in counts.items()
        if name in MISTAKES and (n or name != UNMARKED)
    ]
    right = counts["right"]
    said.append(f"{right} of {len(fields)} right")
    return f'<p class="watch-tally">{_e(" · ".join(said))}</p>'


def feedback_html(question: Question, attempt: Attempt) -> str:
    """The review and its reasons as `feedback` orders them: what was wrong first, beside its
    steps (`review-and-why`: side by side on a laptop), then the seats all right folded under
    one line; a watch drill's mistakes counted apart above them."""
    f = feedback(question, attempt)
    folded = f["folded"]
    html = watch_tally(question, attempt) + (
        f'<div class="review-and-why"><div>{review_table(f["shown"])}</div>'
        f"<div><h4>Why</h4>{steps_list(f['steps'], named=bool(f['folded_steps']))}</div></div>"
    )
    if folded:
        html += (
            f'<details class="right-seats"><summary>{_e(f["folded_words"])}: their answers '
            f"and steps</summary>{review_table(folded)}{steps_list(f['folded_steps'])}</details>"
        )
    return mark_safe(html)


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
    at_seats = {spot.seat: spot.html() for spot in answer_spots if spot.seat is not None}
    own = [spot for spot in answer_spots if spot.seat is None]
    if not at_seats:  # answered under the felt (and under a match's ledger)
        return felt(question.table), own, False
    # the table's own answers first, then seat by seat: the order the engine's spots give
    own_html = "".join(spot.html() for spot in own)
    order_seats = seats_in_order(seats, order)
    legend = hints_legend(answer_spots) if len(at_seats) > 1 else ""
    return felt(question.table, at_seats, order_seats, own_html, legend=legend), [], True


def hints_legend(answer_spots) -> str:
    """What each kind of amount means, said once over the seats ("Ante amount, Call amount:
    paid on a win · ..."), where several seats each ask it: beside every seat's field it is
    only read out (its `aria-describedby`), so the seats stay columns a screen tall."""
    by_hint: dict[str, list[str]] = {}
    for spot in answer_spots:
        if spot.seat is None:
            continue
        for field in spot.inputs:
            if field.hint:
                name = unseated(field.label)
                names = by_hint.setdefault(field.hint, [])
                if name not in names:
                    names.append(name)
    lines = "".join(
        f"<li><strong>{_e(', '.join(names))}</strong>: {_e(hint)}</li>"
        for hint, names in by_hint.items()
    )
    return f'<ul class="felt-legend">{lines}</ul>' if lines else ""


def _cards(value, size: str = "") -> str:
    from trainer.core.templatetags.cards import cards

    return cards(value, size)


def _e(value) -> str:
    return escape(str(value))


def _spot(label: str, content: str, css: str = "spot") -> str:
    """`label` is escaped already; `content` is markup."""
    return f'<div class="{css}"><span class="spot-label">{label}</span>{content}</div>'


def chips_of(text):
    """The chip set a table names (`chips`), or None."""
    return chip_set(text) if text else None


def _settled(place: dict, key: str, chips, *, pot: bool = False) -> str:
    """What the dealer did at a position (or pushed to a seat of a pot), as the floor sees
    it: the amount in words, or, at a table shown in colour, the chips put out or taken in
    drawn as chips with no sum written (a watch drill's, issue 33); "" where nothing says."""
    if key not in place or place[key] is None:
        return ""
    amount = place[key]
    colours = place.get("settled_chips")
    if chips is not None and colours is not None:
        counts = {int(v): n for v, n in colours.items()}
        what = "Pushed" if pot else "Took in" if amount < 0 else "Paid out"
        drawn = stacks_html(chips, counts) if counts else "no chips"
        return f'<span class="settled"><strong>{what}</strong> {drawn}</span>'
    if pot:
        said = f"Pushed {amount:,}"
    else:
        said = settlement_words(amount)
        said = said[:1].upper() + said[1:]
    return f'<span class="settled"><strong>{_e(said)}</strong></span>'


def _chip(name, amount) -> str:
    return f'<span class="chip">{_e(name)} {_e(amount)}</span>'


def table_seats(table: dict) -> list[str]:
    """The seats a question's table shows a hand at: its positions against the house, or its
    players' hands (a pot's seats, a stud table's up cards)."""
    seats = [str(p.get("seat")) for p in table.get("positions") or ()]
    for hands in (table.get("seats"), table.get("up")):
        seats += [str(s) for s in hands or {} if str(s) not in seats]
    return seats


def _seat_spot(seat, content: str, answers: str, ids: str = "seat") -> str:
    """One seat's place on the felt: its cards and bets, and its answers beside them; its
    heading's id is `ids`, a hyphen and the seat."""
    s = _e(seat)
    head = f'<h3 class="spot-label" id="{ids}-{s}">Seat {s}</h3>'
    if not answers:
        return f'<div class="spot seat">{head}<div class="spot-cards">{content}</div></div>'
    return (
        f'<section class="spot seat answering" aria-labelledby="{ids}-{s}">{head}'
        f'<div class="spot-cards">{content}</div>'
        f'<div class="spot-answers">{answers}</div></section>'
    )


def felt(
    table: dict,
    answers: dict | None = None,
    order: list[str] | None = None,
    own: str = "",
    *,
    ids: str = "seat",
    legend: str = "",
) -> str:
    """The cards and stakes of a question's table as the drill pages draw them: the dealer,
    the board, each position with its bets, the pot, the street, and a match's ledger.
    `answers`: seat -> the answer fields drawn at that seat's spot; `order`: the seats in the
    order they are drawn (the house's settle order where they hold answers; else seat order);
    `own`: the table's own answers (a pot's winners), drawn before the seats; `ids`: what
    its seats' ids start with (a second felt on a page, such as a missed hand, takes others).
    Built here rather than in a template with a branch per kind of table (and with f-strings
    and html.escape, as Django's escape does, rather than format_html): every question draws
    one, and the drill page is the site's hot path."""
    get = table.get
    answers = answers or {}
    call_name = get("call_name") or "Call"
    spots = []
    if get("dealer"):
        label = "Dealer"
        if get("up_card"):
            label = f"Dealer (shows {_cards(get('up_card'), 'inline')})"
        spots.append(_spot(label, _cards(get("dealer")), "spot dealer"))
    elif get("up_card"):
        spots.append(_spot("Dealer shows", _cards(get("up_card")), "spot dealer"))
    if get("board"):
        spots.append(_spot("Community cards", _cards(get("board")), "spot board"))
    if get("cards"):
        spots.append(_spot("Cards", _cards(get("cards"))))
    if get("community"):
        spots.append(_spot("Community card", _cards(get("community")), "spot board"))
    positions = get("positions")
    if get("player") and not positions:
        bets = (_chip("Ante", get("ante")) if get("ante") else "") + (
            _chip(call_name, get("call")) if get("call") else ""
        )
        spots.append(_spot("Player", f'{_cards(get("player"))}<span class="bets">{bets}</span>'))
    if get("pot") is not None:
        pot = f'<span class="pot-amount">{_e(get("pot"))}</span>'
        spots.append(_spot("Pot", pot, "spot pot"))
    if get("pile") and get("chips"):
        pile = {int(v): n for v, n in get("pile").items()}
        spots.append(_spot("Player's chips", stacks_html(chip_set(get("chips")), pile)))
    if get("bet"):
        spots.append(_spot("Bet", f'<span class="pot-amount">{_e(get("bet"))}</span>'))
    if get("street"):
        street = get("street")
        suffix = "rd" if street == 3 else "th"
        spots.append(_spot("Street", f'<span class="pot-amount">{_e(street)}{suffix}</span>'))
    seated: dict[str, str] = {}
    for position in positions or ():
        bets = "".join(
            _chip(call_name if name == "call" else name, amount)
            for name, amount in (position.get("bets") or {}).items()
        )
        if position.get("folded"):
            folded = f"<strong>folded {_e(position['folded'])}</strong>"
        elif position.get("action") == "fold":
            folded = "<strong>folded</strong>"
        else:
            folded = ""
        hand = _cards(position.get("player") or position.get("hole"))
        # where a round stands with the seat ("bets taken", "settled"): trainer.rounds
        note = (
            f' <span class="seat-note">{_e(position["note"])}</span>'
            if position.get("note")
            else ""
        )
        # what the dealer paid or took there, as the floor sees it (a watch drill's)
        done = _settled(position, "settled", chips_of(get("chips")))
        seated[str(position.get("seat"))] = (
            f'{hand}<span class="bets">{bets}</span>{folded}{note}{done}'
        )
    for seats in (get("seats"), get("up")):
        for seat, cards_text in (seats or {}).items():
            seated[str(seat)] = _cards(cards_text)
    pushed = get("settled")
    if isinstance(pushed, dict):  # a pot as the dealer pushed it (a watch drill's)
        colours = get("settled_chips") or {}
        for seat, chips in pushed.items():
            if str(seat) in seated:
                shown = {"settled": chips, "settled_chips": colours.get(seat)}
                seated[str(seat)] += _settled(shown, "settled", chips_of(get("chips")), pot=True)
    if own:
        spots.append(f'<div class="spot table-answers spot-answers">{own}</div>')
    seats = [
        _seat_spot(seat, seated[seat], answers.get(seat, ""), ids)
        for seat in order or in_seat_order(seated)
        if seat in seated
    ]
    if seats:
        # laid out as the table is: the dealer's side on top (kept in view while the seats
        # are answered), then the seats side by side in the order they are settled, each a
        # column of its cards, its bets and its answers
        many = " many" if len(seats) > 1 else ""
        top = f'<div class="felt-top">{"".join(spots)}</div>' if spots else ""
        top += legend  # under the dealer's side, scrolling with the seats
        asking = " asking" if answers else ""
        html = (
            f'<div class="felt seated{asking}">{top}<div class="felt-seats{many}" '
            f'style="--seats: {len(seats)}">{"".join(seats)}</div></div>'
        )
    else:
        html = f'<div class="felt">{"".join(spots)}</div>' if spots else ""
    if get("rounds"):
        html += ledger(table, call_name)
    return mark_safe(html)


def ledger(table: dict, call_name: str) -> str:
    """A match's rounds: each deal's hands drawn as cards; its result and net where the level
    shows them (levels 2 and 3 leave settling the rounds to the trainee)."""
    results = any("net" in r for r in table["rounds"] if not r.get("void"))
    head = "<th scope='col'>Deal</th><th scope='col'>Player</th><th scope='col'>Dealer</th>"
    head += "<th scope='col'>Result</th><th scope='col'>Net</th>" if results else ""
    head += "" if results else "<th scope='col'>Action</th>"
    width = 4 if results else 3
    rows = []
    for r in table["rounds"]:
        deal = f'<th scope="row">{_e(r.get("deal"))}</th>'
        if r.get("void"):
            rows.append(
                f'<tr class="void">{deal}<td colspan="{width}">void: {_e(r.get("reason"))} '
                "(replayed, not counted)</td></tr>"
            )
            continue
        cells = f"<td>{_cards(r.get('player'))}</td><td>{_cards(r.get('dealer'))}</td>"
        if results:
            cells += f"<td>{_e(r.get('action'))}, {_e(r.get('outcome'))}</td>"
            cells += f"<td>{_e(r.get('net'))}</td>"
        else:
            cells += f"<td>{_e(r.get('action'))}</td>"
        rows.append(f"<tr>{deal}{cells}</tr>")
    return (
        # focusable: on a narrow screen the table scrolls sideways, by keyboard too
        f'<table class="ledger" tabindex="0"><caption>Ante {_e(table.get("ante"))}, '
        f"{_e(call_name)} "
        f"{_e(table.get('call'))}</caption><thead><tr>{head}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


_CARD_IN_TEXT = re.compile(r"(?<![\w])(?:10|[2-9TJQKA])[cdhs\u2663\u2666\u2665\u2660](?![\w])")


def card_text(text: str) -> str:
    """A line of text (a step) with its cards drawn as cards, the rest escaped: "Jc Qc" and
    "T\u2666" read the same as on the felt."""
    out, last = [], 0
    for m in _CARD_IN_TEXT.finditer(text):
        out.append(_e(text[last : m.start()]))
        out.append(_cards(m.group(0), "inline"))
        last = m.end()
    out.append(_e(text[last:]))
    return mark_safe("".join(out))
