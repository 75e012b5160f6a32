"""The boot stage: installed as the board's top-level ``main.py``, it picks which of the two
firmware sets to start and falls back to the other one when the chosen set is incomplete or
has failed to start several times in a row.

On the board's file system::

    /main.py            this file
    /fw/active          "a" or "b": the set to start (replaced atomically by a rename)
    /fw/tries           starts of the active set not yet confirmed as working
    /fw/a/, /fw/b/      a set each: firmware/, board.json, and manifest.json written last

A set is complete when its manifest is there and every file it lists has the listed size (the
flashing tool has checked every hash before writing the manifest). Each start counts a try; the
firmware confirms itself after a second of scanning (``started``), which sets the count back to
zero. A firmware that raises while starting resets the board, so a broken set is left behind
after ``MAX_TRIES`` starts. Ctrl-C (the Pi's tools stopping the firmware) is not a failure.
"""

import json
import os
import sys

MAX_TRIES = 3
SETS = ("a", "b")


def _read(path, default):
    try:
        with open(path) as file:
            return file.read().strip()
    except OSError:
        return default


def _write(path, text):
    """Replace ``path`` in one step: write beside it, then rename over it."""
    with open(path + ".new", "w") as file:
        file.write(text)
    os.rename(path + ".new", path)


def complete(root, name):
    """Whether set ``name`` under ``root`` has its manifest and every file it lists."""
    base = root + "/fw/" + name + "/"
    try:
        with open(base + "manifest.json") as file:
            files = json.load(file)["files"]
        for path, entry in files.items():
            if os.stat(base + path)[6] != entry["size"]:
                return False
    except (OSError, ValueError, KeyError, TypeError):
        return False
    return True


def choose(root=""):
    """The set to start now (counting the try), or ``None`` when neither set is complete."""
    active = _read(root + "/fw/active", "a")
    if active not in SETS:
        active = "a"
    other = SETS[1 - SETS.index(active)]
    try:
        tries = int(_read(root + "/fw/tries", "0"))
    except ValueError:
        tries = 0
    if not complete(root, active) or tries >= MAX_TRIES:
        if complete(root, other):
            active, tries = other, 0
            _write(root + "/fw/active", active)
        elif not complete(root, active):
            return None
    _write(root + "/fw/tries", str(tries + 1))
    return active


def confirm(root=""):
    """The running firmware works: its set needs no more tries."""
    _write(root + "/fw/tries", "0")


def start():
    """Start the chosen set's firmware; reset the board if it fails to start."""
    chosen = choose()
    if chosen is None:
        print("boot: no complete firmware set; flash one with: kaskade firmware flash")
        return
    sys.path.insert(0, "/fw/" + chosen)
    try:
        from firmware.main import main

        main(started=confirm)
    except Exception as error:
        sys.print_exception(error)
        import machine

        machine.reset()


if __name__ == "__main__":
    start()
