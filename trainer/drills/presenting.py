"""How an answered question reads on a page: per field, what was said and what was right."""

from __future__ import annotations

from django.utils.html import format_html
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
    from trainer.rulings.templatetags.cards import cards

    return cards(value)


def _spot(label: str, content, css: str = "spot") -> str:
    return format_html(
        '<div class="{}"><span class="spot-label">{}</span>{}</div>', css, label, content
    )


def _chip(name, amount) -> str:
    return format_html('<span class="chip">{} {}</span>', name, amount)


def felt(table: dict) -> str:
    """The cards and stakes of a question's table as the drill pages draw them: the dealer,
    the board, each position with its bets, the pot, the street, and a match's ledger.  Built
    here rather than in a template with a branch per kind of table: every question draws one,
    and the drill page is the site's hot path."""
    get = table.get
    call_name = get("call_name") or "Call"
    spots = []
    if get("dealer"):
        label = format_html("Dealer (shows {})", get("up_card")) if get("up_card") else "Dealer"
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
        bets = []
        if get("ante"):
            bets.append(_chip("Ante", get("ante")))
        if get("call"):
            bets.append(_chip(call_name, get("call")))
        spots.append(
            format_html(
                '<div class="spot"><span class="spot-label">Player</span>{}'
                '<span class="bets">{}</span></div>',
                _cards(get("player")),
                mark_safe("".join(bets)),
            )
        )
    for position in positions or ():
        bets = "".join(
            _chip(call_name if name == "call" else name, amount)
            for name, amount in (position.get("bets") or {}).items()
        )
        if position.get("folded"):
            folded = format_html("<strong>folded {}</strong>", position["folded"])
        elif position.get("action") == "fold":
            folded = mark_safe("<strong>folded</strong>")
        else:
            folded = ""
        spots.append(
            format_html(
                '<div class="spot"><span class="spot-label">Seat {}</span>{}'
                '<span class="bets">{}</span>{}</div>',
                position.get("seat"),
                _cards(position.get("player") or position.get("hole")),
                mark_safe(bets),
                folded,
            )
        )
    for seats in (get("seats"), get("up")):
        for seat, cards_text in (seats or {}).items():
            spots.append(_spot(format_html("Seat {}", seat), _cards(cards_text)))
    if get("pot") is not None:
        spots.append(
            _spot("Pot", format_html('<span class="pot-amount">{}</span>', get("pot")), "spot pot")
        )
    if get("street"):
        street = get("street")
        shown = format_html(
            '<span class="pot-amount">{}{}</span>', street, "rd" if street == 3 else "th"
        )
        spots.append(_spot("Street", shown))
    html = format_html('<div class="felt">{}</div>', mark_safe("".join(spots)))
    if get("rounds"):
        rows = "".join(
            format_html(
                '<tr class="void"><td>{}</td><td colspan="3">void: {} (replayed, not counted)'
                "</td><td>—</td></tr>",
                r.get("deal"),
                r.get("reason"),
            )
            if r.get("void")
            else format_html(
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}, {}</td><td>{}</td></tr>",
                r.get("deal"),
                r.get("player"),
                r.get("dealer"),
                r.get("action"),
                r.get("outcome"),
                r.get("net"),
            )
            for r in get("rounds")
        )
        html += format_html(
            '<table class="ledger"><caption>Ante {}, {} {}</caption><thead><tr><th>Deal</th>'
            "<th>Player</th><th>Dealer</th><th>Result</th><th>Net</th></tr></thead>"
            "<tbody>{}</tbody></table>",
            get("ante"),
            call_name,
            get("call"),
            mark_safe(rows),
        )
    return mark_safe(html)
