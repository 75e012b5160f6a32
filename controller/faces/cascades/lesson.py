"""Cascades' lesson, from the inventor's description: stones flow down the slope, one stone on
the first turn, then one or two, and the bottom row decides (on the smallest slope, top 4)."""

from controller.games.lesson import Lesson, Step

_OPTIONS = "placement=each scoring=bottom"

LESSON = Lesson("cascades", (
    Step("below your own",
         "White begins. A stone goes on an empty cell just below one of one's own stones, and "
         "the first turn is one stone: touch c2, below White's b1.",
         f"bwbw/...../....../....... white plies=0 first=- passes=0 {_OPTIONS}", ("c2",),
         "Not there: a stone goes just below one of your own; touch c2.",
         "White's stone is on c2, and Black is to move.",
         short_de="unter eigene"),
    Step("one or two",
         "From now on a turn places one stone or two. Touch b2, below Black's a1.",
         f"bwbw/..w../....../....... black plies=1 first=- passes=0 {_OPTIONS}", ("b2",),
         "Not there: touch b2, just below Black's a1.",
         "Black's first stone is on b2; a second may follow.",
         short_de="ein oder zwei"),
    Step("second stone",
         "The second stone may go just below the first: touch c3, below b2.",
         f"bwbw/.bw../....../....... black plies=2 first=b2 passes=0 {_OPTIONS}", ("c3",),
         "Not there: touch c3, just below the stone on b2.",
         "Two stones placed: Black's turn is over, and White is to move.",
         short_de="zweiter Stein"),
    Step("bottom row",
         "Whoever holds more than half of the bottom row wins: Black holds a4, d4 and e4 and "
         "needs one more of its seven cells. Touch b4, below Black's a3.",
         f"bwbw/bwbw./bw.b../b..bb.. black plies=12 first=d4 passes=0 {_OPTIONS}", ("b4",),
         "Not there: touch b4 on the bottom row, below Black's a3.",
         "Black holds four of the seven bottom cells and wins.",
         short_de="unterste Reihe"),
))
