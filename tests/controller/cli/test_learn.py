"""``kaskade learn GAME``: each game's lesson typed through at the prompt, a wrong move
answered with the step's words, and the installed command on a pipe."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import pytest

from controller.cli import main
from controller.cli.learn import TerminalLesson
from controller.cli.terminal_game import Console
from controller.faces.face import lesson
from controller.games import game_names
from controller.games.lesson import Tutor
from controller.games.registry import GameEntry
from tests.support import take_game


class Script:
    """A console that types ``lines`` and keeps everything written."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = list(lines)
        self.out: list[str] = []

    def console(self) -> Console:
        def read(prompt: str) -> str:
            self.out.append(prompt)
            if not self.lines:
                raise EOFError
            return self.lines.pop(0)

        return Console(write=self.out.append, read=read)

    @property
    def text(self) -> str:
        return "\n".join(self.out)


@pytest.mark.parametrize("game", game_names())
def test_a_lesson_typed_through_to_its_end(game):
    steps = lesson(game).steps
    lines = ["nonsense"]
    for step in steps:
        lines += [step.expect[0], ""]
    script = Script(lines)
    assert TerminalLesson(Tutor(lesson(game)), script.console()).run() == 0
    text = script.text
    assert "nonsense: " in text
    assert steps[0].wrong in text, "a move that is none gets the step's words"
    for number, step in enumerate(steps, 1):
        assert f"Step {number} of {len(steps)}: {step.words}" in text
        assert step.done in text
    assert f"That was the {lesson(game).title} lesson" in text
    assert not script.lines, "every line was read"


def test_a_legal_move_that_is_not_the_steps_is_refused_and_the_step_waits():
    script = Script(["e5", "legal", "again", "b2", "quit"])
    tutor = Tutor(lesson("kaskade"))
    TerminalLesson(tutor, script.console()).run()
    text = script.text
    assert "Not that one: touch the empty cell b2." in text
    assert "a1 b1 c1" in text, "legal lists the moves"
    assert text.count("Step 1 of 7") == 2, "again shows the step from its start"
    assert "Black's ball is on b2" in text
    assert tutor.done
    assert tutor.index == 0, "quit before going on"


def test_the_die_thrown_shows_what_the_next_step_says_it_shows():
    """The throw step's die shows 4, and the next step's words say so."""
    script = Script(["BB:c5-c4", "", "throw", "", "quit"])
    TerminalLesson(Tutor(lesson("big-balls")), script.console()).run()
    assert "Chance: the die shows 4." in script.text
    assert "die: 4" in script.text
    assert "Step 3 of 4: The die shows 4" in script.text


def test_typing_what_the_words_say_works_and_a_refusal_gives_the_form_to_type():
    """Big Balls' words say "touch the ball on c5, then c4": c5-c4 is that move. A move the
    step does not want is answered with the form that is wanted."""
    script = Script(["a3-a4", "c5-c4", "quit"])
    tutor = Tutor(lesson("big-balls"))
    TerminalLesson(tutor, script.console()).run()
    assert "Not that: touch the big ball on c5, then the hole c4. Type BB:c5-c4 for it." \
        in script.text
    assert tutor.done, "c5-c4 rolled the ball"


def test_the_prompts_say_what_enter_does():
    script = Script(["b2", "", "quit"])
    TerminalLesson(Tutor(lesson("kaskade")), script.console()).run()
    assert "Press Enter for the next step> " in script.out
    assert not any("(Enter: on)" in line for line in script.out)


def test_the_installed_command_teaches_kaskade_on_a_pipe():
    kaskade = Path(sys.executable).parent / "kaskade"
    moves = [step.expect[0] for step in lesson("kaskade").steps]
    result = subprocess.run([str(kaskade), "learn", "kaskade"], input="\n\n".join(moves) + "\n\n",
                            capture_output=True, text=True, timeout=60, check=False,
                            env={**os.environ, "NO_COLOR": "1"})
    assert result.returncode == 0, result.stderr
    assert "Learning Kaskade: 7 steps" in result.stdout
    assert "Cascade: 2 generations, 2 cells captured." in result.stdout
    assert "Black wins" in result.stdout
    assert "\x1b[" not in result.stdout


def test_an_unknown_game_is_refused_with_the_games_there_are():
    kaskade = Path(sys.executable).parent / "kaskade"
    result = subprocess.run([str(kaskade), "learn", "chess"], capture_output=True, text=True,
                            timeout=60, check=False)
    assert result.returncode == 2
    assert "invalid choice: 'chess'" in result.stderr
    assert "kaskade" in result.stderr


def test_a_game_without_a_lesson_is_an_error_naming_it(enter_game, capsys):
    enter_game(GameEntry("take", "tests.support.take_game:TakeState",
                         "tests.controller.cli.test_learn:UNTAUGHT"))
    assert main(["learn", "take"]) == 2
    assert "kaskade learn: error: Take has no lesson" in capsys.readouterr().err


UNTAUGHT = dataclasses.replace(take_game.FACE, lesson=None)
"""Take's face without its lesson."""
