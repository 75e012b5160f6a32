"""docs/web.md's examples run against a fresh board: each request gives the status and the
fields the document shows; and every route of the API is in its table."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[3] / "docs" / "web.md"
EXAMPLE = re.compile(r"```request\n(?P<request>.*?)\n```\s*```response\n(?P<response>.*?)\n```",
                     re.S)
EXAMPLES = [(m["request"], m["response"]) for m in EXAMPLE.finditer(DOC.read_text())]


def contains(got, shown) -> bool:
    """Whether ``got`` has every field ``shown`` has, with the same values (a list: as many
    items, each with the fields shown)."""
    if isinstance(shown, dict):
        return isinstance(got, dict) and all(k in got and contains(got[k], v)
                                             for k, v in shown.items())
    if isinstance(shown, list) and shown and isinstance(shown[0], dict):
        return isinstance(got, list) and len(got) == len(shown) and \
            all(contains(g, v) for g, v in zip(got, shown, strict=True))
    return got == shown


def test_the_document_has_examples():
    assert len(EXAMPLES) >= 6


def test_the_examples_give_what_the_document_says(served):
    paired = False
    for request, response in EXAMPLES:
        if not paired and "With a token" in DOC.read_text().split(request)[0][-300:]:
            served.pair()
            paired = True
        method, path, *body = request.split(" ", 2)
        status, shown = response.split(" ", 1)
        got_status, got = served.request(method, path, json.loads(body[0]) if body else None)
        assert got_status == int(status), (request, got)
        assert contains(got, json.loads(shown)), (request, got, shown)


@pytest.mark.parametrize("route", ["GET /api/state", "GET /api/stream", "POST /api/touch",
                                   "POST /api/button", "GET /api/settings", "PUT /api/settings",
                                   "POST /api/games", "GET /api/history",
                                   "GET /api/history/{id}/record", "POST /api/pair/start",
                                   "POST /api/pair", "DELETE /api/pair"])
def test_every_route_is_in_the_table(route):
    assert f"| `{route}`" in DOC.read_text()


def test_the_table_lists_every_route_the_server_has(served):
    routes = {f"{r.method} {r.path}" for r in served.server.routes()}
    documented = set(re.findall(r"^\| `(\w+ /api/[^`]*)`", DOC.read_text(), re.M))
    assert routes == documented
