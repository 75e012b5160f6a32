"""``kaskade replay big-balls`` with the original text's notation: a record file written the
inventors' way replays, ``--moves`` reads it, and ``--record --notation original`` writes it."""

from __future__ import annotations

import json

from controller.cli import main

ORIGINAL = """\
[Game "big-balls"]
[First "black"]
[Black "Ann"]
[White "Ben"]

1. 465312 245613 BB b5-b4 2 e1-d2 2. 4 a1xa2 BB b4-b3
"""


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_a_record_file_in_the_original_notation_replays(capsys, tmp_path):
    path = tmp_path / "original.record"
    path.write_text(ORIGINAL, encoding="utf-8")
    status, out, err = run(capsys, "replay", str(path), "--json")
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert data["plies"] == 10
    assert "b3" in data["balls"]
    assert data["stones"]["black"]["4"] == "a2"
    assert data["stones"]["white"]["2"] == "d2"


def test_the_record_is_tidied_into_the_games_notation_or_kept_in_the_originals(capsys,
                                                                               tmp_path):
    path = tmp_path / "original.record"
    path.write_text(ORIGINAL, encoding="utf-8")
    status, out, _ = run(capsys, "replay", str(path), "--record")
    assert status == 0
    assert "1. 465312 245613 BB:b5-b4 throw 2 e1-d2 2. throw 4 a1xa2 BB:b4-b3" in out
    status, out, _ = run(capsys, "replay", str(path), "--record", "--notation", "original")
    assert status == 0
    assert out.endswith("\n1. 465312 245613 BB b5-b4 2 e1-d2 2. 4 a1xa2 BB b4-b3\n")
    assert '[Black "Ann"]' in out
    again = tmp_path / "again.record"
    again.write_text(out, encoding="utf-8")
    assert run(capsys, "replay", str(again), "--json")[1] == \
        run(capsys, "replay", str(path), "--json")[1]


def test_moves_in_the_original_notation(capsys):
    status, out, err = run(capsys, "replay", "big-balls", "--moves",
                           "123564 245613 4 a3-a4 BB b5-b4", "--json")
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert data["stones"]["black"]["4"] == "a4"
    assert "b4" in data["balls"]


def test_a_die_number_names_the_stone_that_must_step(capsys):
    status, out, err = run(capsys, "replay", "big-balls", "--moves", "123564 245613 4 e2-d3")
    assert status == 2
    assert out == ""
    assert "move 5 'e2-d3' is illegal: the die shows 4: move Black's stone 4" in err


def test_notation_goes_with_record(capsys):
    status, out, err = run(capsys, "replay", "big-balls", "--moves", "123564",
                           "--notation", "original")
    assert (status, out) == (2, "")
    assert "--notation original is how --record writes the moves" in err


def test_a_game_without_another_notation_says_so(capsys):
    status, out, err = run(capsys, "replay", "kaskade", "--size", "3x3", "--moves", "b2",
                           "--record", "--notation", "original")
    assert (status, out) == (2, "")
    assert "Kaskade has one notation" in err


def test_the_help_example_writes_the_originals_way(capsys):
    status, out, _ = run(capsys, "replay", "big-balls", "--moves", "123564 245613 4 a3-a4",
                         "--record", "--notation", "original")
    assert status == 0
    assert out.endswith("\n1. 123564 245613 4 a3-a4\n")
