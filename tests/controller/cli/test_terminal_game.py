"""``kaskade play --terminal``: whole games typed at the prompt, saving and resuming, and the
drawing (colours, animation) checked from what reaches the terminal."""

from __future__ import annotations

import builtins
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from controller.app.autosave import Autosave
from controller.app.session import Session
from controller.cli import build_parser, main
from controller.cli.terminal_game import Console, TerminalGame
from controller.games import get_game
from controller.games.kaskade import KaskadeState
from controller.games.record import parse_record

ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


@pytest.fixture(autouse=True)
def state(tmp_path, monkeypatch) -> Path:
    """The state directory (where finished games go into the history): the test's own."""
    path = tmp_path / "state"
    monkeypatch.setenv("KASKADE_STATE_DIR", str(path))
    return path


class Script:
    """A console that types ``lines`` and keeps everything written."""

    def __init__(self, lines: list[str], colour: bool = False, animate: bool = False) -> None:
        self.lines = list(lines)
        self.out: list[str] = []
        self.prompts: list[str] = []
        self.sleeps: list[float] = []
        self.console = Console(write=self.out.append, read=self.read, colour=colour,
                               animate=animate, sleep=self.sleeps.append)

    def read(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)

    @property
    def text(self) -> str:
        return "\n".join(self.out)


def session(start: KaskadeState, moves: list[str], tags: dict[str, str],
            path: Path | None) -> Session[KaskadeState]:
    return Session(start, moves, tags, None if path is None else Autosave(path))


def play(lines, size=(2, 2), **kwargs) -> tuple[Script, TerminalGame]:
    script = Script(lines, **{k: kwargs.pop(k) for k in ("colour", "animate") if k in kwargs})
    game = TerminalGame(session(KaskadeState(*size), kwargs.pop("moves", []),
                                kwargs.pop("tags", {}), kwargs.pop("record_path", None)),
                        script.console)
    assert game.run() == 0
    return script, game


def test_two_players_play_a_game_to_the_end():
    script, game = play(["a1", "b2", "a2", "b1", "a1"], tags={"White": "Ann"})
    assert game.state.outcome().winner == 0
    assert "Ann (White) wins! (Black has no cells left)" in script.text
    assert "Cascade: 2 generations, 2 cells captured." in script.text
    assert script.prompts[:2] == ["Ann (White)> ", "Black> "]
    assert script.prompts[-1] == "game over> "
    assert ANSI.search(script.text) is None, "no colour codes unless asked"


def test_an_illegal_move_is_explained_and_changes_nothing():
    script, game = play(["a1", "a1", "zz", "b2"])
    assert "a1: a1 holds White's balls. Type 'help' for how to play." in script.text
    assert "zz: not a cell of this 2x2 board (cells are a1 to b2)" in script.text
    assert game.session.moves == ["a1", "b2"]


def test_moves_are_recorded_in_their_proper_notation():
    _, game = play(["A1", " b2 "])
    assert game.session.moves == ["a1", "b2"]


def test_undo_takes_back_moves_one_at_a_time_even_after_the_end():
    script, game = play(["a1", "b2", "a2", "b1", "a1", "undo", "u", "undo", "undo", "undo",
                         "undo"])
    assert game.state.plies == 0
    assert "Took back a1." in script.text
    assert "There is no move to undo." in script.text


def test_no_moves_after_the_game_is_over():
    script, game = play(["a1", "b2", "a2", "b1", "a1", "b2"])
    assert "The game is over: 'undo' to take back the last move, 'quit' to leave." in script.out
    assert game.state.plies == 5


def test_help_explains_the_rules_and_the_commands():
    script, _ = play(["help"])
    assert "corner 2, edge 3, inside 4" in script.text
    assert "undo" in script.text


def test_moves_lists_the_moves_so_far_with_who_made_them():
    script, _ = play(["a1", "b2", "moves"], tags={"White": "Ann"})
    assert "  1. a1  (Ann (White))\n  2. b2  (Black)\n" in script.text
    assert "'save FILE' writes the whole game as a record." in script.text


def test_save_writes_a_record_that_replays(tmp_path):
    path = tmp_path / "snapshot.record"
    script, _ = play(["a1", "b2", f"save {path}", "save"])
    assert f"Saved to {path}." in script.text
    assert "Say where: save FILE" in script.text
    assert parse_record(path.read_text()).moves == ["a1", "b2"]


def test_save_to_an_impossible_place_says_so_and_the_game_goes_on(tmp_path):
    script, game = play(["a1", f"save {tmp_path}/missing/dir/x.record", "b2"])
    assert "Not saved:" in script.text
    assert game.session.moves == ["a1", "b2"]


def test_every_move_is_saved_at_once_and_the_game_resumes_after_a_cut(tmp_path):
    path = tmp_path / "game.record"
    # The "power cut": input simply ends after three moves.
    play(["a1", "b2", "a2"], record_path=path, tags={"White": "Ann", "Black": "Ben"})
    record = parse_record(path.read_text())
    assert record.moves == ["a1", "b2", "a2"]
    assert record.tag("Result") == "*"
    status = run_main(["play", "--terminal", "--record", str(path), "--colour", "never"],
                      ["b1", "a1", "quit"])
    assert status == 0
    record = parse_record(path.read_text())
    assert record.moves == ["a1", "b2", "a2", "b1", "a1"]
    assert record.tag("Result") == "white"
    assert record.tag("White") == "Ann"


def test_undo_is_saved_too(tmp_path):
    path = tmp_path / "game.record"
    play(["a1", "b2", "undo"], record_path=path)
    assert parse_record(path.read_text()).moves == ["a1"]


def test_resigning_ends_the_game_and_records_the_result(tmp_path):
    path = tmp_path / "game.record"
    script, _ = play(["a1", "resign"], record_path=path)
    assert "Black resigns. White wins." in script.text
    record = parse_record(path.read_text())
    assert record.tag("Result") == "white"
    assert record.tag("Termination") == "Black resigned"


def test_a_resigned_game_continued_stays_over(tmp_path):
    path = tmp_path / "game.record"
    play(["a1", "resign"], record_path=path)
    status = run_main(["play", "--terminal", "--record", str(path), "--colour", "never"],
                      ["undo", "b2", "quit"])
    assert status == 0
    record = parse_record(path.read_text())
    assert record.moves == ["a1"]
    assert record.tag("Termination") == "Black resigned"


def test_colour_marks_owners_charged_cells_and_the_last_move():
    script, _ = play(["a1"], size=(3, 3), colour=True)
    board = next(line for line in reversed(script.out) if "underlined" in line)
    assert "\x1b[1;97;4;7mW1\x1b[0m" in board, "White, charged (corner full at 1), last move"
    assert "\x1b[2m.\x1b[0m" in board
    assert "underlined: one ball from overflowing" in board


def test_a_cascade_is_animated_generation_by_generation():
    script, _ = play(["a1", "b2", "a2", "b1", "a1"], colour=True, animate=True)
    frames = [line for line in script.out if "overflows …" in line]
    assert len(frames) == 3, "the placement and both generations"
    assert frames[-1].startswith("a1 overflows … generation 2")
    assert len(script.sleeps) == 3
    assert all(0 < s <= 0.3 for s in script.sleeps)
    assert "\x1b[" in "".join(script.out)


def test_long_cascades_are_animated_faster():
    moves = "a1 a2 b1 a2 b1 c2 c1 c2 b2 a3 b2 b3 b2 b3 c3 a3".split()
    script, _ = play(moves, size=(3, 3), colour=True, animate=True)
    assert len(script.sleeps) == 5
    assert sum(script.sleeps) <= 3.0


def run_main(argv: list[str], lines: list[str]) -> int:
    answers = iter(lines)

    def fake_input(prompt: str = "") -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    original = builtins.input
    builtins.input = fake_input
    try:
        return main(argv)
    finally:
        builtins.input = original


def test_the_record_file_must_hold_a_kaskade_game_of_the_asked_size(tmp_path, capsys):
    path = tmp_path / "game.record"
    path.write_text('[Game "kaskade"]\n[Size "3x3"]\n\na1\n')
    assert run_main(["play", "--terminal", "--record", str(path), "--size", "4x4"], []) == 2
    assert "holds a Kaskade 3x3 game; leave out --size 4x4 to continue it" in \
        capsys.readouterr().err
    path.write_text('[Game "kaskade"]\n[Size "3x3"]\n\na1 a1\n')
    assert run_main(["play", "--terminal", "--record", str(path)], []) == 2
    assert "move 2 'a1' is illegal" in capsys.readouterr().err


def test_the_installed_command_plays_a_game_on_a_pipe(tmp_path):
    path = tmp_path / "game.record"
    kaskade = Path(sys.executable).parent / "kaskade"
    state = ["--state-dir", str(tmp_path / "state")]
    subprocess.run([str(kaskade), "players", "add", "Ann", *state], check=True,
                   capture_output=True, timeout=60)
    result = subprocess.run(
        [str(kaskade), "play", "--terminal", "--size", "2x2", "--record", str(path),
         "--white", "ann", *state],
        input="a1\nb2\na2\nb1\na1\nquit\n", capture_output=True, text=True, timeout=60,
        env={**os.environ, "FORCE_COLOR": ""}, check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "Ann (White) wins!" in result.stdout
    assert ANSI.search(result.stdout) is None
    assert parse_record(path.read_text()).tag("Result") == "white"


@pytest.mark.parametrize("argv", [["--help"], ["play", "--help"], ["replay", "--help"],
                                  ["bench", "engine", "--help"]])
def test_help_is_there_for_every_command(argv, capsys):
    with pytest.raises(SystemExit) as caught:
        main(argv)
    assert caught.value.code == 0
    assert "usage: kaskade" in capsys.readouterr().out


def test_leaving_says_where_the_game_is_kept_and_how_to_continue(tmp_path):
    path = tmp_path / "game.record"
    script, _ = play(["a1", "quit"], record_path=path)
    assert script.out[-2:] == [f"The game is saved in {path}.",
                               f"Continue it with: kaskade play --terminal --record {path}"]
    script, _ = play(["a1", "quit"])
    assert "This game was not saved" in script.out[-1]


def test_ctrl_c_at_the_prompt_leaves_with_status_130_and_the_game_saved(tmp_path):
    path = tmp_path / "game.record"
    script = Script([])

    def interrupted(prompt: str) -> str:
        if not script.prompts:
            script.prompts.append(prompt)
            return "a1"
        raise KeyboardInterrupt

    script.console.read = interrupted
    game = TerminalGame(session(KaskadeState(3, 3), [], {}, path), script.console)
    assert game.run() == 130
    assert parse_record(path.read_text()).moves == ["a1"]


def test_the_text_game_options_need_terminal(capsys):
    assert main(["play", "--size", "8x8"]) == 2
    assert "--size goes with --terminal (the text game)" in capsys.readouterr().err


# -- every game, against the computer --------------------------------------------------------

GAME_NAMES = ["kaskade", "cascades", "big-balls", "colliding-circles", "cascades-decktet"]


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_game_is_played_to_the_end_against_the_computer_from_a_script(name):
    start = get_game(name).new({"size": "4x4"} if name == "kaskade" else {})
    seats = {} if len(start.info.players) == 1 else \
        {start.player_title(1): "computer 1"}
    session = Session(start, [], {"Id": f"script-{name}", **seats}, None)
    rng = random.Random(7)
    holder: list[TerminalGame] = []

    def typed(prompt: str) -> str:
        """A player who types a legal move, now and then a command."""
        game = holder[0]
        if game.session.finished:
            raise EOFError
        if rng.random() < 0.05:
            return rng.choice(["legal", "moves"])
        legal = game.state.legal_moves()
        return game.state.move_name(legal[int(rng.random() * len(legal))])

    out: list[str] = []
    game = TerminalGame(session, Console(write=out.append, read=typed), think_seconds=0.01)
    holder.append(game)
    assert game.run() == 0
    assert game.session.finished, f"{name} was played to its end"
    text = "\n".join(out)
    assert "wins!" in text or "Draw." in text or "Lost." in text or "Won!" in text
    if seats:
        assert "Level 1 (" in text, "the computer played its seat"
    if name in ("big-balls", "colliding-circles", "cascades-decktet"):
        assert "Chance: " in text, "dice and shuffles were drawn"


def test_the_continue_hint_is_a_command_that_works(tmp_path):
    path = tmp_path / "game.record"
    script, _ = play(["a1", "quit"], size=(3, 3), record_path=path)
    hint = script.out[-1].removeprefix("Continue it with: ")
    argv = hint.split()[1:]  # without "kaskade"
    assert run_main([*argv, "--colour", "never"], ["b2", "quit"]) == 0
    assert parse_record(path.read_text()).moves == ["a1", "b2"]


def test_the_computer_takes_the_seat_it_is_given_on_the_command_line(tmp_path):
    path = tmp_path / "game.record"
    status = run_main(["play", "--terminal", "--game", "cascades", "-o", "size=3",
                       "--black", "computer:2", "--think", "0.01", "--record", str(path),
                       "--colour", "never"], ["legal", "quit"])
    assert status == 0
    record = parse_record(path.read_text())
    assert record.game == "cascades"
    assert record.tag("Black") == "computer 2"


@pytest.mark.parametrize("who", ["computer:9", "computer:x"])
def test_a_computer_level_out_of_range_is_refused(who, capsys):
    assert run_main(["play", "--terminal", "--white", who], []) == 2
    assert "the computer's levels are 1 to 5" in capsys.readouterr().err


def test_a_record_of_another_game_is_refused_by_name(tmp_path, capsys):
    path = tmp_path / "game.record"
    path.write_text('[Game "kaskade"]\n[Size "3x3"]\n\na1\n')
    assert run_main(["play", "--terminal", "--record", str(path), "--game", "big-balls"],
                    []) == 2
    assert "holds a game of kaskade, not big-balls" in capsys.readouterr().err


def test_who_plays_is_asked_at_a_terminal():
    from controller.cli import play as play_command

    answers = iter(["Ann", "3"])
    args = build_parser().parse_args(["play", "--terminal", "--size", "3x3"])
    session = play_command._setup(args, lambda prompt: next(answers), lambda name: name)
    assert session.tags["White"] == "Ann"
    assert session.computer_level(1) == 3


def test_two_computers_play_a_whole_game_on_a_pipe():
    kaskade = Path(sys.executable).parent / "kaskade"
    result = subprocess.run(
        [str(kaskade), "play", "--terminal", "--game", "big-balls", "--white", "computer:1",
         "--black", "computer:1", "--think", "0.01"],
        input="", capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    assert "wins!" in result.stdout or "Draw." in result.stdout
