"""The firmware bundle: what it holds, its manifest, and the damage it refuses."""

from __future__ import annotations

import json

import pytest

from controller.profile import load_profile
from firmware.identity import VERSION, content_hash
from hw.flash.bundle import build, load, sha256
from hw.flash.errors import BundleError

PROFILE = load_profile("kaskade-8x8")


def test_a_bundle_holds_the_firmware_its_config_and_the_boot_stage(tmp_path):
    bundle = build(PROFILE, tmp_path / "b")
    paths = {entry.path for entry in bundle.files}
    assert {"firmware/main.py", "firmware/proto.py", "firmware/sensors/mpr121.py",
            "board.json"} <= paths
    assert bundle.boot.path == "main.py"
    assert bundle.version == VERSION
    assert bundle.content_hash == content_hash(str(tmp_path / "b" / "firmware"))
    assert json.loads((tmp_path / "b" / "board.json").read_text())["board"] == "kaskade-8x8"
    for entry in bundle.files:
        assert sha256((tmp_path / "b" / entry.path).read_bytes()) == entry.sha256


def test_compiled_bundles_carry_mpy_files(tmp_path):
    bundle = build(PROFILE, tmp_path / "b", compile_mpy=True)
    assert "firmware/proto.mpy" in {entry.path for entry in bundle.files}
    assert (tmp_path / "b" / "firmware" / "proto.mpy").read_bytes()[:1] == b"M"
    assert bundle.total_bytes < build(PROFILE, tmp_path / "p").total_bytes


@pytest.mark.parametrize(("damage", "says"), [
    (lambda root: (root / "firmware" / "pads.py").write_text("# changed\n"), "does not match"),
    (lambda root: (root / "firmware" / "pads.py").unlink(), "incomplete"),
    (lambda root: (root / "manifest.json").write_text("{"), "not a bundle manifest"),
    (lambda root: (root / "manifest.json").unlink(), "no manifest.json"),
])
def test_a_damaged_bundle_is_refused(tmp_path, damage, says):
    build(PROFILE, tmp_path / "b")
    damage(tmp_path / "b")
    with pytest.raises(BundleError, match=says):
        load(tmp_path / "b")


def test_a_manifest_cannot_point_outside_the_bundle(tmp_path):
    build(PROFILE, tmp_path / "b")
    manifest = json.loads((tmp_path / "b" / "manifest.json").read_text())
    manifest["files"]["../outside"] = {"size": 1, "sha256": "0"}
    (tmp_path / "b" / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(BundleError, match="outside the bundle"):
        load(tmp_path / "b")
