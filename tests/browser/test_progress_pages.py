"""My progress and a supervisor's page of a trainee, read on a laptop: the summary
fits three screens at 1366x768, test results before the skills, with a trainee's history of
practice behind it (the details are pages of their own)."""

import pytest

from tests.browser.conftest import sign_in
from tests.factories import PASSWORD
from trainer.progress.seeding import seed_attempts

pytestmark = pytest.mark.django_db(transaction=True)

LAPTOP = {"width": 1366, "height": 768}
SCREENS = 3


@pytest.mark.slow
def test_a_trainees_progress_fits_three_laptop_screens(page, trainee, supervisor):
    # five hundred answers over sixty days, every drill: each skill of every game has figures
    seed_attempts(trainee, 500, seed=29)
    page.set_viewport_size(LAPTOP)
    for user, url in (
        ("trainee-tina", "/progress/"),
        ("super-sue", f"/progress/trainees/{trainee.pk}/"),
    ):
        page.context.clear_cookies()
        sign_in(page, user, PASSWORD)
        page.goto(url)
        page.wait_for_selector("#skills")
        tall = page.evaluate("document.documentElement.scrollHeight")
        assert tall <= SCREENS * LAPTOP["height"], (url, tall)
        # test results near the top: before the skills grid
        order = page.evaluate(
            "[document.querySelector('#tests').getBoundingClientRect().top,"
            " document.querySelector('#skills').getBoundingClientRect().top]"
        )
        assert order[0] < order[1], (url, order)
