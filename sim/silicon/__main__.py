"""``python -m sim.silicon``: MicroPython's rp2 image on an emulated Pico, its USB serial line on
a pseudo-terminal — a serial program (or mpremote, or ``kaskade firmware flash --port``) opens
the printed ``/dev/pts/N`` as it would a Pico's ``/dev/ttyACM0``. The image is built first if
the cache does not have it (see ``sim.silicon.image``). Ctrl-C or SIGTERM stops it."""

from __future__ import annotations

import argparse
import signal
import sys
from pathlib import Path
from typing import Any

from controller.errors import KaskadeError
from controller.profile import load_profile
from controller.profile.firmware import firmware_config
from sim.silicon import image as images
from sim.silicon.emulator import LINE_EVENT
from sim.silicon.relay import PseudoTerminal


def relay(pico_flash: Path | None, link: Path | None, fast: bool,
          board: dict[str, Any] | None) -> int:
    built = images.build()
    terminal = PseudoTerminal(built, link=link, flash=pico_flash, fast=fast, board=board)
    print(f"the emulated Pico's USB serial line: {terminal.port}", flush=True)
    try:
        while terminal.pico.running:
            terminal.wait(0.5)
    except KeyboardInterrupt:
        pass
    finally:
        code = terminal.close()
    for event in terminal.pico.events:
        if not event.startswith(LINE_EVENT):
            print(event, file=sys.stderr)
    return code


def _interrupt(_signal: int, _frame: object) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m sim.silicon",
        description="Run MicroPython's rp2 image on an emulated Pico (rp2040js) with its USB "
        "serial line on a pseudo-terminal.",
    )
    parser.add_argument("--flash", type=Path, metavar="FILE",
                        help="keep the Pico's 2 MB flash in FILE between runs (its filesystem); "
                        "by default each run starts from a freshly written image")
    parser.add_argument("--link", type=Path, metavar="PATH",
                        help="also name the pseudo-terminal by a symbolic link at PATH")
    parser.add_argument("--fast", action="store_true",
                        help="run simulated time as fast as this machine allows, not in real time")
    parser.add_argument("--profile", metavar="NAME",
                        help="wire the touch chips of this board profile (a reference build's "
                        "name or a profile file) to the Pico: MPR121s, a 74HC165 chain or "
                        "charge-time pads, as the profile's touch section says")
    args = parser.parse_args(argv)
    # Ctrl-C, or a TERM from whoever started it, ends it cleanly: the emulator stopped, the link
    # removed. (A shell's background job starts with SIGINT ignored; restore it.)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        board = firmware_config(load_profile(args.profile)) if args.profile else None
        return relay(args.flash, args.link, args.fast, board)
    except (KaskadeError, images.ImageBuildError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
