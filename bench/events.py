"""The events process under load: how many idle streams one process holds, in how much memory, and
how long a move's announcement takes to reach every open page.

- **idle**: ``--streams`` streams (default 2,000), four per game, opened against one events process
  (``python -m paiyou.events``, a real redis-server, games in a temporary SQLite file); its
  resident set size (VmRSS) before and with them all open. Goal: 2,000 streams under 200 MB.
- **nudges**: ``--tables`` of those games (default 200) move, each once a second for
  ``--seconds`` (default 10): each move is announced as ``paiyou.live`` does (one ``PUBLISH``), and
  the time from the ``PUBLISH`` to the event's arrival is measured on every stream of that game.
  Goal: p99 ≤ 250 ms.

The streams are read by raw asyncio sockets in this process, which also publishes; both share the
machine with the events process, so the latencies include this process's own queueing.

    PYTHONPATH=site:. python -m bench.events [--streams 2000] [--tables 200] [--seconds 10] \
        [--write bench/results/events.txt]

Without ``gc.freeze()`` after the app is built (``paiyou/events/__main__.py``), a full garbage
collection walked the app's objects with 2,000 streams open and paused every stream for about
0.4 s: p99 411 ms, against 7 ms with it.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import resource
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from bench import servers

SEATS_PER_TABLE = 4
OPEN_AT_ONCE = 64


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


@dataclass
class Stream:
    game_id: str
    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter
    arrivals: dict[int, float] = field(default_factory=dict)  # version → when it arrived


async def open_stream(host: str, port: int, game_id: str) -> Stream:
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(f"GET /api/v1/games/{game_id}/events HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
    head = await reader.readuntil(b"\r\n\r\n")
    if not head.startswith(b"HTTP/1.1 200"):
        raise RuntimeError(head.decode(errors="replace"))
    stream = Stream(game_id, reader, writer)
    await read_chunk(stream)  # the opening: retry, version, presence
    return stream


async def read_chunk(stream: Stream) -> bytes:
    """One chunk of the chunked body (uvicorn sends each yield of the stream as one)."""
    size = int((await stream.reader.readuntil(b"\r\n")).strip(), 16)
    data = await stream.reader.readexactly(size + 2)
    return data[:-2]


async def follow(stream: Stream) -> None:
    while True:
        chunk = await read_chunk(stream)
        now = time.perf_counter()
        for line in chunk.split(b"\n"):
            if line.startswith(b"id: "):
                stream.arrivals[int(line[4:])] = now


async def measure(args: argparse.Namespace, folder: Path) -> list[str]:
    from paiyou.live import channels
    from paiyou.store.databases import open_store

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # the events process inherits it
    games = args.streams // SEATS_PER_TABLE
    store = open_store(f"sqlite:///{folder / 'games.sqlite3'}")
    ids = [store.create("chuo-pai", 0, ["human"] * SEATS_PER_TABLE, {}).id for _ in range(games)]
    store.close()
    env = {"PAIYOU_DATABASE_URL": f"sqlite:///{folder / 'games.sqlite3'}", "PAIYOU_EVENTS_PER_CLIENT": "100000",
           "PAIYOU_EVENTS_MAX": "100000"}
    lines = []
    with servers.redis_server(folder / "redis") as redis_server:
        env["PAIYOU_EVENTS_BROKER"] = redis_server.url
        with servers.events_process(folder / "events", env=env) as events:
            assert events.pid is not None
            pid = events.pid
            before = rss_mib(pid)
            gate = asyncio.Semaphore(OPEN_AT_ONCE)

            async def opened(game_id: str) -> Stream:
                async with gate:
                    return await open_stream(events.host, events.port, game_id)

            started = time.perf_counter()
            streams = await asyncio.gather(*(opened(ids[i % games]) for i in range(games * SEATS_PER_TABLE)))
            opening = time.perf_counter() - started
            readers = [asyncio.create_task(follow(s)) for s in streams]
            await asyncio.sleep(1)  # let the process settle after the burst of opens
            held = rss_mib(pid)
            lines += [f"idle streams: {len(streams)} on {games} games, opened in {opening:.1f} s",
                      f"events process RSS: {before:.1f} MiB before, {held:.1f} MiB with them open "
                      f"({(held - before) * 1024 / len(streams):.1f} KiB a stream)"]

            import redis.asyncio as aioredis

            client = aioredis.Redis.from_url(redis_server.url)
            moving = ids[:args.tables]
            published: dict[tuple[str, int], float] = {}
            rng = random.Random(0)
            for second in range(args.seconds):
                tick = time.perf_counter()
                order = moving[:]
                rng.shuffle(order)
                for n, game_id in enumerate(order):  # the moves spread over the second
                    await asyncio.sleep(max(0.0, tick + n / len(order) - time.perf_counter()))
                    version = second + 2
                    published[game_id, version] = time.perf_counter()
                    await client.publish(channels.version_channel(game_id), channels.version_message(version))
            await asyncio.sleep(2)  # the last events arrive
            await client.aclose()
            latencies, missing = [], 0
            for stream in streams:
                for (game_id, version), at in published.items():
                    if game_id != stream.game_id:
                        continue
                    arrived = stream.arrivals.get(version)
                    if arrived is None:
                        missing += 1
                    else:
                        latencies.append((arrived - at) * 1000)
            latencies.sort()
            quantiles = statistics.quantiles(latencies, n=100)
            lines += [f"nudges: {args.tables} tables moving once a second for {args.seconds} s, "
                      f"{len(published)} announcements, {len(latencies)} deliveries, {missing} missing",
                      f"announce → event latency: p50 {quantiles[49]:.1f} ms, p99 {quantiles[98]:.1f} ms, "
                      f"max {latencies[-1]:.1f} ms",
                      f"events process RSS after: {rss_mib(pid):.1f} MiB"]
            for task in readers:
                task.cancel()
            for stream in streams:
                stream.writer.close()
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=2000)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--write", type=Path, help="also write the figures to this file")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="paiyou-bench-events-") as folder:
        lines = asyncio.run(measure(args, Path(folder)))
    header = [f"# python -m bench.events --streams {args.streams} --tables {args.tables} --seconds {args.seconds}",
              f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {platform.python_version()}, "
              f"{os.cpu_count()} cores (shared), bench client in the same machine"]
    text = "\n".join(header + lines) + "\n"
    print(text, end="")
    if args.write:
        args.write.write_text(text)


if __name__ == "__main__":
    main()
