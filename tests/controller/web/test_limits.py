"""The web companion's limits against a flood, on loopback: 2,000 idle connections leave the
page answering and the game saving in a process with the service's 1,024 file descriptors;
600 idle connections never close the family's open page (its stream is a paired page's,
kept while it is open); connections past the cap close the quietest idle ones; unpaired
pages' streams are limited to their share; a connection that sends no whole request is
dropped; a failing ``accept()`` is reported once per interval; and stream clients that come and
go leave no waiters behind."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import resource
import socket
import subprocess
import sys
import textwrap
import time
import urllib.request
from collections.abc import Iterator

import pytest

from controller.bench.stream import StreamReader
from controller.profile import load_profile
from controller.web.limits import (
    PAIRED,
    UNPAIRED,
    Limits,
    Throttled,
    connection_cap,
    quiet_accept_errors,
)
from sim.front.served import served_board
from tests.support.web import Served

SERVICE_FILES = 1024
"""The file descriptors a service gets unless its unit raises them (systemd's soft default)."""
FLOOD = 2000

HOLDER = textwrap.dedent("""
    import resource, socket, sys
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, 4096)), hard))
    held, failed = [], 0
    for _ in range(int(sys.argv[2])):
        connection = socket.socket()
        connection.settimeout(10)
        try:
            connection.connect(("127.0.0.1", int(sys.argv[1])))
        except OSError:
            failed += 1
            connection.close()
            continue
        held.append(connection)
    print(len(held), failed, flush=True)
    sys.stdin.read()  # held open until the test ends
""")


@contextlib.contextmanager
def files_limited_to(count: int) -> Iterator[None]:
    """This process's soft limit of file descriptors lowered to ``count`` for a while."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(count, hard), hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


@contextlib.contextmanager
def idle_connections(port: int, count: int) -> Iterator[tuple[int, int]]:
    """``count`` idle TCP connections to ``port`` held by another process (its own file
    descriptors); ``(opened, failed)``; all closed at the end."""
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(port), str(count)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        opened, failed = map(int, holder.stdout.readline().split())
        yield opened, failed
    finally:
        holder.stdin.close()
        holder.wait(timeout=30)


def test_a_flood_of_idle_connections_leaves_the_page_answering_and_the_game_saving(tmp_path):
    with files_limited_to(SERVICE_FILES), \
            served_board(load_profile("kaskade-8x8"), tmp_path, think=0.05,
                         reading="open", limits=Limits(connection_cap())) as running:
        served = Served(running.app, running.server)
        served.wait_for(lambda: running.bridge.board.latest is not None, "first picture")
        assert running.server.limits.connections == SERVICE_FILES // 4
        served.pair()
        served.request("POST", "/api/games", {"game": "kaskade", "options": {"size": "4x4"}})
        served.wait_for(lambda: running.app.session is not None, "the game")
        served.request("POST", "/api/touch", {"pad": "h8"})  # skips "White to move"
        autosave = running.app.store.autosave.path
        with idle_connections(running.server.port, FLOOD) as (opened, _):
            assert opened > running.server.limits.connections, "the flood came in"
            with urllib.request.urlopen(running.server.address, timeout=20) as answer:
                assert answer.status == 200, "the page answers"
            assert served.request("POST", "/api/touch", {"pad": "b2"})[0] == 200
            served.wait_for(lambda: autosave.exists() and "b2" in autosave.read_text(),
                            "the move saved", seconds=20)
            assert len(running.server.limit.open) <= running.server.limits.connections


def test_connections_past_the_cap_close_the_quietest_not_the_newest(tmp_path):
    limits = Limits(connections=16, idle_seconds=60)
    with served_board(load_profile("kaskade-8x8"), tmp_path, reading="open",
                      limits=limits) as running, \
            idle_connections(running.server.port, 60) as (opened, failed):
        assert (opened, failed) == (60, 0)
        status, state = Served(running.app, running.server).request("GET", "/api/state")
        assert status == 200
        assert state["screen"] == "HomeScreen"
        assert len(running.server.limit.open) <= 16


def test_600_idle_connections_never_close_the_familys_open_page(tmp_path):
    """The issue's fifth failure: the limiter closed the quietest connection first, and an
    open page's stream counted as quiet, so a flood of idle connections cut the family's
    page off."""
    limits = Limits(connections=64, idle_seconds=60)
    with served_board(load_profile("kaskade-8x8"), tmp_path, reading="paired",
                      limits=limits) as running:
        served = Served(running.app, running.server)
        served.wait_for(lambda: running.bridge.board.latest is not None, "first picture")
        token = served.pair()
        events: list[dict] = []
        page = StreamReader(running.server.address, f"api/stream?token={token}", events.append)
        try:
            assert page.wait_for(lambda: len(events) > 0, 30), "the page sees the board"
            with idle_connections(running.server.port, 600) as (opened, _):
                assert opened > limits.connections, "the flood came in"
                served.wait_for(lambda: len(running.server.limit.open) >= limits.connections,
                                "the connections full")
                assert [c.stream for c in running.server.limit.open if c.stream] == [PAIRED]
                seen = len(events)
                assert served.request("POST", "/api/touch", {"pad": "a8"})[0] == 200
                assert page.wait_for(lambda: len(events) > seen, 30), \
                    "the family's page still shows what the board does"
                assert len(running.server.limit.open) <= limits.connections
        finally:
            page.close()


def test_unpaired_pages_streams_keep_to_their_share(tmp_path):
    limits = Limits(connections=16, idle_seconds=60)
    with served_board(load_profile("kaskade-8x8"), tmp_path, reading="open",
                      limits=limits) as running:
        served = Served(running.app, running.server)
        served.wait_for(lambda: running.bridge.board.latest is not None, "first picture")
        token = served.pair()
        pages = [StreamReader(running.server.address, f"api/stream?token={token}",
                              lambda event: None)]
        try:
            for _ in range(12):
                pages.append(StreamReader(running.server.address, "api/stream",
                                          lambda event: None))
            limit = running.server.limit
            served.wait_for(lambda: sum(c.stream == UNPAIRED for c in limit.open)
                            <= limit.unpaired_streams, "the unpaired streams cut to a quarter")
            assert limit.unpaired_streams == 4
            assert sum(c.stream == PAIRED for c in limit.open) == 1, "the paired page stays"
        finally:
            for page in pages:
                page.close()


def test_a_connection_that_sends_no_whole_request_is_dropped(tmp_path):
    with served_board(load_profile("kaskade-8x8"), tmp_path, reading="open",
                      limits=Limits(connections=64, idle_seconds=1.0)) as running:
        slow = socket.create_connection(("127.0.0.1", running.server.port), timeout=20)
        quiet = socket.create_connection(("127.0.0.1", running.server.port), timeout=20)
        try:
            slow.sendall(b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            started = time.monotonic()
            closed = False
            while time.monotonic() - started < 15:  # a header line now and then, never done
                try:
                    slow.sendall(b"X-Slow: 1\r\n")
                except OSError:
                    closed = True
                    break
                slow.settimeout(0.5)
                try:
                    if slow.recv(1024) == b"":
                        closed = True
                        break
                except TimeoutError:
                    continue
                except OSError:
                    closed = True
                    break
            assert closed, "a request head that never ends is dropped"
            assert quiet.recv(1024) == b"", "a connection that says nothing is dropped"
        finally:
            slow.close()
            quiet.close()


def test_a_failing_accept_is_reported_once_per_interval_not_per_connection(caplog):
    loop = asyncio.new_event_loop()
    try:
        report = quiet_accept_errors(loop)
        with caplog.at_level(logging.WARNING, logger="controller.web.limits"):
            for _ in range(1000):
                loop.call_exception_handler({
                    "message": "socket.accept() out of system resource",
                    "exception": OSError(24, "Too many open files")})
        assert len(caplog.records) == 1
        assert "could not accept connections" in caplog.records[0].getMessage()
        assert report.count == 999, "the rest are counted for the next report"
    finally:
        loop.close()


def test_throttled_reports_again_after_its_interval(caplog):
    now = [0.0]
    report = Throttled("something", seconds=10, clock=lambda: now[0])
    with caplog.at_level(logging.WARNING, logger="controller.web.limits"):
        for step in range(100):
            now[0] = step * 0.5
            report.happened("detail")
    assert len(caplog.records) == 5
    assert "(20 time(s) since the last report)" in caplog.records[1].getMessage()


@pytest.mark.parametrize(("files", "cap"), [(1024, 256), (65536, 512), (40, 16)])
def test_the_cap_is_well_under_the_file_descriptors(files, cap):
    assert connection_cap(files) == cap


def test_stream_clients_that_come_and_go_leave_no_waiters(served):
    channel = served.server.api.bridge.board
    port = served.server.port
    one = urllib.request.urlopen(served.server.address + "api/stream", timeout=10)
    try:
        one.readline()
        time.sleep(3.5)  # a still board: the stream's waits time out, one a second
        assert channel.waiting <= 1, "a still board keeps one waiter per page, not a pile"
    finally:
        one.close()
    for _ in range(10):
        batch = []
        for _ in range(50):
            client = socket.create_connection(("127.0.0.1", port), timeout=10)
            client.sendall(b"GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            batch.append(client)
        for client in batch:
            assert client.recv(64).startswith(b"HTTP/1.1 200")
            client.close()
    served.wait_for(lambda: channel.waiting == 0, "no waiters once the 500 clients left",
                    seconds=15)


def test_a_body_that_does_not_arrive_in_time_is_refused(served, monkeypatch):
    from controller.web import api as api_module

    monkeypatch.setattr(api_module, "BODY_SECONDS", 0.5)
    served.pair()
    slow = socket.create_connection(("127.0.0.1", served.server.port), timeout=20)
    try:
        slow.sendall(b"POST /api/touch HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"Content-Type: application/json\r\nContent-Length: 100\r\n"
                     b"Authorization: Bearer " + served.token.encode() + b"\r\n\r\n{\"pad\"")
        answer = b""
        while b"arrive" not in answer:
            more = slow.recv(4096)
            if not more:
                break
            answer += more
        assert answer.startswith(b"HTTP/1.1 408"), answer[:80]
        assert b"did not arrive within 0.5 s" in answer
    finally:
        slow.close()
