"""The menus on the grid: home (a tile per game, brightness, sound), board size by touching the
far corner, and the pause menu (continue, resign, home).

Each layout is computed once per profile and used both to draw and to decide what a touch
means, so the two can never disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from controller.profile.model import Profile
from controller.render.breath import pulse
from controller.render.canvas import Canvas
from controller.render.color import (
    BLACK_PLAYER,
    CONFIRM,
    HIGHLIGHT,
    ILLEGAL,
    NEUTRAL,
    OFF,
    WHITE_PLAYER,
    Colour,
    mix,
    scale,
)
from controller.render.glyphs import ball_rows, solid_rows
from controller.render.heatmap import heat_colour
from controller.render.pixel_art import Art, draw_art
from controller.render.tile import Icon, Pad, Tile

_DARKEN = bytes(value // 6 for value in range(256))
HINT: Colour = (255, 200, 0)
SOUND_ON: Colour = CONFIRM
SOUND_OFF: Colour = (90, 20, 20)
LEVEL: Colour = (255, 255, 255)
PAIRING_BLUE: Colour = (0, 110, 255)
"""The pairing pad, and the code it shows."""


def tile_size(profile: Profile) -> int:
    """Side of a menu tile: 2 pads, 3 on large boards."""
    return 3 if min(profile.columns, profile.rows) >= 12 else 2


@dataclass(frozen=True)
class HomeLayout:
    """Game tiles from the top left, then the puzzle of the day's tile; along the bottom a
    brightness bar, the language switch, the sensors pad (the heat map of the touch sensors)
    and the sound switch; above the sound switch the pairing pad (a code for the web
    companion)."""

    tiles: tuple[Tile, ...]
    brightness: tuple[Pad, ...]
    """The bar's pads, dimmest first."""
    sensors: Pad
    language: Pad
    sound: Pad
    pairing: Pad
    puzzle: Tile | None = None
    speech: Pad | None = None
    """The speech switch, above the sensors pad: the board says its words aloud."""

    @classmethod
    def of(cls, profile: Profile, games: int, puzzle: bool = True) -> HomeLayout:
        """The layout for ``games`` game tiles and, with ``puzzle``, the puzzle's tile after
        them."""
        size = tile_size(profile)
        per_row = (profile.columns + 1) // (size + 1)
        tiles = []
        for index in range(games + puzzle):
            line, place = divmod(index, per_row)
            top = profile.rows - line * (size + 1)
            tiles.append(Tile(place * (size + 1), top - size, size))
        right = profile.columns - 1
        bar = tuple((column, 0) for column in range(right - 2))
        return cls(tuple(tiles[:games]), bar, (right - 1, 0), (right - 2, 0), (right, 0),
                   (right, 1), tiles[games] if puzzle else None, (right - 1, 1))

    def hit(self, pad: Pad) -> tuple[str, int] | None:
        """What a touch on ``pad`` means: ``("game", i)``, ``("puzzle", 0)``,
        ``("brightness", level)`` with level 1 … len(bar), ``("sensors", 0)``,
        ``("language", 0)``, ``("sound", 0)``, ``("pairing", 0)``, ``("speech", 0)``, or
        ``None``."""
        for index, tile in enumerate(self.tiles):
            if tile.contains(pad):
                return "game", index
        if self.puzzle is not None and self.puzzle.contains(pad):
            return "puzzle", 0
        if pad in self.brightness:
            return "brightness", self.brightness.index(pad) + 1
        if pad == self.sensors:
            return "sensors", 0
        if pad == self.sound:
            return "sound", 0
        if pad == self.language:
            return "language", 0
        if pad == self.pairing:
            return "pairing", 0
        if pad == self.speech:
            return "speech", 0
        return None


def draw_home(
    canvas: Canvas,
    profile: Profile,
    layout: HomeLayout,
    brightness_level: int,
    sound: bool,
    icons: Sequence[Icon],
    resumable: Sequence[bool],
    now: float,
    selected: int | None = None,
    language: str = "en",
    puzzle_open: bool = False,
    speech: bool = False,
) -> bool:
    """The home menu, a tile per game drawn by its ``icons``; tiles of games with an
    unfinished game breathe slowly, the ``selected`` tile (its name on show, a second touch
    starts it; the puzzle's is ``len(icons)``) quickly, and the puzzle's tile slowly while
    today's puzzle is open. Returns whether the picture changes with time."""
    canvas.fill(OFF)
    k = profile.per_pad
    animating = selected is not None or (puzzle_open and layout.puzzle is not None)
    for index, (tile, icon, waiting) in enumerate(zip(layout.tiles, icons, resumable)):
        level = pulse(now * 3, 0.35) if index == selected else \
            pulse(now, 0.35) if waiting else 1.0
        animating |= waiting
        icon(canvas, tile, k, level)
    if layout.puzzle is not None:
        level = pulse(now * 3, 0.35) if selected == len(icons) else \
            pulse(now, 0.35) if puzzle_open else 1.0
        draw_art(canvas, layout.puzzle, k, PUZZLE_ART, PUZZLE_PALETTE, level)
    for index, (column, row) in enumerate(layout.brightness, 1):
        colour = scale(LEVEL, 0.25 + 0.75 * index / len(layout.brightness)) \
            if index <= brightness_level else scale(NEUTRAL, 0.5)
        canvas.block(column * k, row * k, solid_rows(k, colour))
    _sensors_icon(canvas, layout.sensors, k)
    _language_icon(canvas, layout.language, k, language)
    column, row = layout.sound
    canvas.block(column * k, row * k, solid_rows(k, SOUND_ON if sound else SOUND_OFF))
    _pairing_icon(canvas, layout.pairing, k)
    if layout.speech is not None:
        _speech_icon(canvas, layout.speech, k, speech)
    return animating


PUZZLE_ART: Art = {
    2: ("dY", "wd"),
    4: ("dwdw", "wdYd", "dwdw", "wdwd"),
    6: (".YYYY.", "YY..YY", "...YY.", "..YY..", "......", "..YY.."),
}
"""The puzzle of the day's tile: a board with its one right square in gold; on a large tile,
a question mark."""
PUZZLE_PALETTE: dict[str, Colour] = {"Y": HINT, "w": (140, 140, 150), "d": (25, 25, 40)}


SPEECH_ORANGE: Colour = (255, 130, 30)
"""The speech pad: bright while the board speaks, dim while it is silent."""


def _speech_icon(canvas: Canvas, pad: Pad, k: int, on: bool) -> None:
    """The speech pad: orange, bright while the board speaks; on a pad of several LEDs a
    mouth, its lower row darker."""
    column, row = pad
    colour = SPEECH_ORANGE if on else scale(SPEECH_ORANGE, 0.15)
    canvas.block(column * k, row * k, solid_rows(k, colour))
    if k > 1:
        canvas.rect(column * k, row * k, k, 1, scale(colour, 0.35))


def _pairing_icon(canvas: Canvas, pad: Pad, k: int) -> None:
    """The pairing pad: blue, its top left LED brighter (a phone's screen lighting up)."""
    column, row = pad
    canvas.block(column * k, row * k, solid_rows(k, scale(PAIRING_BLUE, 0.6)))
    if k > 1:
        canvas.rect(column * k, row * k + k - 1, 1, 1, mix(PAIRING_BLUE, HIGHLIGHT, 0.4))


def _sensors_icon(canvas: Canvas, pad: Pad, k: int) -> None:
    """The sensors pad: a little heat map, cold to hot from left to right (yellow on one LED)."""
    column, row = pad
    for x in range(k):
        canvas.rect(column * k + x, row * k, 1, k,
                    heat_colour(x, k - 1) if k > 1 else heat_colour(7, 10))



FLAG_STRIPES: dict[str, tuple[Colour, ...]] = {
    "de": ((60, 60, 60), (230, 0, 0), (255, 190, 0)),
    "en": ((200, 16, 46), (255, 255, 255), (1, 33, 105)),
}
"""The language pad's stripes, top first: the German flag's; red, white and blue for English.
On a one-LED pad, the middle stripe's colour (gold or white)."""


def _language_icon(canvas: Canvas, pad: Pad, k: int, language: str) -> None:
    """The language pad: its flag's stripes, one per LED row."""
    column, row = pad
    stripes = FLAG_STRIPES.get(language, FLAG_STRIPES["en"])
    if k == 1:
        canvas.block(column, row, solid_rows(1, stripes[-1] if language == "de" else stripes[1]))
        return
    picked = stripes if k >= 3 else stripes[1:]
    for line in range(k):
        colour = picked[min(len(picked) - 1, k - 1 - line)]
        canvas.rect(column * k, row * k + line, k, 1, colour)


@dataclass(frozen=True)
class PauseLayout:
    """Six tiles: continue, take back and hint above; resign (hold), a new game and home
    below."""

    resume: Tile
    undo: Tile
    hint: Tile
    resign: Tile
    new: Tile
    home: Tile

    @classmethod
    def of(cls, profile: Profile) -> PauseLayout:
        """The layout for ``profile``."""
        size = tile_size(profile)
        left = (profile.columns - 3 * size - 2) // 2
        bottom = (profile.rows - 2 * size - 1) // 2
        top = bottom + size + 1
        step = size + 1
        return cls(*(Tile(left + column * step, row, size)
                     for row in (top, bottom) for column in range(3)))

    def hit(self, pad: Pad) -> str | None:
        """``"resume"``, ``"undo"``, ``"hint"``, ``"resign"``, ``"new"``, ``"home"`` or
        ``None``."""
        for name in ("resume", "undo", "hint", "resign", "new", "home"):
            if getattr(self, name).contains(pad):
                return name
        return None


PAUSE_ART: dict[str, Art] = {
    "resume": {2: ("G.", "GG"),
               4: ("G...", "GGG.", "GGG.", "G..."),
               6: ("G.....", "GGG...", "GGGGG.", "GGGGG.", "GGG...", "G.....")},
    "undo": {2: ("U.", "UU"),
             4: (".U..", "UUUU", ".U.U", "...U"),
             6: ("..U...", ".UUUU.", "..U..U", ".....U", ".....U", "..UUU.")},
    "hint": {2: ("YY", "gg"),
             4: (".YY.", "YYYY", ".YY.", ".gg."),
             6: ("..YY..", ".YYYY.", ".YYYY.", "..YY..", "..gg..", "..gg..")},
    "resign": {2: ("pR", "p."),
               4: ("pRR.", "pRRR", "p...", "p..."),
               6: ("pRRRR.", "pRRRRR", "pRRRR.", "p.....", "p.....", "p.....")},
    "new": {2: ("N.", "NN"),
            4: ("....", ".N..", "NNN.", ".N.."),
            6: ("......", "..N...", "..N...", "NNNNN.", "..N...", "..N...")},
    "home": {2: (".H", "HH"),
             4: (".HH.", "HHHH", "H.HH", "H.HH"),
             6: ("..HH..", ".HHHH.", "HHHHHH", ".HHHH.", ".H.HH.", ".H.HH.")},
}
"""The pause tiles: a play triangle, a turning-back arrow, a lamp, a flag, a plus (a new
game), a house."""
UNDO: Colour = (60, 190, 255)
NEW: Colour = (180, 120, 255)
_POLE: Colour = (150, 150, 150)


def draw_pause(canvas: Canvas, profile: Profile, layout: PauseLayout,
               resign_progress: float, hint: bool, undo: bool) -> None:
    """The pause menu over the darkened game; the resign flag brightens to white as it is
    held; the hint and take-back tiles are dim when they cannot act (not a person's turn,
    nothing to take back)."""
    k = profile.per_pad
    canvas.pixels[:] = canvas.pixels.translate(_DARKEN)
    palette: dict[str, Colour] = {
        "G": CONFIRM, "U": UNDO, "Y": HINT, "g": _POLE, "p": _POLE, "H": HIGHLIGHT, "N": NEW,
        "R": mix(ILLEGAL, HIGHLIGHT, resign_progress)}
    levels = {"resume": 1.0, "undo": 1.0 if undo else 0.15, "hint": 1.0 if hint else 0.15,
              "resign": 0.6 + 0.4 * resign_progress, "new": 0.7, "home": 0.7}
    for name, art in PAUSE_ART.items():
        draw_art(canvas, getattr(layout, name), k, art, palette, levels[name])


@dataclass(frozen=True)
class PlayersLayout:
    """Who plays: a tile for two people, a pad per computer level along a row, a pad that
    says (and switches) which colour the person plays against the computer, and beside it a
    pad that names the person in that colour (on a board with room for it)."""

    people: Tile
    levels: tuple[Pad, ...]
    colour: Pad
    name: Pad | None = None

    @classmethod
    def of(cls, profile: Profile, levels: int) -> PlayersLayout:
        """The layout for ``levels`` computer levels."""
        size = tile_size(profile)
        people = Tile(0, profile.rows - size, size)
        row = max(0, profile.rows - size - 3)
        name = (profile.columns - 2, row) if profile.columns - 2 > levels else None
        return cls(people, tuple((column, row) for column in range(levels)),
                   (profile.columns - 1, row), name)

    def hit(self, pad: Pad) -> tuple[str, int] | None:
        """``("people", 0)``, ``("level", n)`` for n = 1 …, ``("colour", 0)``, ``("name", 0)``
        or ``None``."""
        if self.people.contains(pad):
            return "people", 0
        if pad in self.levels:
            return "level", self.levels.index(pad) + 1
        if pad == self.colour:
            return "colour", 0
        if pad == self.name:
            return "name", 0
        return None


NAME_GOLD: Colour = (255, 190, 60)
"""The pad that names the person: bright when it names one, dim when it does not."""


def draw_players(canvas: Canvas, profile: Profile, layout: PlayersLayout, colour: int,
                 colours: tuple[Colour, Colour] = (WHITE_PLAYER, BLACK_PLAYER),
                 named: bool | None = None) -> None:
    """The players menu; the person plays seat ``colour`` (0 the first player, shown in
    ``colours[0]``) against the computer, whose levels glow brighter the stronger they are, in
    the computer's colour. The name pad is lit when the board knows people by name: brightly
    when the person in seat ``colour`` is ``named``."""
    k = profile.per_pad
    canvas.fill(OFF)
    for index, (column, row) in enumerate(layout.people.pads()):
        canvas.block(column * k, row * k, ball_rows(k, 1 + index % 2, colours[index % 2]))
    machine = colours[1 - colour]
    for index, (column, row) in enumerate(layout.levels, 1):
        level = scale(machine, 0.2 + 0.8 * index / len(layout.levels))
        canvas.block(column * k, row * k, solid_rows(k, level))
    column, row = layout.colour
    canvas.block(column * k, row * k, solid_rows(k, colours[colour]))
    if layout.name is not None and named is not None:
        column, row = layout.name
        canvas.block(column * k, row * k,
                     solid_rows(k, NAME_GOLD if named else scale(NAME_GOLD, 0.25)))


def draw_tile(canvas: Canvas, tile: Tile, k: int, colour: Colour) -> None:
    canvas.rect(tile.column * k, tile.row * k, tile.size * k, tile.size * k, colour)


OPTION_COLOURS: tuple[Colour, ...] = ((0, 200, 255), (255, 140, 0), (160, 80, 255),
                                      (255, 60, 140))
"""One colour per option row, so the rows tell themselves apart."""


@dataclass(frozen=True)
class OptionsLayout:
    """A row of pads per option from the top (one pad per value, every other row left empty
    when there is room), and a start tile at the bottom right."""

    rows: tuple[tuple[Pad, ...], ...]
    start: Tile

    @classmethod
    def of(cls, profile: Profile, values: Sequence[int]) -> OptionsLayout:
        """The layout for options with ``values`` values each."""
        size = tile_size(profile)
        gap = 2 if 2 * len(values) + size <= profile.rows else 1
        rows = tuple(tuple((column, profile.rows - 1 - gap * index) for column in range(count))
                     for index, count in enumerate(values))
        return cls(rows, Tile(profile.columns - size, 0, size))

    def hit(self, pad: Pad) -> tuple[int | str, int] | None:
        """``(row, value index)``, ``("start", 0)`` or ``None``."""
        if self.start.contains(pad):
            return "start", 0
        for row, pads in enumerate(self.rows):
            if pad in pads:
                return row, pads.index(pad)
        return None


def draw_options(canvas: Canvas, profile: Profile, layout: OptionsLayout,
                 picked: Sequence[int], bars: Sequence[bool]) -> None:
    """Each option's row with its chosen value lit (a bar up to it for numbers), and the
    green start tile."""
    k = profile.per_pad
    canvas.fill(OFF)
    for row, (pads, chosen, bar) in enumerate(zip(layout.rows, picked, bars)):
        colour = OPTION_COLOURS[row % len(OPTION_COLOURS)]
        for index, (column, line) in enumerate(pads):
            lit = index <= chosen if bar else index == chosen
            shade = colour if lit else scale(colour, 0.12)
            canvas.block(column * k, line * k, solid_rows(k, shade))
    draw_tile(canvas, layout.start, k, CONFIRM)
