"""The page's replay of a finished game: each move named as the board's players read it (a
die's throw in words, the move that was made — never the chance step after it), each picture
the position after exactly that many moves, and a game this board cannot hold drawn on a
reference build that can."""

from __future__ import annotations

import random

from controller.app.session import Session
from controller.games import CHANCE
from controller.games.registry import get_game
from controller.profile import load_profile
from controller.web.replay import replay_pictures


def played(name: str, plies: int, seed: int = 1, options: dict[str, str] | None = None) -> str:
    """A game of ``name`` of random moves, ``plies`` long (or to its end), as a record."""
    start = get_game(name).new(options or {})
    session = Session(start, [], {"Id": f"replay-{seed}"}, None)
    rng = random.Random(seed)
    while not session.finished and len(session.moves) < plies:
        state = session.state
        moves = state.legal_moves()
        session.play(state.sample_chance(rng) if state.to_move == CHANCE else
                     moves[int(rng.random() * len(moves))])
    return session.record()


def test_big_balls_moves_are_named_as_made_dice_in_words():
    """Move 1 is Black's deal, not White's that follows it; a stone's step is the step, not
    the die thrown after it; a throw reads as what the die shows."""
    record = played("big-balls", 14)
    replay = replay_pictures(load_profile("kaskade-8x8"), record)
    names = [frame["move"] for frame in replay["frames"][1:]]
    assert names[:2] == ["Black's stones are set out", "White's stones are set out"]
    assert not any(name.isdigit() for name in names), names
    throws = [n for n, frame in enumerate(replay["frames"]) if frame["chance"]]
    assert throws[:2] == [1, 2]
    for ply in throws[2:]:
        assert replay["frames"][ply]["move"].startswith("the die shows "), replay["frames"][ply]
    session = Session(get_game("big-balls").new({}), [], {}, None)
    for word in record.split("\n\n", 1)[1].split():
        if not word[0].isdigit() or (word.isdigit() and len(word) in (1, 6)):
            session.play(session.state.parse_move(word))
    assert names == session.said


def test_each_picture_shows_the_position_after_that_many_moves():
    """A position where chance is due is shown waiting for it: the screen draws no throw of
    its own (which would show the next move's position under this move's name)."""
    record = played("big-balls", 14)
    replay = replay_pictures(load_profile("kaskade-8x8"), record)
    for frame in replay["frames"]:
        assert frame["description"].endswith(f" · move {frame['ply'] + 1}"), frame
    assert "the stones are dealt" in replay["frames"][0]["description"]
    waiting = [frame for frame in replay["frames"] if frame["move"] == "throw"]
    assert waiting
    assert all("the die is thrown" in frame["description"] for frame in waiting)


def test_the_solitaire_replay_hides_the_deck_order():
    record = played("cascades-decktet", 6)
    assert "deal:" in record, "the record keeps the whole deal: it must replay"
    replay = replay_pictures(load_profile("kaskade-16x16"), record)
    assert replay["frames"][1]["move"] == "the deck is shuffled and dealt"
    assert all("deal:" not in (frame["move"] or "") for frame in replay["frames"])


def test_a_game_too_big_for_this_board_is_drawn_on_a_build_that_holds_it():
    """A 6 x 9 Kaskade game (the terminal's default) replayed on an 8 x 8 board."""
    record = played("kaskade", 7, options={"size": "6x9"})
    replay = replay_pictures(load_profile("kaskade-8x8"), record)
    board = replay["board"]
    assert board["own"] is False
    assert board["name"] == load_profile("kaskade-16x16").name
    assert (board["led_width"], board["led_height"]) == (32, 32)
    assert all(len(frame["leds"]) == 32 * 32 for frame in replay["frames"])
    assert replay["plies"] == 7
    own = replay_pictures(load_profile("kaskade-8x8"), played("kaskade", 3,
                                                            options={"size": "6x6"}))
    assert own["board"]["own"] is True
