"""A real Eclipse Mosquitto on loopback for ``kaskade bench remote`` and the tests: TLS with a
throwaway certificate authority (made with openssl), a password per board (mosquitto_passwd)
and the ACL that docs/remote.md gives, persistence on so a restart keeps the retained
messages.

Mosquitto takes its port from its configuration (it cannot be told port 0), so a free one is
found by binding a socket first; the broker is restarted on the same port. A second listener
speaks MQTT over WebSockets (``websocket``, plain ``ws://`` on loopback) for the web page."""

from __future__ import annotations

import shutil
import socket
import ssl
import subprocess
import time
from pathlib import Path

from controller.errors import KaskadeError
from controller.remote.config import BrokerSettings

USERS = {"anna": "anna-secret", "ben": "ben-secret", "eve": "eve-secret",
         "phone": "phone-secret", "watcher": "watcher-secret"}
"""The boards and phones the broker knows, with their passwords (``eve`` is a board in no
game; ``watcher`` may only read)."""
ACL = """\
# Every board (pattern lines apply to every user; topic lines before a user line only to
# anonymous clients) reads the games, whose ids come only with an invite, and the invites;
# it writes invites, and in a game only under its own name.
pattern read kaskade/#
pattern readwrite kaskade/invite/#
pattern write kaskade/+/%u/#
# Home Assistant's discovery and the boards' states and commands (a home network's broker)
pattern readwrite homeassistant/#
pattern readwrite kaskade/home/#
# a watcher's credentials read, and write only their presence (a page's, so the offering
# board publishes its view): no log, so no seat; no invite (denials come first)
user watcher
topic deny kaskade/invite/#
topic deny kaskade/+/watcher/log/#
"""
START_SECONDS = 20.0


def free_ports(count: int) -> list[int]:
    """``count`` different ports nothing listens on now (bound together, then let go)."""
    probes = [socket.socket() for _ in range(count)]
    try:
        for probe in probes:
            probe.bind(("127.0.0.1", 0))
        return [int(probe.getsockname()[1]) for probe in probes]
    finally:
        for probe in probes:
            probe.close()


def make_certificates(directory: Path) -> tuple[Path, Path, Path]:
    """A CA and a server certificate for 127.0.0.1 and localhost: (ca, cert, key)."""
    ca_key, ca, key, request, cert = (directory / name for name in (
        "ca.key", "ca.crt", "server.key", "server.csr", "server.crt"))
    extensions = directory / "san.cnf"
    extensions.write_text("subjectAltName=IP:127.0.0.1,DNS:localhost\n")

    def openssl(*args: str) -> None:
        try:
            subprocess.run(["openssl", *args], check=True, capture_output=True, timeout=60)
        except (OSError, subprocess.CalledProcessError) as error:
            raise BrokerStartError(f"openssl could not make the test certificates: "
                                   f"{error}") from None

    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj",
            "/CN=Kaskade test CA", "-keyout", str(ca_key), "-out", str(ca))
    openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-keyout",
            str(key), "-out", str(request))
    openssl("x509", "-req", "-in", str(request), "-CA", str(ca), "-CAkey", str(ca_key),
            "-CAcreateserial", "-days", "2", "-extfile", str(extensions), "-out", str(cert))
    return ca, cert, key


class BrokerStartError(KaskadeError, RuntimeError):
    """The broker could not be started here (not installed, or it stopped at once)."""


class PortTakenError(BrokerStartError):
    """Another program took the port chosen for the broker before it listened."""


class Mosquitto:
    """A broker in ``directory``; ``start`` / ``stop`` / ``restart``."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.port, self.websocket_port = free_ports(2)
        self.ca, self.cert, self.key = make_certificates(directory)
        passwords = directory / "passwords"
        passwords.touch()
        for user, password in USERS.items():
            try:
                subprocess.run(["mosquitto_passwd", "-b", str(passwords), user, password],
                               check=True, capture_output=True, timeout=60)
            except FileNotFoundError:
                raise BrokerStartError("mosquitto is not installed (on Debian: sudo apt "
                                       "install mosquitto)") from None
        (directory / "acl").write_text(ACL)
        (directory / "data").mkdir()
        self.log = directory / "mosquitto.log"
        self._configure()
        self.process: subprocess.Popen[bytes] | None = None
        self.started_once = False

    def _configure(self) -> None:
        """Write the configuration for the ports chosen."""
        (self.directory / "mosquitto.conf").write_text(f"""\
user root
allow_anonymous false
password_file {self.directory / "passwords"}
acl_file {self.directory / "acl"}
persistence true
persistence_location {self.directory / "data"}/
max_packet_size 16384
log_dest file {self.log}
log_type all
listener {self.port} 127.0.0.1
cafile {self.ca}
certfile {self.cert}
keyfile {self.key}
listener {self.websocket_port} 127.0.0.1
protocol websockets
""")

    def settings(self, user: str, password: str | None = None, name: str = "") -> BrokerSettings:
        """How the board ``user`` reaches this broker."""
        return BrokerSettings("127.0.0.1", self.port, user,
                              USERS.get(user, "") if password is None else password,
                              tls=True, ca_file=str(self.ca), name=name or user.capitalize())

    @property
    def websocket(self) -> str:
        """The address a web page reaches this broker at (MQTT over WebSockets)."""
        return f"ws://127.0.0.1:{self.websocket_port}/mqtt"

    def start(self) -> None:
        """Start it and wait until it takes TLS connections. A first start whose port was
        taken in the meantime by another program tries new ports (a restart keeps its own)."""
        for attempt in range(3):
            try:
                self._start()
                return
            except PortTakenError:
                if self.started_once or attempt == 2:
                    raise
                self.port, self.websocket_port = free_ports(2)
                self._configure()

    def _start(self) -> None:
        mosquitto = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
        if not Path(mosquitto).exists():
            raise BrokerStartError("mosquitto is not installed (on Debian: sudo apt install "
                                   "mosquitto)")
        self.process = subprocess.Popen([mosquitto, "-c", str(self.directory / "mosquitto.conf")],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        context = ssl.create_default_context(cafile=str(self.ca))
        deadline = time.monotonic() + START_SECONDS
        while True:
            if self.process.poll() is not None:
                said = self.process.stderr.read().decode(errors="replace").strip() \
                    if self.process.stderr else ""
                logged = self.log.read_text(errors="replace").strip().splitlines()[-5:] \
                    if self.log.exists() else []
                why = " / ".join([said, *logged])
                self.process = None
                if "Address already in use" in why or "Unable to create websockets listener" in why:
                    raise PortTakenError(f"mosquitto found its port taken: {why}")
                raise BrokerStartError(f"mosquitto stopped at once: {why}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as raw, \
                        context.wrap_socket(raw, server_hostname="127.0.0.1"):
                    self.started_once = True
                    return
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def stop(self) -> None:
        """Stop it as its service would (it writes its retained messages to disk first)."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=30)
        self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()
