"""Letters on the LEDs: two bitmap fonts drawn for LED grids.

* ``LARGE``, 7 LEDs high (5 wide for most letters): A-Z, 0-9, the signs messages need, and
  the Latin letters of Europe's languages, so that a name such as Émile, Zoë, Çelik, Łucja,
  Øystein or Đorđe is written as its owner writes it: a letter with a mark above is the
  letter five LEDs high under its mark (Ä, É, Č, Å, Ő …), one with a mark below the letter
  over its mark (Ç, Ș, Ą, Ņ …); Æ Œ Ø Ł Đ Ð Ħ Þ ß are drawn whole. Every reference build is
  at least 8 LEDs high, so it fits all of them, with a row to spare for the dark band that
  sets the text off the game under it.
* ``SMALL``, 5 LEDs high and 3 wide: digits and the signs of numbers (``45%``, ``5:3``), so a
  number fits a 16-LED-wide board without scrolling.

Messages are written in capitals (``ß`` stays as it is): lower-case letters 5 LEDs high cannot
be told apart reliably at this size, capitals can. Characters a font lacks show as ``?``.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache


@dataclass(frozen=True, eq=False)
class Font:
    """Glyphs as rows of ``#`` (lit) and ``.``, top row first, all ``height`` rows high."""

    name: str
    height: int
    glyphs: dict[str, tuple[str, ...]]
    spacing: int = 1
    """Dark columns between two characters."""
    same: dict[str, str] = field(default_factory=dict)
    """Characters drawn as another one, being the same capital (Icelandic Ð, Croatian Đ)."""

    def _capital(self, char: str) -> str:
        upper = char if char == "ß" else char.upper()
        return self.same.get(upper, upper)

    def glyph(self, char: str) -> tuple[str, ...]:
        """The glyph of ``char`` in capitals, or that of ``?`` when the font lacks it."""
        return self.glyphs.get(self._capital(char), self.glyphs["?"])

    def covers(self, char: str) -> bool:
        """Whether the font draws ``char`` (in capitals)."""
        return self._capital(char) in self.glyphs

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


_SHORT = """
A
.###. #...# ##### #...# #...#
C
.###. #.... #.... #.... .###.
D
####. #...# #...# #...# ####.
E
##### #.... ####. #.... #####
G
.###. #.... #.### #...# .###.
H
#...# #...# ##### #...# #...#
I
### .#. .#. .#. ###
J
..### ...#. ...#. #..#. .##..
K
#...# #..#. ###.. #..#. #...#
L
#.... #.... #.... #.... #####
N
#...# ##..# #.#.# #..## #...#
O
.###. #...# #...# #...# .###.
R
####. #...# ####. #..#. #...#
S
.#### #.... .###. ....# ####.
T
##### ..#.. ..#.. ..#.. ..#..
U
#...# #...# #...# #...# .###.
W
#...# #...# #.#.# #.#.# .#.#.
Y
#...# .#.#. ..#.. ..#.. ..#..
Z
##### ...#. ..#.. .#... #####
"""
"""The letters that carry marks, five LEDs high: with a mark of two rows they fill seven."""

_ABOVE = {
    "acute": ("...#.", "..#.."), "grave": (".#...", "..#.."), "circumflex": ("..#..", ".#.#."),
    "caron": (".#.#.", "..#.."), "diaeresis": (".#.#.", "....."), "tilde": (".##.#", "#..#."),
    "ring": (".###.", ".#.#."), "breve": ("#...#", ".###."), "double acute": ("..#.#", ".#.#."),
    "dot": ("..#..", "....."), "macron": (".###.", "....."),
}
"""Marks over a letter, two rows, five LEDs wide (the three-wide I takes the middle three)."""
_BELOW = {"cedilla": ("..#..", ".##.."), "comma": ("..#..", ".#..."), "ogonek": ("...#.", "...##")}
"""Marks under a letter, two rows."""

_MARKED = {
    "acute": "ÁÉÍÓÚÝĆĹŃŔŚŹ", "grave": "ÀÈÌÒÙ", "circumflex": "ÂÊÎÔÛĈĜĤĴŜŴŶ",
    "caron": "ČĎĚŇŘŠŤŽ", "diaeresis": "ËÏŸ", "tilde": "ÃÑÕ", "ring": "ÅŮ", "breve": "ĂĞŬ",
    "double acute": "ŐŰ", "dot": "ĖĠİĊŻ", "macron": "ĀĒĪŌŪ",
    "cedilla": "ÇŞŢĢĶĻŅ", "comma": "ȘȚ", "ogonek": "ĄĘĮŲ",
}
"""Each mark with the capitals that carry it (Ä Ö Ü are drawn in ``_LARGE`` itself)."""

_WHOLE = """
Æ
.#### #.#.. #.#.. ##### #.#.. #.#.. #.###
Œ
.#### #.#.. #.#.. #.### #.#.. #.#.. .####
Ø
.#### #..## #..## #.#.# ##..# ##..# ####.
Ł
#.... #.... #.#.. ##... #.... #.... #####
Ľ
#..#. #..#. #.... #.... #.... #.... #####
Đ
####. .#..# .#..# ###.# .#..# .#..# ####.
Ħ
#...# ##### #...# ##### #...# #...# #...#
Þ
#.... ####. #...# #...# ####. #.... #....
"""
"""Letters drawn whole."""


def _marked() -> dict[str, tuple[str, ...]]:
    """Every marked capital of :data:`_MARKED`: its base letter (the letter without the mark,
    as Unicode decomposes it) five rows high, with its mark above or below."""
    short = _glyphs(_SHORT, 5)
    glyphs: dict[str, tuple[str, ...]] = {}
    for mark, letters in _MARKED.items():
        for letter in letters:
            base = short[unicodedata.normalize("NFD", letter)[0]]
            width = len(base[0])
            rows = tuple(row[(5 - width) // 2:][:width] for row in (_ABOVE | _BELOW)[mark])
            glyphs[letter] = rows + base if mark in _ABOVE else base + rows
    return glyphs | _glyphs(_WHOLE, 7)


LARGE = Font("large", 7, _glyphs(_LARGE, 7) | _marked(), same={"Ð": "Đ"})
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
