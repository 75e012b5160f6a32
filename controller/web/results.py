"""Who played a finished game and who won, in words, for the page's history: ``White (a
person) beat Black (level 2)``, ``Anna (Black) beat White (level 3)``, ``White and Black
(two people) drew``, ``won alone``, ``Anna won alone``."""

from __future__ import annotations

from controller.app.history import Match
from controller.app.seats import computer_level, person_name


def seat_words(player: str, seat: str) -> str:
    """``White (a person)``, ``Black (level 2)``, ``Anna (White)``."""
    level, name = computer_level(seat), person_name(seat)
    if name is not None:
        return f"{name} ({player.capitalize()})"
    return f"{player.capitalize()} ({'a person' if level is None else f'level {level}'})"


def match_words(match: Match) -> str:
    """Who played ``match`` and who won it, in one short sentence."""
    players = list(match.players)
    if len(players) == 1:
        name = person_name(match.players[players[0]])
        won = match.result in players
        left = "" if won or match.left_over is None else f", {match.left_over} cards left"
        return f"{f'{name} ' if name else ''}{'won' if won else 'lost'} alone{left}"
    people = all(computer_level(seat) is None and person_name(seat) is None
                 for seat in match.players.values())
    if people:
        names = [player.capitalize() for player in players]
        if match.result not in players:
            return f"{' and '.join(names)} (two people) drew"
        loser = next(player for player in players if player != match.result)
        return f"{match.result.capitalize()} beat {loser.capitalize()} (two people)"
    seats = {player: seat_words(player, seat) for player, seat in match.players.items()}
    if match.result not in players:
        return f"{' and '.join(seats.values())} drew"
    loser = next(player for player in players if player != match.result)
    return f"{seats[match.result]} beat {seats[loser]}"
