"""The GTP engine: GTP 2 framing and every command, as a tournament tool would send them, for
every two-player game."""

from __future__ import annotations

import io

import pytest

from controller import __version__
from controller.ai import gtp
from controller.ai.base import Budget, Player, Thought
from controller.ai.gtp import GtpEngine, GtpError
from controller.ai.kaskade.pacing import SPENDING
from controller.ai.levels import computer


def talk(*commands: str, engine: GtpEngine | None = None) -> list[str]:
    out = io.StringIO()
    (engine or GtpEngine(seconds=0.05)).run([c + "\n" for c in commands], out)
    text = out.getvalue()
    assert text.endswith("\n\n")
    return text[:-2].split("\n\n")


def test_the_framing_echoes_ids_and_ignores_comments_and_blank_lines():
    assert talk("7 protocol_version", "# only a comment", "", "name  # trailing comment",
                "version") == ["=7 2", "= Kaskade Board", f"= {__version__}"]


def test_errors_are_question_marks_with_a_message():
    assert talk("12 no_such_command", "play purple c3", "play white", "boardsize 1x9") == [
        "?12 unknown command",
        "? invalid color 'purple'; use white or black (or their first letters)",
        "? syntax error: play COLOUR MOVE",
        "? unacceptable size (a 1x9 Kaskade board is not possible: the width must be 2 to 16 "
        "cells)",
    ]


def test_known_command_and_list_commands():
    answers = talk("known_command genmove", "known_command fly", "list_commands")
    assert answers[:2] == ["= true", "= false"]
    listed = answers[2][2:].split("\n")
    assert {"protocol_version", "name", "version", "known_command", "list_commands", "quit",
            "boardsize", "clear_board", "play", "genmove", "undo", "showboard",
            "time_settings", "kaskade-level", "kaskade-option", "kaskade-result"} == set(listed)


def test_play_genmove_undo_showboard():
    engine = GtpEngine(seconds=0.05)
    answers = talk("boardsize 3x3", "play w b2", "genmove b", "showboard", "undo", "undo",
                   "undo", engine=engine)
    assert answers[:2] == ["=", "="]
    assert answers[2].startswith("= ")
    assert len(answers[2]) in (4, 5)
    assert "W1" in answers[3]
    assert "B1" in answers[3]
    assert answers[4:] == ["=", "=", "? cannot undo"]


def test_moves_must_be_legal_and_in_turn():
    assert talk("boardsize 3x3", "play black a1", "play white a1", "play black a1",
                "play white d4") == [
        "=",
        "? it is White's turn",
        "=",
        "? illegal move: a1 holds White's balls",
        "? it is Black's turn",
    ]


def test_boardsize_takes_width_x_height_or_one_number():
    engine = GtpEngine()
    talk("boardsize 6x9", engine=engine)
    assert engine.game.grid.size_text == "6x9"
    talk("boardsize 5", engine=engine)
    assert engine.game.grid.size_text == "5x5"
    talk("play w a1", "clear_board", engine=engine)
    assert engine.game.plies == 0


def test_time_settings_and_level():
    engine = GtpEngine()
    assert talk("time_settings 0 3 1", "kaskade-level 2", "kaskade-level six",
                engine=engine) == ["=", "=", "? no level six; the levels are 1 to 5"]
    assert engine.seconds == pytest.approx(2.7)
    assert engine.level == 2
    talk("time_settings 400 0 0", engine=engine)
    assert engine.seconds == pytest.approx(9.0)


class Recording(Player):
    """Plays the first legal move and keeps the budgets it was given."""

    def __init__(self, peak: float) -> None:
        self.peak = peak
        self.budgets: list[Budget] = []

    def think(self, state, budget, rng):
        self.budgets.append(budget)
        return Thought(state.legal_moves()[0])


def test_a_byo_yomi_limit_is_never_passed_by_a_player_that_paces_itself(monkeypatch):
    player = Recording(peak=3.0)
    monkeypatch.setattr(gtp, "computer", lambda game, level, threads=1: player)
    engine = GtpEngine()
    talk("time_settings 0 3 1", "genmove w", "time_settings 400 0 0", "genmove b",
         engine=engine)
    assert [budget.seconds for budget in player.budgets] == [pytest.approx(0.9),
                                                             pytest.approx(9.0)]
    assert computer("kaskade", 5).peak == SPENDING > 1 == computer("kaskade", 4).peak


def test_two_engines_play_a_whole_game_and_then_refuse_to_move():
    engine = GtpEngine(seconds=0.02)
    colour = "w"
    answers = talk("boardsize 3x3", engine=engine)
    while not engine.game.is_over():
        answers = talk(f"genmove {colour}", engine=engine)
        assert answers[0].startswith("= ")
        colour = "b" if colour == "w" else "w"
    assert talk(f"genmove {colour}", engine=engine)[0].startswith("? the game is over")


def test_quit_ends_the_session():
    assert talk("quit", "name") == ["="]


@pytest.mark.parametrize("settings", ["time_settings inf 0 0", "time_settings 0 nan 5",
                                      "time_settings 1e400 0 0"])
def test_endless_clocks_are_refused_and_genmove_still_answers(settings):
    replies = talk("boardsize 3x3", settings, "genmove white",
                   engine=GtpEngine(level=2, seconds=0.05))
    assert replies[1].startswith("? time_settings takes finite numbers from 0")
    assert replies[2].startswith("= ")


def test_a_long_main_time_is_capped_to_a_minute_a_move():
    engine = GtpEngine(level=2, seconds=0.05)
    talk("time_settings 1e9 0 0", engine=engine)
    assert engine.seconds == 60.0




# -- every two-player game -----------------------------------------------------------------------

def test_dice_are_moves_of_the_colour_chance():
    engine = GtpEngine("big-balls", level=1, seed=3)
    answers = talk("genmove black", "play chance 236451", "genmove chance", "play chance x",
                   engine=engine)
    assert answers[0] == ("? chance moves next: send 'play chance OUTCOME' with what the dice "
                          "or the shuffle gave, or 'genmove chance'")
    assert answers[1] == "="
    assert answers[2].startswith("= ")
    assert answers[2][2:].isdigit()
    assert answers[3].startswith("? it is ")
    assert engine.game.plies == 2


def test_a_turn_of_several_moves_is_several_commands_for_one_colour():
    engine = GtpEngine("cascades", level=1)  # the first turn is one stone, then two each
    answers = talk("boardsize 5", "play white b2", "play black e2", "genmove white",
                   "genmove black", "genmove black", engine=engine)
    assert answers[:4] == ["=", "=", "=", "? it is Black's turn"]
    assert answers[4].startswith("= ")
    assert answers[5] == "? it is White's turn"


def test_white_names_the_player_who_is_not_black_where_nobody_is_white():
    engine = GtpEngine("colliding-circles", level=1, seed=2)
    while engine.game.to_move == -1:
        talk("genmove chance", engine=engine)
    player = engine.kind.info.players[engine.game.to_move]
    word = "white" if player == "red" else "black"
    assert talk(f"genmove {word}", engine=engine)[0].startswith("= ")


def test_sizes_and_options_follow_the_game():
    assert talk("boardsize 9", engine=GtpEngine("big-balls")) == [
        "? unacceptable size (Big Balls has one board size)"]
    engine = GtpEngine("cascades")
    assert talk("boardsize 4", "kaskade-option shape hexagon", "kaskade-option shape round",
                "clear_board", engine=engine)[:2] == ["=", "="]
    assert engine.game.options()["shape"] == "hexagon"
    assert engine.game.options()["size"] == "4"
    assert talk("kaskade-option shape round", engine=engine)[0].startswith(
        "? unacceptable option (")


def test_a_game_of_one_player_is_refused():
    with pytest.raises(GtpError, match="one player"):
        GtpEngine("cascades-decktet")


@pytest.mark.parametrize("game", ["kaskade", "cascades", "big-balls", "colliding-circles"])
def test_two_engines_play_every_two_player_game_to_its_end_and_report_the_result(game):
    """A referee relays each engine's moves to the other, dice included, as a tournament tool
    would; both reach the same end and say the same result."""
    first, second = GtpEngine(game, level=1, seed=1), GtpEngine(game, level=1, seed=2)
    names = {0: first.kind.info.players[0], 1: first.kind.info.players[1]}
    for engine in (first, second):
        talk("boardsize 4", engine=engine)  # refused by Big Balls and Colliding Circles
    assert talk("kaskade-result", engine=first) == ["= ?"]
    for _ in range(3000):
        to_move = first.game.to_move
        if to_move is None:
            break
        colour = "chance" if to_move == -1 else names[to_move]
        mover, other = (first, second) if to_move != 1 else (second, first)
        (move,) = talk(f"genmove {colour}", engine=mover)
        assert move.startswith("= "), move
        assert talk(f"play {colour} {move[2:]}", engine=other) == ["="]
    result = talk("kaskade-result", engine=first)
    assert result == talk("kaskade-result", engine=second)
    assert first.game.position() == second.game.position()
    assert result[0][2:4] in ("W+", "B+", "0 ")


def test_two_genmoves_of_one_game_share_the_players_table(monkeypatch):
    """Level 5 keeps its transposition table from move to move: the second genmove of a game
    searches on the very table the first filled, and a new game starts a new one."""
    from controller.ai.kaskade import core, players

    tables: list[bytearray | None] = []
    filled: list[bool] = []
    search = core.compiled_search

    def spy(state, budget, rng, max_depth=64, table=None, threads=1, quiescence=0):
        tables.append(table)
        filled.append(table is not None and any(table))
        return search(state, budget, rng, max_depth, table, threads, quiescence)

    monkeypatch.setattr(players, "compiled_search", spy)
    if not core.compiled():
        pytest.skip("the compiled core was not built")
    engine = GtpEngine(level=5, seconds=None, nodes=20_000)
    # 8 x 8: level 5 opens 6 x 9 from its book, without searching
    replies = talk("boardsize 8x8", "genmove white", "play black d5", "genmove white",
                   "clear_board", "genmove white", engine=engine)
    assert all(reply.startswith("=") for reply in replies)
    assert len(tables) == 3
    assert tables[0] is not None
    assert tables[1] is tables[0]  # the same table ...
    assert filled == [False, True, False]  # ... holding the first move's search
    assert tables[2] is not tables[0]  # a new game: a new player and table


def test_a_node_budget_gives_the_same_moves_and_threads_are_passed_on(monkeypatch):
    moves = [talk("boardsize 6x9", "genmove white", "genmove black",
                  engine=GtpEngine(level=5, seconds=None, nodes=5_000, seed=3))
             for _ in range(2)]
    assert moves[0] == moves[1]
    made: list[int] = []
    real = gtp.computer

    def counting(game, level, threads=1):
        made.append(threads)
        return real(game, level, threads)

    monkeypatch.setattr(gtp, "computer", counting)
    engine = GtpEngine(level=5, seconds=None, nodes=2_000, threads=2)
    talk("genmove white", "genmove black", "kaskade-level 4", "genmove white", engine=engine)
    assert made == [2, 2]  # one player for the game, a new one for the new level


def test_an_engine_needs_a_time_or_nodes():
    with pytest.raises(GtpError, match="a time or a number of nodes"):
        GtpEngine(seconds=None, nodes=None)
