"""The page's markup: every id names one element (two elements of one id once left the
board's name field empty, and its settings form could not be sent)."""

from __future__ import annotations

import re
from collections import Counter
from importlib import resources


def test_every_id_on_the_page_is_unique():
    page = resources.files("controller.web").joinpath("page/index.html").read_text("utf-8")
    ids = Counter(re.findall(r'\sid="([^"]+)"', page))
    assert ids, "the page has ids"
    assert [name for name, count in ids.items() if count > 1] == []
