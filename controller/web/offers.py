"""The games this board can start from the page, each with its seats and its options as
controls: the allowed values of each option on this board (a menu), or a number's range, so the
page offers only what fits and a refusal can name what would.

The options are the ones the board's own set-up offers, from each game's face
(``controller/faces/face.py``): Kaskade's size up to the pad grid, Cascades' top row up to the
widest that fits each shape, the Decktet's extra cards where the board is wide enough.
"""

from __future__ import annotations

from typing import Any

from controller.faces.face import faces_for
from controller.games.registry import get_game
from controller.profile.model import Profile

Option = dict[str, Any]
"""``{"name", "default", "values"}`` (a menu) or ``{"name", "default", "min", "max"}`` (a
number; a size has ``"kind": "size"`` and two of each, width and height)."""


def offers(profile: Profile) -> list[dict[str, Any]]:
    """``[{"name", "title", "players", "seats", "options", "lesson", "how_to_play"}]`` for
    each game that fits ``profile``'s board, in the home menu's order: ``players`` every seat
    (a person may be named in each), ``seats`` those the computer may take, ``lesson`` how many
    steps its lesson has (0: none), ``how_to_play`` how it is won and how its moves are
    written (``{"goal", "moves"}``)."""
    games = []
    for face in faces_for(profile):
        info = get_game(face.name).info
        games.append({"name": face.name, "title": info.title, "players": list(info.players),
                      "seats": list(info.players) if len(info.players) > 1 else [],
                      "options": [option.json() for option in face.options(profile)],
                      "lesson": 0 if face.lesson is None else len(face.lesson.steps),
                      "how_to_play": {"goal": face.how_to_play.goal,
                                      "moves": face.how_to_play.moves}})
    return games


def fitting_titles(profile: Profile) -> str:
    """The games that fit ``profile``'s board, in words (``Kaskade, Cascades and Big
    Balls``), for a refusal."""
    titles = [get_game(face.name).info.title for face in faces_for(profile)]
    return titles[0] if len(titles) == 1 else f"{', '.join(titles[:-1])} and {titles[-1]}"


def what_fits(profile: Profile, name: str) -> str:
    """What of game ``name`` fits ``profile``'s board, or which games do when none of it
    does: the second half of a refusal."""
    offered = {game["name"]: game for game in offers(profile)}
    if name not in offered:
        return f"on this board ({profile.columns}x{profile.rows} pads) these games fit: " \
               f"{fitting_titles(profile)}"
    limits = []
    for option in offered[name]["options"]:
        if option.get("kind") == "size":
            width, height = option["max"]
            limits.append(f"sizes up to {width}x{height}")
        elif "max_by" in option:
            tops = option["max_by"]["shape"]
            limits.append("size up to " + ", ".join(f"{top} ({shape})"
                                                     for shape, top in tops.items()))
        elif "values" in option:
            limits.append(f"{option['name']} {' or '.join(option['values'])}")
    return f"on this board ({profile.columns}x{profile.rows} pads): {'; '.join(limits)}"
