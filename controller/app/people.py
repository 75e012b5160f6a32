"""People's names, as a person gives them once (``kaskade players add``, the web page) and a
game's seat then carries them (``[Black "Anna"]``).

A name is the people at the board's own data: it is kept in the history's file, private to the
board's owner, and written to no log. It must be one the LEDs can write (they greet the winner
by name) and one no seat already means: 1 to 16 letters (A-Z and the Latin letters of Europe's
languages that the LED font draws — É, Ë, Ç, Ł, Ø, Å, Č, Ő, Æ, ß … — in any case), spaces,
hyphens and apostrophes, beginning with a letter; never ``human``, ``guest``, ``person``,
``draw`` or ``lost``, nor beginning ``computer`` or ``remote``. Two names that differ only in
case are the same person.
"""

from __future__ import annotations

import unicodedata

from controller.errors import KaskadeError
from controller.render.font import LARGE

MAX_NAME = 16
_SIGNS = frozenset("' -")
"""What a name may hold besides letters (not first)."""
RESERVED = frozenset({"human", "computer", "remote", "guest", "person", "draw", "lost"})
"""Words a seat or a result already means."""
SEAT_WORDS = frozenset({"computer", "remote"})
"""Words that begin a seat of another kind (``computer 3``, ``remote Anna``)."""
RULE = (f"1 to {MAX_NAME} letters (A-Z and the accented Latin letters of Europe's languages, "
        "such as É, Ç, Ł, Ø, Å, Ő, Æ or ß), spaces, hyphens or apostrophes, beginning with a "
        "letter")


class PersonNameError(KaskadeError, ValueError):
    """Base of the errors about a person's name."""


class BadNameError(PersonNameError):
    """A name the board cannot take (too long, a character the LEDs cannot write, a word a
    seat already means)."""


class UnknownPersonError(PersonNameError, LookupError):
    """A seat names somebody the board does not know."""


class KnownPersonError(PersonNameError):
    """A name given again (in any case)."""


def check_name(text: str) -> str:
    """``text`` as a person's name (spaces at either end and doubled ones dropped, an accent
    typed as a letter and a combining mark joined to it), or :class:`BadNameError` saying
    what a name may be."""
    name = unicodedata.normalize("NFC", " ".join(text.split()))
    shown = text[:MAX_NAME + 4]
    if not name:
        raise BadNameError(f"a name cannot be empty: {RULE}")
    if len(name) > MAX_NAME:
        raise BadNameError(f"{shown!r}… is longer than {MAX_NAME} characters: {RULE}")
    if not _writable(name):
        raise BadNameError(f"{shown!r} is not a name the board can write: {RULE}")
    if name.casefold() in RESERVED or name.split()[0].casefold() in SEAT_WORDS:
        raise BadNameError(f"{name!r} already means something on the board; choose another "
                           f"name (not {', '.join(sorted(RESERVED))}, nor one beginning "
                           f"{' or '.join(sorted(SEAT_WORDS))})")
    return name


def _writable(name: str) -> bool:
    """Whether ``name`` is letters the LEDs can write (and the signs a name may hold), a letter
    first."""
    def letter(char: str) -> bool:
        return char.isalpha() and LARGE.covers(char)

    return letter(name[0]) and all(letter(char) or char in _SIGNS for char in name)


def same_name(first: str, second: str) -> bool:
    """Whether two names are the same person's (case does not matter)."""
    return first.casefold() == second.casefold()
