"""Where the board meets other boards: the broker, its port, TLS and this board's credentials,
set once (``kaskade remote setup``) and kept in ``remote.json`` beside the board's settings,
readable by the board's user alone (it holds a password).

A board always connects outward — TLS on 8883 by default — so no home needs a port opened.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from controller.app.storage import StorageError, read_text, set_aside, write_atomically
from controller.errors import KaskadeError
from controller.remote.messages import NAME

CONFIG_FILE = "remote.json"
HOME_ASSISTANT_FILE = "home-assistant.json"
"""The broker on the home network that Home Assistant uses, when it is set."""
HOST = re.compile(r"[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[?[0-9a-fA-F:]+\]?")
USER = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""A board's user name at the broker: also its part of each game's topics (the ACL's
``%u``), so no ``/``, ``+`` or ``#``."""
WEBSOCKET = re.compile(r"wss?://[A-Za-z0-9.:\[\]-]{1,253}(/[A-Za-z0-9._~/-]{0,64})?")
"""The broker's address for web pages: MQTT over WebSockets (it goes into the page's content
policy, so no spaces, quotes or semicolons)."""
DEFAULT_PORT = 8883
DEFAULT_CLAIM_MINUTES = 10.0


class RemoteSetupError(KaskadeError, ValueError):
    """A setting that cannot be used (the reason names it)."""


@dataclass(frozen=True)
class BrokerSettings:
    """How this board reaches the broker, and how it is called there."""

    host: str
    port: int = DEFAULT_PORT
    user: str = ""
    password: str = ""
    tls: bool = True
    ca_file: str = ""
    """The certificate authority the broker's certificate is checked against; empty: the
    system's."""
    name: str = "Kaskade"
    """How the other board's players see this one (``waiting for Anna's board``)."""
    claim_minutes: float = DEFAULT_CLAIM_MINUTES
    """How long the other board may be away before the game may be claimed."""
    websocket: str = ""
    """Where a phone's page reaches the same broker (MQTT over WebSockets, ``wss://…``), to
    play a seat of a game this board offers or to watch; ``""``: pages do not."""

    def __post_init__(self) -> None:
        if not HOST.fullmatch(self.host):
            raise RemoteSetupError(f"broker {self.host!r}: not a host name or address")
        if type(self.port) is not int or not 0 < self.port < 65536:
            raise RemoteSetupError(f"port {self.port!r}: give 1-65535")
        if not USER.fullmatch(self.user):
            raise RemoteSetupError(f"user {self.user!r}: 1-32 letters, digits, - or _")
        if not NAME.fullmatch(self.name):
            raise RemoteSetupError(f"name {self.name!r}: 1-24 printable characters")
        if self.ca_file and not Path(self.ca_file).is_file():
            raise RemoteSetupError(f"CA certificate {self.ca_file}: no such file")
        if self.websocket and not WEBSOCKET.fullmatch(self.websocket):
            raise RemoteSetupError(f"WebSocket address {self.websocket!r}: give "
                                   "wss://HOST[:PORT][/PATH]")
        if not 1 <= self.claim_minutes <= 24 * 60:
            raise RemoteSetupError(f"claim after {self.claim_minutes:g} minutes: give 1-1440")

    @property
    def address(self) -> str:
        """``host:port`` for people."""
        return f"{self.host}:{self.port}"


def load(directory: Path, name: str = CONFIG_FILE) -> BrokerSettings | None:
    """The settings kept in ``directory`` (``name``: those of Home Assistant's broker);
    ``None`` when none were set. A damaged file is set aside (``RemoteSetupError`` says
    where), never used half."""
    path = directory / name
    if not path.exists():
        return None
    try:
        data = json.loads(read_text(path))
        known = {field.name for field in fields(BrokerSettings)}
        if not isinstance(data, dict) or not set(data) <= known:
            raise ValueError("not the board's remote settings")
        return BrokerSettings(**data)
    except (StorageError, ValueError, TypeError) as error:
        where = set_aside(path)
        raise RemoteSetupError(f"{path}: {error}; set aside as {where}: run kaskade remote "
                               "setup again") from None


def save(directory: Path, settings: BrokerSettings, name: str = CONFIG_FILE) -> Path:
    """Keep ``settings`` in ``directory`` (as ``name``), readable by this user alone."""
    path = directory / name
    write_atomically(path, json.dumps(asdict(settings), indent=1) + "\n")
    os.chmod(path, 0o600)
    return path


def page_websocket(directory: Path) -> str:
    """The broker's WebSocket address for the web page of the board whose files are in
    ``directory`` (``""`` when none is set or the settings cannot be read: the app says why)."""
    try:
        settings = load(directory)
    except RemoteSetupError:
        return ""
    return settings.websocket if settings is not None else ""
