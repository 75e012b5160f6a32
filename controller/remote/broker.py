"""The connection to the broker for one game (paho-mqtt 2, MQTT 5, on paho's own thread).

Everything it hears goes to ``heard`` as plain values, on paho's thread; whoever owns it moves
them to the app's thread. It connects outward with TLS and the board's credentials, leaves a
retained presence with a last will that says the board is gone, subscribes to the game's
topics, and reconnects on its own after a dropped connection (paho's back-off, 1 to 30 s).

Topics, all under the game's prefix ``kaskade/GAME/`` so that an ACL confines a board to its
own part (``pattern write kaskade/+/%u/#``):

* ``kaskade/GAME/USER/log/SEQ`` — the board ``USER``'s message number ``SEQ``, retained, QoS 1;
* ``kaskade/GAME/USER/presence`` — ``{"v":1,"online":true}``, retained; the will says false
  (a web page's says ``"page":true`` as well: it shows the offering board's view);
* ``kaskade/GAME/USER/sync`` — a marker the board sends itself after subscribing: the broker
  sends a subscription's retained messages before anything published after it, so when the
  marker comes back the board has read everything the broker kept;
* ``kaskade/invite/CODE`` — the game an invite code stands for, retained until taken.
"""

from __future__ import annotations

import logging
import secrets
import ssl
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.properties import Properties
from paho.mqtt.reasoncodes import ReasonCode

from controller.errors import KaskadeError
from controller.remote.config import BrokerSettings
from controller.remote.faults import DROPPED, REFUSED, UNREACHABLE, Fault, fault_of
from controller.remote.messages import presence as present

ROOT = "kaskade"
INVITES = f"{ROOT}/invite"
KEEPALIVE = 20
"""Seconds between the client's pings: the broker sends the will about 1.5 times this after a
board vanishes without a word."""

log = logging.getLogger(__name__)


class BrokerError(KaskadeError, ConnectionError):
    """The broker refused this board, or cannot be reached (the reason says which)."""


def log_topic(game_id: str, user: str, seq: int) -> str:
    """Where ``user``'s message ``seq`` of the game is kept."""
    return f"{ROOT}/{game_id}/{user}/log/{seq}"


def presence_topic(game_id: str, user: str) -> str:
    """Where ``user``'s presence in the game is kept."""
    return f"{ROOT}/{game_id}/{user}/presence"


def invite_topic(code: str) -> str:
    """Where the game an invite code stands for is kept."""
    return f"{INVITES}/{code}"


@dataclass(frozen=True)
class Heard:
    """Something the broker said: ``what`` is ``message`` (``topic``, ``payload``),
    ``connected``, ``synced`` (the retained messages of a subscription have all come), or a
    fault (``failed``: a connection attempt failed; ``refused``: the broker refused this
    board; ``lost``: the connection dropped), which ``fault`` tells."""

    what: str
    topic: str = ""
    payload: bytes = b""
    fault: Fault | None = None


class _Client(mqtt.Client):
    """paho's client, keeping why its last connection attempt failed: paho's own callback
    is told only that it failed, and a person needs to know whether the broker is out of
    reach or its certificate does not verify."""

    failure: OSError | None = None

    def reconnect(self) -> mqtt.MQTTErrorCode:
        try:
            return super().reconnect()
        except OSError as error:
            self.failure = error
            raise


def client_for(settings: BrokerSettings, client_id: str = "") -> mqtt.Client:
    """A paho client set up with the board's credentials and TLS (not yet connected)."""
    client = _Client(CallbackAPIVersion.VERSION2, client_id=client_id, protocol=mqtt.MQTTv5)
    client.username_pw_set(settings.user, settings.password or None)
    if settings.tls:
        client.tls_set(ca_certs=settings.ca_file or None, cert_reqs=ssl.CERT_REQUIRED,
                       tls_version=ssl.PROTOCOL_TLS_CLIENT)
    client.reconnect_delay_set(1, 30)
    return client


class GameConnection:
    """This board in game ``game_id`` as ``settings.user``; ``subscriptions`` are heard."""

    def __init__(self, settings: BrokerSettings, game_id: str, subscriptions: list[str],
                 heard: Callable[[Heard], None], presence: bool = True) -> None:
        self.settings = settings
        self.game_id = game_id
        self.subscriptions = subscriptions
        self.heard = heard
        self.present = presence
        """Whether the board says it is there (not while it only looks up an invite)."""
        self.client = client_for(settings, client_id=f"{settings.user}-{game_id or 'invite'}")
        if presence:
            self.client.will_set(presence_topic(game_id, settings.user), present(False),
                                 qos=1, retain=True)
        self.client.on_connect = self._connected
        self.client.on_connect_fail = self._failed
        self.client.on_disconnect = self._disconnected
        self.client.on_message = self._message
        self.client.on_subscribe = self._subscribed
        self.client.on_publish = self._published
        self._subscribing: int | None = None
        self.marker = f"{ROOT}/{game_id}/{settings.user}/sync" if presence else ""
        self._nonce = ""
        self.refusals: list[str] = []
        """What the broker refused of this board's (``not authorized`` for a topic outside
        its ACL), for the health page and the tests."""
        self._lock = threading.Lock()
        self._acknowledged: set[int] | None = None
        """The messages the broker has had since :meth:`clear` began."""
        self._clearing: set[int] = set()
        self.cleared = threading.Event()
        """Set once the broker has every empty message of :meth:`clear`."""

    def start(self) -> None:
        """Connect in the background (and keep reconnecting)."""
        self.client.connect_async(self.settings.host, self.settings.port, KEEPALIVE)
        self.client.loop_start()

    def stop(self, cleanly: bool = True) -> None:
        """Leave: with ``cleanly``, say so first (presence false); otherwise as if the power
        went, so the broker sends the will. The board hears nothing of it any more (its own
        leaving is no fault of the link)."""
        self.heard = _nobody
        if cleanly:
            if self.present and self.client.is_connected():
                self.client.publish(presence_topic(self.game_id, self.settings.user),
                                    present(False), qos=1, retain=True).wait_for_publish(2.0)
            self.client.disconnect()
        else:
            sock = self.client.socket()
            if sock is not None:
                sock.close()
        self.client.loop_stop()

    def send(self, topic: str, payload: bytes, retain: bool = True) -> None:
        """Publish at QoS 1 (paho queues it while the connection is down)."""
        self.client.publish(topic, payload, qos=1, retain=retain)

    def clear(self, topics: list[str]) -> None:
        """The end of this board's part in the game: an empty retained message to each of
        ``topics`` (the broker then forgets what it kept there), and the connection leaves
        cleanly once the broker has them all — at once, or after reconnecting if it is down
        now. It says nothing to the board any more meanwhile, and leaves no will."""
        self.heard = _nobody
        self.present = False
        if self.subscriptions or self.marker:
            self.client.unsubscribe(self.subscriptions + ([self.marker] if self.marker else []))
        self.subscriptions, self.marker = [], ""
        self.client.will_clear()
        with self._lock:
            self._acknowledged = set()
        sent = {self.client.publish(topic, b"", qos=1, retain=True).mid for topic in topics}
        with self._lock:
            self._clearing = sent
            done = sent <= self._acknowledged
        if done:
            self._leave()

    def finish(self, timeout: float = 5.0) -> None:
        """Wait (at most ``timeout`` seconds) for :meth:`clear` to be done, then stop."""
        self.cleared.wait(timeout)
        self.client.disconnect()
        self.client.loop_stop()

    def _leave(self) -> None:
        if not self.cleared.is_set():
            self.cleared.set()
            self.client.disconnect()

    # -- paho's callbacks (its thread) --------------------------------------------------------

    def _connected(self, client: mqtt.Client, userdata: Any, flags: Any, reason: ReasonCode,
                   properties: Properties | None) -> None:
        del userdata, flags, properties
        if reason.is_failure:
            self.heard(Heard("refused", fault=Fault(REFUSED, str(reason))))
            if str(reason) in ("Bad user name or password", "Not authorized"):
                client.disconnect()  # trying again cannot help
            return
        if self.present:
            client.publish(presence_topic(self.game_id, self.settings.user), present(True),
                           qos=1, retain=True)
        topics = self.subscriptions + ([self.marker] if self.marker else [])
        if topics:
            _, mid = client.subscribe([(topic, 1) for topic in topics])
            self._subscribing = mid
        self.heard(Heard("connected"))

    def _subscribed(self, client: mqtt.Client, userdata: Any, mid: int,
                    reasons: list[ReasonCode], properties: Properties | None) -> None:
        del client, userdata, properties
        refused = [str(r) for r in reasons if r.is_failure]
        if refused:
            self.refusals.append(f"subscription refused: {', '.join(refused)}")
        if mid == self._subscribing:
            self._nonce = secrets.token_hex(8)
            if self.marker:
                self.client.publish(self.marker, self._nonce.encode(), qos=1)
            else:
                self.heard(Heard("synced"))

    def _failed(self, client: mqtt.Client, userdata: Any) -> None:
        del userdata
        failure = getattr(client, "failure", None)
        self.heard(Heard("failed", fault=fault_of(failure) if failure is not None else
                         Fault(UNREACHABLE, "no connection")))

    def _disconnected(self, client: mqtt.Client, userdata: Any, flags: Any,
                      reason: ReasonCode, properties: Properties | None) -> None:
        del client, userdata, flags, properties
        self.heard(Heard("lost", fault=Fault(DROPPED, str(reason))))

    def _message(self, client: mqtt.Client, userdata: Any, message: mqtt.MQTTMessage) -> None:
        del client, userdata
        if message.topic == self.marker:
            if bytes(message.payload) == self._nonce.encode():
                self.heard(Heard("synced"))
            return
        self.heard(Heard("message", message.topic, bytes(message.payload)))

    def _published(self, client: mqtt.Client, userdata: Any, mid: int, reason: ReasonCode,
                   properties: Properties | None) -> None:
        del client, userdata, properties
        if reason.is_failure:
            self.refusals.append(f"message {mid} refused: {reason}")
            log.warning("the broker refused a message of this board: %s", reason)
        with self._lock:
            if self._acknowledged is None:
                return
            self._acknowledged.add(mid)
            done = bool(self._clearing) and self._clearing <= self._acknowledged
        if done:
            self._leave()


def _nobody(heard: Heard) -> None:
    """Where a connection that is leaving its game sends what it hears: nowhere."""
    del heard


def check(settings: BrokerSettings, timeout: float = 10.0) -> None:
    """Connect once with ``settings`` and leave: ``BrokerError`` saying why it failed."""
    client = client_for(settings)
    outcome: list[str] = []
    answered = threading.Event()

    def connected(client: mqtt.Client, userdata: Any, flags: Any, reason: ReasonCode,
                  properties: Properties | None) -> None:
        del userdata, flags, properties
        outcome.append(str(reason) if reason.is_failure else "")
        answered.set()
        client.disconnect()

    client.on_connect = connected
    try:
        client.connect(settings.host, settings.port, KEEPALIVE)
    except OSError as error:
        raise BrokerError(fault_of(error).words(settings.address)) from None
    client.loop_start()
    try:
        answered.wait(timeout)
    finally:
        client.loop_stop()
    if not outcome:
        raise BrokerError(f"the broker at {settings.address} did not answer within "
                          f"{timeout:g} s")
    if outcome[0]:
        raise BrokerError(Fault(REFUSED, outcome[0]).words(settings.address))
