"""The board app as a family uses it: menus, a game by touch, undo, pausing, resigning,
settings, and saving — on the mock board with a virtual clock."""

from __future__ import annotations

import pytest

from controller.app.thinking import SOLITAIRE_HINT_SECONDS, hint_seconds
from controller.devices.frame import Frame
from controller.devices.interfaces import Sound
from controller.games.cascades_decktet import CascadesDecktetState
from controller.games.kaskade import KaskadeState
from controller.games.record import parse_record
from tests.support.board import BoardHarness


def colour_owner(colour: tuple[int, int, int]) -> str:
    """Which player's light an LED shows (White warm, Black blue), or dark."""
    red, _, blue = colour
    if max(colour) < 20:
        return "dark"
    return "white" if red > blue else "black"


def lit_owners(board: BoardHarness, pad: str) -> list[str]:
    return sorted({colour_owner(c) for c in board.pad_colours(pad)} - {"dark"})


@pytest.fixture
def board(tmp_path) -> BoardHarness:
    return BoardHarness(tmp_path)


def test_it_starts_at_home_with_a_kaskade_tile(board):
    assert board.screen == "HomeScreen"
    assert board.pixels.frames, "the first picture is shown at once"
    tile = {lit_owners(board, pad)[0] for pad in ("a8", "b8", "a7", "b7")}
    assert tile == {"white", "black"}, "balls of both colours on the tile"


def test_a_whole_game_by_touch_ends_in_the_history(board):
    board.start_game("2x2")
    assert board.screen == "KaskadeScreen"
    board.play("a1 b2 a2 b1 a1")
    assert board.app.session.finished
    assert Sound.WIN in board.sounds
    assert board.app.announcer.text == "White wins", "the result in words"
    board.tap("e5")
    assert board.screen == "KaskadeScreen", "the first touch skips the words"
    assert lit_owners(board, "a1") == ["white"], "the winner's cells"
    assert lit_owners(board, "b2") == ["white"]
    board.tap("e5")
    assert board.screen == "HomeScreen"
    (match,) = board.store.history.matches()
    assert (match.result, match.termination, match.plies) == \
        ("white", "Black has no cells left", 5)
    assert match.players == {"white": "human", "black": "human"}
    assert parse_record(match.record).moves == ["a1", "b2", "a2", "b1", "a1"]
    assert not board.store.autosave.path.exists(), "the finished game is no longer waiting"


def test_the_board_size_is_chosen_by_touching_the_far_corner(board):
    board.start_game("5x3")
    assert board.app.session.state.grid.size_text == "5x3"
    assert board.app.settings.sizes["kaskade"] == "5x3"


def test_a_board_smaller_than_2x2_is_refused(board):
    board.tap("a8")   # Kaskade's name
    board.tap("a8")   # play it
    board.tap("a8")   # two people
    board.tap("a5")
    assert board.screen == "BoardSizeScreen"
    assert board.sounds[-1] == Sound.ILLEGAL


def test_the_board_size_screen_shows_the_corner_while_touched(board):
    board.tap("a8")   # Kaskade's name
    board.tap("a8")   # play it
    board.tap("a8")   # two people
    board.touches.down(board.pad("d3"))
    board.wait(0.05)
    assert lit_owners(board, "d3") == ["white"]
    assert lit_owners(board, "e4") == []
    board.touches.up(board.pad("d3"))
    board.wait(0.05)
    assert board.app.session.state.grid.size_text == "4x3"


def test_an_illegal_touch_flashes_red_and_changes_nothing(board):
    board.start_game("4x4")
    board.play("a1")
    board.touches.down(board.pad("a1"))
    board.wait(0.1)
    board.touches.up(board.pad("a1"))   # White's cell: Black may not play there
    board.wait(0.02)
    assert board.sounds[-1] == Sound.ILLEGAL
    assert all(c[0] > 100 and c[1] == 0 == c[2] for c in board.pad_colours("a1")), "red"
    assert board.app.session.moves == ["a1"]
    board.tap("e5")  # outside the 4x4 board
    assert board.sounds[-1] == Sound.ILLEGAL


def test_holding_a_pad_takes_back_the_last_move(board):
    board.start_game("4x4")
    board.play("a1 b2")
    board.touches.down(board.pad("c3"))
    board.wait(0.7)
    assert max(max(c) for c in board.pad_colours("c3")) > 30, "the hold shows as it fills"
    board.wait(0.4)
    assert board.app.session.moves == ["a1"]
    assert board.sounds[-1] == Sound.UNDO
    board.touches.up(board.pad("c3"))
    board.wait(0.1)
    assert board.app.session.moves == ["a1"], "letting go after an undo plays nothing"


def test_the_undo_button_takes_back_moves_even_the_winning_one(board):
    board.start_game("2x2")
    board.play("a1 b2 a2 b1 a1")
    assert board.app.session.finished
    board.press("undo")
    assert not board.app.session.finished
    assert board.app.session.moves == ["a1", "b2", "a2", "b1"]
    board.press("undo")
    board.press("undo")
    board.press("undo")
    board.press("undo")
    assert board.app.session.moves == []
    board.press("undo")
    assert board.sounds[-1] == Sound.ILLEGAL


def test_a_touch_during_a_cascade_skips_it_and_plays_no_move(board):
    board.start_game("2x2")
    board.play("a1 b2 a2 b1")
    board.tap("a1", hold=0.05)
    assert board.app.screen.animation is not None
    board.tap("b2", hold=0.05)
    assert board.app.screen.animation is None
    assert board.app.session.moves == ["a1", "b2", "a2", "b1", "a1"]
    assert board.app.screen.showing_winner


def test_the_cascade_is_shown_generation_by_generation(board):
    board.start_game("2x2")
    board.play("a1 b2 a2 b1")
    before = len(board.pixels.frames)
    board.tap("a1", hold=0.02)
    board.wait(0.05)
    assert lit_owners(board, "a1") == ["white"], "the placement is shown first"
    board.wait(3)
    assert len(board.pixels.frames) - before >= 3


def test_pause_then_continue(board):
    board.start_game("3x3")
    board.play("a1")
    board.press("menu")
    assert board.screen == "PauseScreen"
    board.press("menu")
    assert board.screen == "KaskadeScreen"
    board.press("menu")
    resume = board.app.screen.layout.resume
    board.tap(board.profile.pad_name(resume.row * 8 + resume.column))
    assert board.screen == "KaskadeScreen"
    assert board.app.announcer.text == "Black to move", "said again as the game goes on"


def test_the_pause_menu_takes_back_a_move(board):
    board.start_game("3x3")
    board.press("menu")
    undo = board.app.screen.layout.undo
    board.tap_pad((undo.column, undo.row))
    assert board.screen == "PauseScreen", "nothing to take back yet"
    assert board.sounds[-1] == Sound.ILLEGAL
    board.press("menu")
    board.skip_message()
    board.play("a1 c3")
    board.press("menu")
    assert "take back" in board.app.screen.describe(board.now)
    board.tap_pad((undo.column, undo.row))
    assert board.screen == "KaskadeScreen"
    assert board.app.session.moves == ["a1"]


def test_resigning_needs_a_hold_and_is_recorded(board):
    board.start_game("3x3")
    board.play("a1 c3")
    board.press("menu")
    resign = board.app.screen.layout.resign
    pad = board.profile.pad_name(resign.row * 8 + resign.column)
    board.tap(pad)
    assert board.screen == "PauseScreen", "a tap is not enough"
    board.tap(pad, hold=1.6)
    assert board.screen == "KaskadeScreen"
    assert board.app.session.finished
    assert board.app.session.winner == 1, "White was to move and gave up"
    assert Sound.WIN in board.sounds
    assert board.app.announcer.text == "Black wins"
    board.tap("e5")   # skips the words
    board.tap("e5")   # home
    (match,) = board.store.history.matches()
    assert (match.result, match.termination) == ("black", "White resigned")


def test_home_keeps_the_game_and_its_tile_continues_it(board):
    board.start_game("3x3")
    board.play("a1 c3")
    board.press("menu")
    home = board.app.screen.layout.home
    board.tap(board.profile.pad_name(home.row * 8 + home.column))
    assert board.screen == "HomeScreen"
    levels = set()
    for _ in range(20):
        board.wait(0.1)
        levels.add(board.pad_colours("a8")[1])
    assert len(levels) > 2, "the tile breathes while a game waits"
    board.tap("a8")
    assert board.app.announcer.text == "Kaskade - touch again to continue"
    board.tap("a8")
    assert board.screen == "KaskadeScreen"
    assert board.app.session.moves == ["a1", "c3"]


def test_brightness_and_sound_are_set_on_home_and_kept(board, tmp_path):
    board.tap("c1")
    assert board.app.settings.brightness == pytest.approx(3 / 5)
    assert board.app.announcer.text == "60%"
    dim = board.pixels.frames[-1]
    board.tap("e1")
    bright = board.pixels.frames[-1]
    assert sum(bright.channels[0]) > sum(dim.channels[0])
    board.tap("h1")
    assert board.app.settings.sound is False
    assert board.app.announcer.text == "sound off"
    played = len(board.sounds)
    board.tap("a8")
    board.tap("a8")
    assert board.screen == "PlayersScreen"
    assert len(board.sounds) == played, "silent"
    again = BoardHarness(tmp_path)
    assert again.app.settings.brightness == 1.0
    assert again.app.settings.sound is False


def test_a_frame_is_pushed_only_when_it_changed(board):
    board.start_game("4x4")
    board.play("b2 c3 b3", settle=0.5)   # inside cells with one ball: nothing breathes
    pushed = len(board.pixels.frames)
    board.wait(10)
    assert len(board.pixels.frames) == pushed, "nothing moves, nothing is sent"
    assert all(a.channels != b.channels
               for a, b in zip(board.pixels.frames, board.pixels.frames[1:]))


def test_charged_cells_breathe(board):
    board.start_game("4x4")
    board.play("a1", settle=0.5)   # a corner with one ball is one from overflowing
    seen = set()
    for _ in range(30):
        board.wait(0.05)
        seen.add(board.pad_colours("a1")[2])
    assert len(seen) > 3


def test_the_game_resumes_exactly_after_a_restart(board, tmp_path):
    board.start_game("4x5")
    board.play("a1 b2 c3 d4 a1")
    saved = board.app.session.state.to_json()
    again = BoardHarness(tmp_path)
    assert again.screen == "KaskadeScreen"
    assert again.app.session.state.to_json() == saved
    again.press("undo")
    assert again.app.session.moves == ["a1", "b2", "c3", "d4"], "the move list came back too"


def test_a_finished_game_found_at_start_goes_to_the_history(board, tmp_path):
    board.start_game("2x2")
    board.play("a1 b2 a2 b1 a1")
    again = BoardHarness(tmp_path)
    assert again.screen == "HomeScreen"
    assert [m.result for m in again.store.history.matches()] == ["white"]


def test_a_damaged_saved_game_is_set_aside_with_a_notice(tmp_path):
    path = tmp_path / "kaskade-8x8" / "current.record"
    path.parent.mkdir(parents=True)
    path.write_text('[Game "kaskade"]\n[Size "3x3"]\n\na1 a1 a1\n')
    board = BoardHarness(tmp_path)
    assert board.screen == "NoticeScreen", "the board shows that something needs a look"
    board.wait(7)
    assert board.screen == "HomeScreen", "and goes home by itself"
    assert "the saved game current.record could not be read" in board.app.notices[0]
    assert (path.parent / "current.record.damaged").read_text().endswith("a1 a1 a1\n")


def test_a_game_that_cannot_be_saved_goes_on_and_says_so(board, tmp_path):
    board.start_game("3x3")
    path = board.store.autosave.path
    path.unlink()
    path.mkdir()   # nothing can be written where the game goes
    board.play("a1 b2")
    assert board.app.session.moves == ["a1", "b2"]
    assert any("could not be saved" in notice for notice in board.app.notices)


def test_frames_stay_within_the_power_budget_on_every_build(tmp_path):
    for name in ("kaskade-mini", "kaskade-8x8-fine", "kaskade-16x16"):
        board = BoardHarness(tmp_path / name, name)
        board.tap("e1" if board.profile.columns == 8 else "m1")  # brightest
        assert board.app.settings.brightness == 1.0
        board.start_game("4x4")
        board.play("a1 b2 a2 b1", settle=0.3)
        frame: Frame = board.pixels.frames[-1]
        assert frame.milliamps <= board.profile.power.limit_amps * 1000


# -- against the computer -----------------------------------------------------------------------


def test_the_computer_answers_each_move_after_thinking(board):
    board.start_game("4x4", computer=3)
    assert board.app.session.tags["Black"] == "computer 3"
    board.tap("b2")
    board.wait(0.3)
    assert board.app.screen.pending is not None, "thinking"
    assert board.app.session.moves == ["b2"]
    board.wait(1.5)
    assert len(board.app.session.moves) == 2, "the computer has answered"
    assert board.app.screen.pending is None


def test_the_empty_cells_breathe_while_the_computer_thinks(board):
    board.start_game("4x4", computer=3)
    board.tap("b2")
    seen = set()
    for _ in range(8):
        board.wait(0.1)
        seen.add(board.pad_colours("d4")[0])
    assert len(seen) > 2


def test_touches_on_the_computers_turn_are_refused(board):
    board.start_game("4x4", computer=3)
    board.tap("b2")
    board.tap("c3")
    assert board.sounds[-1] == Sound.ILLEGAL
    board.wait(2)
    assert len(board.app.session.moves) == 2
    assert board.app.session.moves[0] == "b2"


def test_undo_against_the_computer_goes_back_to_the_persons_turn(board):
    board.start_game("4x4", computer=3)
    board.tap("b2")
    board.wait(2)
    board.tap("c3")
    board.wait(2)
    assert len(board.app.session.moves) == 4
    first_two = board.app.session.moves[:2]
    board.press("undo")
    assert board.app.session.moves == first_two, "the computer's reply and my move went"
    board.tap("d4")
    board.wait(0.2)
    board.press("undo")   # while the computer thinks: just my move, and the thinking stops
    assert len(board.app.session.moves) == 2
    board.wait(2)
    assert len(board.app.session.moves) == 2, "no answer comes for the move taken back"


def test_the_computer_moves_first_when_the_person_plays_black(board):
    board.start_game("4x4", computer=2, person="black")
    assert (board.app.session.tags["White"], board.app.session.tags["Black"]) == \
        ("computer 2", "human")
    board.wait(1.5)
    assert len(board.app.session.moves) == 1


def test_a_hint_flashes_the_strongest_move(board):
    board.start_game("3x3", computer=1)
    board.play("a1", settle=2)   # the computer answers
    board.press("menu")
    hint = board.app.screen.layout.hint
    board.tap(board.profile.pad_name(hint.row * 8 + hint.column))
    assert board.screen == "KaskadeScreen"
    board.wait(1.5)
    cell, _ = board.app.screen.hint
    assert cell is not None
    assert board.app.session.state.is_legal(cell)
    board.tap(board.app.session.state.move_name(cell))
    assert board.app.screen.hint[0] is None, "the hint goes once a move is made"
    assert board.app.session.state.moves[-1] == cell


def test_a_solitaire_hint_may_think_longer_than_a_move():
    """A one-player game's hint is a solver's verdict: it may take at least four seconds (it
    answers as soon as it knows); other games' hints take the computer's usual time."""
    solitaire = CascadesDecktetState.new()
    assert hint_seconds(solitaire, 1.0) == SOLITAIRE_HINT_SECONDS == 4.0
    assert hint_seconds(solitaire, 6.0) == 6.0
    assert hint_seconds(KaskadeState.new(), 1.0) == 1.0


def test_no_hint_when_the_computer_is_to_move(board):
    board.start_game("4x4", computer=3)
    board.tap("b2")
    board.press("menu")
    hint = board.app.screen.layout.hint
    board.tap(board.profile.pad_name(hint.row * 8 + hint.column))
    assert board.screen == "PauseScreen"
    assert board.sounds[-1] == Sound.ILLEGAL


def test_a_game_against_the_computer_resumes_with_the_computer_thinking(board, tmp_path):
    board.start_game("4x4", computer=3)
    board.tap("b2")
    again = BoardHarness(tmp_path)
    assert again.screen == "KaskadeScreen"
    again.wait(1.5)
    assert len(again.app.session.moves) == 2


def test_the_computer_wins_against_random_touches_and_the_history_says_who_played(board):
    import random

    board.start_game("3x3", computer=5)
    rng = random.Random(4)
    while not board.app.session.finished:
        legal = board.app.session.state.legal_moves()
        board.tap(board.app.session.state.move_name(legal[int(rng.random() * len(legal))]))
        board.wait(3)
    assert board.app.session.winner == 1
    board.skip_message()
    board.tap("e5")
    (match,) = board.store.history.matches()
    assert match.players == {"white": "human", "black": "computer 5"}
