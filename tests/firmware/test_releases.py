"""The record of firmware versions (firmware/releases.toml): a version names one content, so
a change under firmware/ needs a new firmware version — this test fails until it has one, and
says what to write."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from controller.devices.firmware import RELEASES, SOURCE, parse_version, releases
from controller.profile import DEFAULT_PROFILE, load_profile
from firmware.identity import VERSION
from hw.flash.bundle import build

HASH = re.compile(r"[0-9A-F]{8}")


def _hashes(tmp_path: Path, version: str) -> tuple[str, str]:
    """The content hashes (.py, compiled) the firmware's files would have under ``version``."""
    source = tmp_path / f"firmware-{version}"
    shutil.copytree(SOURCE, source, ignore=shutil.ignore_patterns("__pycache__"))
    identity = source / "identity.py"
    identity.write_text(identity.read_text(encoding="utf-8").replace(
        f'VERSION = "{VERSION}"', f'VERSION = "{version}"'), encoding="utf-8")
    profile = load_profile(DEFAULT_PROFILE)
    plain = build(profile, tmp_path / f"plain-{version}", source=source)
    compiled = build(profile, tmp_path / f"compiled-{version}", compile_mpy=True, source=source)
    return plain.content_hash, compiled.content_hash


def _entry(version: str, hashes: tuple[str, str]) -> str:
    return f'[versions."{version}"]\ncontent = ["{hashes[0]}"]\ncompiled = ["{hashes[1]}"]\n'


def _next_version(version: str) -> str:
    parts = parse_version(version) or (0, 0, 0)
    return f"{parts[0]}.{parts[1] + 1}.0"


def test_the_firmware_files_are_the_content_recorded_for_their_version(tmp_path):
    recorded = releases().get(VERSION)
    current = _hashes(tmp_path, VERSION)
    if recorded == {"content": [current[0]], "compiled": [current[1]]}:
        return
    if recorded is None:
        pytest.fail(f"Firmware {VERSION} (firmware/identity.py) is not recorded: add at the top "
                    f"of the versions in firmware/releases.toml:\n\n{_entry(VERSION, current)}")
    new = _next_version(VERSION)
    pytest.fail(
        f"The firmware's files changed, but firmware/identity.py still says {VERSION}, recorded "
        f"in firmware/releases.toml with other content (now: content {current[0]}, compiled "
        f"{current[1]}). A firmware version names one content, so that every board is offered "
        f"every change:\n"
        f"1. in firmware/identity.py, set VERSION = \"{new}\" (or x.y.Z+1 for a fix alone: "
        f"then run this test again, it prints that version's entry);\n"
        f"2. at the top of the versions in firmware/releases.toml, add:\n\n"
        f"{_entry(new, _hashes(tmp_path, new))}\n"
        f"3. say what changed in the firmware's lines of CHANGELOG.md.\n"
        f"Only while firmware {VERSION} is in no release of the program (it came with "
        f"CHANGELOG.md's [Unreleased]), keep the version and replace its entry instead:\n\n"
        f"{_entry(VERSION, current)}")


def test_every_recorded_version_is_numbered_newest_first_with_its_hashes():
    record = releases()
    numbers = [parse_version(version) for version in record]
    assert None not in numbers, "versions are dotted numbers"
    assert numbers == sorted(numbers, reverse=True), "newest first"  # type: ignore[type-var]
    assert next(iter(record)) == VERSION, "the bundled version is the newest recorded"
    seen: set[str] = set()
    for version, entry in record.items():
        assert entry["content"], f"{version} has a content hash"
        for value in entry["content"] + entry["compiled"]:
            assert HASH.fullmatch(value), f"{version}: {value!r} is 8 hex digits"
            assert value not in seen, f"{value} belongs to one version only"
            seen.add(value)


def test_the_record_travels_with_the_firmware_package():
    assert RELEASES.parent == SOURCE
    assert RELEASES.is_file()
