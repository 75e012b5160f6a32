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
    with pytest.raises(BundleError, match="is not a file of the bundle"):
        load(tmp_path / "b")


def with_entry(root, name: str, data: bytes) -> None:
    """Add ``name`` to the bundle's manifest with the hash of ``data``."""
    manifest = json.loads((root / "manifest.json").read_text())
    manifest["files"][name] = {"size": len(data), "sha256": sha256(data)}
    (root / "manifest.json").write_text(json.dumps(manifest))


def test_a_symbolic_link_in_a_bundle_is_refused_though_its_hash_matches(tmp_path):
    """A link to a secret passes a hash check made with the secret's own bytes."""
    root = tmp_path / "b"
    build(PROFILE, root)
    secret = tmp_path / "shadow"
    secret.write_bytes(b"root:$6$secret:19000:0:99999:7:::\n")
    (root / "firmware" / "notes.py").symlink_to(secret)
    with_entry(root, "firmware/notes.py", secret.read_bytes())
    with pytest.raises(BundleError, match="a symbolic link; a bundle holds plain files only"):
        load(root)


def test_a_linked_folder_in_a_bundle_is_refused(tmp_path):
    root = tmp_path / "b"
    build(PROFILE, root)
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "x.py").write_bytes(b"x = 1\n")
    (root / "firmware" / "more").symlink_to(tmp_path / "elsewhere")
    with_entry(root, "firmware/more/x.py", b"x = 1\n")
    with pytest.raises(BundleError, match="symbolic link"):
        load(root)


@pytest.mark.parametrize("name", ["firmware\\evil.py", "/etc/passwd", "firmware//x.py",
                                  "firmware/../x.py", "firmware/x y.py", ""])
def test_names_a_board_could_read_differently_are_refused(tmp_path, name):
    root = tmp_path / "b"
    build(PROFILE, root)
    with_entry(root, name, b"")
    with pytest.raises(BundleError, match="is not a file of the bundle"):
        load(root)


def test_a_manifest_nested_too_deep_is_a_one_line_error(tmp_path):
    root = tmp_path / "b"
    build(PROFILE, root)
    (root / "manifest.json").write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(BundleError, match="nested too deep"):
        load(root)

