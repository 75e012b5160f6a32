"""``kaskade players``: people named once; a terminal game's seats name them (an unknown name
is refused with the fix); ``kaskade history`` scores them."""

from __future__ import annotations

import json
import re

import pytest

from controller.app.history import History, Match
from controller.cli import build_parser, main
from controller.cli import play as play_command
from tests.support.history import add_games


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_people_are_listed_added_and_removed(tmp_path, capsys):
    state = ("--state-dir", str(tmp_path))
    assert run(capsys, "players", *state) == (
        0, "Nobody is named yet: kaskade players add NAME\n", "")
    assert run(capsys, "players", "add", "Anna", "Ben Lee", *state)[1] == \
        "added Anna\nadded Ben Lee\n"
    assert run(capsys, "players", "list", *state)[1] == "Anna\nBen Lee\n"
    assert run(capsys, "players", "remove", "ben lee", *state)[1] == \
        "removed Ben Lee (their games stay in the history)\n"
    assert run(capsys, "players", *state)[1] == "Anna\n"


@pytest.mark.parametrize(("argv", "error"), [
    (("add", "anna"), "'Anna' is known already"),
    (("add", "R2D2"), "'R2D2' is not a name the board can write: 1 to 16 letters"),
    (("add",), "kaskade players add NAME …: which names?"),
    (("remove", "Bob"), "nobody called 'Bob' is known to this board"),
    (("list", "Anna"), "lists everybody"),
])
def test_bad_input_is_one_clear_line_and_changes_nothing(tmp_path, capsys, argv, error):
    History(tmp_path / "history.sqlite3").add_person("Anna", "2026-11-21")
    status, out, err = run(capsys, "players", *argv, "--state-dir", str(tmp_path))
    assert status == 2
    assert out == ""
    assert err.startswith("kaskade players: error: ")
    assert error in err
    assert History(tmp_path / "history.sqlite3").people() == ["Anna"]


def seated(tmp_path, *argv: str):
    args = build_parser().parse_args(["play", "--terminal", *argv])
    return play_command._setup(args, None, History(tmp_path / "history.sqlite3").person)


def test_a_seat_names_a_known_person_in_any_case(tmp_path):
    History(tmp_path / "history.sqlite3").add_person("Anna", "2026-11-21")
    session = seated(tmp_path, "--game", "big-balls", "--black", "anna", "--white",
                     "computer:2")
    assert session.tags["Black"] == "Anna"
    assert session.person_name(
        session.state.info.players.index("black")) == "Anna"
    assert seated(tmp_path, "--seat", "white=ANNA", "--black", "person").tags["White"] == "Anna"
    assert "Black" not in seated(tmp_path, "--white", "anna", "--black", "person").tags


def test_an_unknown_name_is_refused_with_the_fix(tmp_path, capsys):
    status, _out, err = run(capsys, "play", "--terminal", "--state-dir", str(tmp_path),
                           "--white", "bob", "--black", "computer:1")
    assert status == 2
    assert err == ("kaskade play: error: nobody called 'bob' is known to this board; add them "
                   "first (kaskade players add NAME, or Players on the web page), or leave the "
                   "name out to play unnamed\n")


def test_an_unknown_name_typed_at_the_prompt_is_asked_again(tmp_path, capsys):
    History(tmp_path / "history.sqlite3").add_person("Anna", "2026-11-21")
    answers = iter(["bob", "anna", "9", "3"])
    args = build_parser().parse_args(["play", "--terminal", "--size", "3x3"])
    session = play_command._setup(args, lambda prompt: next(answers),
                                  History(tmp_path / "history.sqlite3").person)
    assert session.tags["White"] == "Anna"
    assert session.computer_level(1) == 3
    out = capsys.readouterr().out
    assert "nobody called 'bob'" in out
    assert "  9: the computer's levels are 1 to 5\n" in out
    assert "computer:9" not in out, "the answer is said back as it was typed"


def test_history_shows_who_played_and_the_scores(tmp_path, capsys):
    state = ("--state-dir", str(tmp_path))
    add_games(History(tmp_path / "history.sqlite3"), (("Anna", "computer 1", "white"),
                                                       ("computer 1", "Anna", "draw"),
                                                       ("human", "Anna", "black")))
    status, out, _ = run(capsys, "history", *state)
    assert status == 0
    assert re.search(r"Kaskade +size 3x3 +Anna \(White\) v Black \(level 1\) +White won", out)
    assert re.search(r"White \(level 1\) v Anna \(Black\) +draw", out)
    assert re.search(r"White \(a person\) v Anna \(Black\) +Black won", out)
    assert "Ratings (Glicko-2" in out
    assert "Head to head" in out
    status, out, _ = run(capsys, "history", "--scores", "--json", *state)
    scores = json.loads(out)
    assert [(r["who"], r["games"], r["wins"], r["draws"]) for r in scores["ratings"]] == [
        ("Anna", 2, 1, 1), ("level 1", 2, 0, 1)], "the game against a person not named is " \
        "not scored"
    assert scores["ratings"][0]["rating"] > 1500 > scores["ratings"][1]["rating"]
    assert [(p["first"], p["second"], p["first_wins"], p["second_wins"], p["draws"])
            for p in scores["head_to_head"]] == [("Anna", "level 1", 1, 0, 1)]
    status, out, _ = run(capsys, "history", "--scores", *state)
    assert out.startswith("\nRatings")
    assert "human" not in out


def test_history_says_when_nothing_is_scored_yet(tmp_path, capsys):
    add_games(History(tmp_path / "history.sqlite3"), [("human", "human", "white")])
    _status, out, _ = run(capsys, "history", "--scores", "--state-dir", str(tmp_path))
    assert out.startswith("No scored games yet: a game is scored when each seat is a person "
                          "named with kaskade players, or the computer.")


def test_history_writes_each_game_in_words_the_solitaire_too(tmp_path, capsys):
    """Titles, not names; options named, not bare values; who played and who won."""
    history = History(tmp_path / "history.sqlite3")
    add_games(history, [("Anna", "computer 1", "white")])
    history.add(Match("solo", "cascades-decktet", {"version": "standard", "passes": "3",
                                                   "pawns": "no", "courts": "no"},
                      {"player": "human"}, "", "2026-11-21T13:00", "lost", "over", 40, ""))
    history.add(Match("circles", "colliding-circles", {}, {"red": "Anna", "black": "computer 2"},
                      "", "2026-11-21T14:00", "black", "over", 90, ""))
    _status, out, _ = run(capsys, "history", "--state-dir", str(tmp_path))
    solitaire = next(line for line in out.splitlines() if "solo" in line)
    assert "Cascades (Decktet)" in solitaire
    assert "version standard, passes 3, pawns no, courts no" in solitaire
    assert "a person" in solitaire
    assert "lost" in solitaire
    assert "standard 3 no no" not in out
    assert "white" not in solitaire.lower()
    assert "Colliding Circles" in out
    assert "colliding-circles" not in out
    assert re.search(r"Anna \(Red\) v Black \(level 2\) +Black won", out)
    scores = out.split("Ratings", 1)[1]
    assert "Colliding Circles" in scores
    assert "Kaskade" in scores
    _status, out, _ = run(capsys, "history", "--scores", "--json", "--state-dir", str(tmp_path))
    assert {r["title"] for r in json.loads(out)["ratings"]} == {"Kaskade", "Colliding Circles"}
