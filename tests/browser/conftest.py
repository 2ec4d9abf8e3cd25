"""Browser tests: Playwright for Python driving Debian's Chromium.

`playwright install` is never needed: the tests launch /usr/bin/chromium.  On a machine
without it they are skipped with a message; `.ci/run` sets REQUIRE_BROWSER=1 so that there a
missing browser fails the run instead.

No test depends on the machine's speed: every step waits on a condition (a selector, a URL, a
load state), and the one limit each wait keeps, `WAIT_MS`, is far beyond what an idle machine
needs (a page here answers in well under a second), so that a machine many times busier
still passes.  Screenshots are taken only when asked for (`SCREENSHOTS=dir`): they prove
nothing a test asserts, and full-page captures are much of a browser test's cost.
"""

import os
import shutil
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


#: the phone's screen in CSS pixels, as the site's narrow layout is measured on it
PHONE = {"width": 390, "height": 844}

#: how long any one wait may take before the test fails: 60 s, for a machine six or more times
#: busier than an idle one (Playwright's own default is 30 s; the tests used to set 10 s)
WAIT_MS = 60_000
#: where screenshots go, if anywhere: `SCREENSHOTS=build/screenshots make test` for a reviewer
SCREENSHOTS = Path(os.environ["SCREENSHOTS"]) if os.environ.get("SCREENSHOTS") else None


def screenshot(target, name: str, **options) -> None:
    """Photograph `target` (a page or a locator) as SCREENSHOTS/name, when SCREENSHOTS is set."""
    if SCREENSHOTS is None:
        return
    path = SCREENSHOTS / name
    path.parent.mkdir(parents=True, exist_ok=True)
    target.screenshot(path=str(path), **options)


def _missing() -> str | None:
    if not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
        return f"Chromium not found at {CHROMIUM} (apt-get install -y chromium)"
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install -e '.[test]')"
    return None


@pytest.fixture(scope="session")
def browser():
    """One Chromium for the test session (per xdist worker); each test has its own context."""
    problem = _missing()
    if problem:
        if os.environ.get("REQUIRE_BROWSER"):
            pytest.fail(f"browser tests are required here: {problem}")
        pytest.skip(problem)
    from playwright.sync_api import sync_playwright

    # Playwright's sync API keeps an event loop in this thread; the ORM calls the tests make
    # to set up and check data are still synchronous and safe.  Only while browsers run.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
            yield browser
            browser.close()
    finally:
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)


@pytest.fixture(autouse=True)
def transactional_roles(roles):
    """The live server answers from another thread, so every test here is transactional."""


@pytest.fixture
def page(browser, live_server):
    context = browser.new_context(base_url=live_server.url)
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    yield page
    context.close()


@pytest.fixture
def phone(browser, live_server):
    """A 390x844 touch screen (a current iPhone's CSS pixels).  Its pixels are drawn at a
    phone's density (2) only when screenshots are asked for: no test reads pixels (boxes and
    widths are CSS pixels, the same at any density), and drawing four times the pixels is much
    of a phone page's cost."""
    context = browser.new_context(
        base_url=live_server.url,
        viewport=PHONE,
        device_scale_factor=2 if SCREENSHOTS else 1,
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    yield page
    context.close()


def sign_in(page, username, password):
    page.goto("/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("main button[type=submit]")  # the sign-in form's, not the header's switch
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
