"""The watchdog end to end, as systemd runs it: a real board app process reports to a notify
socket this test owns — ready, then alive again and again; when its loop hangs (the rest of
the process still running) the reports stop; killed as systemd kills a hung service, a new
process continues the same game from its autosave."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

KASKADE = str(Path(sys.executable).parent / "kaskade")
HANGING = str(Path(__file__).parents[2] / "support" / "hanging_app.py")
INTERVAL = 1.0
"""The watchdog interval given to the app (WatchdogSec=1): it reports four times a second."""
WAIT = 60.0
"""Generous waits for what must come (a busy machine starts Python slowly)."""
PLAY_C3 = "tap a8\ntap a8\ntap a8\ntap f6\ntap h8\ntap c3\n"
"""Kaskade from the home screen: the tile twice, two people, a 6x6 board, past "White to
move", and White's first stone on c3."""
AFTER_C3 = "Kaskade 6x6 · two people · Black to move · White 1 cell"


@pytest.fixture
def notify_socket() -> Iterator[tuple[socket.socket, str]]:
    """An abstract datagram socket, as systemd's own is, and its $NOTIFY_SOCKET name."""
    name = f"kaskade-test-{uuid.uuid4().hex}"
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind("\0" + name)
    yield listener, "@" + name
    listener.close()


def start(program: list[str], state: Path, address: str) -> subprocess.Popen[str]:
    environment = {**os.environ, "NOTIFY_SOCKET": address,
                   "WATCHDOG_USEC": str(int(INTERVAL * 1_000_000)), "PYTHONFAULTHANDLER": "1"}
    return subprocess.Popen(
        [*program, "sim", "--headless", "--touch", "direct", "--web", "127.0.0.1:0",
         "--script", "-", "--state-dir", str(state)],
        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        env=environment)


def receive(listener: socket.socket, timeout: float) -> list[str]:
    """The assignments of the next datagram."""
    listener.settimeout(timeout)
    return listener.recv(4096).decode().split("\n")


def wait_for(listener: socket.socket, wanted: str) -> list[str]:
    """Every assignment up to the first that starts with ``wanted``."""
    seen: list[str] = []
    while not any(line.startswith(wanted) for line in seen):
        seen += receive(listener, WAIT)
    return seen


def test_a_hung_loop_stops_the_pings_and_a_new_app_continues_the_game(tmp_path, notify_socket):
    listener, address = notify_socket
    app = start([sys.executable, HANGING], tmp_path, address)
    try:
        before = wait_for(listener, "READY=1")
        assert any(line.startswith("STATUS=Home") for line in before), before
        app.stdin.write(PLAY_C3)
        app.stdin.flush()
        statuses = [line for line in wait_for(listener, f"STATUS={AFTER_C3}")
                    if line.startswith("STATUS=")]
        assert statuses[-1].startswith(f"STATUS={AFTER_C3}")
        pings = 0
        while pings < 5:  # and it keeps saying it is alive
            pings += receive(listener, WAIT).count("WATCHDOG=1")

        app.send_signal(signal.SIGUSR2)
        assert "X_HANG=1" in wait_for(listener, "X_HANG=1")  # the loop's thread blocks now
        with pytest.raises(TimeoutError):  # nothing for four intervals: systemd's turn
            receive(listener, 4 * INTERVAL)
        assert app.poll() is None, "the process lives on; only its loop hangs"

        app.send_signal(signal.SIGABRT)  # systemd's WatchdogSignal
        _, errors = app.communicate(timeout=WAIT)
        assert app.returncode == -signal.SIGABRT
        assert "in hanging_advance" in errors, "the faulthandler shows where the loop hung"
    finally:
        if app.poll() is None:
            app.kill()
            app.communicate()

    again = start([KASKADE], tmp_path, address)
    try:
        resumed = wait_for(listener, "READY=1")
        # continued: the words "Black to move" cover it first, the line says so before it
        assert any(line.startswith("STATUS=") and AFTER_C3 in line for line in resumed), resumed
        again.stdin.close()  # the script's end: the app stops and says so
        assert "STOPPING=1" in wait_for(listener, "STOPPING=1")
        assert again.wait(timeout=WAIT) == 0
    finally:
        if again.poll() is None:
            again.kill()
        again.wait()
        again.stderr.close()
