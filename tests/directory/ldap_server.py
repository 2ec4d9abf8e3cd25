"""A real OpenLDAP server (Debian's slapd) for the directory's LDAP tests: one per test session
(per xdist worker), in a temporary folder, on a free port of 127.0.0.1.

Its directory, dc=casino,dc=test, is loaded before it starts (slapadd, offline: no LDAP
operation is needed to fill it):

- ou=people: PEOPLE below (a trainee, a supervisor, a person in no group the house maps, a
  person whose username is an account of another house in the suite, and a dealer whose
  groups a test changes), each with their own password (stored as {SSHA});
- ou=groups: the groupOfNames "dealers" and "pit-bosses";
- cn=reader: the account the site searches with.  Its access is what a house would give such
  an account: it reads people and groups; anonymous clients read nothing and may only bind.

The server is ready when its reader binds (polled until a deadline far beyond what an idle
machine needs, never a fixed sleep).  Without slapd the tests are skipped, saying what to
install, unless REQUIRE_LDAP=1, where they fail instead.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import os
import shutil
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import ldap
import pytest

SLAPD = os.environ.get("SLAPD", "/usr/sbin/slapd")
SLAPADD = os.environ.get("SLAPADD", "/usr/sbin/slapadd")
#: Debian's slapd loads its backends as modules, and keeps its schemas here
MODULES = Path("/usr/lib/ldap")
SCHEMAS = Path("/etc/ldap/schema")
#: how long the server may take to answer its first bind (it takes a few hundredths of a
#: second on an idle machine)
READY_SECONDS = 30

SUFFIX = "dc=casino,dc=test"
ADMIN_DN = f"cn=admin,{SUFFIX}"
ADMIN_PASSWORD = "slapd-admin-secret-4417"
READER_DN = f"cn=reader,{SUFFIX}"
READER_PASSWORD = "reader-bind-secret-9031"
PEOPLE_BASE = f"ou=people,{SUFFIX}"
GROUPS_BASE = f"ou=groups,{SUFFIX}"


@dataclass(frozen=True)
class Person:
    uid: str
    password: str
    first_name: str
    last_name: str
    groups: tuple[str, ...]
    employee_number: str = ""

    @property
    def dn(self) -> str:
        return f"uid={self.uid},{PEOPLE_BASE}"

    @property
    def email(self) -> str:
        return f"{self.uid}@casino.test"


TRAINEE = Person("dealer-dana", "dana-ldap-pass-1", "Dana", "Dealer", ("dealers",), "E-1001")
SUPERVISOR = Person("boss-bella", "bella-ldap-pass-2", "Bella", "Boss", ("pit-bosses",), "E-2002")
#: in no group the house maps to a role
VISITOR = Person("visitor-vic", "vic-ldap-pass-3", "Vic", "Visitor", ())
#: the username of a trainee of the riverboat house in the suite (tests/conftest.py, stranger)
NAMESAKE = Person("trainee-uma", "uma-ldap-pass-4", "Uma", "Namesake", ("dealers",))
#: a dealer whose groups a test changes (and puts back)
PROMOTED = Person("dealer-pat", "pat-ldap-pass-5", "Pat", "Promoted", ("dealers",), "E-3003")
PEOPLE = (TRAINEE, SUPERVISOR, VISITOR, NAMESAKE, PROMOTED)
GROUPS = ("dealers", "pit-bosses")


def group_dn(name: str) -> str:
    return f"cn={name},{GROUPS_BASE}"


def ssha(password: str) -> str:
    """userPassword as slappasswd writes it: {SSHA}, a salted SHA-1."""
    salt = os.urandom(8)
    digest = hashlib.sha1(password.encode() + salt).digest()
    return "{SSHA}" + base64.b64encode(digest + salt).decode()


def config(folder: Path) -> str:
    """slapd.conf: the mdb database under `folder`, and who may read what."""
    return f"""\
include {SCHEMAS}/core.schema
include {SCHEMAS}/cosine.schema
include {SCHEMAS}/inetorgperson.schema
pidfile {folder}/slapd.pid
argsfile {folder}/slapd.args
modulepath {MODULES}
moduleload back_mdb
database mdb
maxsize 16777216
suffix "{SUFFIX}"
rootdn "{ADMIN_DN}"
rootpw {ADMIN_PASSWORD}
directory {folder}/data
access to attrs=userPassword
    by self write
    by anonymous auth
    by * none
access to *
    by dn.exact="{READER_DN}" read
    by self read
    by * none
"""


def ldif() -> str:
    """The directory's entries, as slapadd reads them."""
    entries = [
        f"dn: {SUFFIX}\nobjectClass: dcObject\nobjectClass: organization\no: Casino\ndc: casino",
        f"dn: {READER_DN}\nobjectClass: simpleSecurityObject\nobjectClass: organizationalRole"
        f"\ncn: reader\nuserPassword: {ssha(READER_PASSWORD)}",
        f"dn: {PEOPLE_BASE}\nobjectClass: organizationalUnit\nou: people",
        f"dn: {GROUPS_BASE}\nobjectClass: organizationalUnit\nou: groups",
    ]
    for person in PEOPLE:
        entry = [
            f"dn: {person.dn}",
            "objectClass: inetOrgPerson",
            f"uid: {person.uid}",
            f"cn: {person.first_name} {person.last_name}",
            f"givenName: {person.first_name}",
            f"sn: {person.last_name}",
            f"mail: {person.email}",
            f"userPassword: {ssha(person.password)}",
        ]
        if person.employee_number:
            entry.append(f"employeeNumber: {person.employee_number}")
        entries.append("\n".join(entry))
    for name in GROUPS:
        members = [p.dn for p in PEOPLE if name in p.groups]
        # groupOfNames needs one member at least: the reader stands in for an empty group
        lines = [f"member: {dn}" for dn in members or [READER_DN]]
        entries.append(
            f"dn: {group_dn(name)}\nobjectClass: groupOfNames\ncn: {name}\n" + "\n".join(lines)
        )
    return "\n\n".join(entries) + "\n"


def missing() -> str | None:
    """Why no server can be started here, or None."""
    for program in (SLAPD, SLAPADD):
        if not os.access(program, os.X_OK):
            return f"{program} not found (Debian: apt-get install -y slapd)"
    if not (MODULES / "back_mdb.so").exists() or not (SCHEMAS / "core.schema").exists():
        return (
            f"slapd's modules ({MODULES}) or schemas ({SCHEMAS}) not found (apt-get install slapd)"
        )
    return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class LDAPServer:
    """slapd serving the directory above; `uri` is where it listens."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.process: subprocess.Popen | None = None
        self.uri = ""

    def start(self) -> None:
        (self.folder / "data").mkdir(parents=True)
        conf = self.folder / "slapd.conf"
        conf.write_text(config(self.folder))
        (self.folder / "data.ldif").write_text(ldif())
        subprocess.run(
            [SLAPADD, "-q", "-f", str(conf), "-l", str(self.folder / "data.ldif")],
            check=True,
            capture_output=True,
        )
        # a port found free may be taken before slapd binds it: then slapd exits, and another
        # port is tried
        for _attempt in range(3):
            self.uri = f"ldap://127.0.0.1:{free_port()}"
            with open(self.folder / "slapd.log", "wb") as log:
                self.process = subprocess.Popen(
                    # -d 0: in the foreground (its own process, stopped by stop()), quiet
                    [SLAPD, "-d", "0", "-h", self.uri + "/", "-f", str(conf)],
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    stdin=subprocess.DEVNULL,
                )
            if self._wait_until_ready():
                return
        self.stop()
        log = (self.folder / "slapd.log").read_text(errors="replace")
        raise RuntimeError(f"slapd did not start at {self.uri}:\n{log}")

    def _wait_until_ready(self) -> bool:
        """Whether the reader binds before the deadline; False once slapd has exited."""
        deadline = time.monotonic() + READY_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                return False
            try:
                self.connect(READER_DN, READER_PASSWORD).unbind_s()
                return True
            except ldap.SERVER_DOWN:
                time.sleep(0.02)
        raise RuntimeError(f"slapd at {self.uri} did not answer within {READY_SECONDS} s")

    def connect(self, dn: str = ADMIN_DN, password: str = ADMIN_PASSWORD):
        connection = ldap.initialize(self.uri, bytes_mode=False)
        connection.set_option(ldap.OPT_NETWORK_TIMEOUT, 5)
        connection.set_option(ldap.OPT_TIMEOUT, 10)
        connection.simple_bind_s(dn, password)
        return connection

    def set_groups(self, person: Person, groups: tuple[str, ...]) -> None:
        """Put `person` in exactly these of GROUPS (an LDAP modify of each group, as the
        house's IT department would make it)."""
        connection = self.connect()
        try:
            for name in GROUPS:
                change = ldap.MOD_ADD if name in groups else ldap.MOD_DELETE
                with contextlib.suppress(ldap.TYPE_OR_VALUE_EXISTS, ldap.NO_SUCH_ATTRIBUTE):
                    connection.modify_s(group_dn(name), [(change, "member", [person.dn.encode()])])
        finally:
            connection.unbind_s()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@contextlib.contextmanager
def running(folder: Path):
    """A started LDAPServer for the `with` block (skipped or failed as the module says when
    there is no slapd), stopped at its end and its folder removed."""
    problem = missing()
    if problem:
        if os.environ.get("REQUIRE_LDAP") == "1":
            pytest.fail(f"the LDAP tests are required here: {problem}")
        pytest.skip(problem)
    server = LDAPServer(folder)
    try:
        server.start()
        yield server
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)
