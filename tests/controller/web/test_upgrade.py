"""A new release uploaded from the web page, on the real server on loopback: paired devices
only, wheels only, size-limited, read in pieces, and left waiting whole for the board's
upgrade service (or refused where there is none)."""

from __future__ import annotations

import io
import json
import urllib.error
import urllib.request
import uuid
import zipfile

import pytest

from controller.app.upgrades import SPOOL, Spool

WHEEL = "kaskade_board-0.9.0-py3-none-any.whl"


def wheel_bytes(version: str = "0.9.0") -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr(f"kaskade_board-{version}.dist-info/METADATA",
                         f"Metadata-Version: 2.4\nName: kaskade-board\nVersion: {version}\n")
        archive.writestr("controller/__init__.py", f'__version__ = "{version}"\n')
    return buffer.getvalue()


def multipart(field: str, filename: str, content: bytes) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"; "
            f"filename=\"{filename}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
            ).encode() + content + f"\r\n--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"


def upload(served, content: bytes, filename: str = WHEEL, field: str = "wheel",
           token: str | None = None):
    body, kind = multipart(field, filename, content)
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
def spool(served, tmp_path) -> Spool:
    """The upload folder, as kaskade install makes it on a Pi."""
    (tmp_path / SPOOL).mkdir()
    return Spool(tmp_path)


def test_a_paired_device_uploads_a_wheel_that_waits_whole_for_the_upgrade_service(served,
                                                                                  spool):
    status, answer = served.request("GET", "/api/upgrade")
    assert (status, answer["uploads"], answer["waiting"], answer["last"]) == \
        (200, True, [], None)
    served.pair()
    content = wheel_bytes()
    status, answer = upload(served, content)
    assert status == 202, answer
    assert answer == {"waiting": WHEEL, "version": "0.9.0", "follow": "GET /api/upgrade"}
    assert (spool.directory / WHEEL).read_bytes() == content
    assert [p.name for p in spool.directory.iterdir()] == [WHEEL], "no part left over"
    status, answer = served.request("GET", "/api/upgrade")
    assert answer["waiting"] == [WHEEL]
    assert answer["last"]["state"] == "waiting"
    status, answer = upload(served, wheel_bytes("0.9.1"),
                            "kaskade_board-0.9.1-py3-none-any.whl")
    assert status == 409
    assert "waits to be installed already" in answer["error"]
    assert [p.name for p in spool.directory.iterdir()] == [WHEEL]


def test_only_a_paired_device_may_upload(served, spool):
    assert upload(served, wheel_bytes())[0] == 401
    assert upload(served, wheel_bytes(), token="not-a-token")[0] == 403
    assert list(spool.directory.iterdir()) == []


@pytest.mark.parametrize(("field", "filename", "content", "why"), [
    ("wheel", "kaskade_board-0.9.0-py3-none-any.whl", b"PK not really a zip",
     "is not a wheel"),
    ("wheel", "something-else-1.0-py3-none-any.whl", wheel_bytes(),
     "is not the name of a Kaskade Board wheel"),
    ("wheel", "kaskade_board-0.9.0-py3-none-any.whl", wheel_bytes("0.8.0"),
     "is not a Kaskade Board 0.9.0 wheel"),
    ("file", "kaskade_board-0.9.0-py3-none-any.whl", wheel_bytes(), "in the field 'wheel'"),
    ("wheel", "../../kaskade_board-0.9.0", wheel_bytes(), "is not the name of"),
])
def test_what_is_not_a_board_wheel_is_refused_and_nothing_kept(served, spool, field,
                                                               filename, content, why):
    served.pair()
    status, answer = upload(served, content, filename, field)
    assert status == 400
    assert why in answer["error"]
    assert list(spool.directory.iterdir()) == []


@pytest.mark.parametrize("size", [150_000, 400_000], ids=["read-in-pieces", "declared"])
def test_a_wheel_too_large_is_refused_without_being_kept(served, spool, monkeypatch, size):
    from controller.web import upgrade

    monkeypatch.setattr(upgrade, "LIMIT", 100_000)  # the first is cut off as it is read
    served.pair()
    status, answer = upload(served, wheel_bytes() + b"\0" * size)
    assert status == 413
    assert "at most" in answer["error"]
    assert list(spool.directory.iterdir()) == []
    status, answer = upload(served, wheel_bytes())
    assert status == 202, "the board takes the next one"


def test_a_board_without_the_upgrade_service_says_to_use_the_command(served, tmp_path):
    served.pair()
    status, answer = upload(served, wheel_bytes())
    assert status == 409
    assert "kaskade upgrade WHEEL" in answer["error"]
    assert not (tmp_path / SPOOL).exists()
    assert served.request("GET", "/api/upgrade")[1]["uploads"] is False
