"""The boot stage's choice of firmware set: the active one when complete and not failing, the
other one otherwise, nothing when neither is complete."""

from __future__ import annotations

import json

from firmware import bootstage


def make_set(root, name, files=None, manifest=True):
    files = {"firmware/main.py": b"print(1)\n", "board.json": b"{}"} if files is None else files
    base = root / "fw" / name
    for path, data in files.items():
        (base / path).parent.mkdir(parents=True, exist_ok=True)
        (base / path).write_bytes(data)
    if manifest:
        (base / "manifest.json").write_text(json.dumps(
            {"files": {path: {"size": len(data), "sha256": "-"} for path, data in files.items()}}))


def test_the_active_complete_set_starts_and_counts_a_try(tmp_path):
    make_set(tmp_path, "a")
    make_set(tmp_path, "b")
    (tmp_path / "fw" / "active").write_text("b")
    assert bootstage.choose(str(tmp_path)) == "b"
    assert (tmp_path / "fw" / "tries").read_text() == "1"
    bootstage.confirm(str(tmp_path))
    assert (tmp_path / "fw" / "tries").read_text() == "0"


def test_an_incomplete_active_set_falls_back_to_the_other(tmp_path):
    make_set(tmp_path, "a")
    make_set(tmp_path, "b", manifest=False)
    (tmp_path / "fw" / "active").write_text("b")
    assert bootstage.choose(str(tmp_path)) == "a"
    assert (tmp_path / "fw" / "active").read_text() == "a"


def test_a_file_cut_short_makes_a_set_incomplete(tmp_path):
    make_set(tmp_path, "a")
    make_set(tmp_path, "b")
    (tmp_path / "fw" / "b" / "firmware" / "main.py").write_bytes(b"pri")
    (tmp_path / "fw" / "active").write_text("b")
    assert bootstage.choose(str(tmp_path)) == "a"


def test_a_set_that_keeps_failing_to_start_is_left_behind(tmp_path):
    make_set(tmp_path, "a")
    make_set(tmp_path, "b")
    (tmp_path / "fw" / "active").write_text("b")
    chosen = [bootstage.choose(str(tmp_path)) for _ in range(bootstage.MAX_TRIES + 1)]
    assert chosen == ["b"] * bootstage.MAX_TRIES + ["a"]


def test_nothing_starts_without_a_complete_set_and_garbage_is_survived(tmp_path):
    assert bootstage.choose(str(tmp_path)) is None
    make_set(tmp_path, "a")
    (tmp_path / "fw" / "active").write_text("zz")
    (tmp_path / "fw" / "tries").write_text("many")
    (tmp_path / "fw" / "a" / "manifest.json").write_text("{not json")
    assert bootstage.choose(str(tmp_path)) is None
