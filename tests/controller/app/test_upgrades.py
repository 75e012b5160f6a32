"""The folder where a release uploaded from the web page waits: only whole wheels of the
board appear in it, the upgrade service takes them out of the app's reach (never what a link
names), and how it went is kept where the app can read it."""

from __future__ import annotations

import os
import zipfile
from pathlib import Path

import pytest

from controller.app.upgrades import SPOOL, Spool, UploadError, wheel_version

NAME = "kaskade_board-0.4.0-py3-none-any.whl"


def wheel(path: Path, version: str = "0.4.0") -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(f"kaskade_board-{version}.dist-info/METADATA", "Name: kaskade-board\n")
    return path


@pytest.fixture
def spool(tmp_path) -> Spool:
    (tmp_path / SPOOL).mkdir()
    return Spool(tmp_path)


def test_a_whole_upload_is_renamed_into_place_and_its_version_read(spool, tmp_path):
    part = wheel(spool.part(NAME))
    assert spool.waiting() == [], "a part is not a waiting wheel"
    assert spool.accept(part, NAME) == "0.4.0"
    assert spool.waiting() == [spool.directory / NAME]
    assert not part.exists()
    outcome = spool.outcome()
    assert outcome is not None
    assert (outcome["state"], outcome["wheel"]) == ("waiting", NAME)
    assert oct((tmp_path / "upgrade.json").stat().st_mode & 0o777) == "0o600"


def test_an_upload_that_is_no_board_wheel_leaves_nothing(spool):
    part = spool.part(NAME)
    part.write_bytes(b"no zip")
    with pytest.raises(UploadError, match="is not a wheel"):
        spool.accept(part, NAME)
    assert list(spool.directory.iterdir()) == []
    with pytest.raises(UploadError, match="not the name of a Kaskade Board wheel"):
        wheel_version(wheel(spool.directory / "x.whl"), "x.whl")


def test_the_service_takes_the_oldest_wheel_and_never_what_a_link_names(spool, tmp_path):
    into = tmp_path / "root-only"
    into.mkdir()
    secret = tmp_path / "secret.whl"
    wheel(secret)
    (spool.directory / "kaskade_board-0.0.1-py3-none-any.whl").symlink_to(secret)
    older = wheel(spool.directory / "kaskade_board-0.3.0-py3-none-any.whl", "0.3.0")
    newer = wheel(spool.directory / NAME)
    os.utime(older, (1, 1))
    os.utime(newer, (2, 2))
    os.utime(spool.directory / "kaskade_board-0.0.1-py3-none-any.whl", (0, 0),
             follow_symlinks=False)
    taken = spool.take(into)
    assert taken == into / older.name
    assert secret.exists(), "a link is removed, what it names is untouched"
    assert not (into / "kaskade_board-0.0.1-py3-none-any.whl").exists()
    assert spool.take(into) == into / NAME
    assert spool.take(into) is None
    assert list(spool.directory.iterdir()) == []


def test_a_board_without_the_folder_takes_no_uploads(tmp_path):
    assert not Spool(tmp_path).enabled
    assert Spool(tmp_path).waiting() == []
    assert Spool(tmp_path).outcome() is None
