"""The drill page's moving parts, drawn in Python: the drill (its prompt, house card and answer
area), the answer area open for an answer or showing the feedback, and the running score.

The drill page is the site's hot path: each answer's response carries its feedback and the
next question whole (views.py), and the template engine spent more on drawing them than the
rest of the answer did, its grading and storing included; here they cost a small part of that
(`make load`).  The felt and the cards are drawn the same way (`presenting.felt`, the cards
tag).  Every value is escaped as a template escapes it; markup passed in (the felt, the house
card, the review) is drawn as it is.
"""

from __future__ import annotations

from django.urls import reverse
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

from trainer.core.templatetags.times import when


def _e(value) -> str:
    return conditional_escape(value)


def _csrf(token: str) -> str:
    return f'<input type="hidden" name="csrfmiddlewaretoken" value="{_e(token)}">'


def score(score: dict, *, oob: bool = False) -> SafeString:
    """The running score; `oob`: swapped out of band by htmx, beside the answer area."""
    swap = ' hx-swap-oob="true"' if oob else ""
    return mark_safe(
        f'<p class="score" id="score" aria-live="polite"{swap}>Score: {_e(score["right"])} '
        f"right of {_e(score['attempts'])} answered</p>"
    )


def drill(d: dict, area: str) -> SafeString:
    """The whole drill of question `d["question"]`, around its answer `area` (the htmx target
    #turn, which an answer swaps)."""
    session, question, kind = d["session"], d["question"], d["kind"]
    pk = question.pk
    out = [f'<div id="drill" class="drill" data-question="{pk}">\n  ', score(d["score"])]
    # a session of many drills names each question's own drill and level (swapped with it)
    if session.mode != "drill":
        level = f": {_e(d['level_name'])}" if d.get("level_name") else ""
        chips = ", in chips" if question.in_chips else ""
        out.append(
            f'\n  <p class="dealt-drill"><strong>{_e(kind.title)}</strong>, level '
            f"{question.level}{level}{chips}</p>"
        )
    if question.replay_of_id:
        missed_on = when(question.replay_of.attempt.answered_at, "day")
        out.append(
            f'\n  <p class="replay">A hand you missed on {missed_on}, dealt as a new hand like '
            "it under the house's rules of today: the hand you missed is shown once you "
            "answer.</p>"
        )
    if d.get("trying"):
        out.append(
            '\n  <p class="trying" role="note"><strong>Trying out: not counted.</strong> You '
            "are not a trainee of the house: your answers count in no figures, lists or "
            "tests.</p>"
        )
    card_url = reverse("drills:house-card", args=[pk])
    out.append(
        f'\n  <h2 class="prompt">{_e(question.prompt)}</h2>\n'
        f'  <p class="house-card-link"><a href="{card_url}" data-house-card="house-card-{pk}" '
        'aria-keyshortcuts="h">House card <kbd>H</kbd></a></p>\n'
        f'  <dialog id="house-card-{pk}" class="house-card-dialog" aria-label="House card">\n'
        f"    {d.get('card_html', '')}\n"
        '    <form method="dialog"><button type="submit" class="secondary">Close (Esc)'
        "</button></form>\n  </dialog>\n"
        # the felt with the answers at its spots and then the feedback: an answer swaps only
        # this part (htmx target #turn)
        f'  <div id="turn">{area}</div>\n</div>'
    )
    return mark_safe("".join(out))


def clock(target_ms: int, words: str) -> SafeString:
    """A watch drill's clock (issue 33): the house's time for the table, which drills.js
    counts down and, when it runs out, sends the answer as it stands; without JavaScript the
    time is said, and an answer sent after it takes the positions not marked as missed."""
    return mark_safe(
        f'\n  <p class="pace clock" data-pace data-clock data-target-ms="{target_ms}"><span '
        f'class="pace-target">Clock {_e(words)}: what is not marked when it runs out counts '
        "as missed</span>\n"
        '    <span class="pace-bar" aria-hidden="true"><span class="pace-fill"></span></span>\n'
        '    <span class="pace-word" aria-hidden="true"></span>\n'
        '    <span class="pace-said visually-hidden" aria-live="polite"></span></p>'
    )


def open_area(d: dict, csrf: str) -> SafeString:
    """The answer area of a question waiting for its answer: its pace target, the felt with
    the answers at their spots, the answer form (`took_ms`: the time drills.js measures), and
    ending here (`seen`: the question was shown, though no page may have been sent for it)."""
    session, question, form = d["session"], d["question"], d["form"]
    out = []
    if d.get("target_ms") and d.get("clock"):
        out.append(clock(d["target_ms"], d["target_words"]))
    elif d.get("target_ms"):
        # drills.js runs the bar and the word while the question is open; without it the
        # target alone
        out.append(
            f'\n  <p class="pace" data-pace data-target-ms="{d["target_ms"]}"><span '
            f'class="pace-target">Target {_e(d["target_words"])}</span>\n'
            '    <span class="pace-bar" aria-hidden="true"><span class="pace-fill"></span>'
            "</span>\n"
            '    <span class="pace-word" aria-hidden="true">at pace</span>\n'
            '    <span class="pace-said visually-hidden" aria-live="polite"></span></p>'
        )
    answer_url = reverse("drills:answer", args=[question.pk])
    out.append(
        f'\n  <form method="post" action="{answer_url}" hx-post="{answer_url}" '
        'hx-target="#turn" class="answer-form" novalidate>\n'
        f'    {_csrf(csrf)}<input type="hidden" name="took_ms" value="">'
    )
    problems = form.non_field_errors()
    if problems:
        out.append(f'\n    <div class="field-error" role="alert">{_e(problems)}</div>')
    out.append(f"\n    {d['felt_html']}\n    ")
    out.extend(f'<div class="table-answers">{spot.html()}</div>' for spot in d["own_spots"])
    seated = f", seat by seat as the house settles: {_e(d['order_words'])}" if d["seated"] else ""
    end_url = reverse("drills:end", args=[session.pk])
    out.append(
        f'\n    <p class="keys-help">Tab or Enter moves to the next answer{seated}; Enter on '
        "the last one answers. A choice's key (shown beside it) picks it; <kbd>H</kbd> shows "
        "the house card.</p>\n"
        '    <button type="submit">Answer (Enter)</button>\n  </form>\n'
        f'  <form method="post" action="{end_url}" class="end">{_csrf(csrf)}<input '
        f'type="hidden" name="seen" value="{question.pk}"><button type="submit" '
        'class="secondary">End and see the summary</button></form>\n'
    )
    return mark_safe("".join(out))


def feedback_area(d: dict, csrf: str, next_drill: str = "") -> SafeString:
    """The answer area once answered: the felt as answered, the review, the steps, the time,
    the hand first missed for a replay, and what comes next: the question dealt with this
    answer (`next_drill`, whole, in a <template> that drills.js shows on Next without a
    request; without JavaScript Next is the session's page, which shows it), or, none dealt,
    a post for one."""
    session, question, attempt = d["session"], d["question"], d["attempt"]
    verdict = "right" if attempt.is_correct else "wrong"
    said = (
        'Right <span aria-hidden="true">✔</span>'
        if attempt.is_correct
        else 'Not quite <span aria-hidden="true">✘</span>'
    )
    replayed = (
        " <small>(already answered: the first answer stands)</small>" if d["replayed"] else ""
    )
    out = [
        f"\n  {d['answered_felt']}\n"
        f'  <section class="feedback {verdict}" aria-live="polite">\n'
        f"    <h3>{said}{replayed}</h3>\n"
        f"    {d['review']}\n"
        f'    <p class="took">{_e(d["pace_line"])}</p>\n    '
    ]
    missed = d.get("missed_hand")
    if missed:
        out.append(_missed_hand(question.pk, missed))
    out.append('\n    <div class="actions">\n      ')
    nxt = d.get("next_pk")
    end_url = reverse("drills:end", args=[session.pk])
    if nxt:
        session_url = reverse("drills:session", args=[session.pk])
        out.append(
            f'<form method="get" action="{session_url}" data-reveal="next-question-{nxt}">\n'
            '        <button type="submit" autofocus class="next">Next question (Enter)'
            "</button>\n      </form>\n      "
        )
    elif session.is_open:
        # nothing dealt yet (nothing was left, or the house's rules could not deal it)
        next_url = reverse("drills:next", args=[session.pk])
        out.append(
            f'<form method="post" action="{next_url}" hx-post="{next_url}" hx-target="#drill" '
            f'hx-swap="outerHTML">\n        {_csrf(csrf)}<button type="submit" autofocus '
            'class="next">Next question (Enter)</button>\n      </form>\n      '
        )
    out.append(
        f'<form method="post" action="{end_url}">{_csrf(csrf)}<button type="submit" '
        'class="secondary">End and see the summary</button></form>\n    </div>\n  </section>\n'
    )
    if nxt:
        out.append(f'  <template id="next-question-{nxt}">{next_drill}</template>\n')
    return mark_safe("".join(out))


def _missed_hand(pk: int, missed: dict) -> str:
    rows = "".join(
        f'<tr class="{"right" if row["right"] else "wrong"}"><th scope="row">{_e(row["label"])}'
        f'</th><td>{_e(row["given"])} <span class="mark">'
        f"{'✔ right' if row['right'] else '✘ wrong'}</span></td><td>{_e(row['expected'])}</td>"
        "</tr>"
        for row in missed["review"]
    )
    return (
        f'<section class="missed-hand" aria-labelledby="missed-hand-{pk}">\n'
        f'      <h4 id="missed-hand-{pk}">The hand you missed</h4>\n'
        f"      <p>Missed on {when(missed['attempt'].answered_at, 'day')}: "
        f"{_e(missed['question'].prompt)}</p>\n"
        f"      {missed['felt']}\n"
        '      <table class="review">\n'
        "        <caption>Your answer then, and the answer right then</caption>\n"
        '        <thead><tr><th scope="col">Answer</th><th scope="col">Yours then</th>'
        '<th scope="col">Correct then</th></tr></thead>\n'
        f"        <tbody>{rows}</tbody>\n      </table>\n    </section>"
    )
