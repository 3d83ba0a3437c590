"""A table's events stream refused by the server (429: too many open streams from one address)
is opened again by the page after the server's ``Retry-After`` (15 s), not sooner and not never:
an ``EventSource`` gives up for good on any answer but a 200 (issue 45, item 15)."""
from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Page, Response

from scripts.loopback import served
from scripts.patience import PATIENT

RETRY_AFTER = 15  # paiyou.live.counting.RETRY_AFTER
WAIT_S = PATIENT  # a server or a browser on a loaded machine (scripts/patience.py)


@pytest.fixture(scope="module")
def one_stream(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server that lets each address hold one open stream."""
    with served(tmp_path_factory.mktemp("one-stream"), PAIYOU_EVENTS_PER_CLIENT=1) as url:
        yield url


def new_table(base: str) -> dict[str, str]:
    request = urllib.request.Request(f"{base}/api/v1/tien-gow/games", method="POST",
                                     data=json.dumps({"seats": ["you", "friend", "random", "random"]}).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=WAIT_S) as answer:
        return dict(json.load(answer))


def wait_for(page: Page, condition: Callable[[], object], what: str) -> None:
    """Waits on ``condition`` while the page's events are delivered (a sleep would hold them)."""
    deadline = time.monotonic() + WAIT_S
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"no {what} within {WAIT_S} s")
        page.wait_for_timeout(50)


def test_a_refused_stream_is_opened_again_after_its_retry_after(browser: Browser, one_stream: str) -> None:
    table = new_table(one_stream)
    context = browser.new_context(base_url=one_stream)
    try:
        context.add_cookies([{"name": "paiyou_seats", "value": f"{table['id']}:{table['key']}",
                              "url": one_stream}])
        path = f"/en/tien-gow/games/{table['id']}"
        first = context.new_page()
        with first.expect_response(lambda r: r.url.endswith("/events"), timeout=WAIT_S * 1000) as opened:
            first.goto(path)
        assert opened.value.status == 200
        second = context.new_page()
        streams: list[tuple[float, int]] = []  # (when, status) of each of the second page's streams

        def seen(response: Response) -> None:
            if response.url.endswith("/events"):
                streams.append((time.monotonic(), response.status))

        second.on("response", seen)
        second.goto(path)
        wait_for(second, lambda: streams, "stream of the second page")
        assert streams[0][1] == 429  # the first page holds the address's one stream
        first.close()  # its stream's place is free at once
        wait_for(second, lambda: any(status == 200 for _, status in streams), "stream opened again")
        refused_at = streams[0][0]
        again = streams[1][0]
        # nothing asked in between: the page waited for the Retry-After (a little under, for the
        # browser's own timer resolution)
        assert again - refused_at >= RETRY_AFTER - 1, streams
        assert streams[1][1] == 200, streams
    finally:
        context.close()
