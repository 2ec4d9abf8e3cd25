"""A dispute case as it prints: every hand keeps its label ("Player" and "Dealer" once
printed white on the white paper, leaving unlabelled cards in the file)."""

import pytest

from tests.browser.conftest import sign_in
from tests.cases.conftest import keep  # noqa: F401  (a fixture, by name)
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_printed_case_labels_every_hand_in_black(page, demo, supervisor, keep):  # noqa: F811
    case = keep(supervisor)
    sign_in(page, "super-sue", PASSWORD)
    page.goto(f"/cases/{case.house.slug}/{case.number}/")
    page.emulate_media(media="print")
    labels = page.locator(".table-layout .spot-label")
    assert labels.count() >= 2  # the Mississippi Stud hand: hole cards and board
    colours = labels.evaluate_all("ls => ls.map(l => getComputedStyle(l).color)")
    assert set(colours) == {"rgb(0, 0, 0)"}, colours
