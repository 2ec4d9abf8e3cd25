"""Passing a certification test issues one certificate, in the same transaction as the
finishing; its page and PDF name the trainee, sections, scores, date and supervisor; a public
URL says valid, revoked or unknown and nothing else; supervisors revoke it, logged."""

import base64
import re
import zlib

import pytest
from django.urls import reverse

from tests.assessments.test_retakes_and_sections import build, take
from tests.factories import AssignmentFactory
from trainer.assessments import finishing
from trainer.assessments.models import Certificate
from trainer.engine.catalog import title_of
from trainer.engine.drills import REGISTRY
from trainer.roster.models import PersonAction


@pytest.fixture
def certified(demo, trainee, supervisor):
    trainee.first_name, trainee.last_name = "Tina", "Turner"
    trainee.save()
    test = build(demo, title="Table games certificate", certification=True, created_by=supervisor)
    assignment = AssignmentFactory(test=test, trainee=trainee, assigned_by=supervisor)
    sitting = take(trainee, assignment, right=True)
    return sitting.certificate


def test_passing_a_certification_test_issues_one_certificate(certified, trainee, supervisor):
    assert certified.trainee == trainee and certified.signed_by == supervisor
    assert certified.issued_at == certified.sitting.finished_at
    # read off paper and typed: five groups of four of Crockford's base 32 (100 random bits)
    assert re.fullmatch(r"([0-9A-HJKMNP-TV-Z]{4}-){4}[0-9A-HJKMNP-TV-Z]{4}", certified.code)
    # issuing again (a second finish, a replay) makes no second one
    finishing.finish(sitting=certified.sitting, ending="answered")
    assert finishing.issue_certificate(certified.sitting) == certified
    assert Certificate.objects.count() == 1


def test_failing_or_an_ordinary_test_issues_none(demo, trainee):
    failed = build(demo, certification=True, attempts_allowed=2)
    take(trainee, AssignmentFactory(test=failed, trainee=trainee), right=False)
    ordinary = build(demo, title="Ordinary")
    take(trainee, AssignmentFactory(test=ordinary, trainee=trainee), right=True)
    assert not Certificate.objects.exists()


def test_the_page_names_the_trainee_sections_scores_and_supervisor(client, certified, supervisor):
    client.force_login(supervisor)
    page = client.get(reverse("assessments:certificate", args=[certified.pk])).content.decode()
    names = [REGISTRY[kind].title for kind in ("cs-qualify", "hand-five")]
    games = [title_of(REGISTRY[kind].game) for kind in ("cs-qualify", "hand-five")]
    for text in ("Tina Turner", "Table games certificate", certified.code, *names, *games):
        assert text in page, text
    assert "super-sue" in page and "4 of 4 right (100%)" in page


def test_the_pdf_is_a_pdf(client, certified, trainee):
    client.force_login(trainee)  # the holder may download their own
    response = client.get(reverse("assessments:certificate-pdf", args=[certified.pk]))
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")


class DrawnText:
    """Every string a certificate's canvas draws, with its x and font size, and its lines."""

    def __init__(self, monkeypatch):
        from reportlab.pdfgen import canvas

        from trainer.assessments import pdf

        self.strings: list[tuple[float, str, str, float]] = []
        self.lines = 0
        drawn = self

        class Recording(canvas.Canvas):
            def drawString(self, x, y, text, *args, **kwargs):
                drawn.strings.append((x, text, self._fontname, self._fontsize))
                return super().drawString(x, y, text, *args, **kwargs)

            def drawCentredString(self, x, y, text, *args, **kwargs):
                drawn.strings.append((x, text, self._fontname, self._fontsize))
                return super().drawCentredString(x, y, text, *args, **kwargs)

            def line(self, *args, **kwargs):
                drawn.lines += 1
                return super().line(*args, **kwargs)

        monkeypatch.setattr(pdf.canvas, "Canvas", Recording)

    def texts(self) -> list[str]:
        return [text for _, text, _, _ in self.strings]


def test_the_pdf_names_the_house_and_has_a_signature_line(client, certified, trainee, monkeypatch):
    drawn = DrawnText(monkeypatch)
    client.force_login(trainee)
    client.get(reverse("assessments:certificate-pdf", args=[certified.pk]))
    house = certified.sitting.assignment.test.house.name
    assert drawn.texts()[0] == house  # the heading, above "Certificate"
    assert any(t.startswith(f"Signed for {house}: ") for t in drawn.texts())
    assert drawn.lines == 1  # the line to sign on


def test_a_long_section_title_never_runs_into_its_level(client, certified, trainee, monkeypatch):
    from reportlab.lib.units import mm
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from trainer.assessments import pdf, presenting

    # the longest drill titles ran into the level beside them ("qualify?2"); one longer still
    long = "Does the dealer qualify, and what is paid on each spot of the layout? " * 2
    monkeypatch.setattr(presenting, "kind_title", lambda kind: long)
    drawn = DrawnText(monkeypatch)
    client.force_login(trainee)
    client.get(reverse("assessments:certificate-pdf", args=[certified.pk]))
    left = 40 * mm  # the sections' table's left edge (pdf.COLUMNS are offsets from it)
    edges = [left + offset * mm for _, offset, _ in pdf.COLUMNS]
    cells = [s for s in drawn.strings if s[0] in edges[1:2]][1:]  # the Section column's rows
    assert cells and any(text.endswith("…") for _, text, _, _ in cells)
    for x, text, font, size in cells:
        assert x + stringWidth(text, font, size) < edges[2], text


def unicode_mapped(pdf: bytes) -> set[str]:
    """The characters the PDF's embedded fonts draw: the targets of their ToUnicode maps
    (reportlab writes each stream Flate-compressed, some ASCII85-wrapped too)."""
    chars = set()
    for match in re.finditer(rb"stream\r?\n(.*?)endstream", pdf, re.S):
        raw = match.group(1).strip()
        try:
            text = zlib.decompress(base64.a85decode(raw, adobe=True) if raw[:2] == b"<~" else raw)
        except (ValueError, zlib.error):
            continue
        if b"beginbfchar" in text:
            chars |= {chr(int(h, 16)) for h in re.findall(rb"<[0-9A-F]{2}> <([0-9A-F]{4})>", text)}
    return chars


def test_the_pdf_draws_a_name_beyond_latin_1_in_an_embedded_font(client, certified, trainee):
    trainee.first_name, trainee.last_name = "Łukasz", "Żółć"
    trainee.save()
    client.force_login(trainee)
    pdf = client.get(reverse("assessments:certificate-pdf", args=[certified.pk])).content
    assert b"DejaVuSans-Bold" in pdf  # Helvetica, reportlab's own, has no Ł: a black square
    assert set("ŁukaszŻółć") <= unicode_mapped(pdf)


def test_the_public_check_says_valid_revoked_or_unknown_and_nothing_else(client, certified):
    url = reverse("assessments:verify", args=[certified.code])
    valid = client.get(url)
    page = valid.content.decode()
    assert valid.status_code == 200 and "✔ Valid" in page
    # whose it is, so an employer can match it to the paper ...
    test = certified.sitting.assignment.test
    for shown in (certified.trainee.get_full_name() or certified.trainee.username, test.title):
        assert f"<dd>{shown}</dd>" in page, shown
    assert f"<dd>{test.house.name}</dd>" in page and "<dt>Issued</dt>" in page
    # ... and nothing more: no score, no supervisor
    for private in ("100%", "4 of 4", "super-sue"):
        assert private not in page
    Certificate.objects.filter(pk=certified.pk).update(revoked_because="x")
    unknown = client.get(reverse("assessments:verify", args=["not-a-code"]))
    assert unknown.status_code == 404 and "Unknown" in unknown.content.decode()
    typed = client.get(reverse("assessments:verify-form"), {"code": f" {certified.code} "})
    assert typed.status_code == 302 and typed["Location"] == url


def test_a_supervisor_revokes_it_once_and_it_is_logged(client, certified, supervisor, trainee):
    client.force_login(supervisor)
    url = reverse("assessments:revoke", args=[certified.pk])
    client.post(url, {"reason": "Answers shared before the test"})
    certified.refresh_from_db()
    assert certified.is_revoked and certified.revoked_by == supervisor
    log = PersonAction.objects.get(subject=trainee, kind=PersonAction.Kind.CERTIFICATE_REVOKED)
    assert log.actor == supervisor and "Answers shared" in log.detail
    check = client.get(reverse("assessments:verify", args=[certified.code])).content.decode()
    assert "✘ Revoked" in check
    first = certified.revoked_at
    client.post(url, {"reason": "again"})
    certified.refresh_from_db()
    assert certified.revoked_at == first and certified.revoked_because.startswith("Answers")


def test_revoking_needs_a_reason(client, certified, supervisor):
    client.force_login(supervisor)
    client.post(reverse("assessments:revoke", args=[certified.pk]), {"reason": "  "})
    certified.refresh_from_db()
    assert not certified.is_revoked


def test_a_trainee_cannot_revoke(client, certified, trainee):
    client.force_login(trainee)
    response = client.post(reverse("assessments:revoke", args=[certified.pk]), {"reason": "x"})
    assert response.status_code == 403


@pytest.mark.parametrize("typed", ["a/b", "a b", "../x", "é", "a" * 61, "?x=1"])
def test_a_typed_code_that_is_no_code_is_unknown_not_an_error(client, db, typed):
    response = client.get(reverse("assessments:verify-form"), {"code": typed})
    assert response.status_code == 404
    assert "Unknown" in response.content.decode()


def test_a_code_typed_loosely_still_verifies_and_an_old_code_too(client, certified):
    url = reverse("assessments:verify", args=[certified.code])
    # lower case, spaces for hyphens, O for 0 and I for 1, as a reader might type from paper
    loose = certified.code.lower().replace("-", " ").replace("0", "o").replace("1", "i")
    typed = client.get(reverse("assessments:verify-form"), {"code": loose})
    assert typed.status_code == 302 and typed["Location"] == url
    # a code issued before the codes were grouped (URL-safe base64) still verifies as it is
    Certificate.objects.filter(pk=certified.pk).update(code="Zx8_k2-QmW4pLr7TbN9vYa")
    old = client.get(reverse("assessments:verify", args=["Zx8_k2-QmW4pLr7TbN9vYa"]))
    assert old.status_code == 200 and "✔ Valid" in old.content.decode()


def test_a_code_in_the_address_that_is_no_code_is_unknown(client, certified):
    response = client.get(reverse("assessments:verify", args=[f"{certified.code}!"]))
    assert response.status_code == 404 and "Unknown" in response.content.decode()


def test_without_dejavu_the_pdf_falls_back_to_helvetica(client, certified, trainee, monkeypatch):
    from trainer.assessments import pdf

    monkeypatch.setattr(pdf, "DEJAVU", pdf.DEJAVU / "not-installed")
    pdf.fonts.cache_clear()
    try:
        client.force_login(trainee)
        response = client.get(reverse("assessments:certificate-pdf", args=[certified.pk]))
        assert response.content.startswith(b"%PDF")
        assert b"/Helvetica-Bold" in response.content and b"DejaVu" not in response.content
    finally:
        pdf.fonts.cache_clear()
