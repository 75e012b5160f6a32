"""Why the board restarted, for the Pi: the firmware's first lines after a start say it.

``machine.reset_cause()`` tells a power-on from a watchdog reset, but not a crash (the boot
stage resets the board after one) from a restart the Pi asked for. So before such a reset the
firmware leaves its reason in a small file on the board's flash (``keep``), and the next start
reads it, removes it and reports it (``take``). Nothing here may raise: a flash that cannot be
written must never stop the reset that follows.
"""

POWER = "power"
_CAUSES = (("PWRON_RESET", POWER), ("HARD_RESET", "hard"), ("WDT_RESET", "watchdog"),
           ("DEEPSLEEP_RESET", "deepsleep"), ("SOFT_RESET", "soft"))
_LONGEST = 40


def word(text):
    """``text`` as one field of a line: printable ASCII, no space or ``*``, at most 40
    characters."""
    out = ""
    for char in str(text)[:_LONGEST]:
        out += char if "!" <= char <= "~" and char != "*" else "_"
    return out or "_"


def keep(path, reason):
    """Leave ``reason`` at ``path`` for the next start to report (``None``: nowhere)."""
    if not path:
        return
    try:
        with open(path, "w") as file:
            file.write(word(reason))
    except Exception:  # a full or failing flash: the reset goes on regardless
        pass


def take(path):
    """The reason a former run left at ``path``, removed; ``None`` when there is none."""
    if not path:
        return None
    try:
        with open(path) as file:
            reason = file.read(_LONGEST).strip()
    except Exception:  # no file (the usual case), or one that cannot be read
        return None
    try:
        import os

        os.remove(path)
    except Exception:  # reported again next time: harmless
        pass
    return word(reason) if reason else None


def cause(machine):
    """The reset cause in a word: ``power``, ``watchdog``, ``soft``, … (``cause-N`` for a code
    this port does not name)."""
    code = machine.reset_cause()
    for name, said in _CAUSES:
        if getattr(machine, name, None) == code:
            return said
    return "cause-" + str(code)


def crashed(board, path, error):
    """The main loop raised ``error``: keep the reason for the next start, then tell the Pi
    while the line still works (the boot stage resets the board next)."""
    name = word(type(error).__name__)
    keep(path, "crash:" + name)
    try:  # noqa: SIM105 - MicroPython has no contextlib
        board.report("crash", name)
    except Exception:  # the line itself may be what failed
        pass
