"""The production stack on loopback, for bench/http.py and tests/deploy: real gunicorn (the
Dockerfile's command) and, in front of it, real nginx with deploy/nginx.conf.

- ``gunicorn(instance_dir)`` runs the Dockerfile's ``CMD`` (gunicorn, gthread, 2 workers x 4
  threads, no control socket, ``paiyou:create_app()``) bound to a free 127.0.0.1 port instead of
  0.0.0.0:8000, in a process group of its own (``Server.pid``: a test may stop or freeze it all);
  ``workers``/``threads`` override the pool (the slow-client control uses a small one).
- ``nginx(folder, upstreams)`` renders deploy/nginx.conf (``render``: ``${NAME}`` placeholders,
  as envsubst fills them in the official image) into a throwaway prefix folder, next to a
  top-level nginx.conf shaped like the official image's (same directives in ``http { }``, so a
  duplicate in the include fails here too), with a self-signed certificate for ``localhost`` and
  127.0.0.1, the pages it shows when no app process answers (``outage_pages``), and runs
  ``nginx -p <folder> -c <folder>/nginx.conf -e <folder>/error.log -g 'daemon off;'`` as a child
  process on free loopback ports.

- ``redis_server(folder)``: a throwaway redis-server (no persistence) on a free loopback port;
- ``events_process(instance_dir)``: the events process, ``python -m paiyou.events``.

All are context managers that wait until the server answers (up to ``scripts.patience.PATIENT``:
starting on a loaded machine takes its time) and always stop it (its whole process group) on the
way out. Nothing listens anywhere but 127.0.0.1.
"""
from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from scripts.patience import PATIENT

ROOT = Path(__file__).resolve().parents[1]
DOCKERFILE = ROOT / "Dockerfile"
NGINX_TEMPLATE = ROOT / "deploy" / "nginx.conf"
STATIC_ROOT = ROOT / "site" / "paiyou" / "static"
HOST = "127.0.0.1"
# a server starting, or answering a test: as long as the tests wait for anything (a loaded machine)
START_TIMEOUT = PATIENT

PLACEHOLDER = re.compile(r"\$\{([A-Z][A-Z0-9_]*)\}")


class StackError(RuntimeError):
    """A server of the stack did not start; the message ends with its log."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        port: int = s.getsockname()[1]
        return port


def nginx_binary() -> str | None:
    found = shutil.which("nginx")
    if found:
        return found
    return "/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None


# -- gunicorn -----------------------------------------------------------------------------------

def production_command() -> list[str]:
    """The Dockerfile's ``CMD`` (exec form), as a list."""
    for line in DOCKERFILE.read_text().splitlines():
        if line.startswith("CMD "):
            command = json.loads(line[len("CMD "):])
            if not (isinstance(command, list) and all(isinstance(part, str) for part in command)):
                break
            return command
    raise StackError(f"no exec-form CMD in {DOCKERFILE}")


def _set_option(argv: list[str], option: str, value: str) -> list[str]:
    if option in argv:
        index = argv.index(option)
        return [*argv[:index + 1], value, *argv[index + 2:]]
    return [*argv, option, value]


def gunicorn_argv(port: int, workers: int | None = None, threads: int | None = None) -> list[str]:
    """The production command bound to 127.0.0.1:``port``, run by this interpreter's gunicorn."""
    command = production_command()
    if command[0] != "gunicorn":
        raise StackError(f"the Dockerfile's CMD is not gunicorn: {command}")
    argv = _set_option(command[1:], "--bind", f"{HOST}:{port}")
    if workers is not None:
        argv = _set_option(argv, "--workers", str(workers))
    if threads is not None:
        argv = _set_option(argv, "--threads", str(threads))
    return [sys.executable, "-m", "gunicorn", *argv]


@dataclass(frozen=True)
class Server:
    """A running server: where it listens and its log file."""

    host: str
    port: int
    scheme: str
    log: Path
    ssl_context: ssl.SSLContext | None = None
    pid: int | None = None  # the server's own process, when it is one (its memory can be read)

    def connection(self, timeout: float = PATIENT) -> http.client.HTTPConnection:
        if self.scheme == "https":
            return http.client.HTTPSConnection(self.host, self.port, timeout=timeout,
                                               context=self.ssl_context)
        return http.client.HTTPConnection(self.host, self.port, timeout=timeout)

    @property
    def origin(self) -> str:
        return f"{self.scheme}://{self.host}:{self.port}"


def _stop(process: subprocess.Popen[bytes], sig: int = signal.SIGTERM) -> None:
    """Stop ``process`` and everything it started (its own session), then reap it."""
    if process.poll() is None:
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            pass
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            process.wait(timeout=10)
    else:  # the leader is gone; make sure nothing of its group is left
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def _wait_until_answering(server: Server, process: subprocess.Popen[bytes], path: str) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    last = "no answer"
    while time.monotonic() < deadline:
        if process.poll() is not None:
            last = f"exited with {process.returncode}"
            break
        conn = server.connection(timeout=10)  # one attempt; a cold first answer under load takes seconds
        try:
            conn.request("GET", path)
            status = conn.getresponse().status
            if status < 500:
                return
            last = f"status {status}"
        except (OSError, http.client.HTTPException) as error:
            last = repr(error)
        finally:
            # closed on every path: a refused or reset attempt left its socket to the garbage
            # collector, whose ResourceWarning then failed whichever test ran at that moment
            conn.close()
        time.sleep(0.1)
    log = server.log.read_text(errors="replace") if server.log.exists() else ""
    raise StackError(f"{server.origin} did not start ({last}):\n{log[-4000:]}")


@contextmanager
def gunicorn(instance_dir: Path, *, workers: int | None = None, threads: int | None = None,
             env: Mapping[str, str] | None = None, port: int | None = None) -> Iterator[Server]:
    """The production gunicorn on a free loopback port (or ``port``: a restart on the same one),
    instance folder ``instance_dir`` (SQLite store there unless ``env`` names a database),
    ``SECRET_KEY=test``, ``PAIYOU_BEHIND_PROXY=1``."""
    instance_dir.mkdir(parents=True, exist_ok=True)
    port = port or free_port()
    log = instance_dir / f"gunicorn-{port}.log"
    environment = _environment(instance_dir, env)
    with log.open("wb") as out:
        process = subprocess.Popen(gunicorn_argv(port, workers, threads), cwd=instance_dir,
                                   env=environment, stdout=out, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, start_new_session=True)
    server = Server(HOST, port, "http", log, pid=process.pid)  # the master, leader of its group
    try:
        _wait_until_answering(server, process, "/en/")
        yield server
    finally:
        _stop(process)


# Not a production secret: the stacks of the benchmarks and tests deal dailies nobody plays for real.
STACK_DAILY_SECRET = "paiyou-test-stack-daily-secret-0123456789"


def _environment(instance_dir: Path, env: Mapping[str, str] | None) -> dict[str, str]:
    """This interpreter's environment for a server of the site: the instance folder (SQLite store
    there unless ``env`` names a database), ``SECRET_KEY=test``, a daily secret every process of
    the stack shares (behind a proxy the app refuses to start without one), ``PAIYOU_BEHIND_PROXY=1``,
    the checkout on the path."""
    environment = {**os.environ, "PAIYOU_INSTANCE_DIR": str(instance_dir), "SECRET_KEY": "test",
                   "PAIYOU_DAILY_SECRET": STACK_DAILY_SECRET, "PAIYOU_BEHIND_PROXY": "1",
                   "PYTHONUNBUFFERED": "1"}
    environment.pop("PAIYOU_DATABASE_URL", None)
    environment.update(env or {})
    site = str(ROOT / "site")
    environment["PYTHONPATH"] = os.pathsep.join(filter(None, (site, str(ROOT),
                                                              environment.get("PYTHONPATH"))))
    return environment


@contextmanager
def events_process(instance_dir: Path, *, env: Mapping[str, str] | None = None,
                   port: int | None = None) -> Iterator[Server]:
    """``python -m paiyou.events`` on a free loopback port (or ``port``: a restart on the same
    one), with the site's environment (as ``gunicorn``'s) plus ``env``."""
    instance_dir.mkdir(parents=True, exist_ok=True)
    port = port or free_port()
    log = instance_dir / f"events-{port}.log"
    argv = [sys.executable, "-m", "paiyou.events", "--host", HOST, "--port", str(port), "--log-level", "warning"]
    with log.open("wb") as out:
        process = subprocess.Popen(argv, cwd=instance_dir, env=_environment(instance_dir, env), stdout=out,
                                   stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
    server = Server(HOST, port, "http", log, pid=process.pid)
    try:
        _wait_until_answering(server, process, "/api/v1/games/none/events")
        yield server
    finally:
        _stop(process)


def redis_binary() -> str | None:
    return shutil.which("redis-server") or ("/usr/bin/redis-server" if Path("/usr/bin/redis-server").exists() else None)


@dataclass(frozen=True)
class Redis:
    port: int
    process: subprocess.Popen[bytes]

    @property
    def url(self) -> str:
        return f"redis://{HOST}:{self.port}/0"

    def kill(self) -> None:
        """Gone at once, as a crashed server (SIGKILL)."""
        _stop(self.process, signal.SIGKILL)


@contextmanager
def redis_server(folder: Path, port: int | None = None) -> Iterator[Redis]:
    """A redis-server without persistence on ``port`` (default: a free one), from ``folder``."""
    binary = redis_binary()
    if binary is None:
        raise StackError("redis-server is not installed (Debian: apt-get install redis-server)")
    folder.mkdir(parents=True, exist_ok=True)
    port = port or free_port()
    process = subprocess.Popen([binary, "--port", str(port), "--bind", HOST, "--save", "", "--appendonly", "no",
                                "--dir", str(folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            try:
                socket.create_connection((HOST, port), timeout=0.5).close()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise StackError(f"redis-server did not start on port {port}") from None
                time.sleep(0.05)
        yield Redis(port, process)
    finally:
        _stop(process)


# -- nginx --------------------------------------------------------------------------------------

def render(template: str, values: Mapping[str, str]) -> str:
    """``${NAME}`` replaced by ``values[NAME]`` (envsubst's syntax); every ``${PAIYOU_*}`` must be
    given. nginx's own ``$variables`` are left alone."""
    missing = sorted({name for name in PLACEHOLDER.findall(template)
                      if name.startswith("PAIYOU_") and name not in values})
    if missing:
        raise StackError(f"no value for {', '.join(missing)}")
    return PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group(0)), template)


# The official image's /etc/nginx/nginx.conf, with its paths moved into the prefix folder. The
# workers run as whoever runs this (as root, nginx would otherwise make them "nobody", who may not
# enter a checkout in a private folder such as one made by mktemp).
TOP_LEVEL = """\
{user}worker_processes {workers};
pid {prefix}/nginx.pid;
error_log {prefix}/error.log notice;
events {{
    worker_connections 1024;
}}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    log_format main '$remote_addr - $remote_user [$time_local] "$request" '
                    '$status $body_bytes_sent "$http_referer" '
                    '"$http_user_agent" "$http_x_forwarded_for"';
    access_log {prefix}/access.log main;
    sendfile on;
    keepalive_timeout 65;
    client_body_temp_path {prefix}/tmp/client_body;
    proxy_temp_path {prefix}/tmp/proxy;
    fastcgi_temp_path {prefix}/tmp/fastcgi;
    uwsgi_temp_path {prefix}/tmp/uwsgi;
    scgi_temp_path {prefix}/tmp/scgi;
    include {prefix}/conf.d/*.conf;
}}
"""


def self_signed_certificate(folder: Path) -> tuple[Path, Path]:
    """A throwaway certificate for localhost and 127.0.0.1 (openssl); (certificate, key)."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True, timeout=START_TIMEOUT)
    return cert, key


@dataclass(frozen=True)
class Proxy:
    """A running nginx: the site over HTTPS, the redirect over plain HTTP."""

    https: Server
    http: Server
    prefix: Path


def outage_pages(folder: Path) -> Path:
    """The pages nginx shows when no app process answers (paiyou.outage), written into
    ``folder``/outage as the nginx image's build does, with catalogs compiled from the checkout's
    translations (its .po files) into ``folder``/translations."""
    from paiyou.i18n import catalogs  # the site's code: only this helper needs it

    translations = folder / "translations"
    shutil.rmtree(translations, ignore_errors=True)
    shutil.copytree(ROOT / "translations", translations, ignore=shutil.ignore_patterns("*.mo"))
    catalogs.compile_catalogs(translations)
    pages = folder / "outage"
    env = _environment(folder / "outage-instance", {"PAIYOU_TRANSLATIONS_DIR": str(translations)})
    (folder / "outage-instance").mkdir(exist_ok=True)
    written = subprocess.run([sys.executable, "-m", "flask", "--app", "paiyou", "outage-pages", str(pages)],
                             cwd=folder, env=env, capture_output=True, text=True, timeout=START_TIMEOUT)
    if written.returncode != 0:
        raise StackError(f"the outage pages were not written:\n{written.stdout}{written.stderr}")
    return pages


@contextmanager
def nginx(folder: Path, upstreams: Sequence[Server], *, write_rate: str = "10r/s",
          static_root: Path = STATIC_ROOT, events: Sequence[Server] | None = None,
          workers: str = "auto") -> Iterator[Proxy]:
    """deploy/nginx.conf in front of ``upstreams``, run from the prefix ``folder``; the events
    streams go to ``events`` (by default to ``upstreams``, whose Flask app serves them too).
    ``workers``: nginx's worker processes (each balances the upstreams in turn on its own, so one
    worker makes "which app answers" predictable). The outage pages are written into the folder
    first (``outage_pages``)."""
    binary = nginx_binary()
    if binary is None:
        raise StackError("nginx is not installed (Debian: apt-get install nginx)")
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o755)  # nginx's workers (nobody, when run as root) use the temp folders inside
    (folder / "tmp").mkdir(exist_ok=True)
    (folder / "conf.d").mkdir(exist_ok=True)
    cert, key = self_signed_certificate(folder)
    https_port, http_port = free_port(), free_port()
    values = {
        "PAIYOU_UPSTREAM_SERVERS": " ".join(f"server {u.host}:{u.port};" for u in upstreams),
        "PAIYOU_EVENTS_SERVERS": " ".join(f"server {u.host}:{u.port};" for u in (events or upstreams)),
        "PAIYOU_SERVER_NAME": f"localhost {HOST}",
        "PAIYOU_HTTP_LISTEN": f"{HOST}:{http_port}",
        "PAIYOU_HTTPS_LISTEN": f"{HOST}:{https_port}",
        "PAIYOU_TLS_CERT": str(cert),
        "PAIYOU_TLS_KEY": str(key),
        "PAIYOU_STATIC_ROOT": str(static_root),
        "PAIYOU_WRITE_RATE": write_rate,
        "PAIYOU_OUTAGE_ROOT": str(outage_pages(folder)),
    }
    (folder / "conf.d" / "paiyou.conf").write_text(render(NGINX_TEMPLATE.read_text(), values))
    conf = folder / "nginx.conf"
    user = "user root;\n" if os.geteuid() == 0 else ""
    conf.write_text(TOP_LEVEL.format(prefix=folder, user=user, workers=workers))
    base = [binary, "-p", str(folder), "-c", str(conf), "-e", str(folder / "error.log")]
    checked = subprocess.run([*base, "-t"], capture_output=True, text=True, timeout=START_TIMEOUT)
    if checked.returncode != 0:
        raise StackError(f"nginx -t failed:\n{checked.stderr}")
    context = ssl.create_default_context(cafile=str(cert))
    https = Server(HOST, https_port, "https", folder / "error.log", context)
    plain = Server(HOST, http_port, "http", folder / "error.log")
    out = (folder / "stdout.log").open("wb")
    process = subprocess.Popen([*base, "-g", "daemon off;"], stdout=out, stderr=subprocess.STDOUT,
                               stdin=subprocess.DEVNULL, start_new_session=True)
    out.close()
    try:
        _wait_until_answering(https, process, "/static/css/site.css")
        yield Proxy(https, plain, folder)
    finally:
        _stop(process)  # SIGTERM: nginx's fast shutdown
