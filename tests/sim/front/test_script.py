"""Touch scripts: each command as documented, and a clear line-numbered error otherwise."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from controller.profile import load_profile
from sim.front.script import Command, ScriptError, parse_command

PROFILE = load_profile("kaskade-8x8")


@pytest.mark.parametrize(
    ("text", "command"),
    [
        ("tap a1", Command(1, "tap", pad=0)),
        ("  TAP h8  # corner", Command(1, "tap", pad=63)),
        ("down c3", Command(1, "down", pad=18)),
        ("up c3", Command(1, "up", pad=18)),
        ("hold b2 1.5", Command(1, "hold", pad=9, seconds=1.5)),
        ("press undo", Command(1, "press", button="undo")),
        ("hold menu 2", Command(1, "hold", button="menu", seconds=2.0)),
        ("down menu", Command(1, "down", button="menu")),
        ("tap undo", Command(1, "tap", button="undo")),
        ("wait 0.25", Command(1, "wait", seconds=0.25)),
        ("png after-cascade_1", Command(1, "png", name="after-cascade_1")),
        ("firmware 0.0.9", Command(1, "firmware", name="0.0.9")),
    ],
)
def test_commands(text, command):
    assert parse_command(text, 1, PROFILE) == command


@pytest.mark.parametrize("text", ["", "   ", "# only a comment"])
def test_blank_and_comment_lines_do_nothing(text):
    assert parse_command(text, 1, PROFILE) is None


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("jump a1", "'jump' is not a command; the commands are tap, down, up, hold, press"),
        ("tap", "write tap PAD or tap BUTTON"),
        ("tap i1", "'i1' is not a pad of this board (a1 to h8)"),
        ("tap a9", "'a9' is not a pad of this board"),
        ("press reset", "'reset' is not a button; the buttons are menu, undo"),
        ("hold a1", "write hold PAD SECONDS"),
        ("wait soon", "'soon' is not a number of seconds"),
        ("wait -1", "-1 seconds: give 0 to 3600"),
        ("png ../escape", "a picture name uses letters, digits, - and _ only"),
        ("firmware", "write firmware VERSION"),
    ],
)
def test_mistakes_name_the_line(text, reason):
    with pytest.raises(ScriptError) as caught:
        parse_command(text, 7, PROFILE)
    assert str(caught.value).startswith("script line 7: ")
    assert reason in str(caught.value)


@given(st.text(max_size=40))
def test_any_line_is_a_command_nothing_or_a_script_error(text):
    try:
        command = parse_command(text, 1, PROFILE)
    except ScriptError as error:
        refused = error
    else:
        assert command is None or command.verb in ("tap", "down", "up", "hold", "press",
                                                   "wait", "png")
        return
    assert refused.line == 1
