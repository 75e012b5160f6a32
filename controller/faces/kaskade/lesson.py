"""Kaskade's lesson, from the pictures of its specification (Bild 1 to 4) and its ending.

Black is to move in each picture, as in the original; cells are named as on the board (``c3``
is the original's (3,3))."""

from controller.games.lesson import Lesson, Step

_CAPACITIES = "....w1/...../..b3../...../b1.b2.. b"
"""Picture 3: a full inner cell (c3), a full edge cell (c1) and a full corner (a1)."""

LESSON = Lesson("kaskade", (
    Step("empty cell",
         "Black is to move. A ball may go on an empty cell: touch b2, which blinks.",
         "...../.w1.../..w1../...b1./..... b", ("b2",),
         "Not that one: touch the empty cell b2.",
         "Black's ball is on b2.",
         short_de="leeres Feld"),
    Step("own cell",
         "Back to the same board, b2 empty again: a ball may also go on a cell that holds "
         "balls of one's own colour. Touch Black's ball on d2; White's cells are not "
         "allowed.",
         "...../.w1.../..w1../...b1./..... b", ("d2",),
         "Not that one: touch d2, which holds a Black ball.",
         "d2 now holds two Black balls.",
         short_de="eigenes Feld"),
    Step("overflow",
         "c3 is full: an inner cell holds 3 balls. A fourth makes it overflow: one ball to "
         "each neighbour, and White's ball on c2 becomes Black's. Touch c3.",
         "....w1/...../..b3../..w1../..... b", ("c3",),
         "Not that one: touch c3, the full cell.",
         "c3 overflowed: its four neighbours are Black's, c2 with 2 balls.",
         short_de="Überlauf"),
    Step("corner",
         "A cell overflows when it holds as many balls as it has neighbours, diagonals not "
         "counted: an inner cell is full with 3 (c3), an edge cell with 2 (c1), a corner with "
         "1 (a1). Touch the corner a1.",
         _CAPACITIES, ("a1",),
         "Not that one: touch the corner a1, full with one ball.",
         "The corner's two balls went to its two neighbours, a2 and b1.",
         short_de="Ecke"),
    Step("edge",
         "Back to the same board, a1 full again: an edge cell has three neighbours, so c1 is "
         "full with 2. Touch c1.",
         _CAPACITIES, ("c1",),
         "Not that one: touch c1 on the edge, full with two balls.",
         "c1's three balls went to b1, d1 and c2.",
         short_de="Rand"),
    Step("cascade",
         "b3 and c3 are both full. Touch b3: its overflow fills c3, which overflows in turn "
         "and takes White's c4 and d3. That is a cascade.",
         "w1..../..w1../.b3b3w2./...../....w1 b", ("b3",),
         "Not that one: touch b3, beside the full c3.",
         "One overflow set off the next: White lost c4 and d3.",
         short_de="Kaskade"),
    Step("win",
         "Whoever takes the other's last cell wins. White has only a1; Black's b1 is full. "
         "Touch b1.",
         "...../...../...../...../w1b2... b", ("b1",),
         "Not that one: touch b1, beside White's last cell.",
         "b1 overflowed into a1: White has no cell left, Black wins.",
         short_de="Sieg"),
))
