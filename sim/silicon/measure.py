"""The touch firmware measured on the emulated Pico of one board: installed with ``kaskade
firmware flash``'s own code over the pseudo-terminal, then, in simulated time (so a busy machine
changes nothing but how long the run takes):

* ``hello_ms`` — from the restart after the update to the firmware's hello;
* ``busy_cycles_median`` / ``busy_cycles_worst`` — cycles the core executed in each scan period
  from the second heartbeat on (interrupts, the USB stack and the heartbeat included; the boot
  stage's one write to the flash, after the first second, is not a scan), and
  ``busy_share_median`` / ``busy_share_worst``, those as a share of the period's cycles at the
  Pico's 125 MHz;
* ``scans_per_s`` — the scans the heartbeats count, against the ``scan_hz`` the firmware aims at;
* ``touch_ms_median`` / ``touch_ms_worst`` — from a finger landing (at a random moment of the
  scan period) to the last byte of its touch line leaving the Pico; ``release_ms_*`` the same
  for the finger lifting;
* ``heap_free`` — bytes of MicroPython's heap free with the board built and its sensors started
  (after a collection);
* ``within_goals`` — whether the build meets every goal below.
"""

from __future__ import annotations

import json
import random
import statistics
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from controller.profile import load_profile
from controller.profile.firmware import board_id, firmware_config
from controller.profile.model import Profile
from hw.flash.update import flash_bundled
from sim.silicon import image as images
from sim.silicon.emulator import Line, Pico, SiliconError, line_of
from sim.silicon.relay import PseudoTerminal

CLOCK_HZ = 125_000_000
GOAL_BUSY_MEDIAN = 0.5
GOAL_BUSY_WORST = 1.0
GOAL_TOUCH_MS = 35.0
GOAL_HEAP_FREE = 100_000
WAIT = 300.0
"""Seconds of wall clock to wait for anything the emulator does: generous, it is slow and the
machine may be busy."""
TOUCHES = 8
PROMPT_ANSWER = "at the prompt"
HOLD_MS = 120

HEAP_CODE = (
    "exec(\"import gc,machine\\nr='/fw/'+open('/fw/active').read().strip()\\n"
    "from firmware import main as m\\n"
    "b=m.build(m.load_config(r+'/board.json'),machine,m.clock.UsbSerial(machine),r+'/firmware')\\n"
    "gc.collect()\\nprint('heap',gc.mem_free())\")\r"
)
"""Typed at the prompt after Ctrl-C stopped the firmware: the board built again and started, as
the firmware's own start does, then the heap that is left."""


@dataclass(frozen=True)
class Touch:
    pad: int
    down_ms: float
    up_ms: float


def measure_build(name: str, touches: int = TOUCHES, seed: int = 1,
                  kept: Path | None = None) -> dict[str, Any]:
    """The figures (see the module's docstring) of the reference build or profile ``name``.

    ``kept``, an existing folder, keeps the build's flash between runs (``BOARD.bin``): the
    firmware is installed once, and a later run's update writes only what changed, as on a
    real board — the install is most of a run's time. Without it every run starts from a bare
    Pico."""
    profile = load_profile(name)
    config = firmware_config(profile)
    chooser = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        flash = Path(folder) / "flash.bin"
        if kept is not None:
            flash = kept / f"{board_id(profile)}.bin"
        return _measure(profile, config, flash, chooser, touches, seed)


def _measure(profile: Profile, config: dict[str, Any], flash: Path, chooser: random.Random,
             touches: int, seed: int) -> dict[str, Any]:
    with PseudoTerminal(images.build(), flash=flash, board=config, seed=seed) as terminal:
        pico = terminal.pico
        answering(pico)
        flash_bundled(terminal.port, profile, hello_seconds=WAIT)
        restart = _restart(pico)
        _, restarted = pico.wait_line(lambda _: True, WAIT, restart)
        hello_at, hello = pico.wait_line(lambda text: text.startswith("H "), WAIT, restart)
        first_beat, _ = pico.wait_line(lambda text: text.startswith("B "), WAIT, hello_at)
        # The first second of scanning ends with the boot stage's one write to the flash (the
        # firmware works: its start is no longer counted); the scans are counted after it.
        beat_at, _ = pico.wait_line(lambda text: text.startswith("B "), WAIT, first_beat + 1)
        period_ms = 1000 / config["scan_hz"]
        pico.command(busy="start", period_ms=period_ms)
        measured = [_touch(pico, chooser.randrange(config["pads"]),
                           chooser.uniform(0, period_ms))
                    for _ in range(touches)]
        cycles = _busy_periods(pico)
        scans = _scans_per_second(pico, beat_at)
        heap = _heap_free(pico)
    period_cycles = CLOCK_HZ * period_ms / 1000
    downs = [touch.down_ms for touch in measured]
    ups = [touch.up_ms for touch in measured]
    figures = {
        "board": config["board"],
        "sensor": config["sensor"],
        "pads": config["pads"],
        "scan_hz": config["scan_hz"],
        "hello_ms": round((hello.nanos - restarted.nanos) / 1e6, 1),
        "busy_cycles_median": int(statistics.median(cycles)),
        "busy_cycles_worst": max(cycles),
        "busy_share_median": round(statistics.median(cycles) / period_cycles, 3),
        "busy_share_worst": round(max(cycles) / period_cycles, 3),
        "scans_per_s": scans,
        "touch_ms_median": round(statistics.median(downs), 1),
        "touch_ms_worst": round(max(downs), 1),
        "release_ms_median": round(statistics.median(ups), 1),
        "release_ms_worst": round(max(ups), 1),
        "heap_free": heap,
    }
    figures["within_goals"] = (figures["busy_share_median"] <= GOAL_BUSY_MEDIAN
                               and figures["busy_share_worst"] <= GOAL_BUSY_WORST
                               and figures["touch_ms_worst"] <= GOAL_TOUCH_MS
                               and figures["release_ms_worst"] <= GOAL_TOUCH_MS
                               and heap >= GOAL_HEAP_FREE)
    return figures


def at_prompt(pico: Pico) -> None:
    """Until a fresh Pico's REPL answers: the flashing tools give a board seconds to answer, and
    an emulated one on a busy machine may need longer to start."""
    _probe(pico, lambda text: text == PROMPT_ANSWER)


def answering(pico: Pico) -> None:
    """Until the Pico answers: at the REPL's prompt (a bare Pico), or its firmware's hello (a
    kept flash; the firmware drops the probe as a line it cannot read)."""
    _probe(pico, lambda text: text == PROMPT_ANSWER or text.startswith("H "), 0)


def _probe(pico: Pico, answer: Callable[[str], bool], since: int | None = None) -> None:
    pico.wait_event("usb: CDC connected", WAIT)
    start = pico.event_count() if since is None else since
    pico.send(b"\x03print('at the' + ' prompt')\r")  # Ctrl-C drops anything typed before
    pico.wait_line(answer, WAIT, start)


def _restart(pico: Pico) -> int:
    """The index of the event of the last restart's banner (the update ends with a restart)."""
    events = pico.events
    for index in range(len(events) - 1, -1, -1):
        if "MPY: soft reboot" in events[index] or "MicroPython v" in events[index]:
            return index
    return 0


def _touch(pico: Pico, pad: int, after_ms: float) -> Touch:
    """A finger on ``pad`` ``after_ms`` from now, held, lifted: the time to each line."""
    start = pico.event_count()
    pico.touch(pad, True, after_ms)
    down = _pad_event(pico, pad, "down", start)
    _, line = pico.wait_line(lambda text: text.startswith("T ") and
                                 text.split()[2:4] == ["D", str(pad)], WAIT, start)
    down_ms = (line.nanos - down) / 1e6
    start = pico.event_count()
    pico.touch(pad, False, HOLD_MS)
    up = _pad_event(pico, pad, "up", start)
    _, line = pico.wait_line(lambda text: text.startswith("T ") and
                             text.split()[2:4] == ["U", str(pad)], WAIT, start)
    return Touch(pad, down_ms, (line.nanos - up) / 1e6)


def _pad_event(pico: Pico, pad: int, how: str, start: int) -> int:
    event = pico.wait_event(f"silicon: pad {pad} {how} ", WAIT, start)
    return int(event.rsplit(" ", 1)[1])


def _busy_periods(pico: Pico) -> list[int]:
    """The busy cycles of each scan period since counting started: the touches', and two
    seconds more of a board at rest."""
    for _ in range(2):
        pico.wait_line(lambda text: text.startswith("B "), WAIT, pico.event_count())
    start = pico.event_count()
    pico.command(busy="stop")
    event = pico.wait_event("silicon: busy ", WAIT, start)
    cycles: list[int] = json.loads(event.split("silicon: busy ", 1)[1])["cycles"]
    if len(cycles) < 10:
        raise SiliconError(f"only {len(cycles)} scan periods were counted")
    return cycles[1:]  # the first may be partial


def _scans_per_second(pico: Pico, start: int) -> float:
    """The median of the scans the heartbeats (``B seq uptime scans``) counted since ``start``."""
    counts = [int(line.text.split()[3]) for line in _lines(pico, start)
              if line.text.startswith("B ") and len(line.text.split()) >= 4]
    if not counts:
        raise SiliconError("the firmware sent no heartbeat")
    return statistics.median(counts)


def _lines(pico: Pico, start: int) -> list[Line]:
    found = []
    for event in pico.events[start:]:
        line = line_of(event)
        if line is not None:
            found.append(line)
    return found


def _heap_free(pico: Pico) -> int:
    """Ctrl-C stops the firmware; at the prompt, the board built again (HEAP_CODE)."""
    start = pico.event_count()
    pico.send(b"\x03")
    pico.wait_line(lambda text: "KeyboardInterrupt" in text, WAIT, start)
    start = pico.event_count()
    pico.send(HEAP_CODE.encode())
    _, line = pico.wait_line(lambda text: text.startswith("heap "), WAIT, start)
    return int(line.text.split()[1])
