"""Release keys for the tests: a key pair made in a moment, its public half in a folder of
trusted keys as ``kaskade install`` places them on a board, and wheels signed with it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from controller.app.signatures import PublicKey, public_of, sign


@dataclass(frozen=True)
class Signer:
    """A private key, and the folder of keys that trusts it (``trusted``)."""

    key: Ed25519PrivateKey
    trusted: Path

    @property
    def public(self) -> PublicKey:
        return public_of(self.key, "the tests' key")

    def sign(self, wheel: Path) -> Path:
        """Sign ``wheel``: its signature file beside it."""
        return sign(wheel, self.key)


def signer(trusted: Path, trust: bool = True) -> Signer:
    """A new key; its public half in the folder ``trusted`` when ``trust``."""
    made = Signer(Ed25519PrivateKey.generate(), trusted)
    trusted.mkdir(parents=True, exist_ok=True)
    if trust:
        (trusted / f"{made.public.fingerprint[:16]}.pub").write_text(made.public.text(),
                                                                   encoding="utf-8")
    return made
