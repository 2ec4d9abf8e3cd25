"""Where the cores went: CPU seconds of the server's and the database's processes, read from
/proc (Linux), so a figure per answer holds whatever else the machine is doing."""

from __future__ import annotations

import os
from pathlib import Path


def process_cpu(server_pid: int, database: str) -> tuple[float, float]:
    """CPU seconds used so far by (gunicorn's master and workers, the PostgreSQL backends
    serving `database`).  Only that database's backends: other databases on the same server
    (other people's tests) are not this run's; the server's shared writers are left out too."""
    hz = os.sysconf("SC_CLK_TCK")
    server_seconds = database_seconds = 0.0
    backend = f" {database} ".encode()
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
            server_seconds += seconds
        elif name.startswith("postgres"):
            try:
                command = (stat.parent / "cmdline").read_bytes().replace(b"\0", b" ")
            except OSError:
                continue
            # a backend's title: "postgres: USER DATABASE HOST(PORT) STATE"
            if backend in command:
                database_seconds += seconds
    return server_seconds, database_seconds
