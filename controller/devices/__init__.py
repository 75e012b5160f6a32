"""The app's few interfaces to the hardware, and the composition root that picks a backend.

The app only sees these: frames go to ``PixelsOut``, sounds to ``SoundOut``, and
``TouchesIn`` and ``ButtonsIn`` report input events. ``hw`` implements them with real parts,
``sim`` with virtual ones, ``controller.devices.mock`` with recorders for tests; all three are
registered and opened the same way (``open_board``).
"""
