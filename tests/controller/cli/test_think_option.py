"""``--think`` is offered only by the commands in which the computer plays."""

from __future__ import annotations

import pytest

from controller.cli import build_parser


@pytest.mark.parametrize("command", ["sim", "play"])
def test_commands_where_the_computer_plays_take_think(command):
    args = build_parser().parse_args([command, "--think", "0.5"])
    assert args.think == 0.5


@pytest.mark.parametrize("command", ["calibrate", "selftest"])
def test_commands_where_nobody_thinks_refuse_it(command, capsys):
    with pytest.raises(SystemExit) as refused:
        build_parser().parse_args([command, "--think", "0.5"])
    assert refused.value.code == 2
    assert "unrecognized arguments: --think" in capsys.readouterr().err
