"""Load test (`make load`): trainees signing in and answering drills against gunicorn and
PostgreSQL on this machine, then a check that the database stored exactly what was
acknowledged.  Figures are printed; only lost or doubled attempts and errors fail the run.

    python -m trainer.loadtest                      # 50 trainees, 60 seconds
    python -m trainer.loadtest --users 10 --seconds 10
    python -m trainer.loadtest --database-url postgres://postgres@127.0.0.1:5432/trainer_load

The database named in --database-url is dropped and created again: give it one of its own.
Everything runs on loopback addresses only.  Each simulated trainee is a thread with one
http.client connection (reopened when the server closes it), so the load generator leaves the
cores to the server; it answers as a browser would, from the page alone: the first choice of
each question, 0 for an amount, the first seat.  Sign-ins come first, then every trainee
answers for --seconds: answer, feedback, next question (each request with the htmx headers the
drill page's own htmx sends), at a steady pace (--pace answers a second each; by default the
target plus a tenth, shared among the trainees: 3.3 a second each for 50, 165 answers/s
offered, so that a site that keeps up is measured above the target rather than capped at
exactly it) or, with --pace 0, as fast as the site answers.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import ipaddress
import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode, urlsplit

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/trainer_load"
USERNAME = "load-trainee-{:03d}"

#: the issue's targets on the 2-core machine
TARGET_ANSWERS_PER_SECOND = 150
#: the load offered by default: the target and a tenth more (a paced run can never answer more
#: than it is offered, so offering exactly the target could only ever just miss it)
OFFERED_ANSWERS_PER_SECOND = TARGET_ANSWERS_PER_SECOND * 11 / 10
TARGET_P95_MS = 100

LOOPBACK_NAMES = {"localhost"}
REQUEST_TIMEOUT = 30


# -- the environment of the server and its set-up commands --------------------------------


def is_loopback(host: str) -> bool:
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def server_environment(database_url: str) -> dict[str, str]:
    """Production settings, except TLS: plain http on loopback, so no secure cookies."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "PYTEST"))}
    env.update(
        DJANGO_SETTINGS_MODULE="trainer.settings",
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


def recreate_database(database_url: str) -> None:
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
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


# one password hash for every trainee: hashing 50 passwords would only slow the set-up down
CREATE_TRAINEES = """
import sys
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import Group
from trainer.houses.models import House, User
from trainer.houses.roles import TRAINEE
users, pattern, password = int(sys.argv[1]), sys.argv[2], sys.argv[3]
house = House.objects.get(slug="demo")
hashed = make_password(password)
User.objects.bulk_create(
    [User(username=pattern.format(i), house=house, password=hashed) for i in range(users)]
)
group = Group.objects.get(name=TRAINEE)
group.user_set.add(*User.objects.filter(username__startswith=pattern.split("{")[0]))
print(User.objects.filter(groups=group, house=house).count())
"""


def set_up(database_url: str, users: int, password: str, env: dict[str, str]) -> None:
    python = sys.executable
    print("set-up")
    started = time.perf_counter()
    recreate_database(database_url)
    print(f"  drop and create the database: {time.perf_counter() - started:.1f} s")
    run_step("migrate", [python, "manage.py", "migrate", "--noinput"], env)
    run_step("createcachetable", [python, "manage.py", "createcachetable"], env)
    run_step("seed_demo (house demo)", [python, "manage.py", "seed_demo"], env)
    script = [python, "-c", _django_script(CREATE_TRAINEES), str(users), USERNAME, password]
    run_step(f"{users} trainees", script, env)
    run_step("collectstatic", [python, "manage.py", "collectstatic", "--noinput"], env)


def _django_script(body: str) -> str:
    return "import django\ndjango.setup()\n" + body


# -- gunicorn -------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(
    env: dict[str, str],
    port: int,
    workers: int,
    threads: int,
    keep_alive: int,
    log: Path,
    worker_class: str = "sync",
) -> subprocess.Popen:
    args = [
        sys.executable,
        "-m",
        "gunicorn",
        "trainer.wsgi:application",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(workers),
        "--threads",
        str(threads),
        "--worker-class",
        worker_class,
        "--keep-alive",
        str(keep_alive),
        "--backlog",
        "512",
        "--error-logfile",
        "-",
    ]
    out = log.open("w")
    server = subprocess.Popen(
        args, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"load: gunicorn exited at start:\n{log.read_text()}")
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
    raise SystemExit(f"load: gunicorn did not answer within 30 s:\n{log.read_text()}")


def stop_server(server: subprocess.Popen) -> None:
    if server.poll() is not None:
        return
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait(timeout=5)


# -- one simulated trainee ------------------------------------------------------------------

DRILL_RE = re.compile(r'<div id="drill"[^>]*\bdata-question="(\d+)"')
KIND_RE = re.compile(r'data-drill="([\w-]+)"')
INPUT_RE = re.compile(r"<input\b[^>]*>")
ATTR_RE = re.compile(r'\b(type|name|value)="([^"]*)"')
TOKEN_RE = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
FEEDBACK = b'<section class="feedback'


class Refused(Exception):
    """A response that a browser would show as an error."""


@dataclass
class Tally:
    name: str
    answered: int = 0
    not_graded: int = 0
    replayed: int = 0
    errors: list[str] = field(default_factory=list)
    answer_ms: list[float] = field(default_factory=list)
    sign_in_ms: float = 0.0


def answer_from_page(html: str) -> dict[str, str]:
    """What a trainee pressing the first key of every field would send."""
    answer: dict[str, str] = {}
    for tag in INPUT_RE.findall(html):
        attrs = dict(ATTR_RE.findall(tag))
        name, kind = attrs.get("name"), attrs.get("type", "text")
        if not name or name == "csrfmiddlewaretoken" or name in answer:
            continue
        if kind in ("radio", "checkbox"):
            answer[name] = attrs.get("value", "")
        elif kind == "text":
            answer[name] = "0"
    return answer


class Trainee:
    def __init__(self, port: int, username: str, password: str, tally: Tally) -> None:
        self.port = port
        self.username = username
        self.password = password
        self.tally = tally
        self.cookies: dict[str, str] = {}
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=REQUEST_TIMEOUT)

    def request(self, method: str, path: str, data: dict | None = None, *, htmx=""):
        """`htmx`: the id of the element the page's htmx swaps the response into."""
        headers = {"Host": "127.0.0.1"}
        body = None
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if method == "POST":
            body = urlencode(data or {}, doseq=True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
        if htmx:
            headers["HX-Request"] = "true"
            headers["HX-Target"] = htmx
        # no retry: a post sent twice would be a replay, and every exception is an error
        self.conn.request(method, path, body=body, headers=headers)
        response = self.conn.getresponse()
        content = response.read()
        for header in response.msg.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value
        if response.status >= 400:
            raise Refused(f"{method} {path}: {response.status}")
        return response.status, response.getheader("Location", ""), content

    def sign_in_and_start(self, index: int) -> tuple[int, str]:
        started = time.perf_counter()
        _, _, page = self.request("GET", "/accounts/login/")
        token = TOKEN_RE.search(page.decode()).group(1)
        status, location, _ = self.request(
            "POST",
            "/accounts/login/",
            {"username": self.username, "password": self.password, "csrfmiddlewaretoken": token},
        )
        if status != 302 or "sessionid" not in self.cookies:
            raise Refused(f"sign-in of {self.username} refused ({status})")
        self.tally.sign_in_ms = (time.perf_counter() - started) * 1000
        _, _, page = self.request("GET", "/drills/")
        kinds = list(dict.fromkeys(KIND_RE.findall(page.decode())))
        kind, level = kinds[index % len(kinds)], 1 + index % 3
        status, location, _ = self.request("POST", "/drills/start", {"kind": kind, "level": level})
        match = re.search(r"/drills/s/(\d+)/", location)
        if status != 302 or not match:
            raise Refused(f"start refused ({status} {location!r})")
        _, _, page = self.request("GET", location)
        return int(match.group(1)), page.decode()

    def drill(self, session_id: int, page: str, stop_at: float, interval: float) -> None:
        """Answer, see the feedback, ask for the next question; again every `interval` seconds
        (constant pacing, as locust's constant_pacing: a cycle that took longer than the
        interval is followed at once, never by a burst to catch up)."""
        while time.monotonic() < stop_at:
            started_cycle = time.monotonic()
            question = DRILL_RE.search(page)
            if question is None:
                raise Refused("no question on the page")
            answer = answer_from_page(page)
            started = time.perf_counter()
            status, _, content = self.request(
                "POST", f"/drills/q/{question.group(1)}/answer", answer, htmx="turn"
            )
            self.tally.answer_ms.append((time.perf_counter() - started) * 1000)
            if status == 200 and FEEDBACK in content:
                if b"already answered" in content:
                    self.tally.replayed += 1
                else:
                    self.tally.answered += 1
            else:
                # the page came back without a grade: the answer was not taken
                self.tally.not_graded += 1
            _, _, content = self.request("POST", f"/drills/s/{session_id}/next", htmx="drill")
            page = content.decode()
            rest = started_cycle + interval - time.monotonic()
            if rest > 0:
                time.sleep(min(rest, max(0.0, stop_at - time.monotonic())))

    def run(self, index: int, ready: threading.Barrier, go: threading.Event, box: dict) -> None:
        session = None
        try:
            session = self.sign_in_and_start(index)
        except Exception as exc:  # every failure is counted, none hidden
            self.tally.errors.append(f"{type(exc).__name__}: {exc}")
        with contextlib.suppress(threading.BrokenBarrierError):
            ready.wait(timeout=120)
        go.wait()
        if session is None:
            return
        # trainees start spread over one interval, as people in a room do, not all at once
        time.sleep(box["interval"] * index / box["users"])
        try:
            self.drill(*session, box["stop_at"], box["interval"])
        except Exception as exc:
            self.tally.errors.append(f"{type(exc).__name__}: {exc}")
        finally:
            self.conn.close()


# -- the run and its report -----------------------------------------------------------------


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
    SELECT question_id FROM drills_attempt GROUP BY question_id HAVING COUNT(*) > 1
) AS doubled
"""


def stored_attempts(database_url: str) -> tuple[dict[str, int], int, int]:
    import psycopg

    with psycopg.connect(database_url, connect_timeout=5) as conn:
        per_user = dict(conn.execute(CHECK_SQL, [USERNAME.split("{")[0] + "%"]).fetchall())
        total = conn.execute("SELECT COUNT(*) FROM drills_attempt").fetchone()[0]
        doubled = conn.execute(DOUBLED_SQL).fetchone()[0]
    return per_user, total, doubled


def machine_cpu() -> tuple[float, float]:
    """(busy, total) CPU seconds of the whole machine since boot, from /proc/stat (Linux)."""
    try:
        fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    except OSError:
        return 0.0, 0.0
    ticks = [int(v) for v in fields]
    hz = os.sysconf("SC_CLK_TCK")
    idle = ticks[3] + (ticks[4] if len(ticks) > 4 else 0)
    return (sum(ticks) - idle) / hz, sum(ticks) / hz


@dataclass
class Cpu:
    """Where the cores went while the trainees answered."""

    machine_busy: float = 0.0
    machine_total: float = 0.0
    load_generator: float = 0.0
    server: float = 0.0
    database: float = 0.0

    def lines(self, answers: int) -> list[str]:
        if not self.machine_total:
            return []
        cores = os.cpu_count() or 1
        rest = self.machine_busy - self.load_generator - self.server - self.database
        per_answer = []
        if answers:
            # robust to other work on the machine: what one answer (and its next) cost here
            server, database = 1000 * self.server / answers, 1000 * self.database / answers
            per_answer = [
                f"  CPU per graded answer         gunicorn {server:.1f} ms + PostgreSQL "
                f"{database:.1f} ms (the answer post and the next question)",
                f"  so {cores} cores alone would do  ~{cores * 1000 / (server + database):.0f} "
                "answers/s",
            ]
        return per_answer + [
            f"  CPU busy (whole machine)      {100 * self.machine_busy / self.machine_total:.0f}%"
            f" of {cores} cores",
            f"  CPU seconds: gunicorn {self.server:.1f}, PostgreSQL {self.database:.1f}, load "
            f"generator {self.load_generator:.1f}, anything else {rest:.1f}",
        ]


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m trainer.loadtest",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--users", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--database-url", default=DEFAULT_DATABASE_URL)
    parser.add_argument(
        "--workers", type=int, default=4, help="gunicorn workers (as make serve: 4 for 2 cores)"
    )
    parser.add_argument(
        "--threads", type=int, default=1, help="threads per gunicorn worker (as make serve: 1)"
    )
    parser.add_argument(
        "--worker-class",
        choices=["gthread", "sync"],
        default="sync",
        help="gunicorn's (as make serve: sync; more than one thread makes it gthread)",
    )
    parser.add_argument(
        "--pace",
        type=float,
        default=None,
        help="answers per second each trainee gives when the site keeps up (default: the "
        f"{OFFERED_ANSWERS_PER_SECOND:g} answers/s, the target and a tenth, shared by the "
        "trainees: 3.3 each for 50); "
        "0: no pause at all, each trainee answers again the moment the next question arrives",
    )
    parser.add_argument(
        "--keep-alive",
        type=int,
        default=0,
        help="gunicorn's keep-alive seconds: 0 closes each connection after its response, so "
        "the trainees' requests spread over the workers (with keep-alive, gthread workers keep "
        "every connection they accepted, and one worker took all 50)",
    )
    options = parser.parse_args(argv)
    if options.pace is None:
        options.pace = OFFERED_ANSWERS_PER_SECOND / max(1, options.users)
    if options.users < 1 or not 0 < options.seconds <= 3600:
        parser.error("--users must be at least 1 and --seconds between 0 and 3600")
    parts = urlsplit(options.database_url)
    if parts.scheme not in ("postgres", "postgresql") or not is_loopback(parts.hostname or ""):
        parser.error("--database-url must be a postgres:// URL on a loopback address")
    try:
        import gunicorn  # noqa: F401
    except ImportError:
        parser.error("gunicorn is not installed: pip install -e .")

    # a hard bound on the whole run, set-up included, whatever hangs
    hard_limit = options.seconds + 600
    server: subprocess.Popen | None = None

    def give_up() -> None:
        sys.stderr.write(f"load: gave up after {hard_limit:.0f} s\n")
        if server is not None and server.poll() is None:
            server.kill()
        os._exit(3)

    watchdog = threading.Timer(hard_limit, give_up)
    watchdog.daemon = True
    watchdog.start()

    password = secrets.token_urlsafe(16)
    env = server_environment(options.database_url)
    set_up(options.database_url, options.users, password, env)
    workdir = Path(tempfile.mkdtemp(prefix="trainer-load-"))
    port = free_port()
    print(
        f"gunicorn on 127.0.0.1:{port}: {options.workers} workers × {options.threads} threads "
        f"({options.worker_class}), keep-alive {options.keep_alive} s, DEBUG off, "
        f"CONN_MAX_AGE={env['CONN_MAX_AGE']}, log {workdir / 'gunicorn.log'}"
    )
    server = start_server(
        env,
        port,
        options.workers,
        options.threads,
        options.keep_alive,
        workdir / "gunicorn.log",
        options.worker_class,
    )
    tallies = [Tally(USERNAME.format(i)) for i in range(options.users)]
    try:
        ready = threading.Barrier(options.users + 1)
        go = threading.Event()
        box: dict = {}
        threads = [
            threading.Thread(
                target=Trainee(port, t.name, password, t).run,
                args=(i, ready, go, box),
                daemon=True,
            )
            for i, t in enumerate(tallies)
        ]
        sign_in_started = time.perf_counter()
        for thread in threads:
            thread.start()
        try:
            ready.wait(timeout=180)
        except threading.BrokenBarrierError:
            print("load: not every trainee signed in within 180 s")
        sign_in_seconds = time.perf_counter() - sign_in_started
        print(f"{options.users} trainees signed in and started a drill in {sign_in_seconds:.1f} s")
        cpu = Cpu()
        busy_before, total_before = machine_cpu()
        own_before = time.process_time()
        server_before, database_before = process_cpu(server.pid)
        started = time.perf_counter()
        box["stop_at"] = time.monotonic() + options.seconds
        box["interval"] = 1 / options.pace if options.pace else 0.0
        box["users"] = options.users
        go.set()
        for thread in threads:
            thread.join(timeout=max(1.0, box["stop_at"] - time.monotonic() + 2 * REQUEST_TIMEOUT))
        elapsed = time.perf_counter() - started
        busy_after, total_after = machine_cpu()
        cpu.machine_busy, cpu.machine_total = busy_after - busy_before, total_after - total_before
        cpu.load_generator = time.process_time() - own_before
        hung = sum(thread.is_alive() for thread in threads)
        server_after, database_after = process_cpu(server.pid)
        cpu.server, cpu.database = server_after - server_before, database_after - database_before
    finally:
        stop_server(server)
    watchdog.cancel()
    return report(options, tallies, elapsed, hung, cpu, workdir / "gunicorn.log")


def process_cpu(server_pid: int) -> tuple[float, float]:
    """CPU seconds used so far by (gunicorn's master and workers, PostgreSQL's processes)."""
    hz = os.sysconf("SC_CLK_TCK")
    server = database = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        # the command name is in parentheses and may hold spaces
        name = text[text.index("(") + 1 : text.rindex(")")]
        fields = text.rsplit(")", 1)[1].split()
        seconds = (int(fields[11]) + int(fields[12])) / hz
        if stat.parent.name == str(server_pid) or fields[1] == str(server_pid):
            server += seconds
        elif name.startswith("postgres"):
            database += seconds
    return server, database


def report(options, tallies: list[Tally], elapsed: float, hung: int, cpu: Cpu, log: Path) -> int:
    answered = sum(t.answered for t in tallies)
    latencies = sorted(ms for t in tallies for ms in t.answer_ms)
    errors = [f"{t.name}: {e}" for t in tallies for e in t.errors]
    not_graded = sum(t.not_graded for t in tallies)
    replayed = sum(t.replayed for t in tallies)
    rate = answered / elapsed if elapsed else 0.0
    p50, p95, p99 = (percentile(latencies, p) for p in (50, 95, 99))
    sign_ins = sorted(t.sign_in_ms for t in tallies if t.sign_in_ms)

    print()
    if options.pace:
        pace = (
            f", each answering {options.pace:g} times a second while the site keeps up "
            f"(offered: {options.pace * options.users:g} answers/s)"
        )
    else:
        pace = ", each answering again the moment the next question arrives"
    print(f"answering for {elapsed:.1f} s by {options.users} trainees{pace}")
    print(f"  graded answers acknowledged   {answered}")
    print(f"  answers per second            {rate:.1f}")
    print(f"  answer latency p50/p95/p99    {p50:.1f} / {p95:.1f} / {p99:.1f} ms")
    if latencies:
        print(f"  answer latency max            {latencies[-1]:.1f} ms ({len(latencies)} posts)")
    if sign_ins:
        sign_in = f"{percentile(sign_ins, 50):.0f} / {sign_ins[-1]:.0f}"
        print(f"  sign-in (GET + POST) p50/max  {sign_in} ms")
    for line in cpu.lines(answered):
        print(line)
    print(f"  errors                        {len(errors)}")
    for line in errors[:10]:
        print(f"    {line}")
    if not_graded or replayed or hung:
        print(f"  not graded {not_graded}, replayed {replayed}, trainees hung {hung}")

    per_user, stored, doubled = stored_attempts(options.database_url)
    mismatched = [t.name for t in tallies if per_user.get(t.name, 0) != t.answered]
    print()
    print("database check")
    print(f"  attempts stored               {stored} (acknowledged {answered})")
    print(f"  questions answered twice      {doubled}")
    print(f"  trainees whose count differs  {len(mismatched)} {mismatched[:5] or ''}")
    lost_or_doubled = stored != answered or doubled or mismatched

    server_errors = log.read_text(errors="replace").count("Traceback")
    if server_errors:
        print(f"  gunicorn log has {server_errors} tracebacks: {log}")
    failed = bool(errors or lost_or_doubled or hung or not_graded or server_errors)

    def ratio(value: float, target: float) -> str:
        return f"{value / target:.2f}× the target" if target else ""

    print()
    print("targets")
    print(
        f"  {verdict(rate >= TARGET_ANSWERS_PER_SECOND)}  ≥ {TARGET_ANSWERS_PER_SECOND} "
        f"graded answers/s: {rate:.1f} ({ratio(rate, TARGET_ANSWERS_PER_SECOND)})"
    )
    print(
        f"  {verdict(p95 < TARGET_P95_MS)}  p95 < {TARGET_P95_MS} ms: {p95:.1f} ms "
        f"({ratio(p95, TARGET_P95_MS)})"
    )
    print(f"  {verdict(not errors and not server_errors)}  zero errors: {len(errors)}")
    print(f"  {verdict(not lost_or_doubled)}  zero lost or doubled attempts")
    print(
        json.dumps(
            {
                "users": options.users,
                "seconds": round(elapsed, 1),
                "answers": answered,
                "answers_per_second": round(rate, 1),
                "p50_ms": round(p50, 1),
                "p95_ms": round(p95, 1),
                "p99_ms": round(p99, 1),
                "errors": len(errors),
                "stored": stored,
                "doubled": doubled,
            }
        )
    )
    # throughput and latency depend on the machine: printed above, never a failure
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
