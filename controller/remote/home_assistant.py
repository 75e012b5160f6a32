"""The board in Home Assistant, through MQTT discovery, written by hand (a discovery library
would bring pydantic, heavy on a Pi Zero 2).

With a broker on the home network set for Home Assistant (``kaskade remote setup
--home-assistant``), the board publishes, retained, one config per entity under
``homeassistant/COMPONENT/kaskade_BOARD/OBJECT/config``, each with the same device block and
the board's availability topic, whose last will says ``offline``; it publishes them again when
Home Assistant announces itself (``online`` on ``homeassistant/status``). The entities:

* light ``LEDs`` — the LEDs' brightness (1-100 %; off is the dimmest the board allows);
* switch ``Sound``;
* sensors ``Screen`` (what the board shows, in words), ``Turn`` (whose turn, or the result)
  and ``Last result`` (the newest game in the history);
* binary sensor ``Touch board`` (connectivity: the touch sensors answer);
* buttons ``New game`` (the set-up of a new game of the kind on the board) and ``Hint``;
* update ``Touch board firmware`` (the version on the touch board against the bundled one;
  installing starts the update as the web page does).

Only these states leave the board, and only to the home's broker.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.properties import Properties
from paho.mqtt.reasoncodes import ReasonCode

from controller import __version__
from controller.app.app import App
from controller.app.driver import Driver
from controller.app.firmware_update import UpdateRefusedError
from controller.app.loop import Call, Companion, hold
from controller.app.settings import MIN_BRIGHTNESS
from controller.devices.firmware import bundled
from controller.devices.interfaces import InputEvent
from controller.remote.broker import KEEPALIVE, client_for
from controller.remote.config import BrokerSettings

PREFIX = "homeassistant"
BIRTH = f"{PREFIX}/status"
STATE_LIMIT = 255
"""Home Assistant keeps at most 255 characters of a sensor's state."""
EVERY = 1.0
"""Seconds between looks at the board's states (a change is published within one)."""

log = logging.getLogger(__name__)


def node(board: str) -> str:
    """The board's id in topics and unique ids (``kaskade_kaskade_8x8``)."""
    return "kaskade_" + re.sub(r"[^A-Za-z0-9_]", "_", board)


def discovery(board: str, title: str) -> dict[str, dict[str, Any]]:
    """Every entity's config topic and config for the board called ``board`` (its profile),
    shown in Home Assistant as ``title``."""
    base = f"kaskade/home/{node(board)}"
    device = {"identifiers": [node(board)], "name": title, "manufacturer": "Kaskade Board",
              "model": board, "sw_version": __version__}
    common = {"device": device, "availability_topic": f"{base}/availability",
              "payload_available": "online", "payload_not_available": "offline"}
    entities: dict[tuple[str, str], dict[str, Any]] = {
        ("light", "leds"): {
            "name": "LEDs", "command_topic": f"{base}/leds/set",
            "state_topic": f"{base}/leds", "brightness_command_topic": f"{base}/brightness/set",
            "brightness_state_topic": f"{base}/brightness", "brightness_scale": 100,
            "payload_on": "ON", "payload_off": "OFF", "icon": "mdi:led-on"},
        ("switch", "sound"): {
            "name": "Sound", "command_topic": f"{base}/sound/set",
            "state_topic": f"{base}/sound", "payload_on": "ON", "payload_off": "OFF"},
        ("sensor", "screen"): {"name": "Screen", "state_topic": f"{base}/screen",
                               "icon": "mdi:message-text"},
        ("sensor", "turn"): {"name": "Turn", "state_topic": f"{base}/turn",
                             "icon": "mdi:account-arrow-right"},
        ("sensor", "result"): {"name": "Last result", "state_topic": f"{base}/result",
                               "icon": "mdi:trophy"},
        ("binary_sensor", "touch"): {
            "name": "Touch board", "state_topic": f"{base}/touch", "device_class":
            "connectivity", "payload_on": "ON", "payload_off": "OFF"},
        ("button", "new_game"): {"name": "New game", "command_topic": f"{base}/new_game",
                                 "payload_press": "PRESS", "icon": "mdi:restart"},
        ("button", "hint"): {"name": "Hint", "command_topic": f"{base}/hint",
                             "payload_press": "PRESS", "icon": "mdi:lightbulb-on"},
        ("update", "firmware"): {
            "name": "Touch board firmware", "state_topic": f"{base}/firmware",
            "command_topic": f"{base}/firmware/install", "payload_install": "install",
            "device_class": "firmware"},
    }
    return {f"{PREFIX}/{component}/{node(board)}/{object_id}/config":
            {**config, **common, "unique_id": f"{node(board)}_{object_id}",
             "object_id": f"{node(board)}_{object_id}"}
            for (component, object_id), config in entities.items()}


def states(app: App, now: float, latest: str) -> dict[str, str]:
    """What the board shows Home Assistant, by the topic's last parts (``latest``: the
    bundled firmware's version)."""
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
    firmware = app.firmware_update.board
    return {
        "leds": "ON" if app.settings.brightness > MIN_BRIGHTNESS else "OFF",
        "brightness": str(round(app.settings.brightness * 100)),
        "sound": "ON" if app.settings.sound else "OFF",
        "screen": app.describe(now)[:STATE_LIMIT],
        "turn": turn[:STATE_LIMIT],
        "result": result[:STATE_LIMIT],
        "touch": "ON" if firmware is not None and app.touches_lost is None else "OFF",
        "firmware": json.dumps({
            "installed_version": firmware.version if firmware is not None else None,
            "latest_version": latest,
            "in_progress": app.firmware_update.share is not None}),
    }


class HomeAssistant:
    """A companion of the loop: the board in Home Assistant (see the module's text); passes
    the loop's steps on to ``inner``."""

    def __init__(self, settings: BrokerSettings, board: str, title: str,
                 inner: Companion | None = None) -> None:
        self.settings = settings
        self.inner = inner
        self.configs = discovery(board, title)
        self.base = f"kaskade/home/{node(board)}"
        self.post: Callable[[InputEvent | Call], None] | None = None
        self.sent: dict[str, str] = {}
        """The states as last published (each is published when it changes)."""
        self.checked = float("-inf")
        self.latest = bundled().version
        self.client = client_for(settings, client_id=f"{node(board)}-home")
        self.client.will_set(f"{self.base}/availability", "offline", qos=1, retain=True)
        self.client.on_connect = self._connected
        self.client.on_message = self._message

    def attach(self, post: Callable[[InputEvent | Call], None]) -> None:
        self.post = post
        if self.inner is not None:
            self.inner.attach(post)
        self.client.connect_async(self.settings.host, self.settings.port, KEEPALIVE)
        self.client.loop_start()

    def publish(self, driver: Driver, now: float) -> None:
        if self.inner is not None:
            self.inner.publish(driver, now)
        if not self.client.is_connected() or now - self.checked < EVERY:
            return
        self.checked = now
        for key, value in states(driver.app, now, self.latest).items():
            if self.sent.get(key) != value:
                self.sent[key] = value
                self.client.publish(f"{self.base}/{key}", value, qos=1, retain=True)

    def hold(self, problem: str) -> None:
        """The board's latest changes are not saved yet: the companion within (the web page)
        keeps what it showed and says why."""
        if self.inner is not None:
            hold(self.inner, problem)

    def close(self) -> None:
        """Say the board is gone, and leave."""
        if self.client.is_connected():
            self.client.publish(f"{self.base}/availability", "offline", qos=1,
                                retain=True).wait_for_publish(2.0)
        self.client.disconnect()
        self.client.loop_stop()

    def announce(self) -> None:
        """Every entity's config and the board's availability (retained)."""
        for topic, config in self.configs.items():
            self.client.publish(topic, json.dumps(config), qos=1, retain=True)
        self.client.publish(f"{self.base}/availability", "online", qos=1, retain=True)
        self.sent.clear()  # and every state again

    # -- paho's thread ------------------------------------------------------------------------

    def _connected(self, client: mqtt.Client, userdata: Any, flags: Any, reason: ReasonCode,
                   properties: Properties | None) -> None:
        del userdata, flags, properties
        if reason.is_failure:
            log.warning("Home Assistant's broker refused the board: %s", reason)
            return
        client.subscribe([(BIRTH, 1), (f"{self.base}/+/set", 1), (f"{self.base}/new_game", 1),
                          (f"{self.base}/hint", 1), (f"{self.base}/firmware/install", 1)])
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
    settings = app.settings
    if what == "brightness/set" and payload.isdigit() and 1 <= int(payload) <= 100:
        app.change_settings({"brightness": max(MIN_BRIGHTNESS, int(payload) / 100)})
    elif what == "leds/set" and payload in ("ON", "OFF"):
        app.change_settings({"brightness": max(settings.brightness, 0.6) if payload == "ON"
                             else MIN_BRIGHTNESS})
    elif what == "sound/set" and payload in ("ON", "OFF"):
        app.change_settings({"sound": payload == "ON"})
    elif what == "new_game" and payload == "PRESS":
        session = app.session
        if session is None:
            app.show(app.home())
        elif session.finished:
            app.show(app.leave_finished_game())
        else:  # who plays the new game is chosen on the board; this one waits on its tile
            app.set_up_new(session.state.info.name)
    elif what == "hint" and payload == "PRESS":
        if app.current_game() is not None:
            app.ask_hint()
    elif what == "firmware/install" and payload == "install":
        try:
            app.update_now()
        except UpdateRefusedError as error:
            log.warning("Home Assistant asked for the firmware update: %s", error)
    else:
        log.warning("Home Assistant asked for %s %r, which the board does not do", what,
                    payload)
    del now

