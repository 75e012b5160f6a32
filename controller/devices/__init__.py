"""The app's few interfaces to the hardware.

The app only sees these: frames go to ``PixelsOut``, sounds to ``SoundOut``, and
``TouchesIn`` and ``ButtonsIn`` report input events. ``hw`` implements them with real parts,
``sim`` with virtual ones, ``controller.devices.mock`` with recorders for tests; the runners
open all three the same way (``controller.cli.backends.open_board``). Nothing here names a
backend: the interfaces are declared below, implemented above.
"""
