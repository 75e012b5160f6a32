"""The Decktet solitaire's lesson, from its rules, on one deal: turn three cards, start the
top tier, lay on by a shared suit, and a lower tier only below a rank already above."""

from controller.games.lesson import Lesson, Step

_DEAL = ("6SY,4YK,9WY,CY,CM,CW,7ML,9LK,5ML,5YK,CK,CS,3MW,8WL,6MW,3SK,7SK,AM,AW,7WY,6LK,4MS,"
         "5SW,2WL,8MS,9MS,AY")
"""The stock of the lesson's deal, top card first."""


def _position(top: tuple[str, ...], turned: int, seen: str, plies: int) -> str:
    """The lesson's deal with the cards ``top`` played from the stock to the top tier and
    ``turned`` cards face up on the waste."""
    talon = ",".join(card for card in _DEAL.split(",") if card not in top)
    return (f"dealt=yes tiers={','.join(top) or '-'}/-/- "
            "reserves=3LY,2MK,8YK/CL,AK,4WL/2SY,AL,AS opened=0 "
            f"talon={talon} turned={turned} passes=0 offered={'yes' if turned else 'no'} "
            f"seen={seen} version=standard limit=3 deck=basic plies={plies}")

LESSON = Lesson("cascades-decktet", (
    Step("turn three",
         "Three reserve piles are dealt face down; the rest is the stock. Turn three cards "
         "onto the waste: touch the stock.",
         _position((), 0, "0", 1), ("draw",),
         "Not that: touch the stock to turn three cards.",
         "Three cards are face up; only the top one, the Darkness, may be played.",
         short_de="drei aufdecken"),
    Step("the top tier",
         "The first card turned starts the top tier: touch the Darkness (9, Waves and "
         "Wyrms) on the waste.",
         _position((), 3, "8000000", 2), ("darkness:top",),
         "Not that: touch the Darkness on the waste.",
         "The top tier has begun.",
         short_de="obere Stufe"),
    Step("a shared suit",
         "A card goes on the end of a tier when it shares a suit with the card there: the "
         "Battle (4, Wyrms and Knots) shares Wyrms with the Darkness: touch it.",
         _position(("9WY",), 2, "8001000", 3), ("battle:top",),
         "Not that: touch the Battle on the waste; it goes on the Darkness.",
         "Wyrms join the two cards; each rank may be in a tier once (Aces and Crowns twice).",
         short_de="gleiche Farbe"),
    Step("a lower tier",
         "A card goes to a lower tier only when the tier above holds more of its rank: the "
         "top tier holds a Crown, the Bard, so the Crown Windfall may start the middle tier. "
         "Touch it.",
         _position(("9WY", "4YK", "6SY", "CS"), 8, "988111000", 9), ("windfall:middle",),
         "Not that: touch the Windfall on the waste; it starts the middle tier.",
         "The middle tier has begun. Lay every card into the tiers within three passes to "
         "win.",
         short_de="untere Stufe"),
))
