"""``python -m paiyou.events [--host H] [--port P]``: the events process (docs/deploy.md). It reads
the same settings as the site (the environment, ``PAIYOU_*``: the database, the broker, the
limits) and serves only the events streams; nginx sends it ``/api/v1/games/<id>/events``."""
from __future__ import annotations

import argparse
import gc
import os

import uvicorn

from paiyou import create_app
from paiyou.events.app import create_events_app


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m paiyou.events", description=__doc__)
    parser.add_argument("--host", default=os.environ.get("PAIYOU_EVENTS_HOST", "127.0.0.1"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("PAIYOU_EVENTS_PORT", "8001")))
    parser.add_argument("--log-level", default=os.environ.get("PAIYOU_EVENTS_LOG_LEVEL", "info"))
    args = parser.parse_args(argv)
    # the Flask app once, for its settings, its store and its catalogs; it serves no request
    app = create_events_app(create_app())
    # The app, the engine and the catalogs are hundreds of thousands of objects that live as long
    # as the process: out of the collector's sight, a full collection no longer walks them all
    # (it paused every stream for about 0.4 s: bench/events.py).
    gc.collect()
    gc.freeze()
    # Each open stream makes a few objects a minute: collecting the youngest generation every
    # 50,000 allocations instead of 700 lets far fewer collections reach the streams' old objects.
    gc.set_threshold(50_000, 50, 100)
    # no proxy headers here: the client address is read as the site reads it (PAIYOU_BEHIND_PROXY)
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level, proxy_headers=False,
                server_header=False, timeout_graceful_shutdown=5, backlog=4096)


if __name__ == "__main__":
    main()
