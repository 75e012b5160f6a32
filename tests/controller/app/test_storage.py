"""Files are replaced whole or not at all, and read errors name the file."""

import os

import pytest

from controller.app import storage
from controller.app.storage import StorageError, read_text, write_atomically


def test_write_then_read(tmp_path):
    path = tmp_path / "game.record"
    write_atomically(path, "first\n")
    write_atomically(path, "second\n")
    assert read_text(path) == "second\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.record"]


def test_a_crash_before_the_rename_keeps_the_old_file_and_leaves_no_litter(tmp_path, monkeypatch):
    path = tmp_path / "game.record"
    write_atomically(path, "old\n")

    def power_cut(source, target):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(storage.os, "replace", power_cut)
    with pytest.raises(StorageError, match=r"game\.record: cannot save: Input/output error"):
        write_atomically(path, "new\n")
    assert path.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.record"]


def test_the_data_reaches_the_disk_before_the_rename(tmp_path, monkeypatch):
    calls = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(storage.os, "fsync", lambda fd: (calls.append("fsync"), real_fsync(fd)))
    monkeypatch.setattr(storage.os, "replace",
                        lambda a, b: (calls.append("replace"), real_replace(a, b)))
    write_atomically(tmp_path / "x", "data")
    assert calls == ["fsync", "replace", "fsync"], "file synced, renamed, directory synced"


def test_errors_are_storage_errors_and_os_errors(tmp_path):
    with pytest.raises(StorageError) as caught:
        read_text(tmp_path / "missing")
    assert isinstance(caught.value, OSError)
    assert "missing: No such file or directory" in str(caught.value)
    with pytest.raises(StorageError, match="cannot save"):
        write_atomically(tmp_path / "no" / "dir" / "x", "data")
    (tmp_path / "binary").write_bytes(b"\x80\x81")
    with pytest.raises(StorageError, match="not a text file"):
        read_text(tmp_path / "binary")
