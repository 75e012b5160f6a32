"""Who this board is: an id of its own, made once and kept in its state (never drawn from its
profile, so two boards of one build are two boards), and the name its owner gives it — how
Home Assistant lists it and the web page calls it. Kept in ``board.json`` beside the board's
settings; a damaged file is set aside and the board takes a new id (said once)."""

from __future__ import annotations

import json
import re
import secrets
from dataclasses import dataclass, replace
from pathlib import Path

from controller.app.storage import StorageError, read_text, set_aside, write_atomically
from controller.errors import KaskadeError

IDENTITY_FILE = "board.json"
DEFAULT_NAME = "Kaskade Board"
NAME = re.compile(r"[^\x00-\x1f\x7f]{1,32}")
"""A board's name: 1-32 printable characters (``Living room``)."""
ID = re.compile(r"[0-9a-f]{12}")


class BoardNameError(KaskadeError, ValueError):
    """A name a board cannot take."""


def check_name(name: str) -> str:
    """``name`` without its outer spaces, or ``BoardNameError`` saying what a name may be."""
    name = name.strip() if isinstance(name, str) else ""
    if not NAME.fullmatch(name):
        raise BoardNameError("a board's name is 1-32 printable characters (e.g. Living room)")
    return name


@dataclass(frozen=True)
class Identity:
    """The board's ``id`` (12 hexadecimal digits) and its ``name``."""

    id: str
    name: str = DEFAULT_NAME

    def renamed(self, name: str) -> Identity:
        """The same board under ``name`` (checked)."""
        return replace(self, name=check_name(name))


def load_identity(directory: Path) -> tuple[Identity, str | None]:
    """The identity kept in ``directory`` — made and kept there the first time — and what a
    person should know about it (a damaged file set aside: the board has a new id)."""
    path = directory / IDENTITY_FILE
    problem = None
    if path.exists():
        try:
            data = json.loads(read_text(path))
            if not isinstance(data, dict) or set(data) != {"id", "name"} or \
                    not ID.fullmatch(str(data["id"])):
                raise ValueError("not a board's identity")
            return Identity(data["id"], check_name(data["name"])), None
        except (StorageError, ValueError) as error:
            problem = f"{path}: {error}; set aside as {set_aside(path)}: the board has a new " \
                      "id (Home Assistant lists it as a new device)"
    identity = Identity(secrets.token_hex(6))
    try:
        save_identity(directory, identity)
    except StorageError as error:
        problem = f"the board's id was not kept: {error}; it is new at every start"
    return identity, problem


def save_identity(directory: Path, identity: Identity) -> None:
    """Keep ``identity`` in ``directory`` (``StorageError`` when it cannot be written)."""
    write_atomically(directory / IDENTITY_FILE,
                     json.dumps({"id": identity.id, "name": identity.name}) + "\n")
