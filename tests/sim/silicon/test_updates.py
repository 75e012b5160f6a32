"""Firmware updates on the emulated Pico over the pseudo-terminal: ``kaskade firmware flash``
then ``rollback`` back to the firmware it replaced; and a cable cut at a random byte of an
update, the chip's power cut with it, after which the Pico still boots a complete firmware
and takes the update. The 4x4 board's firmware is the one used: its scans keep the emulated
core least busy, so the updates run fastest. They run in real time: a Pico whose firmware was
interrupted for an update arms a reset for ten minutes later (``firmware/watchdog.py``), which
simulated time running ahead of a host between two commands would reach at once."""

from __future__ import annotations

import random
import re
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from controller.cli import main
from controller.profile.firmware import firmware_config
from hw.flash import update
from hw.flash.bundle import SOURCE, Bundle, build
from hw.flash.errors import FlashError
from sim.silicon.emulator import Pico
from sim.silicon.measure import at_prompt
from sim.silicon.relay import PseudoTerminal

from .conftest import made_once
from .test_boot import BOOT
from .test_firmware import PROFILES, booted

pytestmark = pytest.mark.silicon

PROFILE = PROFILES["gpio"]()
CONFIG = firmware_config(PROFILE)
OLD_VERSION = "0.0.1"
KASKADE = str(Path(sys.executable).with_name("kaskade"))


@pytest.fixture(scope="module")
def bundles(tmp_path_factory) -> tuple[Bundle, Bundle]:
    """An older firmware (it says version 0.0.1, and its files differ) and this program's."""
    root = tmp_path_factory.mktemp("bundles")
    source = root / "source"
    shutil.copytree(SOURCE, source, ignore=shutil.ignore_patterns("__pycache__"))
    identity = source / "identity.py"
    identity.write_text(re.sub(r'^VERSION = ".*"$', f'VERSION = "{OLD_VERSION}"',
                               identity.read_text(), flags=re.MULTILINE))
    return build(PROFILE, root / "old", source=source), build(PROFILE, root / "new")


@pytest.fixture(scope="module")
def old_flash(rp2_image, bundles, run_folder) -> Path:
    """A Pico's flash holding the older firmware, running from set a: made once a run, copied
    by each test."""
    def install(flash: Path) -> None:
        with PseudoTerminal(rp2_image, flash=flash, board=CONFIG) as terminal:
            at_prompt(terminal.pico)
            update.flash(terminal.port, bundles[0], PROFILE, hello_seconds=BOOT)

    return made_once(run_folder / f"flash-old-{bundles[0].content_hash}-"
                     f"{rp2_image.folder.name}.bin", install)


def test_flash_then_rollback_goes_back_to_the_firmware_it_replaced(rp2_image, bundles, old_flash,
                                                                   tmp_path, capsys,
                                                                   monkeypatch):
    old, new = bundles
    flash = tmp_path / "flash.bin"
    shutil.copy(old_flash, flash)
    with PseudoTerminal(rp2_image, flash=flash, board=CONFIG, fast=False) as terminal:
        assert booted(terminal.pico) == old.content_hash
        # an emulated Pico is slow to answer and to restart: --timeout
        port = ["--profile", PROFILE.source, "--port", terminal.port, "--timeout", str(BOOT)]
        assert main(["firmware", "status", *port]) == 1
        assert OLD_VERSION in capsys.readouterr().out
        assert main(["firmware", "flash", *port]) == 0
        assert f"firmware {new.version} ({new.content_hash}) running from set b" in \
            capsys.readouterr().out
        assert main(["firmware", "status", *port]) == 0
        assert "the firmware this program brings" in capsys.readouterr().out
        assert main(["firmware", "rollback", *port]) == 0
        assert f"back to firmware {OLD_VERSION} ({old.content_hash}) in set a" in \
            capsys.readouterr().out
        assert main(["firmware", "status", *port]) == 1
        assert OLD_VERSION in capsys.readouterr().out


@pytest.fixture(scope="module")
def broken(tmp_path_factory) -> Bundle:
    """A firmware that fails as it starts: the boot stage resets the board (it leaves the bus
    and comes back) and, after three tries, starts the set it had before."""
    root = tmp_path_factory.mktemp("broken")
    source = root / "source"
    shutil.copytree(SOURCE, source, ignore=shutil.ignore_patterns("__pycache__"))
    main = source / "main.py"
    main.write_text(main.read_text().replace(
        "    import machine\n", "    import machine\n\n    raise RuntimeError('broken')\n", 1))
    return build(PROFILE, root / "bundle", source=source)


def test_an_update_whose_firmware_resets_the_board_is_followed_to_its_new_port(
        rp2_image, bundles, broken, old_flash, tmp_path):
    """The new firmware fails to start: each reset takes the Pico's port away and brings it
    back (on a new terminal); the update finds it again each time it looks for the hello, and
    says the board went back to the firmware it had."""
    old, _ = bundles
    flash = tmp_path / "flash.bin"
    shutil.copy(old_flash, flash)
    with PseudoTerminal(rp2_image, flash=flash, board=CONFIG, fast=False) as terminal:
        assert booted(terminal.pico) == old.content_hash
        with pytest.raises(FlashError, match="went back to the previous one"):
            update.flash(terminal.port, broken, PROFILE, hello_seconds=BOOT,
                         answer_seconds=BOOT, locate=lambda: terminal.port)
        assert terminal.arrivals > 1


class Cable:
    """The host's side of the Pico's USB line, cut once ``limit`` bytes of the update have
    gone down it: the rest never arrives."""

    def __init__(self, pico: Pico, limit: int) -> None:
        self.pico = pico
        self.send = pico.send
        self.limit = limit
        self.sent = 0
        self.cut = threading.Event()
        pico.send = self._carry  # type: ignore[method-assign]

    def _carry(self, data: bytes) -> None:
        room = max(0, self.limit - self.sent)
        if room:
            self.send(data[:room])
        self.sent += len(data)
        if self.sent >= self.limit:
            self.cut.set()


def test_a_cable_cut_at_a_random_byte_of_an_update_leaves_a_complete_firmware(
        rp2_image, bundles, old_flash, tmp_path):
    """The update writes every file into the spare set before it switches: a cut within as many
    bytes as the files hold (the commands around them only add to it) is a cut before the
    switch, and the Pico powered on again boots the older firmware, whole."""
    old, new = bundles
    byte = random.randrange(new.total_bytes)
    flash = tmp_path / "flash.bin"
    shutil.copy(old_flash, flash)
    with PseudoTerminal(rp2_image, flash=flash, board=CONFIG, fast=False) as terminal:
        assert booted(terminal.pico) == old.content_hash
        cable = Cable(terminal.pico, byte)
        flasher = subprocess.Popen([KASKADE, "firmware", "flash", "--profile", PROFILE.source,
                                    "--port", terminal.port], stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        try:
            assert cable.cut.wait(BOOT), f"the update sent {cable.sent} bytes, not {byte}"
        finally:
            flasher.kill()
            flasher.wait()
    # Powered on again (the flash as the cut left it), it boots the older firmware ...
    with PseudoTerminal(rp2_image, flash=flash, board=CONFIG, fast=False) as terminal:
        assert booted(terminal.pico) == old.content_hash, f"cut at byte {byte}"
        # ... and the next update goes through.
        report = update.flash(terminal.port, new, PROFILE, hello_seconds=BOOT)
        assert report.hello.content_hash == new.content_hash, f"cut at byte {byte}"
