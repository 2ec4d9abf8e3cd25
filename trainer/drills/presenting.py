"""How an answered question reads on a page: per field, what was said and what was right."""

from __future__ import annotations

from html import escape

from django.utils.safestring import mark_safe

from trainer.engine.drills import AnswerField

from .models import Attempt, Question
from .services import fields_of


def shown(field: AnswerField, value) -> str:
    """An answer value in words: choice labels, "seat 3", "seat 1, seat 4"."""
    if value is None or value == "":
        return "—"
    if isinstance(value, list):
        return ", ".join(f"seat {v}" for v in value) if value else "—"
    if field.kind == "seat":
        return f"seat {value}"
    return str(dict(field.choices).get(value, value))


def review(question: Question, attempt: Attempt) -> list[dict]:
    """Per field: the label, the answer given, the correct answer, right or wrong."""
    return [
        {
            "label": field.label,
            "given": shown(field, attempt.answer.get(field.name)),
            "expected": shown(field, question.expected.get(field.name)),
            "right": attempt.marks.get(field.name, False),
        }
        for field in fields_of(question)
    ]


def _cards(value) -> str:
    from trainer.core.templatetags.cards import cards

    return cards(value)


def _e(value) -> str:
    return escape(str(value))


def _spot(label: str, content: str, css: str = "spot") -> str:
    """`label` is escaped already; `content` is markup."""
    return f'<div class="{css}"><span class="spot-label">{label}</span>{content}</div>'


def _chip(name, amount) -> str:
    return f'<span class="chip">{_e(name)} {_e(amount)}</span>'


def felt(table: dict) -> str:
    """The cards and stakes of a question's table as the drill pages draw them: the dealer,
    the board, each position with its bets, the pot, the street, and a match's ledger.  Built
    here rather than in a template with a branch per kind of table (and with f-strings and
    html.escape, as Django's escape does, rather than format_html): every question draws one,
    and the drill page is the site's hot path."""
    get = table.get
    call_name = get("call_name") or "Call"
    spots = []
    if get("dealer"):
        label = f"Dealer (shows {_e(get('up_card'))})" if get("up_card") else "Dealer"
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
        spots.append(
            _spot(
                f"Seat {_e(position.get('seat'))}",
                f'{hand}<span class="bets">{bets}</span>{folded}',
            )
        )
    for seats in (get("seats"), get("up")):
        for seat, cards_text in (seats or {}).items():
            spots.append(_spot(f"Seat {_e(seat)}", _cards(cards_text)))
    if get("pot") is not None:
        pot = f'<span class="pot-amount">{_e(get("pot"))}</span>'
        spots.append(_spot("Pot", pot, "spot pot"))
    if get("street"):
        street = get("street")
        suffix = "rd" if street == 3 else "th"
        spots.append(_spot("Street", f'<span class="pot-amount">{_e(street)}{suffix}</span>'))
    html = f'<div class="felt">{"".join(spots)}</div>'
    if get("rounds"):
        rows = "".join(
            f'<tr class="void"><td>{_e(r.get("deal"))}</td><td colspan="3">void: '
            f"{_e(r.get('reason'))} (replayed, not counted)</td><td>—</td></tr>"
            if r.get("void")
            else f"<tr><td>{_e(r.get('deal'))}</td><td>{_e(r.get('player'))}</td>"
            f"<td>{_e(r.get('dealer'))}</td><td>{_e(r.get('action'))}, "
            f"{_e(r.get('outcome'))}</td><td>{_e(r.get('net'))}</td></tr>"
            for r in get("rounds")
        )
        html += (
            f'<table class="ledger"><caption>Ante {_e(get("ante"))}, {_e(call_name)} '
            f"{_e(get('call'))}</caption><thead><tr><th>Deal</th><th>Player</th>"
            "<th>Dealer</th><th>Result</th><th>Net</th></tr></thead>"
            f"<tbody>{rows}</tbody></table>"
        )
    return mark_safe(html)
