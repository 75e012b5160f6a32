"""The games this board can start from the page, each with its seats and its options as
controls: the allowed values of each option on this board (a menu), or a number's range, so the
page offers only what fits and a refusal can name what would.

The options are the ones the board's own set-up screens offer (``controller/app/games.py``),
limited the same way by the board's pads: Kaskade's size up to the pad grid, Cascades' top row
up to the widest that fits each shape, the Decktet's extra cards where the board is wide enough.
"""

from __future__ import annotations

from typing import Any

from controller.app.games import fronts_for
from controller.games.big_balls.state import PLAYERS as BIG_BALLS_FIRST
from controller.games.cascades.slope import MIN_TOP, SHAPES
from controller.games.cascades.state import DEFAULTS as CASCADES_DEFAULTS
from controller.games.cascades.state import PLACEMENTS, SCORINGS
from controller.games.cascades_decktet.state import PASS_LIMITS, VERSIONS
from controller.games.kaskade.grid import DEFAULT_SIZE, MIN_SIDE
from controller.games.lesson import NoLessonError, lesson
from controller.games.registry import get_game
from controller.profile.model import Profile

Option = dict[str, Any]
"""``{"name", "default", "values"}`` (a menu) or ``{"name", "default", "min", "max"}`` (a
number; a size has ``"kind": "size"`` and two of each, width and height)."""


def _menu(name: str, values: tuple[str, ...], default: str | None = None) -> Option:
    return {"name": name, "values": list(values), "default": default or values[0]}


def _kaskade(profile: Profile) -> list[Option]:
    widest, highest = profile.columns, profile.rows
    default = f"{min(DEFAULT_SIZE[0], widest)}x{min(DEFAULT_SIZE[1], highest)}"
    return [{"name": "size", "kind": "size", "default": default,
             "min": [MIN_SIDE, MIN_SIDE], "max": [widest, highest]}]


def _cascades(profile: Profile) -> list[Option]:
    # a game's picture is loaded when that game is asked for, not with the web server
    from controller.render import cascades  # noqa: PLC0415

    largest = {shape: cascades.largest_top(profile, shape) for shape in SHAPES}
    shapes = tuple(shape for shape in SHAPES if largest[shape] is not None)
    widest = max(largest[shape] or MIN_TOP for shape in shapes)
    default = min(int(CASCADES_DEFAULTS["size"]), largest[shapes[0]] or MIN_TOP)
    return [{"name": "size", "default": str(default), "min": MIN_TOP, "max": widest,
             "max_by": {"shape": {shape: largest[shape] for shape in shapes}}},
            _menu("shape", shapes), _menu("placement", PLACEMENTS), _menu("scoring", SCORINGS)]


def _extended_deck_fits(profile: Profile) -> bool:
    """Whether the Decktet's pawns and courts fit (its picture, loaded only when asked)."""
    from controller.render import cascades_decktet  # noqa: PLC0415

    return cascades_decktet.fits(profile, extended=True)


def _cascades_decktet(profile: Profile) -> list[Option]:
    options = [_menu("version", VERSIONS), _menu("passes", PASS_LIMITS)]
    if _extended_deck_fits(profile):
        options += [_menu("pawns", ("no", "yes")), _menu("courts", ("no", "yes"))]
    return options


_OPTIONS = {
    "kaskade": _kaskade,
    "cascades": _cascades,
    "big-balls": lambda profile: [_menu("first", BIG_BALLS_FIRST)],
    "colliding-circles": lambda profile: [],
    "cascades-decktet": _cascades_decktet,
}


def offers(profile: Profile) -> list[dict[str, Any]]:
    """``[{"name", "title", "players", "seats", "options", "lesson"}]`` for each game that fits
    ``profile``'s board, in the home menu's order: ``players`` every seat (a person may be
    named in each), ``seats`` those the computer may take, ``lesson`` how many steps its
    lesson has (0: none)."""
    games = []
    for front in fronts_for(profile):
        info = get_game(front.name).info
        games.append({"name": front.name, "title": info.title, "players": list(info.players),
                      "seats": list(info.players) if len(info.players) > 1 else [],
                      "options": _OPTIONS[front.name](profile),
                      "lesson": _lesson_steps(front.name)})
    return games


def _lesson_steps(name: str) -> int:
    """How many steps the lesson of ``name`` has (0: it has none)."""
    try:
        return len(lesson(name).steps)
    except NoLessonError:
        return 0


def fitting_titles(profile: Profile) -> str:
    """The games that fit ``profile``'s board, in words (``Kaskade, Cascades and Big
    Balls``), for a refusal."""
    titles = [get_game(front.name).info.title for front in fronts_for(profile)]
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
    if name == "cascades-decktet" and not _extended_deck_fits(profile):
        limits.append("the basic deck only (pawns and courts need a wider board)")
    return f"on this board ({profile.columns}x{profile.rows} pads): {'; '.join(limits)}"
