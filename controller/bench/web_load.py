"""What a hostile neighbour on the home network gets out of the web companion: how many
pairing guesses a client sending them as fast as it can has checked per second, and how much
the board app's loop is slowed while eight clients replay a long finished game.

The board app runs for real (the mock board, the real-time loop, the web server on a free port,
reading open). The guesser sends wrong codes one after another while a code shows (one touch of
the pairing pad, as a person at the board); a guess that was checked is answered 403, one that
must wait 429. The replayers each walk through the game's moves, asking for the whole replay
every fourth request and a move's animation otherwise (as the page's *play* does), while the
loop's latency is the time a call handed to the app takes to come back.
"""

from __future__ import annotations

import json
import random
import statistics
import tempfile
import threading
import time
import urllib.error
import urllib.request
from datetime import datetime
from pathlib import Path
from typing import Any

from controller.app.autosave import Autosave
from controller.app.session import Session
from controller.games.kaskade import KaskadeState
from controller.profile import load_profile
from sim.front.served import Served, served_board

REPLAYERS = 8
GAME_SIZE = 8
"""The replayed game: Kaskade on 8 x 8 (a long game: 130 moves or more)."""


def measure_web_load(seconds: float) -> dict[str, Any]:
    """The guesses checked per second over ``seconds``, and the loop's call latency without
    and with eight replaying clients over ``seconds``."""
    with tempfile.TemporaryDirectory() as state, \
            served_board(load_profile("kaskade-8x8"), Path(state), think=0.05,
                         reading="open") as served:
        checked, waited = _guess(served, seconds)
        plies = _finished_game(served, Autosave(Path(state) / "scratch.record"))
        quiet = _latencies(served, 1.0)
        loaded, answered, busy = _replaying(served, plies, seconds)
    return {
        "seconds": seconds,
        "guesses_checked_per_second": round(checked / seconds, 3),
        "guesses_told_to_wait": waited,
        "replayed_plies": plies,
        "loop_latency_quiet_ms": _summary(quiet),
        "loop_latency_replaying_ms": _summary(loaded),
        "replays_answered": answered,
        "replays_told_to_wait": busy,
    }


def _post(address: str, path: str, body: dict[str, Any]) -> int:
    request = urllib.request.Request(address + path, json.dumps(body).encode(),
                                     {"Content-Type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def _guess(served: Served, seconds: float) -> tuple[int, int]:
    served.bridge.call(lambda app, now: app.show_pairing_code(now)).result(5)
    checked = waited = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        status = _post(served.server.address, "api/pair", {"code": "wrong"})
        checked += status == 403
        waited += status == 429
    return checked, waited


def _finished_game(served: Served, scratch: Autosave) -> int:
    """A long random game of Kaskade, finished and put into the history; its length."""
    chance = random.Random(7)
    while True:
        state = KaskadeState(GAME_SIZE, GAME_SIZE)
        session = Session.new(state, datetime(2026, 1, 1), scratch)
        while not session.finished:
            session.play(chance.choice(session.state.legal_moves()))
        if len(session.moves) >= 130:
            served.app.store.history.add(session.match(datetime(2026, 1, 1, 1)))
            return len(session.moves)


def _latencies(served: Served, seconds: float) -> list[float]:
    """The loop's call latency, in ms, every 20 ms over ``seconds``."""
    found = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        sent = time.perf_counter()
        served.bridge.call(lambda app, now: None).result(30)
        found.append((time.perf_counter() - sent) * 1000)
        time.sleep(0.02)
    return found


def _replaying(served: Served, plies: int, seconds: float) -> tuple[list[float], int, int]:
    (game,) = served.app.store.history.matches(1)
    stop = threading.Event()
    counts = {"answered": 0, "busy": 0}
    lock = threading.Lock()

    def replayer(first: int) -> None:
        ply = first
        while not stop.is_set():
            path = f"replay/{ply}" if ply % 4 else "replay"
            try:
                with urllib.request.urlopen(f"{served.server.address}api/history/{game.id}/"
                                            f"{path}", timeout=60) as answer:
                    answer.read()
                kind = "answered"
            except urllib.error.HTTPError as error:
                kind = "busy" if error.code == 429 else "answered"
                if error.code == 429:
                    time.sleep(float(error.headers.get("Retry-After", "1")))
            with lock:
                counts[kind] += 1
            ply = ply % plies + 1

    threads = [threading.Thread(target=replayer, args=(1 + index * 17,), daemon=True)
               for index in range(REPLAYERS)]
    for thread in threads:
        thread.start()
    try:
        loaded = _latencies(served, seconds)
    finally:
        stop.set()
        for thread in threads:
            thread.join(60)
    return loaded, counts["answered"], counts["busy"]


def _summary(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {"median": round(statistics.median(ordered), 2),
            "p95": round(ordered[int(len(ordered) * 0.95)], 2),
            "worst": round(ordered[-1], 2)}
