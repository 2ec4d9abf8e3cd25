"""A supervisor uploads a hand log in a real browser (Debian's Chromium through Playwright),
watches the audit's progress until the task worker is done, opens a mispaid hand and exports
the discrepancies."""

import csv
import io

import pytest
from django.core.management import call_command

from tests.audits.conftest import LOG, log_text
from tests.browser.conftest import sign_in
from tests.factories import PASSWORD
from trainer.audits.models import AuditReport

# transactional: the live server answers from another thread
pytestmark = pytest.mark.django_db(transaction=True)


def test_a_supervisor_uploads_a_log_watches_it_audited_and_exports_the_mispays(
    page, supervisor, tmp_path
):
    log = tmp_path / "friday-shift.jsonl"
    log.write_text(log_text())
    sign_in(page, "super-sue", PASSWORD)
    page.click("nav >> text=Audits")
    page.set_input_files("#id_log", str(log))
    page.click("#upload button[type=submit]")
    page.wait_for_selector("#audit-status >> text=Queued")
    report = AuditReport.objects.get()

    # the task worker, as `make run` starts it, takes the queued audit; the page follows it
    call_command("parsheet_worker", "--once", verbosity=0)
    page.wait_for_selector("#summary")
    assert page.locator("#summary").inner_text().count("\n") >= 5
    # at a laptop's width every column of every summary table is in view, the money ones
    # (overpaid, underpaid) included: none scrolls inside its box
    page.set_viewport_size({"width": 1366, "height": 768})
    clipped = page.evaluate(
        "[...document.querySelectorAll('.audit-groups .table-scroll')]"
        ".filter(box => box.scrollWidth > box.clientWidth).length"
    )
    assert page.locator(".audit-groups table").count() >= 2 and clipped == 0
    assert "pair of sixes to tens paid instead of pushed" in page.inner_text("#by_situation")

    # a mispaid hand, with its cards, what was paid, what is right and why
    page.click("#lines >> a >> text=1")
    page.wait_for_selector(".steps li")
    assert page.locator('.table-layout .card[aria-label="six of hearts"]').count() == 1
    # the reasons name it drawn as on the felt, not as its code
    assert page.locator('.steps .card[aria-label="six of hearts"]').count() >= 1
    assert "pair of sixes to tens paid instead of pushed" in page.inner_text("#verdict")

    # the discrepancies as CSV
    page.go_back()
    with page.expect_download() as download:
        page.click("#export")
    text = download.value.path().read_text()
    rows = list(csv.reader(io.StringIO(text)))
    wrong = [n for n, (_, verdict, _) in enumerate(LOG, 1) if verdict != "correct"]
    assert [int(r[0]) for r in rows[1:]] == [*wrong, len(LOG) + 1]
    assert download.value.suggested_filename == f"audit-{report.pk}.csv"
