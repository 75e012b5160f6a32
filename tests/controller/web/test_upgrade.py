"""A new release uploaded from the web page, on the real server on loopback: paired devices
only, wheels only, signed by a key the board trusts and newer than the running release,
size-limited, read in pieces, and left waiting whole with its signature for the board's
upgrade service (or refused with the reason, where there is none)."""

from __future__ import annotations

import io
import json
import urllib.error
import urllib.request
import uuid
import zipfile
from pathlib import Path

import pytest

from controller import __version__
from controller.app import signatures
from controller.app.upgrades import SPOOL, Spool
from tests.support.signing import Signer, signer

VERSION = "99.0.0"
WHEEL = f"kaskade_board-{VERSION}-py3-none-any.whl"


def wheel_bytes(version: str = VERSION) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr(f"kaskade_board-{version}.dist-info/METADATA",
                         f"Metadata-Version: 2.4\nName: kaskade-board\nVersion: {version}\n")
        archive.writestr("controller/__init__.py", f'__version__ = "{version}"\n')
    return buffer.getvalue()


def multipart(*files: tuple[str, str, bytes]) -> tuple[bytes, str]:
    """A form of ``(field, filename, content)`` files."""
    boundary = uuid.uuid4().hex
    body = b"".join(
        (f"--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"; "
         f"filename=\"{filename}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
         ).encode() + content + b"\r\n" for field, filename, content in files)
    return body + f"--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"


def signature_of(keys: Signer, content: bytes, filename: str, tmp: Path) -> bytes:
    """The signature ``keys`` make for ``content`` named ``filename``."""
    folder = tmp / uuid.uuid4().hex
    folder.mkdir()
    path = folder / filename
    path.write_bytes(content)
    return keys.sign(path).read_bytes()


def upload(served, content: bytes, filename: str = WHEEL, field: str = "wheel",
           token: str | None = None, signature: bytes | None = None,
           signature_field: str = "signature"):
    files = [(field, filename, content)]
    if signature is not None:
        files.append((signature_field, f"{filename}.sig", signature))
    body, kind = multipart(*files)
    request = urllib.request.Request(served.server.address + "api/upgrade", data=body,
                                     method="POST", headers={"Content-Type": kind})
    if token or served.token:
        request.add_header("Authorization", f"Bearer {token or served.token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


@pytest.fixture
def keys(tmp_path, monkeypatch) -> Signer:
    """A key the board trusts, as kaskade install --trust places it."""
    made = signer(tmp_path / "release-keys")
    monkeypatch.setattr(signatures, "TRUSTED", made.trusted)
    return made


@pytest.fixture
def spool(served, tmp_path, keys) -> Spool:
    """The upload folder, as kaskade install makes it on a Pi."""
    (tmp_path / SPOOL).mkdir()
    return Spool(tmp_path)


@pytest.mark.parametrize("fields", ["wheel+signature", "one-file-input"])
def test_a_paired_device_uploads_a_signed_wheel_that_waits_whole_for_the_upgrade_service(
        served, spool, keys, tmp_path, fields):
    status, answer = served.request("GET", "/api/upgrade")
    assert (status, answer["uploads"], answer["waiting"], answer["last"]) == \
        (200, True, [], None)
    served.pair()
    content = wheel_bytes()
    signature = signature_of(keys, content, WHEEL, tmp_path)
    status, answer = upload(served, content, signature=signature,
                            signature_field="signature" if fields == "wheel+signature"
                            else "wheel")
    assert status == 202, answer
    assert answer == {"waiting": WHEEL, "version": VERSION, "follow": "GET /api/upgrade"}
    assert (spool.directory / WHEEL).read_bytes() == content
    assert (spool.directory / f"{WHEEL}.sig").read_bytes() == signature
    assert sorted(p.name for p in spool.directory.iterdir()) == [WHEEL, f"{WHEEL}.sig"], \
        "no part left over"
    status, answer = served.request("GET", "/api/upgrade")
    assert answer["waiting"] == [WHEEL]
    newer = "kaskade_board-99.0.1-py3-none-any.whl"
    status, answer = upload(served, wheel_bytes("99.0.1"), newer,
                            signature=signature_of(keys, wheel_bytes("99.0.1"), newer,
                                                   tmp_path))
    assert status == 409
    assert "waits to be installed already" in answer["error"]
    assert sorted(p.name for p in spool.directory.iterdir()) == [WHEEL, f"{WHEEL}.sig"]


def test_an_unsigned_wheel_from_a_paired_phone_is_refused_with_the_reason(served, spool,
                                                                          tmp_path):
    """The issue's first failure: a paired device uploaded an unsigned wheel whose ``kaskade``
    entry point runs any code, and the upgrade service installed it and ran it as root."""
    served.pair()
    evil = io.BytesIO()
    with zipfile.ZipFile(evil, "w") as archive:
        archive.writestr(f"kaskade_board-{VERSION}.dist-info/METADATA",
                         f"Metadata-Version: 2.4\nName: kaskade-board\nVersion: {VERSION}\n")
        archive.writestr(f"kaskade_board-{VERSION}.dist-info/entry_points.txt",
                         "[console_scripts]\nkaskade = controller.cli:main\n")
        archive.writestr("controller/__init__.py", "")
        archive.writestr("controller/cli.py", "import os\ndef main():\n"
                         "    os.system('touch /tmp/owned-by-root')\n")
    status, answer = upload(served, evil.getvalue())
    assert status == 403, answer
    assert answer["error"].startswith(f"{WHEEL} comes without its signature ({WHEEL}.sig): a "
                                      "board installs only releases signed by a key its owner "
                                      "trusts")
    assert list(spool.directory.iterdir()) == [], "nothing waits for the upgrade service"


def test_a_wheel_signed_by_a_stranger_or_changed_after_signing_is_refused(served, spool, keys,
                                                                         tmp_path):
    served.pair()
    content = wheel_bytes()
    stranger = signer(tmp_path / "stranger", trust=False)
    status, answer = upload(served, content,
                            signature=signature_of(stranger, content, WHEEL, tmp_path))
    assert status == 403
    assert "is signed by a key this board does not trust" in answer["error"]
    assert "sudo kaskade install --trust KEY.pub" in answer["error"]
    status, answer = upload(served, content + b"\0",
                            signature=signature_of(keys, content, WHEEL, tmp_path))
    assert status == 403
    assert "does not match its signature: it was changed after" in answer["error"]
    assert list(spool.directory.iterdir()) == []


def test_an_older_release_is_refused_even_when_signed(served, spool, keys, tmp_path):
    served.pair()
    name = f"kaskade_board-{__version__}-py3-none-any.whl"
    content = wheel_bytes(__version__)
    status, answer = upload(served, content, name,
                            signature=signature_of(keys, content, name, tmp_path))
    assert status == 400
    assert f"the board runs {__version__}; an upload installs only a newer release" in \
        answer["error"]
    assert list(spool.directory.iterdir()) == []


def test_only_a_paired_device_may_upload(served, spool):
    assert upload(served, wheel_bytes())[0] == 401
    assert upload(served, wheel_bytes(), token="not-a-token")[0] == 403
    assert list(spool.directory.iterdir()) == []


@pytest.mark.parametrize(("field", "filename", "content", "why"), [
    ("wheel", WHEEL, b"PK not really a zip", "is not a wheel"),
    ("wheel", "something-else-1.0-py3-none-any.whl", wheel_bytes(),
     "is not the name of a Kaskade Board wheel"),
    ("wheel", WHEEL, wheel_bytes("98.0.0"), f"is not a Kaskade Board {VERSION} wheel"),
    ("file", WHEEL, wheel_bytes(), "in the fields 'wheel' and 'signature'"),
    ("wheel", f"../../kaskade_board-{VERSION}", wheel_bytes(), "is not the name of"),
])
def test_what_is_not_a_board_wheel_is_refused_and_nothing_kept(served, spool, field,
                                                               filename, content, why):
    served.pair()
    status, answer = upload(served, content, filename, field)
    assert status == 400
    assert why in answer["error"]
    assert list(spool.directory.iterdir()) == []


@pytest.mark.parametrize("size", [150_000, 400_000], ids=["read-in-pieces", "declared"])
def test_a_wheel_too_large_is_refused_without_being_kept(served, spool, monkeypatch, size,
                                                         keys, tmp_path):
    from controller.web import upgrade

    monkeypatch.setattr(upgrade, "LIMIT", 100_000)  # the first is cut off as it is read
    served.pair()
    status, answer = upload(served, wheel_bytes() + b"\0" * size)
    assert status == 413
    assert "at most" in answer["error"]
    assert list(spool.directory.iterdir()) == []
    status, answer = upload(served, wheel_bytes(), signature=signature_of(
        keys, wheel_bytes(), WHEEL, tmp_path))
    assert status == 202, "the board takes the next one"


def test_a_board_without_the_upgrade_service_says_to_use_the_command(served, tmp_path):
    served.pair()
    status, answer = upload(served, wheel_bytes())
    assert status == 409
    assert "kaskade upgrade WHEEL" in answer["error"]
    assert not (tmp_path / SPOOL).exists()
    assert served.request("GET", "/api/upgrade")[1]["uploads"] is False
