"""What a person reads: display names from the registries (never a slug), the drills index as a
grid with each drill's situations, words that never split, focus that always shows."""

import re

from django.contrib.staticfiles import finders
from django.template import engines
from django.urls import reverse
from django.utils.html import escape

from trainer.engine.catalog import GAMES
from trainer.engine.drills import REGISTRY


def text_of(html: str) -> str:
    """The page's text as read: tags (and so attribute values) left out."""
    return re.sub(r"<[^>]+>", " ", html)


def test_the_names_filters_read_the_registries():
    template = engines["django"].from_string(
        "{% load names %}{{ kind|drill_title }}|{{ game|game_title }}|{{ kind|drill_game }}"
    )
    for kind in REGISTRY.values():
        html = template.render({"kind": kind.slug, "game": kind.game})
        title, game, game_of_kind = html.split("|")
        assert title == escape(kind.title)
        assert game == game_of_kind != kind.game
    for game in GAMES.values():
        assert template.render({"kind": "", "game": game.slug}).split("|")[1] == game.title


def test_the_drills_index_lists_every_drill_with_its_levels_and_situations(trainee_client):
    html = trainee_client.get(reverse("drills:index")).content.decode()
    # every drill a trainee is offered: the watch drills only once promoted
    offered = [kind for kind in REGISTRY.values() if not kind.watches]
    for kind in REGISTRY.values():
        if kind.watches:
            assert escape(kind.title) not in html
    for kind in offered:
        assert escape(kind.title) in html
        assert escape(kind.mix) in html  # the situations its mix brings up, under the drill
        assert f'<label for="level-{kind.slug}">Level</label>' in html
        for level in kind.levels:
            assert escape(f"{level.number}: {level.name}") in html
    # one start form per drill, posting to the drills' own start
    assert html.count(f'action="{reverse("drills:start")}"') == len(offered)


def test_no_slug_is_shown_on_the_drills_index_or_the_landing_page(trainee_client, trainee):
    from trainer.drills import services

    for kind in ("ms-pay", "cs-settle"):
        session = services.start_session(trainee=trainee, kind=kind, level=1)
    services.end_session(trainee=trainee, session_id=session.pk)
    for url in (reverse("drills:index"), reverse("home")):
        text = text_of(trainee_client.get(url).content.decode())
        for kind in REGISTRY:
            assert not re.search(rf"(?<![\w-]){re.escape(kind)}(?![\w-])", text), (url, kind)


def site_css() -> str:
    with open(finders.find("trainer/site.css")) as f:
        return f.read()


def test_words_and_numbers_never_split():
    """`overflow-wrap: anywhere` split "Answers" and "-17" in narrow cells; break-word only
    wraps a token longer than its whole line."""
    css = site_css()
    assert "anywhere" not in css
    assert "word-break: break-all" not in css


def test_focus_always_shows_and_the_skip_link_leads_to_main(client, db):
    assert re.search(r":focus-visible\s*{[^}]*outline:\s*3px solid", site_css())
    html = client.get("/").content.decode()
    assert html.index('class="skip-link" href="#main"') < html.index("site-header")
    assert '<main id="main"' in html
