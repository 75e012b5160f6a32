"""Signed releases: a signature holds only for the very wheel, name and key it was made
with; keys and signatures that cannot be read are refused with the reason, whatever the
bytes; the project's own key is the one the docs publish."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from controller.app.signatures import (
    SignatureError,
    digest_of,
    generate,
    load_private_key,
    parse_public_key,
    parse_signature,
    project_key,
    read_public_key,
    trusted_keys,
    verify,
    verify_file,
)
from tests.support.signing import signer

NAME = "kaskade_board-1.2.3-py3-none-any.whl"


def wheel(path: Path) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("kaskade_board-1.2.3.dist-info/METADATA", "Name: kaskade-board\n")
    return path


def test_a_signed_wheel_verifies_with_the_key_that_signed_it(tmp_path):
    keys = signer(tmp_path / "keys")
    made = wheel(tmp_path / NAME)
    signature = keys.sign(made)
    assert signature.name == f"{NAME}.sig"
    assert verify_file(made, signature, trusted_keys(keys.trusted)) == keys.public
    text = signature.read_text(encoding="utf-8")
    assert f"file: {NAME}\n" in text
    assert f"sha256: {digest_of(made)}\n" in text
    assert f"key: {keys.public.fingerprint}\n" in text


def test_each_change_breaks_it(tmp_path):
    keys = signer(tmp_path / "keys")
    made = wheel(tmp_path / NAME)
    text = keys.sign(made).read_text(encoding="utf-8")
    trusted = trusted_keys(keys.trusted)
    digest = digest_of(made)
    with pytest.raises(SignatureError, match="does not match its signature"):
        verify(NAME, "0" * 64, text, trusted)
    with pytest.raises(SignatureError, match="is the signature of"):
        verify(NAME.replace("1.2.3", "9.9.9"), digest, text, trusted)
    forged = re.sub(r"(?m)^signature: (\S)",
                    lambda m: "signature: " + ("A" if m[1] != "A" else "B"), text)
    with pytest.raises(SignatureError, match="does not match its signature"):
        verify(NAME, digest, forged, trusted)
    # the fields say one digest, the signature was made over another
    claimed = text.replace(digest, "1" * 64)
    with pytest.raises(SignatureError, match="does not match"):
        verify(NAME, "1" * 64, claimed, trusted)
    stranger = signer(tmp_path / "other", trust=False)
    with pytest.raises(SignatureError, match="signed by a key this board does not trust"):
        verify(NAME, digest, stranger.sign(made).read_text(encoding="utf-8"), trusted)
    with pytest.raises(SignatureError, match="trusts no release key"):
        verify(NAME, digest, text, [])


def test_a_missing_signature_says_how_to_make_one(tmp_path):
    made = wheel(tmp_path / NAME)
    with pytest.raises(SignatureError, match=r"comes without its signature .*kaskade release "
                       "sign WHEEL --key KEY"):
        verify_file(made, tmp_path / f"{NAME}.sig", [])


def outcome(parse, text: str, where: str) -> object:
    """What ``parse`` makes of ``text``, or the message it refuses it with."""
    try:
        return parse(text, where)
    except SignatureError as error:
        return str(error)


@given(st.text(max_size=400))
def test_any_text_is_a_signature_or_refused_with_the_reason(text):
    found = outcome(parse_signature, text, "x.sig")
    assert not isinstance(found, str) or found.startswith("x.sig: ")


@given(st.text(max_size=200))
def test_any_text_is_a_key_or_refused_with_the_reason(text):
    found = outcome(parse_public_key, text, "k.pub")
    assert found.startswith("k.pub: ") if isinstance(found, str) else len(found.raw) == 32


def test_a_damaged_trusted_key_is_said_not_skipped(tmp_path):
    keys = signer(tmp_path / "keys")
    (keys.trusted / "broken.pub").write_text("ssh-ed25519 AAAA me\n", encoding="utf-8")
    with pytest.raises(SignatureError, match=r"broken\.pub: not a Kaskade Board release key"):
        trusted_keys(keys.trusted)
    assert trusted_keys(tmp_path / "nowhere") == []


def test_a_new_key_is_never_written_over_an_old_one_and_its_passphrase_is_needed(tmp_path):
    private = tmp_path / "mine.key"
    public = generate(private, b"correct horse", "Anna's boards")
    assert oct(private.stat().st_mode & 0o777) == "0o600"
    assert read_public_key(tmp_path / "mine.key.pub") == public
    assert public.comment == "Anna's boards"
    with pytest.raises(SignatureError, match="exists already"):
        generate(private, None, "")
    with pytest.raises(SignatureError, match="is encrypted: give its passphrase"):
        load_private_key(private, None)
    with pytest.raises(SignatureError, match="the passphrase is wrong"):
        load_private_key(private, b"wrong")
    assert load_private_key(private, b"correct horse") is not None
    plain = tmp_path / "plain.key"
    generate(plain, None, "")
    with pytest.raises(SignatureError, match="is not encrypted"):
        load_private_key(plain, b"x")
    with pytest.raises(SignatureError, match="not a private key"):
        load_private_key(tmp_path / "mine.key.pub", None)


def test_the_projects_key_is_the_one_the_docs_publish():
    key = project_key()
    docs = Path("docs/hardware.md").read_text(encoding="utf-8")
    assert key.shown in docs
    assert key.text() in Path("controller/app/kaskade-board-release.pub").read_text(
        encoding="utf-8")
