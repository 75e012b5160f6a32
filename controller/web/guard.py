"""Who may talk to the web companion at all, before any route: the names the board answers
to, where a change may come from, and the headers that keep the page out of other sites.

* **Host**: a request must name the board as its host — ``localhost``, the machine's name
  (``kaskade`` or ``kaskade.local``), any name given to it (``--web-host``, or the settings'
  ``web_hosts``), a loopback address, or the very address it came in on. Anything else gets a
  421: a page elsewhere that makes its own name point at the board (DNS rebinding) reaches
  nothing.
* **Origin**: a change (``POST``, ``PUT``, ``DELETE``) sent by a browser must come from the
  board's own page: a foreign ``Origin`` (or ``Sec-Fetch-Site: cross-site``) gets a 403; and
  its body must be JSON (``Content-Type: application/json``, a 415 otherwise), which no other
  site's page can send without the board's leave — except a release uploaded to
  ``/api/upgrade``, a file as ``multipart/form-data``, which needs the paired token in its
  ``Authorization`` header, which no other site's form can send.
* **Headers** on every answer: no framing (``X-Frame-Options: DENY``, CSP
  ``frame-ancestors 'none'``), a strict content policy for the page (its own files only, no
  inline script; connections to the board itself, and to the broker's WebSocket address for
  remote play only when one is set), ``nosniff``, no referrer.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Awaitable, Callable, Iterable
from urllib.parse import urlsplit

from aiohttp import web

from controller.web.api import Handler, json_error

CHANGES = frozenset({"POST", "PUT", "DELETE", "PATCH"})
UPLOADS = {"/api/upgrade": "multipart/form-data"}
"""The routes whose body is a file, and the one type each takes instead of JSON."""
SECURITY_HEADERS = {
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; "
                               "img-src 'self' data:; connect-src 'self'; base-uri 'none'; "
                               "form-action 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
}


def own_names(extra: Iterable[str] = ()) -> frozenset[str]:
    """The names the board answers to: ``localhost``, this machine's name with and without
    ``.local``, and ``extra``."""
    machine = socket.gethostname().lower()
    short = machine.split(".")[0]
    names = {"localhost", machine, short, f"{short}.local", *extra}
    return frozenset(name.lower().rstrip(".") for name in names if name)


def host_name(header: str) -> str:
    """The host of a ``Host`` header, without its port or brackets, in lower case."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:].partition("]")[0]
    name, colon, port = header.rpartition(":")
    return name if colon and port.isdigit() and ":" not in name else header


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        address = ipaddress.ip_address(text.partition("%")[0])
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


class Guard:
    """The checks above for a board answering to ``names`` (see :func:`own_names`)."""

    def __init__(self, names: frozenset[str]) -> None:
        self.names = names

    def host_allowed(self, header: str | None, local: str | None) -> bool:
        """Whether ``header`` (the request's ``Host``; ``None``: none sent, as only programs
        do) names this board; ``local`` is the address the request came in on."""
        if header is None:
            return True
        name = host_name(header)
        if name.rstrip(".") in self.names:
            return True
        address = _address(name)
        if address is None:
            return False
        return address.is_loopback or (local is not None and address == _address(local))

    def origin_refusal(self, request: web.Request) -> str | None:
        """Why a change from ``request`` is refused (another site's page), or ``None``."""
        if request.headers.get("Sec-Fetch-Site", "").lower() == "cross-site":
            return "a page of another site may not change anything here"
        origin = request.headers.get("Origin")
        if origin is None:
            return None
        parts = urlsplit(origin)
        host = request.headers.get("Host", "")
        if parts.scheme not in ("http", "https") or parts.netloc.lower() != host.lower():
            return f"a page from {origin[:80]!r} may not change anything here; use the " \
                   f"board's own page"
        return None

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Refuse what the checks refuse; answer the rest."""
        transport = request.transport
        sockname = transport.get_extra_info("sockname") if transport is not None else None
        local = sockname[0] if isinstance(sockname, tuple) else None
        host = request.headers.get("Host")
        if not self.host_allowed(host, local):
            return json_error(421, f"this board answers to its own names only "
                                   f"({', '.join(sorted(self.names))}, or its address); "
                                   f"{host_name(host or '')[:80]!r} is not one of them (a "
                                   f"name of your own: kaskade play --web-host NAME)")
        if request.method in CHANGES:
            refusal = self.origin_refusal(request)
            if refusal is not None:
                return json_error(403, refusal)
            wanted = UPLOADS.get(request.path, "application/json")
            if request.body_exists and request.content_type != wanted:
                return json_error(415, f"send the body with Content-Type: {wanted}")
        return await handler(request)


def security_headers(websocket: str = "") -> Callable[
        [web.Request, web.StreamResponse], Awaitable[None]]:
    """Every answer's security headers (an ``on_response_prepare`` signal); ``websocket``, the
    broker's address for the page's remote play, is the one place beside the board the page
    may connect to."""
    headers = dict(SECURITY_HEADERS)
    if websocket:
        headers["Content-Security-Policy"] = headers["Content-Security-Policy"].replace(
            "connect-src 'self'", f"connect-src 'self' {websocket}")

    async def add(request: web.Request, response: web.StreamResponse) -> None:
        del request
        for name, value in headers.items():
            response.headers.setdefault(name, value)

    return add
