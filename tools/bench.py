"""Benchmarks (`make bench`): figures printed, never asserted.  Each reference is measured in
the same run, so the ratio is fair whatever the machine is doing.

    python -m tools.bench              # everything
    python -m tools.bench evaluate     # evaluate_five against treys
    python -m tools.bench rule         # 100,000 mixed requests through `manage.py rule`
    python -m tools.bench audit        # a 100,000-hand log through `manage.py audit`, and rule
    python -m tools.bench sign-in      # a password checked with Argon2, and with PBKDF2
    python -m tools.bench costs        # the audit's cost figures over 1,000,000 stored lines
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from trainer.engine import ALL_CARDS, evaluate_five

ROOT = Path(__file__).resolve().parent.parent


def _best_rate(fn, items, repeats: int = 5) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        fn(items)
        best = min(best, time.perf_counter() - start)
    return len(items) / best


def bench_evaluate(n: int = 200_000) -> None:
    """Single five-card evaluations per second: ours against treys, same hands, same run."""
    try:
        from treys import Card as TreysCard
        from treys import Evaluator
    except ImportError:  # pragma: no cover - treys is a test extra
        print("evaluate: treys is not installed (pip install -e '.[test]')")
        return
    rng = random.Random(1)
    hands = [tuple(rng.sample(ALL_CARDS, 5)) for _ in range(n)]
    # split ahead of time so treys is not charged for slicing
    treys_hands = [
        ([TreysCard.new(c.code) for c in h[:2]], [TreysCard.new(c.code) for c in h[2:]])
        for h in hands
    ]
    evaluator = Evaluator()

    def ours(items):
        for h in items:
            evaluate_five(h)

    def theirs(items):
        evaluate = evaluator.evaluate
        for hole, board in items:
            evaluate(hole, board)

    our_rate = _best_rate(ours, hands)
    treys_rate = _best_rate(theirs, treys_hands)
    print(f"evaluate_five: {our_rate:,.0f} hands/s")
    print(f"treys 0.1.8:   {treys_rate:,.0f} hands/s (Evaluator.evaluate, 5 cards)")
    print(f"ratio:         {our_rate / treys_rate:.2f} (target >= 1.0)")


def mixed_requests(n: int, seed: int = 7) -> list[dict]:
    """`n` valid ruling requests, all five games and every question, from a seed."""
    from trainer.engine.games.banked_stud import rules as banked_stud
    from trainer.engine.games.mississippi_stud import rules as mississippi_stud

    rng = random.Random(seed)
    out: list[dict] = []
    for i in range(n):
        kind = i % 7
        s = rng.randrange(2**32)
        if kind == 0:
            deal = mississippi_stud.deal(s)
            ante = rng.choice((1, 5, 10))
            bets = [ante] + [ante * rng.randint(1, 3) for _ in range(rng.randint(0, 3))]
            out.append(
                {
                    "game": "mississippi-stud",
                    "id": i,
                    "hole": " ".join(map(str, deal.hands[0])),
                    "board": " ".join(map(str, deal.board)),
                    "bets": bets,
                }
            )
        elif kind in (1, 2):
            profile = banked_stud.CARIBBEAN if kind == 1 else banked_stud.CASINO
            deal = banked_stud.deal(s, profile)
            out.append(
                {
                    "game": "caribbean-stud" if kind == 1 else "casino-stud",
                    "id": i,
                    "player": " ".join(map(str, deal.hands[0])),
                    "dealer": " ".join(map(str, deal.dealer)),
                    "ante": rng.choice((1, 5, 25)),
                    "action": rng.choice(("call", "raise", "fold")),
                }
            )
        else:
            cards = list(ALL_CARDS)
            rng.shuffle(cards)
            seats = [str(x) for x in sorted(rng.sample(range(1, 7), rng.randint(2, 6)))]
            if kind == 3:
                hands = {seat: f"{cards[2 * j]} {cards[2 * j + 1]}" for j, seat in enumerate(seats)}
                out.append(
                    {
                        "game": "mississippi-gonorrhea",
                        "id": i,
                        "pot": rng.randint(0, 500),
                        "hands": hands,
                    }
                )
            elif kind == 4:
                out.append(
                    {
                        "game": "english-stud",
                        "id": i,
                        "ask": "bring-in",
                        "up": {seat: str(cards[j]) for j, seat in enumerate(seats)},
                    }
                )
            elif kind == 5:
                street = rng.randint(3, 7)
                count = {3: 1, 4: 2, 5: 3, 6: 4, 7: 4}[street]
                up = {
                    seat: " ".join(map(str, cards[count * j : count * j + count]))
                    for j, seat in enumerate(seats)
                }
                out.append(
                    {
                        "game": "english-stud",
                        "id": i,
                        "ask": "first-to-act",
                        "street": street,
                        "up": up,
                    }
                )
            else:
                hands = {
                    seat: " ".join(map(str, cards[7 * j : 7 * j + 7]))
                    for j, seat in enumerate(seats)
                }
                out.append(
                    {
                        "game": "english-stud",
                        "id": i,
                        "ask": "showdown",
                        "pot": rng.randint(0, 500),
                        "hands": hands,
                    }
                )
    return out


def bench_rule(n: int = 100_000) -> None:
    """Rulings per second through the real command: `manage.py rule --file`."""
    requests = mixed_requests(n)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "requests.jsonl"
        path.write_text("".join(json.dumps(r) + "\n" for r in requests))
        env = {**os.environ, "DEBUG": os.environ.get("DEBUG", "1")}
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, str(ROOT / "manage.py"), "rule", "--file", str(path)],
            capture_output=True,
            text=True,
            env=env,
        )
        elapsed = time.perf_counter() - start
    lines = done.stdout.splitlines()
    errors = sum(1 for line in lines if '"error"' in line)
    print(
        f"manage.py rule: {n:,} mixed requests in {elapsed:.2f} s = {n / elapsed:,.0f} rulings/s "
        f"(target >= 5,000; includes start-up), {len(lines):,} answers, {errors} errors, "
        f"exit {done.returncode}"
    )


def audit_log(n: int, seed: int = 11) -> list[dict]:
    """`n` log lines of the games an audit checks, with what was paid: one in twenty mispaid
    (a chip over or under, or a split pot's chip moved to another seat), from a seed."""
    from trainer.engine import rule
    from trainer.engine.audit import AUDIT_GAMES

    rng = random.Random(seed)
    pool = [r for r in mixed_requests(n * 2, seed) if r.get("ask", "showdown") == "showdown"]
    out: list[dict] = []
    for i, request in enumerate(pool[:n]):
        assert request["game"] in AUDIT_GAMES
        ruling = rule(request)
        paid = ruling.get("net", ruling.get("shares"))
        if rng.random() < 0.05:
            if isinstance(paid, dict):
                seats = list(paid)
                paid = dict(paid)
                if len(seats) > 1 and paid[seats[0]]:
                    paid[seats[0]] -= 1
                    paid[seats[-1]] += 1
                else:
                    paid[seats[0]] += 1
            else:
                paid += rng.choice((-1, 1))
        # `dealer_name`: a banked game's `dealer` is the dealer's cards
        out.append({**request, "paid": paid, "dealer_name": f"D{i % 12}", "table": f"T{i % 8}"})
    return out


def bench_audit(n: int = 100_000) -> None:
    """`manage.py audit` on a log of `n` hands against `manage.py rule` on the same hands."""
    log = audit_log(n)
    env = {**os.environ, "DEBUG": os.environ.get("DEBUG", "1")}
    with tempfile.TemporaryDirectory() as tmp:
        audit_path, rule_path = Path(tmp) / "shift.jsonl", Path(tmp) / "hands.jsonl"
        audit_path.write_text("".join(json.dumps(line) + "\n" for line in log))
        rule_path.write_text(
            "".join(
                json.dumps(
                    {k: v for k, v in line.items() if k not in ("paid", "table", "dealer_name")}
                )
                + "\n"
                for line in log
            )
        )
        timings = {}
        for name, argv in (
            ("audit", ["audit", str(audit_path), "--json"]),
            ("rule", ["rule", "--file", str(rule_path)]),
        ):
            start = time.perf_counter()
            done = subprocess.run(
                [sys.executable, str(ROOT / "manage.py"), *argv],
                capture_output=True,
                text=True,
                env=env,
            )
            timings[name] = (time.perf_counter() - start, done)
    elapsed, done = timings["audit"]
    summary = json.loads(done.stdout.splitlines()[-1])["summary"]
    mispaid = summary["overpaid"] + summary["underpaid"] + summary["misdirected"]
    print(
        f"manage.py audit: {n:,} log lines in {elapsed:.2f} s = {n / elapsed:,.0f} lines/s "
        f"(target < 30 s; includes start-up), {mispaid:,} mispaid, {summary['errors']} errors, "
        f"exit {done.returncode}"
    )
    ruled, done = timings["rule"]
    print(
        f"manage.py rule on the same hands: {ruled:.2f} s (exit {done.returncode}); "
        f"audit / rule = {elapsed / ruled:.2f}"
    )


def bench_audit_upload(sizes: tuple[int, ...] = (10_000, 100_000)) -> None:
    """A log uploaded and audited as the site does it (stored in the database in chunks, then
    streamed through the task worker's service), each size in a process of its own: the peak
    Python memory of auditing the larger must be about that of the smaller (it streams)."""
    peaks = {}
    for n in sizes:
        # the log is written here, so the measured process holds none of its making
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "shift.jsonl"
            with path.open("w") as out:
                for line in audit_log(n):
                    out.write(json.dumps(line) + "\n")
            done = subprocess.run(
                [sys.executable, "-m", "tools.bench", "_audit-upload-one", str(path)],
                capture_output=True,
                text=True,
                cwd=ROOT,
                # as the worker runs in production: DEBUG off (DEBUG keeps every query's SQL,
                # the rows' text included, which would be measured as the audit's memory)
                env={**os.environ, "DEBUG": "0"},
            )
        if done.returncode:
            sys.exit(f"audit upload of {n:,} lines failed:\n{done.stderr[-2000:]}")
        figures = json.loads(done.stdout.splitlines()[-1])
        peaks[n] = figures["peak_mb"]
        print(
            f"audit upload: {n:,} lines ({figures['file_mb']:.1f} MB) stored in "
            f"{figures['stored_s']:.1f} s and audited by the worker's service in "
            f"{figures['audited_s']:.1f} s under tracemalloc ({figures['status']}, "
            f"{figures['rows']:,} rows kept); peak Python memory while auditing "
            f"{figures['peak_mb']:.1f} MB"
        )
    small, large = min(sizes), max(sizes)
    print(
        f"audit upload: peak memory auditing {large:,} lines / {small:,} lines = "
        f"{peaks[large] / peaks[small]:.2f} (streamed: about 1, for {large // small}x the file)"
    )


def _audit_upload_one(log: str) -> None:
    """One size of `bench_audit_upload`, in a throwaway test database; prints its figures."""
    import tracemalloc

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    import django

    django.setup()
    from django.core.files import File
    from django.core.management import call_command
    from django.db import connection
    from django.test.utils import setup_test_environment

    setup_test_environment()
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        from tests.factories import SupervisorFactory
        from trainer.audits import services
        from trainer.audits.models import AuditReport
        from trainer.houses.models import House

        call_command("loaddata", "demo_house", verbosity=0)
        house = House.objects.get(slug="demo")
        supervisor = SupervisorFactory(house=house, username="bench-auditor")
        path = Path(log)
        size = path.stat().st_size
        start = time.perf_counter()
        with path.open("rb") as handle:
            report = services.store_log(
                house=house,
                user=supervisor,
                upload=File(handle, name="shift.jsonl"),
                format=AuditReport.Format.JSONL,
            )
        stored = time.perf_counter() - start
        # Python's own allocations while the worker's service audits: what grows if anything
        # is held per line (the process's RSS also holds the in-memory test database, which
        # holds the log by design)
        tracemalloc.start()
        start = time.perf_counter()
        services.run_audit(report.pk, report.attempt)
        audited = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
        report.refresh_from_db()
        print(
            json.dumps(
                {
                    "file_mb": size / 2**20,
                    "stored_s": stored,
                    "audited_s": audited,
                    "status": report.status,
                    "rows": report.lines.count(),
                    "peak_mb": peak,
                }
            )
        )
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def bench_review(trainees: int = 100, each: int = 1_000) -> None:
    """Render time of the supervisor's Trainees table for a house of `trainees` trainees with
    `each` attempts apiece, in a throwaway test database (SQLite, or DATABASE_URL's server)."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import setup_test_environment

    setup_test_environment()
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        from tests.factories import SupervisorFactory, TraineeFactory
        from trainer.houses.models import House
        from trainer.progress.seeding import seed_attempts
        from trainer.progress.views import trainee_rows

        call_command("loaddata", "demo_house", verbosity=0)
        house = House.objects.get(slug="demo")
        start = time.perf_counter()
        for n in range(trainees):
            seed_attempts(TraineeFactory(house=house, username=f"bench{n}"), each, seed=n)
        seeded = time.perf_counter() - start
        supervisor = SupervisorFactory(house=house, username="bench-supervisor")
        client = Client()
        client.force_login(supervisor)
        client.get("/progress/trainees/")  # warm up
        runs = []
        for _ in range(3):
            start = time.perf_counter()
            response = client.get("/progress/trainees/")
            runs.append(time.perf_counter() - start)
            assert response.status_code == 200
        start = time.perf_counter()
        trainee_rows(supervisor, {})
        rows_only = time.perf_counter() - start
        print(
            f"review table: {trainees} trainees x {each:,} attempts "
            f"({connection.vendor}; seeded in {seeded:.1f} s): page {min(runs) * 1000:.0f} ms "
            f"best of 3 (median {sorted(runs)[1] * 1000:.0f} ms); figures alone "
            f"{rows_only * 1000:.0f} ms"
        )
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def bench_designer(rounds: int = 5) -> None:
    """Server time of opening the games manager's designer of each paid game, before the
    game's counts are built (the edge follows by htmx once they are), against the desk's
    landing page (the reference) in the same throwaway test database; best of `rounds`.
    The target: the designer opens in under half a second."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import setup_test_environment

    from trainer.engine.catalog import paid_games

    setup_test_environment()
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        from tests.factories import ManagerFactory
        from trainer.houses.models import House

        call_command("loaddata", "demo_house", verbosity=0)
        client = Client()
        client.force_login(ManagerFactory(house=House.objects.get(slug="demo")))

        def best(url: str) -> float:
            client.get(url)  # warm up
            runs = []
            for _ in range(rounds):
                start = time.perf_counter()
                assert client.get(url).status_code == 200, url
                runs.append(time.perf_counter() - start)
            return min(runs)

        reference = best("/desk/")
        for game in paid_games():
            took = best(f"/desk/games/{game.slug}/design/")
            print(
                f"designer of {game.title}, best of {rounds}: {took * 1000:.0f} ms "
                f"(target under 500 ms); the desk's landing page {reference * 1000:.0f} ms: "
                f"{took / reference:.2f}x it"
            )
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def bench_sign_in(rounds: int = 5) -> None:
    """Server time of checking one password at sign-in: Argon2 (the site's hasher) against
    PBKDF2 at Django's full iteration count (Django's default, the reference), best of
    `rounds`, in this process."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "trainer.settings")
    os.environ.setdefault("DEBUG", "1")
    import django

    django.setup()
    from django.contrib.auth.hashers import check_password, get_hasher

    cpu, wall = {}, {}
    for name in ("argon2", "pbkdf2_sha256"):
        encoded = get_hasher(name).encode("correct horse battery", get_hasher(name).salt())
        runs = []
        for _ in range(rounds):
            start, started = time.process_time(), time.perf_counter()
            assert check_password("correct horse battery", encoded, preferred=name)
            runs.append((time.process_time() - start, time.perf_counter() - started))
        cpu[name], wall[name] = min(r[0] for r in runs), min(r[1] for r in runs)
    print(
        f"sign-in password check, best of {rounds}: Argon2 {cpu['argon2'] * 1000:.0f} ms CPU "
        f"({wall['argon2'] * 1000:.0f} ms wall), PBKDF2 at Django's default, the reference, "
        f"{cpu['pbkdf2_sha256'] * 1000:.0f} ms CPU ({wall['pbkdf2_sha256'] * 1000:.0f} ms "
        f"wall): {cpu['argon2'] / cpu['pbkdf2_sha256']:.2f} of its CPU, "
        f"{wall['argon2'] / wall['pbkdf2_sha256']:.2f} of its wait"
    )


def bench_costs(lines: int = 1_000_000) -> None:
    """CPU of the audit's cost page figures (`trainer.audits.costs`: every grouping, the weeks,
    the hands) over `lines` stored mispaid lines of one house, on a SQLite file, against a
    reference in the same run: one pass of the database adding up the same lines' money
    (the least any figure over them could cost).  The issue's target: under 1 s of CPU."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    import django

    django.setup()
    import datetime as dt
    import itertools
    from zoneinfo import ZoneInfo

    from django.core.management import call_command
    from django.db import connection, transaction
    from django.utils import timezone

    if connection.vendor != "sqlite":
        print(f"costs: measured on SQLite only (this run's database is {connection.vendor})")
        return
    folder = tempfile.mkdtemp(prefix="costs-bench-")
    connection.settings_dict.setdefault("TEST", {})["NAME"] = str(Path(folder) / "costs.sqlite3")
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        from trainer.audits.costs import Selection, costs
        from trainer.audits.models import AuditLine, AuditReport, on_house_clock
        from trainer.houses.models import House

        call_command("loaddata", "demo_house", verbosity=0)
        house = House.objects.get(slug="demo")
        report = AuditReport.objects.create(
            house=house, name="bench.jsonl", format="jsonl", status="done", total=lines,
            summary={"hands": lines * 10, "errors": 0},
        )  # fmt: skip
        rng = random.Random(5)
        games = ["mississippi-stud", "caribbean-stud", "mississippi-gonorrhea"]
        situations = [f"situation {n}" for n in range(40)]
        start = timezone.now() - dt.timedelta(days=365)
        columns = ["report_id", "number", "verdict", "game", "dealer", "table", "situation"]
        columns += ["difference", "overpaid", "underpaid", "version", "at", "result", "raw"]
        columns += ["day", "week", "minute"]
        zone = ZoneInfo(house.time_zone)
        table = AuditLine._meta.db_table
        insert = (
            f"INSERT INTO {table} ({', '.join(connection.ops.quote_name(c) for c in columns)}) "
            f"VALUES ({', '.join('%s' for _ in columns)})"
        )
        numbers = itertools.count(1)
        made = time.perf_counter()
        for _ in range(0, lines, 50_000):
            rows = []
            for _ in range(50_000):
                over = rng.random() < 0.6
                money = rng.randint(1, 500)
                when = start + dt.timedelta(seconds=rng.randint(0, 365 * 86_400))
                clock = on_house_clock(when, zone)
                rows.append((report.pk, next(numbers), "overpaid" if over else "underpaid",
                             rng.choice(games), f"D{rng.randint(1, 300)}",
                             f"T{rng.randint(1, 60)}", rng.choice(situations),
                             money if over else -money, money if over else 0,
                             0 if over else money, "", when, "{}", "",
                             clock["day"], clock["week"], clock["minute"]))  # fmt: skip
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.executemany(insert, rows)
        made = time.perf_counter() - made
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")

        def cpu(fn) -> float:
            best = float("inf")
            for _ in range(3):
                begin = time.process_time()
                fn()
                best = min(best, time.process_time() - begin)
            return best

        def reference():
            with connection.cursor() as cursor:
                cursor.execute(f"SELECT COUNT(*), SUM(overpaid), SUM(underpaid) FROM {table}")
                cursor.fetchall()

        everything = cpu(lambda: costs(Selection(house=house)))
        month = Selection(house=house, start=(start + dt.timedelta(days=100)).date(),
                          end=(start + dt.timedelta(days=130)).date())  # fmt: skip
        a_month = cpu(lambda: costs(month))
        floor = cpu(reference)
        print(
            f"costs: {lines:,} stored lines (SQLite file; stored in {made:.0f} s): every figure "
            f"{everything:.2f} CPU-s (target under 1 s), a month of them {a_month:.2f} CPU-s; "
            f"one pass adding up their money {floor:.2f} CPU-s; ratio {everything / floor:.1f}x"
        )
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        shutil.rmtree(folder, ignore_errors=True)


BENCHES = {
    "evaluate": bench_evaluate,
    "rule": bench_rule,
    "audit": bench_audit,
    "audit-upload": bench_audit_upload,
    "review": bench_review,
    "designer": bench_designer,
    "sign-in": bench_sign_in,
    "costs": bench_costs,
}


def main(argv: list[str]) -> None:
    if argv[:1] == ["_audit-upload-one"]:
        _audit_upload_one(argv[1])
        return
    names = argv or list(BENCHES)
    for name in names:
        if name not in BENCHES:
            sys.exit(f"unknown benchmark {name!r}; choose from {', '.join(BENCHES)}")
        BENCHES[name]()


if __name__ == "__main__":
    main(sys.argv[1:])
