"""Two production gunicorns on one host (bench/servers.py runs the Dockerfile's command, as the
tests and the benchmarks do) share nothing: gunicorn 25+ opens a control socket at one path per
user ($XDG_RUNTIME_DIR/gunicorn.ctl), which the second took from the first and the first to stop
removed (issue 45 §9). The Dockerfile's command turns it off."""
from __future__ import annotations

from pathlib import Path

from bench import servers


def answers(server: servers.Server) -> int:
    conn = server.connection(timeout=30)
    try:
        conn.request("GET", "/en/", headers={"Host": "localhost"})
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def test_two_gunicorns_on_one_host_open_no_shared_control_socket(tmp_path: Path) -> None:
    runtime = tmp_path / "runtime"  # gunicorn's default place for its control socket
    runtime.mkdir(mode=0o700)
    env = {"XDG_RUNTIME_DIR": str(runtime), "HOME": str(tmp_path / "home"),
           "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path / 'games.sqlite3'}"}
    with servers.gunicorn(tmp_path / "one", workers=1, threads=2, env=env) as one:
        with servers.gunicorn(tmp_path / "two", workers=1, threads=2, env=env) as two:
            assert answers(one) == answers(two) == 200
        assert answers(one) == 200  # the other's stop took nothing of this one's
        logs = one.log.read_text(errors="replace") + two.log.read_text(errors="replace")
    assert list(runtime.iterdir()) == [] and not (tmp_path / "home" / ".gunicorn").exists()
    assert "Control socket" not in logs and "control socket" not in logs
