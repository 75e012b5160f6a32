"""``kaskade release``: the keys that sign releases, and the signatures. A board installs a
release (``kaskade upgrade WHEEL``, or an upload from the web page) only when a key its owner
trusts signed it: the project's own key, whose public half every board gets from ``kaskade
install``, and any the owner adds there with ``--trust KEY.pub``.

``keygen FILE`` makes a key pair: the private key in FILE (mode 0600; keep it off the board and
out of any repository) and the public key in FILE.pub. ``sign WHEEL --key FILE`` writes
WHEEL.sig beside the wheel; copy both to the board. ``verify WHEEL`` checks a wheel's signature
against the keys this machine trusts (or ``--key FILE.pub``). ``fingerprint KEY.pub`` prints a
key's fingerprint, to compare with the one the docs publish.
"""

from __future__ import annotations

import argparse
import getpass
import sys
from pathlib import Path
from typing import Any

from controller.app.signatures import (
    SUFFIX,
    TRUSTED,
    PassphraseNeededError,
    generate,
    load_private_key,
    project_key,
    public_of,
    read_public_key,
    sign,
    trusted_keys,
    verify_file,
)
from controller.cli.help import description
from controller.cli.usage import UsageError
from hw.pi.releases import read_wheel


def register(commands: Any) -> None:
    """Add ``release`` to the command line."""
    parser = commands.add_parser(
        "release", help="make a release key, sign a wheel, check a signature",
        description=description(__doc__), formatter_class=argparse.RawDescriptionHelpFormatter)
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    keygen = actions.add_parser("keygen", help="make a key pair for signing releases",
                                description="Make an Ed25519 key pair: the private key in "
                                "FILE (mode 0600, encrypted with a passphrase asked for on "
                                "the terminal unless --no-passphrase), the public key in "
                                "FILE.pub. An existing file is never overwritten.")
    keygen.add_argument("key", type=Path, metavar="FILE", help="where the private key goes")
    keygen.add_argument("--comment", default="", help="whose key it is, written into the "
                        "public key (e.g. \"Anna's boards\")")
    _passphrase_options(keygen, "--no-passphrase", "write the private key unencrypted")
    keygen.set_defaults(handler=run_keygen)
    signing = actions.add_parser("sign", help="sign a wheel (writes WHEEL.sig)",
                                 description="Sign a Kaskade Board wheel with a private key: "
                                 f"WHEEL{SUFFIX} is written beside it.")
    signing.add_argument("wheel", type=Path, metavar="WHEEL")
    signing.add_argument("--key", type=Path, required=True, metavar="FILE",
                         help="the private key (kaskade release keygen makes one)")
    _passphrase_options(signing)
    signing.set_defaults(handler=run_sign)
    check = actions.add_parser("verify", help="check a wheel's signature",
                               description="Check WHEEL against WHEEL.sig and the keys this "
                               f"machine trusts ({TRUSTED}), or the keys given with --key.")
    check.add_argument("wheel", type=Path, metavar="WHEEL")
    check.add_argument("--key", type=Path, action="append", default=[], metavar="FILE.pub",
                       help="trust this public key (repeatable) instead of the machine's")
    check.set_defaults(handler=run_verify)
    show = actions.add_parser("fingerprint", help="a public key's fingerprint",
                              description="Print a public key's fingerprint; with no FILE, "
                              "the project's own release key's.")
    show.add_argument("key", type=Path, nargs="?", metavar="FILE.pub")
    show.set_defaults(handler=run_fingerprint)


def _passphrase_options(parser: argparse.ArgumentParser, *none: str) -> None:
    parser.add_argument("--passphrase-file", type=Path, metavar="FILE",
                        help="read the passphrase from the first line of FILE instead of "
                        "asking on the terminal")
    if none:
        parser.add_argument(none[0], action="store_true", help=none[1])


def _passphrase(args: argparse.Namespace, confirm: bool) -> bytes | None:
    """The passphrase: from ``--passphrase-file``, else asked on the terminal (twice for a
    new key); ``None`` for none (an empty answer)."""
    if getattr(args, "no_passphrase", False):
        if args.passphrase_file is not None:
            raise UsageError("--no-passphrase and --passphrase-file do not go together")
        return None
    if args.passphrase_file is not None:
        try:
            line = args.passphrase_file.read_text(encoding="utf-8").splitlines()
        except OSError as error:
            raise UsageError(f"--passphrase-file {args.passphrase_file}: "
                             f"{error.strerror or error}") from None
        return line[0].encode() if line and line[0] else None
    if not sys.stdin.isatty():
        raise UsageError("no terminal to ask for the passphrase on: give --passphrase-file "
                         "FILE" + (" or --no-passphrase" if confirm else ""))
    first = getpass.getpass("passphrase (empty for none): ")
    if confirm and getpass.getpass("again: ") != first:
        raise UsageError("the two passphrases differ; nothing was written")
    return first.encode() or None


def run_keygen(args: argparse.Namespace) -> int:
    passphrase = _passphrase(args, confirm=True)
    public = generate(args.key, passphrase, args.comment)
    print(f"wrote {args.key} (the private key{'' if passphrase else ', unencrypted'}: keep it "
          "off the board and out of any repository)")
    print(f"wrote {args.key}.pub (the public key: sudo kaskade install --trust "
          f"{args.key}.pub makes a board trust it)")
    print(f"fingerprint {public.shown}")
    return 0


def run_sign(args: argparse.Namespace) -> int:
    if not args.wheel.is_file():
        raise UsageError(f"{args.wheel}: no such file")
    read_wheel(args.wheel)  # only a Kaskade Board wheel is signed
    try:
        key = load_private_key(args.key, None if args.passphrase_file is None
                               else _passphrase(args, confirm=False))
    except PassphraseNeededError:
        key = load_private_key(args.key, _passphrase(args, confirm=False))
    written = sign(args.wheel, key)
    print(f"wrote {written} (signed by {public_of(key).shown})")
    return 0


def run_verify(args: argparse.Namespace) -> int:
    if not args.wheel.is_file():
        raise UsageError(f"{args.wheel}: no such file")
    keys = [read_public_key(path) for path in args.key] if args.key else trusted_keys()
    signer = verify_file(args.wheel, args.wheel.with_name(args.wheel.name + SUFFIX), keys)
    print(f"{args.wheel.name}: signed by {signer.name}, fingerprint {signer.shown}")
    return 0


def run_fingerprint(args: argparse.Namespace) -> int:
    key = read_public_key(args.key) if args.key is not None else project_key()
    print(key.shown + (f"  {key.comment}" if key.comment else ""))
    return 0

