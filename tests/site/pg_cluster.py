"""A throwaway PostgreSQL server for the store tests: no mocks, a real server.

``postgres_url(config)`` gives the URL of a server for this test session:

- ``PAIYOU_TEST_POSTGRES_URL`` when set (an existing server; the tests make their own database);
- otherwise a cluster made here on first use: ``initdb`` into a temporary folder, then
  ``pg_ctl start`` on a free loopback port with its socket in that folder (fsync off: it is
  thrown away). PostgreSQL refuses to run as root, so as root the server runs as the
  ``postgres`` user (``runuser``; Debian's ``postgresql`` package creates that user). The cluster
  is stopped and deleted when the session ends (``config.add_cleanup``).

None when there is no PostgreSQL on the machine (the caller skips).
"""
from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

from scripts.patience import PATIENT

_state: dict[str, Any] = {}


def bin_dir() -> Path | None:
    """The newest installed PostgreSQL's bin folder (Debian layout, then PATH)."""
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                        key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0)
    if candidates:
        return Path(candidates[-1]).parent
    found = shutil.which("initdb")
    return Path(found).parent if found else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _as_server_user(command: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return command
    runuser = shutil.which("runuser")
    if runuser is None:
        raise RuntimeError("running as root needs runuser to start PostgreSQL as 'postgres'")
    return [runuser, "-u", "postgres", "--", *command]


def _start() -> tuple[str, Any]:
    binaries = bin_dir()
    if binaries is None:
        raise FileNotFoundError("no PostgreSQL binaries")
    if os.geteuid() == 0:
        pwd.getpwnam("postgres")  # KeyError when there is no such user
    root = Path(tempfile.mkdtemp(prefix="paiyou-pg-"))
    if os.geteuid() == 0:
        entry = pwd.getpwnam("postgres")
        os.chown(root, entry.pw_uid, entry.pw_gid)
    root.chmod(0o700)
    data = root / "data"
    subprocess.run(_as_server_user([str(binaries / "initdb"), "-D", str(data), "-A", "trust",
                                    "-U", "paiyou", "-E", "UTF8", "--locale=C", "--no-sync"]),
                   check=True, capture_output=True, timeout=PATIENT)
    last_error = ""
    for _ in range(5):
        port = _free_port()
        options = (f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off "
                   "-c synchronous_commit=off -c full_page_writes=off -c max_connections=50")
        started = subprocess.run(
            _as_server_user([str(binaries / "pg_ctl"), "-D", str(data), "-o", options, "-w",
                             "-t", str(round(PATIENT)), "-l", str(root / "server.log"), "start"]),
            capture_output=True, text=True, timeout=PATIENT + 30)
        if started.returncode == 0:
            def stop() -> None:
                subprocess.run(_as_server_user([str(binaries / "pg_ctl"), "-D", str(data), "-m",
                                                "immediate", "-w", "stop"]),
                               capture_output=True, timeout=60)
                shutil.rmtree(root, ignore_errors=True)

            return f"postgresql://paiyou@127.0.0.1:{port}/postgres", stop
        last_error = started.stderr + (root / "server.log").read_text(errors="replace") \
            if (root / "server.log").exists() else started.stderr
    shutil.rmtree(root, ignore_errors=True)
    raise RuntimeError(f"PostgreSQL did not start: {last_error}")


def server_url(config: Any) -> str | None:
    """The session's server URL (see the module docstring), or None without PostgreSQL."""
    if "url" in _state:
        return _state["url"]
    url = os.environ.get("PAIYOU_TEST_POSTGRES_URL") or None
    if url is None:
        try:
            url, stop = _start()
        except (FileNotFoundError, KeyError):
            url = None
        else:
            config.add_cleanup(stop)
            _state["stop"] = stop
    _state["url"] = url
    return url


def new_database(server: str) -> str:
    """A fresh, empty database on ``server``; its URL."""
    import psycopg

    name = "paiyou_test_" + uuid.uuid4().hex[:12]
    deadline = time.monotonic() + PATIENT
    while True:
        try:
            with psycopg.connect(server, autocommit=True, connect_timeout=round(PATIENT)) as conn:
                conn.execute(f'CREATE DATABASE "{name}"')
            break
        except psycopg.OperationalError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)  # the pause between two attempts, not a wait on its own
    base, _, _ = server.rpartition("/")
    return f"{base}/{name}"


def empty_games_table(url: str) -> None:
    """Delete every game in the database at ``url`` (if the table exists yet)."""
    import psycopg

    from paiyou.store.schema import ANALYSES, REPLAYS, TABLE

    with psycopg.connect(url, autocommit=True, connect_timeout=round(PATIENT)) as conn:
        conn.execute(f"DROP TABLE IF EXISTS {TABLE}")
        conn.execute(f"DROP TABLE IF EXISTS {REPLAYS}")
        conn.execute(f"DROP TABLE IF EXISTS {ANALYSES}")
