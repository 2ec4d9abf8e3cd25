"""The felt in a real browser: every drill kind at its highest level, laid out on a desktop
and on a phone; on the desktop started from the drills page, answered right through the seat
spots with the keyboard, the placard opened with its key, then the next question answered
wrong by typing and clicking (each drill walked once for all of it).

Each seat's answers sit at its spot in the order the house settles the layout; Tab or Enter
moves through them in that order, a choice's key picks it, the push's 0 is a button, Enter on
the last answer answers.  With SCREENSHOTS=dir, screenshots go to dir/felt/.
"""

import pytest

from tests.browser.conftest import screenshot, sign_in
from tests.browser.test_drills import DEALERS_DRILLS, fill, latest_question
from tests.factories import PASSWORD, ManagerFactory, wrong_answer
from trainer.drills import dealing, services
from trainer.drills.grading import fields_of
from trainer.drills.models import Attempt, Question
from trainer.drills.presenting import settle_order, table_seats
from trainer.engine.drills import REGISTRY
from trainer.engine.drills.spots import spots
from trainer.engine.seats import settle_order as in_settle_order

pytestmark = pytest.mark.django_db(transaction=True)


#: axe's options without its colour-contrast rule (most of axe's time)
NO_CONTRAST = {"resultTypes": ["violations"], "rules": {"color-contrast": {"enabled": False}}}


def serious_violations(page, *, contrast: bool = True) -> list[str]:
    """axe-core's serious and critical findings on the page as it stands (axe-playwright-
    python ships the script: nothing is downloaded); None when it is not installed."""
    try:
        from axe_playwright_python.sync_playwright import Axe
    except ImportError:
        return None
    results = Axe().run(page) if contrast else Axe().run(page, options=NO_CONTRAST)
    return [
        f"{v['id']}: {v['help']} ({len(v['nodes'])}: {v['nodes'][0]['target']})"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def assert_axe_clean(page, *, contrast: bool = True) -> None:
    found = serious_violations(page, contrast=contrast)
    assert not found, found


def highest(kind: str) -> int:
    return max(level.number for level in REGISTRY[kind].levels)


def open_drill(page, user, kind: str, in_chips: bool = False) -> Question:
    session = services.start_session(
        trainee=user, kind=kind, level=highest(kind), in_chips=in_chips
    )
    page.goto(f"/drills/s/{session.pk}/")
    page.wait_for_selector("form.answer-form")
    page.wait_for_load_state("load")  # scripts ready, as they are by the time a person types
    return services.current_question(session)


def start_from_the_drills_page(page, user, kind: str, in_chips: bool = False) -> Question:
    """The drill at its highest level started as a trainee starts one: its level picked (and
    chips ticked) on its card of the drills page, then Start."""
    page.goto("/drills/")
    page.select_option(f"#level-{kind}", str(highest(kind)))
    if in_chips:
        page.check(f'[data-in-chips="{kind}"]')
    page.click(f'button[data-drill="{kind}"]')
    page.wait_for_selector("form.answer-form")
    page.wait_for_load_state("load")  # scripts ready, as they are by the time a person types
    question = latest_question(user)
    assert (question.session.kind, question.level, question.in_chips) == (
        kind,
        highest(kind),
        in_chips,
    )
    return question


def asked_order(question: Question) -> list[str]:
    """The answers in the order the page must ask them: the table's own, then seat by seat
    in the house's settle order (the engine's spots)."""
    laid = spots(fields_of(question), table_seats(question.table), settle_order(question))
    return [f.name for spot in laid for f in spot.fields]


def dom_order(page) -> list[str]:
    return page.eval_on_selector_all(
        "form.answer-form .field",
        """fields => fields.map(f => {
            const input = f.querySelector('input');
            return f.dataset.field || (input ? input.name : null);
        })""",
    )


def answer_by_keyboard(page, question: Question) -> None:
    """Answer right the way a dealer at the felt would: keys and digits, Enter to move on."""
    fields = {f.name: f for f in fields_of(question)}
    order = asked_order(question)
    for n, name in enumerate(order):
        field, value = fields[name], question.expected[name]
        last = n == len(order) - 1
        if field.kind in ("amount", "signed"):
            box = page.locator(f'input[name="{name}"]')
            assert page.evaluate("document.activeElement.name") == name, name
            zero = page.locator(f'button[data-zero="id_{name}"]')
            if value == 0 and zero.count():
                zero.click()  # the push's 0: nobody types it
                assert box.input_value() == "0"
                if last:
                    page.keyboard.press("Enter")
                else:
                    assert page.evaluate("document.activeElement.name") == order[n + 1]
                continue
            page.keyboard.type(str(value))
            page.keyboard.press("Enter")  # the next answer, or the answer itself after the last
        elif field.kind == "choice":
            assert page.evaluate("document.activeElement.name") == name, name
            index = [v for v, _ in field.choices].index(value)
            page.keyboard.press(field.keys[index] if field.keys else value)
            if last:
                page.keyboard.press("Enter")
        elif field.kind == "seat":
            page.keyboard.press(str(value))
            if last:
                page.keyboard.press("Enter")
        elif field.kind == "chips":
            # the chip builder's tray: a key per chip adds one, Enter moves on or answers
            assert page.evaluate("document.activeElement.id") == f"id_{name}_tray", name
            keys = dict(zip([v for v, _ in field.choices], field.keys, strict=True))
            for chip, count in value["chips"].items():
                for _ in range(count):
                    page.keyboard.press(keys[chip])
            page.keyboard.press("Enter")
        else:  # several seats: each box checked, then on to the next answer
            for seat in value:
                page.check(f'input[name="{name}"][value="{seat}"]')
            page.locator(f'input[name="{name}"]').last.focus()
            page.keyboard.press("Tab")
            if last:
                page.locator(f'input[name="{name}"]').last.focus()
                page.keyboard.press("Enter")


def walk(page, user, kind: str, device: str, checked: set) -> None:
    """One drill at its highest level: its layout on every device, checked by axe (its layout
    is what the width changes); on the desktop, started from the drills page, answered right
    by the keyboard, the answered page and the placard checked by axe, the placard once per
    game (the same one whichever drill of the game opens it), then the next question answered
    wrong by typing and clicking.  `checked` holds the games whose placard was."""
    # Mississippi Stud's pay drill in chips: its fullest felt (five chip builders a seat, up
    # to six seats), which the phone folds to the builder being answered, and the desktop's
    # keyboard walk answers builder by builder
    if device == "desktop":
        question = start_from_the_drills_page(page, user, kind, in_chips=kind in IN_CHIPS)
    else:
        question = open_drill(page, user, kind, in_chips=kind in IN_CHIPS)
    # the answers sit in the order the house settles the layout, seat by seat
    assert dom_order(page) == asked_order(question)
    laid = spots(fields_of(question), table_seats(question.table), settle_order(question))
    seats = [s.seat for s in laid if s.seat is not None]
    if len(seats) > 1:
        shown = page.eval_on_selector_all(
            ".felt .spot.answering h3", "hs => hs.map(h => h.textContent.replace('Seat ', ''))"
        )
        assert shown == in_settle_order(seats, settle_order(question)) == seats
    if len(seats) == 1:
        # a lone seat's answers beside its cards, on the phone as on the desktop
        spot = page.locator(".felt .spot.answering").first
        cards = spot.locator(".spot-cards").bounding_box()
        answers = spot.locator(".spot-answers").bounding_box()
        assert answers["x"] >= cards["x"] + cards["width"] - 1
        assert answers["y"] < cards["y"] + cards["height"]
    if len(seats) > 1:
        # several seats: each a column of its cards, its bets and its answers under them
        boxes = page.eval_on_selector_all(
            ".felt-seats .spot.answering",
            "ss => ss.map(s => [s.querySelector('.spot-cards').getBoundingClientRect().bottom,"
            " s.querySelector('.spot-answers').getBoundingClientRect().top])",
        )
        assert all(answers >= cards - 1 for cards, answers in boxes), boxes
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width + 1
    if device == "phone" and page.locator(".felt").count():
        # the felt stacks its seats compactly: a seat's cards, bets and answers within
        # SEAT_HEIGHT of the phone's screen, below the dealer's side
        tall = page.locator(".felt").first.bounding_box()["height"]
        assert tall <= TOP_HEIGHT + SEAT_HEIGHT * max(1, len(seats)), (len(seats), tall)
        if question.in_chips:
            # the chip builders fold to the one being answered: a tap on a tray unfolds its
            # boxes, the others keep their tray and total only
            builders = page.locator(".felt-seats .chip-builder")
            builders.last.locator(".chip-tray").click()
            assert builders.last.locator(".chip-boxes").is_visible()
            assert not builders.first.locator(".chip-boxes").is_visible()
    if len(seats) > 1 and page.locator(".felt-top").count():
        # the dealer's side stays in view whichever seat's answer has the focus
        page.locator(".felt-seats .spot-answers input:not([type=hidden])").last.focus()
        top = page.evaluate(
            "(() => { const r = document.querySelector('.felt-top').getBoundingClientRect();"
            " return [r.top, r.bottom, innerHeight]; })()"
        )
        assert top[0] >= -1 and top[1] <= top[2], top
        page.locator(".felt-seats .spot-answers input:not([type=hidden])").first.focus()
    screenshot(page, f"felt/{kind}-{device}-question.png", full_page=True)
    screenshot(page, f"felt/{kind}-{device}-question-top.png")
    if device == "phone":
        # what the phone's width changes is checked above (the order, the heights, no page
        # wider than the screen); axe's rules read elements, names and colours, which the
        # desktop's run checks on the same page.  The answers by the keyboard, the feedback
        # and the placard are the desktop walk's: the same script and partials
        return
    assert_axe_clean(page)
    answer_by_keyboard(page, question)
    page.wait_for_selector(".feedback")
    assert page.locator(".feedback h3").inner_text().startswith("Right")
    attempt = Attempt.objects.get(question=question)
    assert attempt.is_correct
    # every step of the ruling (a lone seat's as its question has them), the dealer's lines
    # once, not once per seat
    steps = page.locator("ol.steps li").all_inner_texts()
    assert steps and (len(seats) > 1 or len(steps) == len(question.steps))
    dealer_lines = [s for s in steps if s.startswith("The dealer reveals")]
    assert len(dealer_lines) <= 1
    screenshot(page, f"felt/{kind}-{device}-answered.png", full_page=True)
    # the answered page: the felt's colours were checked asked (above); the review's and the
    # feedback's colours once per game, every other rule on every drill
    assert_axe_clean(page, contrast=question.game not in checked)
    # the placard, one key away: the table and rules the question is graded with
    page.keyboard.press("h")
    card = page.locator("dialog.placard-dialog")
    card.wait_for(state="visible")
    assert "Placard" in card.inner_text()
    screenshot(page, f"felt/{kind}-{device}-placard.png")
    if device == "desktop" and question.game not in checked:
        checked.add(question.game)
        assert_axe_clean(page)
    page.keyboard.press("Escape")
    card.wait_for(state="hidden")
    # Next: the question dealt with the answer, answered wrong by typing and clicking
    page.click("button.next")
    page.wait_for_selector("form.answer-form")
    second = latest_question(user)
    assert second.pk != question.pk
    fill(page, second, wrong_answer(second))
    page.click("form.answer-form button[type=submit]")
    page.wait_for_selector(".feedback.wrong")
    assert "wrong" in page.locator(".review tr.wrong").first.inner_text()
    assert Attempt.objects.filter(trainee=user, question__in=[question, second]).count() == 2


#: the drills the walks open in chips (their amounts as chips)
IN_CHIPS = ("ms-pay",)
#: on a phone, the felt's height: the dealer's side and the legend, then each seat's
TOP_HEIGHT = 400
SEAT_HEIGHT = 450


def walk_every_drill(page, user, device: str) -> None:
    """Every dealer's drill walked in turn on the one signed-in page: each opens a session of
    its own, so none depends on the one before.  A failure names the drill and the device."""
    sign_in(page, "trainee-tina", PASSWORD)
    checked: set = set()
    for kind in DEALERS_DRILLS:
        try:
            walk(page, user, kind, device, checked)
        except Exception as error:  # an assertion, or a wait that ran out
            raise AssertionError(f"drill {kind} on the {device}: {error}") from error


@pytest.mark.slow
def test_every_drill_at_its_highest_level_on_the_desktop(page, trainee):
    """Also the walk of every dealer's drill started from the drills page and answered right
    then wrong (once tests/browser/test_drills.py's own walk of every drill)."""
    walk_every_drill(page, trainee, "desktop")
    assert Attempt.objects.filter(trainee=trainee).count() == 2 * len(DEALERS_DRILLS)


@pytest.mark.slow
def test_every_drill_at_its_highest_level_on_a_phone(phone, trainee):
    walk_every_drill(phone, trainee, "phone")


def test_the_house_card_works_without_javascript(browser, live_server, trainee):
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    page = context.new_page()
    sign_in(page, "trainee-tina", PASSWORD)
    question = open_drill(page, trainee, "cs-settle")
    page.click("a[data-placard]")
    page.wait_for_url(f"**/drills/q/{question.pk}/placard")
    assert "Placard" in page.locator("h1").inner_text()
    assert page.locator(".paytable tbody tr").count() > 0
    context.close()


def test_a_games_manager_tries_a_drill_not_counted(page, demo):
    manager = ManagerFactory(house=demo, username="manager-mo", role="Games manager")
    sign_in(page, "manager-mo", PASSWORD)
    question = open_drill(page, manager, "ms-pay")
    assert "Trying out: not counted" in page.locator(".trying").inner_text()
    answer_by_keyboard(page, question)
    page.wait_for_selector(".feedback.right")


def test_the_rule_check_page_opens_the_house_card_with_its_key(page, trainee):
    sign_in(page, "trainee-tina", PASSWORD)
    page.goto("/rule-check/?game=caribbean-stud")
    page.wait_for_load_state("load")
    page.fill("input[name=player]", "2h 5h 9h Jh Kh")  # half a ruling typed...
    page.locator("h1").click()  # focus on the page, not in a box that takes letters
    page.keyboard.press("h")
    dialog = page.locator("dialog.placard-dialog")
    dialog.wait_for(state="visible")
    assert dialog.locator(".paytable tbody tr").count() > 0
    assert_axe_clean(page)
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")
    # ...is still there: the card opened over the page
    assert page.input_value("input[name=player]") == "2h 5h 9h Jh Kh"
    page.goto("/placard/caribbean-stud/")  # the printable page
    assert page.locator(".paytable tbody tr").count() > 0
    assert_axe_clean(page)
    screenshot(page, "felt/placard-page.png", full_page=True)
    page.emulate_media(media="print")
    assert not page.locator(".site-header").is_visible()  # the card prints alone
    assert page.locator(".placard").is_visible()


#: a laptop's screen, and how tall a full table's drill page may be on it
LAPTOP = {"width": 1366, "height": 768}
FITS = 1.25


def fullest_table(user, kind: str) -> Question:
    """A question of `kind` at its highest level dealt to the most seats any of fifty deals
    gives (six positions at a banked game), stored as the drill page deals one."""
    from trainer.drills.models import PracticeSession
    from trainer.houses.config import house_setup

    config, level = house_setup(user.house).config, highest(kind)
    drill = REGISTRY[kind]
    seed = max(range(50), key=lambda s: len(table_seats(drill.generate(s, level, config).table)))
    session = PracticeSession.objects.create(trainee=user, kind=kind, level=level)
    return dealing.deal_question(session, seed=seed)


@pytest.mark.slow
def test_a_full_table_of_any_game_fits_a_laptop_screen(page, trainee):
    """At 1366x768 the highest level of every drill with several seats, dealt to the most
    seats, is at most 1.25 screens tall, and the dealer's side stays in view while the last
    seat's answer has the focus."""
    sign_in(page, "trainee-tina", PASSWORD)
    page.set_viewport_size(LAPTOP)
    measured = {}
    for kind in DEALERS_DRILLS:
        question = fullest_table(trainee, kind)
        if len(table_seats(question.table)) < 2:
            continue
        page.goto(f"/drills/s/{question.session_id}/")
        page.wait_for_selector("form.answer-form")
        measured[kind] = page.evaluate("document.documentElement.scrollHeight")
        screenshot(page, f"felt/{kind}-laptop-full-table.png", full_page=True)
        if page.locator(".felt-top").count():
            page.locator("form.answer-form .field input:not([type=hidden])").last.focus()
            top = page.evaluate(
                "(() => { const r = document.querySelector('.felt-top').getBoundingClientRect();"
                " return [r.top, r.bottom, innerHeight]; })()"
            )
            assert top[0] >= -1 and top[1] <= top[2], (kind, top)
        if kind == "cs-settle":
            # one seat of the table settled wrong: the feedback reads on one screen, the
            # wrong seat first and the others folded under one line
            from tests.browser.test_drills import fill
            from tests.factories import right_answer

            answer = right_answer(question)
            wrong = f"p{question.table['positions'][-1]['seat']}.net"
            answer[wrong] = str(int(answer[wrong]) + 1)
            fill(page, question, answer)
            page.click("form.answer-form button[type=submit]")
            page.wait_for_selector(".feedback.wrong")
            tall = page.evaluate("document.querySelector('.feedback').offsetHeight")
            assert tall <= LAPTOP["height"], tall
            assert "answered right" in page.inner_text("details.right-seats > summary")
    assert {"ms-pay", "cs-settle", "mg-split"} <= set(measured)
    too_tall = {k: h for k, h in measured.items() if h > FITS * LAPTOP["height"]}
    assert not too_tall, too_tall
