"""The touch firmware measured on the emulated Pico of one board: installed with ``kaskade
firmware flash``'s own code over the pseudo-terminal, then, in simulated time (so a busy machine
changes nothing but how long the run takes):

* ``hello_ms`` — from the restart after the update to the firmware's hello;
* ``scan_ms_median`` / ``scan_ms_worst`` — each scan of the firmware's main loop (a turn of
  it but its sleep: the sensors, the pads, the lines, the heartbeat, and the interrupts and
  flash waits that fall inside; ``Pico.countScans`` in ``pico.mjs``), from the second heartbeat
  on: while single fingers come and go, while a hand lies on the board, and at rest; with
  ``scan_share_median`` / ``scan_share_worst`` those against the scan period, and
  ``scan_cycles_*`` the cycles the core was busy in them;
* ``core_load`` — the share of the core's cycles busy over the same span (the scans, and the
  interrupts between them);
* ``boot_write_ms`` — the longest scan of the first second, in which the boot stage confirms
  the new firmware with a write to the flash (once a start; not a scan like the others);
* ``scans_per_s`` — the scans the heartbeats count, against the ``scan_hz`` the firmware aims at;
* ``sensor_ms`` — how long the board's sensors take to show a finger, as set up (an MPR121's
  second filter, a TTP223's response time, none for charge-time pads);
* ``touch_ms_median`` / ``touch_ms_worst`` — from a finger landing (at a random moment of the
  scan period) to the last byte of its touch line leaving the Pico, the sensor's own delay
  included; ``release_ms_*`` the same for the finger lifting;
* ``hand_pads``, ``hand_touch_ms``, ``hand_release_ms`` — a hand on the board: a finger on a
  pad of every chip the firmware reads (every MPR121, every 74HC165, every charge-time pad) at
  the same moment, held and lifted; the time to the last of their touch lines, and of their
  release lines; ``hand_scan_ms_worst`` the longest scan meanwhile;
* ``heap_free`` — bytes of MicroPython's heap free with the board built and its sensors started
  (after a collection);
* ``within_goals`` — whether the build meets every goal below, and ``missed`` the goals it does
  not.
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
GOAL_SCAN_MEDIAN = 0.5
GOAL_SCAN_WORST = 1.0
GOAL_TOUCH_MS = 35.0
GOAL_HEAP_FREE = 100_000
WAIT = 300.0
"""Seconds of wall clock to wait for anything the emulator does: generous, it is slow and the
machine may be busy."""
TOUCHES = 8
PROMPT_ANSWER = "at the prompt"
HOLD_MS = 120
SLEEP = "time_sleep_ms"
FEED = "machine_wdt_feed"
"""The C functions behind ``time.sleep_ms`` and ``WDT.feed``: their calls divide the main
loop's scans (``Pico.countScans`` in ``pico.mjs``)."""
MPR121_ELECTRODES = 12

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


@dataclass(frozen=True)
class Scan:
    """One scan of the main loop: when it began and how long it took (ns of simulated time),
    and the cycles the core was busy in it."""

    start: int
    nanos: int
    cycles: int


@dataclass(frozen=True)
class Hand:
    """A hand on the board: its pads, the time to the last touch line and to the last release
    line, and the simulated span it lay there (ns)."""

    pads: list[int]
    touch_ms: float
    release_ms: float
    span: tuple[int, int]


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


def hand_pads(config: dict[str, Any]) -> list[int]:
    """A pad of every chip the firmware reads, as the board's config wires them: the first
    wired electrode of each MPR121, the first input of each 74HC165, every charge-time pad."""
    mapping = config["map"]
    if config["sensor"] == "mpr121":
        chips = sum(len(bus["chips"]) for bus in config["buses"])
        firsts = range(0, chips * MPR121_ELECTRODES, MPR121_ELECTRODES)
    elif config["sensor"] == "ttp223":
        firsts = range(0, 8 * config["shift"]["registers"], 8)
    else:
        firsts = range(len(mapping))
    return [mapping[channel] for channel in firsts if channel < len(mapping)]


def _measure(profile: Profile, config: dict[str, Any], flash: Path, chooser: random.Random,
             touches: int, seed: int) -> dict[str, Any]:
    image = images.build()
    with PseudoTerminal(image, flash=flash, board=config, seed=seed) as terminal:
        pico = terminal.pico
        answering(pico)
        # Counted from before the install: the first scans after the restart, and the boot
        # stage's write among them, come before this side could ask.
        _count_scans(pico, image)
        flash_bundled(terminal.port, profile, hello_seconds=WAIT, answer_seconds=WAIT)
        restart = _restart(pico)
        _, restarted = pico.wait_line(lambda _: True, WAIT, restart)
        hello_at, hello = pico.wait_line(lambda text: text.startswith("H "), WAIT, restart)
        first_beat, _ = pico.wait_line(lambda text: text.startswith("B "), WAIT, hello_at)
        # The first second of scanning ends with the boot stage's write to the flash: the
        # scans are measured after it.
        beat_at, _ = pico.wait_line(lambda text: text.startswith("B "), WAIT, first_beat + 1)
        first, _, _ = _scans(pico)
        _count_scans(pico, image)
        period_ms = 1000 / config["scan_hz"]
        measured = [_touch(pico, chooser.randrange(config["pads"]),
                           chooser.uniform(0, period_ms))
                    for _ in range(touches)]
        hand = _hand(pico, hand_pads(config), chooser.uniform(0, period_ms))
        for _ in range(2):  # and a board at rest
            pico.wait_line(lambda text: text.startswith("B "), WAIT, pico.event_count())
        scans, busy, span = _scans(pico)
        sensor_ms = _sensor_ms(pico)
        rate = _scans_per_second(pico, beat_at)
        heap = _heap_free(pico)
    first = [scan for scan in first if scan.start >= hello.nanos]
    return _figures(config, first, scans, busy, span, (hello.nanos - restarted.nanos) / 1e6,
                    measured, hand, sensor_ms, rate, heap)


def _figures(config: dict[str, Any], first: list[Scan], after: list[Scan], busy: int, span: int,
             hello_ms: float, measured: list[Touch], hand: Hand, sensor_ms: float,
             rate: float, heap: int) -> dict[str, Any]:
    """The figures from the scans of the first second (``first``) and those after it
    (``after``, the core's ``busy`` cycles over their ``span`` in ns), and the fingers'."""
    period_ms = 1000 / config["scan_hz"]
    lying = [scan for scan in after if scan.start + scan.nanos >= hand.span[0]
             and scan.start <= hand.span[1]]
    if len(after) < 10 or not first or not lying:
        raise SiliconError(f"too few scans were counted ({len(after)} after the first second, "
                           f"{len(first)} in it, {len(lying)} under the hand)")
    lengths = [scan.nanos / 1e6 for scan in after]
    cycles = [scan.cycles for scan in after]
    downs = [touch.down_ms for touch in measured]
    ups = [touch.up_ms for touch in measured]
    figures: dict[str, Any] = {
        "board": config["board"],
        "sensor": config["sensor"],
        "pads": config["pads"],
        "scan_hz": config["scan_hz"],
        "period_ms": round(period_ms, 3),
        "sensor_ms": sensor_ms,
        "hello_ms": round(hello_ms, 1),
        "scans": len(after),
        "scan_ms_median": round(statistics.median(lengths), 3),
        "scan_ms_worst": round(max(lengths), 3),
        "scan_share_median": round(statistics.median(lengths) / period_ms, 3),
        "scan_share_worst": round(max(lengths) / period_ms, 3),
        "scan_cycles_median": int(statistics.median(cycles)),
        "scan_cycles_worst": max(cycles),
        "core_load": round(busy / (span * CLOCK_HZ / 1e9), 3) if span else 0.0,
        "boot_write_ms": round(max(scan.nanos for scan in first) / 1e6, 3),
        "scans_per_s": rate,
        "touch_ms_median": round(statistics.median(downs), 1),
        "touch_ms_worst": round(max(downs), 1),
        "release_ms_median": round(statistics.median(ups), 1),
        "release_ms_worst": round(max(ups), 1),
        "hand_pads": len(hand.pads),
        "hand_touch_ms": round(hand.touch_ms, 1),
        "hand_release_ms": round(hand.release_ms, 1),
        "hand_scan_ms_worst": round(max(scan.nanos for scan in lying) / 1e6, 3),
        "heap_free": heap,
    }
    missed = []
    if figures["scan_share_median"] > GOAL_SCAN_MEDIAN:
        missed.append(f"median scan {figures['scan_ms_median']} ms, over half the "
                      f"{period_ms:g} ms period")
    if figures["scan_share_worst"] > GOAL_SCAN_WORST:
        missed.append(f"worst scan {figures['scan_ms_worst']} ms, longer than the "
                      f"{period_ms:g} ms period")
    for what in ("touch", "release"):
        if figures[f"{what}_ms_worst"] > GOAL_TOUCH_MS:
            missed.append(f"a {what} line {figures[f'{what}_ms_worst']} ms after the finger, "
                          f"over {GOAL_TOUCH_MS:g} ms")
    if heap < GOAL_HEAP_FREE:
        missed.append(f"{heap} bytes of heap free, under {GOAL_HEAP_FREE}")
    figures["within_goals"] = not missed
    figures["missed"] = missed
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


def _line_of(pad: int, way: str) -> Callable[[str], bool]:
    return lambda text: text.startswith("T ") and text.split()[2:4] == [way, str(pad)]


def _touch(pico: Pico, pad: int, after_ms: float) -> Touch:
    """A finger on ``pad`` ``after_ms`` from now, held, lifted: the time to each line."""
    start = pico.event_count()
    pico.touch(pad, True, after_ms)
    down = _pad_event(pico, pad, "down", start)
    _, line = pico.wait_line(_line_of(pad, "D"), WAIT, start)
    down_ms = (line.nanos - down) / 1e6
    start = pico.event_count()
    pico.touch(pad, False, HOLD_MS)
    up = _pad_event(pico, pad, "up", start)
    _, line = pico.wait_line(_line_of(pad, "U"), WAIT, start)
    return Touch(pad, down_ms, (line.nanos - up) / 1e6)


def _hand(pico: Pico, pads: list[int], after_ms: float) -> Hand:
    """Fingers on every one of ``pads`` at once, ``after_ms`` from now; held, and lifted at
    once: the time to the last touch line and to the last release line."""
    start = pico.event_count()
    pico.command(pads=pads, touched=True, after_ms=after_ms)
    down = _pad_event(pico, pads[-1], "down", start)
    last = max(pico.wait_line(_line_of(pad, "D"), WAIT, start)[1].nanos for pad in pads)
    start = pico.event_count()
    pico.command(pads=pads, touched=False, after_ms=HOLD_MS)
    up = _pad_event(pico, pads[-1], "up", start)
    lifted = max(pico.wait_line(_line_of(pad, "U"), WAIT, start)[1].nanos for pad in pads)
    return Hand(pads, (last - down) / 1e6, (lifted - up) / 1e6, (down, lifted))


def _pad_event(pico: Pico, pad: int, how: str, start: int) -> int:
    event = pico.wait_event(f"silicon: pad {pad} {how} ", WAIT, start)
    return int(event.rsplit(" ", 1)[1])


def _count_scans(pico: Pico, image: images.Image) -> None:
    pico.command(scans="start", sleep=image.symbol(SLEEP), feed=image.symbol(FEED))


def _scans(pico: Pico) -> tuple[list[Scan], int, int]:
    """The scans counted, and the core's busy cycles and the ns over the whole count."""
    start = pico.event_count()
    pico.command(scans="stop")
    event = pico.wait_event("silicon: scans ", WAIT, start)
    counted = json.loads(event.split("silicon: scans ", 1)[1])
    scans = [Scan(*map(int, scan)) for scan in counted["scans"]]
    return scans, int(counted["busy_cycles"]), int(counted["nanos"])


def _sensor_ms(pico: Pico) -> float:
    start = pico.event_count()
    pico.command(sensor="response")
    event = pico.wait_event("silicon: sensor ", WAIT, start)
    return float(json.loads(event.split("silicon: sensor ", 1)[1])["response_ms"])


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
