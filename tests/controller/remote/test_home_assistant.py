"""The board in Home Assistant: its device discovery config holds to Home Assistant's documented
schema (device-based discovery: the device, the origin, availability and the components under
``cmps``, each with its platform's documented options only, a unique id each); and through a
real Mosquitto two boards of one build are two devices, the configs are retained and published
again when Home Assistant announces itself or a board is renamed, the states follow the board,
every command does what its name says and its state reports the truth, and the last will says
the board is gone."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest

from controller import __version__
from controller.app.app import App
from controller.app.driver import Driver
from controller.app.identity import Identity
from controller.app.loop import Call, run
from controller.app.store import Store
from controller.bench.mosquitto import Mosquitto
from controller.devices.mock import mock_board
from controller.games import get_game
from controller.profile import load_profile
from controller.remote.broker import client_for
from controller.remote.home_assistant import BIRTH, HomeAssistant, command, discovery, node
from tests.support.board import BoardHarness

WAIT = 60.0
# What Home Assistant documents (home-assistant.io/integrations/mqtt, "Device discovery
# payload", and each platform's page, integrations/<platform>.mqtt): the options a device
# discovery payload may share at its root, the device and origin mappings (abbreviated), the
# options every entity platform has, and each platform's own — (required, allowed).
SHARED = {"dev", "device", "o", "origin", "cmps", "components", "availability",
          "availability_topic", "availability_mode", "availability_template",
          "payload_available", "payload_not_available", "state_topic", "command_topic", "qos",
          "encoding"}
DEVICE = {"cu", "configuration_url", "cns", "connections", "ids", "identifiers", "name", "mf",
          "manufacturer", "mdl", "model", "mdl_id", "model_id", "hw", "hw_version", "sw",
          "sw_version", "sa", "suggested_area", "sn", "serial_number", "via_device"}
ORIGIN = {"name", "sw", "sw_version", "url", "support_url"}
ENTITY = {"p", "platform", "unique_id", "name", "icon", "availability", "availability_mode",
          "availability_template", "availability_topic", "payload_available",
          "payload_not_available", "enabled_by_default", "encoding", "entity_category",
          "entity_picture", "json_attributes_template", "json_attributes_topic", "qos",
          "default_entity_id", "object_id"}
PLATFORMS: dict[str, tuple[set[str], set[str]]] = {
    "light": ({"command_topic"}, {
        "state_topic", "state_value_template", "brightness_command_topic",
        "brightness_command_template", "brightness_state_topic", "brightness_scale",
        "brightness_value_template", "payload_on", "payload_off", "on_command_type",
        "optimistic", "retain", "schema"}),
    "switch": (set(), {"command_topic", "command_template", "state_topic", "payload_on",
                       "payload_off", "state_on", "state_off", "device_class", "optimistic",
                       "retain", "value_template"}),
    "sensor": ({"state_topic"}, {"device_class", "unit_of_measurement", "state_class",
                                 "expire_after", "force_update", "value_template",
                                 "suggested_display_precision", "options"}),
    "binary_sensor": ({"state_topic"}, {"device_class", "payload_on", "payload_off",
                                        "expire_after", "force_update", "off_delay",
                                        "value_template"}),
    "button": ({"command_topic"}, {"command_template", "payload_press", "device_class",
                                   "retain"}),
    "update": (set(), {"state_topic", "command_topic", "payload_install", "device_class",
                       "latest_version_topic", "latest_version_template", "title",
                       "release_summary", "release_url", "display_precision", "retain",
                       "value_template"}),
}
UPDATE_STATE = {"installed_version", "latest_version", "title", "release_summary",
                "release_url", "entity_picture", "in_progress", "update_percentage"}
"""What an update entity's JSON state may hold (integrations/update.mqtt)."""
BOARD = Identity("0123456789ab", "Living room")


def test_the_device_config_holds_to_home_assistants_schema() -> None:
    topic, config = discovery(BOARD, "kaskade-8x8", "http://board.local:8765/")
    me = node(BOARD.id)
    assert topic == f"homeassistant/device/{me}/config"
    assert {"dev", "o", "cmps"} <= set(config) <= SHARED
    assert set(config["dev"]) <= DEVICE
    assert config["dev"]["ids"] == [me]
    assert config["dev"]["name"] == "Living room"
    assert config["dev"]["mdl"] == "kaskade-8x8"
    assert config["dev"]["cu"] == "http://board.local:8765/"
    assert set(config["o"]) <= ORIGIN
    assert config["o"] == {"name": "Kaskade Board", "sw": __version__,
                           "url": "http://board.local:8765/"}
    assert config["availability_topic"] == f"kaskade/home/{me}/availability"
    components = config["cmps"]
    assert {c["p"] for c in components.values()} == set(PLATFORMS)
    assert len({c["unique_id"] for c in components.values()}) == len(components) == 10
    for key, component in components.items():
        required, allowed = PLATFORMS[component["p"]]
        assert required <= set(component), key
        assert set(component) <= required | allowed | ENTITY, \
            (key, set(component) - required - allowed - ENTITY)
        assert "object_id" not in component, "deprecated: the unique id names it"
        assert component["unique_id"].startswith(me)
        for option, value in component.items():
            if option.endswith("_topic"):
                assert value.startswith(f"kaskade/home/{me}/"), (option, value)
                assert "+" not in value
                assert "#" not in value
    json.dumps(config)


def test_without_a_page_the_origin_names_the_program_alone() -> None:
    _, config = discovery(BOARD, "kaskade-mini")
    assert config["o"] == {"name": "Kaskade Board", "sw": __version__}
    assert "cu" not in config["dev"]


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

    def says(self, topic: str, words: bytes) -> None:
        """Wait until the latest state of ``topic`` begins with ``words``."""
        with self.lock:
            assert self.lock.wait_for(lambda: self.seen.get(topic, [b""])[-1].startswith(words),
                                      WAIT), (topic, self.seen.get(topic, [])[-1:])

    def devices(self, count: int) -> dict[str, dict[str, Any]]:
        """The device configs seen (at least ``count``), by topic."""
        with self.lock:
            assert self.lock.wait_for(lambda: len(self._devices()) >= count, WAIT), self.seen
            return self._devices()

    def _devices(self) -> dict[str, dict[str, Any]]:
        return {topic: json.loads(said[-1]) for topic, said in self.seen.items()
                if topic.startswith("homeassistant/device/") and said[-1]}

    def send(self, topic: str, payload: str) -> None:
        self.client.publish(topic, payload, qos=1).wait_for_publish(WAIT)

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


class LinkedBoard:
    """A board app (the mock board, the real loop) in ``state`` with the board in Home
    Assistant."""

    def __init__(self, broker: Mosquitto, state: Path, user: str) -> None:
        profile = load_profile("kaskade-8x8")
        self.store = Store.at(state, "kaskade-8x8")
        self.app = App(profile, self.store)
        self.home = HomeAssistant(broker.settings(user), "kaskade-8x8")
        self.stop = threading.Event()
        self.loop = threading.Thread(target=run, args=(Driver(self.app, mock_board(profile)),
                                                       self.stop),
                                     kwargs={"companion": self.home}, daemon=True)
        self.loop.start()

    @property
    def base(self) -> str:
        return f"kaskade/home/{node(self.app.identity.id)}"

    def close(self) -> None:
        self.stop.set()
        self.home.close()
        self.loop.join(timeout=WAIT)


@pytest.mark.broker
def test_two_boards_of_one_build_are_two_devices_and_each_is_driven(
        broker: Mosquitto, tmp_path: Path) -> None:
    ha = HomeAssistantClient(broker)
    kitchen = LinkedBoard(broker, tmp_path / "kitchen", "anna")
    attic = LinkedBoard(broker, tmp_path / "attic", "ben")
    try:
        devices = ha.devices(2)
        ids = {config["dev"]["ids"][0] for config in devices.values()}
        assert ids == {node(kitchen.app.identity.id), node(attic.app.identity.id)}
        unique = [c["unique_id"] for config in devices.values() for c in config["cmps"].values()]
        assert len(unique) == len(set(unique)) == 20
        assert all(config["dev"]["mdl"] == "kaskade-8x8" for config in devices.values())
        assert (tmp_path / "kitchen/kaskade-8x8/board.json").exists(), "kept in its state"

        board, base = kitchen, kitchen.base
        ha.until(f"{base}/availability", b"online")
        ha.until(f"{base}/brightness", b"60")
        ha.until(f"{base}/leds", b"ON")
        ha.until(f"{base}/sound", b"ON")
        assert ha.until(f"{base}/turn", None)[-1] == b"no game"
        assert b"Home" in ha.until(f"{base}/screen", None)[-1]
        ha.until(f"{base}/touch", b"OFF")  # the mock board has no touch board to report
        for part in ("firmware", "program"):
            state = json.loads(ha.until(f"{base}/{part}", None)[-1])
            assert set(state) <= UPDATE_STATE
            assert state["latest_version"]
        assert json.loads(ha.seen[f"{base}/program"][-1])["installed_version"] == __version__

        ha.send(f"{base}/brightness/set", "30")
        ha.until(f"{base}/brightness", b"30")
        assert board.app.settings.brightness == pytest.approx(0.3)
        ha.send(f"{base}/sound/set", "OFF")
        ha.until(f"{base}/sound", b"OFF")
        ha.send(f"{base}/brightness/set", "a lot")  # ignored, nothing changes
        ha.send(f"{base}/leds/set", "OFF")  # the LEDs go dark, and say so
        ha.until(f"{base}/leds", b"OFF")
        assert not board.app.lit
        assert ha.seen[f"{base}/brightness"][-1] == b"30", "the level it lights at again"
        ha.send(f"{base}/leds/set", "ON")
        ha.until(f"{base}/leds", b"ON")
        assert board.store.settings.load().sound is False  # kept, as a change on the board is

        ha.send(f"{base}/new_game", "PRESS")  # from the home screen: the set-up shows at once
        ha.says(f"{base}/screen", b"Kaskade \xc2\xb7 who plays?")
        assert type(board.app.screen).__name__ == "PlayersScreen"
        assert board.app.screen.game == "kaskade"

        device = f"homeassistant/device/{node(board.app.identity.id)}/config"
        before = len(ha.seen[device])
        ha.send(BIRTH, "online")  # Home Assistant started again: the config once more
        ha.until(device, None, before + 1)
        done = threading.Event()
        board.home.post(Call(lambda app, now: (app.rename("Kitchen"), done.set())))
        assert done.wait(WAIT)
        renamed = ha.until(device, None, before + 2)
        assert json.loads(renamed[-1])["dev"]["name"] == "Kitchen"

        board.home.client.socket().close()  # the board vanishes without a word …
        board.stop.set()
        ha.until(f"{base}/availability", b"offline")  # … and its will says so
    finally:
        kitchen.close()
        attic.close()
        ha.close()


def test_new_game_from_home_assistant_sets_up_the_game_last_played(tmp_path: Path) -> None:
    """On the home screen a new game is of the game last played (the history's newest)."""
    board = BoardHarness(tmp_path)
    board.app.new_game(get_game("big-balls").new({}), {})
    board.app.resign()
    board.app.show(board.app.leave_finished_game())
    command(board.app, board.now, "new_game", "PRESS")
    assert board.screen == "PlayersScreen"
    assert board.app.screen.game == "big-balls"
