"""The round pages: deal, answer step by step without JavaScript and with htmx, the summary;
who may see which round."""

from __future__ import annotations

import re
import threading
from html import unescape

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from tests.factories import right_answer, wrong_answer
from tests.rounds.conftest import deal, steps
from trainer.drills.models import Attempt
from trainer.rounds import services


def _post(client, row, data, **headers):
    return client.post(reverse("rounds:answer", args=[row.round_id, row.number]), data, **headers)


def test_a_round_is_dealt_and_answered_step_by_step_with_full_page_loads(trainee_client, trainee):
    page = trainee_client.get(reverse("rounds:index"))
    assert page.status_code == 200 and b"Deal a round" in page.content
    response = trainee_client.post(
        reverse("rounds:start"), {"game": "casino-stud", "level": 1, "players": 3}
    )
    played = trainee.rounds.get()
    assert response.status_code == 302 and response.url == reverse("rounds:round", args=[played.pk])
    rows = steps(played)
    for row in rows:
        page = trainee_client.get(reverse("rounds:round", args=[played.pk]))
        html = page.content.decode()
        assert f"Step {row.number} of {len(rows)}" in html
        assert 'name="where"' in html or row.step["where"] is None
        response = _post(trainee_client, row, right_answer(row.question))
        assert response.status_code == 302
    assert response.url == reverse("rounds:summary", args=[played.pk])
    summary = trainee_client.get(response.url).content.decode()
    assert f"Steps right</dt><dd>{len(rows)} of {len(rows)}" in summary
    assert "Time against pace" in summary and "50 rounds an hour" in summary


def test_htmx_swaps_the_round_and_shows_the_step_answered_beside_the_next(trainee_client, trainee):
    played = deal(trainee)
    first, second = steps(played)[:2]
    raw = {**right_answer(first.question), "where": first.step["pending"][1]}
    response = _post(trainee_client, first, raw, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="drill")
    html = response.content.decode()
    assert response.status_code == 200 and html.lstrip().startswith('<div id="drill"')
    # two folds' Antes taken alike: the seat acted on is settled right, out of order
    assert "Step 1: out of order; paid right" in html and "Settling out of order" in html
    assert (
        f"Step 2 of {played.steps_total}" in html
        and f'data-question="{second.question_id}"' in html
    )


def test_a_malformed_amount_comes_back_beside_its_field_and_nothing_is_stored(
    trainee_client, trainee
):
    played = deal(trainee)
    row = steps(played)[0]
    raw = {**right_answer(row.question), "ante.amount": "five"}
    response = _post(trainee_client, row, raw)
    assert response.status_code == 400
    assert "Enter the amount as a whole number of chips" in response.content.decode()
    assert not Attempt.objects.filter(question=row.question).exists()


#: a round id or step number no database row can have
HUGE = 10**25


@pytest.mark.parametrize(
    ("case", "status", "words"),
    [
        ("a step beyond the round", 404, None),
        ("a step number beyond 16 bits", 404, None),
        ("a round id beyond 64 bits", 404, None),
        ("a step of another trainee's round", 404, None),  # as a missing one
        ("a step out of turn", 409, "Step 1 is the one on the table"),
        ("a step after the round was stopped", 409, "This round is over"),
        ("an amount of 5,000 digits", 400, "larger than any payout"),
        ("an amount that is no number", 400, "Enter the amount as a whole number of chips"),
        ("a negative amount", 400, "The amount cannot be negative"),
        ("the step's question posted as a drill's", 403, "This question is a step of a round"),
    ],
)
def test_a_forged_or_stale_step_post_is_refused_in_words_and_stores_nothing(
    trainee_client, trainee, other_trainee, case, status, words
):
    played = deal(trainee)
    first, second = steps(played)[:2]
    data = right_answer(first.question)
    url = reverse("rounds:answer", args=[played.pk, 1])
    amount = next(f["name"] for f in first.question.fields if f["kind"] == "amount")
    if case == "a step beyond the round":
        url = reverse("rounds:answer", args=[played.pk, 99])
    elif case == "a step number beyond 16 bits":
        url = reverse("rounds:answer", args=[played.pk, 70_000])
    elif case == "a round id beyond 64 bits":
        url = reverse("rounds:answer", args=[HUGE, 1])
    elif case == "a step of another trainee's round":
        theirs = deal(other_trainee)
        url = reverse("rounds:answer", args=[theirs.pk, 1])
        assert trainee_client.get(reverse("rounds:round", args=[theirs.pk])).status_code == 404
    elif case == "a step out of turn":
        url, data = reverse("rounds:answer", args=[played.pk, 2]), right_answer(second.question)
    elif case == "a step after the round was stopped":
        trainee_client.post(reverse("rounds:stop", args=[played.pk]))
    elif case == "the step's question posted as a drill's":
        url = reverse("drills:answer", args=[first.question_id])
    else:
        data[amount] = {"an amount of 5,000 digits": "9" * 5000, "a negative amount": "-5"}.get(
            case, "💥"
        )
    response = trainee_client.post(url, data)
    assert response.status_code == status
    if words:
        assert words in response.content.decode()
    assert not Attempt.objects.exists()
    played.refresh_from_db()
    assert played.steps_answered == 0


def test_a_replayed_step_keeps_its_first_answer_after_the_round_ended_and_a_wild_time_is_none(
    trainee_client, trainee
):
    played = deal(trainee)
    first = steps(played)[0]
    # a browser time of 5,000 digits is no time: the server's stands
    answered = _post(trainee_client, first, {**right_answer(first.question), "took_ms": "9" * 5000})
    assert answered.status_code == 302
    trainee_client.post(reverse("rounds:stop", args=[played.pk]))
    again = _post(trainee_client, first, wrong_answer(first.question), follow=True)
    assert again.redirect_chain[-1][0] == reverse("rounds:summary", args=[played.pk])
    assert "Step 1 was already answered: the first answer stands." in again.content.decode()
    attempt = Attempt.objects.get()
    assert attempt.is_correct and attempt.response_ms < 60_000
    played.refresh_from_db()
    assert (played.steps_answered, played.steps_right) == (1, 1)


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    connection.vendor == "sqlite",
    reason="SQLite allows one writer at a time by locking the whole database: two posts "
    "cannot overlap there (a replay in sequence is tested above); the test runs on PostgreSQL",
)
@pytest.mark.parametrize("posts", ["the same step", "the step and the next"])
def test_two_posts_of_a_round_at_the_same_moment(roles, demo, trainee, monkeypatch, posts):
    """Two tabs post steps of one round at once, both past the page's checks before either
    writes (the barrier): the same step gets one attempt (the other post a replay); of a step
    and the next, the next is refused (its step was not yet answered when it read the
    round) or answered after it, never both out of order; neither post fails."""
    played = deal(trainee)
    first, second = steps(played)[:2]
    rows = [first, first] if posts == "the same step" else [first, second]
    barrier = threading.Barrier(2, timeout=30)
    answer_step = services.answer_step

    def at_once(**kwargs):
        barrier.wait()  # both past the page's checks, neither written yet
        return answer_step(**kwargs)

    monkeypatch.setattr(services, "answer_step", at_once)
    responses, errors = [], []

    def post(row):
        try:
            client = Client()
            client.force_login(trainee)
            responses.append(_post(client, row, right_answer(row.question)))
        except Exception as exc:  # noqa: BLE001 -- reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=post, args=(row,)) for row in rows]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert sorted(r.status_code for r in responses) in ([302, 302], [302, 409])
    played.refresh_from_db()
    answered = list(
        Attempt.objects.filter(question__round_step__round=played).values_list(
            "question__round_step__number", flat=True
        )
    )
    assert sorted(answered) == list(range(1, played.steps_answered + 1))
    assert played.steps_answered == (1 if posts == "the same step" else len(answered))


@pytest.mark.parametrize(
    ("who", "status"),
    [("trainee", 200), ("supervisor", 200), ("other_trainee", 404), ("other_supervisor", 404)],
)
def test_a_trainee_sees_their_own_rounds_and_supervisors_their_trainees(
    request, client, trainee, who, status
):
    played = deal(trainee)
    for row in steps(played)[:2]:
        from tests.rounds.conftest import answer

        answer(trainee, row)
    client.force_login(request.getfixturevalue(who))
    response = client.get(reverse("rounds:summary", args=[played.pk]))
    assert response.status_code == status
    if status == 200:
        html = response.content.decode()
        assert html.count('class="round-step right"') == 2
        assert html.count('class="round-step not-answered"') == played.steps_total - 2


def test_a_supervisor_lists_a_trainees_rounds_and_the_progress_page_links_them(
    client, supervisor, trainee, stranger
):
    deal(trainee)
    client.force_login(supervisor)
    url = reverse("rounds:trainee", args=[trainee.pk])
    page = client.get(url).content.decode()
    assert "Caribbean Stud, level 1, 4 players" in page
    assert url in client.get(reverse("progress:trainee", args=[trainee.pk])).content.decode()
    assert client.get(reverse("rounds:trainee", args=[stranger.pk])).status_code == 404


def test_stopping_a_round_leaves_its_steps_unanswered_and_counted_nowhere(trainee_client, trainee):
    played = deal(trainee)
    response = trainee_client.post(reverse("rounds:stop", args=[played.pk]))
    assert response.url == reverse("rounds:summary", args=[played.pk])
    played.refresh_from_db()
    assert played.is_finished and played.steps_answered == 0
    page = trainee_client.get(reverse("rounds:round", args=[played.pk]))
    assert page.status_code == 302


def test_the_start_form_refuses_a_table_the_game_cannot_seat(trainee_client, trainee):
    response = trainee_client.post(
        reverse("rounds:start"), {"game": "mississippi-gonorrhea", "level": 1, "players": 1}
    )
    assert response.status_code == 400
    assert re.search(
        r"Mississippi Gonorrhea deals a round to 2 to 8 players", response.content.decode()
    )
    assert not trainee.rounds.exists()


def test_the_rulebook_gives_each_games_rounds_an_hour():
    from tests.docs.markdown import table_rows
    from trainer.engine.catalog import round_games

    rows = {row[0]: row[1:] for row in table_rows("rulebook.md", section="Dealing the round")}
    for entry in round_games():
        assert rows[entry.title][0] == str(entry.round_procedure().rounds_per_hour), entry.slug


def test_under_htmx_a_malformed_answer_is_swapped_in_and_a_stale_one_reloads_the_round(
    trainee_client, trainee
):
    played = deal(trainee)
    first, second = steps(played)[:2]
    raw = {**right_answer(first.question), "ante.amount": "five"}
    htmx = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "drill"}
    response = _post(trainee_client, first, raw, **htmx)
    assert response.status_code == 200  # htmx swaps only a 2xx response
    assert "Enter the amount as a whole number of chips" in response.content.decode()
    stale = _post(trainee_client, second, right_answer(second.question), **htmx)
    assert stale["HX-Redirect"] == reverse("rounds:round", args=[played.pk])
    assert not Attempt.objects.exists()


def test_a_games_manager_sets_the_houses_rounds_an_hour_in_the_admin(client, manager, demo):
    from trainer.rounds.models import RoundPace

    client.force_login(manager)
    url = reverse("admin:rounds_roundpace_add")
    page = client.get(url).content.decode()
    assert "The defaults: Mississippi Stud 40" in page
    data = {"house": demo.pk, "game": "english-stud", "rounds_per_hour": 30}
    assert client.post(url, data).status_code == 302
    assert RoundPace.objects.get(house=demo, game="english-stud").rounds_per_hour == 30
    again = client.post(url, {**data, "rounds_per_hour": 20}).content.decode()
    assert "already deals English Stud at 30 rounds an hour" in again
    too_fast = client.post(url, {**data, "game": "casino-stud", "rounds_per_hour": 500})
    assert "less than or equal to 200" in too_fast.content.decode()


def test_a_perfect_rounds_summary_is_a_table_of_steps_each_title_once_its_reasons_folded(
    trainee_client, trainee
):
    from collections import Counter

    from tests.rounds.conftest import answer
    from trainer.engine.drills import REGISTRY

    played = deal(trainee)
    rows = steps(played)
    for row in rows:
        answer(trainee, row)
    html = trainee_client.get(reverse("rounds:summary", args=[played.pk])).content.decode()
    assert html.count('<tr class="round-step right"') == len(rows)
    titles = Counter(REGISTRY[row.question.kind].title for row in rows)
    for title, count in titles.items():
        assert html.count(f"({title}: ") == count  # once a step, not in a heading again
    assert "<details>" in html and "<details open" not in html  # the reasons folded
    assert html.count("</span> Right</strong>") == len(rows)


def test_a_step_asking_where_to_act_says_its_answer_settles_the_seat_chosen_marked_on_the_felt(
    trainee_client, trainee
):
    played = deal(trainee, "mississippi-stud", players=3, seed=5)
    row = steps(played)[0]
    html = trainee_client.get(reverse("rounds:round", args=[played.pk])).content.decode()
    assert 'aria-describedby="acts-on-1"' in html
    said = unescape(re.search(r'<p class="acts-on" id="acts-on-1">(.*?)</p>', html, re.S)[1])
    assert "choose where you act next" in said and row.step["order"] in said
    for seat in played.dealt["seats"]:  # each seat's place, marked once it is chosen
        assert f'data-seat="{seat}"' in html and f'name="where" value="{seat}"' in html


def test_the_summary_names_the_place_each_step_acts_on(trainee_client, trainee):
    played = deal(trainee)
    html = trainee_client.get(reverse("rounds:summary", args=[played.pk])).content.decode()
    for row in steps(played):
        place = row.step["where"]
        said = "The dealer's hand" if place == "dealer" else f"Seat {place}"
        assert f'<strong class="step-place">{said}</strong>' in unescape(html)
