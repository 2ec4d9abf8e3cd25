"""Two saves at once must not take the same case number.

The number comes from the house's counter row, moved on by one UPDATE inside the saving
transaction: the second transaction waits on that row and reads the number after the first's.
(A number taken as "the largest so far plus one" would give both saves the same one; the
unique constraint on (house, number) would then refuse the second.)
"""

import json
import threading

import pytest
from django.db import connection

from trainer.cases import services
from trainer.cases.models import Case, CaseCounter

#: a Mississippi Stud request, as RULING_API.md writes one
REQUEST = {
    "game": "mississippi-stud",
    "house": "demo",
    "hole": "Qh Qs",
    "board": "2c 7d 9s",
    "bets": [1, 1, 2, 3],
}
#: enough saves at once to overlap on any machine; each is a ruling and three writes
SAVES = 8


def test_the_counter_row_is_what_numbers_a_houses_cases(demo, supervisor, keep):
    keep(supervisor)
    # a counter moved on elsewhere (say, by a save that committed a moment ago) is obeyed
    CaseCounter.objects.filter(house=demo).update(last_number=41)
    assert keep(supervisor).number == 42


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    connection.vendor == "sqlite",
    reason="SQLite allows one writer at a time by locking the whole database: nothing "
    "can run at once; the test runs on PostgreSQL",
)
def test_saves_at_the_same_moment_take_different_numbers(roles, demo, supervisor):
    barrier = threading.Barrier(SAVES)
    errors = []

    def save(n):
        try:
            barrier.wait()
            services.save_case(
                user=supervisor,
                request_text=json.dumps(REQUEST),
                note="",
                token=f"at-once-{n}",
            )
        except Exception as exc:  # noqa: BLE001 -- reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=save, args=(n,)) for n in range(SAVES)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert sorted(Case.objects.values_list("number", flat=True)) == list(range(1, SAVES + 1))
