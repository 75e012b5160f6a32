"""The touch firmware on the emulated Pico, installed by ``kaskade firmware flash``'s own code over
the pseudo-terminal, with each sensor kind's chips beside it: a finger's touch and release
reach the line; a chip or a chain that fails is reported while the rest keep working."""

from __future__ import annotations

import shutil
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest

from controller.profile import load_profile, parse_profile
from controller.profile.firmware import firmware_config
from controller.profile.model import Profile
from hw.flash.update import flash_bundled
from sim.silicon.emulator import Pico
from sim.silicon.relay import PseudoTerminal

from .test_boot import BOOT

WIRING = Path(__file__).parents[3] / "wiring"


def charge_profile() -> Profile:
    """A 4 x 4 board sensing its pads directly on sixteen of the Pico's pins."""
    document = tomllib.loads((WIRING / "kaskade-8x8.toml").read_text(encoding="utf-8"))
    document["pads"] = {"columns": 4, "rows": 4}
    document["leds"]["panels"] = [{"channel": 0, "width": 8, "height": 8, "start": "bottom-left",
                                   "serpentine": True}]
    document["touch"] = {"sensor": "gpio", "pins": [*range(8, 23), 26]}
    return parse_profile(document, "kaskade-4x4.toml")


PROFILES: dict[str, Callable[[], Profile]] = {
    "mpr121": lambda: load_profile("kaskade-8x8"),
    "ttp223": lambda: load_profile("kaskade-16x16"),
    "gpio": charge_profile,
}


@pytest.fixture(scope="session")
def flashed(rp2_image, tmp_path_factory) -> Callable[[str], tuple[Profile, Path]]:
    """The profile of a sensor kind and a kept flash that holds its firmware, installed once."""
    done: dict[str, tuple[Profile, Path]] = {}

    def get(kind: str) -> tuple[Profile, Path]:
        if kind not in done:
            profile = PROFILES[kind]()
            flash = tmp_path_factory.mktemp(kind) / "flash.bin"
            with PseudoTerminal(rp2_image, flash=flash,
                                board=firmware_config(profile)) as terminal:
                flash_bundled(terminal.port, profile, hello_seconds=BOOT)
            done[kind] = (profile, flash)
        return done[kind]

    return get


def boot(rp2_image, flashed, kind: str, tmp_path: Path) -> Pico:
    """A Pico starting the installed firmware, scanning: after its first heartbeat."""
    profile, kept = flashed(kind)
    flash = tmp_path / "flash.bin"
    shutil.copyfile(kept, flash)
    pico = Pico(rp2_image, flash=flash, board=firmware_config(profile))
    pico.wait_line(lambda text: text.startswith("B "), BOOT)
    return pico


def line(pico: Pico, start: int, *words: str) -> str:
    """The first line from the ``start``-th event on that begins with ``words`` after its
    kind and sequence number (``T 7 D 5 *CRC``: ``"D", "5"``)."""
    want = list(words)
    return pico.wait_line(lambda text: text.split()[2:2 + len(want)] == want
                          and text[0] in "TF", BOOT, start)[1].text


@pytest.mark.parametrize("kind", ["mpr121", "ttp223", "gpio"])
def test_a_touch_and_its_release_reach_the_line(rp2_image, flashed, kind, tmp_path):
    profile = PROFILES[kind]()
    pad = profile.pads - 1
    with boot(rp2_image, flashed, kind, tmp_path) as pico:
        start = pico.event_count()
        pico.touch(pad)
        assert line(pico, start, "D", str(pad)).startswith("T ")
        start = pico.event_count()
        pico.touch(pad, touched=False, after_ms=50)
        assert line(pico, start, "U", str(pad)).startswith("T ")


def test_a_missing_chip_is_reported_while_the_others_keep_working(rp2_image, flashed, tmp_path):
    with boot(rp2_image, flashed, "mpr121", tmp_path) as pico:
        start = pico.event_count()
        pico.command(chip="1:5B", present=False)
        line(pico, start, "chip-missing", "1:5B")
        pico.touch(0)
        line(pico, start, "D", "0")
        pico.command(chip="1:5B", present=True)
        line(pico, start, "chip-back", "1:5B")  # looked for again every hundred scans


def test_a_broken_chain_is_reported_and_a_mended_one_counts_again(rp2_image, flashed, tmp_path):
    with boot(rp2_image, flashed, "ttp223", tmp_path) as pico:
        start = pico.event_count()
        pico.command(chain="broken")
        line(pico, start, "chain-broken", "32")
        pico.command(chain="whole")
        line(pico, start, "chain-back", "32")
        start = pico.event_count()
        pico.touch(200)
        line(pico, start, "D", "200")
