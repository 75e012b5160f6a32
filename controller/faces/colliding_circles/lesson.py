"""Colliding Circles' lesson, from the example game of its rules: Red opens with 5 on C6,
Black (hand 6 4 4 3 1) may push the red 5 to C5 as a 6, or places 6 on C5 and 4 on C7; then a
circle completed, as the example completes its Wolves."""

from controller.games.lesson import Lesson, Step

_BLACKS_FIRST = "red:5C6 black:- hands=54211/64431 pools=22/23 black manoeuvre plies=4"

LESSON = Lesson("colliding-circles", (
    Step("the opening",
         "Red begins with a die from the hand on the centre circle's field whose printed "
         "number is the die's: touch Red's 5, then C6.",
         "red:- black:- hands=55421/64431 pools=23/23 red opening plies=2", ("5*C6",),
         "Not that: touch a 5 in Red's hand, then the field C6 (printed 5).",
         "Red's 5 stands on C6; Red throws a die to refill the hand (a 1, as in the rules' "
         "example), and Black is to move.",
         short_de="Anziehen", chance=("1",)),
    Step("manoeuvre",
         "A turn may begin by moving a die along free fields. Moving the other's die raises "
         "it by one per field: touch Red's 5 on C6, then C5 — it arrives as a 6.",
         _BLACKS_FIRST, ("C6-C5",),
         "Not that: touch the red 5 on C6, then the free field C5.",
         "The red die is a 6 on C5 now (moving one's own die lowers it).",
         short_de="Manövrieren"),
    Step("place beside",
         "Back to the start of Black's turn, the red 5 on C6 again: the rules' example makes "
         "no move here and places dice instead. A die placed next to others must differ by "
         "one from each (6 and 1 count as next to each other): touch Black's 6, then C5, "
         "beside the red 5.",
         _BLACKS_FIRST, ("6*C5",),
         "Not that: touch the 6 in Black's hand, then C5.",
         "Black's 6 stands beside the red 5.",
         short_de="Hinzusetzen"),
    Step("place again",
         "A second die may follow: touch Black's 4, then C7, on the other side of the 5.",
         "red:5C6 black:6C5 hands=54211/4431 pools=22/23 black second plies=5", ("4*C7",),
         "Not that: touch a 4 in Black's hand, then C7.",
         "Two dice placed; at the end of the turn Black throws two dice from the pool to "
         "refill the hand (a 6 and a 2, as in the rules' example).",
         short_de="nochmal setzen", chance=("62",)),
    Step("a Wolf",
         "A few turns later five fields of the centre circle hold dice: Black's 6 on C5 and "
         "4 on C7, Red's 5 on C6, 1 on D5 and 2 on D6. Touch Black's 3, then D7: the circle "
         "is complete, 6 5 4 3 2 1 round it, a Wolf worth 5, and it goes to Black, whose "
         "dice on it add up to more (13 to 8).",
         "red:5C6,1D5,2D6 black:6C5,4C7 hands=54421/64331 pools=20/21 black manoeuvre "
         "plies=12", ("3*D7",),
         "Not that: touch the 3 in Black's hand, then D7.",
         "Black owns the Wolf: 0/5. At the end the larger total of circles wins.",
         short_de="ein Wolf"),
))
