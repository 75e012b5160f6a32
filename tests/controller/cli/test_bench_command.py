"""``kaskade bench engine``: the documented output shapes (speed itself is reported, not
asserted: timed assertions would fail on a busy machine)."""

import json

import pytest

from controller.cli import main


def test_json_has_the_documented_shape(capsys):
    assert main(["bench", "engine", "--sizes", "3x3,4x5", "--seconds", "0.05", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data) == ["kaskade"]
    assert list(data["kaskade"]) == ["3x3", "4x5"]
    for figures in data["kaskade"].values():
        assert set(figures) == {"playouts_per_s", "moves_per_s", "plies_per_game"}
        assert all(value > 0 for value in figures.values())


def test_the_default_sizes_are_the_documented_ones(capsys):
    assert main(["bench", "engine", "--seconds", "0.02", "--json"]) == 0
    assert list(json.loads(capsys.readouterr().out)["kaskade"]) == ["5x5", "6x9", "8x8"]


def test_the_table_names_the_machine_and_every_size(capsys):
    assert main(["bench", "engine", "--sizes", "3x3", "--seconds", "0.02"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Kaskade engine, one core — Python ")
    assert out[1].split() == ["size", "playouts/s", "moves/s", "plies/game"]
    assert out[2].split()[0] == "3x3"


def test_a_bad_size_is_refused(capsys):
    assert main(["bench", "engine", "--sizes", "1x1"]) == 2
    assert "must be 2 to 16" in capsys.readouterr().err


def test_even_the_shortest_measurement_plays_a_whole_game(capsys):
    assert main(["bench", "engine", "--sizes", "8x8", "--seconds", "1e-9", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)["kaskade"]["8x8"]
    assert figures["plies_per_game"] > 0


@pytest.mark.parametrize("bad", ["0", "-1", "soon"])
def test_the_time_must_be_a_positive_number(capsys, bad):
    with pytest.raises(SystemExit) as caught:
        main(["bench", "engine", "--seconds", bad])
    assert caught.value.code == 2
    assert "--seconds" in capsys.readouterr().err


def test_render_figures_have_the_documented_shape(capsys):
    assert main(["bench", "render", "--profile", "kaskade-8x8", "--seconds", "0.05",
                 "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert set(figures) == {"profile", "leds", "channels", "frame_ms", "touch_to_frame_ms",
                            "save_ms", "transfer_ms", "headroom"}
    assert figures["transfer_ms"] == 256 * 0.03
    assert figures["frame_ms"] > 0
    assert figures["touch_to_frame_ms"] > 0


def test_render_table_names_the_profile(capsys):
    assert main(["bench", "render", "--profile", "kaskade-mini", "--seconds", "0.02"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Render, kaskade-mini (64 LEDs on 1 channel(s))")
    assert "headroom" in out
