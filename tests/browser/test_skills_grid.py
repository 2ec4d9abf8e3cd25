"""The grid of skills in a browser: axe finds nothing serious, the bands differ in grey-scale
as well as in colour, a cell leads to its figures, and on a phone the page keeps the screen's
width (the grid wraps, the table scrolls in its own box)."""

import datetime as dt

import pytest
from django.utils import timezone

from tests.browser.conftest import PHONE, screenshot, sign_in
from tests.browser.test_accessibility import violations
from tests.factories import PASSWORD
from tests.progress.conftest import BRING_IN, MS_PAY, listed  # noqa: F401, F811  (a fixture, by name)
from tests.progress.test_skills import answered, card, learnt
from trainer.engine import scheduling
from trainer.progress import skills

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def every_band(trainee, listed):  # noqa: F811  (the fixture imported above)
    """Tina's Mississippi Stud skills: strong, fading, weak; one answered before the
    scheduler; a Bring-in skill new (answered once), the other not yet practised."""
    now = timezone.now()
    for situation, ago in zip(
        MS_PAY, (dt.timedelta(hours=1), dt.timedelta(days=8), dt.timedelta(days=40)), strict=True
    ):
        answered(trainee, "ms-pay", situation, ms=4200, target=6000)
        card(trainee, "ms-pay", situation, learnt(now - ago))
    # English Stud's first bring-in skill answered once: still in its first steps
    answered(trainee, "es-bring-in", BRING_IN[0], ms=4200, target=6000)
    card(trainee, "es-bring-in", BRING_IN[0], scheduling.review(None, "good", now))
    answered(trainee, "ms-pay", "an old situation", target=None)
    keys = [s.strength.key for g in skills.for_trainee(trainee) for d in g.drills for s in d.skills]
    assert set(keys) == {s.key for s in skills.STRENGTHS}
    return trainee


def _luminance(css: str) -> float:
    """The relative luminance (WCAG) of a computed "rgb(r, g, b)" colour."""
    r, g, b = (int(v) for v in css[css.index("(") + 1 : css.index(")")].split(",")[:3])

    def linear(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)


def _looks(screen, selector: str) -> dict:
    """The (luminance, border style) of each band `selector`.<band> draws on the page, checking
    that its words (the accessible name) and its symbol are there."""
    looks = {}
    for s in skills.STRENGTHS:
        cells = screen.locator(f"{selector}.{s.key}")
        if not cells.count():
            continue
        cell = cells.first
        assert s.words in cell.text_content() and s.symbol in cell.text_content()
        style = cell.evaluate(
            "e => { const c = getComputedStyle(e); return [c.backgroundColor, c.borderTopStyle]; }"
        )
        looks[s.key] = (round(_luminance(style[0]), 1), style[1])
    return looks


@pytest.mark.parametrize("size", ["page", "phone"])
def test_the_skills_grid_reads_without_colour(request, live_server, every_band, size):
    # live_server named here: its settings (ALLOWED_HOSTS) are made for the tests that ask
    screen = request.getfixturevalue(size)
    sign_in(screen, every_band.username, PASSWORD)
    # the summary's squares (every band), then the cells of the games' own pages (Mississippi
    # Stud's bands, and English Stud's skills not yet practised)
    views = {"a.skill-dot": ["/progress/"], "a.skill-cell": []}
    views["a.skill-cell"] = [f"/progress/skills/{g}/" for g in ("mississippi-stud", "english-stud")]
    for selector, urls in views.items():
        looks = {}
        for url in urls:
            screen.goto(url)
            screen.wait_for_selector("#skills")
            assert violations(screen, f"my progress (skills) {url}", size) == []
            screenshot(
                screen.locator("#skills"), f"trainee-skills{url.replace('/', '-')}{size}.png"
            )
            looks.update(_looks(screen, selector))
            if size == "phone":
                assert screen.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert set(looks) == {s.key for s in skills.STRENGTHS}, selector
        # in grey-scale every band still looks its own: by lightness, or by its border
        assert len(set(looks.values())) == len(looks), (selector, looks)


def test_a_square_leads_to_its_figures(page, every_band):  # noqa: F811
    sign_in(page, every_band.username, PASSWORD)
    page.goto("/progress/")
    square = page.locator("a.skill-dot", has_text=MS_PAY[0])
    anchor = square.get_attribute("href").split("#", 1)[1]
    square.click()
    page.wait_for_url(f"**/progress/skills/mississippi-stud/#{anchor}")
    assert page.evaluate("document.querySelector(':target').id") == anchor
    row = page.locator(f"tr#{anchor}").inner_text()
    assert "4.2 s against 6 s" in row and "strong" in row
