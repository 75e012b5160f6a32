"""``kaskade bench``: the documented output shapes (speed itself is reported, not
asserted: timed assertions would fail on a busy machine)."""

import json
import re
from pathlib import Path

import pytest

from controller.cli import main
from tests.support.micropython import needs_interpreter

FIRMWARE = Path(__file__).parents[3] / "firmware"


def test_json_has_the_documented_shape(capsys):
    assert main(["bench", "engine", "--sizes", "3x3,4x5", "--seconds", "0.05", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data) == ["kaskade"]
    assert list(data["kaskade"]) == ["3x3", "4x5"]
    for figures in data["kaskade"].values():
        assert set(figures) == {"playouts_per_s", "moves_per_s", "plies_per_game",
                                "search_nodes_per_s", "compiled_playouts_per_s",
                                "compiled_speedup", "compiled_search_nodes_per_s",
                                "compiled_search_speedup", "compiled_late_nodes_per_s"}
        assert all(value > 0 for value in figures.values())


def test_the_default_sizes_are_the_documented_ones(capsys):
    assert main(["bench", "engine", "--seconds", "0.02", "--json"]) == 0
    assert list(json.loads(capsys.readouterr().out)["kaskade"]) == ["5x5", "6x9", "8x8"]


def test_the_table_names_the_machine_and_every_size(capsys):
    assert main(["bench", "engine", "--sizes", "3x3", "--seconds", "0.02"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Kaskade engine, one core — Python ")
    assert out[1].split() == ["size", "playouts/s", "moves/s", "plies/game", "compiled",
                              "playouts/s", "search", "nodes/s", "compiled", "nodes/s",
                              "late", "nodes/s"]
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
    assert set(figures) == {"profile", "leds", "channels", "frame_ms", "message_frame_ms",
                            "touch_to_frame_ms", "save_ms", "transfer_ms", "headroom"}
    assert figures["transfer_ms"] == 256 * 0.03
    assert figures["frame_ms"] > 0
    assert figures["message_frame_ms"] > 0
    assert figures["touch_to_frame_ms"] > 0


def test_render_table_names_the_profile(capsys):
    assert main(["bench", "render", "--profile", "kaskade-mini", "--seconds", "0.02"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Render, kaskade-mini (64 LEDs on 1 channel(s))")
    assert "headroom" in out


def test_ai_tournament_reports_pairings_elo_and_speed(capsys):
    assert main(["bench", "ai", "--pairs", "level-3:random,level-2:greedy", "--sizes", "4x4",
                 "--games", "2", "--seconds", "0.02", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["anchor"] == "random"
    pairs = report["4x4"]["pairs"]
    assert [(p["player"], p["opponent"], p["games"]) for p in pairs] == [
        ("level-3", "random", 2), ("level-2", "greedy", 2)]
    for p in pairs:  # one game in each seat, adding up to the whole
        assert p["first"][1] == p["second"][1] == 1
        assert p["first"][0] + p["second"][0] == p["score"]
    assert report["all"]["ratings"]["random"] == {"elo": 0, "error": 0}
    assert set(report["all"]["ratings"]) == {"random", "level-3", "level-2", "greedy"}
    for p in pairs:  # each pairing's difference with its interval, or a bound for a sweep
        assert p["elo_low"] is not None or p["elo_high"] is not None
    assert len(report["games"]) == 4
    assert set(report["speed"]) == {"6x9", "8x8", "16x16"}
    for figures in report["speed"].values():  # how fast depends on the machine: only that
        assert figures["nodes_per_s"] > 0  # it was measured
        assert figures["longest_think_s"] > 0


def test_ai_tournament_table(capsys):
    assert main(["bench", "ai", "--players", "level-1,random", "--sizes", "3x3", "--games", "2",
                 "--seconds", "0.01", "--no-speed"]) == 0
    out = capsys.readouterr().out
    assert "level-1    random" in out
    assert "moving 1st moving 2nd" in out
    assert "Ratings (random = 0), all sizes, with 95 % intervals" in out
    assert "Elo difference [95 %]" in out


def test_ai_tournament_on_a_node_budget_repeats_exactly(capsys):
    argv = ["bench", "ai", "--pairs", "level-5:classic-2", "--sizes", "4x5", "--games", "2",
            "--nodes", "3000", "--no-speed", "--json"]
    def played() -> list[tuple]:
        assert main(argv) == 0
        rows = json.loads(capsys.readouterr().out)["4x5"]["pairs"]
        return [(row["score"], row["first"], row["second"]) for row in rows]

    assert played() == played(), "the same moves: the same results, whatever the clock"
    assert main(["bench", "ai", "--pairs", "level-5:classic-2", "--sizes", "4x5", "--games", "2",
                 "--nodes", "3000", "--no-speed"]) == 0
    assert "3,000 steps per move, the strongest level on 1 thread" in capsys.readouterr().out


def test_a_pis_budget_is_four_threads_of_a_cores_steps(capsys):
    assert main(["bench", "ai", "--pairs", "level-5:random", "--sizes", "3x3", "--games", "2",
                 "--pi", "--no-speed", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["budget"] == {
        "nodes": 2_000_000, "seconds": None, "threads": 4}
    assert main(["bench", "ai", "--game", "cascades", "--sizes", "4", "--pairs",
                 "level-5:flat-mc", "--games", "2", "--pi", "--threads", "2", "--no-speed",
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["budget"] == {
        "nodes": 4_000, "seconds": None, "threads": 2}


def test_the_sprt_stops_a_pairing_once_it_is_decided(capsys):
    assert main(["bench", "ai", "--pairs", "level-3:level-1", "--sizes", "4x4", "--games",
                 "40", "--nodes", "500", "--sprt", "0,100", "--no-speed", "--json"]) == 0
    [row] = json.loads(capsys.readouterr().out)["4x4"]["pairs"]
    assert row["sprt"] == "elo1"
    assert row["games"] < 40
    assert row["games"] % 2 == 0


def test_ai_against_the_published_bot_by_seat(capsys):
    assert main(["bench", "ai", "--published", "--sizes", "3x3", "--games", "2", "--nodes",
                 "2000", "--no-speed", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["published"]
    assert [(row["opponent"], row["depth"], row["goal"]) for row in rows] == \
        [("classic-4", 2, 0.95), ("classic-6", 3, 0.9)]
    for row in rows:
        assert row["white"][1] == row["black"][1] == 1
        assert row["white"][0] + row["black"][0] == row["score"][0]
        shares = [row["score"][0] / 2, row["white"][0], row["black"][0]]
        assert row["met"] == all(share >= row["goal"] for share in shares)
    assert main(["bench", "ai", "--published", "--sizes", "3x3", "--games", "2", "--nodes",
                 "2000", "--no-speed"]) == 0
    out = capsys.readouterr().out
    assert "Against the published Chain Reaction bot (depth D: 2D plies)" in out
    assert "depth 3 (classic-6)" in out


@pytest.mark.parametrize("game", ["cascades", "big-balls", "colliding-circles"])
def test_every_two_player_game_meets_flat_monte_carlo_at_equal_steps(game, capsys):
    sizes = ["--sizes", "4"] if game == "cascades" else []
    assert main(["bench", "ai", "--game", game, "--pairs", "level-5:flat-mc", *sizes, "--games",
                 "2", "--nodes", "10", "--no-speed", "--json"]) == 0
    [row] = json.loads(capsys.readouterr().out)["4" if sizes else "standard"]["pairs"]
    assert (row["opponent"], row["games"]) == ("flat-mc", 2)
    assert (row["first"][1], row["second"][1]) == (1, 1)


@pytest.mark.parametrize(("argv", "message"), [
    (["--game", "cascades", "--pairs", "level-5:greedy"], "no player 'greedy'"),
    (["--pairs", "level-9:random"], "level 9 does not exist"),
    (["--pairs", "deep-blue:random"], "no player 'deep-blue'"),
    (["--pairs", "level-1"], "--pairs takes A:B pairings"),
    (["--games", "0"], "--games, --jobs and --nodes must be at least 1"),
    (["--nodes", "0"], "--games, --jobs and --nodes must be at least 1"),
    (["--sizes", "1x1"], "must be 2 to 16"),
    (["--published", "--pairs", "level-1:random"], "--published is Kaskade's"),
    (["--published", "--game", "cascades"], "--published is Kaskade's"),
    (["--pi", "--nodes", "5"], "--pi sets the nodes itself"),
    (["--threads", "0"], "--threads must be 1 to 64"),
    (["--sprt", "200"], "--sprt takes two Elo differences"),
    (["--sprt", "200,100"], "ELO0 must be below ELO1"),
])
def test_ai_tournament_options_are_checked(capsys, argv, message):
    assert main(["bench", "ai", "--no-speed", *argv]) == 2
    assert message in capsys.readouterr().err


def test_link_latency_and_decoding(capsys):
    assert main(["bench", "link", "--taps", "3", "--seconds", "0.05", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["profile"] == "kaskade-8x8"
    assert figures["scans_median"] == 3  # the firmware confirms a touch over three scans
    assert 0 < figures["finger_to_app_ms_median"] <= figures["finger_to_app_ms_max"]
    assert figures["decode_lines_per_s"] > 1000


def test_link_table(capsys):
    assert main(["bench", "link", "--taps", "2", "--seconds", "0.05"]) == 0
    out = capsys.readouterr().out
    assert "finger to the app's event, in ms" in out
    assert "lines/s" in out


@pytest.mark.micropython
def test_firmware_ram_from_source_and_compiled(capsys):
    needs_interpreter()
    assert main(["bench", "firmware", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    source, compiled = data["source"], data["compiled"]
    assert list(source["modules"]) == list(compiled["modules"])
    assert "firmware.board" in compiled["modules"]
    assert 0 < compiled["total_bytes"] < source["total_bytes"], "compiled code takes less"
    assert sum(m["bytes"] for m in compiled["modules"].values()) <= compiled["total_bytes"]
    folded = {name for path in FIRMWARE.rglob("*.py")
              for name in re.findall(r"^(_\w+) = const\(", path.read_text(), re.MULTILINE)}
    assert "_REG_ECR" in folded
    kept = {name for module in compiled["modules"].values() for name in module["globals"]}
    assert not folded & kept, "private constants are folded away, not kept as globals"
    assert main(["bench", "firmware"]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0] == "Touch firmware on MicroPython: heap kept after import, in bytes"
    assert table[-1].split()[0] == "all"


def test_web_figures_have_the_documented_shape(capsys):
    assert main(["bench", "web", "--profile", "kaskade-mini", "--taps", "3", "--seconds", "0.3",
                 "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert set(figures) == {"profile", "taps", "touch_to_picture_median_ms",
                            "touch_to_picture_worst_ms", "cpu_without_page", "cpu_with_page"}
    assert 0 < figures["touch_to_picture_median_ms"] <= figures["touch_to_picture_worst_ms"]
    assert figures["cpu_with_page"] >= 0


def test_web_load_figures_have_the_documented_shape(capsys):
    assert main(["bench", "web-load", "--seconds", "1.5", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert set(figures) == {"seconds", "guesses_checked_per_second", "guesses_told_to_wait",
                            "replayed_plies", "loop_latency_quiet_ms",
                            "loop_latency_replaying_ms", "replays_answered",
                            "replays_told_to_wait"}
    assert 0 < figures["guesses_checked_per_second"] * 1.5 <= 2, "the first, then 1 s apart"
    assert figures["guesses_told_to_wait"] > 0
    assert figures["replayed_plies"] >= 130
    assert figures["replays_answered"] > 0
    assert set(figures["loop_latency_replaying_ms"]) == {"median", "p95", "worst"}


def test_solver_bench_counts_every_deal_of_every_version(capsys):
    assert main(["bench", "solver", "--deals", "3", "--seconds", "1", "--jobs", "2",
                 "--versions", "standard,ace-3,extended-unlimited", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert list(report) == ["standard", "ace-3", "extended-unlimited"]
    for row in report.values():
        assert row["winnable"] + row["lost"] + row["unknown"] == row["deals"] == 3
    assert main(["bench", "solver", "--deals", "2", "--seconds", "1",
                 "--versions", "standard"]) == 0
    assert "decided %" in capsys.readouterr().out


@pytest.mark.parametrize(("argv", "message"), [
    (["--versions", "klondike"], "no version klondike"),
    (["--jobs", "0"], "--deals and --jobs must be at least 1"),
])
def test_solver_bench_options_are_checked(capsys, argv, message):
    assert main(["bench", "solver", *argv]) == 2
    assert message in capsys.readouterr().err


def test_card_figures_have_the_documented_shape(capsys):
    assert main(["bench", "card", "--fsync-ms", "50", "--moves", "2", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert set(figures) == {"fsync_ms", "moves", "move_to_leds_median_ms",
                            "move_to_leds_worst_ms", "loop_call_median_ms", "loop_call_worst_ms",
                            "move_to_page_median_ms", "move_to_page_worst_ms"}
    assert figures["moves"] == 2
    assert figures["move_to_page_median_ms"] >= 50, "the page waits for the save"
    assert main(["bench", "card", "--fsync-ms", "0", "--moves", "1"]) == 0
    assert "a move to its frame on the LEDs" in capsys.readouterr().out
    assert main(["bench", "card", "--moves", "40"]) == 2
    assert "--moves: give 1 to 36" in capsys.readouterr().err


@pytest.mark.parametrize(("arguments", "message"), [
    (["--profile", "kaskade-8x8"], "--profile and --keep-flash go with --silicon"),
    (["--keep-flash", "flashes"], "--profile and --keep-flash go with --silicon"),
    (["--silicon", "--touches", "0"], "--touches must be at least 1"),
])
def test_firmware_options_that_do_not_go_together_are_refused(capsys, arguments, message):
    assert main(["bench", "firmware", *arguments]) == 2
    assert message in capsys.readouterr().err


def test_a_flash_folder_that_cannot_be_one_is_refused_before_any_pico_starts(capsys, tmp_path):
    taken = tmp_path / "a-file"
    taken.write_text("not a folder", encoding="utf-8")
    assert main(["bench", "firmware", "--silicon", "--keep-flash", str(taken)]) == 2
    assert f"--keep-flash: cannot keep flashes in {taken}" in capsys.readouterr().err
    assert taken.read_text(encoding="utf-8") == "not a folder"


def test_parallel_compares_one_thread_with_several_at_the_same_depths(capsys):
    assert main(["bench", "parallel", "--sizes", "4x4", "--seconds", "0.05", "--threads", "2",
                 "--json"]) == 0
    row = json.loads(capsys.readouterr().out)["4x4"]
    assert row["threads"] == 2
    assert len(row["depths"]) == 4
    assert row["one_thread_nodes"] > 0
    assert row["threads_nodes"] > 0
    assert row["speedup"] == pytest.approx(row["one_thread_s"] / row["threads_s"], rel=0.05)
    assert main(["bench", "parallel", "--threads", "1"]) == 2
    assert "--threads must be 2 to 64" in capsys.readouterr().err


def test_record_keeps_every_game_as_it_ends(tmp_path, capsys):
    record = tmp_path / "games.jsonl"
    record.write_text('{"kept": true}\n')
    assert main(["bench", "ai", "--pairs", "level-2:random", "--sizes", "3x3", "--games", "2",
                 "--nodes", "100", "--no-speed", "--record", str(record)]) == 0
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    assert lines[0] == {"kept": True}  # appended to, never overwritten
    assert [game["players"] for game in lines[1:]] == [["level-2", "random"],
                                                       ["random", "level-2"]]
    assert all(game["size"] == "3x3" and game["plies"] > 0 for game in lines[1:])
    capsys.readouterr()
    for game in lines[1:]:
        assert len(game["moves"]) == game["plies"]
        assert main(["replay", "kaskade", "--size", "3x3", "--moves", " ".join(game["moves"]),
                     "--json"]) == 0
        replayed = json.loads(capsys.readouterr().out)
        assert replayed["plies"] == game["plies"]
        assert replayed["winner"] == ["white", "black"][game["winner"]]
    assert main(["bench", "ai", "--record", str(tmp_path / "no" / "such"), "--no-speed"]) == 2
    assert "--record: cannot write" in capsys.readouterr().err
