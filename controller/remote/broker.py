"""The connection to the broker for one game (paho-mqtt 2, MQTT 5, on paho's own thread).

Everything it hears goes to ``heard`` as plain values, on paho's thread; whoever owns it moves
them to the app's thread. It connects outward with TLS and the board's credentials, leaves a
retained presence with a last will that says the board is gone, subscribes to the game's
topics, and reconnects on its own after a dropped connection (paho's back-off, 1 to 30 s).
Which topics it follows may change while it runs (:meth:`GameConnection.follow`): the link
follows each log through a window of sequence numbers, one topic each, so the broker sends
nothing of a log beyond it.

Topics, all under the game's prefix ``kaskade/GAME/`` so that an ACL confines a board to its
own part (``pattern write kaskade/+/%u/#``):

* ``kaskade/GAME/USER/log/SEQ`` — the board ``USER``'s message number ``SEQ``, retained, QoS 1;
* ``kaskade/GAME/USER/presence`` — ``{"v":1,"online":true}``, retained; the will says false
  (a web page's says ``"page":true`` as well: it shows the offering board's view);
* ``kaskade/GAME/USER/sync`` — a marker the board sends itself after subscribing: the broker
  sends a subscription's retained messages before anything published after it, so when the
  marker comes back the board has read everything the broker kept;
* ``kaskade/invite/USER`` — the board ``USER``'s offer of a game (a salt; retained while the
  invite lives), and ``kaskade/invite/USER/to/OTHER`` its requests and answers, not retained
  (``controller/remote/invite.py``).
"""

from __future__ import annotations

import logging
import secrets
import ssl
import threading
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties
from paho.mqtt.reasoncodes import ReasonCode

from controller.errors import KaskadeError
from controller.remote.config import BrokerSettings
from controller.remote.faults import DROPPED, REFUSED, UNREACHABLE, Fault, fault_of
from controller.remote.messages import presence as present

ROOT = "kaskade"
KEEPALIVE = 20
"""Seconds between the client's pings: the broker sends the will about 1.5 times this after a
board vanishes without a word."""
PER_SUBSCRIBE = 64
"""Topics in one SUBSCRIBE at most (its packet stays well under a broker's packet limit)."""

log = logging.getLogger(__name__)


class BrokerError(KaskadeError, ConnectionError):
    """The broker refused this board, or cannot be reached (the reason says which)."""


def log_topic(game_id: str, user: str, seq: int) -> str:
    """Where ``user``'s message ``seq`` of the game is kept."""
    return f"{ROOT}/{game_id}/{user}/log/{seq}"


def presence_topic(game_id: str, user: str) -> str:
    """Where ``user``'s presence in the game is kept."""
    return f"{ROOT}/{game_id}/{user}/presence"


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
        """The topics followed from the start to the end (besides :meth:`follow`'s)."""
        self.following: set[str] = set()
        """The topics :meth:`follow` last gave."""
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
        self._marking = threading.Lock()
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

    def send(self, topic: str, payload: bytes, retain: bool = True,
             expiry: float | None = None) -> None:
        """Publish at QoS 1 (paho queues it while the connection is down); ``expiry``: the
        seconds after which the broker forgets it (MQTT 5's message expiry)."""
        properties = None
        if expiry is not None:
            properties = Properties(PacketTypes.PUBLISH)
            properties.MessageExpiryInterval = max(1, round(expiry))
        self.client.publish(topic, payload, qos=1, retain=retain, properties=properties)

    def follow(self, topics: Collection[str], sync: bool = False) -> None:
        """Hear ``topics`` from now on (beside :attr:`subscriptions`): those new are
        subscribed — the broker sends what it keeps there — and those gone unsubscribed; with
        ``sync``, ``synced`` is heard once the broker has sent everything it keeps of them.
        While the connection is down, they are all subscribed when it is back."""
        with self._lock:
            new = sorted(set(topics) - self.following)
            gone = sorted(self.following - set(topics))
            self.following = set(topics)
        if not self.client.is_connected():
            return
        if gone:
            self.client.unsubscribe(gone)
        self._subscribe(new, sync)

    def _subscribe(self, topics: list[str], sync: bool) -> None:
        """Subscribe ``topics`` (a packet per :data:`PER_SUBSCRIBE`); with ``sync``, the
        marker goes out once the broker has answered the last packet."""
        mid = None
        with self._marking:  # its answer may come on paho's thread before the mid is kept
            for start in range(0, len(topics), PER_SUBSCRIBE):
                _, mid = self.client.subscribe([(topic, 1) for topic in
                                                topics[start:start + PER_SUBSCRIBE]])
            if sync and mid is not None:
                self._subscribing = mid
        if sync and mid is None:
            self._mark()

    def clear(self, topics: list[str]) -> None:
        """The end of this board's part in the game: an empty retained message to each of
        ``topics`` (the broker then forgets what it kept there), and the connection leaves
        cleanly once the broker has them all — at once, or after reconnecting if it is down
        now. It says nothing to the board any more meanwhile, and leaves no will."""
        self.heard = _nobody
        self.present = False
        with self._lock:
            followed = self.subscriptions + sorted(self.following) + \
                ([self.marker] if self.marker else [])
            self.subscriptions, self.marker, self.following = [], "", set()
        if followed:
            self.client.unsubscribe(followed)
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
        self.heard(Heard("connected"))
        with self._lock:
            topics = self.subscriptions + sorted(self.following) + \
                ([self.marker] if self.marker else [])
        self._subscribe(topics, sync=True)

    def _subscribed(self, client: mqtt.Client, userdata: Any, mid: int,
                    reasons: list[ReasonCode], properties: Properties | None) -> None:
        del client, userdata, properties
        refused = [str(r) for r in reasons if r.is_failure]
        if refused:
            self.refusals.append(f"subscription refused: {', '.join(refused)}")
        with self._marking:
            due = mid == self._subscribing
        if due:
            self._mark()

    def _mark(self) -> None:
        """Send the marker (its coming back says that everything subscribed before it has
        come), or, for a connection without one, say so at once."""
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
