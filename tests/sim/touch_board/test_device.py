"""The real firmware on the simulated microcontroller: every sensor type, and the faults a
board meets — a chip that stops answering, a broken shift chain, a stuck pad, a noisy pad,
garbage and bursts from the Pi, a watchdog reset."""

from __future__ import annotations

from pathlib import Path

import pytest

from controller.profile import load_profile, profile_names
from firmware import proto
from sim.touch_board.device import SimulatedMicrocontroller
from sim.touch_board.line import SerialLine
from tests.support.profiles import chain_16x16

WIRING = Path(__file__).parents[3] / "wiring"


class Rig:
    """A simulated microcontroller and the lines it sent, decoded."""

    def __init__(self, profile, seed: int = 0) -> None:
        self.line = SerialLine()
        self.device = SimulatedMicrocontroller(profile, self.line, seed)
        self.line.reset_hook = self.device.machine.reset
        self.decoder = proto.Decoder()
        self.device.boot()
        self.device.run_for(200)
        self.messages()

    def messages(self) -> list[tuple[str, list[str]]]:
        return [(kind, fields) for kind, _, fields in self.decoder.feed(self.line.host.read(10**6))]

    def touches(self) -> list[str]:
        return [" ".join(fields) for kind, fields in self.messages() if kind == "T"]

    def tap(self, pad: int) -> list[str]:
        """A finger on ``pad`` for 150 ms: long enough for every sensor (a TTP223 takes 60 ms
        to see it, and as long to see it go)."""
        self.device.pads.down(pad)
        self.device.run_for(150)
        self.device.pads.up(pad)
        self.device.run_for(150)
        return self.touches()

    def send(self, kind: str, *fields: object) -> None:
        self.line.host.write(proto.encode(kind, 1, fields))
        self.device.run_for(20)


@pytest.mark.parametrize("name", profile_names())
def test_every_pad_of_every_reference_build_reports_its_touch(name):
    profile = load_profile(name)
    rig = Rig(profile)
    for pad in range(0, profile.pads, 7 if profile.pads > 16 else 1):
        assert rig.tap(pad) == [f"D {pad}", f"U {pad}"]


def test_ttp223_modules_report_a_touch_their_response_time_later():
    """A TTP223 takes up to 60 ms to report a finger (its datasheet, in its fast mode): a tap
    shorter than that never reaches the line; a longer one does, as late."""
    rig = Rig(chain_16x16())
    rig.device.pads.down(100)
    rig.device.run_for(50)
    rig.device.pads.up(100)
    rig.device.run_for(200)
    assert rig.touches() == []
    rig.device.pads.down(100)
    rig.device.run_for(60)
    assert rig.touches() == []
    rig.device.run_for(40)
    assert rig.touches() == ["D 100"]


def test_many_pads_at_once():
    rig = Rig(load_profile("kaskade-8x8"))
    for pad in (0, 13, 40, 63):
        rig.device.pads.down(pad)
    rig.device.run_for(100)
    assert sorted(rig.touches()) == ["D 0", "D 13", "D 40", "D 63"]
    rig.send("Y")
    state = [fields for kind, fields in rig.messages() if kind == "S"]
    assert proto.unbitmap(state[0][0], 64) == [p in (0, 13, 40, 63) for p in range(64)]


def test_a_chip_that_stops_answering_is_reported_and_the_rest_keep_working():
    rig = Rig(load_profile("kaskade-8x8"))
    rig.device.chips[1].present = False  # electrodes 12-23: pads 12-23
    rig.device.run_for(50)
    faults = [fields for kind, fields in rig.messages() if kind == "F"]
    assert faults == [["chip-missing", "0:5B"]]
    assert rig.tap(5) == ["D 5", "U 5"]
    assert rig.tap(15) == []
    rig.device.chips[1].present = True
    rig.device.run_for(1500)
    assert ["chip-back", "0:5B"] in [f for k, f in rig.messages() if k == "F"]
    assert rig.tap(15) == ["D 15", "U 15"]


def test_a_broken_shift_chain_is_reported_and_touches_nothing():
    rig = Rig(chain_16x16())
    assert rig.device.chain is not None
    rig.device.chain.broken = True
    rig.device.run_for(100)
    assert [f for k, f in rig.messages() if k in "FT"] == [["chain-broken", "32"]]
    rig.device.chain.broken = False
    rig.device.run_for(100)
    assert rig.tap(100) == ["D 100", "U 100"]


def test_a_stuck_pad_is_let_go_reported_and_ignored_until_it_frees():
    rig = Rig(load_profile("kaskade-8x8"))
    rig.device.pads.stick(22)
    rig.device.run_for(31_000)  # beyond the 30 s a pad may be held
    messages = rig.messages()
    assert [f for k, f in messages if k == "T"] == [["D", "22"], ["U", "22"]]
    assert ["pad-stuck", "22"] in [f for k, f in messages if k == "F"]
    rig.device.run_for(5000)
    assert rig.touches() == []
    rig.device.pads.stick(22, False)
    rig.device.run_for(2000)
    assert rig.tap(22) == ["D 22", "U 22"]


NOISE_FLOOR = 4.0
"""The noise (standard deviation, in MPR121 counts) at which no phantom touch may happen: a
third of the touch threshold. docs/firmware.md gives the same figure."""


def test_a_noisy_pad_makes_no_phantom_touches():
    rig = Rig(load_profile("kaskade-8x8"), seed=5)
    for pad in range(64):
        rig.device.pads.set_noise(pad, NOISE_FLOOR)
    rig.device.run_for(60_000)  # a minute of scans on every pad: 384,000 readings
    assert rig.touches() == []
    assert rig.tap(9) == ["D 9", "U 9"]


def test_garbage_and_bursts_from_the_pi_are_survived():
    rig = Rig(load_profile("kaskade-8x8"))
    rig.line.host.write(bytes(range(256)) * 20 + b"\n" + b"Q" * 5000 + b"\n" + b"K 1 20\n")
    rig.line.host.write(b"".join(proto.encode("Y", seq) for seq in range(200)))
    rig.device.run_for(50)
    kinds = [kind for kind, _ in rig.messages()]
    assert kinds.count("S") == 200
    assert rig.tap(3) == ["D 3", "U 3"]


def test_every_command_is_answered():
    rig = Rig(load_profile("kaskade-8x8"))
    rig.send("C")
    rig.send("K", 30, 12)
    rig.send("K", "x", 2)
    rig.send("D", 1)
    assert rig.device.board is not None
    assert (rig.device.board.pads.touch, rig.device.board.pads.release) == (30, 12)
    messages = rig.messages()
    answers = [" ".join(f[1:]) for k, f in messages if k == "A"]
    assert answers == ["ok", "ok", "error thresholds", "ok"]
    readings = [f for k, f in messages if k == "R"]
    assert readings
    assert readings[0][0].startswith("0:")
    rig.send("Q")
    assert [k for k, _ in rig.messages() if k == "H"] == ["H"]
    rig.send("X")
    assert rig.device.boots == 2


def test_a_watchdog_reset_is_reported_after_the_restart():
    rig = Rig(load_profile("kaskade-8x8"))
    machine = rig.device.machine
    watchdog = machine.WDT(timeout=2000)
    assert machine.mem32[0x40058000] & (1 << 30)
    machine.now_ms += 2500  # the main loop stopped feeding it
    del watchdog
    rig.device.step(10)
    assert rig.device.boots == 2
    assert ["watchdog", "reset"] in [f for k, f in rig.messages() if k == "F"]


def test_stopping_the_watchdog_clears_its_enable_bit():
    from firmware.watchdog import Watchdog

    rig = Rig(load_profile("kaskade-8x8"))
    watchdog = Watchdog(rig.device.machine, 2000)
    assert rig.device.machine.watchdog_ms == 2000
    watchdog.stop()
    assert rig.device.machine.watchdog_ms == 0


def test_a_board_left_at_the_prompt_resets_itself_ten_minutes_later():
    """An update cut short (the cable pulled, the tool killed) leaves the board at MicroPython's
    prompt with its watchdog stood down; it boots its firmware again on its own."""
    from firmware import watchdog as module
    from firmware.watchdog import LEFT_ALONE_MS, Watchdog

    rig = Rig(load_profile("kaskade-8x8"))
    machine = rig.device.machine
    watchdog = Watchdog(machine, 2000)
    watchdog.stop()  # Ctrl-C from the Pi's tools
    machine.now_ms += LEFT_ALONE_MS - 1000
    machine.run_timers()
    assert not machine.reset_requested
    assert module.postpone_reset(), "the update tool starts work: ten more minutes"
    machine.now_ms += 2000
    machine.run_timers()
    assert not machine.reset_requested
    machine.now_ms += LEFT_ALONE_MS
    machine.run_timers()
    assert machine.reset_requested


def test_the_firmware_running_again_cancels_the_reset():
    from firmware.watchdog import LEFT_ALONE_MS, Watchdog

    rig = Rig(load_profile("kaskade-8x8"))
    machine = rig.device.machine
    Watchdog(machine, 2000).stop()
    Watchdog(machine, 2000)  # the firmware starts again (after a soft reset)
    machine.now_ms += 2 * LEFT_ALONE_MS
    machine.run_timers()
    assert not machine.reset_requested
