"""``python -m sim.silicon``: MicroPython's rp2 image on an emulated Pico, its USB serial line on
a pseudo-terminal — a serial program (or mpremote, or ``kaskade firmware flash --port``) opens
the printed ``/dev/pts/N`` as it would a Pico's ``/dev/ttyACM0``. The image is built first if
the cache does not have it (see ``sim.silicon.image``). Ctrl-C or SIGTERM stops it."""

from __future__ import annotations

import argparse
import contextlib
import os
import select
import signal
import sys
import tty
from pathlib import Path

from sim.silicon import image as images
from sim.silicon.emulator import Pico, SiliconError


def relay(pico_flash: Path | None, link: Path | None, fast: bool) -> int:
    built = images.build()
    master, slave = os.openpty()
    tty.setraw(slave)
    path = os.ttyname(slave)
    if link is not None:
        with contextlib.suppress(FileNotFoundError):
            link.unlink()
        link.symlink_to(path)

    def to_host(data: bytes) -> None:
        with contextlib.suppress(OSError):
            os.write(master, data)

    pico = Pico(built, flash=pico_flash, fast=fast, on_serial=to_host)
    print(f"the emulated Pico's USB serial line: {link or path}", flush=True)
    try:
        while pico.running:
            ready, _, _ = select.select([master], [], [], 0.5)
            if ready:
                try:
                    data = os.read(master, 4096)
                except OSError:
                    data = b""
                if data:
                    pico.send(data)
    except KeyboardInterrupt:
        pass
    finally:
        code = pico.close()
        for fd in (master, slave):
            os.close(fd)
        if link is not None:
            with contextlib.suppress(FileNotFoundError):
                link.unlink()
    for event in pico.events:
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
    args = parser.parse_args(argv)
    # Ctrl-C, or a TERM from whoever started it, ends it cleanly: the emulator stopped, the link
    # removed. (A shell's background job starts with SIGINT ignored; restore it.)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        return relay(args.flash, args.link, args.fast)
    except (SiliconError, images.ImageBuildError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
