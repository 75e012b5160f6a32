"""What is on the touch board's cable, from a blank Pico to a working board: BOOTSEL mode
from faked USB listings and mounts, then bare MicroPython, stopped, older and current firmware
against the MicroPython board emulator; and putting MicroPython's UF2 onto a waiting Pico."""

from __future__ import annotations

import re
import shutil
import struct
import time
from pathlib import Path

import pytest

from controller.profile import load_profile
from firmware.identity import VERSION
from hw.flash.board_files import BoardFiles
from hw.flash.bundle import SOURCE, build
from hw.flash.errors import FlashError
from hw.flash.pico import check_uf2, examine_pico, install_micropython
from hw.flash.update import flash, flash_bundled
from hw.touch.errors import NoBoardError
from tests.support.micropython import powered_board

PROFILE = load_profile("kaskade-8x8")
RP2040, RP2350 = 0xE48BFF56, 0xE48BFF59


def usb_listing(root: Path, *devices: tuple[str, str, str]) -> Path:
    """A /sys/bus/usb/devices of ``(vid, pid, product)`` devices (and a hub without ids)."""
    (root / "usb1").mkdir(parents=True)
    for number, (vid, pid, product) in enumerate(devices, 1):
        entry = root / f"1-{number}"
        entry.mkdir()
        (entry / "idVendor").write_text(vid + "\n")
        (entry / "idProduct").write_text(pid + "\n")
        (entry / "product").write_text(product + "\n")
    return root


def mounted_drive(tmp_path: Path, name: str = "RPI-RP2") -> tuple[Path, Path]:
    """A mounted Pico drive and the mounts file that lists it (with a space in its path)."""
    drive = tmp_path / "media" / f"pi {name}"
    drive.mkdir(parents=True)
    (drive / "INFO_UF2.TXT").write_text("UF2 Bootloader v3.0\nModel: Raspberry Pi RP2\n")
    mounts = tmp_path / "mounts"
    escaped = str(drive).replace(" ", "\\040")
    mounts.write_text(f"/dev/mmcblk0p2 / ext4 rw 0 0\n/dev/sda1 {escaped} vfat rw 0 0\n")
    return drive, mounts


def uf2(family: int, blocks: int = 3) -> bytes:
    data = b""
    for number in range(blocks):
        block = struct.pack("<8I", 0x0A324655, 0x9E5D5157, 0x2000, 0x10000000 + 256 * number,
                            256, number, blocks, family)
        data += block + bytes(476) + struct.pack("<I", 0x0AB16F30)
    return data


@pytest.mark.parametrize(("pid", "boards", "download"), [
    ("0003", "Pico or Pico W (RP2040)", "RPI_PICO/"),
    ("000f", "Pico 2 or Pico 2 W (RP2350)", "RPI_PICO2/"),
])
def test_a_pico_in_bootsel_mode_is_named_with_its_drive_and_the_next_step(tmp_path, pid, boards,
                                                                          download):
    usb = usb_listing(tmp_path / "usb", ("1d6b", "0002", "xHCI Host"), ("2e8a", pid, "RP2 Boot"))
    drive, mounts = mounted_drive(tmp_path)
    finding = examine_pico(PROFILE, ports=[], usb_root=usb, mounts=mounts)
    assert finding.state == "bootsel"
    assert boards in finding.found
    assert str(drive) in finding.found
    assert "no MicroPython yet" in finding.found
    assert download in finding.fix
    assert "kaskade firmware micropython" in finding.fix


def test_bootsel_without_its_drive_mounted_says_so(tmp_path):
    usb = usb_listing(tmp_path / "usb", ("2e8a", "0003", "RP2 Boot"))
    finding = examine_pico(PROFILE, ports=[], usb_root=usb, mounts=tmp_path / "none")
    assert "is not mounted" in finding.found


def test_nothing_on_the_cable_is_the_usual_not_found(tmp_path):
    usb = usb_listing(tmp_path / "usb", ("046d", "c52b", "Receiver"))
    finding = examine_pico(PROFILE, ports=[], usb_root=usb, mounts=tmp_path / "none")
    assert finding.state == "absent"
    assert "no touch board on USB (looking for 2E8A:0005)" in finding.fix


def test_micropython_goes_onto_the_waiting_pico_only_for_its_chip(tmp_path):
    usb = usb_listing(tmp_path / "usb", ("2e8a", "0003", "RP2 Boot"))
    drive, mounts = mounted_drive(tmp_path)
    wrong = tmp_path / "RPI_PICO2-20250415-v1.25.0.uf2"
    wrong.write_bytes(uf2(RP2350))
    with pytest.raises(FlashError, match="not for the RP2040 of a Pico or Pico W"):
        install_micropython(wrong, usb, mounts)
    assert not (drive / wrong.name).exists()
    right = tmp_path / "RPI_PICO-20250415-v1.25.0.uf2"
    right.write_bytes(uf2(RP2040))
    said = install_micropython(right, usb, mounts)
    assert (drive / right.name).read_bytes() == right.read_bytes()
    assert "next, kaskade firmware flash" in said
    with pytest.raises(NoBoardError, match="no Pico in BOOTSEL mode"):
        install_micropython(right, tmp_path / "no-usb", mounts)


@pytest.mark.parametrize(("data", "reason"), [
    (b"", "512-byte blocks"),
    (b"x" * 100, "512-byte blocks"),
    (bytes(512), "no UF2 marks"),
])
def test_a_file_that_is_not_uf2_is_refused(data, reason):
    with pytest.raises(FlashError, match=reason):
        check_uf2(data)


@pytest.fixture
def device(tmp_path):
    with powered_board(tmp_path / "flash") as board:
        yield board


@pytest.mark.micropython
def test_each_state_of_a_pico_with_micropython(device, tmp_path):
    path = device.line.path
    started = time.monotonic()
    bare = examine_pico(PROFILE, port=path)
    bare_seconds = time.monotonic() - started
    assert bare.state == "micropython", bare
    assert re.search(r"MicroPython \d+\.\d+\.\d+ on .*, but no Kaskade firmware on this board",
                     bare.found)
    assert bare.fix == "run kaskade firmware flash"
    print(f"bare MicroPython recognised in {bare_seconds:.1f} s")

    older_source = tmp_path / "older"
    shutil.copytree(SOURCE, older_source, ignore=shutil.ignore_patterns("__pycache__"))
    identity = older_source / "identity.py"
    identity.write_text(identity.read_text().replace(f'VERSION = "{VERSION}"',
                                                     'VERSION = "0.0.9"'))
    flash(path, build(PROFILE, tmp_path / "bundle", source=older_source), PROFILE)
    older = examine_pico(PROFILE, port=path)
    assert older.state == "older", older
    assert re.search(rf"on {re.escape(path)}, the touch board has firmware 0\.0\.9 "
                     rf"\([0-9A-F]{{8}}\), older than this program's {VERSION}", older.found)
    assert older.fix.startswith("kaskade firmware flash")

    flash_bundled(path, PROFILE)
    current = examine_pico(PROFILE, port=path)
    assert current.state == "current", current
    assert current.hello is not None
    assert current.hello.firmware == VERSION

    other = examine_pico(load_profile("kaskade-16x16"), port=path)
    assert other.state == "wrong"
    assert "kaskade firmware flash --profile kaskade-16x16" in other.fix

    stopped = BoardFiles(path)  # the firmware stopped at the prompt, as by a cut update
    stopped.transport.serial.close()
    found = examine_pico(PROFILE, port=path)
    assert found.state == "stopped", found
    assert "stopped at MicroPython" in found.found
