"""Letters on the LEDs: two bitmap fonts drawn for LED grids.

* ``LARGE``, 7 LEDs high (5 wide for most letters): A-Z, 0-9, Ä Ö Ü ß and the signs messages
  need. Every reference build is at least 8 LEDs high, so it fits all of them, with a row to
  spare for the dark band that sets the text off the game under it.
* ``SMALL``, 5 LEDs high and 3 wide: digits and the signs of numbers (``45%``, ``5:3``), so a
  number fits a 16-LED-wide board without scrolling.

Messages are written in capitals (``ß`` stays as it is): lower-case letters 5 LEDs high cannot
be told apart reliably at this size, capitals can. Characters a font lacks show as ``?``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True, eq=False)
class Font:
    """Glyphs as rows of ``#`` (lit) and ``.``, top row first, all ``height`` rows high."""

    name: str
    height: int
    glyphs: dict[str, tuple[str, ...]]
    spacing: int = 1
    """Dark columns between two characters."""

    def glyph(self, char: str) -> tuple[str, ...]:
        """The glyph of ``char`` in capitals, or that of ``?`` when the font lacks it."""
        upper = char if char == "ß" else char.upper()
        return self.glyphs.get(upper, self.glyphs["?"])

    def covers(self, char: str) -> bool:
        """Whether the font draws ``char`` (in capitals)."""
        return (char if char == "ß" else char.upper()) in self.glyphs

    def width(self, text: str) -> int:
        """LED columns ``text`` takes."""
        return len(columns(self, text))


def _glyphs(source: str, height: int) -> dict[str, tuple[str, ...]]:
    """Reads glyphs written as pairs of lines: the character (``space`` for a space), then its
    rows from the top, separated by spaces."""
    lines = [line.strip() for line in source.strip().splitlines() if line.strip()]
    glyphs: dict[str, tuple[str, ...]] = {}
    for char, drawn in zip(lines[::2], lines[1::2]):
        rows = tuple(drawn.split())
        assert len(rows) == height and len({len(row) for row in rows}) == 1, char
        glyphs[" " if char == "space" else char] = rows
    return glyphs


_LARGE = """
A
.###. #...# #...# ##### #...# #...# #...#
B
####. #...# #...# ####. #...# #...# ####.
C
.###. #...# #.... #.... #.... #...# .###.
D
####. #...# #...# #...# #...# #...# ####.
E
##### #.... #.... ####. #.... #.... #####
F
##### #.... #.... ####. #.... #.... #....
G
.###. #...# #.... #.### #...# #...# .####
H
#...# #...# #...# ##### #...# #...# #...#
I
### .#. .#. .#. .#. .#. ###
J
..### ...#. ...#. ...#. #..#. #..#. .##..
K
#...# #..#. #.#.. ##... #.#.. #..#. #...#
L
#.... #.... #.... #.... #.... #.... #####
M
#...# ##.## #.#.# #.#.# #...# #...# #...#
N
#...# #...# ##..# #.#.# #..## #...# #...#
O
.###. #...# #...# #...# #...# #...# .###.
P
####. #...# #...# ####. #.... #.... #....
Q
.###. #...# #...# #...# #.#.# #..#. .##.#
R
####. #...# #...# ####. #.#.. #..#. #...#
S
.#### #.... #.... .###. ....# ....# ####.
T
##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..
U
#...# #...# #...# #...# #...# #...# .###.
V
#...# #...# #...# #...# #...# .#.#. ..#..
W
#...# #...# #...# #.#.# #.#.# #.#.# .#.#.
X
#...# #...# .#.#. ..#.. .#.#. #...# #...#
Y
#...# #...# .#.#. ..#.. ..#.. ..#.. ..#..
Z
##### ....# ...#. ..#.. .#... #.... #####
Ä
.#.#. ..... .###. #...# ##### #...# #...#
Ö
.#.#. ..... .###. #...# #...# #...# .###.
Ü
.#.#. ..... #...# #...# #...# #...# .###.
ß
.##. #..# #.#. #..# #..# #..# #.#.
0
.###. #...# #..## #.#.# ##..# #...# .###.
1
.#. ##. .#. .#. .#. .#. ###
2
.###. #...# ....# ...#. ..#.. .#... #####
3
##### ...#. ..#.. ...#. ....# #...# .###.
4
...#. ..##. .#.#. #..#. ##### ...#. ...#.
5
##### #.... ####. ....# ....# #...# .###.
6
..##. .#... #.... ####. #...# #...# .###.
7
##### ....# ...#. ..#.. .#... .#... .#...
8
.###. #...# #...# .###. #...# #...# .###.
9
.###. #...# #...# .#### ....# ...#. .##..
space
... ... ... ... ... ... ...
.
. . . . . . #
,
.. .. .. .. .. .# #.
:
. . # . . # .
!
# # # # # . #
?
.###. #...# ....# ...#. ..#.. ..... ..#..
-
... ... ... ### ... ... ...
+
..... ..#.. ..#.. ##### ..#.. ..#.. .....
=
.... .... #### .... #### .... ....
%
##..# ##..# ...#. ..#.. .#... #..## #..##
/
....# ....# ...#. ..#.. .#... #.... #....
'
# # . . . . .
(
.# #. #. #. #. #. .#
)
#. .# .# .# .# .# #.
·
. . . # . . .
"""

_SMALL = """
0
### #.# #.# #.# ###
1
.#. ##. .#. .#. ###
2
### ..# ### #.. ###
3
### ..# .## ..# ###
4
#.# #.# ### ..# ..#
5
### #.. ### ..# ###
6
### #.. ### #.# ###
7
### ..# ..# ..# ..#
8
### #.# ### #.# ###
9
### #.# ### ..# ###
space
.. .. .. .. ..
%
#.# ..# .#. #.. #.#
:
. # . # .
-
... ... ### ... ...
/
..# ..# .#. #.. #..
?
##. ..# .#. ... .#.
"""


LARGE = Font("large", 7, _glyphs(_LARGE, 7))
SMALL = Font("small", 5, _glyphs(_SMALL, 5))
FONTS = (LARGE, SMALL)


@lru_cache(maxsize=256)
def columns(font: Font, text: str) -> tuple[int, ...]:
    """``text`` as LED columns from the left, each a bit mask of its lit rows (bit 0 the top
    row), with ``font.spacing`` dark columns between characters."""
    result: list[int] = []
    for index, char in enumerate(text):
        if index:
            result.extend([0] * font.spacing)
        rows = font.glyph(char)
        for x in range(len(rows[0])):
            result.append(sum(1 << y for y, row in enumerate(rows) if row[x] == "#"))
    return tuple(result)


def small_enough(text: str) -> bool:
    """Whether ``text`` can be written in ``SMALL`` (numbers and their signs)."""
    return all(SMALL.covers(char) for char in text)
