"""The project's boot ROM, run on the emulated core: its header and its table lookup answer as
the pico-sdk's rom_func_lookup and rom_data_lookup expect."""

from __future__ import annotations

import struct

import pytest

from sim.silicon.emulator import rom_lookup

pytestmark = pytest.mark.silicon

FLASH_ROUTINES = ("IF", "EX", "RE", "RP", "FC", "CX")


def test_the_header_carries_the_magic_the_version_and_the_table_pointers(rp2_image):
    rom = rp2_image.bootrom_bin.read_bytes()
    assert rom[0x10:0x13] == b"Mu\x01"
    assert rom[0x13] == 3  # as an RP2040-B2
    stack, reset = struct.unpack_from("<II", rom, 0)
    assert stack == 0x20042000
    assert reset & 1
    assert reset < len(rom)
    func_table, data_table, lookup = struct.unpack_from("<HHH", rom, 0x14)
    assert lookup & 1
    assert 0 < func_table < len(rom)
    assert 0 < data_table < len(rom)


def test_the_lookup_finds_each_flash_routine_in_the_rom(rp2_image):
    answers = rom_lookup(rp2_image.bootrom_bin, [f"func:{code}" for code in FLASH_ROUTINES])
    addresses = [answers[f"func:{code}"] for code in FLASH_ROUTINES]
    size = len(rp2_image.bootrom_bin.read_bytes())
    assert all(a & 1 and 0 < a < size for a in addresses)  # Thumb routines inside the ROM
    assert len(set(addresses)) == len(FLASH_ROUTINES)


def test_the_lookup_answers_zero_for_what_the_rom_does_not_model(rp2_image):
    # The soft-float tables, memset, reset_to_usb_boot: the image does without them.
    codes = ["func:SF", "func:MS", "func:UB", "data:SF", "data:SD"]
    assert set(rom_lookup(rp2_image.bootrom_bin, codes).values()) == {0}


def test_the_data_table_points_at_the_copyright_string(rp2_image):
    rom = rp2_image.bootrom_bin.read_bytes()
    at = rom_lookup(rp2_image.bootrom_bin, ["data:CR"])["data:CR"]
    assert rom[at:rom.index(b"\0", at)].startswith(b"Kaskade Board")
