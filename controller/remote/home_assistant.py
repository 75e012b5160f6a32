"""The board in Home Assistant, through MQTT discovery, written by hand (a discovery library
would bring pydantic, heavy on a Pi Zero 2).

With a broker on the home network set for Home Assistant (``kaskade remote setup
--home-assistant``), the board announces itself as one device, by Home Assistant's
device-based discovery: one retained config at ``homeassistant/device/kaskade_ID/config``
holding the device (its own id, never its build's, and the name its owner gave it: two boards
of one build are two devices), the origin (this program, its version, and where its page is),
the board's availability (its last will says ``offline``) and every entity under ``cmps``. It
publishes the config again when Home Assistant announces itself (``online`` on
``homeassistant/status``), and when the board is renamed. The entities:

* light ``LEDs`` — on or out (out: dark as when the board sleeps, the game as it is, until a
  touch or "on"), and the brightness the LEDs light at, 5-100 %;
* switch ``Sound``;
* sensors ``Screen`` (what the board shows, in words), ``Turn`` (whose turn, or the result)
  and ``Last result`` (the newest game in the history);
* binary sensor ``Touch board`` (connectivity: the touch sensors answer);
* buttons ``New game`` (the set-up of a new game — of the kind on the board, else the last
  played — on the board at once; a game under way waits on its tile) and ``Hint``;
* updates ``Touch board firmware`` (installing starts the update as the web page does) and
  ``Program`` (a release uploaded from the page, its install and how it went: the upgrade
  itself runs as the page started it).

Every state is what the board does (the LEDs report off only when dark), published when it
changes, looked at once a second. Only these states leave the board, and only to the home's
broker.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.properties import Properties
from paho.mqtt.reasoncodes import ReasonCode

from controller import __version__
from controller.app.app import App
from controller.app.driver import Driver
from controller.app.firmware_update import UpdateRefusedError
from controller.app.identity import Identity
from controller.app.loop import Call, Companion, hold
from controller.app.settings import MIN_BRIGHTNESS
from controller.app.update_status import RUNNING, UpdateStatus
from controller.devices.interfaces import InputEvent
from controller.faces.face import faces_for
from controller.remote.broker import KEEPALIVE, client_for
from controller.remote.config import BrokerSettings

PREFIX = "homeassistant"
BIRTH = f"{PREFIX}/status"
ORIGIN = "Kaskade Board"
STATE_LIMIT = 255
"""Home Assistant keeps at most 255 characters of a sensor's state."""
EVERY = 1.0
"""Seconds between looks at the board's states (a change is published within one)."""
COMMANDS = ("leds/set", "brightness/set", "sound/set", "new_game", "hint", "firmware/install")

log = logging.getLogger(__name__)


def node(board_id: str) -> str:
    """The board in topics and unique ids (``kaskade_3f2a9c01d4e5``)."""
    return f"kaskade_{board_id}"


def discovery(identity: Identity, model: str, page: str = "") -> tuple[str, dict[str, Any]]:
    """The device discovery topic and config of the board ``identity`` of the build ``model``
    (its profile); ``page``: where its web page is, if it is served."""
    me = node(identity.id)
    base = f"kaskade/home/{me}"
    device: dict[str, Any] = {"ids": [me], "name": identity.name, "mf": ORIGIN, "mdl": model,
                              "sw": __version__, "sn": identity.id}
    origin: dict[str, Any] = {"name": ORIGIN, "sw": __version__}
    if page:
        device["cu"] = origin["url"] = page
    components: dict[str, dict[str, Any]] = {
        "leds": {"p": "light", "name": "LEDs", "command_topic": f"{base}/leds/set",
                 "state_topic": f"{base}/leds",
                 "brightness_command_topic": f"{base}/brightness/set",
                 "brightness_state_topic": f"{base}/brightness", "brightness_scale": 100,
                 "payload_on": "ON", "payload_off": "OFF", "icon": "mdi:led-on"},
        "sound": {"p": "switch", "name": "Sound", "command_topic": f"{base}/sound/set",
                  "state_topic": f"{base}/sound", "payload_on": "ON", "payload_off": "OFF"},
        "screen": {"p": "sensor", "name": "Screen", "state_topic": f"{base}/screen",
                   "icon": "mdi:message-text"},
        "turn": {"p": "sensor", "name": "Turn", "state_topic": f"{base}/turn",
                 "icon": "mdi:account-arrow-right"},
        "result": {"p": "sensor", "name": "Last result", "state_topic": f"{base}/result",
                   "icon": "mdi:trophy"},
        "touch": {"p": "binary_sensor", "name": "Touch board", "state_topic": f"{base}/touch",
                  "device_class": "connectivity", "payload_on": "ON", "payload_off": "OFF"},
        "new_game": {"p": "button", "name": "New game", "command_topic": f"{base}/new_game",
                     "payload_press": "PRESS", "icon": "mdi:restart"},
        "hint": {"p": "button", "name": "Hint", "command_topic": f"{base}/hint",
                 "payload_press": "PRESS", "icon": "mdi:lightbulb-on"},
        "firmware": {"p": "update", "name": "Touch board firmware",
                     "title": "Touch board firmware", "state_topic": f"{base}/firmware",
                     "command_topic": f"{base}/firmware/install", "payload_install": "install",
                     "device_class": "firmware"},
        "program": {"p": "update", "name": "Program", "title": ORIGIN,
                    "state_topic": f"{base}/program"},
    }
    for name, component in components.items():
        component["unique_id"] = f"{me}_{name}"
    return f"{PREFIX}/device/{me}/config", {
        "dev": device, "o": origin, "cmps": components, "qos": 1,
        "availability_topic": f"{base}/availability", "payload_available": "online",
        "payload_not_available": "offline"}


def _update(status: UpdateStatus) -> str:
    """An update entity's state: the versions, whether one runs and how far, and in words
    where it stands (why one was rolled back)."""
    return json.dumps({"installed_version": status.running,
                       "latest_version": status.latest or status.running,
                       "in_progress": status.state == RUNNING,
                       "update_percentage": None if status.progress is None else
                       round(status.progress * 100),
                       "release_summary": status.words[:STATE_LIMIT]})


def states(app: App, now: float) -> dict[str, str]:
    """What the board shows Home Assistant, by the topic's last parts."""
    session = app.session
    if session is None:
        turn = "no game"
    elif session.finished:
        winner = session.winner
        turn = "draw" if winner is None else f"{session.state.player_title(winner)} won"
    else:
        turn = f"{session.state.player_title(session.state.turn_player())} to move"
    matches = app.store.history.matches(limit=1)
    result = "none yet" if not matches else \
        f"{matches[0].game}: {matches[0].result} ({matches[0].termination})"
    firmware, program = app.update_status()
    return {
        "leds": "ON" if app.lit else "OFF",
        "brightness": str(round(app.settings.brightness * 100)),
        "sound": "ON" if app.settings.sound else "OFF",
        "screen": app.describe(now)[:STATE_LIMIT],
        "turn": turn[:STATE_LIMIT],
        "result": result[:STATE_LIMIT],
        "touch": "ON" if app.firmware_update.board is not None and app.touches_lost is None
                 else "OFF",
        "firmware": _update(firmware),
        "program": _update(program),
    }


class HomeAssistant:
    """A companion of the loop: the board in Home Assistant (see the module's text), for the
    board of the build ``model``; ``page``: its web page's address, when served. Passes the
    loop's steps on to ``inner``. It connects at the loop's first step, when it learns the
    board's identity from the app."""

    def __init__(self, settings: BrokerSettings, model: str, inner: Companion | None = None,
                 page: str = "") -> None:
        self.settings = settings
        self.model = model
        self.inner = inner
        self.page = page
        self.identity: Identity | None = None
        """The board's identity as last announced."""
        self.base = ""
        self.post: Callable[[InputEvent | Call], None] | None = None
        self.sent: dict[str, str] = {}
        """The states as last published (each is published when it changes)."""
        self.checked = float("-inf")
        self.client: mqtt.Client | None = None

    def attach(self, post: Callable[[InputEvent | Call], None]) -> None:
        self.post = post
        if self.inner is not None:
            self.inner.attach(post)

    def publish(self, driver: Driver, now: float) -> None:
        if self.inner is not None:
            self.inner.publish(driver, now)
        app = driver.app
        if self.client is None:
            self._connect(app.identity)
        client = self.client
        assert client is not None
        if not client.is_connected() or now - self.checked < EVERY:
            return
        self.checked = now
        if app.identity != self.identity:
            self.identity = app.identity  # renamed: the device under its new name
            self.announce()
        for key, value in states(app, now).items():
            if self.sent.get(key) != value:
                self.sent[key] = value
                client.publish(f"{self.base}/{key}", value, qos=1, retain=True)

    def _connect(self, identity: Identity) -> None:
        self.identity = identity
        self.base = f"kaskade/home/{node(identity.id)}"
        client = self.client = client_for(self.settings, client_id=f"{node(identity.id)}-home")
        client.will_set(f"{self.base}/availability", "offline", qos=1, retain=True)
        client.on_connect = self._connected
        client.on_message = self._message
        client.connect_async(self.settings.host, self.settings.port, KEEPALIVE)
        client.loop_start()

    def hold(self, problem: str) -> None:
        """The board's latest changes are not saved yet: the companion within (the web page)
        keeps what it showed and says why."""
        if self.inner is not None:
            hold(self.inner, problem)

    def close(self) -> None:
        """Say the board is gone, and leave."""
        client = self.client
        if client is None:
            return
        if client.is_connected():
            client.publish(f"{self.base}/availability", "offline", qos=1,
                           retain=True).wait_for_publish(2.0)
        client.disconnect()
        client.loop_stop()

    def announce(self) -> None:
        """The device's config and the board's availability (retained), then every state."""
        assert self.client is not None and self.identity is not None
        topic, config = discovery(self.identity, self.model, self.page)
        self.client.publish(topic, json.dumps(config), qos=1, retain=True)
        self.client.publish(f"{self.base}/availability", "online", qos=1, retain=True)
        self.sent.clear()

    # -- paho's thread ------------------------------------------------------------------------

    def _connected(self, client: mqtt.Client, userdata: Any, flags: Any, reason: ReasonCode,
                   properties: Properties | None) -> None:
        del userdata, flags, properties
        if reason.is_failure:
            log.warning("Home Assistant's broker refused the board: %s", reason)
            return
        client.subscribe([(BIRTH, 1), *((f"{self.base}/{what}", 1) for what in COMMANDS)])
        self.announce()

    def _message(self, client: mqtt.Client, userdata: Any, message: mqtt.MQTTMessage) -> None:
        del client, userdata
        topic, payload = message.topic, bytes(message.payload)[:64].decode(errors="replace")
        if topic == BIRTH:
            if payload == "online":
                self.announce()
            return
        if self.post is not None and not message.retain:
            self.post(Call(lambda app, now: command(app, now, topic[len(self.base) + 1:],
                                                    payload)))


def command(app: App, now: float, what: str, payload: str) -> None:
    """Carry out what Home Assistant asked (on the loop's thread); anything else is ignored
    (logged): a command never stops the board."""
    if what == "brightness/set" and payload.isdigit() and 1 <= int(payload) <= 100:
        app.change_settings({"brightness": max(MIN_BRIGHTNESS, int(payload) / 100)})
        app.lights(True, now)
    elif what == "leds/set" and payload in ("ON", "OFF"):
        app.lights(payload == "ON", now)
    elif what == "sound/set" and payload in ("ON", "OFF"):
        app.change_settings({"sound": payload == "ON"})
    elif what == "new_game" and payload == "PRESS":
        app.lights(True, now)
        app.set_up_new(_game_to_set_up(app))
    elif what == "hint" and payload == "PRESS":
        if app.current_game() is not None and not app.ask_hint():
            log.info("Home Assistant asked for a hint: none can be given now")
    elif what == "firmware/install" and payload == "install":
        try:
            app.update_now()
        except UpdateRefusedError as error:
            log.warning("Home Assistant asked for the firmware update: %s", error)
    else:
        log.warning("Home Assistant asked for %s %r, which the board does not do", what,
                    payload)


def _game_to_set_up(app: App) -> str:
    """The game a new game from Home Assistant is of: the game on the board or waiting, else
    the last one played, else the first on the home menu."""
    if app.session is not None:
        return app.session.state.info.name
    fitting = [face.name for face in faces_for(app.profile)]
    last = app.store.history.matches(limit=1)
    if last and last[0].game in fitting:
        return last[0].game
    return fitting[0]
