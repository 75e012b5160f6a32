"""The Raspberry Pi itself: the facts of the machine and the files that start the board at
power-on. (``hw/doctor.py`` checks the whole build and ``hw/board.py`` assembles it from its
parts: they use every folder of ``hw``, so they sit beside them.)"""
