"""The crawl: breadth-first over every same-site link, each URL once."""
from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from flask.testing import FlaskClient

from scripts.snapshotting.record import Recorder, url_name


def crawl(rec: Recorder, client: FlaskClient, start: Iterable[str], seen: set[str],
          limit: int) -> list[str]:
    """Breadth-first over every same-site link, each URL once, at most ``limit`` URLs in all."""
    queue = deque(u for u in start if u not in seen)
    seen.update(queue)
    visited: list[str] = []
    while queue:
        if len(seen) - len(queue) >= limit:
            rec.note(f"crawl stopped at {limit} URLs; {len(queue)} left unvisited")
            break
        url = queue.popleft()
        mark = len(rec.found)
        rec.exchange(client, "GET", url, url_name(url))
        visited.append(url)
        for link in rec.found[mark:]:
            if link not in seen and crawlable(link):
                seen.add(link)
                queue.append(link)
    return visited


def crawlable(url: str) -> bool:
    """Not a game table (``GAME-n``: played by the play flows; random deals are not played) nor
    a random practice seed (``SEED-n``)."""
    return "GAME-" not in url and "SEED-" not in url
