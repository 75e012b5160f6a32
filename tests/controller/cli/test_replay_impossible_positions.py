"""``kaskade replay`` refuses a Colliding Circles position no game can reach, from
``--position`` and from a record's ``Position`` tag, naming the field."""

from __future__ import annotations

from controller.cli import main

IMPOSSIBLE = "red:1C5 black:4C7 hands=54321/5432 pools=22/23 black manoeuvre plies=5"
"""A 1 on C5, where only even numbers stand: C6 between it and the 4 on C7 would be a hole."""


def test_position_refuses_a_die_of_the_wrong_parity(capsys):
    status = main(["replay", "colliding-circles", "--position", IMPOSSIBLE])
    captured = capsys.readouterr()
    assert status == 2
    assert captured.out == ""
    assert "the die on C5 shows 1, but a die on C5 always shows an even number" in captured.err


def test_a_records_position_tag_is_checked_the_same_way(capsys, tmp_path):
    path = tmp_path / "impossible.record"
    path.write_text(f'[Game "colliding-circles"]\n[Position "{IMPOSSIBLE}"]\n\nend\n',
                    encoding="utf-8")
    status = main(["replay", str(path)])
    captured = capsys.readouterr()
    assert status == 2
    assert captured.out == ""
    assert "the die on C5 shows 1" in captured.err


def test_the_same_position_with_an_even_die_is_accepted(capsys):
    status = main(["replay", "colliding-circles", "--position", IMPOSSIBLE.replace("1C5", "6C5")])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    assert "C5" not in captured.err
