"""Firmware updates over the board's USB serial line: the bundle, the board's file system
through the raw REPL, and the flashing steps that never leave a board that cannot boot."""
