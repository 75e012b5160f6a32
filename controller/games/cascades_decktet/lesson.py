"""The Decktet solitaire's lesson, from its rules, on one deal: turn three cards, start the
top tier, lay on by a shared suit, and a lower tier only below a rank already above."""

from controller.games.lesson import Lesson, Step

_RESERVES = "reserves=3LY,2MK,8YK/CL,AK,4WL/2SY,AL,AS opened=0"
_REST = "passes=0 offered={} seen={} version=standard limit=3 deck=basic plies={}"
_DEAL = ("6SY,4YK,9WY,CY,CM,CW,7ML,9LK,5ML,5YK,CK,CS,3MW,8WL,6MW,3SK,7SK,AM,AW,7WY,6LK,4MS,"
         "5SW,2WL,8MS,9MS,AY")

LESSON = Lesson("cascades-decktet", (
    Step("turn three",
         "Three reserve piles are dealt face down; the rest is the stock. Turn three cards "
         "onto the waste: touch the stock.",
         f"dealt=yes tiers=-/-/- {_RESERVES} talon={_DEAL} turned=0 "
         + _REST.format("no", "0", 1), ("draw",),
         "Not that: touch the stock to turn three cards.",
         "Three cards are face up; only the top one, the Darkness, may be played.",
         short_de="drei aufdecken"),
    Step("the top tier",
         "The first card turned starts the top tier: touch the Darkness (9, Waves and "
         "Wyrms) on the waste.",
         f"dealt=yes tiers=-/-/- {_RESERVES} talon={_DEAL} turned=3 "
         + _REST.format("yes", "8000000", 2), ("darkness:top",),
         "Not that: touch the Darkness on the waste.",
         "The top tier has begun.",
         short_de="obere Stufe"),
    Step("a shared suit",
         "A card goes on the end of a tier when it shares a suit with the card there: the "
         "Battle (4, Wyrms and Knots) shares Wyrms with the Darkness: touch it.",
         f"dealt=yes tiers=9WY/-/- {_RESERVES} talon={_DEAL.replace('9WY,', '')} turned=2 "
         + _REST.format("yes", "8001000", 3), ("battle:top",),
         "Not that: touch the Battle on the waste; it goes on the Darkness.",
         "Wyrms join the two cards; each rank may be in a tier once (Aces and Crowns twice).",
         short_de="gleiche Farbe"),
    Step("a lower tier",
         "A card goes to a lower tier only when the tier above holds more of its rank: the "
         "top tier holds a Crown, the Bard, so the Crown Windfall may start the middle tier. "
         "Touch it.",
         "dealt=yes tiers=9WY,4YK,6SY,CS/-/- " + _RESERVES + " talon=CY,CM,CW,7ML,9LK,5ML,"
         "5YK,CK,3MW,8WL,6MW,3SK,7SK,AM,AW,7WY,6LK,4MS,5SW,2WL,8MS,9MS,AY turned=8 "
         + _REST.format("yes", "988111000", 9), ("windfall:middle",),
         "Not that: touch the Windfall on the waste; it starts the middle tier.",
         "The middle tier has begun. Lay every card into the tiers within three passes to "
         "win.",
         short_de="untere Stufe"),
))
