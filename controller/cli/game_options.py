"""A game's options as the command line gives them: ``--size`` and ``-o NAME=VALUE`` (shared by
``kaskade replay`` and ``kaskade play --terminal``)."""

from __future__ import annotations

import argparse

from controller.games import OptionsError


def game_options(args: argparse.Namespace) -> dict[str, str]:
    """``{name: value}`` from ``args.option`` (``NAME=VALUE`` each) and ``args.size``."""
    options = {}
    for item in args.option:
        name, equals, value = item.partition("=")
        if not equals or not name.strip():
            raise OptionsError(f"-o {item!r}: write NAME=VALUE")
        options[name.strip().lower()] = value.strip()
    if args.size is not None:
        options["size"] = args.size
    return options
