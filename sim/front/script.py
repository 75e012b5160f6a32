"""Touch scripts for the headless simulator: what a person would do, one action per line.

::

    # comments and blank lines are ignored
    tap a8            touch pad a8 and let go (pads are named like cells: a1 bottom left)
    tap undo          press and release a button (also: press undo)
    down c3           touch c3 and keep the finger there (several pads may be down)
    up c3             let go of c3
    hold c3 1.2       touch c3 for 1.2 seconds
    press undo        press and release the undo button (or menu)
    hold menu 2       hold a button for 2 seconds
    wait 0.5          let half a second pass (animations run)
    png cascade       save the board as cascade.png in the --png-out folder
    firmware 0.0.9    the board reports firmware 0.0.9 (all but the bundled are offered the update)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from controller.devices.interfaces import BUTTONS
from controller.errors import KaskadeError
from controller.games.algebraic import parse_cell
from controller.profile.model import Profile

VERBS = ("tap", "down", "up", "hold", "press", "wait", "png", "firmware", "describe")
MAX_WAIT = 3600.0
TAP = 0.1
"""Seconds a tap keeps the finger on the pad (or the button pressed)."""


class ScriptError(KaskadeError, ValueError):
    """A script line that cannot be carried out; says which line and why."""

    def __init__(self, line: int, reason: str) -> None:
        self.line = line
        super().__init__(f"script line {line}: {reason}")


@dataclass(frozen=True)
class Command:
    """One action of a script."""

    line: int
    verb: str
    pad: int | None = None
    button: str | None = None
    seconds: float = 0.0
    name: str = ""


def parse_command(text: str, line: int, profile: Profile) -> Command | None:
    """The command on script line ``line``, or ``None`` for a blank or comment line."""
    words = text.split("#", 1)[0].split()
    if not words:
        return None
    verb, arguments = words[0].lower(), words[1:]
    if verb not in VERBS:
        raise ScriptError(line, f"{verb!r} is not a command; the commands are {', '.join(VERBS)}")
    if verb == "wait":
        _count(arguments, 1, line, "wait SECONDS")
        return Command(line, verb, seconds=_seconds(arguments[0], line))
    if verb == "png":
        _count(arguments, 1, line, "png NAME")
        if not arguments[0].replace("-", "").replace("_", "").isalnum():
            raise ScriptError(line, f"{arguments[0]!r}: a picture name uses letters, digits, - "
                                    "and _ only")
        return Command(line, verb, name=arguments[0])
    if verb == "describe":
        _count(arguments, 0, line, "describe")
        return Command(line, verb)
    if verb == "firmware":
        _count(arguments, 1, line, "firmware VERSION")
        return Command(line, verb, name=arguments[0])
    if verb == "press":
        _count(arguments, 1, line, "press BUTTON")
        return Command(line, verb, button=_button(arguments[0], line))
    if verb == "hold":
        _count(arguments, 2, line, "hold PAD SECONDS or hold BUTTON SECONDS")
        seconds = _seconds(arguments[1], line)
        if arguments[0].lower() in BUTTONS:
            return Command(line, verb, button=arguments[0].lower(), seconds=seconds)
        return Command(line, verb, pad=_pad(arguments[0], line, profile), seconds=seconds)
    _count(arguments, 1, line, f"{verb} PAD or {verb} BUTTON")
    if arguments[0].lower() in BUTTONS:
        return Command(line, verb, button=arguments[0].lower())
    return Command(line, verb, pad=_pad(arguments[0], line, profile))


def act(command: Command, down: Callable[[], None], up: Callable[[], None],
        wait: Callable[[float], None]) -> None:
    """A touch or button command: press (``down``), ``wait`` as long as the command says,
    let go (``up``) — the same in virtual time and in real time."""
    if command.verb != "up":
        down()
    if command.verb in ("tap", "press", "hold"):
        wait(command.seconds if command.verb == "hold" else TAP)
    if command.verb != "down":
        up()


def _count(arguments: list[str], wanted: int, line: int, usage: str) -> None:
    if len(arguments) != wanted:
        raise ScriptError(line, f"write {usage}")


def _seconds(text: str, line: int) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ScriptError(line, f"{text!r} is not a number of seconds") from None
    if not 0 <= value <= MAX_WAIT:
        raise ScriptError(line, f"{text} seconds: give 0 to {MAX_WAIT:g}")
    return value


def _button(text: str, line: int) -> str:
    if text.lower() not in BUTTONS:
        raise ScriptError(line, f"{text!r} is not a button; the buttons are {', '.join(BUTTONS)}")
    return text.lower()


def _pad(text: str, line: int, profile: Profile) -> int:
    cell = parse_cell(text)
    if cell is None or cell[0] >= profile.columns or cell[1] >= profile.rows:
        last = profile.pad_name(profile.pads - 1)
        raise ScriptError(line, f"{text!r} is not a pad of this board (a1 to {last})")
    return cell[1] * profile.columns + cell[0]
