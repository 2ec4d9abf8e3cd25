"""Load test (`make load`): trainees signing in and answering drills against gunicorn and
PostgreSQL on this machine, the same load against the floor at the same time, then a check
that the database stored exactly what was acknowledged.  Figures are printed; only lost or doubled
attempts and errors fail the run.

    python -m tools.load                      # 50 trainees, 60 seconds, then the floor
    python -m tools.load --users 10 --seconds 10 --no-floor
    python -m tools.load --language es           # every trainee reading Spanish
    python -m tools.load --database-url postgres://postgres@127.0.0.1:5432/trainer_load

The database named in --database-url is dropped and created again: give it one of its own.
Everything runs on loopback addresses only.  The trainees are Locust users (tools.trainees,
run headless in a process of their own); the floor is tools.floor, the least an answer cycle
must do on the same stack (same settings, middleware, session engine, database server and
gunicorn workers; only the two views of the cycle differ), on a copy of the database.  A cycle
is one request for the product (the answer's response carries the next question, which the
drill page shows without asking again) and two for the floor (the answer, then the next).  Both
run at once: CPU per answer on a shared machine moves by half between one minute and the
next (the floor measured 13 ms a cycle in one run and 7 in another), and both meeting the
same minute is what makes the ratio of the product's CPU per answer to the floor's hold.
Their latency and answers/s are therefore those of each beside the other.
"""

from __future__ import annotations

import argparse
import http.client
import importlib.util
import ipaddress
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/trainer_load"
#: the trainees of the product's run and of the floor's (each run signs in its own)
PRODUCT, FLOOR = "load-trainee-", "floor-trainee-"

#: the load offered by default: the first target (150 answers/s) and a tenth more.  That
#: absolute target is withdrawn (machines differ by twice; the floor alone reaches about 120
#: cycles/s on the 2-core machine), but a steady offered load keeps runs comparable.
OFFERED_ANSWERS_PER_SECOND = 165
#: the product's CPU per answer cycle may be at most this many times the floor's (one
#: request a cycle; 1.2 while the product took two)
TARGET_FLOOR_RATIO = 1.0

LOOPBACK_NAMES = {"localhost"}


# -- the environment of the server and its set-up commands --------------------------------


def is_loopback(host: str) -> bool:
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def server_environment(database_url: str, settings: str = "trainer.settings") -> dict[str, str]:
    """Production settings, except TLS: plain http on loopback, so no secure cookies."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "PYTEST"))}
    env.update(
        DJANGO_SETTINGS_MODULE=settings,
        DATABASE_URL=database_url,
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1",
        SECURE_SSL_REDIRECT="0",
        SESSION_COOKIE_SECURE="0",
        CSRF_COOKIE_SECURE="0",
        SECURE_HSTS_SECONDS="0",
        # longer than the measured minute, so no connection closes (and takes its PostgreSQL
        # backend's CPU time out of the accounting) in the middle of it
        CONN_MAX_AGE="300",
        LOG_LEVEL="WARNING",
    )
    return env


def run_step(title: str, args: list[str], env: dict[str, str], *, timeout: float = 300) -> str:
    started = time.perf_counter()
    done = subprocess.run(
        args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )
    if done.returncode != 0:
        sys.stderr.write(done.stdout + done.stderr)
        raise SystemExit(f"load: {title} failed (exit {done.returncode})")
    print(f"  {title}: {time.perf_counter() - started:.1f} s")
    return done.stdout


def recreate_database(database_url: str, template: str | None = None) -> None:
    """Drop the database and create it again, empty or as a copy of `template`."""
    import psycopg
    from psycopg import sql

    parts = urlsplit(database_url)
    name = parts.path.lstrip("/")
    if not name or name in {"postgres", "template0", "template1"}:
        raise SystemExit(f"load: give the load test a database of its own, not {name!r}")
    maintenance = parts._replace(path="/postgres").geturl()
    with psycopg.connect(maintenance, autocommit=True, connect_timeout=5) as conn:
        conn.execute(
            sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
        )
        create = sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name))
        if template:
            create += sql.SQL(" TEMPLATE {}").format(sql.Identifier(template))
        conn.execute(create)


# one password hash for every trainee: hashing 50 passwords would only slow the set-up down.
# Every trainee reads the language given ("" for none chosen: the browser's, English here, as
# Locust sends no Accept-Language), a language of settings.LANGUAGES.
CREATE_TRAINEES = """
import sys
from django.conf import settings
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import Group
from trainer.houses.models import House, User
from trainer.houses.roles import TRAINEE
users, password, language, prefixes = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4:]
if language and language not in dict(settings.LANGUAGES):
    sys.exit(f"{language!r} is not a language of the site: {', '.join(dict(settings.LANGUAGES))}")
house = House.objects.get(slug="demo")
hashed = make_password(password)
names = [f"{prefix}{i:03d}" for prefix in prefixes for i in range(users)]
User.objects.bulk_create(
    [User(username=name, house=house, password=hashed, language=language) for name in names]
)
Group.objects.get(name=TRAINEE).user_set.add(*User.objects.filter(username__in=names))
"""


def set_up(
    database_url: str,
    users: int,
    password: str,
    env: dict[str, str],
    prefixes: list[str],
    language: str = "",
) -> None:
    python = sys.executable
    print("set-up")
    started = time.perf_counter()
    recreate_database(database_url)
    print(f"  drop and create the database: {time.perf_counter() - started:.1f} s")
    run_step("migrate", [python, "manage.py", "migrate", "--noinput"], env)
    run_step("createcachetable", [python, "manage.py", "createcachetable"], env)
    run_step("seed_demo (house demo)", [python, "manage.py", "seed_demo"], env)
    script = [
        python, "-c", _django_script(CREATE_TRAINEES), str(users), password, language, *prefixes
    ]  # fmt: skip
    run_step(f"{users} trainees for each of {len(prefixes)} runs", script, env)
    run_step("collectstatic", [python, "manage.py", "collectstatic", "--noinput"], env)


def _django_script(body: str) -> str:
    return "import django\ndjango.setup()\n" + body


# -- gunicorn -------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_command(server: str, port: int, workers: int) -> list[str]:
    """gunicorn with sync workers (as make serve), or granian's WSGI server with one
    blocking thread per worker process, each serving trainer.wsgi."""
    if server == "granian":
        return [
            sys.executable,
            "-m",
            "granian",
            "--interface",
            "wsgi",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--workers",
            str(workers),
            "--blocking-threads",
            "1",
            "--no-ws",
            "--log-level",
            "warning",
            "trainer.wsgi:application",
        ]
    return [
        sys.executable,
        "-m",
        "gunicorn",
        "trainer.wsgi:application",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(workers),
        "--worker-class",
        "sync",
        "--keep-alive",
        "0",
        "--backlog",
        "512",
        "--error-logfile",
        "-",
    ]


def start_server(env: dict[str, str], args: list[str], port: int, log: Path) -> subprocess.Popen:
    out = log.open("w")
    server = subprocess.Popen(
        args, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"load: the server exited at start:\n{log.read_text()}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/accounts/login/", headers={"Host": "127.0.0.1"})
            status = conn.getresponse().status
            conn.close()
            if status == 200:
                return server
        except OSError:
            pass
        time.sleep(0.2)
    stop_server(server)
    raise SystemExit(f"load: the server did not answer within 30 s:\n{log.read_text()}")


def stop_server(server: subprocess.Popen) -> None:
    if server.poll() is not None:
        return
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait(timeout=5)


# -- one run: a server, its trainees, its figures -------------------------------------------


@dataclass
class Run:
    """One load run against one server, with what its trainees reported."""

    title: str
    prefix: str
    settings: str
    log: Path
    database_url: str
    server: str = "gunicorn"
    figures: dict = field(default_factory=dict)
    stored: int = 0
    doubled: int = 0
    mismatched: list[str] = field(default_factory=list)

    @property
    def database(self) -> str:
        return urlsplit(self.database_url).path.lstrip("/")

    @property
    def tallies(self) -> list[dict]:
        return self.figures.get("tallies", [])

    @property
    def answered(self) -> int:
        return sum(t["answered"] for t in self.tallies)

    @property
    def errors(self) -> list[str]:
        return [f"{t['name']}: {e}" for t in self.tallies for e in t["errors"]]

    @property
    def latencies(self) -> list[float]:
        return sorted(ms for t in self.tallies for ms in t["answer_ms"])

    @property
    def rate(self) -> float:
        elapsed = self.figures.get("elapsed", 0.0)
        return self.answered / elapsed if elapsed else 0.0

    @property
    def cpu_ms(self) -> tuple[float, float]:
        """CPU per graded answer, its whole cycle (the answer and the next question):
        gunicorn, PostgreSQL."""
        if not self.answered:
            return float("nan"), float("nan")
        f = self.figures
        return 1000 * f["server_cpu"] / self.answered, 1000 * f["database_cpu"] / self.answered

    @property
    def cpu_per_cycle(self) -> float:
        return sum(self.cpu_ms)

    @property
    def server_errors(self) -> int:
        return self.log.read_text(errors="replace").count("Traceback")

    @property
    def lost_or_doubled(self) -> bool:
        return bool(self.stored != self.answered or self.doubled or self.mismatched)

    @property
    def failed(self) -> bool:
        f = self.figures
        not_graded = sum(t["not_graded"] for t in self.tallies)
        return bool(
            not f
            or not f["all_ready"]
            or self.errors
            or self.lost_or_doubled
            or f["hung"]
            or not_graded
            or self.server_errors
        )


def launch(run: Run, options, env: dict[str, str], password: str):
    """Start the run's server and its trainees; (server, trainees' process)."""
    port = free_port()
    print(
        f"{run.title}: {run.server} ({run.settings}) on 127.0.0.1:{port}, {options.workers} "
        f"single-threaded workers, database {run.database}, log {run.log}"
    )
    server = start_server(env, server_command(run.server, port, options.workers), port, run.log)
    trainees = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tools.trainees",
            f"--port={port}",
            f"--users={options.users}",
            f"--seconds={options.seconds}",
            f"--pace={options.pace}",
            f"--prefix={run.prefix}",
            f"--password={password}",
            f"--server-pid={server.pid}",
            f"--database={run.database}",
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    return server, trainees


def finish(run: Run, options, server: subprocess.Popen, trainees: subprocess.Popen) -> None:
    """Wait for the trainees, stop the server, read the figures and check the database."""
    try:
        out, err = trainees.communicate(timeout=options.seconds + 300)
    except subprocess.TimeoutExpired:
        trainees.kill()
        out, err = trainees.communicate()
    finally:
        stop_server(server)
    if trainees.returncode != 0 or not out.strip():
        sys.stderr.write(err[-5000:])
        raise SystemExit(f"load: the trainees of {run.title} failed (exit {trainees.returncode})")
    run.figures = json.loads(out.strip().splitlines()[-1])
    run.stored, run.doubled, per_user = stored_attempts(run.database_url, run.prefix)
    run.mismatched = [t["name"] for t in run.tallies if per_user.get(t["name"], 0) != t["answered"]]


def percentile(sorted_values: list[float], p: float) -> float:
    """Nearest-rank percentile of an ascending list."""
    if not sorted_values:
        return float("nan")
    rank = max(1, -(-len(sorted_values) * p // 100))
    return sorted_values[int(rank) - 1]


CHECK_SQL = """
SELECT u.username, COUNT(a.id)
FROM houses_user u LEFT JOIN drills_attempt a ON a.trainee_id = u.id
WHERE u.username LIKE %s GROUP BY u.username
"""
DOUBLED_SQL = """
SELECT COUNT(*) FROM (
    SELECT a.question_id FROM drills_attempt a JOIN houses_user u ON a.trainee_id = u.id
    WHERE u.username LIKE %s GROUP BY a.question_id HAVING COUNT(*) > 1
) AS doubled
"""


def stored_attempts(database_url: str, prefix: str) -> tuple[int, int, dict[str, int]]:
    """(attempts stored, questions answered more than once, attempts per trainee) of the
    trainees whose names start with `prefix`."""
    import psycopg

    with psycopg.connect(database_url, connect_timeout=5) as conn:
        per_user = dict(conn.execute(CHECK_SQL, [prefix + "%"]).fetchall())
        doubled = conn.execute(DOUBLED_SQL, [prefix + "%"]).fetchone()[0]
    return sum(per_user.values()), doubled, per_user


def report(run: Run, options) -> None:
    f = run.figures
    latencies = run.latencies
    p50, p95, p99 = (percentile(latencies, p) for p in (50, 95, 99))
    print()
    print(f"{run.title}: answering for {f['elapsed']:.1f} s by {options.users} trainees")
    print(f"  graded answers acknowledged   {run.answered}")
    print(f"  answers per second            {run.rate:.1f}")
    print(f"  answer latency p50/p95/p99    {p50:.1f} / {p95:.1f} / {p99:.1f} ms")
    if latencies:
        print(f"  answer latency max            {latencies[-1]:.1f} ms ({len(latencies)} posts)")
    sign_ins = sorted(t["sign_in_ms"] for t in run.tallies if t["sign_in_ms"])
    if sign_ins:
        sign_in = f"{percentile(sign_ins, 50):.0f} / {sign_ins[-1]:.0f}"
        print(f"  sign-in (GET + POST) p50/max  {sign_in} ms")
    server, database = run.cpu_ms
    print(
        f"  CPU per graded answer         {server + database:.1f} ms: {run.server} {server:.1f} + "
        f"PostgreSQL {database:.1f} (the answer and the next question)"
    )
    print(
        f"  CPU seconds                   {run.server} {f['server_cpu']:.1f}, PostgreSQL "
        f"{f['database_cpu']:.1f}, load generator (Locust) {f['generator_cpu']:.1f}"
        + (" (Locust warned of high CPU)" if f["locust_cpu_warning"] else "")
    )
    errors = run.errors
    print(f"  errors                        {len(errors)}")
    for line in errors[:10]:
        print(f"    {line}")
    not_graded = sum(t["not_graded"] for t in run.tallies)
    replayed = sum(t["replayed"] for t in run.tallies)
    if not_graded or replayed or f["hung"] or not f["all_ready"]:
        print(
            f"  not graded {not_graded}, replayed {replayed}, trainees hung {f['hung']}, "
            f"all signed in {f['all_ready']}"
        )
    print(f"  database: attempts stored {run.stored} (acknowledged {run.answered}), questions")
    print(
        f"  answered twice {run.doubled}, trainees whose count differs {len(run.mismatched)} "
        f"{run.mismatched[:5] or ''}"
    )
    if run.server_errors:
        print(f"  {run.server} log has {run.server_errors} tracebacks: {run.log}")


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def language_words(language: str) -> str:
    """The trainees' language as the run's header names it.

    >>> language_words("es"), language_words("")
    ('es', "no language chosen (the browser's: English)")
    """
    return language or "no language chosen (the browser's: English)"


def summary(product: Run, floor: Run | None, language: str = "") -> dict:
    latencies = product.latencies
    figures = {
        "language": language,
        "users": len(product.tallies),
        "seconds": round(product.figures["elapsed"], 1),
        "answers": product.answered,
        "answers_per_second": round(product.rate, 1),
        "p50_ms": round(percentile(latencies, 50), 1),
        "p95_ms": round(percentile(latencies, 95), 1),
        "p99_ms": round(percentile(latencies, 99), 1),
        "errors": len(product.errors),
        "stored": product.stored,
        "doubled": product.doubled,
        "cpu_ms_per_answer": round(product.cpu_per_cycle, 2),
    }
    if floor is not None:
        figures |= {
            "floor_answers": floor.answered,
            "floor_stored": floor.stored,
            "floor_errors": len(floor.errors),
            "floor_cpu_ms_per_answer": round(floor.cpu_per_cycle, 2),
            "floor_ratio": round(product.cpu_per_cycle / floor.cpu_per_cycle, 3),
        }
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.load",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--users", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60, help="of each run (product, floor)")
    parser.add_argument("--database-url", default=DEFAULT_DATABASE_URL)
    parser.add_argument(
        "--workers",
        type=int,
        default=4,
        help="gunicorn sync workers (as make serve: 4 for 2 cores)",
    )
    parser.add_argument(
        "--pace",
        type=float,
        default=None,
        help=f"answers per second each trainee gives when the site keeps up (default: "
        f"{OFFERED_ANSWERS_PER_SECOND} answers/s shared by the trainees: 3.3 each for 50); "
        "0: each trainee answers again the moment the next question arrives",
    )
    parser.add_argument(
        "--server",
        choices=["gunicorn", "granian"],
        default="gunicorn",
        help="the product's WSGI server (the floor keeps gunicorn's sync workers)",
    )
    parser.add_argument(
        "--language",
        default="",
        metavar="CODE",
        help="the language every trainee of both runs reads (their profile's, one of the "
        "site's settings.LANGUAGES, e.g. es); default: none chosen, the browser's (English)",
    )
    parser.add_argument(
        "--floor",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="run the same load against the floor (tools.floor) beside the product",
    )
    options = parser.parse_args(argv)
    if options.pace is None:
        options.pace = OFFERED_ANSWERS_PER_SECOND / max(1, options.users)
    if options.users < 1 or not 0 < options.seconds <= 3600:
        parser.error("--users must be at least 1 and --seconds between 0 and 3600")
    parts = urlsplit(options.database_url)
    if parts.scheme not in ("postgres", "postgresql") or not is_loopback(parts.hostname or ""):
        parser.error("--database-url must be a postgres:// URL on a loopback address")
    # looked for, not imported: importing Locust patches this process's standard library for
    # gevent (it runs in a process of its own, tools.trainees), which breaks threads and locks
    # in whatever runs here afterwards, a test session included
    for name in ("gunicorn", "locust"):
        if importlib.util.find_spec(name) is None:
            parser.error(f"{name} is not installed: pip install -e '.[load]' (make load does)")

    # a hard bound on the whole run, set-up included, whatever hangs
    hard_limit = 2 * options.seconds + 900
    watchdog = threading.Timer(hard_limit, lambda: os._exit(3))
    watchdog.daemon = True
    watchdog.start()

    password = secrets.token_urlsafe(16)
    env = server_environment(options.database_url)
    workdir = Path(tempfile.mkdtemp(prefix="trainer-load-"))
    url = options.database_url
    runs = [
        Run("product", PRODUCT, "trainer.settings", workdir / "product.log", url, options.server)
    ]
    if options.floor:
        # a database of its own (a copy, made after the set-up), so that its PostgreSQL
        # backends are told apart from the product's
        floor_url = parts._replace(path=parts.path + "_floor").geturl()
        runs.append(Run("floor", FLOOR, "tools.floor.settings", workdir / "floor.log", floor_url))
    set_up(url, options.users, password, env, [r.prefix for r in runs], options.language)
    if options.floor:
        started = time.perf_counter()
        recreate_database(floor_url, template=runs[0].database)
        print(f"  the floor's copy of the database: {time.perf_counter() - started:.1f} s")
    offered = options.pace * options.users
    print(
        f"product and floor at once (so both meet the same machine), each: {options.users} "
        f"trainees reading {language_words(options.language)} for {options.seconds:g} s, "
        + (f"offered: {offered:g} answers/s" if options.pace else "as fast as the site answers")
    )
    launched = []
    try:
        for run in runs:
            run_env = server_environment(run.database_url, run.settings)
            run_env["SECRET_KEY"] = env["SECRET_KEY"]
            launched.append((run, *launch(run, options, run_env, password)))
    finally:
        for run, server, trainees in launched:
            finish(run, options, server, trainees)
    watchdog.cancel()
    for run in runs:
        report(run, options)

    product = runs[0]
    floor = runs[1] if options.floor else None
    print()
    print("targets")
    if floor is not None:
        ratio = product.cpu_per_cycle / floor.cpu_per_cycle
        print(
            f"  {verdict(ratio <= TARGET_FLOOR_RATIO)}  CPU per answer cycle at most "
            f"{TARGET_FLOOR_RATIO}x the floor's: {product.cpu_per_cycle:.1f} / "
            f"{floor.cpu_per_cycle:.1f} ms = {ratio:.2f}x"
        )
    for run in runs:
        print(f"  {verdict(not run.errors and not run.server_errors)}  {run.title}: zero errors")
        print(f"  {verdict(not run.lost_or_doubled)}  {run.title}: zero lost or doubled attempts")
    print(json.dumps(summary(product, floor, options.language)))
    # throughput, latency and the ratio depend on the machine: printed, never a failure
    return 1 if any(run.failed for run in runs) else 0


if __name__ == "__main__":
    sys.exit(main())
