"""Browser tests: Playwright for Python driving Debian's Chromium.

`playwright install` is never needed: the tests launch /usr/bin/chromium.  On a machine
without it they are skipped with a message; `.ci/run` sets REQUIRE_BROWSER=1 so that there a
missing browser fails the run instead.
"""

import os
import shutil

import pytest

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


def _missing() -> str | None:
    if not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
        return f"Chromium not found at {CHROMIUM} (apt-get install -y chromium)"
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install -e '.[test]')"
    return None


@pytest.fixture(scope="module")
def browser():
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
    page.set_default_timeout(10_000)
    yield page
    context.close()


@pytest.fixture
def phone(browser, live_server):
    context = browser.new_context(
        base_url=live_server.url,
        viewport={"width": 375, "height": 740},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def sign_in(page, username, password):
    page.goto("/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("button[type=submit]")
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
