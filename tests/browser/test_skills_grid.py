"""The grid of skills in a browser: axe finds nothing serious, the bands differ in grey-scale
as well as in colour, a cell leads to its figures, and on a phone the page keeps the screen's
width (the grid wraps, the table scrolls in its own box)."""

import datetime as dt

import pytest
from django.utils import timezone

from tests.browser.conftest import screenshot, sign_in
from tests.browser.test_accessibility import violations
from tests.factories import PASSWORD
from tests.progress.conftest import MS_PAY, listed  # noqa: F401, F811  (a fixture, by name)
from tests.progress.test_skills import answered, card, learnt
from trainer.progress import skills

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def every_band(trainee, listed):  # noqa: F811  (the fixture imported above)
    """Tina's Mississippi Stud skills: strong, fading, weak; one answered before the
    scheduler; Bring-in's not yet practised."""
    now = timezone.now()
    for situation, ago in zip(
        MS_PAY, (dt.timedelta(hours=1), dt.timedelta(days=8), dt.timedelta(days=40)), strict=True
    ):
        answered(trainee, "ms-pay", situation, ms=4200, target=6000)
        card(trainee, "ms-pay", situation, learnt(now - ago))
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


@pytest.mark.parametrize("size", ["page", "phone"])
def test_the_skills_grid_reads_without_colour(request, live_server, every_band, size):
    # live_server named here: its settings (ALLOWED_HOSTS) are made for the tests that ask
    screen = request.getfixturevalue(size)
    sign_in(screen, every_band.username, PASSWORD)
    screen.goto("/progress/#skills")
    assert violations(screen, "my progress (skills)", size) == []
    screenshot(screen.locator("#skills"), f"trainee-skills-{size}.png")
    looks = {}
    for s in skills.STRENGTHS:
        cell = screen.locator(f"a.skill-cell.{s.key}").first
        # the strength is in the link's words, and its symbol is shown beside them
        assert s.words in cell.inner_text() and s.symbol in cell.inner_text()
        style = cell.evaluate(
            "e => { const c = getComputedStyle(e); return [c.backgroundColor, c.borderTopStyle]; }"
        )
        looks[s.key] = (round(_luminance(style[0]), 1), style[1])
    # in grey-scale every band still looks its own: by lightness, or by its border
    assert len(set(looks.values())) == len(looks), looks
    if size == "phone":
        assert screen.evaluate("document.documentElement.scrollWidth") <= 375


def test_a_cell_leads_to_its_figures(page, every_band):  # noqa: F811
    sign_in(page, every_band.username, PASSWORD)
    page.goto("/progress/")
    cell = page.locator("a.skill-cell", has_text=MS_PAY[0])
    anchor = cell.get_attribute("href")
    cell.click()
    assert page.evaluate("document.querySelector(':target').id") == anchor[1:]
    row = page.locator(f"tr{anchor}").inner_text()
    assert "4.2 s against 6 s" in row and "strong" in row
