"""Signed releases: a release of the program installs on a board only when a key its owner
trusts signed it, so that nothing from the network — a paired phone, a compromised board app,
a file left in the upload folder — decides what root runs.

A signature is a small text file beside the wheel (``WHEEL.sig``), made by ``kaskade release
sign``::

    kaskade-board-signature: 1
    file: kaskade_board-0.9.0-py3-none-any.whl
    sha256: 5f1c…
    key: 9b2e…
    signature: BASE64

It signs, with Ed25519 (the ``cryptography`` package), the wheel's name and its SHA-256: the
wheel cannot be changed, nor renamed to another version, without the signature failing. A
public key is one line (``kaskade-board-release-key ed25519 BASE64 COMMENT``, a ``.pub``
file); its fingerprint is the SHA-256 of the key, in hex. The keys a board trusts are the
``.pub`` files in :data:`TRUSTED` (root's, placed by ``kaskade install``: the project's own
key and any the owner adds with ``--trust``). A private key is a PKCS #8 PEM file, encrypted
with a passphrase unless its maker chose none.

The board app checks an upload's signature to tell the phone at once why it is refused; the
upgrade service, as root, checks its own copy again before installing anything.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)

from controller.errors import KaskadeError

KEY_KIND = "kaskade-board-release-key"
SIGNATURE_KIND = "kaskade-board-signature"
SIGNATURE_VERSION = "1"
SUFFIX = ".sig"
"""A wheel's signature is the wheel's file name with this added."""
TRUSTED = Path("/etc/kaskade-board/release-keys")
"""Where a board keeps the public keys it trusts (root's, readable by the app)."""
PROJECT_KEY = "kaskade-board-release.pub"
"""The project's own release key, shipped in this package."""
MAX_KEY_FILE = 4096
MAX_SIGNATURE_FILE = 4096
"""The largest key or signature file read (both are a few hundred bytes)."""
_FIELDS = ("kaskade-board-signature", "file", "sha256", "key", "signature")


class SignatureError(KaskadeError, ValueError):
    """A release that is not signed by a trusted key, or a key or signature that cannot be
    read; the message says which and what to do."""


class PassphraseNeededError(SignatureError):
    """A private key encrypted with a passphrase, asked for without one."""


@dataclass(frozen=True)
class PublicKey:
    """An Ed25519 public key that may sign releases, with a word on whose it is."""

    raw: bytes
    comment: str = ""

    @property
    def fingerprint(self) -> str:
        """The SHA-256 of the key, in hex: how a signature names its key."""
        return hashlib.sha256(self.raw).hexdigest()

    @property
    def shown(self) -> str:
        """The fingerprint to compare by eye: groups of four hex digits."""
        return " ".join(self.fingerprint[i:i + 4] for i in range(0, 64, 4))

    @property
    def name(self) -> str:
        """The key in a message: its comment and the start of its fingerprint."""
        return f"{self.comment or 'a key'} ({self.fingerprint[:16]}…)"

    def text(self) -> str:
        """The key as its ``.pub`` file holds it."""
        encoded = base64.b64encode(self.raw).decode()
        return f"{KEY_KIND} ed25519 {encoded} {self.comment}".rstrip() + "\n"

    def verifies(self, signature: bytes, message: bytes) -> bool:
        try:
            Ed25519PublicKey.from_public_bytes(self.raw).verify(signature, message)
        except InvalidSignature:
            return False
        return True


def parse_public_key(text: str, where: str) -> PublicKey:
    """The key a ``.pub`` file's ``text`` holds; ``SignatureError`` naming ``where`` when it
    holds none."""
    words = text.strip().split(maxsplit=3)
    if len(words) < 3 or words[0] != KEY_KIND or words[1] != "ed25519":
        raise SignatureError(f"{where}: not a Kaskade Board release key (a line "
                             f"'{KEY_KIND} ed25519 KEY COMMENT', as kaskade release keygen "
                             "writes)")
    try:
        raw = base64.b64decode(words[2], validate=True)
    except binascii.Error:
        raw = b""
    if len(raw) != 32:
        raise SignatureError(f"{where}: the key is not 32 bytes of base64")
    comment = words[3] if len(words) > 3 else ""
    return PublicKey(raw, "".join(c for c in comment if c.isprintable())[:80])


def read_public_key(path: Path) -> PublicKey:
    """The key in the ``.pub`` file ``path``."""
    return parse_public_key(_read_small(path, MAX_KEY_FILE, "key"), str(path))


def project_key() -> PublicKey:
    """The project's own release key (its releases are signed with it)."""
    text = (resources.files("controller.app") / PROJECT_KEY).read_text(encoding="utf-8")
    return parse_public_key(text, PROJECT_KEY)


def trusted_keys(directory: Path | None = None) -> list[PublicKey]:
    """The keys a board trusts: every ``.pub`` file in ``directory`` (by default
    :data:`TRUSTED`; none when there is no such folder); ``SignatureError`` when one cannot be
    read (the owner should know)."""
    try:
        paths = sorted((TRUSTED if directory is None else directory).glob("*.pub"))
    except OSError:
        return []
    return [read_public_key(path) for path in paths]


def _read_small(path: Path, limit: int, what: str) -> str:
    try:
        with path.open("rb") as file:
            data = file.read(limit + 1)
    except FileNotFoundError:
        raise SignatureError(f"{path}: no such {what} file") from None
    except OSError as error:
        raise SignatureError(f"{path}: {error.strerror or error}") from None
    if len(data) > limit:
        raise SignatureError(f"{path}: too large for a {what} file")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise SignatureError(f"{path}: not a {what} file (not text)") from None


# -- keys -----------------------------------------------------------------------------------------


def generate(private: Path, passphrase: bytes | None, comment: str) -> PublicKey:
    """Make a new key pair: the private key in ``private`` (mode 0600, encrypted with
    ``passphrase`` when one is given; an existing file is never overwritten) and the public
    key beside it (``.pub``); the public key."""
    if not re.fullmatch(r"[ -~]{0,80}", comment):
        raise SignatureError("the comment: at most 80 plain characters")
    public_path = private.with_name(private.name + ".pub")
    for path in (private, public_path):
        if path.exists() or path.is_symlink():
            raise SignatureError(f"{path} exists already: a key is never overwritten; choose "
                                 "another name")
    key = Ed25519PrivateKey.generate()
    encryption: serialization.KeySerializationEncryption = (
        serialization.BestAvailableEncryption(passphrase) if passphrase
        else serialization.NoEncryption())
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                            encryption)
    public = PublicKey(key.public_key().public_bytes(serialization.Encoding.Raw,
                                                     serialization.PublicFormat.Raw), comment)
    try:
        private.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(private, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "wb") as file:
            file.write(pem)
        public_path.write_text(public.text(), encoding="utf-8")
    except OSError as error:
        raise SignatureError(f"{error.filename or private}: {error.strerror or error}") \
            from None
    return public


def load_private_key(path: Path, passphrase: bytes | None) -> Ed25519PrivateKey:
    """The private key in ``path``; ``SignatureError`` says why it cannot be used (not a
    key, a passphrase wanted or wrong)."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise SignatureError(f"{path}: {error.strerror or error}") from None
    try:
        key = serialization.load_pem_private_key(data, passphrase)
    except TypeError:
        if passphrase is None:
            raise PassphraseNeededError(f"{path} is encrypted: give its passphrase") from None
        raise SignatureError(f"{path} is not encrypted: give no passphrase") from None
    except ValueError:
        raise SignatureError(f"{path}: not a private key, or the passphrase is wrong") \
            from None
    if not isinstance(key, Ed25519PrivateKey):
        raise SignatureError(f"{path}: not an Ed25519 key (kaskade release keygen makes one)")
    return key


def public_of(key: Ed25519PrivateKey, comment: str = "") -> PublicKey:
    return PublicKey(key.public_key().public_bytes(serialization.Encoding.Raw,
                                                   serialization.PublicFormat.Raw), comment)


# -- signatures -----------------------------------------------------------------------------------


def digest_of(path: Path) -> str:
    """The SHA-256 of the file ``path``, in hex."""
    sha = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            sha.update(block)
    return sha.hexdigest()


def message(name: str, digest: str) -> bytes:
    """What is signed: the wheel's name and SHA-256, behind words that keep the signature
    from meaning anything else."""
    return f"{SIGNATURE_KIND} {SIGNATURE_VERSION}\nfile: {name}\nsha256: {digest}\n".encode()


@dataclass(frozen=True)
class Signature:
    """A signature file's fields."""

    name: str
    digest: str
    fingerprint: str
    signature: bytes

    def text(self) -> str:
        return (f"{SIGNATURE_KIND}: {SIGNATURE_VERSION}\nfile: {self.name}\n"
                f"sha256: {self.digest}\nkey: {self.fingerprint}\n"
                f"signature: {base64.b64encode(self.signature).decode()}\n")


def parse_signature(text: str, where: str) -> Signature:
    """The signature in ``text`` (a ``.sig`` file); ``SignatureError`` naming ``where`` when
    it is not one."""
    fields: dict[str, str] = {}
    for line in text.splitlines():
        name, colon, value = line.partition(":")
        if colon and name.strip() in _FIELDS and name.strip() not in fields:
            fields[name.strip()] = value.strip()
    if fields.get(SIGNATURE_KIND) != SIGNATURE_VERSION or set(fields) != set(_FIELDS):
        raise SignatureError(f"{where}: not a Kaskade Board signature (kaskade release sign "
                             "writes one)")
    try:
        signature = base64.b64decode(fields["signature"], validate=True)
    except binascii.Error:
        signature = b""
    if len(signature) != 64 or not re.fullmatch(r"[0-9a-f]{64}", fields["sha256"]) or \
            not re.fullmatch(r"[0-9a-f]{64}", fields["key"]):
        raise SignatureError(f"{where}: a damaged signature")
    return Signature(fields["file"], fields["sha256"], fields["key"], signature)


def sign(wheel: Path, key: Ed25519PrivateKey) -> Path:
    """Sign ``wheel`` with ``key``: its signature file, written beside it."""
    digest = digest_of(wheel)
    signature = Signature(wheel.name, digest, public_of(key).fingerprint,
                          key.sign(message(wheel.name, digest)))
    target = wheel.with_name(wheel.name + SUFFIX)
    target.write_text(signature.text(), encoding="utf-8")
    return target


def verify(name: str, digest: str, text: str, keys: list[PublicKey],
           where: str = "the signature") -> PublicKey:
    """The key among ``keys`` that signed the wheel ``name`` whose SHA-256 is ``digest``,
    by the signature ``text``; ``SignatureError`` says why none did."""
    found = parse_signature(text, where)
    if not keys:
        raise SignatureError("this board trusts no release key, so it installs no release: "
                             "sudo kaskade install puts the project's key in "
                             f"{TRUSTED} (and yours, with --trust KEY.pub)")
    if found.name != name:
        raise SignatureError(f"{where} is the signature of {found.name[:120]!r}, not of "
                             f"{name!r}")
    key = next((k for k in keys if k.fingerprint == found.fingerprint), None)
    if key is None:
        trusted = ", ".join(k.name for k in keys)
        raise SignatureError(f"{name} is signed by a key this board does not trust "
                             f"({found.fingerprint[:16]}…); it trusts {trusted}. To trust "
                             "yours: sudo kaskade install --trust KEY.pub")
    if found.digest != digest or not key.verifies(found.signature, message(name, digest)):
        raise SignatureError(f"{name} does not match its signature: it was changed after "
                             f"{key.name} signed it")
    return key


def verify_file(wheel: Path, signature: Path, keys: list[PublicKey]) -> PublicKey:
    """:func:`verify` for the wheel and signature files ``wheel`` and ``signature``."""
    if not signature.is_file():
        raise SignatureError(unsigned(wheel.name))
    text = _read_small(signature, MAX_SIGNATURE_FILE, "signature")
    return verify(wheel.name, digest_of(wheel), text, keys, signature.name)


def unsigned(name: str) -> str:
    """Why a wheel without a signature is refused, and what to do."""
    return (f"{name} comes without its signature ({name}{SUFFIX}): a board installs only "
            "releases signed by a key its owner trusts. The project's releases come with "
            "one; sign a build of your own with kaskade release sign WHEEL --key KEY")
