"""``kaskade release`` as a maintainer or an owner uses it: a key made (with or without a
passphrase), a wheel signed, the signature checked against the key, the project's key's
fingerprint; and each mistake refused with what to do."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from controller.app.signatures import project_key, read_public_key
from controller.cli import main

NAME = "kaskade_board-2.0.0-py3-none-any.whl"


def wheel(path: Path) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("kaskade_board-2.0.0.dist-info/METADATA", "Name: kaskade-board\n")
        archive.writestr("controller/__init__.py", '__version__ = "2.0.0"\n')
    return path


def test_a_key_made_signs_a_wheel_that_verifies_with_it(tmp_path, capsys):
    key = tmp_path / "keys" / "mine.key"
    secret = tmp_path / "passphrase"
    secret.write_text("a long passphrase\n", encoding="utf-8")
    assert main(["release", "keygen", str(key), "--comment", "Anna's boards",
                 "--passphrase-file", str(secret)]) == 0
    said = capsys.readouterr().out
    public = read_public_key(tmp_path / "keys" / "mine.key.pub")
    assert f"fingerprint {public.shown}" in said
    assert "keep it off the board and out of any repository" in said
    made = wheel(tmp_path / NAME)
    assert main(["release", "sign", str(made), "--key", str(key), "--passphrase-file",
                 str(secret)]) == 0
    assert capsys.readouterr().out == f"wrote {made}.sig (signed by {public.shown})\n"
    assert main(["release", "verify", str(made), "--key", f"{key}.pub"]) == 0
    assert capsys.readouterr().out == \
        f"{NAME}: signed by Anna's boards ({public.fingerprint[:16]}…), fingerprint " \
        f"{public.shown}\n"
    assert main(["release", "fingerprint", f"{key}.pub"]) == 0
    assert capsys.readouterr().out == f"{public.shown}  Anna's boards\n"


def test_the_projects_fingerprint_is_printed(capsys):
    assert main(["release", "fingerprint"]) == 0
    assert capsys.readouterr().out.split("  ")[0] == project_key().shown


def test_mistakes_are_refused_with_what_to_do(tmp_path, capsys):
    key = tmp_path / "mine.key"
    assert main(["release", "keygen", str(key), "--no-passphrase"]) == 0
    capsys.readouterr()
    assert main(["release", "keygen", str(key), "--no-passphrase"]) == 2
    assert "exists already: a key is never overwritten" in capsys.readouterr().err
    assert main(["release", "keygen", str(tmp_path / "other.key")]) == 2
    assert "no terminal to ask for the passphrase on: give --passphrase-file FILE or " \
        "--no-passphrase" in capsys.readouterr().err
    not_a_wheel = tmp_path / "something.zip"
    not_a_wheel.write_bytes(b"")
    assert main(["release", "sign", str(not_a_wheel), "--key", str(key)]) == 2
    assert "not a Kaskade Board wheel" in capsys.readouterr().err
    made = wheel(tmp_path / NAME)
    assert main(["release", "verify", str(made), "--key", f"{key}.pub"]) == 2
    assert "comes without its signature" in capsys.readouterr().err
    assert main(["release", "sign", str(made), "--key", f"{key}.pub"]) == 2
    assert "not a private key" in capsys.readouterr().err


@pytest.mark.parametrize("action", ["keygen", "sign", "verify", "fingerprint"])
def test_every_action_has_help(action, capsys):
    with pytest.raises(SystemExit):
        main(["release", action, "--help"])
    assert "usage: kaskade release" in capsys.readouterr().out
