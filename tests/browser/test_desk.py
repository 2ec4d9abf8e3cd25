"""A games manager at the desk in a real browser (Debian's Chromium through Playwright): the
designer's exact house edge follows a row as it is typed (htmx), the table is saved as a new
version and activated with the old and the new edge side by side.  axe checks each page of the
walk in the state it is in (the edge shown, the edges compared), as the accessibility walk
cannot: its pages are seen before any count is built."""

import pytest

from tests.browser.conftest import screenshot, sign_in
from tests.browser.test_accessibility import overflow, violations
from tests.desk.conftest import counts_built
from tests.factories import PASSWORD
from trainer.engine import Category
from trainer.engine.figures import edge_words
from trainer.houses.models import HouseRulesSettings, PaytableVersion

# transactional: the live server answers from another thread
pytestmark = pytest.mark.django_db(transaction=True)

STRAIGHT = Category.STRAIGHT.order
ROYAL = Category.ROYAL_FLUSH.order


def test_a_manager_edits_a_row_sees_the_edge_move_saves_and_activates(page, demo, manager):
    # Mississippi Stud's counts built on the site, as the task worker builds them once (about
    # a second; the session's other tests share them)
    counts_built("mississippi-stud")
    problems = []
    sign_in(page, "manager-max", PASSWORD)
    page.click("nav >> text=Desk")
    problems += violations(page, "desk", "page")
    screenshot(page, "desk.png", full_page=True)
    page.click("text=Design a Mississippi Stud table")
    edge = page.locator("#edge-preview .house-edge")
    before = edge.inner_text()
    assert "%" in before and page.inner_text("#edge-preview .versus") == "no change"
    problems += violations(page, "designer", "page")

    # a straight paying 6 to 1 instead of 4 to 1: the edge moves as it is typed
    page.fill(f"#id_win_{STRAIGHT}", "6")
    page.wait_for_function(
        "before => document.querySelector('#edge-preview .house-edge').innerText !== before",
        arg=before,
    )
    after = edge.inner_text()
    assert after != before and page.inner_text("#edge-preview .versus").startswith("\u2212")
    problems += violations(page, "designer (a row changed)", "page")
    screenshot(page, "desk-designer.png", full_page=True)

    # a row that makes the table unusable is named; put right, the edge is back
    page.fill(f"#id_to_{STRAIGHT}", "0")
    page.wait_for_selector("#edge-preview >> text=Straight: both parts of the odds")
    page.fill(f"#id_to_{STRAIGHT}", "1")
    page.wait_for_selector("#edge-preview .house-edge")
    assert edge.inner_text() == after

    # saved as a new version, its sheet computed at once from the counts
    page.fill("#id_label", "Straight 6")
    page.click("button[value=save]")
    page.wait_for_selector("h1 >> text=Mississippi Stud v3: Straight 6")
    saved = PaytableVersion.objects.get(house=demo, label="Straight 6")
    assert after.split(" of hands")[0] in page.inner_text("main")
    problems += violations(page, "version", "page")
    screenshot(page, "desk-version.png", full_page=True)

    # activated, the old and the new edge side by side
    page.click("text=Activate…")
    page.wait_for_selector(".old-edge")
    assert page.inner_text(".old-edge") == before
    assert page.inner_text(".new-edge").startswith(after.split(" (player")[0])
    problems += violations(page, "activate", "page")
    screenshot(page, "desk-activate.png", full_page=True)
    page.click("text=Activate v3")
    page.wait_for_selector(".messages >> text=is now the active table")
    assert f"House edge {before} → {after}" in page.inner_text(".messages")
    saved.refresh_from_db()
    assert saved.is_active
    screenshot(page, "desk-activated.png", full_page=True)

    # a change of house rules that moves the Caribbean Stud table's sheet: it waits for the
    # sheet under the new rules (queued for the worker: the banked games' counts are not built
    # here), a state of the page with its progress, not an error
    page.click("text=House rules")
    page.fill("#id_call_multiple", "3")
    page.click(".rules-form button[type=submit]")
    page.wait_for_selector("#waiting-title")
    waiting = page.inner_text(".waiting")
    assert "Computing the sheet of Caribbean Stud v1 under the new rules: 0%" in waiting
    assert page.locator("[role=alert]").count() == 0
    problems += violations(page, "house rules (a change waiting)", "page")
    screenshot(page, "desk-rules-waiting.png", full_page=True)
    assert edge_words  # the edges above are the engine's words (trainer.engine.figures)
    assert not problems, "axe found serious or critical violations:\n" + "\n".join(problems)


def test_the_designers_figures_and_the_caps_edge_at_each_ante_follow_a_row(page, demo, manager):
    counts_built("mississippi-stud")
    # a cap of 80,000: the top win under optimal play is a royal flush at 500 to 1 on the
    # hand's 8 Antes bet (4,000 Antes), so the cap takes from it at an Ante above 20
    HouseRulesSettings.objects.filter(house=demo).update(mississippi_payout_cap=80_000)
    sign_in(page, "manager-max", PASSWORD)
    page.goto("/desk/games/mississippi-stud/design/")
    panel = "#edge-preview"
    page.wait_for_selector(f"{panel} .cap-edges")  # asked for by the panel once shown
    shown = {
        name: page.inner_text(f"{panel} {selector}")
        for name, selector in [
            ("edge", ".house-edge"),
            ("sd", ".sd"),
            ("hit", ".hit-frequency"),
            ("win", ".win-hour"),
            ("bite", ".cap-bite"),
            ("caps", ".cap-edges"),
            ("from", ".cap-from"),
        ]
    }
    assert "an Ante above 20.00" in shown["bite"] and "From an Ante of 21" in shown["from"]
    assert "(changed by the cap)" in shown["caps"] and "Antes an hour" in shown["win"]

    # a royal flush paying 1,000 to 1: every figure moves, and the cap bites from above 8 (the
    # engine's top win under optimal play at that pay is 10,000 Antes)
    page.fill(f"#id_win_{ROYAL}", "1000")
    page.wait_for_function(
        "before => document.querySelector('#edge-preview .house-edge').innerText !== before",
        arg=shown["edge"],
    )
    page.wait_for_selector(f"{panel} .cap-from >> text=From an Ante of 9")
    after = {
        "edge": page.inner_text(f"{panel} .house-edge"),
        "sd": page.inner_text(f"{panel} .sd"),
        "win": page.inner_text(f"{panel} .win-hour"),
        "bite": page.inner_text(f"{panel} .cap-bite"),
        "caps": page.inner_text(f"{panel} .cap-edges"),
        "from": page.inner_text(f"{panel} .cap-from"),
    }
    for name, now in after.items():
        assert now != shown[name], name
    assert "an Ante above 8.00" in after["bite"]
    assert "of rounds end with the player ahead" in page.inner_text(f"{panel} .hit-frequency")
    screenshot(page, "desk-designer-cap.png", full_page=True)


def test_on_a_phone_the_edge_stays_in_view_while_a_row_is_typed(phone, demo, manager):
    """The panel with every figure is below the form on a phone: one line at the foot of the
    screen gives the edge as the rows are typed."""
    counts_built("mississippi-stud")
    sign_in(phone, "manager-max", PASSWORD)
    phone.goto("/desk/games/mississippi-stud/design/")
    line = phone.locator("#edge-line")
    before = line.inner_text()
    phone.fill(f"#id_win_{STRAIGHT}", "6")
    phone.wait_for_function(
        "before => document.querySelector('#edge-line').innerText !== before", arg=before
    )
    assert "against v1" in line.inner_text()
    screenshot(phone, "desk-designer-phone.png")
    box, height = line.bounding_box(), phone.viewport_size["height"]
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height
    assert not violations(phone, "designer (phone)", "phone")
    # the panel's exact figures (long fractions among them) wrap or scroll within the screen
    assert not overflow(phone, "designer (phone)")
    panel = phone.locator("#edge-preview").bounding_box()
    assert panel["x"] >= 0 and panel["x"] + panel["width"] <= phone.viewport_size["width"]
