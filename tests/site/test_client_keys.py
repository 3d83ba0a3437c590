"""Whom the rate limits count: an IPv4 address, or an IPv6 /64 — in the app
(``paiyou.web.limits.client_key``) and in deploy/nginx.conf (its ``$paiyou_client`` map) alike,
so the addresses of one /64 share one budget instead of getting 2**64 of them."""
from __future__ import annotations

import functools
import ipaddress
import random
import re
from pathlib import Path

import pytest
from flask import Flask

from paiyou import create_app
from paiyou.store.databases import store_for
from paiyou.web.limits import client_key

ROOT = Path(__file__).resolve().parents[2]
NGINX_CONF = ROOT / "deploy" / "nginx.conf"


@functools.cache
def nginx_client_map() -> list[tuple[re.Pattern[str], str]]:
    """The ``map $remote_addr $paiyou_client`` entries: (regex, value), in order."""
    block = re.search(r"map \$remote_addr \$paiyou_client \{(.*?)\n\}", NGINX_CONF.read_text(), re.S)
    assert block, "deploy/nginx.conf has no $paiyou_client map"
    entries = re.findall(r'^\s*"~(.+?)"\s+"([^"]+)";', block.group(1), re.M)
    assert len(entries) == 5 and "default $remote_addr;" in block.group(1)
    return [(re.compile(pattern), value) for pattern, value in entries]


def nginx_key(address: str) -> str:
    """What nginx's map gives for ``$remote_addr`` = ``address`` (PCRE: the same syntax here)."""
    for pattern, value in nginx_client_map():
        found = pattern.search(address)
        if found:
            return found.expand(re.sub(r"\$(\d)", r"\\\1", value))  # nginx's $1 is Python's \1
    return address


def slash64(address: str) -> ipaddress.IPv6Network:
    return ipaddress.IPv6Network((ipaddress.IPv6Address(address), 64), strict=False)


def addresses() -> list[str]:
    """IPv6 addresses in every shape inet_ntop writes: zero runs of every length at every place."""
    rng = random.Random(64)
    found = {"::1", "::", "2001:db8::1", "fe80::1", "2001:db8:0:1::", "::2:3:4:5:6",
             "::1:2:3:4:5:6", "1::2:3:4:5:6", "1:2:3:4:5:6:7:8", "2001:db8:0:0:1::1"}
    for _ in range(4000):
        groups = [rng.choice([0, 0, 0, 1, rng.randrange(1 << 16)]) for _ in range(8)]
        found.add(str(ipaddress.IPv6Address(sum(g << (16 * (7 - i)) for i, g in enumerate(groups)))))
    return sorted(found)


def test_nginx_counts_an_ipv6_client_per_64() -> None:
    for address in addresses():
        key = nginx_key(address)
        assert ipaddress.IPv6Network(key) == slash64(address), (address, key)


def test_nginx_counts_an_ipv4_client_per_address() -> None:
    for address in ("203.0.113.7", "10.0.0.1", "127.0.0.1"):
        assert nginx_key(address) == address


@pytest.mark.parametrize(("address", "key"), [
    ("203.0.113.7", "203.0.113.7"),
    ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),
    ("2001:db8:1:2:ffff::1", "2001:db8:1:2::/64"),
    ("2001:DB8:1:2::abcd", "2001:db8:1:2::/64"),
    ("::ffff:203.0.113.7", "203.0.113.7"),  # IPv4-mapped: the IPv4 address
    ("not-an-address", "not-an-address"),
])
def test_the_app_counts_the_same_clients(app: Flask, address: str, key: str) -> None:
    with app.test_request_context("/", environ_base={"REMOTE_ADDR": address}):
        assert client_key() == key


def test_the_app_and_nginx_agree(app: Flask) -> None:
    for address in addresses()[::40]:
        with app.test_request_context("/", environ_base={"REMOTE_ADDR": address}):
            assert ipaddress.IPv6Network(client_key()) == ipaddress.IPv6Network(nginx_key(address))


def test_the_addresses_of_one_64_share_the_new_game_budget(translations_dir: Path, tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False,
                      "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                      "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path / 'g.sqlite3'}",
                      "PAIYOU_NEW_GAME_LIMIT": "2 per minute", "PAIYOU_OPPONENT_LEVEL": "random"})
    client = app.test_client()

    def create(address: str) -> int:
        return client.post("/api/v1/chuo-pai/games", json={},
                           environ_base={"REMOTE_ADDR": address}).status_code

    assert [create(f"2001:db8:7:7::{n}") for n in (1, 2, 3)] == [201, 201, 429]
    assert create("2001:db8:7:8::1") == 201  # the next /64 is another client
    store_for(app).close()


@pytest.mark.parametrize(("hops", "client"), [(1, "198.51.100.2"), ("2", "198.51.100.1")])
def test_exactly_the_proxys_hops_are_trusted(translations_dir: Path, tmp_path: Path, hops: object,
                                             client: str) -> None:
    """Behind one proxy the client is the last X-Forwarded-For entry (the one nginx wrote): what a
    client put before it is never believed."""
    app = create_app({"TESTING": True, "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                      "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path / 'g.sqlite3'}",
                      "PAIYOU_BEHIND_PROXY": hops})
    seen: list[str] = []
    app.before_request(lambda: seen.append(client_key()) and None)
    forwarded = "203.0.113.66, 198.51.100.1, 198.51.100.2"
    app.test_client().get("/en/", headers={"X-Forwarded-For": forwarded})
    assert seen == [client]
    store_for(app).close()


@pytest.mark.parametrize("value", ["yes", "-1", "6", "1.5", "١"])
def test_a_proxy_count_that_is_not_a_count_stops_the_start(translations_dir: Path, value: str) -> None:
    with pytest.raises(RuntimeError, match="PAIYOU_BEHIND_PROXY"):
        create_app({"TESTING": True, "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                    "PAIYOU_BEHIND_PROXY": value})


def test_serve_sh_runs_one_process_so_the_limits_hold() -> None:
    """The default store (memory://) counts per process: scripts/serve.sh must serve from one."""
    command = [line for line in (ROOT / "scripts" / "serve.sh").read_text().splitlines()
               if line.startswith("exec ")]
    assert len(command) == 1 and " flask --app paiyou run " in command[0]
    assert "--no-reload" in command[0] and "gunicorn" not in command[0] and "--debug" not in command[0]
    assert "RATELIMIT_STORAGE_URI" not in (ROOT / "scripts" / "serve.sh").read_text()
