"""The simulated trainees of `make load`, as a Locust user, run headless by tools.load in a
process of their own: Locust patches the standard library for gevent when it is imported,
which the orchestrating process (subprocesses, psycopg) and the tests must not have.

    python -m tools.trainees --port 8001 --users 50 --seconds 60 --pace 3.3 \\
        --prefix load-trainee- --password ... --server-pid 1234

Every trainee signs in and starts a drill; when all have, the measured minute starts: the
answer, whose response carries the feedback and the next question (the product: Next shows it
without a request), or the answer and then a post for the next question (the floor, or the
product when it dealt none), each with the htmx headers the drill page's own htmx sends, at a
steady pace (Locust's constant_pacing) or, with --pace 0, as fast as the site answers.  A
trainee answers as a browser would, from the page alone: the first choice of each question,
0 for an amount.  The window's figures (per-trainee tallies, latencies, CPU seconds of the
server's and PostgreSQL's processes) are written as one JSON line on standard output.
"""

from __future__ import annotations

import argparse
import itertools
import json
import re
import resource
import sys
import time
from dataclasses import asdict, dataclass, field

import gevent
from gevent.event import Event
from locust import FastHttpUser, constant, constant_pacing, task
from locust.env import Environment
from locust.exception import StopUser

from tools.drillpage import (
    DRILL_RE,
    FEEDBACK,
    KIND_RE,
    SESSION_RE,
    TOKEN_RE,
    Refused,
    answer_from_page,
)
from tools.measure import process_cpu

REQUEST_TIMEOUT = 30


@dataclass
class Tally:
    name: str
    answered: int = 0
    not_graded: int = 0
    replayed: int = 0
    errors: list[str] = field(default_factory=list)
    answer_ms: list[float] = field(default_factory=list)
    sign_in_ms: float = 0.0


class Run:
    """What the trainees share: the options, the starting gun, who is ready and who is done."""

    users = 0
    prefix = ""
    password = ""
    interval = 0.0
    go = Event()
    stop_at = float("inf")
    ready = 0
    finished = 0
    numbers = itertools.count()
    tallies: list[Tally] = []


class Trainee(FastHttpUser):
    network_timeout = REQUEST_TIMEOUT
    connection_timeout = REQUEST_TIMEOUT
    wait_time = constant(0)  # replaced by main() with the pace

    def on_start(self) -> None:
        self.index = next(Run.numbers)
        self.tally = Tally(f"{Run.prefix}{self.index:03d}")
        Run.tallies.append(self.tally)
        self.page = ""
        self.session_id = 0
        try:
            self.sign_in_and_start()
        except Exception as exc:  # every failure is counted, none hidden
            self.tally.errors.append(f"{type(exc).__name__}: {exc}")
        finally:
            Run.ready += 1
        Run.go.wait()
        # trainees start spread over one interval, as people in a room do, not all at once
        gevent.sleep(Run.interval * self.index / max(1, Run.users))

    def request(self, method: str, path: str, data: dict | None = None, *, htmx: str = ""):
        """`htmx`: the id of the element the page's htmx swaps the response into."""
        headers = {}
        if method == "POST":
            headers["X-CSRFToken"] = next(
                (c.value for c in self.client.cookiejar if c.name == "csrftoken"), ""
            )
        if htmx:
            headers["HX-Request"] = "true"
            headers["HX-Target"] = htmx
        # no retry: a post sent twice would be a replay, and every exception is an error
        response = self.client.request(
            method,
            path,
            data=data,
            headers=headers,
            allow_redirects=False,
            name=re.sub(r"\d+", "N", path),
        )
        if not response.status_code:  # no response at all: Locust's ErrorResponse
            raise Refused(f"{method} {path}: {getattr(response, 'error', 'no response')}")
        if response.status_code >= 400:
            raise Refused(f"{method} {path}: {response.status_code}")
        return response

    def signed_in(self) -> bool:
        return any(c.name == "sessionid" for c in self.client.cookiejar)

    def sign_in_and_start(self) -> None:
        started = time.perf_counter()
        page = self.request("GET", "/accounts/login/").text
        token = TOKEN_RE.search(page).group(1)
        form = {"username": self.tally.name, "password": Run.password, "csrfmiddlewaretoken": token}
        response = self.request("POST", "/accounts/login/", form)
        if response.status_code != 302 or not self.signed_in():
            raise Refused(f"sign-in of {self.tally.name} refused ({response.status_code})")
        self.tally.sign_in_ms = (time.perf_counter() - started) * 1000
        kinds = list(dict.fromkeys(KIND_RE.findall(self.request("GET", "/drills/").text)))
        kind, level = kinds[self.index % len(kinds)], 1 + self.index % 3
        response = self.request("POST", "/drills/start", {"kind": kind, "level": level})
        location = response.headers.get("Location", "")
        match = SESSION_RE.search(location)
        if response.status_code != 302 or not match:
            raise Refused(f"start refused ({response.status_code} {location!r})")
        self.session_id = int(match.group(1))
        self.page = self.request("GET", location).text

    @task
    def cycle(self) -> None:
        """Answer, see the feedback, show the next question (asking for it if the feedback
        did not carry it)."""
        if self.tally.errors or time.monotonic() >= Run.stop_at:
            Run.finished += 1
            raise StopUser()
        try:
            question = DRILL_RE.search(self.page)
            if question is None:
                raise Refused("no question on the page")
            answer = answer_from_page(self.page)
            started = time.perf_counter()
            response = self.request(
                "POST", f"/drills/q/{question.group(1)}/answer", answer, htmx="turn"
            )
            self.tally.answer_ms.append((time.perf_counter() - started) * 1000)
            content = response.content
            if FEEDBACK in content:
                if b"already answered" in content:
                    self.tally.replayed += 1
                else:
                    self.tally.answered += 1
            else:
                # the page came back without a grade: the answer was not taken
                self.tally.not_graded += 1
            if DRILL_RE.search(response.text):
                self.page = response.text  # the next question came with the feedback
            else:
                response = self.request("POST", f"/drills/s/{self.session_id}/next", htmx="drill")
                self.page = response.text
        except Exception as exc:
            self.tally.errors.append(f"{type(exc).__name__}: {exc}")
            Run.finished += 1
            raise StopUser() from None


def wait_until(condition, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        gevent.sleep(0.05)
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.trainees", description=__doc__)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--users", type=int, required=True)
    parser.add_argument("--seconds", type=float, required=True)
    parser.add_argument(
        "--pace", type=float, required=True, help="answers/s per trainee; 0: flat out"
    )
    parser.add_argument("--prefix", required=True)
    parser.add_argument("--password", required=True)
    parser.add_argument("--server-pid", type=int, required=True)
    parser.add_argument("--database", required=True, help="the database whose backends to count")
    options = parser.parse_args(argv)

    Run.users, Run.prefix, Run.password = options.users, options.prefix, options.password
    Run.interval = 1 / options.pace if options.pace else 0.0
    Trainee.wait_time = constant_pacing(Run.interval) if options.pace else constant(0)
    env = Environment(user_classes=[Trainee], host=f"http://127.0.0.1:{options.port}")
    runner = env.create_local_runner()
    signing_in = time.perf_counter()
    runner.start(options.users, spawn_rate=options.users)
    all_ready = wait_until(lambda: Run.ready >= options.users, 180)
    sign_in_seconds = time.perf_counter() - signing_in

    server_before, database_before = process_cpu(options.server_pid, options.database)
    own_before = resource.getrusage(resource.RUSAGE_SELF)
    started = time.perf_counter()
    Run.stop_at = time.monotonic() + options.seconds
    Run.go.set()
    # every trainee finishes the cycle it is in (its answer may have been stored)
    wait_until(
        lambda: Run.finished >= options.users,
        max(1.0, Run.stop_at - time.monotonic() + 2 * REQUEST_TIMEOUT),
    )
    elapsed = time.perf_counter() - started
    server_after, database_after = process_cpu(options.server_pid, options.database)
    own_after = resource.getrusage(resource.RUSAGE_SELF)
    hung = options.users - Run.finished
    runner.quit()
    generator = (own_after.ru_utime + own_after.ru_stime) - (
        own_before.ru_utime + own_before.ru_stime
    )
    figures = {
        "all_ready": all_ready,
        "sign_in_seconds": sign_in_seconds,
        "elapsed": elapsed,
        "hung": hung,
        "server_cpu": server_after - server_before,
        "database_cpu": database_after - database_before,
        "generator_cpu": generator,
        "locust_cpu_warning": bool(runner.cpu_warning_emitted),
        "tallies": [asdict(t) for t in Run.tallies],
    }
    sys.stdout.write(json.dumps(figures) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
