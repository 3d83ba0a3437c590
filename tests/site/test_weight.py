"""Every page weighs at most 100 KB transferred with gzip: its HTML plus every stylesheet and
script it loads (no images: tiles are inline SVG)."""
from __future__ import annotations

import gzip
import re

import pytest

from tests.e2e.pages import LANGUAGES, PAGES, REDIRECTING

BUDGET = 100_000  # bytes, gzip-compressed
ASSET = re.compile(r'<(?:link[^>]+rel="stylesheet"[^>]+href|script[^>]+src)="([^"]+)"')


def gzipped_size(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=6))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("path", PAGES)
def test_page_weight(client, path: str, lang: str) -> None:
    html = client.get(path.format(lang=lang), follow_redirects=path in REDIRECTING).get_data()
    total = gzipped_size(html)
    assets = ASSET.findall(html.decode())
    paths = [a.split("?")[0] for a in assets]  # versioned static URLs end in ?v=<hash>
    assert any(p.endswith(".css") for p in paths)  # scripts only where a page uses them
    for url in assets:
        response = client.get(url)
        assert response.status_code == 200, url
        total += gzipped_size(response.get_data())
        response.close()
    assert total <= BUDGET, f"{path.format(lang=lang)}: {total} bytes gzipped"
