"""``kaskade calibrate``: the touch sensors' live readings as a heat map, a suggestion for the
thresholds from the noise measured, and storing the thresholds the board should use.

The board streams each pad's raw reading and its distance from the baseline towards a touch
(the protocol's diagnostic stream). Keep hands off the board for the first seconds: the largest
distance seen then is the noise (about four standard deviations), and the suggestion puts the
release threshold there and the touch threshold at twice that (never below the firmware's
defaults); a touch must then also hold for three scans, which noise does not. Touch pads to see
them light up; ``--set TOUCH RELEASE`` stores thresholds for this board and sends them at once
and at every later connection.

The board app shows the same map on the LEDs: the sensors pad on its home menu. The app and
this command cannot both hold the board's port: stop the app first.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections.abc import Callable
from typing import Any

from controller.app.store import Store
from controller.cli import ansi
from controller.cli.board import add_board_options, open_store
from controller.cli.usage import UsageError
from controller.profile.firmware import board_id, default_thresholds
from controller.profile.model import Profile
from controller.render.heatmap import readings_map
from firmware import proto
from hw.touch.calibration import suggest, watch
from hw.touch.connection import Connection
from hw.touch.ports import locator, open_serial


def register(commands: Any) -> None:
    """Add ``calibrate`` to the command line."""
    parser = commands.add_parser(
        "calibrate", help="live touch-sensor readings, and the touch thresholds",
        description=__doc__.replace("``", "").replace("kaskade calibrate: the", "The", 1),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    add_board_options(parser, think=False)
    parser.add_argument("--port", metavar="PATH",
                        help="the touch board's serial port (default: found by its USB id)")
    parser.add_argument("--seconds", type=float, default=10.0, metavar="S",
                        help="how long to watch the readings (default 10)")
    parser.add_argument("--set", nargs=2, type=int, metavar=("TOUCH", "RELEASE"),
                        help="store these thresholds for this board and send them to it")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace, clock: Callable[[], float] = time.monotonic) -> int:
    """Watch the readings, suggest thresholds, and store them when asked."""
    if not args.seconds > 0:
        raise UsageError(f"--seconds {args.seconds:g}: give a time above 0")
    profile, store = open_store(args)
    if args.set is not None:
        touch, release = args.set
        if not 0 <= release < touch:
            raise UsageError(f"--set {touch} {release}: the release threshold must be "
                                 "below the touch threshold, and not negative")
    serial = open_serial(locator(profile.touch.usb, args.port)())
    connection = Connection(serial)
    try:
        hello = connection.handshake(board_id(profile), profile.pads)
        print(f"{hello.board}: firmware {hello.firmware} ({hello.content_hash}), "
              f"{profile.touch.sensor} sensors, {hello.pads} pads")
        if args.set is not None:
            connection.request(proto.THRESHOLDS, list(args.set))
            _store(store, list(args.set))
            print(f"thresholds set: touch {args.set[0]}, release {args.set[1]} (stored for "
                  "this board, sent at every connection)")
        live = sys.stdout.isatty()
        colour = ansi.wants_colour(sys.stdout)
        deltas, noise = watch(connection, args.seconds, clock, lambda d: print(
            "\x1b[H\x1b[2J" + readings_map(profile, d, _touch_threshold(store, profile),
                                           colour), flush=True) if live else None)
    finally:
        try:
            connection.send(proto.DIAGNOSE, [0])
        finally:
            connection.close()
    print(readings_map(profile, deltas, _touch_threshold(store, profile), colour))
    suggested = suggest(noise, *default_thresholds(profile))
    print(f"noise: pads strayed up to {noise} counts from their baselines while watched")
    print(f"suggested thresholds: touch {suggested[0]}, release {suggested[1]} "
          f"(kaskade calibrate --set {suggested[0]} {suggested[1]})")
    return 0


def _touch_threshold(store: Store, profile: Profile) -> int:
    stored = store.settings.load().thresholds
    return stored[0] if stored else default_thresholds(profile)[0]


def _store(store: Store, thresholds: list[int] | None) -> None:
    store.settings.save(dataclasses.replace(store.settings.load(), thresholds=thresholds))
