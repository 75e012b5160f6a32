"""The real MicroPython interpreter (its WebAssembly port, under node) standing in for a board:
finding and running the interpreter (``interpreter``), and a board with a flash file system
behind a pseudo-terminal (``board``). The ``.mjs`` files, ``ram.py`` and ``emulator/`` run
inside node or MicroPython, not in CPython."""
