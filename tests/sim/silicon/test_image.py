"""The rp2 image from Debian's packages: built once, then taken from the cache without asking
the network or the compiler anything."""

from __future__ import annotations

import json
import struct

import pytest

from sim.silicon import image as images

pytestmark = pytest.mark.silicon


def test_a_second_build_comes_from_the_cache_without_apt_or_compiler(rp2_image, monkeypatch):
    def refuse(*_args, **_kwargs):
        raise AssertionError("a cached image must not be fetched or built again")

    monkeypatch.setattr(images, "resolve_versions", refuse)
    monkeypatch.setattr(images, "_build_into", refuse)
    again = images.build()
    assert again.folder == rp2_image.folder
    assert again.bootrom_bin == rp2_image.bootrom_bin


def test_the_record_names_every_package_version_and_the_build_time(rp2_image):
    record = json.loads((rp2_image.folder / "build.json").read_text())
    assert set(record["versions"]) == {
        "micropython", "mbedtls", "pico-sdk-source", "tinyusb-source",
        "gcc-arm-none-eabi", "libnewlib-arm-none-eabi"}
    assert all(record["versions"].values())
    assert record["suite"] == "trixie"
    assert record["build_seconds"] > 0
    assert record["firmware_bin_bytes"] == rp2_image.firmware_bin.stat().st_size


def test_the_image_starts_with_the_second_stage_and_vectors_into_flash(rp2_image):
    data = rp2_image.firmware_bin.read_bytes()
    assert 200_000 < len(data) < 2 * 1024 * 1024
    stack, reset = struct.unpack_from("<II", data, 0x100)  # the table boot2 vectors through
    assert 0x20000000 < stack <= 0x20042000
    assert 0x10000100 < reset < 0x10000000 + len(data)
    assert reset & 1  # a Thumb address


def test_the_cache_key_follows_the_recipe(monkeypatch):
    before = images.inputs_digest()
    monkeypatch.setattr(images, "CMAKE_OPTIONS", (*images.CMAKE_OPTIONS, "-DSOMETHING=1"))
    assert images.inputs_digest() != before


def test_missing_tools_name_the_command_to_install_them(monkeypatch):
    monkeypatch.setattr(images.shutil, "which",
                        lambda tool: None if tool == "arm-none-eabi-gcc" else f"/usr/bin/{tool}")
    monkeypatch.setattr(images.os, "geteuid", lambda: 1000)
    with pytest.raises(images.ImageBuildError, match="apt-get install gcc-arm-none-eabi"):
        images.ensure_host_tools()


def test_a_port_that_changed_its_float_choice_is_refused(tmp_path, rp2_image):
    tree = tmp_path / "micropython" / "ports" / "rp2"
    tree.mkdir(parents=True)
    (tree / "CMakeLists.txt").write_text("project(firmware)\n")
    with pytest.raises(images.ImageBuildError, match="float implementation"):
        images.patch_port(tmp_path / "micropython")


def test_the_boot_rom_assembles_from_its_source_into_an_empty_cache(rp2_image, tmp_path,
                                                                     monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    built = images.bootrom(images.cache_root())
    assert built.is_relative_to(tmp_path)
    assert built.read_bytes() == rp2_image.bootrom_bin.read_bytes()
    assert images.bootrom(images.cache_root()) == built  # and the second time, from the cache
