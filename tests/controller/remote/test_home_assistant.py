"""The board in Home Assistant: every discovery config holds to the documented schema of its
entity type (required keys present, no key the type does not know, one device block, unique
ids), and through a real Mosquitto the configs are retained, published again when Home
Assistant announces itself, the states follow the board, commands change it, and the last
will says the board is gone."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest

from controller.app.app import App, Store
from controller.app.driver import Driver
from controller.app.loop import run
from controller.bench.mosquitto import Mosquitto
from controller.devices.mock import mock_board
from controller.profile import load_profile
from controller.remote.broker import client_for
from controller.remote.home_assistant import BIRTH, HomeAssistant, discovery, node

WAIT = 60.0
AVAILABILITY = {"availability_topic", "payload_available", "payload_not_available"}
COMMON = {"name", "unique_id", "object_id", "device", "icon", *AVAILABILITY}
SCHEMA: dict[str, tuple[set[str], set[str]]] = {
    # documented options of each MQTT entity type used (home-assistant.io/integrations/
    # <type>.mqtt): (required, allowed besides the common ones)
    "light": ({"command_topic"}, {"state_topic", "brightness_command_topic",
                                  "brightness_state_topic", "brightness_scale", "payload_on",
                                  "payload_off"}),
    "switch": ({"command_topic"}, {"state_topic", "payload_on", "payload_off",
                                   "device_class"}),
    "sensor": ({"state_topic"}, {"device_class", "unit_of_measurement", "state_class"}),
    "binary_sensor": ({"state_topic"}, {"device_class", "payload_on", "payload_off"}),
    "button": ({"command_topic"}, {"payload_press", "device_class"}),
    "update": (set(), {"state_topic", "command_topic", "payload_install", "device_class",
                       "latest_version_topic"}),
}
DEVICE_KEYS = {"identifiers", "name", "manufacturer", "model", "sw_version", "connections",
               "hw_version", "suggested_area", "via_device", "configuration_url"}


def test_every_config_holds_to_its_entity_types_schema() -> None:
    configs = discovery("kaskade-8x8", "Kaskade Board kaskade-8x8")
    kinds = {topic.split("/")[1] for topic in configs}
    assert kinds == set(SCHEMA)
    assert len({c["unique_id"] for c in configs.values()}) == len(configs) == 9
    for topic, config in configs.items():
        prefix, component, node_id, _object_id, last = topic.split("/")
        assert (prefix, node_id, last) == ("homeassistant", node("kaskade-8x8"), "config")
        required, allowed = SCHEMA[component]
        assert required <= set(config), topic
        assert set(config) <= required | allowed | COMMON, (topic, set(config) - allowed)
        assert set(config) >= AVAILABILITY
        assert set(config["device"]) <= DEVICE_KEYS
        assert config["device"]["identifiers"] == [node("kaskade-8x8")]
        for key, value in config.items():
            if key.endswith("_topic"):
                assert value.startswith(f"kaskade/home/{node_id}/"), (key, value)
                assert "+" not in value
                assert "#" not in value
        json.dumps(config)


class HomeAssistantClient:
    """What Home Assistant does on the broker: reads every retained config and state."""

    def __init__(self, broker: Mosquitto) -> None:
        self.seen: dict[str, list[bytes]] = {}
        self.lock = threading.Condition()
        self.client = client_for(broker.settings("eve"))
        self.client.on_message = self._message
        self.client.on_connect = lambda client, *args: client.subscribe(
            [("homeassistant/#", 1), ("kaskade/home/#", 1)])
        self.client.connect("127.0.0.1", broker.port)
        self.client.loop_start()

    def _message(self, client: Any, userdata: Any, message: mqtt.MQTTMessage) -> None:
        with self.lock:
            self.seen.setdefault(message.topic, []).append(bytes(message.payload))
            self.lock.notify_all()

    def until(self, topic: str, wanted: Any, count: int = 1) -> list[bytes]:
        def got() -> bool:
            said = self.seen.get(topic, [])
            return len(said) >= count and (wanted is None or said[-1] == wanted)

        with self.lock:
            assert self.lock.wait_for(got, WAIT), (topic, self.seen.get(topic))
            return list(self.seen[topic])

    def send(self, topic: str, payload: str) -> None:
        self.client.publish(topic, payload, qos=1).wait_for_publish(WAIT)

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


@pytest.mark.broker
def test_home_assistant_finds_follows_and_drives_the_board(broker: Mosquitto,
                                                           tmp_path: Path) -> None:
    profile = load_profile("kaskade-8x8")
    store = Store.at(tmp_path / "state", "kaskade-8x8")
    app = App(profile, store)
    home = HomeAssistant(broker.settings("anna"), "kaskade-8x8", "Kaskade Board")
    stop = threading.Event()
    loop = threading.Thread(target=run, args=(Driver(app, mock_board(profile)), stop),
                            kwargs={"companion": home}, daemon=True)
    ha = HomeAssistantClient(broker)
    loop.start()
    try:
        base = f"kaskade/home/{node('kaskade-8x8')}"
        light = f"homeassistant/light/{node('kaskade-8x8')}/leds/config"
        config = json.loads(ha.until(light, None)[-1])
        assert config["brightness_command_topic"] == f"{base}/brightness/set"
        ha.until(f"{base}/availability", b"online")
        ha.until(f"{base}/brightness", b"60")
        ha.until(f"{base}/sound", b"ON")
        assert ha.until(f"{base}/turn", None)[-1] == b"no game"
        assert b"Home" in ha.until(f"{base}/screen", None)[-1]
        ha.until(f"{base}/touch", b"OFF")  # the mock board has no touch board to report
        firmware = json.loads(ha.until(f"{base}/firmware", None)[-1])
        assert firmware["installed_version"] is None
        assert firmware["latest_version"]

        ha.send(f"{base}/brightness/set", "30")
        ha.until(f"{base}/brightness", b"30")
        assert app.settings.brightness == pytest.approx(0.3)
        ha.send(f"{base}/sound/set", "OFF")
        ha.until(f"{base}/sound", b"OFF")
        ha.send(f"{base}/brightness/set", "a lot")  # ignored, nothing changes
        ha.send(f"{base}/leds/set", "OFF")
        ha.until(f"{base}/leds", b"OFF")
        assert store.settings.load().sound is False  # kept, as a change on the board is

        before = len(ha.seen[light])
        ha.send(BIRTH, "online")  # Home Assistant started again: the configs once more
        ha.until(light, None, before + 1)

        home.client.socket().close()  # the board vanishes without a word …
        stop.set()
        ha.until(f"{base}/availability", b"offline")  # … and its will says so
    finally:
        stop.set()
        home.client.loop_stop()
        loop.join(timeout=WAIT)
        ha.close()
