"""What the board writes on its LEDs, in English and German (the games come from German texts);
the language is a setting, switched on the home menu.

Only the LED messages are translated: they are what a family at the board reads. Game names
stay as the games call themselves.
"""

from __future__ import annotations

from typing import Any

from controller.errors import KaskadeError

LANGUAGES = ("en", "de")
"""The languages the board speaks, the default first."""

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "language": "English",
        "to move": "{player} to move",
        "your turn": "your turn",
        "computer's turn": "computer's turn",
        "wins": "{player} wins",
        "wins by": "{player} wins {score}",
        "draw": "draw",
        "draw by": "draw {score}",
        "you won": "you won!",
        "named won": "{name} won!",
        "no name": "no name",
        "computer played": "level {level} played {move}",
        "you lost": "you lost",
        "won": "won!",
        "lost": "lost",
        "lost with": "lost, {cards} cards left",
        "level": "level {level}",
        "two people": "two people",
        "touch again": "{game} - touch again to play",
        "lesson right": "right!",
        "lesson again": "try again",
        "lesson over": "lesson done",
        "no lesson": "{game}: no lesson",
        "keep holding to learn": "keep holding: learn {game}",
        "touch again to continue": "{game} - touch again to continue",
        "touches lost": "touch board lost",
        "touches back": "touch board back",
        "keep holding to forget": "keep holding: forget paired phones",
        "forgotten": "{count} paired devices forgotten",
        "pairing code": "pair: type {code} on the phone - {code} - {code}",
        "sound on": "sound on",
        "sound off": "sound off",
        "speech on": "speech on",
        "speech off": "speech off",
        "percent": "{percent}%",
        "update done": "firmware updated",
        "update failed": "update failed",
        "firmware newer": "firmware {version} ready",
        "firmware running": "updating firmware",
        "firmware done": "firmware updated",
        "firmware rolled back": "firmware update failed",
        "program newer": "release {version} waits",
        "program running": "installing {version}",
        "program done": "upgraded to {version}",
        "program rolled back": "upgrade to {version} failed",
        "all good": "all good",
        "pads failed": "{count} pads failed",
        "pad failed": "1 pad failed",
        "leds noted": "LEDs noted",
        "too big": "{game} needs a bigger board than {columns}x{rows}",
        "puzzle": "puzzle of the day - touch again",
        "puzzle again": "solved today - touch again to try it again",
        "puzzle solved": "solved!",
        "puzzle streak": "solved! {days} days in a row",
        "puzzle too big": "today's puzzle is {game}: on the web page",
        "white": "White",
        "black": "Black",
        "red": "Red",
    },
    "de": {
        "language": "Deutsch",
        "to move": "{player} am Zug",
        "your turn": "du bist dran",
        "computer's turn": "Computer am Zug",
        "wins": "{player} gewinnt",
        "wins by": "{player} gewinnt {score}",
        "draw": "unentschieden",
        "draw by": "unentschieden {score}",
        "you won": "gewonnen!",
        "named won": "{name} hat gewonnen!",
        "no name": "ohne Namen",
        "computer played": "Stufe {level} spielt {move}",
        "you lost": "verloren",
        "won": "gewonnen!",
        "lost": "verloren",
        "lost with": "verloren, {cards} Karten übrig",
        "level": "Stufe {level}",
        "two people": "zu zweit",
        "touch again": "{game} - nochmal tippen zum Spielen",
        "lesson right": "richtig!",
        "lesson again": "nochmal",
        "lesson over": "gelernt",
        "no lesson": "{game}: keine Lektion",
        "keep holding to learn": "weiter halten: {game} lernen",
        "touch again to continue": "{game} - nochmal tippen zum Weiterspielen",
        "touches lost": "Sensoren getrennt",
        "touches back": "Sensoren wieder da",
        "keep holding to forget": "weiter halten: gekoppelte Handys vergessen",
        "forgotten": "{count} gekoppelte Geräte vergessen",
        "pairing code": "koppeln: {code} am Handy eingeben - {code} - {code}",
        "sound on": "Ton an",
        "sound off": "Ton aus",
        "speech on": "Sprache an",
        "speech off": "Sprache aus",
        "percent": "{percent}%",
        "update done": "Firmware aktualisiert",
        "update failed": "Update fehlgeschlagen",
        "firmware newer": "Firmware {version} bereit",
        "firmware running": "Firmware wird aktualisiert",
        "firmware done": "Firmware aktualisiert",
        "firmware rolled back": "Firmware-Update fehlgeschlagen",
        "program newer": "Version {version} wartet",
        "program running": "{version} wird installiert",
        "program done": "auf {version} aktualisiert",
        "program rolled back": "Update auf {version} fehlgeschlagen",
        "all good": "alles gut",
        "pads failed": "{count} Felder fehlerhaft",
        "pad failed": "1 Feld fehlerhaft",
        "leds noted": "LEDs notiert",
        "too big": "{game} braucht ein größeres Brett als {columns}x{rows}",
        "puzzle": "Rätsel des Tages - nochmal tippen",
        "puzzle again": "heute gelöst - nochmal tippen zum Wiederholen",
        "puzzle solved": "gelöst!",
        "puzzle streak": "gelöst! {days} Tage in Folge",
        "puzzle too big": "heutiges Rätsel: {game}, auf der Webseite",
        "white": "Weiß",
        "black": "Schwarz",
        "red": "Rot",
    },
}

_OPTIONS: dict[str, dict[str, str]] = {
    "de": {
        "size": "Größe", "shape": "Form", "widening": "Dreieck", "hexagon": "Sechseck",
        "placement": "Setzen", "each": "jeder Zug", "start": "am Anfang",
        "scoring": "Wertung", "bottom": "unterste Reihe", "territory": "Gebiet",
        "first": "Beginn", "white": "Weiß", "black": "Schwarz",
        "version": "Variante", "standard": "Standard", "ace": "Ass",
        "passes": "Durchgänge", "unlimited": "unbegrenzt",
        "pawns": "Bauern", "courts": "Höfe", "yes": "ja", "no": "nein",
    },
}
"""Option names and values in languages other than English (the games' own words)."""


class LanguageError(KaskadeError, ValueError):
    """A language the board does not speak."""


def check_language(language: str) -> str:
    """``language`` if the board speaks it."""
    if language not in LANGUAGES:
        raise LanguageError(f"unknown language {language!r}: choose from {', '.join(LANGUAGES)}")
    return language


def say(language: str, key: str, **values: Any) -> str:
    """The message ``key`` in ``language`` (English for an unknown one), filled in."""
    table = _WORDS.get(language, _WORDS["en"])
    return table[key].format(**values)


def option_word(language: str, word: str) -> str:
    """An option's name or value (``size``, ``hexagon``) in ``language``."""
    return _OPTIONS.get(language, {}).get(word, word)


def player_word(language: str, player: str) -> str:
    """A player's colour (``white``) in ``language``."""
    return say(language, player) if player in _WORDS["en"] else player.capitalize()
