"""Big Balls' lesson, from its rules: a turn rolls a big ball down or moves the stone the die
names, and a stone that reaches the top wins."""

from controller.games.lesson import Lesson, Step

_OPENING = "O/OO/OOO/..../B2...W1/B6B3..W4W6/B1B5B4.W2W3W5 black choose plies=2 first=black"

LESSON = Lesson("big-balls", (
    Step("roll a ball",
         "Black is to move. A turn either rolls a big ball one hole down, to the left or the "
         "right, or moves a stone. Touch the ball on c5, then c4 below it.",
         _OPENING, ("BB:c5-c4",),
         "Not that: touch the big ball on c5, then the hole c4.",
         "The ball rolled to c4; a ball that lands on a stone takes it.",
         short_de="Kugel rollen"),
    Step("throw",
         "To move a stone instead, throw the die first: touch the die.",
         _OPENING, ("throw",),
         "Not that: touch the die to throw it.",
         "The die shows 4: its number names the stone that moves.",
         short_de="würfeln", chance=("4",)),
    Step("move a stone",
         "The die shows 4: Black's stone 4, on c1, steps one hole up or sideways and takes "
         "whatever stands there. Touch c1, then c2.",
         "O/OO/OOO/..../B2...W1/B6B3..W4W6/B1B5B4.W2W3W5 black move:4 plies=4 first=black",
         ("c1-c2",),
         "Not that: the die says stone 4 moves; touch c1, then c2.",
         "Stone 4 stepped up to c2.",
         short_de="Stein ziehen"),
    Step("reach the top",
         "A stone on the top hole, a7, wins. The die shows 6, but stone 6 is gone, so the "
         "next one, 5, moves: touch a6, then a7.",
         "./B5./.../..../...../B4.O.../B3B2OOOOO black move:6 plies=46 first=black",
         ("a6-a7",),
         "Not that: touch Black's stone 5 on a6, then the top hole a7.",
         "Stone 5 reached the top: Black wins.",
         short_de="zur Spitze"),
))
