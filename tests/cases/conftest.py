import html
import re

import pytest

#: a Mississippi Stud hand with every street bet (RULES.md: a pair of queens pays 1 to 1)
HAND = {
    "game": "mississippi-stud",
    "hole": "Q♥ Qs",
    "board": "2c 7d 9s",
    "ante": 1,
    "third": 1,
    "fourth": 2,
    "fifth": 3,
}


def hidden(page: str, name: str) -> str:
    match = re.search(rf'<input type="hidden" name="{name}" value="([^"]*)"', page)
    assert match, f"no hidden {name} in the page"
    return html.unescape(match.group(1))


@pytest.fixture
def rule_and_keep(client):
    """Rule `hand` on the Rule check page, then post its "Save as a case" form with `note`
    (and `extra` fields); return the save's response."""

    def run(hand=HAND, *, house="demo", note="", extra=None, follow=False):
        page = client.post("/rule-check/", {**hand, "house": house}).content.decode()
        form = {"request": hidden(page, "request"), "token": hidden(page, "token"), "note": note}
        return client.post("/cases/save/", {**form, **(extra or {})}, follow=follow)

    return run


@pytest.fixture
def save_form(client):
    """The hidden fields of the "Save as a case" form under a ruling of `hand`."""

    def run(hand=HAND, *, house="demo"):
        page = client.post("/rule-check/", {**hand, "house": house}).content.decode()
        return {"request": hidden(page, "request"), "token": hidden(page, "token")}

    return run


@pytest.fixture
def keep():
    """Save a case through the service (as the save view does), for tests about reading."""
    import json
    import secrets

    from trainer.cases.services import save_case

    def run(user, hand=HAND, *, house="demo", note=""):
        from trainer.engine.catalog import GAMES
        from trainer.rulings.forms import form_for

        form = form_for(GAMES[hand["game"]], {**hand, "house": house}, houses=[user.house])
        assert form.is_valid(), form.errors
        text = json.dumps(form.ruling_request())
        return save_case(user=user, request_text=text, note=note, token=secrets.token_hex(8)).case

    return run
