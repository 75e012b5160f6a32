"""``kaskade play --terminal`` for every game: the help names files that exist and explains the
moves (the solitaire's ``penitent:bottom`` and ``3LY:b``), Cascades is drawn with the letters
``legal`` names its cells by, every game is drawn in colour when colour is wanted (and never
when not), ``hint`` gives the computer's move (the solitaire's solver verdict too), and a
finished game reaches ``kaskade history``."""

from __future__ import annotations

import builtins
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from controller.app.history import History
from controller.app.session import Session
from controller.cli import main
from controller.cli.terminal_game import Console, TerminalGame
from controller.faces.face import face
from controller.games import CHANCE, get_game
from controller.games.cascades_decktet.cards import CARDS
from controller.games.cascades_decktet.moves import Play
from controller.games.kaskade import KaskadeState
from controller.games.registry import game_names

ROOT = Path(__file__).resolve().parents[3]
ANSI = re.compile(r"\x1b\[[0-9;]*m")
KASKADE = str(Path(sys.executable).parent / "kaskade")


@pytest.fixture(autouse=True)
def state(tmp_path, monkeypatch) -> Path:
    path = tmp_path / "state"
    monkeypatch.setenv("KASKADE_STATE_DIR", str(path))
    return path


def dealt(name: str, seed: int = 3, plies: int = 0):
    """A new game of ``name`` with its chance steps (deal, dice) and ``plies`` random moves
    played."""
    rng = random.Random(seed)
    state = get_game(name).new({"size": "4x4"} if name == "kaskade" else {})
    while not state.is_over() and (state.to_move == CHANCE or plies > 0):
        if state.to_move == CHANCE:
            state.play(state.sample_chance(rng))
        else:
            moves = state.legal_moves()
            state.play(moves[rng.randrange(len(moves))])
            plies -= 1
    return state


def typed(state, lines: list[str], colour: bool = False, seats=None, **kwargs):
    """Play ``lines`` on ``state``; what was written, and the game."""
    out: list[str] = []
    queue = list(lines)

    def read(prompt: str) -> str:
        if not queue:
            raise EOFError
        return queue.pop(0)

    session = Session(state.copy(), [], {"Id": "text-test", **(seats or {})}, None)
    game = TerminalGame(session, Console(write=out.append, read=read, colour=colour),
                        think_seconds=0.5, **kwargs)
    assert game.run() == 0
    return "\n".join(out), game


@pytest.mark.parametrize("name", game_names())
def test_the_help_says_how_to_win_and_how_to_write_moves(name):
    """From the game's face, in full, and with no pointer to a file that an installed program
    does not have."""
    text, _ = typed(dealt(name), ["help"])
    how = face(name).how_to_play
    assert f"How to win: {how.goal}" in text
    assert f"How to write moves: {how.moves}" in text
    assert not re.findall(r"\b(?:docs|wiring|controller)/", text)


def test_the_solitaires_help_explains_card_names_and_codes():
    text, _ = typed(dealt("cascades-decktet"), ["help"])
    for words in ("penitent:bottom", "3LY", "t, m, b", "M Moons", "'draw'", "'turn'"):
        assert words in text


def test_a_card_may_be_typed_by_its_code_and_a_tier_by_its_letter():
    state = dealt("cascades-decktet", plies=1)
    play = next(m for m in state.legal_moves() if isinstance(m, Play))
    tier = state.move_name(play).split(":")[1][0]
    text, game = typed(state, [f"{CARDS[play.card].code}:{tier}"])
    assert game.session.moves == [state.move_name(play)], text


def test_the_solitaires_deal_keeps_the_face_down_cards_hidden():
    """The shuffled deck's order is the one thing the player must not read: not when chance
    deals, not in the last-move line, not in the list of moves. The record keeps it."""
    text, game = typed(get_game("cascades-decktet").new({}), ["draw", "moves", "quit"])
    assert "Chance: the deck is shuffled and dealt." in text
    assert "last move deal" in text
    assert "1. the deck is shuffled and dealt" in text
    assert "deal:" not in text
    deck = game.state.move_name(game.state.moves[0]).removeprefix("deal:")
    assert deck.split(".")[0] in game.state.diagram() or deck[:20] not in text
    assert ".".join(deck.split(".")[:3]) not in text, "no run of the deck's order is shown"
    assert "deal:" in game.session.record(), "the record replays the game"


def test_dice_are_listed_in_words_and_marked_as_chance():
    text, _ = typed(get_game("big-balls").new({}), ["throw", "moves", "quit"])
    assert "1. Black's stones are set out\n" in text
    assert "3. throw  (Black)" in text
    assert "4. the die shows " in text


def test_cascades_is_drawn_with_the_letters_legal_names_its_cells_by():
    state = dealt("cascades", seed=11, plies=3)
    text, _ = typed(state, ["legal"])
    rows = {}
    for line in text.splitlines():
        match = re.fullmatch(r"\s*(\d+) +((?:\S )*\S)", line)
        if match:
            rows[int(match.group(1))] = match.group(2).split(" ")
    listed = re.search(r"^\d+ moves?: (.*)$", text, re.MULTILINE)
    assert listed, text
    cells = [name for name in listed.group(1).split() if name not in ("pass", "end")]
    assert cells, "some cells are legal"
    for cell in cells:
        letter, row = cell[0], int(cell[1:])
        assert rows[row][ord(letter) - ord("a")] == letter, f"{cell} is shown by its letter"


@pytest.mark.parametrize("name", game_names())
def test_every_game_is_drawn_in_colour_when_colour_is_wanted(name):
    coloured, _ = typed(dealt(name, plies=4), [], colour=True)
    plain, _ = typed(dealt(name, plies=4), [], colour=False)
    assert ANSI.search(coloured), f"{name} in colour"
    assert not ANSI.search(plain), f"{name} plain"
    drawn = ANSI.sub("", coloured).splitlines()
    assert all(line in drawn for line in plain.splitlines()), "the same drawing, coloured"


@pytest.mark.parametrize(("env", "coloured"), [({"FORCE_COLOR": "1"}, True),
                                               ({"FORCE_COLOR": "1", "NO_COLOR": "1"}, False),
                                               ({}, False)])
def test_the_command_colours_by_the_environment_and_never_a_pipe_unless_forced(env, coloured):
    clean = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "NO_COLOR")}
    result = subprocess.run([KASKADE, "play", "--terminal", "--game", "big-balls"],
                            input="quit\n", capture_output=True, text=True, timeout=60,
                            env={**clean, **env}, check=False)
    assert result.returncode == 0, result.stderr
    assert bool(ANSI.search(result.stdout)) == coloured


@pytest.mark.parametrize("name", ["kaskade", "cascades", "big-balls", "colliding-circles"])
def test_hint_names_a_legal_move_of_the_computers_choice(name):
    state = dealt(name, plies=2)
    text, game = typed(state, ["hint"])
    hint = re.search(r"Hint: (\S+) \(the computer at level 5 would play it\)", text)
    assert hint, text
    assert hint.group(1) in [state.move_name(m) for m in state.legal_moves()]
    assert game.session.moves == [], "a hint plays nothing"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_solitaires_hint_says_the_solvers_verdict_and_its_move(seed):
    state = dealt("cascades-decktet", seed=seed, plies=3)
    text, _ = typed(state, ["hint"])
    hint = re.search(r"Hint: (winnable|lost|unknown) — .*?(\S+:(?:top|middle|bottom)|draw|turn)",
                     text)
    assert hint, text
    assert hint.group(2) in [state.move_name(m) for m in state.legal_moves()]


def test_no_hint_once_the_game_is_over():
    state = KaskadeState(2, 2)
    for cell in ("a1", "b2", "a2", "b1", "a1"):
        state.play(state.parse_move(cell))
    text, _ = typed(state, ["hint"])
    assert "The game is over: no hint." in text


def test_a_finished_game_reaches_kaskade_history(state, capsys):
    assert main(["players", "add", "Ann"]) == 0
    lines = ["a1", "b2", "a2", "b1", "a1", "quit"]
    answers = iter(lines)
    original = builtins.input
    builtins.input = lambda prompt="": next(answers)
    try:
        assert main(["play", "--terminal", "--size", "2x2", "--white", "Ann",
                     "--black", "computer:1", "--think", "0.01", "--colour", "never"]) == 0
    finally:
        builtins.input = original
    out = capsys.readouterr().out
    assert main(["history", "--json"]) == 0
    [match] = json.loads(capsys.readouterr().out)
    assert f"The game is in the history: kaskade history lists it, kaskade history --show " \
        f"{match['id'][:8]} prints its record." in out
    assert "This game was not saved" not in out, "it is: in the history"
    assert match["game"] == "kaskade"
    assert match["players"] == {"white": "Ann", "black": "computer 1"}
    assert match["result"] in ("white", "black")
    assert match["started"], "when it began"


def test_history_goes_to_the_state_dir_given(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    result = subprocess.run(
        [KASKADE, "play", "--terminal", "--size", "2x2", "--state-dir", str(elsewhere)],
        input="a1\nb2\na2\nb1\na1\nquit\n", capture_output=True, text=True, timeout=60,
        check=False)
    assert result.returncode == 0, result.stderr
    listed = subprocess.run([KASKADE, "history", "--state-dir", str(elsewhere)],
                            capture_output=True, text=True, timeout=60, check=False)
    assert "Kaskade" in listed.stdout, listed.stdout
    assert "White won" in listed.stdout


def test_a_history_that_cannot_be_written_is_said_and_the_game_is_not_lost(tmp_path):
    state = KaskadeState(2, 2)
    unusable = History(tmp_path)  # a folder where the database should be
    text, game = typed(state, ["a1", "b2", "a2", "b1", "a1"], history=unusable)
    assert game.session.finished
    assert "The game was not added to the history: " in text
    assert "This game was not saved; 'save FILE' or --record FILE keeps a game." in text


ENDINGS = {
    "kaskade": ("Take every cell", "once both have played"),
    "cascades": ("majority of the bottom row", "both pass one after the other",
                 "equal counts draw", "top row"),
    "big-balls": ("top of the triangle (a7)", "cannot move loses", "only big balls remain"),
    "colliding-circles": ("Red opens with one die", "printed with its value",
                          "every free field is a hole", "last of their dice",
                          "equal totals draw"),
    "cascades-decktet": ("Three reserve piles", "first card turned up starts the top tier",
                         "three in the standard game", "whole pass that offered no card",
                         "ace version"),
}
"""What each game's rules (``rules/*.md`` and the seed texts) say about how it starts and ends,
which its help must say too."""


@pytest.mark.parametrize("name", sorted(ENDINGS))
def test_each_goal_says_how_its_game_starts_and_ends_as_its_rules_do(name):
    goal = face(name).how_to_play.goal
    missing = [words for words in ENDINGS[name] if words not in goal]
    assert not missing, f"{name}'s goal does not say {missing}"
