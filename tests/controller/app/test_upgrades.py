"""The folder where a release uploaded from the web page waits: only whole wheels of the
board, signed by a trusted key and newer than the running release, appear in it; the upgrade
service copies them out of the app's reach (never following a link, never reading what is
not a plain file), and how it went is kept in the service's own folder, where the app can
read it."""

from __future__ import annotations

import os
import zipfile
from pathlib import Path

import pytest

from controller import __version__
from controller.app.signatures import SignatureError
from controller.app.upgrades import (
    SPOOL,
    Spool,
    UploadError,
    check_newer,
    version_key,
    wheel_version,
)
from tests.support.signing import Signer, signer

VERSION = "99.0.0"
NAME = f"kaskade_board-{VERSION}-py3-none-any.whl"


def wheel(path: Path, version: str = VERSION) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(f"kaskade_board-{version}.dist-info/METADATA", "Name: kaskade-board\n")
    return path


@pytest.fixture
def keys(tmp_path) -> Signer:
    return signer(tmp_path / "keys")


@pytest.fixture
def spool(tmp_path, keys) -> Spool:
    (tmp_path / SPOOL).mkdir()
    return Spool(tmp_path, outcomes=tmp_path / "outcomes", keys=keys.trusted)


def signed_part(spool: Spool, keys: Signer, name: str = NAME, version: str = VERSION,
                ) -> tuple[Path, Path]:
    """An upload's parts: the wheel written as ``name`` and signed, then both moved to part
    names, as the server receives them."""
    made = wheel(spool.directory / f"{name}.tmp", version)
    renamed = made.rename(made.with_name(name))
    signature = keys.sign(renamed)
    part, signature_part = spool.part(name), spool.part("x.sig")
    renamed.rename(part)
    signature.rename(signature_part)
    return part, signature_part


def test_a_whole_signed_upload_is_put_in_place_with_its_signature(spool, keys):
    part, signature = signed_part(spool, keys)
    assert spool.waiting() == [], "a part is not a waiting wheel"
    assert spool.accept(part, NAME, signature) == VERSION
    assert spool.waiting() == [spool.directory / NAME]
    assert sorted(p.name for p in spool.directory.iterdir()) == [NAME, f"{NAME}.sig"]


@pytest.mark.parametrize(("case", "why"), [
    ("unsigned", "comes without its signature"),
    ("stranger", "is signed by a key this board does not trust"),
    ("changed", "does not match its signature: it was changed after"),
    ("renamed", "is the signature of 'kaskade_board-98.0.0-py3-none-any.whl'"),
])
def test_an_upload_not_signed_by_a_trusted_key_is_refused_and_nothing_kept(
        spool, keys, tmp_path, case, why):
    part, signature = signed_part(spool, keys)
    if case == "unsigned":
        signature.unlink()
        signature = None
    elif case == "stranger":
        part.unlink()
        signature.unlink()
        part, signature = signed_part(spool, signer(tmp_path / "elsewhere", trust=False))
    elif case == "changed":
        with zipfile.ZipFile(part, "a") as archive:
            archive.writestr("controller/cli/__init__.py", "import os; os.system('id')\n")
    else:
        part.unlink()
        signature.unlink()
        old_part, signature = signed_part(spool, keys, NAME.replace("99", "98"), "98.0.0")
        part = old_part.rename(spool.part(NAME))
        wheel(part)
    with pytest.raises(SignatureError, match=why):
        spool.accept(part, NAME, signature)
    assert list(spool.directory.iterdir()) == []


def test_no_trusted_key_means_no_upload(spool, keys):
    for path in keys.trusted.iterdir():
        path.unlink()
    part, signature = signed_part(spool, keys)
    with pytest.raises(SignatureError, match="this board trusts no release key"):
        spool.accept(part, NAME, signature)


def test_an_upload_that_is_no_board_wheel_or_not_newer_leaves_nothing(spool, keys):
    part = spool.part(NAME)
    part.write_bytes(b"no zip")
    with pytest.raises(UploadError, match="is not a wheel"):
        spool.accept(part, NAME, None)
    assert list(spool.directory.iterdir()) == []
    with pytest.raises(UploadError, match="not the name of a Kaskade Board wheel"):
        wheel_version(wheel(spool.directory / "x.whl"), "x.whl")
    older = f"kaskade_board-{__version__}-py3-none-any.whl"
    part, signature = signed_part(spool, keys, older, __version__)
    with pytest.raises(UploadError, match=f"the board runs {__version__}; an upload installs "
                       "only a newer release"):
        spool.accept(part, older, signature)
    assert [p.name for p in spool.directory.iterdir()] == ["x.whl"]


@pytest.mark.parametrize(("older", "newer"), [
    ("0.6.0", "0.6.1"), ("0.6.0", "0.10.0"), ("0.7.0rc1", "0.7.0"), ("0.7.0", "0.7.0.post1"),
    ("1.0", "1.0.1"), ("0.9.9", "1.0.0")])
def test_versions_are_ordered_as_releases_are(older, newer):
    assert version_key(older) < version_key(newer)
    check_newer(newer, older)
    with pytest.raises(UploadError):
        check_newer(older, newer)
    with pytest.raises(UploadError):
        check_newer(newer, newer)
    assert version_key("1.0") == version_key("1.0.0")


def test_the_service_copies_the_oldest_wheel_out_and_never_what_a_link_names(spool, tmp_path):
    into = tmp_path / "root-only"
    into.mkdir()
    secret = tmp_path / "secret.whl"
    wheel(secret)
    linked = spool.directory / "kaskade_board-0.0.1-py3-none-any.whl"
    linked.symlink_to(secret)
    os.mkfifo(spool.directory / "kaskade_board-0.0.2-py3-none-any.whl")  # would block a read
    older = wheel(spool.directory / "kaskade_board-0.3.0-py3-none-any.whl", "0.3.0")
    (spool.directory / f"{older.name}.sig").write_text("a signature", encoding="utf-8")
    newer = wheel(spool.directory / NAME)
    os.utime(older, (1, 1))
    os.utime(newer, (2, 2))
    for odd in (linked, spool.directory / "kaskade_board-0.0.2-py3-none-any.whl"):
        os.utime(odd, (0, 0), follow_symlinks=False)
    content = older.read_bytes()
    taken = spool.take(into)
    assert taken is not None
    assert (taken.wheel, taken.signature) == (into / older.name, into / f"{older.name}.sig")
    assert taken.wheel.read_bytes() == content
    assert secret.exists(), "a link is removed, what it names is untouched"
    assert not (into / linked.name).exists()
    second = spool.take(into)
    assert second is not None
    assert (second.wheel, second.signature) == (into / NAME, None)
    assert spool.take(into) is None
    assert list(spool.directory.iterdir()) == []


def test_a_folder_replaced_by_a_link_is_not_followed(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    kept = wheel(elsewhere / NAME)
    (tmp_path / SPOOL).symlink_to(elsewhere)
    into = tmp_path / "root-only"
    into.mkdir()
    assert Spool(tmp_path).take(into) is None
    assert kept.exists(), "nothing is taken from, or removed in, what the link names"


def test_how_it_went_is_kept_in_the_services_folder_for_everyone_to_read(spool, tmp_path):
    assert spool.outcome() is None
    spool.report("failed", "why", NAME)
    outcome = spool.outcome()
    assert outcome is not None
    assert (outcome["state"], outcome["message"], outcome["wheel"]) == ("failed", "why", NAME)
    path = tmp_path / "outcomes" / "upgrade.json"
    assert oct(path.stat().st_mode & 0o777) == "0o644"
    assert not (tmp_path / "upgrade.json").exists(), "nothing of root's in the app's folder"


def test_a_board_without_the_folder_takes_no_uploads(tmp_path):
    assert not Spool(tmp_path).enabled
    assert Spool(tmp_path).waiting() == []
    assert Spool(tmp_path, outcomes=tmp_path / "none").outcome() is None
