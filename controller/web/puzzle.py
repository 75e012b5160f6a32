"""The puzzle of the day on the web page: the puzzle with its position drawn as the board's
LEDs would show it (on a reference build that holds it where this board cannot: the
solitaire's puzzle on an 8 x 8 board), and the player's moves so far judged.

The page sends every move it has made each time (:func:`controller.games.puzzle.walk`): the
server keeps nothing per page, and a page reloaded starts the puzzle afresh.
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from controller.app.app import App, Store
from controller.app.seats import seat
from controller.app.session import Session
from controller.faces.face import face
from controller.faces.text import plain
from controller.games import GameState
from controller.games.puzzle import Puzzle, walk
from controller.profile.model import Profile
from controller.render.canvas import Canvas
from controller.web.replay import drawing_board

MAX_MOVES = 50
"""More moves than any puzzle's answer takes with every wrong try besides."""


def picture(profile: Profile, state: GameState[Any]) -> dict[str, Any]:
    """``state`` as its game's screen shows it: ``{"board", "leds", "description"}``, drawn on
    ``profile``'s board or, where that cannot hold it, the smallest reference build that can."""
    game = face(state.info.name)
    board = drawing_board(profile, game, state)
    tags = {player.capitalize(): seat(None) for player in state.info.players}
    session = Session(state, [], tags, None)
    session.still = True
    with tempfile.TemporaryDirectory() as scratch:
        app = App(board, Store.at(Path(scratch), "puzzle"))
        screen = game.screen(app, session)
        app.announcer.clear()
        canvas = Canvas(board.led_width, board.led_height)
        screen.draw(canvas, 0.0)
        hexed = bytes(canvas.pixels).hex()
        return {"board": {"name": board.name, "per_pad": board.per_pad,
                          "led_width": board.led_width, "led_height": board.led_height,
                          "own": board is profile},
                "leds": [hexed[i:i + 6] for i in range(0, len(hexed), 6)],
                "description": " · ".join(screen.position_words("a person"))}


def puzzle_json(profile: Profile, puzzle: Puzzle, moves: Sequence[str],
                language: str = "en") -> dict[str, Any]:
    """The puzzle after the player's ``moves``: ``{"id", "kind", "game", "title",
    "question", "short", "answers": [{"move", "right", "reply", "solved", "words"}],
    "solved", "tries", "legal", "position", "text"}`` — ``legal`` the moves that may be made
    now (none once solved), ``position`` its :func:`picture`, ``text`` the position as the
    terminal writes it (the cards by their codes, the cells by their names). ``PuzzleError``
    for a move that is no move of the position, or one after the solve."""
    state, answers = walk(puzzle, moves[:MAX_MOVES])
    solved = bool(answers) and answers[-1].solved
    before = puzzle.start()
    words = []
    for answer in answers:  # each answer's words, from the position it was made in
        words.append(answer.words(puzzle, before))
        if answer.right:
            before.play(before.parse_move(answer.move))
            if answer.reply:
                before.play(before.parse_move(answer.reply))
    return {"id": puzzle.id, "kind": puzzle.kind, "game": puzzle.game,
            "title": state.info.title, "question": puzzle.question(),
            "short": puzzle.short(language),
            "answers": [{"move": a.move, "right": a.right, "reply": a.reply,
                         "solved": a.solved, "words": text}
                        for a, text in zip(answers, words, strict=True)],
            "solved": solved, "tries": sum(not a.right for a in answers),
            "legal": [] if solved else [state.move_name(m) for m in state.legal_moves()],
            "position": picture(profile, state),
            "text": face(state.info.name).text.board(state, plain)}
