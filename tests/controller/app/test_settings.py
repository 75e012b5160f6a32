"""Settings survive restarts; a damaged settings file is set aside, never lost."""

import json

import pytest

from controller.app.settings import Settings, SettingsFile
from tests.support.board import BoardHarness


def test_defaults_then_what_was_saved(tmp_path):
    file = SettingsFile(tmp_path / "settings.json")
    assert file.load() == Settings()
    file.save(Settings(0.3, False, {"kaskade": "5x5"}))
    assert file.load() == Settings(0.3, False, {"kaskade": "5x5"})
    assert file.problem is None


def test_a_damaged_file_is_kept_aside_and_the_defaults_used(tmp_path):
    path = tmp_path / "settings.json"
    for content in ("{not json", json.dumps({"brightness": 7}), json.dumps([1]),
                    json.dumps({"sound": "loud"}), json.dumps({"sizes": {"kaskade": 5}})):
        path.write_text(content)
        file = SettingsFile(path)
        assert file.load() == Settings()
        assert "was damaged" in file.problem
        assert (tmp_path / "settings.json.damaged").read_text() == content


def test_touch_thresholds_are_kept_and_checked(tmp_path):
    settings = SettingsFile(tmp_path / "settings.json")
    settings.save(Settings(thresholds=[20, 9]))
    assert settings.load().thresholds == [20, 9]
    (tmp_path / "settings.json").write_text(json.dumps({"thresholds": [5, 9]}))
    assert settings.load().thresholds is None
    assert settings.problem is not None
    assert "thresholds [5, 9]" in settings.problem


@pytest.mark.parametrize("address", ["0.0.0.0:8765", "[::1]:80", "kaskade.local:8765", ""])
def test_the_web_address_in_the_settings_is_kept(tmp_path, address):
    BoardHarness(tmp_path).store.settings.save(Settings(web=address))
    assert BoardHarness(tmp_path).app.settings.web == address


def test_a_web_address_that_is_not_one_is_set_aside(tmp_path):
    path = tmp_path / "kaskade-8x8" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"web": "everywhere"}))
    board = BoardHarness(tmp_path)
    assert board.app.settings.web == ""
    assert any("HOST:PORT" in notice for notice in board.app.notices)


def test_who_sees_the_board_on_the_web_and_its_names_are_kept_and_checked(tmp_path):
    settings = SettingsFile(tmp_path / "settings.json")
    settings.save(Settings(web_reading="open", web_hosts=["board.fritz.box", "kaskade2"]))
    loaded = settings.load()
    assert (loaded.web_reading, loaded.web_hosts) == ("open", ["board.fritz.box", "kaskade2"])
    for bad in ({"web_reading": "everyone"}, {"web_hosts": "board"},
                {"web_hosts": ["not a name!"]}, {"web_hosts": [5]}):
        (tmp_path / "settings.json").write_text(json.dumps(bad))
        assert settings.load() == Settings()
        assert "web_" in settings.problem
