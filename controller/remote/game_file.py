"""The remote game this board takes part in, kept in ``remote-game.json`` beside the autosave:
its id, this board's side and chance secret, the other board's user, and while it offers the
game the invite: its code, salt, key and when it was made, and the users that showed the code.
It is written before anything is sent, so a board that loses power comes back to the same game
with the same secret (its halves of the dice must stay the ones its anchor promised) and the
same invite."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path

from controller.app.storage import StorageError, read_text, set_aside, write_atomically

GAME_FILE = "remote-game.json"


@dataclass
class GameFile:
    """This board's part in one remote game."""

    game_id: str
    side: int
    secret: str
    """Hexadecimal; never sent (only its hashes are)."""
    code: str = ""
    """The invite code (the host's, while nobody has joined)."""
    peer: str = ""
    """The other board's user at the broker, once known."""
    session_id: str = ""
    """The id of the game on this board (its session's ``Id``)."""
    salt: str = ""
    """The invite's salt (hexadecimal; in the offer the broker keeps)."""
    key: str = ""
    """The key the code gives with the salt (hexadecimal; ``""`` until derived): what a
    request and an answer are proven with (``controller/remote/invite.py``)."""
    made: float = 0.0
    """When the code was made (seconds since the epoch): it stands for the game for
    ``INVITE_LIFE``."""
    showed: list[str] = field(default_factory=list)
    """The users that showed the code: a hello is taken only from one of them."""


def load_game(directory: Path) -> tuple[GameFile | None, str | None]:
    """The remote game kept in ``directory`` (or ``None``), and a problem to tell (a damaged
    file is set aside: the game on the board stays, only its link is lost)."""
    path = directory / GAME_FILE
    if not path.exists():
        return None, None
    try:
        data = json.loads(read_text(path))
        return GameFile(**data), None
    except (StorageError, ValueError, TypeError) as error:
        where = set_aside(path)
        return None, f"the remote game's file could not be read ({error}); set aside as {where}"


def save_game(directory: Path, game: GameFile) -> None:
    """Keep ``game`` (readable by this user alone: it holds the secret)."""
    path = directory / GAME_FILE
    write_atomically(path, json.dumps(asdict(game), indent=1) + "\n")
    os.chmod(path, 0o600)


def forget_game(directory: Path) -> None:
    """The board takes part in no remote game any more."""
    (directory / GAME_FILE).unlink(missing_ok=True)
